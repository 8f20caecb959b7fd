"""Look-ups over one validated game: ids → objects, component tree, inventory per module selection."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from generator.schema.base import UNKNOWN
from generator.schema.components import Card, Component, Deck, Tile
from generator.schema.game import GameData

BASE_KINDS = ("base",)


@dataclass(eq=False)  # identity: plans are cached per index
class GameIndex:
    data: GameData
    folder: Path | None = None  # the game's data folder: asset paths (card art) are relative to it
    report: object | None = None  # the validator's result for this game (findings, unknowns) when known
    components: dict[str, Component] = field(init=False)
    children: dict[str, list[Component]] = field(init=False)

    def __post_init__(self) -> None:
        self.components = {c.id: c for c in self.data.components}
        self.children = {}
        for comp in self.data.components:
            if comp.parent:
                self.children.setdefault(comp.parent, []).append(comp)

    @property
    def game_id(self) -> str:
        return self.data.game.id

    @cached_property
    def decks(self) -> dict[str, Deck]:
        return {d.id: d for d in self.data.decks}

    @cached_property
    def cards_by_deck(self) -> dict[str, list[Card]]:
        out: dict[str, list[Card]] = {}
        for card in self.data.cards:
            out.setdefault(card.deck, []).append(card)
        return out

    @cached_property
    def tiles_by_component(self) -> dict[str, list[Tile]]:
        out: dict[str, list[Tile]] = {}
        for tile in self.data.tiles:
            out.setdefault(tile.component, []).append(tile)
        return out

    @cached_property
    def module_ids(self) -> list[str]:
        ids = [m.id for m in self.data.modules]
        return ids or ["base"]

    @cached_property
    def base_modules(self) -> list[str]:
        base = [m.id for m in self.data.modules if m.kind in BASE_KINDS]
        return base or ["base"]

    @cached_property
    def player_counts(self) -> list[int]:
        setup = self.data.setup
        if setup and setup.player_counts:
            return sorted(set(setup.player_counts))
        return self.data.game.players.counts()

    def is_leaf(self, comp: Component) -> bool:
        return comp.id not in self.children

    def available(self, comp_id: str, modules: list[str] | None = None, _seen: frozenset = frozenset()
                  ) -> int | None:
        """How many of a component the selected modules hold; None when the rulebook does not say."""
        modules = modules or self.module_ids
        comp = self.components[comp_id]
        kids = [k for k in self.children.get(comp_id, []) if k.id not in _seen]  # a parent cycle is reported elsewhere
        if kids:
            parts = [self.available(k.id, modules, _seen | {comp_id}) for k in kids]
            if all(p is not None for p in parts):
                return sum(parts)
        if comp.module not in modules:
            return 0
        return None if comp.count == UNKNOWN else comp.count

    def asset(self, relative: str | None) -> Path | None:
        """The file of an asset path from the data (validated to stay inside the game folder)."""
        if not relative or self.folder is None:
            return None
        from generator.load.assets import resolve_asset

        return resolve_asset(self.folder, relative)[0]  # the one rule: inside, regular, a sound image

    def module_of(self, comp_id: str) -> str:
        return self.components[comp_id].module
