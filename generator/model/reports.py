"""The inventory and setup reports as plain data — the JSON contract of `pnp inventory/setup --json`."""
from __future__ import annotations

from generator.model.index import GameIndex
from generator.model.setup import applicable, row_value
from generator.schema.base import UNKNOWN, Source


def source_json(source: Source | None) -> dict | None:
    if source is None:
        return None
    return {"section": source.section, "page": source.page, "assumption": source.assumption,
            "designer": source.designer, "note": source.note, "cite": source.cite()}


def _count(value) -> int | None:
    return None if value == UNKNOWN else value


def inventory_report(index: GameIndex, module: str | None = None) -> dict:
    data = index.data
    comps = [c for c in data.components if module is None or c.module == module]
    totals: dict[str, int] = {}
    for comp in comps:
        if comp.parent and (module is None or index.components[comp.parent].module == module):
            continue  # a part: its whole already counts it
        amount = index.available(comp.id, [module] if module else None)
        if amount is not None:
            totals[comp.kind] = totals.get(comp.kind, 0) + amount
    return {
        "game": data.game.id,
        "players": {"min": data.game.players.min, "max": data.game.players.max},
        "module": module,
        "modules": [{"id": m.id, "name": m.name.model_dump(), "kind": m.kind} for m in data.modules],
        "components": [
            {
                "id": c.id,
                "name": c.name.model_dump(),
                "kind": c.kind,
                "count": _count(c.count),
                "parent": c.parent,
                "module": c.module,
                "per_faction": {k: _count(v) for k, v in c.per_faction.items()} if c.per_faction else None,
                "printable": bool(c.print and c.print.method != "none"),
                "source": source_json(c.source),
            }
            for c in comps
        ],
        "totals": dict(sorted(totals.items())),
    }


def setup_report(index: GameIndex, players: int | None = None, scenario: str | None = None) -> dict:
    data = index.data
    counts = [players] if players else index.player_counts
    setup = data.setup
    rows, per_player = [], []
    if setup is not None:
        for _, row in applicable(setup.rows, scenario, index.module_ids, "rows"):
            rows.append({
                "component": row.component,
                "values": {str(n): row_value(row, n) for n in counts},
                "formula": row.formula,
                "action": row.action,
                "scenario": row.scenario,
                "module": row.module,
                "source": source_json(row.source),
            })
        for _, item in applicable(setup.per_player, scenario, index.module_ids, "per_player"):
            per_player.append({
                "component": item.component,
                "count": _count(item.count),
                "from_faction": item.from_faction,
                "action": item.action,
                "scenario": item.scenario,
                "module": item.module,
                "source": source_json(item.source),
            })
    return {"game": data.game.id, "player_counts": counts, "scenario": scenario, "rows": rows,
            "per_player": per_player}
