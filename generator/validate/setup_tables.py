"""Setup per player count: formulas reproduce the explicit rows, and what setup consumes fits the
inventory — for every player count, scenario and module selection (base only vs everything)."""
from __future__ import annotations

from generator.model.formula import FormulaError, evaluate, parse_formula
from generator.model.setup import Use, applicable, consumption, row_value
from generator.schema.base import UNKNOWN
from generator.schema.setup import PerPlayer, SetupRow
from generator.validate.context import CheckContext


def check_setup(ctx: CheckContext) -> None:
    setup = ctx.data.setup
    if setup is None:
        return
    idx = ctx.index
    game_range = ctx.data.game.players
    for n in setup.player_counts or []:
        if not game_range.min <= n <= game_range.max:
            ctx.error(("setup", "player_counts"), f"{n} players is outside the game's {game_range.min}–"
                                                  f"{game_range.max}", code="setup")
    counts = idx.player_counts
    for i, row in enumerate(setup.rows):
        _check_row(ctx, i, row, counts)
    _check_inventory(ctx, counts)


def _check_row(ctx: CheckContext, i: int, row: SetupRow, counts: list[int]) -> None:
    path = ("setup", "rows", i)
    for n in row.values:
        if n not in counts:
            ctx.error(path + ("values", n), f"value for {n} players, but the game plays with {counts}", code="setup")
    if row.formula:
        try:
            parse_formula(row.formula)
        except FormulaError as exc:
            ctx.error(path + ("formula",), f"bad formula '{row.formula}': {exc}", code="formula")
            return
        for n in counts:
            try:
                got = evaluate(row.formula, n)
            except FormulaError as exc:
                ctx.error(path + ("formula",), f"formula '{row.formula}' fails for N={n}: {exc}", code="formula")
                continue
            stated = row.values.get(n)
            if stated not in (None, UNKNOWN) and stated != got:
                ctx.error(path + ("formula",),
                          f"formula '{row.formula}' gives {got} for {n} players, but the table says {stated}",
                          code="formula")
            if got < 0:
                ctx.error(path + ("formula",), f"formula '{row.formula}' is negative for {n} players",
                          code="formula")
    elif row.scenario is None:
        missing = [n for n in counts if n not in row.values]
        if missing:
            ctx.warning(path + ("values",), f"no value for {', '.join(map(str, missing))} players and no formula",
                        code="setup")


def _check_inventory(ctx: CheckContext, counts: list[int]) -> None:
    idx = ctx.index
    scenarios = [None] + [s.id for s in ctx.data.scenarios]
    everything = idx.module_ids
    base = idx.base_modules
    reported: set = set()
    for scenario in scenarios:
        needed_modules = next((s.modules for s in ctx.data.scenarios if s.id == scenario), [])
        selections = [everything] if set(needed_modules) - set(base) or base == everything else [everything, base]
        players = counts
        scen = next((s for s in ctx.data.scenarios if s.id == scenario), None)
        if scen and scen.players:
            players = [n for n in counts if scen.players.min <= n <= scen.players.max]
        for modules in selections:
            for n in players:
                _check_fit(ctx, n, scenario, modules, everything, reported)


def _check_fit(ctx: CheckContext, n: int, scenario, modules, everything, reported: set) -> None:
    idx = ctx.index
    totals: dict[str, int] = {}
    paths: dict[str, tuple] = {}
    for use in consumption(idx, n, scenario, modules):
        if use.component not in idx.components:
            continue
        paths.setdefault(use.component, use.path)
        if use.amount is None:
            continue
        totals[use.component] = totals.get(use.component, 0) + use.amount
        if use.from_faction:
            _check_faction_share(ctx, use, n, reported)
    where = f" in scenario '{scenario}'" if scenario else ""
    _check_family(ctx, n, where, modules, totals, paths, reported)
    for comp_id, used in totals.items():
        have = idx.available(comp_id, modules)
        if have is None or used <= have:
            continue
        key = (comp_id, n, scenario, tuple(modules))
        if key in reported:
            continue
        reported.add(key)
        with_all = idx.available(comp_id, everything)
        if modules != everything and with_all is not None and used <= with_all:
            extra = sorted(set(everything) - set(modules))
            ctx.warning(paths[comp_id],
                        f"with {n} players{where}, setup needs {used} × '{comp_id}' but the base game has only "
                        f"{have}; it works only with module {', '.join(extra)} ({with_all})", code="needs-module")
        else:
            ctx.error(paths[comp_id],
                      f"with {n} players{where}, setup needs {used} × '{comp_id}' but the inventory has {have}",
                      code="setup-exceeds")


def _check_family(ctx: CheckContext, n: int, where: str, modules, totals: dict[str, int], paths: dict[str, tuple],
                  reported: set) -> None:
    """A setup that takes a component and also its parts takes them from one pile: together they must fit.

    (40 from 'coins' and 30 more from its part 'coin_1' is 70 of the 40 coins there are.)"""
    idx = ctx.index
    family: dict[str, list[tuple[str, int]]] = {}
    for comp_id, used in totals.items():
        seen, node = {comp_id}, idx.components[comp_id]
        family.setdefault(comp_id, []).append((comp_id, used))
        while node.parent and node.parent in idx.components and node.parent not in seen:
            seen.add(node.parent)
            family.setdefault(node.parent, []).append((comp_id, used))
            node = idx.components[node.parent]
    for top, uses in family.items():
        if len(uses) < 2 or top not in totals:
            continue  # only a component taken itself *and* through its parts
        used = sum(amount for _, amount in uses)
        have = idx.available(top, modules)
        key = ("family", top, where)  # once per component (the smallest player count that breaks it)
        if have is None or used <= have or key in reported:
            continue
        reported.add(key)
        detail = " + ".join(f"{amount} × '{cid}'" for cid, amount in uses)
        ctx.error(paths[top], f"with {n} players{where}, setup takes {detail} — {used} in all, but '{top}' and "
                              f"its parts are {have}", hint="a part is taken from its whole; lower one of the rows",
                  code="setup-exceeds")


def _check_faction_share(ctx: CheckContext, use: Use, n: int, reported: set) -> None:
    comp = ctx.index.components[use.component]
    factions = len(ctx.data.factions)
    if factions and n > factions and ("factions", n) not in reported:
        reported.add(("factions", n))
        ctx.error(use.path, f"{n} players need {n} factions but the game defines {factions}", code="setup")
    if comp.per_faction and use.amount is not None:
        each = use.amount // n
        for fid, have in comp.per_faction.items():
            if have != UNKNOWN and each > have and (use.component, fid) not in reported:
                reported.add((use.component, fid))
                ctx.error(use.path, f"each player takes {each} × '{comp.id}' from their faction, but faction "
                                    f"'{fid}' has {have}", code="setup-exceeds")


__all__ = ["check_setup", "consumption", "row_value", "applicable", "PerPlayer"]
