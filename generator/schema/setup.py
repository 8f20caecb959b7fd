"""Setup per player count: table rows (explicit values and/or a formula in N) and per-player allotments."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from generator.schema.base import Count, Id, L10n, PlayerRange, Reading, Source, StrictModel

SetupAction = Literal["place", "deal", "draw", "reveal", "remove", "box", "use"]


class SetupRow(StrictModel):
    """How many of a component setup uses, per player count. ``formula`` is an expression in N."""

    component: Id
    values: dict[Annotated[int, Field(ge=1, le=20)], Count] = {}
    value_modules: dict[Annotated[int, Field(ge=1, le=20)], Id] = Field(
        {}, description="player count → module: that value holds only when the module is in play")
    formula: Annotated[str, Field(max_length=200)] | None = None
    action: SetupAction = "use"
    scenario: Id | None = None
    module: Id | None = None
    note: L10n | None = None
    source: Source
    conflicts: list[Reading] = []

    @model_validator(mode="after")
    def _has_values(self) -> SetupRow:
        if not self.values and not self.formula:
            raise PydanticCustomError("setup", "a setup row needs 'values' (per player count) or a 'formula' in N")
        return self


class PerPlayer(StrictModel):
    """What each player takes; ``from_faction`` means it comes from that player's own faction set."""

    component: Id
    count: Count
    from_faction: bool = False
    action: SetupAction = "deal"
    scenario: Id | None = None
    module: Id | None = None
    note: L10n | None = None
    source: Source
    conflicts: list[Reading] = []


class SetupStep(StrictModel):
    """A numbered setup instruction, written in our own words."""

    number: Annotated[int, Field(ge=1)]
    text: L10n
    players: list[int] | None = None
    scenario: Id | None = None
    source: Source


class Setup(StrictModel):
    player_counts: list[Annotated[int, Field(ge=1, le=20)]] | None = None
    rows: list[SetupRow] = []
    per_player: list[PerPlayer] = []
    steps: list[SetupStep] = []


class Module(StrictModel):
    """A part of the product: the base box, an expansion, or crowdfunding extras."""

    id: Id
    name: L10n
    kind: Literal["base", "expansion", "crowdfunding", "promo"] = "base"
    source: Source


class Scenario(StrictModel):
    """A scenario, variant or optional module's play mode, with what it changes."""

    id: Id
    name: L10n
    kind: Literal["scenario", "variant", "faction", "mode"] = "scenario"
    players: PlayerRange | None = None
    modules: list[Id] = Field([], description="modules it needs")
    summary: L10n
    setup_changes: L10n | None = None
    victory: L10n | None = None
    default: bool = False
    source: Source
    conflicts: list[Reading] = []
