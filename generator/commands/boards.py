"""Draw one game's boards: an SVG per side and player count, poster PDFs split over A4/Letter pages
(overlap strips, registration marks, crop ticks, page labels such as "B2" and an assembly page) and the
whole board on one page. Boards are schematics drawn from the data; assumptions are printed on them.

Replaces <out>/<game>/boards/ whole and the board entries of manifest.json; the game's other outputs
stay as they were."""
from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from generator.commands.common import one_game
from generator.console import out_console
from generator.errors import UsageError

HELP = "draw a game's boards: SVG, poster-tiled PDFs and one-page PDFs"


def add_arguments(parser) -> None:
    parser.add_argument("game", metavar="GAME")
    parser.add_argument("--players", type=int, help="only this player count (boards that vary with it)")
    parser.add_argument("--paper", action="append", choices=["a4", "letter"],
                        help="paper for the PDFs (repeatable; default: both)")
    parser.add_argument("--overlap", type=float, default=10.0, metavar="MM",
                        help="overlap between poster pages in mm (default 10)")
    parser.add_argument("--poster-scale", type=float, default=1.0, metavar="S",
                        help="poster scale, 1 = real size (default 1)")
    parser.add_argument("--onepage-scale", type=float, default=None, metavar="S",
                        help="scale of the one-page PDF (default: the largest that fits, at most 1)")
    parser.add_argument("--lang", default=None, metavar="LANG",
                        help="language of names on the boards (one of the game's languages; default: its first)")


def run(args) -> int:
    from generator.commands.common import game_language
    from generator.targets.boards import generate
    from generator.targets.options import PAPER_NAMES, BoardOptions
    from generator.write.atomic import OutputDir
    from generator.write.manifest import Manifest

    index = one_game(args, args.game)
    if args.players is not None and args.players not in index.player_counts:
        raise UsageError(f"{args.game} plays with {index.player_counts} players, not {args.players}")
    if not index.data.boards:
        raise UsageError(f"{args.game} has no boards in its data")
    lang = game_language(index, args.lang)
    opts = BoardOptions(papers=tuple(p for p in PAPER_NAMES if p in (args.paper or PAPER_NAMES)),
                        players=args.players, overlap=args.overlap, poster_scale=args.poster_scale,
                        onepage_scale=args.onepage_scale, lang=lang)
    out = OutputDir(args.out)
    manifest = Manifest.load(out, {index.game_id}, kinds={"board"})
    with out.transaction():
        entries = generate([index], out, manifest, opts)
        manifest.save(out)
    table = Table(title=f"{escape(index.data.game.title.get(lang))} — boards")
    for col in ("file", "profile", "paper", "pages", "scale"):
        table.add_column(col, justify="left" if col in ("file", "profile", "paper") else "right")
    for e in entries:
        table.add_row(escape(e.path), e.profile, e.paper or "-", str(e.pages), f"{e.scale:g}")
    out_console().print(table)
    return 0

