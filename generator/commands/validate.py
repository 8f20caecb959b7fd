"""Check games' data: schema, references, counts, costs and setup per player count.

Exit 0 when clean, 1 when any game has errors (or warnings with --strict), 2 on usage errors."""
from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from generator.commands.common import cpu_count, print_json, validated
from generator.console import err_console, out_console
from generator.errors import Severity, UsageError
from generator.validate.report import to_json

HELP = "check games' data (schema, references, counts, setup)"
STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.FINDING: "cyan"}


def add_arguments(parser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--json", action="store_true", help="print the JSON report")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="games validated at once, in worker processes (default: the CPU count)")


def exit_code(results, strict: bool) -> int:
    bad = any(not r.ok for r in results)
    if strict:
        bad = bad or any(r.count(Severity.WARNING) for r in results)
    return 1 if bad else 0


def run(args) -> int:
    jobs = args.jobs if args.jobs is not None else cpu_count()
    if jobs < 1:
        raise UsageError(f"--jobs must be 1 or more, got {jobs}")
    results = validated(args, args.games, jobs)
    if args.json:
        print_json(to_json(results))
        return exit_code(results, args.strict)
    # one message a line, never wrapped (a terminal wraps them itself; a log or grep gets whole lines)
    lines = [f"[{STYLE[issue.severity]}]{issue.severity.value}:[/] {escape(issue.format())}"
             for r in results for issue in r.issues]
    if lines:
        err_console().print("\n".join(lines), soft_wrap=True)
    table = Table(title="Validation")
    for col in ("game", "errors", "warnings", "findings", "unknowns", "stated", "owner", "complete"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in results:
        done = r.completion or {}
        table.add_row(r.game_id, str(r.count(Severity.ERROR)), str(r.count(Severity.WARNING)),
                      str(r.count(Severity.FINDING)), str(len(r.unknowns)), str(done.get("stated", "–")),
                      str(done.get("owner", "–")), f"{done['percent']}%" if done else "–")
    out_console().print(table)
    return exit_code(results, args.strict)
