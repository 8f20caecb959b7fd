"""The root document of one game: ties together what all of its YAML files contribute."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from generator.schema.base import DEFAULT_LANGUAGES, Id, L10n, PlayerRange, Source, StrictModel
from generator.schema.components import Board, Card, CardLayout, Component, Deck, Icon, Tile
from generator.schema.rules import Constant, Contradiction, CostRule, Recipe, RuleSection, Table, Term
from generator.schema.setup import Module, Scenario, Setup

LanguageCode = Annotated[str, Field(pattern=r"^[a-z]{2}$", description="an ISO 639-1 language code, e.g. en")]


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
    language: LanguageCode = "pl"


class Faction(StrictModel):
    id: Id
    name: L10n
    color: str = Field("#777777", pattern=r"^#[0-9a-fA-F]{6}$")
    source: Source | None = None


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
    # every localized text of the game is given in exactly these languages; outputs are made in them
    languages: Annotated[list[LanguageCode], Field(min_length=1, max_length=12)] = list(DEFAULT_LANGUAGES)
    # rulebook: a published game transcribed from its rulebook (every value cites it or is an assumption);
    # original: a designer's own game (no rulebook; a value without a source is the designer's decision)
    origin: Literal["rulebook", "original"] = "rulebook"
    rulebook: Rulebook | None = None
    summary: L10n
    publisher: str | None = None
    designer: str | None = None

    @model_validator(mode="after")
    def _languages_and_rulebook(self) -> Game:
        if len(set(self.languages)) != len(self.languages):
            raise PydanticCustomError("language", "game.languages lists a language twice: {langs}",
                                      {"langs": ", ".join(self.languages)})
        if self.origin == "rulebook" and self.rulebook is None:
            raise PydanticCustomError(
                "rulebook_missing", "required field 'rulebook' is missing (a game transcribed from a rulebook cites it; "
                           "set 'origin: original' for your own game)")
        return self

    @property
    def is_original(self) -> bool:
        return self.origin == "original"


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
