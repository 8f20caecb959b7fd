"""Building blocks every document uses: strict models, localized text, provenance, unknown values.

Provenance is first class: a value either cites the rulebook (section, page) or is an assumption with
a reason. A value the rulebook does not state is the literal string ``unknown`` — never a silent guess.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    ValidationInfo,
    WrapValidator,
    model_validator,
)
from pydantic_core import PydanticCustomError

UNKNOWN = "unknown"
Unknown = Literal["unknown"]

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_\-]*$", max_length=80,
                          description="lowercase id: letters, digits, '_' and '-'")]


# The languages of a game are data (game.languages). The five rulebook games are Polish and English;
# a document validated without a game context (tests, code building one model) needs those two.
DEFAULT_LANGUAGES: tuple[str, ...] = ("pl", "en")
LANGUAGE_CODE = re.compile(r"^[a-z]{2}$")  # ISO 639-1
ORIGINS = ("rulebook", "original")
PROVENANCE_FIELDS = ("source", "size_source")


def context_languages(context: Any) -> tuple[str, ...] | None:
    """The languages every localized text of the document being validated must carry (None: the game's
    own list is broken — that one error is reported, not one per text)."""
    if isinstance(context, dict) and "languages" in context:
        return tuple(context["languages"]) if context["languages"] else None
    return DEFAULT_LANGUAGES


def context_origin(context: Any) -> str:
    if isinstance(context, dict) and context.get("origin") in ORIGINS:
        return context["origin"]
    return "rulebook"


def document_context(data: Any) -> dict:
    """The validation context of a whole game document, read from its raw ``game`` mapping.

    Invalid values fall back to the defaults here; the schema itself then reports them, located."""
    game = data.get("game") if isinstance(data, dict) else None
    game = game if isinstance(game, dict) else {}
    langs = game.get("languages")
    if langs is None:
        langs = list(DEFAULT_LANGUAGES)
    elif not (isinstance(langs, list) and langs and all(isinstance(x, str) and LANGUAGE_CODE.fullmatch(x)
                                                        for x in langs)):
        langs = []  # reported once at game.languages
    origin = game.get("origin") if game.get("origin") in ORIGINS else "rulebook"
    return {"languages": tuple(dict.fromkeys(langs)) or None, "origin": origin}


_FIELDS_SETS: dict[frozenset, set] = {}


def _shared_fields_set(model: BaseModel, _context: Any) -> None:
    """(``model_post_init``.) A frozen model's set of given fields never changes, so equal sets are kept as
    one object: a 9,000-card game holds 36,000 models and about a dozen distinct sets (12 MB less).
    ``model_copy`` copies the set before it adds to it."""
    fields = model.__pydantic_fields_set__
    shared = _FIELDS_SETS.setdefault(frozenset(fields), fields)
    if shared is not fields:
        object.__setattr__(model, "__pydantic_fields_set__", shared)


class StrictModel(BaseModel):
    """Every model refuses unknown fields (typos surface as errors) and is immutable once loaded.

    In a designer's own game (``game.origin: original``) a missing ``source``/``size_source`` is the
    designer's choice: it is filled with ``{designer: true}`` rather than demanded."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)
    model_post_init = _shared_fields_set

    @model_validator(mode="before")
    @classmethod
    def _designer_provenance(cls, value: Any, info: ValidationInfo) -> Any:
        if not isinstance(value, dict) or context_origin(info.context) != "original":
            return value
        filled = None
        for name in PROVENANCE_FIELDS:
            field = cls.model_fields.get(name)
            if field is not None and field.is_required() and name not in value:
                filled = filled if filled is not None else dict(value)
                filled[name] = {"designer": True}
        return value if filled is None else filled


def _single_error(expected: str):
    """Collapse a union's many branch errors into one 'expected …' message the user can act on."""

    def validate(value: Any, handler):
        try:
            return handler(value)
        except ValidationError:
            raise PydanticCustomError("expected", "expected {expected}, got {got}",
                                      {"expected": expected, "got": repr(value)}) from None

    return WrapValidator(validate)


def _non_bool_int(value: Any, handler):
    if isinstance(value, bool):
        raise PydanticCustomError("expected", "expected {expected}, got {got}",
                                  {"expected": "an integer", "got": repr(value)})
    return handler(value)


MAX_COUNT = 10_000  # no box holds more of one thing; a typo like 100000 must not print 100000 cards

NonNegInt = Annotated[int, Field(ge=0, strict=True), WrapValidator(_non_bool_int)]
CountInt = Annotated[int, Field(ge=0, le=MAX_COUNT, strict=True), WrapValidator(_non_bool_int)]
Count = Annotated[CountInt | Unknown, _single_error(f"an integer from 0 to {MAX_COUNT} or 'unknown'")]
PositiveMm = Annotated[float, Field(gt=0, le=2000)]


Text = Annotated[str, Field(min_length=1, max_length=20000)]


class L10n(BaseModel):
    """The same text in each of the game's languages (``game.languages``; ISO 639-1 codes).

    Which keys are required comes from the validation context (every language of the game, no other);
    ``.pl``/``.en`` stay attributes (``None`` when the game does not use that language) and ``get(lang)``
    reads any language."""

    model_config = ConfigDict(extra="allow", frozen=True)
    model_post_init = _shared_fields_set
    __pydantic_extra__: dict[str, Text]

    pl: Text | None = None
    en: Text | None = None

    @model_validator(mode="before")
    @classmethod
    def _languages(cls, value: Any, info: ValidationInfo) -> Any:
        if not isinstance(value, dict):
            return value
        langs = context_languages(info.context)
        shown = ", ".join(langs or ())
        for key in value:
            if not (isinstance(key, str) and LANGUAGE_CODE.fullmatch(key)):
                raise PydanticCustomError(
                    "language", "'{key}' is not a language code; expected the game's languages ({langs})",
                    {"key": str(key), "langs": shown or "two-letter ISO 639-1 codes"})
        if langs is None:
            return value
        other = [k for k in value if k not in langs]
        if other:
            raise PydanticCustomError(
                "language", "text in '{key}', which is not one of this game's languages ({langs}); "
                            "add it to game.languages or remove it", {"key": other[0], "langs": shown})
        missing = [lang for lang in langs if value.get(lang) is None]
        if missing:
            raise PydanticCustomError(
                "language", "the text in {missing} is missing (this game's languages: {langs})",
                {"missing": ", ".join(f"'{m}'" for m in missing), "langs": shown})
        return value

    def get(self, lang: str, default: str | None = None) -> str | None:
        """The text in ``lang`` (any code), or ``default`` when this text has none."""
        value = getattr(self, lang, None) if lang in ("pl", "en") else (self.__pydantic_extra__ or {}).get(lang)
        return default if value is None else value

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages this text is given in."""
        extra = tuple((self.__pydantic_extra__ or {}).keys())
        return tuple(k for k in ("pl", "en") if getattr(self, k) is not None) + extra


def _text_or_unknown(value: Any) -> str:
    return "unknown" if value == UNKNOWN else "text"


# one branch is chosen up front, so a text missing a language says exactly that (not "expected one of …")
MaybeText = Annotated[Annotated[L10n, Tag("text")] | Annotated[Unknown, Tag("unknown")],
                      Discriminator(_text_or_unknown)]


class Source(StrictModel):
    """Where a value comes from: a rulebook section (and page when printed), or a stated assumption."""

    section: str | None = None
    page: Annotated[int, Field(ge=1, le=999)] | None = None
    note: str | None = None
    assumption: str | None = None
    designer: bool = False  # the designer's own decision (games with origin: original)
    owner: str | None = Field(None, description="set by an owner's overlay: the overlay file:line that filled it")

    @model_validator(mode="after")
    def _cited_or_assumed(self) -> Source:
        if not self.section and not self.assumption and not self.designer and not self.owner:
            raise PydanticCustomError(
                "source", "a source needs 'section' (rulebook heading), 'assumption' (why we chose it) "
                          "or 'designer: true' (your own game's decision)")
        return self

    @property
    def is_assumption(self) -> bool:
        return bool(self.assumption) and not self.section

    @property
    def is_designer(self) -> bool:
        """The designer decided this value (an original game); not a rulebook fact, not our guess."""
        return self.designer and not self.section and not self.assumption

    @property
    def is_owner(self) -> bool:
        """True when the value was filled by the kit's owner (an overlay), not taken from the rulebook."""
        return bool(self.owner)

    def cite(self) -> str:
        """Short human form, e.g. 'ZAWARTOŚĆ PUDEŁKA, p. 2' or 'assumption: …'."""
        if self.owner and not self.section:
            return f"owner: {self.owner}"
        if self.is_designer:
            return self.note or "designer"
        if self.is_assumption:
            return f"assumption: {self.assumption}"
        text = self.section or ""
        if self.page:
            text += f", p. {self.page}"
        if self.note:
            text += f" — {self.note}"
        return text


class Reading(StrictModel):
    """Another value the rulebook gives for the same field elsewhere (a self-contradiction)."""

    field: str
    value: Any
    source: Source
    note: str | None = None


class Dim(StrictModel):
    """A physical size in millimetres."""

    w: PositiveMm
    h: PositiveMm


SizeSpec = Annotated[str | Dim, _single_error("a size preset name (e.g. 'poker') or {w: mm, h: mm}")]


class PlayerRange(StrictModel):
    min: Annotated[int, Field(ge=1, le=20)]
    max: Annotated[int, Field(ge=1, le=20)]
    source: Source | None = None
    conflicts: list[Reading] = []

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.max < self.min:
            raise PydanticCustomError("range", "players.max ({max}) is smaller than players.min ({min})",
                                      {"max": self.max, "min": self.min})
        return self

    def counts(self) -> list[int]:
        return list(range(self.min, self.max + 1))
