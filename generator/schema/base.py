"""Building blocks every document uses: strict models, localized text, provenance, unknown values.

Provenance is first class: a value either cites the rulebook (section, page) or is an assumption with
a reason. A value the rulebook does not state is the literal string ``unknown`` — never a silent guess.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, WrapValidator, model_validator
from pydantic_core import PydanticCustomError

UNKNOWN = "unknown"
Unknown = Literal["unknown"]

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_\-]*$", max_length=80,
                          description="lowercase id: letters, digits, '_' and '-'")]


class StrictModel(BaseModel):
    """Every model refuses unknown fields (typos surface as errors) and is immutable once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)


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


class L10n(StrictModel):
    """The same text in Polish and English; both are required so neither site is left with gaps."""

    pl: Annotated[str, Field(min_length=1, max_length=20000)]
    en: Annotated[str, Field(min_length=1, max_length=20000)]


MaybeText = Annotated[L10n | Unknown, _single_error("a mapping with 'pl' and 'en', or 'unknown'")]


class Source(StrictModel):
    """Where a value comes from: a rulebook section (and page when printed), or a stated assumption."""

    section: str | None = None
    page: Annotated[int, Field(ge=1, le=999)] | None = None
    note: str | None = None
    assumption: str | None = None
    owner: str | None = Field(None, description="set by an owner's overlay: the overlay file:line that filled it")

    @model_validator(mode="after")
    def _cited_or_assumed(self) -> Source:
        if not self.section and not self.assumption and not self.owner:
            raise PydanticCustomError(
                "source", "a source needs 'section' (rulebook heading) or 'assumption' (why we chose it)")
        return self

    @property
    def is_assumption(self) -> bool:
        return bool(self.assumption) and not self.section

    @property
    def is_owner(self) -> bool:
        """True when the value was filled by the kit's owner (an overlay), not taken from the rulebook."""
        return bool(self.owner)

    def cite(self) -> str:
        """Short human form, e.g. 'ZAWARTOŚĆ PUDEŁKA, p. 2' or 'assumption: …'."""
        if self.owner and not self.section:
            return f"owner: {self.owner}"
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
