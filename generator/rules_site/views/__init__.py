"""What each page of a game shows, per language: one small view per page over the model, the validator's
result and the typed manifest (never the command layer).

    common.py      SiteGame, GameBase (names, links, labels, sibling views) and the shared helpers that write
                   values and provenance in the page's language (text, value, cite, free_text …)
    overview.py    <game>/index.md and the game's card on the home page
    quick.py       quick reference          components.py  components, decks, tiles, boards
    setup.py       setup per scenario and player count
    rules.py       rules, constants, tables, cost rules, recipes
    glossary.py    glossary                 az.py          A–Z index
    cards.py       card gallery             downloads.py   the print page (downloads from the manifest)
    findings.py    findings, warnings, unknowns, assumptions

``GameView`` is one game in one language: each page's view, built once and sharing the text linker.
"""
from __future__ import annotations

from functools import cached_property

from generator.rules_site.views.az import AzView
from generator.rules_site.views.cards import CardsView
from generator.rules_site.views.common import PAGE_TITLE_KEYS, PAGES, GameBase, SiteGame
from generator.rules_site.views.components import ComponentsView
from generator.rules_site.views.downloads import PrintView
from generator.rules_site.views.findings import FindingsView
from generator.rules_site.views.glossary import GlossaryView
from generator.rules_site.views.overview import OverviewView
from generator.rules_site.views.quick import QuickView
from generator.rules_site.views.rules import RulesView
from generator.rules_site.views.setup import SetupView

PAGE_VIEWS: dict[str, type[GameBase]] = {
    "index": OverviewView, "quick": QuickView, "components": ComponentsView, "setup": SetupView,
    "rules": RulesView, "glossary": GlossaryView, "az": AzView, "cards": CardsView, "print": PrintView,
    "findings": FindingsView,
}
assert tuple(PAGE_VIEWS) == PAGES


class GameView(GameBase):
    """One game in one language: its page views (``page(name)`` for a template), each built once."""

    def page(self, name: str) -> GameBase:
        return self.view(PAGE_VIEWS[name])

    @cached_property
    def overview(self) -> OverviewView:
        return self.view(OverviewView)

    @cached_property
    def quick(self) -> QuickView:
        return self.view(QuickView)

    @cached_property
    def components(self) -> ComponentsView:
        return self.view(ComponentsView)

    @cached_property
    def setup(self) -> SetupView:
        return self.view(SetupView)

    @cached_property
    def rules(self) -> RulesView:
        return self.view(RulesView)

    @cached_property
    def glossary(self) -> GlossaryView:
        return self.view(GlossaryView)

    @cached_property
    def az(self) -> AzView:
        return self.view(AzView)

    @cached_property
    def cards(self) -> CardsView:
        return self.view(CardsView)

    @cached_property
    def print(self) -> PrintView:
        return self.view(PrintView)

    @cached_property
    def findings(self) -> FindingsView:
        return self.view(FindingsView)


__all__ = ["PAGES", "PAGE_TITLE_KEYS", "PAGE_VIEWS", "AzView", "CardsView", "ComponentsView", "FindingsView",
           "GameBase", "GameView", "GlossaryView", "OverviewView", "PrintView", "QuickView", "RulesView",
           "SetupView", "SiteGame"]
