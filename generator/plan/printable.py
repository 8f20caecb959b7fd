"""Every item can be printed at home: its trim size fits the printable area of both home papers.

A card, tile, token, die net or aid larger than A4 or US Letter minus the home printers' 5 mm margin
(either way round: the sheets turn to landscape when that fits better) would crash imposition at print
time; here it is a located data error on the size that makes it too large. Sizes come from the plan
(the same items the print target imposes); an item fits when it fits the printable area either way round
(what the grid planner needs for one item). A fold-over pair (``pnp print --duplex fold``) that does not
fit is a warning."""
from __future__ import annotations

from generator.geom.paper import HOME_MARGIN, PAPERS, paper_size, printable_area
from generator.plan import plan_game
from generator.validate.context import CheckContext

HOME_PAPERS = ("a4", "letter")
KIND_WORD = {"cards": "card", "tokens": "token", "dice": "die net", "tiles": "tile", "aids": "player aid",
             "standees": "standee"}


def _fits(size, fold: bool) -> list[str]:
    """The home papers an item of ``size`` does not fit on (a fold-over pair is two items side by side)."""
    misses = []
    w, h = (2 * size.w, size.h) if fold else (size.w, size.h)
    for name in HOME_PAPERS:
        area = printable_area(paper_size(name), HOME_MARGIN)
        eps = 1e-6
        if not ((w <= area.w + eps and h <= area.h + eps) or (w <= area.h + eps and h <= area.w + eps)):
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


def planned_items(ctx: CheckContext) -> dict:
    """The print items of the game (the plan is made once per index and language)."""
    return plan_game(ctx.index, "pl").items


def check_printable(ctx: CheckContext, items_by_kind: dict | None = None) -> None:
    items_by_kind = items_by_kind or planned_items(ctx)
    verdict: dict[tuple, tuple[list[str], list[str]]] = {}
    reported: set[tuple] = set()
    for kind, items in items_by_kind.items():
        for item in items:
            size = (round(item.size.w, 3), round(item.size.h, 3))
            if size not in verdict:
                verdict[size] = (_fits(item.size, False), _fits(item.size, True) if kind == "cards" else [])
            misses, fold_misses = verdict[size]
            if not misses and not fold_misses:
                continue
            path = _size_path(ctx, item)
            if (path, size) in reported:
                continue
            reported.add((path, size))
            if kind == "cards":
                what, verb = f"cards of deck '{item.group}'", "are"
            else:
                what, verb = f"{KIND_WORD.get(kind, kind)} '{item.label.rsplit('-', 1)[0]}'", "is"
            if misses:
                areas = ", ".join(f"{n.upper() if n == 'a4' else n.title()} "
                                  f"({PAPERS[n].w - 2 * HOME_MARGIN:g} × {PAPERS[n].h - 2 * HOME_MARGIN:g} mm)"
                                  for n in misses)
                ctx.error(path, f"{what} {verb} {size[0]:g} × {size[1]:g} mm; it does not fit the printable area "
                                f"of {areas}, even turned", hint="give it a smaller size; home sheets keep a "
                          f"{HOME_MARGIN:g} mm margin on every side", code="size")
            else:
                ctx.warning(path, f"{what} {verb} {size[0]:g} × {size[1]:g} mm; a fold-over pair (--duplex fold) "
                                  f"does not fit on {', '.join(n.upper() if n == 'a4' else n.title() for n in fold_misses)}",
                            hint="print it with long- or short-edge duplex instead", code="size")
