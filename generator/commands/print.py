"""Print sheets of one game: cards, tokens, dice nets, tiles and player aids as PDFs.

Home profile: A4 or US Letter, crop marks, backs on the next page for duplex printing (long or short
edge), fronts only, or fold-over. Print-shop profile: one item per page with bleed and page boxes,
plus 300 dpi PNGs per card design."""
from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from generator.commands.common import game_language, one_game_checking
from generator.console import out_console
from generator.errors import DataErrors, UsageError
from generator.geom.paper import POD_TEMPLATES
from generator.write.atomic import OutputDir
from generator.write.manifest import Manifest

HELP = "print sheets (PDF) of one game"


def add_arguments(parser) -> None:
    parser.add_argument("game", metavar="GAME")
    parser.add_argument("--profile", choices=["home", "printshop"], default="home")
    parser.add_argument("--paper", choices=["a4", "letter"], default="a4")
    parser.add_argument("--duplex", choices=["long", "short", "none", "fold"], default="long",
                        help="backs: long-edge or short-edge duplex, none (fronts only), fold (side by side)")
    parser.add_argument("--bleed", type=float, help="bleed in mm (default 0 home, 3 print shop)")
    parser.add_argument("--duplex-offset", default="0,0", metavar="X,Y",
                        help="shift backs by X,Y mm (read it off the calibration sheet)")
    parser.add_argument("--lang", default=None, metavar="LANG",
                        help="language printed on the items (one of the game's languages; default: its first)")
    parser.add_argument("--no-png", action="store_true", help="print shop: skip the per-card PNGs")
    parser.add_argument("--cmyk", action="store_true", help="write colours as device CMYK (print shop)")
    parser.add_argument("--ink-saver", action="store_true",
                        help="home: pale backgrounds, frames and backs (saves ink; written to home-<paper>-ink)")
    parser.add_argument("--cut-color", default="#000000", metavar="#RRGGBB",
                        help="colour of crop marks and cut lines (default black marks, grey guides)")
    parser.add_argument("--gutter", type=float, default=0.0, metavar="MM",
                        help="home: space between cards in mm (0 = butted for a guillotine; 3 or more for scissors)")
    parser.add_argument("--copies", type=int, default=1, help="home: print every sheet file this many times")
    parser.add_argument("--pod", choices=sorted({t.service for t in POD_TEMPLATES.values()}),
                        help="print shop: size the PNGs to this print-on-demand service's pixel templates")


def parse_offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--duplex-offset expects X,Y in mm (e.g. 1.5,-0.5), got '{text}'") from None
    if abs(x) > 20 or abs(y) > 20:
        raise UsageError(f"--duplex-offset {x},{y} is more than 20 mm; check the calibration reading")
    return x, y


def run(args) -> int:
    from generator.targets.card_sheets import PrintJob, print_game

    if args.bleed is not None and not 0 <= args.bleed <= 10:
        raise UsageError(f"--bleed must be between 0 and 10 mm, got {args.bleed}")
    offset = parse_offset(args.duplex_offset)
    import re

    if not re.fullmatch(r"#[0-9a-fA-F]{6}", args.cut_color):
        raise UsageError(f"--cut-color expects a colour like #ff00aa, got '{args.cut_color}'")
    if not 0 <= args.gutter <= 20:
        raise UsageError(f"--gutter must be between 0 and 20 mm, got {args.gutter}")
    if not 1 <= args.copies <= 20:
        raise UsageError(f"--copies must be between 1 and 20, got {args.copies}")
    if args.pod and args.profile != "printshop":
        raise UsageError("--pod sizes the print-shop PNGs; use it with --profile printshop")
    index, pending = one_game_checking(args, args.game)  # a big game's text fit is checked beside the print
    lang = game_language(index, args.lang)
    job = PrintJob(profile=args.profile, paper=args.paper, duplex=args.duplex, bleed=args.bleed, offset=offset,
                   lang=lang, png=not args.no_png, cmyk=args.cmyk, pod=args.pod,
                   cut_color=args.cut_color.lower(), gutter=args.gutter, ink_saver=args.ink_saver,
                   copies=args.copies)
    out = OutputDir(args.out)
    manifest = Manifest.load(out, set())
    folder = f"{index.game_id}/print/{job.folder}"
    manifest.drop_under(folder)
    try:
        with out.transaction():  # nothing is put in place until the text-fit check has passed
            out.claim(folder)
            try:
                entries = print_game(index, job, out, manifest)
            except DataErrors:
                pending()  # the check's located errors, all of them, rather than the print's first one
                raise
            pending()
            manifest.save(out)
    finally:
        pending(raise_errors=False)  # the check's process is always waited for
    table = Table(title=f"{escape(index.data.game.title.get(lang))} — {job.folder}")
    for col in ("file", "kind", "pages", "items"):
        table.add_column(col, justify="right" if col in ("pages", "items") else "left")
    for e in entries:
        table.add_row(escape(e.path), e.kind, str(e.pages), str(e.items))
    table.add_row("total", "", str(sum(e.pages or 0 for e in entries)), str(sum(e.items or 0 for e in entries)))
    out_console().print(table)
    return 0
