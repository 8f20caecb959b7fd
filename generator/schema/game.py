"""The root document of one game: ties together what all of its YAML files contribute."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from generator.schema.base import (
    DEFAULT_LANGUAGES,
    LANGUAGE_CODE,
    Id,
    L10n,
    PlayerRange,
    Reading,
    Source,
    StrictModel,
)
from generator.schema.components import Board, Card, CardLayout, Component, Deck, Icon, Tile
from generator.schema.rules import Constant, Contradiction, CostRule, Recipe, RuleSection, Table, Term
from generator.schema.setup import Module, Scenario, Setup
from generator.schema.theme import Theme


def _language_code(value: object) -> object:
    if not (isinstance(value, str) and LANGUAGE_CODE.fullmatch(value)):
        raise PydanticCustomError("language", "expected a two-letter ISO 639-1 language code such as 'en' or "
                                              "'pl', got {got}", {"got": repr(value)})
    return value


LanguageCode = Annotated[str, BeforeValidator(_language_code),
                         Field(pattern=r"^[a-z]{2}$", description="an ISO 639-1 language code, e.g. en")]


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
    conflicts: list[Reading] = []
    theme: Theme | None = Field(None, description="how this faction's cards look (over the game's theme)")


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
    rulebook: Rulebook | None = Field(None, validate_default=True)
    summary: L10n
    publisher: str | None = None
    designer: str | None = None
    theme: Theme | None = Field(None, description="how the game's cards look: colours, frame style, fonts")

    @field_validator("languages")
    @classmethod
    def _distinct(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise PydanticCustomError("language", "game.languages lists a language twice: {langs}",
                                      {"langs": ", ".join(value)})
        return value

    @field_validator("rulebook")
    @classmethod
    def _rulebook_cited(cls, value: Rulebook | None, info: ValidationInfo) -> Rulebook | None:
        # runs even when absent (validate_default), and whatever else is wrong with the game mapping
        if value is None and info.data.get("origin", "rulebook") == "rulebook":
            raise PydanticCustomError(
                "rulebook_missing", "required field 'rulebook' is missing (a game transcribed from a rulebook "
                                    "cites it; set 'origin: original' for your own game)")
        return value

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
