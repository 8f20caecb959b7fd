"""Rules reference, glossary and rule data (constants, tables, cost rules, recipes)."""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from generator.schema.base import Count, Id, L10n, NonNegInt, Reading, Source, StrictModel, Unknown
from generator.schema.values import LocalText, LocalValue

RuleNumber = Annotated[str, Field(pattern=r"^[1-9][0-9]*(\.[1-9][0-9]*)*$", description="e.g. 4, 4.2, 4.2.1")]


class RuleSection(StrictModel):
    """One numbered rule, written in our own words. ``§4.2`` in text links to rule 4.2."""

    number: RuleNumber
    title: L10n
    text: L10n
    see: list[RuleNumber] = []
    source: Source


class Term(StrictModel):
    """A glossary term; ``forms`` are its Polish inflected forms so search and auto-linking find them."""

    id: Id
    term: L10n
    forms: list[str] = []
    forms_en: list[str] = []
    definition: L10n
    see_also: list[Id] = []
    rule: RuleNumber | None = None
    source: Source


class Constant(StrictModel):
    """A single rule number (hand size, deck minimum …)."""

    id: Id
    name: L10n
    value: LocalValue
    unit: LocalText | None = Field(None, description="e.g. {pl: karty, en: cards}; a plain text only if it "
                                                       "reads the same in both languages")
    source: Source
    conflicts: list[Reading] = []


class Contradiction(StrictModel):
    """A self-contradiction or error in the rulebook that is not one field's value (wording, page refs)."""

    id: Id
    summary: L10n
    readings: list[Reading] = []
    source: Source


class Column(StrictModel):
    id: Id
    name: L10n


class TableRow(StrictModel):
    key: str | int
    label: L10n | None = None
    values: dict[Id, LocalValue | None]
    source: Source | None = None


class Table(StrictModel):
    """A rule table (costs by rank, draws by cohort size …) as the rulebook states it."""

    id: Id
    name: L10n
    key_name: L10n
    columns: list[Column]
    rows: list[TableRow]
    source: Source


class CostRule(StrictModel):
    """Cards of ``deck`` whose stat ``by_stat`` is k must cost table[k][column]."""

    id: Id
    deck: Id
    by_stat: str
    table: Id
    column: Id
    source: Source


class RecipeInput(StrictModel):
    item: Id
    count: Count


class Recipe(StrictModel):
    """What it takes to make something (an artifact from resources, a city upgrade …)."""

    id: Id
    name: L10n
    output: Id
    inputs: list[RecipeInput]
    source: Source


__all__ = ["Contradiction", "RuleSection", "Term", "Constant", "Table", "CostRule", "Recipe", "NonNegInt", "Unknown"]
