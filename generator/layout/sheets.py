"""Impose printable items onto sheets: the home profile (n-up with crop marks and duplex backs) and the
print-shop profile (one item per page at trim + bleed, TrimBox and BleedBox set). Pure: returns pages
and forms of a Scene; drawing is the backends' job."""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.geom.scene import FormDef, Group, Page, RectItem, TextItem, UseForm
from generator.geom.shapes import Point, Rect, Size, Transform
from generator.layout.imposition import back_rect, back_slot_index, paginate, plan_fold_over, plan_grid
from generator.layout.marks import duplex_calibration, fold_crop_marks, fold_marks, grid_crop_marks
from generator.plan.items import PrintItem

NOTE = "Drukuj w skali 100% (rzeczywisty rozmiar) · Print at 100% / actual size"
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


@dataclass
class Imposed:
    pages: list[Page] = field(default_factory=list)
    forms: dict[str, FormDef] = field(default_factory=dict)
    placed: dict[str, int] = field(default_factory=dict)  # component → fronts placed
    pages_of: dict[str, list[int]] = field(default_factory=dict)  # component → 1-based pages of its fronts
    item_size: Size | None = None

    def count(self, item: PrintItem) -> None:
        """Count a front placed on the page about to be appended."""
        self.placed[item.component] = self.placed.get(item.component, 0) + 1
        pages = self.pages_of.setdefault(item.component, [])
        if not pages or pages[-1] != len(self.pages) + 1:
            pages.append(len(self.pages) + 1)
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
    for run in groups(items, by_group=opts.profile == "printshop"):
        if opts.profile == "printshop":
            _printshop(run, opts, result)
        elif opts.duplex == "fold":
            _fold(run, opts, result)
        else:
            _home(run, opts, result)
    return result


def _place(face_items: tuple, rect: Rect) -> Group:
    return Group(face_items, Transform.translate(rect.x, rect.y))


def _back_use(item: PrintItem, rect: Rect, bleed: float, result: Imposed) -> object:
    """The back of an item at ``rect``: a shared form when the item has a back key, else its own items.

    Backs are drawn upright; a shaped item's back face already carries its mirrored outline."""
    if item.back_key:
        name = f"{item.back_key}@{bleed:g}"
        if name not in result.forms:
            size = Size(item.size.w + 2 * bleed, item.size.h + 2 * bleed)
            result.forms[name] = FormDef(name, size, (Group(item.back(bleed), Transform.translate(bleed, bleed)),))
        return UseForm(name, rect.x - bleed, rect.y - bleed)
    return _place(item.back(bleed), rect)


def _header(page: Size, block: Rect, text: str) -> tuple:
    """The sheet's label and the print-at-100% note, above the crop marks (which end 6 mm above the block)."""
    if block.top < 11:
        return ()
    return (TextItem(page.w / 2, block.top - 7.5, text, size_pt=6, anchor="middle", fill="#555555"),)


def _home(run: list[PrintItem], opts: SheetOptions, result: Imposed) -> None:
    shaped = run[0].cut is not None
    gutter = max(opts.gutter, SHAPED_GUTTER) if shaped else opts.gutter
    grid = plan_grid(opts.paper, run[0].size, margin=opts.margin, bleed=opts.bleed, gutter=gutter)
    marks = () if shaped else grid_crop_marks(grid, style=opts.marks).to_items()
    sheets = paginate(run, grid.per_page)
    for n, chunk in enumerate(sheets, 1):
        label = f"{opts.title} — {_describe(chunk)} {n}/{len(sheets)}"
        fronts = [_place(item.front(opts.bleed), grid.slots[i]) for i, item in enumerate(chunk)]
        for item in chunk:
            result.count(item)
        result.pages.append(Page(grid.page, (*fronts, *marks, *_header(grid.page, grid.block, f"{label} · {NOTE}")),
                                 label=label))
        if opts.duplex in ("long", "short") and any(item.has_back for item in chunk):
            backs = [_back_use(item, back_rect(i, grid, opts.duplex, opts.offset), opts.bleed, result)
                     for i, item in enumerate(chunk) if item.has_back]
            back_marks = () if shaped else _shifted_marks(grid, opts)
            result.pages.append(Page(grid.page, (*backs, *back_marks), label=f"{label} (rewers / back)"))


def _describe(chunk) -> str:
    names = list(dict.fromkeys(item.group for item in chunk))
    return ", ".join(names[:3]) + (" …" if len(names) > 3 else "")


def _shifted_marks(grid, opts: SheetOptions) -> tuple:
    """Back-page crop marks follow the duplex correction, so both sides cut on the same lines."""
    items = grid_crop_marks(grid, style=opts.marks).to_items()
    dx, dy = opts.offset
    if not dx and not dy:
        return items
    return (Group(items, Transform.translate(dx, dy)),)


def _fold(run: list[PrintItem], opts: SheetOptions, result: Imposed) -> None:
    fold = plan_fold_over(opts.paper, run[0].size, margin=opts.margin, bleed=opts.bleed, gutter=opts.gutter)
    shaped = run[0].cut is not None
    marks = (() if shaped else fold_crop_marks(fold, style=opts.marks).to_items()) + fold_marks(fold).to_items()
    sheets = paginate(run, fold.per_page)
    for n, chunk in enumerate(sheets, 1):
        label = f"{opts.title} — {_describe(chunk)} {n}/{len(sheets)}"
        items: list = []
        for i, item in enumerate(chunk):
            items.append(_place(item.front(opts.bleed), fold.fronts[i]))
            if item.has_back:
                items.append(_back_use(item, fold.backs[i], opts.bleed, result))
            result.count(item)
        result.pages.append(Page(fold.page, (*items, *marks), label=label))


def _printshop(run: list[PrintItem], opts: SheetOptions, result: Imposed) -> None:
    b = opts.bleed
    for item in run:
        page = Size(item.size.w + 2 * b, item.size.h + 2 * b)
        trim = Rect(b, b, item.size.w, item.size.h)
        bleed_box = Rect(0, 0, page.w, page.h)
        result.count(item)
        result.pages.append(Page(page, (_place(item.front(b), trim),), trim_box=trim, bleed_box=bleed_box,
                                 label=f"{item.label} (front)"))
        if item.has_back:
            result.pages.append(Page(page, (_back_use(item, trim, b, result),), trim_box=trim,
                                     bleed_box=bleed_box, label=f"{item.label} (back)"))


def calibration_pages(paper: Size, title: str) -> list[Page]:
    """Duplex calibration: print both sides, hold to the light, read the offset for --duplex-offset."""
    cal = duplex_calibration(paper)
    text = ("Kalibracja druku dwustronnego · Duplex calibration — print both pages double-sided (long edge), "
            "read where the cross meets the scales: pnp print --duplex-offset X,Y")
    head = TextItem(paper.w / 2, 12, text, size_pt=6.5, anchor="middle", fill="#333333")
    frame = RectItem(Rect(5, 5, paper.w - 10, paper.h - 10), fill=None, stroke="#bbbbbb", stroke_pt=0.3)
    return [Page(paper, (frame, head, TextItem(paper.w / 2, 18, title, size_pt=8, anchor="middle"),
                         *cal.front.to_items()), label="calibration (front)"),
            Page(paper, (*cal.back.to_items(),), label="calibration (back)")]


__all__ = ["Imposed", "SheetOptions", "back_slot_index", "calibration_pages", "impose", "Point"]
