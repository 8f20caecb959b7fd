"""Show a game's setup per player count: table rows, formulas, per-player allotments."""
from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from generator.commands.common import one_game, print_json
from generator.console import out_console
from generator.errors import UsageError
from generator.model.reports import setup_report

HELP = "show the setup table per player count"


def add_arguments(parser) -> None:
    parser.add_argument("game", metavar="GAME")
    parser.add_argument("--players", type=int, help="one player count")
    parser.add_argument("--scenario", help="apply a scenario's setup changes")
    parser.add_argument("--json", action="store_true", help="print the JSON contract")


def run(args) -> int:
    index = one_game(args, args.game)
    if args.players is not None and args.players not in index.player_counts:
        raise UsageError(f"{args.game} plays with {index.player_counts} players, not {args.players}")
    scenarios = [s.id for s in index.data.scenarios]
    if args.scenario and args.scenario not in scenarios:
        raise UsageError(f"unknown scenario '{args.scenario}'; known: {', '.join(scenarios) or 'none'}")
    report = setup_report(index, args.players, args.scenario)
    if args.json:
        print_json(report)
        return 0
    table = Table(title=f"{index.data.game.title.get(index.data.game.languages[0])} — setup")
    table.add_column("component")
    for n in report["player_counts"]:
        table.add_column(f"{n}p", justify="right")
    table.add_column("source")
    for row in report["rows"]:
        cells = ["?" if v is None else str(v) for v in row["values"].values()]
        table.add_row(escape(row["component"]), *cells, escape(row["source"]["cite"]))
    for item in report["per_player"]:
        each = "?" if item["count"] is None else str(item["count"])
        table.add_row(escape(item["component"]) + " (each player)", *[each] * len(report["player_counts"]),
                      escape(item["source"]["cite"]))
    out_console().print(table)
    return 0
