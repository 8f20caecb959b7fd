"""Impose printable items onto sheets: the home profile (n-up with crop marks and duplex backs) and the
print-shop profile (one item per page at trim + bleed, TrimBox and BleedBox set). Pure: returns pages
and forms of a Scene; drawing is the backends' job."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from generator.geom.scene import Circle, FormDef, Group, Page, Polygon, RectItem, TextItem, UseForm
from generator.geom.shapes import Point, Rect, Size, Transform
from generator.layout.imposition import (
    back_slot_index,
    mirror_rect,
    pack_shelves,
    paginate,
    plan_fold_over,
    plan_grid,
)
from generator.layout.marks import band_marks, duplex_calibration, fold_marks
from generator.plan.draw import FONT as SHEET_FONT
from generator.plan.items import PrintItem, draw_once

GUIDE_INK = "#8a8a8a"  # cut guide lines and outlines: visible, lighter than the art
SHAPED_GUTTER = 2.0  # mm between items whose cut is not their rectangle (tokens, hexes, dice nets)


@dataclass(frozen=True)
class SheetOptions:
    profile: str = "home"  # home | printshop
    paper: Size | None = None  # home only
    duplex: str = "long"  # long | short | none | fold
    bleed: float = 0.0
    margin: float = 5.0
    gutter: float = 0.0
    offset: tuple[float, float] = (0.0, 0.0)  # duplex correction added to back positions
    marks: str = "margin"
    title: str = ""
    what: str = ""  # what the file holds, in the kit's language (the header: "<title> — <what> n/N")
    note: str = ""  # the localized print-at-100 % note of the header
    back_word: str = "back"  # the localized word for a back page (bookmarks)
    cut_color: str = "#000000"
    ink_saver: bool = False  # light backgrounds, frames and backs: coloured areas become pale tints


@dataclass
class Imposed:
    """Imposed sheets: what every page holds is decided at once (counts, page numbers, shared forms), but
    each page's faces are drawn only when its maker is called — a print target draws a page, writes it and
    lets it go (``makers``); ``pages`` draws them all (small scenes, tests)."""

    makers: list[Callable[[], Page]] = field(default_factory=list)
    forms: dict[str, FormDef] = field(default_factory=dict)
    placed: dict[str, int] = field(default_factory=dict)  # component → fronts placed
    pages_of: dict[str, list[int]] = field(default_factory=dict)  # component → 1-based pages of its fronts
    item_size: Size | None = None

    @property
    def pages(self) -> list[Page]:
        return [make() for make in self.makers]

    def count(self, item: PrintItem) -> None:
        """Count a front placed on the page about to be appended."""
        self.placed[item.component] = self.placed.get(item.component, 0) + 1
        pages = self.pages_of.setdefault(item.component, [])
        if not pages or pages[-1] != len(self.makers) + 1:
            pages.append(len(self.makers) + 1)
        self.item_size = self.item_size or item.size


def groups(items: list[PrintItem], by_group: bool = True) -> list[list[PrintItem]]:
    """Consecutive runs that share a size (and a group, when asked) are imposed together, in order.

    Home sheets mix decks of one size on a page (each slot gets its own deck's back), saving paper."""
    out: list[list[PrintItem]] = []
    for item in items:
        if out and (not by_group or out[-1][0].group == item.group) and out[-1][0].size == item.size \
                and (out[-1][0].cut is None) == (item.cut is None):
            out[-1].append(item)
        else:
            out.append([item])
    return out


def impose(items: list[PrintItem], opts: SheetOptions) -> Imposed:
    result = Imposed()
    if not items:
        return result
    if opts.profile == "home" and opts.duplex != "fold":
        _home(list(items), opts, result)
        return result
    for run in groups(items, by_group=opts.profile == "printshop"):
        if opts.profile == "printshop":
            _printshop(run, opts, result)
        else:
            _fold(run, opts, result)
    return result


def _place(face_items: tuple, rect: Rect) -> Group:
    return Group(face_items, Transform.translate(rect.x, rect.y))


def _pale(colour: str | None, k: float = 0.82) -> str | None:
    if not colour or not colour.startswith("#") or len(colour) != 7:
        return colour
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * k):02x}" for c in (r, g, b))


def ink_saver(items: tuple) -> tuple:
    """The same items with every filled area turned into a pale tint (text and lines keep their ink)."""
    from dataclasses import replace

    out = []
    for item in items:
        if isinstance(item, Group):
            out.append(Group(ink_saver(item.items), item.transform))
        elif isinstance(item, (RectItem, Polygon, Circle)) and item.fill:
            out.append(replace(item, fill=_pale(item.fill)))
        else:
            out.append(item)
    return tuple(out)


def _ink(items: tuple, opts: SheetOptions | None) -> tuple:
    return ink_saver(items) if opts is not None and opts.ink_saver else items


def _back_form(item: PrintItem, bleed: float, forms: dict[str, FormDef], opts: SheetOptions | None = None) -> None:
    """Register the shared back form of an item with a back key (once per key and bleed), in page order.
    Page makers hold the forms, never the Imposed that holds them (a cycle the collector would have to free)."""
    if item.back_key:
        name = f"{item.back_key}@{bleed:g}"
        if name not in forms:
            size = Size(item.size.w + 2 * bleed, item.size.h + 2 * bleed)
            forms[name] = FormDef(name, size, (Group(_ink(item.back(bleed), opts),
                                                            Transform.translate(bleed, bleed)),))


def _back_use(item: PrintItem, rect: Rect, bleed: float, forms: dict[str, FormDef],
              opts: SheetOptions | None = None) -> object:
    """The back of an item at ``rect``: a shared form when the item has a back key, else its own items.

    Backs are drawn upright; a shaped item's back face already carries its mirrored outline."""
    if item.back_key:
        _back_form(item, bleed, forms, opts)
        return UseForm(f"{item.back_key}@{bleed:g}", rect.x - bleed, rect.y - bleed)
    return _place(_ink(draw_once(item.back, bleed), opts), rect)


def _front(item: PrintItem, rect: Rect, opts: SheetOptions) -> Group:
    return _place(_ink(draw_once(item.front, opts.bleed), opts), rect)


EDGE = 5.0  # mm: home printers leave the outer 5 mm of the sheet blank; nothing is drawn there
HEADER = 4.0  # mm band under the top edge line for the sheet's label and the print-at-100 % note
# that label is set in the face of the built-in card look (SHEET_FONT): such a kit embeds two faces, not three


def _limit(page: Size, header: bool) -> Rect:
    top = EDGE + (HEADER if header else 0.0)
    return Rect(EDGE, top, page.w - 2 * EDGE, page.h - EDGE - top)


def _home(items: list[PrintItem], opts: SheetOptions, result: Imposed) -> None:
    """Home sheets of one file: cards in n-up grids (one size per run, decks mixed), everything else
    packed onto shelves of mixed sizes. In duplex every front page is followed by its back page — an
    empty one when nothing on the sheet has a back — so page k+1 is always the back of page k."""
    sheets: list[tuple[Size, list[tuple[PrintItem, Rect]], tuple]] = []
    if items[0].kind == "cards":
        for run in groups(items, by_group=False):
            sheets.extend(_grid_sheets(run, opts))
    else:
        sheets.extend(_shelf_sheets(items, opts))
    with_backs = opts.duplex in ("long", "short") and any(item.has_back for item in items)
    back_marks: dict[tuple, tuple] = {}
    for n, (page, placed, extras) in enumerate(sheets, 1):
        label = f"{opts.title} — {opts.what} {n}/{len(sheets)}"
        for item, _ in placed:
            result.count(item)
        head = TextItem(page.w / 2, EDGE + 2.6, f"{label} · {opts.note}" if opts.note else label, font=SHEET_FONT,
                        size_pt=6, anchor="middle", fill="#555555")

        def fronts(page=page, placed=placed, extras=extras, head=head, label=label) -> Page:
            return Page(page, (*(_front(item, rect, opts) for item, rect in placed), *extras, head), label=label)

        result.makers.append(fronts)
        if with_backs:
            backs = []
            for item, rect in placed:
                if item.has_back:
                    backs.append((item, mirror_rect(rect, page, opts.duplex, opts.offset)))
                    _back_form(item, opts.bleed, result.forms, opts)
            marks: tuple = ()
            if backs and items[0].kind == "cards":
                rects = tuple(where for _, where in backs)
                marks = back_marks.get((page, rects))
                if marks is None:  # full sheets share their marks (one tuple, not one per page)
                    marks = back_marks[(page, rects)] = _marks(list(rects), _limit(page, False).translate(*opts.offset),
                                                               opts)

            def back_page(page=page, backs=backs, marks=marks, forms=result.forms, label=f"{label} ({opts.back_word})") -> Page:
                return Page(page, (*(_back_use(item, where, opts.bleed, forms, opts) for item, where in backs),
                                   *marks), label=label)

            result.makers.append(back_page)


def _marks(rects: list[Rect], limit: Rect, opts: SheetOptions) -> tuple:
    marks, guides = band_marks(rects, limit)
    return marks.to_items(opts.cut_color) + guides.to_items(GUIDE_INK if opts.cut_color == "#000000"
                                                           else opts.cut_color)


def _grid_sheets(run: list[PrintItem], opts: SheetOptions) -> list:
    grid = plan_grid(opts.paper, run[0].size, margin=EDGE, bleed=opts.bleed, gutter=opts.gutter, header=HEADER)
    marks = _marks(list(grid.slots), _limit(grid.page, True), opts)
    return [(grid.page, [(item, grid.slots[i]) for i, item in enumerate(chunk)], marks)
            for chunk in paginate(run, grid.per_page)]


def _shelf_sheets(items: list[PrintItem], opts: SheetOptions) -> list:
    """Mixed sizes share sheets; a rectangular item gets its cut outline, a shaped one draws its own."""
    page = opts.paper.portrait()
    gutter = max(opts.gutter, SHAPED_GUTTER)
    packed = pack_shelves(_limit(page, True), [item.size for item in items], gutter)
    ink = GUIDE_INK if opts.cut_color == "#000000" else opts.cut_color
    out = []
    for placed in packed:
        pairs = [(items[i], rect) for i, rect in placed]
        outlines = tuple(RectItem(rect, fill=None, stroke=ink, stroke_pt=0.4) for item, rect in pairs
                         if item.cut is None)
        out.append((page, pairs, outlines))
    return out


def _fold(run: list[PrintItem], opts: SheetOptions, result: Imposed) -> None:
    fold = plan_fold_over(opts.paper, run[0].size, margin=opts.margin, bleed=opts.bleed, gutter=opts.gutter)
    shaped = run[0].cut is not None
    room = fold.block.top >= EDGE + HEADER
    limit = _limit(fold.page, room)
    marks = (() if shaped else _marks(list(fold.pairs), limit, opts)) + fold_marks(fold, edge=EDGE).to_items()
    sheets = paginate(run, fold.per_page)
    for n, chunk in enumerate(sheets, 1):
        label = f"{opts.title} — {opts.what} {n}/{len(sheets)}"
        for item in chunk:
            if item.has_back:
                _back_form(item, opts.bleed, result.forms, opts)
            result.count(item)
        head = (TextItem(fold.page.w / 2, EDGE + 2.6, f"{label} · {opts.note}" if opts.note else label,
                         font=SHEET_FONT, size_pt=6, anchor="middle", fill="#555555"),) if room else ()

        def page(chunk=chunk, head=head, label=label, forms=result.forms) -> Page:
            items: list = []
            for i, item in enumerate(chunk):
                items.append(_front(item, fold.fronts[i], opts))
                if item.has_back:
                    items.append(_back_use(item, fold.backs[i], opts.bleed, forms, opts))
            return Page(fold.page, (*items, *marks, *head), label=label)

        result.makers.append(page)


def _printshop(run: list[PrintItem], opts: SheetOptions, result: Imposed) -> None:
    b = opts.bleed
    for item in run:
        page = Size(item.size.w + 2 * b, item.size.h + 2 * b)
        trim = Rect(b, b, item.size.w, item.size.h)
        bleed_box = Rect(0, 0, page.w, page.h)
        result.count(item)

        def front(item=item, page=page, trim=trim, bleed_box=bleed_box) -> Page:
            return Page(page, (_place(draw_once(item.front, b), trim),), trim_box=trim, bleed_box=bleed_box,
                        label=f"{item.label} (front)")

        result.makers.append(front)
        if item.has_back:
            _back_form(item, b, result.forms)

            def back(item=item, page=page, trim=trim, bleed_box=bleed_box, forms=result.forms) -> Page:
                return Page(page, (_back_use(item, trim, b, forms),), trim_box=trim, bleed_box=bleed_box,
                            label=f"{item.label} (back)")

            result.makers.append(back)


def calibration_pages(paper: Size, title: str, text: str = "") -> list[Page]:
    """Duplex calibration: print both sides, hold to the light, read the offset for --duplex-offset.
    ``text`` is the localized instruction (the header of the first page)."""
    cal = duplex_calibration(paper)
    lines, line = [], ""
    for word in text.split():  # a short measure: 6.5 pt condensed fits ~110 characters in 190 mm
        if line and len(line) + 1 + len(word) > 100:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    head = tuple(TextItem(paper.w / 2, 12 + 3 * k, ln, size_pt=6.5, anchor="middle", fill="#333333")
                 for k, ln in enumerate(lines))
    frame = RectItem(Rect(EDGE + 1, EDGE + 1, paper.w - 2 * EDGE - 2, paper.h - 2 * EDGE - 2), fill=None,
                     stroke="#bbbbbb", stroke_pt=0.3)
    return [Page(paper, (frame, *head, TextItem(paper.w / 2, 15 + 3 * len(lines), title, size_pt=8, anchor="middle"),
                         *cal.front.to_items()), label="calibration (front)"),
            Page(paper, (*cal.back.to_items(),), label="calibration (back)")]


__all__ = ["Imposed", "SheetOptions", "back_slot_index", "calibration_pages", "impose", "Point"]
