"""The root document of one game: ties together what all of its YAML files contribute."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from generator.schema.base import Id, L10n, PlayerRange, Reading, Source, StrictModel
from generator.schema.components import Board, Card, CardLayout, Component, Deck, Icon, Tile
from generator.schema.rules import Constant, Contradiction, CostRule, Recipe, RuleSection, Table, Term
from generator.schema.setup import Module, Scenario, Setup


class PlayTime(StrictModel):
    min_minutes: Annotated[int, Field(ge=1)]
    max_minutes: Annotated[int, Field(ge=1)] | None = None
    source: Source


class Age(StrictModel):
    """The youngest recommended player age, as the box or rulebook states it."""

    min: Annotated[int, Field(ge=1, le=99)]
    source: Source


class Rulebook(StrictModel):
    file: str
    title: str
    language: Literal["pl", "en"] = "pl"


class Faction(StrictModel):
    id: Id
    name: L10n
    color: str = Field("#777777", pattern=r"^#[0-9a-fA-F]{6}$")
    source: Source | None = None
    conflicts: list[Reading] = []


class StatName(StrictModel):
    """How a card stat key (cards[].stats) is labelled on cards and on the site."""

    id: str
    name: L10n


class Game(StrictModel):
    id: Id
    title: L10n
    players: PlayerRange
    play_time: PlayTime | None = None
    age: Age | None = None
    languages: list[Literal["pl", "en"]] = ["pl", "en"]
    rulebook: Rulebook
    summary: L10n
    publisher: str | None = None


class GameData(StrictModel):
    """Everything known about one game. List keys may be split over several files; they concatenate."""

    game: Game
    factions: list[Faction] = []
    stats: list[StatName] = []
    modules: list[Module] = []
    components: list[Component] = []
    decks: list[Deck] = []
    cards: list[Card] = []
    tiles: list[Tile] = []
    boards: list[Board] = []
    icons: list[Icon] = []
    layouts: list[CardLayout] = []
    setup: Setup | None = None
    scenarios: list[Scenario] = []
    constants: list[Constant] = []
    tables: list[Table] = []
    cost_rules: list[CostRule] = []
    recipes: list[Recipe] = []
    glossary: list[Term] = []
    rules: list[RuleSection] = []
    contradictions: list[Contradiction] = []


LIST_KEYS = frozenset(name for name, f in GameData.model_fields.items()
                      if getattr(f.annotation, "__origin__", None) is list)
