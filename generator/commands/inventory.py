"""Show a game's component inventory: counts, breakdowns, modules and where each number comes from."""
from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from generator.commands.common import one_game, print_json
from generator.console import out_console
from generator.errors import UsageError
from generator.model.reports import inventory_report

HELP = "list a game's components with counts and sources"


def add_arguments(parser) -> None:
    parser.add_argument("game", metavar="GAME")
    parser.add_argument("--module", help="only this module (e.g. base)")
    parser.add_argument("--json", action="store_true", help="print the JSON contract")


def run(args) -> int:
    index = one_game(args, args.game)
    if args.module and args.module not in index.module_ids:
        raise UsageError(f"unknown module '{args.module}'; known: {', '.join(index.module_ids)}")
    report = inventory_report(index, args.module)
    if args.json:
        print_json(report)
        return 0
    table = Table(title=f"{index.data.game.title.get(index.data.game.languages[0])} — inventory")
    for col in ("id", "name", "kind", "count", "module", "source"):
        table.add_column(col)
    depth = {c.id: 0 for c in index.data.components}
    for comp in index.data.components:
        node, d = comp, 0
        while node.parent and node.parent in index.components and d < 10:
            node, d = index.components[node.parent], d + 1
        depth[comp.id] = d
    for row in report["components"]:
        count = "unknown" if row["count"] is None else str(row["count"])
        table.add_row(escape("  " * depth[row["id"]] + row["id"]), escape(row["name"]["pl"]), row["kind"], count,
                      row["module"], escape(row["source"]["cite"]))
    out_console().print(table)
    out_console().print("totals: " + ", ".join(f"{k} {v}" for k, v in report["totals"].items()))
    return 0
