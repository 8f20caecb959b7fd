"""Setup evaluation: which setup rows apply to a player count, scenario and modules, and what they take
from the box. The validator checks these against the inventory; reports and the site show them."""
from __future__ import annotations

from dataclasses import dataclass

from generator.model.formula import FormulaError, evaluate
from generator.model.index import GameIndex
from generator.schema.base import UNKNOWN
from generator.schema.setup import SetupRow


@dataclass(frozen=True)
class Use:
    """One component consumed by setup, with the data path that asked for it."""

    component: str
    amount: int | None
    path: tuple
    from_faction: bool = False


def row_value(row: SetupRow, players: int, modules: list[str] | None = None) -> int | None:
    """The explicit value for N players, else the formula's; None when neither knows.

    A value that holds only with a module (``value_modules``) is unknown when that module is not in
    ``modules`` (None = every module in play)."""
    if players in row.values:
        needs = row.value_modules.get(players)
        if needs is not None and modules is not None and needs not in modules:
            return None
        value = row.values[players]
        return None if value == UNKNOWN else value
    if row.formula:
        try:
            return evaluate(row.formula, players)
        except FormulaError:
            return None
    return None


def applicable(items: list, scenario: str | None, modules: list[str], group: str) -> list[tuple[int, object]]:
    """Rows in force for a scenario: a scenario's own row for a component replaces the general one."""
    chosen: dict[str, list[tuple[int, object]]] = {}
    overridden = {item.component for item in items if scenario and item.scenario == scenario}
    for i, item in enumerate(items):
        if item.module and item.module not in modules:
            continue
        if item.scenario is None and item.component in overridden:
            continue
        if item.scenario is not None and item.scenario != scenario:
            continue
        chosen.setdefault(item.component, []).append((i, item))
    return [pair for pairs in chosen.values() for pair in pairs]


def consumption(index: GameIndex, players: int, scenario: str | None, modules: list[str]) -> list[Use]:
    setup = index.data.setup
    if setup is None:
        return []
    uses = []
    for i, row in applicable(setup.rows, scenario, modules, "rows"):
        uses.append(Use(row.component, row_value(row, players, modules), ("setup", "rows", i)))
    for i, item in applicable(setup.per_player, scenario, modules, "per_player"):
        amount = None if item.count == UNKNOWN else item.count * players
        uses.append(Use(item.component, amount, ("setup", "per_player", i), item.from_faction))
    return uses
