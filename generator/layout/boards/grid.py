"""The square grid of a board, with its marks per player count."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from generator.geom.scene import (
    Circle,
    Line,
    Polygon,
    RectItem,
    TextItem,
)
from generator.geom.shapes import Point, Rect, Size
from generator.geom.units import pt_to_mm
from generator.layout.boards.common import (
    DEFAULT_CELL_MM,
    FONT_BOLD,
    GREY,
    INK,
    LIGHT,
    LegendEntry,
    Panel,
    _Ctx,
    _framed,
    baseline_for_centre,
    col_label,
    colour_for,
    words,
    wrapped_label,
)
from generator.layout.boards.variants import (
    on_side,
)
from generator.schema.components import GridMark, Icon

# grid --------------------------------------------------------------------------------------------

MARK_WORDS = ("impassable", "start", "start_city", "neutral_city", "neutral", "artifact", "ruins")  # board.mark.*


def mark_style(mark: str) -> str:
    m = mark.lower()
    if "impass" in m or "blocked" in m or "nieprzejezd" in m:
        return "impassable"
    if "start" in m or "home" in m:
        return "start"
    if "neutral" in m:
        return "neutral"
    return "other"


def mark_text(mark: str, langs=("pl", "en")) -> str:
    """A mark kind's name from the catalogs; a designer's own kind is shown as written (underscores as spaces)."""
    if mark in MARK_WORDS:
        return words(langs, f"mark.{mark}")
    return mark.replace("_", " ")


def _mark_symbol(mark: str, c: Point, r: float, icons: Mapping[str, Icon], arts: Mapping | None = None) -> list:
    """The symbol of one mark kind, centred on c with radius r (an icon with an image: its artwork)."""
    icon = icons.get(mark)
    art = (arts or {}).get(mark)
    if icon is not None and art is not None:
        return list(art.draw(Rect(c.x - r, c.y - r, 2 * r, 2 * r)))
    if icon is not None:
        size = r * 1.1 / pt_to_mm(1)
        return [Circle(c, r, fill=icon.color, stroke=INK, stroke_pt=0.6),
                TextItem(c.x, baseline_for_centre(c.y, size), icon.glyph or mark[:1].upper(), font=FONT_BOLD, size_pt=size,
                         anchor="middle", fill="#ffffff")]
    style = mark_style(mark)
    if style == "start":
        return [Circle(c, r, fill="#8b5a2b", stroke=INK, stroke_pt=0.6)]
    if style == "neutral":
        return [Circle(c, r, fill="#ffffff", stroke=INK, stroke_pt=1.2)]
    if style == "impassable":
        return [RectItem(Rect(c.x - r, c.y - r, 2 * r, 2 * r), fill="#8c8c8c", stroke=INK, stroke_pt=0.6),
                Line(Point(c.x - r, c.y - r), Point(c.x + r, c.y + r), stroke="#ffffff", stroke_pt=1.2),
                Line(Point(c.x - r, c.y + r), Point(c.x + r, c.y - r), stroke="#ffffff", stroke_pt=1.2)]
    colour = colour_for(mark)
    pts = (Point(c.x, c.y - r), Point(c.x + r, c.y), Point(c.x, c.y + r), Point(c.x - r, c.y))
    size = r * 0.85 / pt_to_mm(1)
    return [Polygon(pts, fill=colour, stroke=INK, stroke_pt=0.6),
            TextItem(c.x, baseline_for_centre(c.y, size), mark[:1].upper(), font=FONT_BOLD, size_pt=size,
                     anchor="middle")]


def _swatch(mark: str, icons: Mapping[str, Icon], arts: Mapping | None = None) -> tuple:
    if mark_style(mark) == "impassable" and mark not in icons:
        return (RectItem(Rect(0, 0, 6, 6), fill="#8c8c8c", stroke=INK, stroke_pt=0.6),
                Line(Point(0.8, 0.8), Point(5.2, 5.2), stroke="#ffffff", stroke_pt=1.0),
                Line(Point(0.8, 5.2), Point(5.2, 0.8), stroke="#ffffff", stroke_pt=1.0))
    return tuple(_mark_symbol(mark, Point(3, 3), 2.6, icons, arts))


def marks_for(marks: Iterable[GridMark], players: int | None) -> list[GridMark]:
    """Marks that apply with this many players (all unconditional ones; conditional ones when listed)."""
    return [m for m in marks if m.players is None or (players is not None and players in m.players)]


def grid_panel(ctx: _Ctx) -> Panel | None:
    grid = ctx.board.grid
    if grid is None or not on_side(None, ctx.variant):
        return None
    notes = []
    cell = grid.cell_mm
    if cell is None:
        cell = DEFAULT_CELL_MM
        notes.append(ctx.ui("cell_assumed", cell=f"{cell:g}"))
    elif grid.cell_source is not None and grid.cell_source.is_assumption:
        notes.append(ctx.ui("cell_cited", cell=f"{cell:g}", cite=grid.cell_source.cite()))
    strip = 6.0
    items: list = []
    marks = marks_for(grid.marks, ctx.variant.players)
    by_cell: dict[tuple[int, int], list[GridMark]] = {}
    for mark in marks:
        by_cell.setdefault(tuple(mark.cell), []).append(mark)
    for row in range(grid.rows):
        for col in range(grid.cols):
            here = by_cell.get((col, row), [])
            blocked = any(mark_style(m.mark) == "impassable" and m.mark not in ctx.icons for m in here)
            rect = Rect(strip + col * cell, strip + row * cell, cell, cell)
            items.append(RectItem(rect, fill="#9a9a9a" if blocked else LIGHT, stroke="#555555", stroke_pt=0.6))
            if blocked:
                inset = cell * 0.18
                items += [Line(Point(rect.left + inset, rect.top + inset),
                               Point(rect.right - inset, rect.bottom - inset), stroke="#ffffff", stroke_pt=2.0),
                          Line(Point(rect.left + inset, rect.bottom - inset),
                               Point(rect.right - inset, rect.top + inset), stroke="#ffffff", stroke_pt=2.0)]
    items.append(RectItem(Rect(strip, strip, grid.cols * cell, grid.rows * cell), fill=None, stroke=INK,
                          stroke_pt=1.6))
    label_pt = min(8.0, max(4.0, cell / pt_to_mm(1) * 0.25))
    for col in range(grid.cols):
        items.append(TextItem(strip + (col + 0.5) * cell, strip - 1.6, col_label(col), font=FONT_BOLD,
                              size_pt=label_pt, anchor="middle", fill=GREY))
    for row in range(grid.rows):
        items.append(TextItem(strip / 2, baseline_for_centre(strip + (row + 0.5) * cell, label_pt), str(row + 1),
                              font=FONT_BOLD, size_pt=label_pt, anchor="middle", fill=GREY))
    for (col, row), here in sorted(by_cell.items()):
        if col >= grid.cols or row >= grid.rows:
            notes.append(ctx.ui("mark_outside", mark=mark_text(here[0].mark, ctx.langs), col=col, row=row,
                                cols=grid.cols, rows=grid.rows))
            continue
        symbols = [m for m in here if not (mark_style(m.mark) == "impassable" and m.mark not in ctx.icons)]
        labelled = [m for m in here if m.label]
        cx0, cy0 = strip + col * cell, strip + row * cell
        r = cell * (0.22 if len(symbols) <= 1 else 0.16)
        cy = cy0 + cell * (0.42 if labelled else 0.5)
        for k, mark in enumerate(symbols):
            cx = cx0 + cell * (k + 1) / (len(symbols) + 1)
            items += _mark_symbol(mark.mark, Point(cx, cy), r, ctx.icons, ctx.arts)
        if labelled:
            text = " · ".join(ctx.t(m.label) for m in labelled)
            items += wrapped_label(text, Rect(cx0 + cell * 0.05, cy0 + cell * 0.68, cell * 0.9, cell * 0.3), ctx,
                                   max_pt=min(7.0, label_pt), min_pt=3.5)
    for item in marks_for(grid.unplaced, ctx.variant.players):  # stated counts, positions not stated
        what = ctx.t(item.label) if item.label else mark_text(item.mark, ctx.langs)
        notes.append(f"{item.count} × {what} — {ctx.ui('unplaced')}")
    legend = []
    for kind in sorted({m.mark for m in marks}):
        icon = ctx.icons.get(kind)
        text = (" / ".join(dict.fromkeys(icon.label.get(x) for x in ctx.langs if icon.label.get(x)))
                if icon is not None else mark_text(kind, ctx.langs))
        legend.append(LegendEntry(kind, text, _swatch(kind, ctx.icons, ctx.arts)))
    title = ctx.ui("grid", cols=grid.cols, rows=grid.rows)
    if ctx.variant.players is not None and any(m.players for m in [*grid.marks, *grid.unplaced]):
        title += f" — {ctx.players(ctx.variant.players)}"
    content = Size(strip + grid.cols * cell + 2, strip + grid.rows * cell + 2)
    return _framed("grid", title, content, items, ctx, legend=legend, notes=notes, frame=False)
