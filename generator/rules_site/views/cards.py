"""The cards page: a gallery per deck (previews from the print engine, or text boxes), with each card's
copies, faction, cost, stats, traits, text and source."""
from __future__ import annotations

from functools import cached_property

from generator.model.values import local
from generator.rules_site.markup import card_anchor, deck_anchor, safe_id
from generator.rules_site.views.common import GameBase, cite, text
from generator.rules_site.views.downloads import PrintView
from generator.schema.base import UNKNOWN


class CardsView(GameBase):
    @cached_property
    def gallery(self) -> list[dict]:
        links = self.links("cards")
        decks = []
        for deck in self.data.decks:
            cards = self.index.cards_by_deck.get(deck.id, [])
            comp = self.index.components.get(deck.component)
            listed = sum(c.copies for c in cards if c.copies != UNKNOWN)
            unlisted = comp.count - listed if comp and comp.count != UNKNOWN and comp.count > listed else 0
            items = []
            for card in cards:
                faction = card.faction or deck.faction or ""
                stats = [(k, local(v, self.lang)) for k, v in card.stats.items()]
                card_text = card.text
                items.append({
                    "id": card.id,
                    "anchor": card_anchor(card.id),
                    "name": text(card.name, self.lang),
                    "copies": "?" if card.copies == UNKNOWN else card.copies,
                    "faction": faction,
                    "faction_name": self.faction_name(faction),
                    "faction_color": self._faction_color(faction),
                    "cost": None if card.cost is None else ("?" if card.cost == UNKNOWN else card.cost),
                    "stats": [(self.stat_name(k), "?" if v == UNKNOWN else v) for k, v in stats],
                    "traits": list(dict.fromkeys(self.labels.value_label(tr) for tr in card.traits)),
                    "text_html": links.html(text(card_text, self.lang)) if card_text not in (None, UNKNOWN) else None,
                    "text_unknown": card_text == UNKNOWN,
                    "owner": self.t("owner_filled") if self._owner_filled(card) else None,
                    "alt": links.plain(f"{text(card.name, self.lang)}. {text(card_text, self.lang)}"
                                       if card_text not in (None, UNKNOWN) else text(card.name, self.lang)),
                    "preview": safe_id(f"img/cards/{card.id}.svg") if card.id in self.game.previews else None,
                    "source": cite(card.source, self.lang),
                })
            decks.append({"id": deck.id, "anchor": deck_anchor(deck.id), "name": text(deck.name, self.lang),
                          "color": deck.back.color, "cards": items, "unlisted": unlisted})
        return decks

    def _owner_filled(self, card) -> bool:
        """Some value of the card comes from the owner's overlay (marked, never passed off as the rulebook's)."""
        index = self.index
        if not getattr(index, "owner_values", None):
            return False
        pos = next((n for n, c in enumerate(self.data.cards) if c is card), None)
        return pos is not None and any(index.owner_filled("cards", pos, f)
                                       for f in ("name", "text", "cost", "copies", "stats"))

    def stat_name(self, key: str) -> str:
        return next((text(st.name, self.lang) for st in self.data.stats if st.id == key), key.replace("_", " "))

    def _faction_color(self, faction_id: str) -> str:
        fac = next((f for f in self.data.factions if f.id == faction_id), None)
        return fac.color if fac else "#777777"

    @property
    def gallery_factions(self) -> list[tuple[str, str]]:
        used = {c["faction"] for d in self.gallery for c in d["cards"]}
        out = [(f.id, text(f.name, self.lang)) for f in self.data.factions if f.id in used]
        if "" in used and out:
            out.append(("-", self.t("no_faction")))
        return out

    @property
    def board_images(self) -> list[dict]:
        return self.view(PrintView).board_images
