"""List what a kit still lacks: every value the rulebook leaves unknown (and no overlay has filled), grouped
by deck, component or board and ranked by how many printed items it leaves blank, with the file:line to
fill — in cards_data/ when you have the book's answer, or in an overlay (--overlay DIR) when you own the box.

Exit 0 (also when unknowns remain), 1 when the game's data has errors."""
from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from generator.commands.common import print_json
from generator.console import out_console
from generator.errors import DataErrors, Severity
from generator.model.completion import completion, todo
from generator.validate.run import validate_games

HELP = "list a game's unknowns, ranked by how many printed items each leaves blank"
SHOWN_PLACES = 3


def add_arguments(parser) -> None:
    parser.add_argument("game", metavar="GAME")
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    parser.add_argument("--all", action="store_true", help="show every place to fill, not the first few")


def run(args) -> int:
    result = validate_games(args.data, [args.game], overlay=getattr(args, "overlay", None))[0]
    errors = [i for i in result.issues if i.severity == Severity.ERROR]
    if errors or result.data is None:
        raise DataErrors(errors)
    raw = result.raw
    owner_values = getattr(raw, "owner_values", {})
    title = result.data.game.title.en
    groups = todo(raw.data, raw.span)
    done = completion(raw.data, owner_values)
    if args.json:
        print_json({
            "game": result.game_id,
            "completion": done,
            "todo": [{"rank": n, "what": g.what, "field": g.field, "label": g.label, "unit": g.unit,
                      "blank": g.blank, "summary": g.sentence(title), "places": g.places}
                     for n, g in enumerate(groups, 1)],
        })
        return 0
    console = out_console()
    table = Table(title=f"{title} — to do ({done['unknown']} unknown, {done['owner']} filled by the owner, "
                        f"{done['percent']}% complete)")
    for col in ("#", "blank", "what is unknown", "where to fill"):
        table.add_column(col, justify="right" if col in ("#", "blank") else "left",
                         overflow="fold", min_width=28 if col == "where to fill" else None)
    for n, g in enumerate(groups, 1):
        places = g.places if args.all else g.places[:SHOWN_PLACES]
        where = "\n".join(f"{p['file']}:{p['line']}" for p in places)
        if len(g.places) > len(places):
            where += f"\n… and {len(g.places) - len(places)} more (--all)"
        table.add_row(str(n), str(g.blank), escape(g.sentence(title)), escape(where))
    console.print(table)
    return 0
