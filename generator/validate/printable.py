"""Every item can be printed at home: its trim size fits the printable area of both home papers.

A card, tile, token, die net or aid larger than A4 or US Letter minus the home printers' 5 mm margin
(either way round: the sheets turn to landscape when that fits better) would crash imposition at print
time; here it is a located data error on the size that makes it too large. Sizes come from the same
planner the print target uses (``generator.targets.print_items.Planner``), and the fit from the same
grid planner (``generator.layout.imposition.plan_grid``), so the check cannot drift from the printing.
A fold-over pair (``pnp print --duplex fold``) that does not fit is a warning."""
from __future__ import annotations

from generator.validate.context import CheckContext

HOME_PAPERS = ("a4", "letter")
KIND_WORD = {"cards": "card", "tokens": "token", "dice": "die net", "tiles": "tile", "aids": "player aid"}


def _fits(size, fold: bool) -> list[str]:
    """The home papers an item of ``size`` does not fit on."""
    from generator.layout.imposition import plan_fold_over, plan_grid
    from generator.layout.paper import HOME_MARGIN, paper_size

    misses = []
    for name in HOME_PAPERS:
        try:
            (plan_fold_over if fold else plan_grid)(paper_size(name), size, margin=HOME_MARGIN)
        except ValueError:
            misses.append(name)
    return misses


def _size_path(ctx: CheckContext, item) -> tuple:
    """The data path that sets the item's size (the deck's size for cards), for the error's location."""
    origin = tuple(item.origin or ("components",))
    if item.kind == "cards":
        for d, deck in enumerate(ctx.data.decks):
            if deck.id == item.group:
                return ("decks", d, "size") if deck.size is not None else ("decks", d)
    if origin[:1] == ("tiles",):
        tile = ctx.data.tiles[origin[1]]
        return origin + (("size",) if tile.shape in ("square", "rect") else ("hex_size_mm",))
    if origin[:1] == ("components",) and len(origin) > 1:
        return origin + ("print", "size")
    return origin


PLAN_KINDS = ("cards", "tokens", "dice", "tiles", "aids")


def iter_items(ctx: CheckContext):
    """(kind, item) for every print item of the game (Polish faces), planned one at a time so a game of
    50,000 cards never holds all its items at once."""
    from generator.targets.print_items import Planner

    planner = Planner(ctx.index, "pl")
    for kind in PLAN_KINDS:
        for item in getattr(planner, kind)():
            yield kind, item


class SizeChecker:
    """Reports items that do not fit a home sheet; each size is judged once, each place reported once."""

    def __init__(self, ctx: CheckContext):
        self.ctx = ctx
        self.verdict: dict[tuple, tuple[list[str], list[str]]] = {}
        self.reported: set[tuple] = set()

    def item(self, kind: str, item) -> None:
        from generator.layout.paper import HOME_MARGIN, PAPERS

        ctx = self.ctx
        size = (round(item.size.w, 3), round(item.size.h, 3))
        if size not in self.verdict:
            self.verdict[size] = (_fits(item.size, False), _fits(item.size, True) if kind == "cards" else [])
        misses, fold_misses = self.verdict[size]
        if not misses and not fold_misses:
            return
        path = _size_path(ctx, item)
        if (path, size) in self.reported:
            return
        self.reported.add((path, size))
        if kind == "cards":
            what, verb = f"cards of deck '{item.group}'", "are"
        else:
            what, verb = f"{KIND_WORD.get(kind, kind)} '{item.label.rsplit('-', 1)[0]}'", "is"
        if misses:
            areas = ", ".join(f"{_paper_name(n)} ({PAPERS[n].w - 2 * HOME_MARGIN:g} × "
                              f"{PAPERS[n].h - 2 * HOME_MARGIN:g} mm)" for n in misses)
            ctx.error(path, f"{what} {verb} {size[0]:g} × {size[1]:g} mm; it does not fit the printable area "
                            f"of {areas}, even turned", hint="give it a smaller size; home sheets keep a "
                      f"{HOME_MARGIN:g} mm margin on every side", code="size")
        else:
            ctx.warning(path, f"{what} {verb} {size[0]:g} × {size[1]:g} mm; a fold-over pair (--duplex fold) "
                              f"does not fit on {', '.join(_paper_name(n) for n in fold_misses)}",
                        hint="print it with long- or short-edge duplex instead", code="size")


def _paper_name(name: str) -> str:
    return "A4" if name == "a4" else name.title()


def check_printable(ctx: CheckContext) -> None:
    checker = SizeChecker(ctx)
    for kind, item in iter_items(ctx):
        checker.item(kind, item)


def check_print_plan(ctx: CheckContext) -> None:
    """The size check and the text-fit check in one pass over the planned items (planned once)."""
    from generator.validate.text_fit import TextFitChecker

    sizes, texts = SizeChecker(ctx), TextFitChecker(ctx)
    for kind, item in iter_items(ctx):
        sizes.item(kind, item)
        texts.item(item)
