"""The A–Z page: every named thing of the game — terms, rules, components, decks, cards — by letter."""
from __future__ import annotations

from functools import cached_property

from markupsafe import Markup

from generator.rules_site.markup import (
    card_anchor,
    component_anchor,
    deck_anchor,
    rule_anchor,
    safe_id,
    term_anchor,
)
from generator.rules_site.views.common import GameBase, text


class AzView(GameBase):
    @cached_property
    def az_index(self) -> list[dict]:
        """Every named thing of the game — terms, rules, components, decks, cards — by letter."""
        from generator.rules_site.i18n import collation_key
        lang = self.lang
        entries: list[tuple[str, str, str]] = []  # (label, kind, link)
        for term in self.data.glossary:
            entries.append((text(term.term, lang), self.t("term_one"), f"glossary.md#{term_anchor(term.id)}"))
        for rule in self.data.rules:
            entries.append((text(rule.title, lang), f"{self.t('rule')} {rule.number}",
                            f"rules.md#{rule_anchor(rule.number)}"))
        for comp in self.data.components:
            entries.append((text(comp.name, lang), self.t("component"), f"components.md#{component_anchor(comp.id)}"))
        for deck in self.data.decks:
            entries.append((text(deck.name, lang), self.t("deck"), f"cards.md#{deck_anchor(deck.id)}"))
        for card in self.data.cards:
            entries.append((text(card.name, lang), self.t("card_one"), f"cards.md#{card_anchor(card.id)}"))
        seen: set[tuple[str, str]] = set()
        letters: dict[str, list[dict]] = {}
        for label, kind, link in sorted(entries, key=lambda e: (collation_key(e[0], lang), e[1])):
            label = label.strip()
            if not label or (label.casefold(), link) in seen:
                continue
            seen.add((label.casefold(), link))
            first = label[0].upper() if label[0].isalpha() else "#"
            letters.setdefault(first, []).append({"label": label, "kind": kind, "link": Markup(link)})
        return [{"letter": k, "anchor": safe_id("az-" + (str(ord(k)) if not k.isascii() or not k.isalnum()
                                                         else k.lower())), "entries": v}
                for k, v in letters.items()]
