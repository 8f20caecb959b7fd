"""The game's overview page (``<game>/index.md``) and its card on the home page: summary, facts, what is
in the box, a picture and the counts of rules, terms, cards and findings."""
from __future__ import annotations

from functools import cached_property

from markupsafe import Markup

from generator.model.reports import inventory_report
from generator.rules_site.i18n import counted, kind_name
from generator.rules_site.markup import md_escape, safe_id
from generator.rules_site.views.cards import CardsView
from generator.rules_site.views.common import GameBase, text
from generator.rules_site.views.downloads import PrintView
from generator.rules_site.views.findings import FindingsView


class OverviewView(GameBase):
    @property
    def summary(self) -> Markup:
        return self.links("index").block(text(self.data.game.summary, self.lang))

    @property
    def home_summary(self) -> Markup:
        """The summary as the home page (one folder up) shows it."""
        return self.links("home", prefix=f"{self.id}/").block(text(self.data.game.summary, self.lang),
                                                               autolink=False)

    @property
    def module_names(self) -> Markup:
        return Markup(" · ").join(md_escape(self.module_name(m.id)) for m in self.data.modules)

    @property
    def faction_chips(self) -> Markup:
        return Markup(" · ").join(
            Markup(f'<span class="pnp-chip" style="--pnp-chip: {f.color}"></span>') + md_escape(self.faction_name(f.id))
            for f in self.data.factions)

    @cached_property
    def box_totals(self) -> list[tuple[str, int]]:
        """Totals per kind, as `pnp inventory` counts them (wholes once, unknowns left out)."""
        totals = inventory_report(self.index)["totals"]
        return [(kind_name(kind, self.lang), n) for kind, n in totals.items()]

    @cached_property
    def hero_image(self) -> Markup:
        """The game's picture (relative to its folder): a card preview, a board image, or the emblem."""
        for deck in self.view(CardsView).gallery:
            for card in deck["cards"]:
                if card["preview"]:
                    return card["preview"]
        boards = self.view(PrintView).board_images
        if boards:
            return boards[0]["file"]
        return safe_id("img/emblem.svg")

    @property
    def stats(self) -> str:
        findings = self.view(FindingsView).findings
        numbers = {"rules": len(self.data.rules), "terms": len(self.data.glossary), "cards": len(self.data.cards),
                   "findings": len(findings["contradictions"]), "unknowns": len(findings["unknowns"])}
        return " · ".join(counted(n, key, self.lang) for key, n in numbers.items())
