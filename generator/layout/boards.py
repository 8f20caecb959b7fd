"""Boards and assembled maps -> a flat drawing in board millimetres (pure: no drawing library, no files).

A board in the data is a bag of parts — a grid with marks, numbered tracks, regions with adjacency,
named spaces, wheels (dials) and hex maps assembled from tiles — and hardly ever real artwork. So a
board is drawn as a clean, honest schematic: every part becomes a titled panel, the panels are packed
onto the board, and the board says in print what is schematic and which numbers are assumptions.

- Geometry the data gives (grid ``cell_mm``, tile ``hex_size_mm``) is drawn at that size; where it is
  missing a default is used and named on the board. Region shapes are never invented: regions are drawn
  as a labelled graph of their adjacency, marked "schematic".
- One drawing per variant: each side of a two-sided board, and each player count when grid marks or
  map layouts depend on it (Battalia's 2/3/4-player marks, Runewars' map per player count).
- A board with no size in the data gets one from its content (rounded up to 5 mm) and says so.

Everything is returned as plain scene primitives in board coordinates (no groups), which the poster
planner (layout/poster.py) can cull per page and the backends draw unchanged.
"""
from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from generator.geom.hexgrid import Hex, HexTileError, hex_corners, hex_to_point, hex_width, outline
from generator.geom.paper import CARD_SIZES, PAPERS
from generator.geom.scene import (
    CAP_CENTRE_EM,
    Circle,
    Line,
    Page,
    Polygon,
    RectItem,
    TextBlock,
    TextItem,
    expand_text_block,
)
from generator.geom.shapes import Point, Rect, Size
from generator.geom.units import pt_to_mm
from generator.schema.components import Board, GridMark, Icon, MapLayout, MapPlacement, Tile
from generator.text.fit import FontMetrics, TextDoesNotFit, fit_text

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_NARROW = "DejaVuSansCondensed"

MARGIN = 10.0  # mm, board edge to content
GAP = 8.0  # mm between panels
PANEL_TITLE_H = 7.0
DEFAULT_CELL_MM = 40.0
DEFAULT_HEX_MM = 25.0
TRACK_SPACE_MM = 12.0
WHEEL_R = 28.0
SPACE_BOX = Size(48.0, 17.0)
SIZE_STEP = 5.0  # auto sizes round up to this
MIN_AUTO_WIDTH = 150.0  # mm; narrower boards make the printed notes unreadable columns
MAX_UPSCALE = 2.5  # schematic-only parts grow to fill a roomy stated size, up to this
GEOMETRY_PANELS = ("grid", "hexmap")  # drawn at the millimetres the data gives, never rescaled

INK = "#222222"
GREY = "#666666"
LIGHT = "#f7f4ec"
SCHEMATIC_RED = "#b03a2e"
PALETTE = ("#dce9c8", "#f3e0b5", "#cfe0ef", "#ecd0d8", "#e2d6ee", "#d6ece6", "#f0e6c8", "#e5e5e5",
           "#f6d5c3", "#d0e4d0")
TERRAIN_COLOURS = {
    "forest": "#b9d7a8", "las": "#b9d7a8", "plains": "#e6eeb4", "grass": "#e6eeb4", "grassland": "#e6eeb4",
    "mountain": "#cbbfae", "mountains": "#cbbfae", "hills": "#dccb9e", "hill": "#dccb9e",
    "water": "#b8d4ee", "lake": "#b8d4ee", "sea": "#a9c8e8", "river": "#b8d4ee", "desert": "#f1e2b0",
    "swamp": "#b9c9a5", "marsh": "#b9c9a5", "road": "#d8cfc0", "city": "#e6c9c0", "castle": "#e6c9c0",
}

UI = {  # fixed wording, Polish / English
    "schematic": ("SCHEMAT", "SCHEMATIC"),
    "schematic_note": ("Schemat narysowany z danych instrukcji, bez oryginalnej grafiki",
                       "schematic drawn from the rulebook data, not the original artwork"),
    "region_graph": ("graf sąsiedztwa regionów — kształty i położenie nie są z planszy",
                     "region adjacency graph — shapes and positions are not the board's"),
    "source": ("Źródło", "Source"),
    "players": ("graczy", "players"),
    "side": ("Strona", "Side"),
    "legend": ("Legenda", "Legend"),
    "spaces": ("Pola", "Spaces"),
    "regions": ("Regiony", "Regions"),
    "map": ("Mapa", "Map"),
    "grid": ("Siatka", "Grid"),
    "unknown_spaces": ("liczba pól nieznana", "number of spaces unknown"),
    "unknown_segments": ("liczba segmentów nieznana", "number of segments unknown"),
    "unplaced": ("położenie pól nie jest podane", "positions not stated"),
}


def ui(key: str) -> str:
    pl, en = UI[key]
    return f"{pl} / {en}"


# --- measuring ------------------------------------------------------------------------------------

class ApproxMetrics:
    """A FontMetrics stand-in for tests and for callers without fonts: DejaVu is wide, ~0.6 em."""

    def width(self, text: str, font: str, size_pt: float) -> float:
        em = 0.5 if "Condensed" in font else 0.6
        if "Bold" in font:
            em += 0.05
        return len(text) * em * pt_to_mm(size_pt)

    def line_height(self, font: str, size_pt: float) -> float:
        return 1.2 * pt_to_mm(size_pt)


APPROX = ApproxMetrics()


def text_bounds(item: TextItem) -> Rect:
    """A generous box around a text line (no font needed): used for culling and containment checks."""
    size = pt_to_mm(item.size_pt)
    w = len(item.text) * 0.7 * size
    left = {"start": item.x, "middle": item.x - w / 2, "end": item.x - w}[item.anchor]
    return Rect(left, item.y - size, w, size * 1.3)


def item_bounds(item) -> Rect:
    """Bounding box of one flat primitive (stroke not included)."""
    if isinstance(item, RectItem):
        return item.rect
    if isinstance(item, Line):
        return Rect.from_edges(min(item.p1.x, item.p2.x), min(item.p1.y, item.p2.y),
                               max(item.p1.x, item.p2.x), max(item.p1.y, item.p2.y))
    if isinstance(item, Polygon):
        xs = [p.x for p in item.points]
        ys = [p.y for p in item.points]
        return Rect.from_edges(min(xs), min(ys), max(xs), max(ys))
    if isinstance(item, Circle):
        return Rect(item.center.x - item.r, item.center.y - item.r, 2 * item.r, 2 * item.r)
    if isinstance(item, TextItem):
        return text_bounds(item)
    raise TypeError(f"board drawings hold flat primitives only, got {type(item).__name__}")


def place(item, dx: float, dy: float, k: float = 1.0):
    """The primitive moved by (dx, dy) after scaling about the origin by k (text size scales too)."""
    def pt(p: Point) -> Point:
        return Point(dx + p.x * k, dy + p.y * k)

    if isinstance(item, RectItem):
        r = item.rect
        return replace(item, rect=Rect(dx + r.x * k, dy + r.y * k, r.w * k, r.h * k), radius=item.radius * k)
    if isinstance(item, Line):
        dash = tuple(d * k for d in item.dash) if item.dash else None
        return replace(item, p1=pt(item.p1), p2=pt(item.p2), dash=dash)
    if isinstance(item, Polygon):
        return replace(item, points=tuple(pt(p) for p in item.points))
    if isinstance(item, Circle):
        return replace(item, center=pt(item.center), r=item.r * k)
    if isinstance(item, TextItem):
        return replace(item, x=dx + item.x * k, y=dy + item.y * k, size_pt=item.size_pt * k)
    raise TypeError(f"cannot place {type(item).__name__}")


def fit_label(x: float, y: float, text: str, max_w: float, metrics: FontMetrics, *, size_pt: float = 8.0,
              min_pt: float = 4.0, anchor: str = "middle", font: str = FONT, fill: str = INK) -> TextItem:
    """One line of text shrunk until it fits max_w; cut with an ellipsis when even min_pt is too wide."""
    size = size_pt
    while size > min_pt and metrics.width(text, font, size) > max_w:
        size = max(min_pt, size - 0.5)
    if metrics.width(text, font, size) > max_w:
        while len(text) > 1 and metrics.width(text + "…", font, size) > max_w:
            text = text[:-1]
        text = text.rstrip() + "…"
    return TextItem(x, y, text, font=font, size_pt=size, anchor=anchor, fill=fill)


def wrapped_label(text: str, box: Rect, ctx: _Ctx, *, max_pt: float, min_pt: float, font: str = FONT,
                  fill: str = INK) -> list:
    """Text wrapped (and hyphenated) into a box, centred; one shrunk line when even that fails."""
    try:
        fitted = fit_text(text, box.size, ctx.metrics, font, max_pt, min_pt, lang=ctx.lang, bold_font=FONT_BOLD)
    except (TextDoesNotFit, ValueError):
        return [fit_label(box.center.x, baseline_for_centre(box.center.y, min_pt), text, box.w, ctx.metrics,
                          size_pt=min_pt, min_pt=min(min_pt, 3.0), font=font, fill=fill)]
    return list(expand_text_block(TextBlock(box, fitted, align="center", valign="middle", fill=fill)))


def wrap_lines(text: str, max_w: float, metrics: FontMetrics, font: str, size_pt: float) -> list[str]:
    """Greedy word wrap (for footer notes); a single over-long word stays on its own line."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and metrics.width(trial, font, size_pt) > max_w:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def baseline_for_centre(cy: float, size_pt: float) -> float:
    """Baseline that centres capitals vertically on cy."""
    return cy + CAP_CENTRE_EM * pt_to_mm(size_pt)


def colour_for(key: str) -> str:
    """A stable pastel colour for a name (terrain, region kind, mark) — md5, not hash(), for stability."""
    if key.lower() in TERRAIN_COLOURS:
        return TERRAIN_COLOURS[key.lower()]
    digest = hashlib.md5(key.encode("utf-8")).digest()
    return PALETTE[digest[0] % len(PALETTE)]


def col_label(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (spreadsheet style)."""
    out = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


# --- variants -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardVariant:
    """One drawing of a board: a side (of a two-sided board) and a player count (when marks/maps vary)."""

    board_id: str
    side_id: str | None = None
    side_name: tuple[str, str] | None = None  # (pl, en)
    players: int | None = None

    @property
    def slug(self) -> str:
        parts = [self.board_id]
        if self.side_id:
            parts.append(self.side_id)
        if self.players is not None:
            parts.append(f"{self.players}p")
        return "-".join(parts)


def board_sides(board: Board) -> list[tuple[str, tuple[str, str]]]:
    """Declared sides, then side ids the parts use without declaring them (drawn rather than lost)."""
    sides = [(s.id, (s.name.pl, s.name.en)) for s in board.sides]
    known = {s for s, _ in sides}
    used = [x.side for x in (*board.tracks, *board.regions, *board.spaces) if x.side]
    for side in used:
        if side not in known:
            known.add(side)
            sides.append((side, (side, side)))
    return sides


def on_side(part_side: str | None, variant: BoardVariant) -> bool:
    """Parts that name no side are on every side (the data does not tie them to one)."""
    if variant.side_id is None or part_side is None:
        return True
    return part_side == variant.side_id


def varying_player_counts(board: Board, player_counts: Iterable[int]) -> list[int]:
    """Player counts that need their own drawing: when grid marks name players or maps exist."""
    mentioned: set[int] = set()
    if board.grid:
        for mark in [*board.grid.marks, *board.grid.unplaced]:
            mentioned.update(mark.players or ())
    for layout in board.maps:
        mentioned.update(layout.players)
    if not mentioned and not board.maps:
        return []
    return sorted(set(player_counts) | mentioned)


def board_variants(board: Board, player_counts: Iterable[int]) -> list[BoardVariant]:
    """Every drawing a board needs: sides × player counts (when marks or maps vary with them).

    Grid and maps name no side, so they are on every side, and every side varies with them."""
    counts = varying_player_counts(board, player_counts) or [None]
    sides = board_sides(board)
    if len(sides) <= 1:
        name = sides[0][1] if sides else None
        return [BoardVariant(board.id, None, name, p) for p in counts]
    return [BoardVariant(board.id, side_id, name, p) for side_id, name in sides for p in counts]


# --- panels ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LegendEntry:
    key: str
    text: str
    swatch: tuple  # primitives inside a 6 x 6 mm box at (0, 0)


@dataclass(frozen=True)
class Panel:
    """A titled block of the board, its items in local mm coordinates from its top-left corner."""

    kind: str
    title: str
    size: Size
    items: tuple
    schematic: bool = False
    legend: tuple[LegendEntry, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass
class _Ctx:
    board: Board
    variant: BoardVariant
    tiles: Mapping[str, Tile]
    icons: Mapping[str, Icon]
    metrics: FontMetrics
    lang: str

    def t(self, l10n) -> str:
        return getattr(l10n, self.lang) if l10n is not None else ""


def _framed(kind: str, title: str, content: Size, items: Sequence, ctx: _Ctx, *, schematic: bool = False,
            legend: Sequence[LegendEntry] = (), notes: Sequence[str] = (), frame: bool = True) -> Panel:
    """Put a title line above content items (given from (0, 0)) and, for schematics, a dashed frame."""
    pad = 3.0 if frame else 0.0
    title_item = TextItem(0, 5.0, title, font=FONT_BOLD, size_pt=9.0)
    width = max(content.w + 2 * pad, ctx.metrics.width(title, FONT_BOLD, 9.0) + 2)
    out: list = [title_item]
    if schematic:
        tag = ui("schematic")
        tag_w = ctx.metrics.width(tag, FONT_BOLD, 6.0)
        title_w = ctx.metrics.width(title, FONT_BOLD, 9.0)
        width = max(width, title_w + tag_w + 6)
        out.append(TextItem(width, 5.0, tag, font=FONT_BOLD, size_pt=6.0, anchor="end", fill=SCHEMATIC_RED))
    top = PANEL_TITLE_H
    if frame:
        out.append(RectItem(Rect(0, top, width, content.h + 2 * pad), fill=None,
                            stroke=SCHEMATIC_RED if schematic else "#999999", stroke_pt=0.6,
                            radius=1.5))
    dx = pad + (width - 2 * pad - content.w) / 2
    out.extend(place(i, dx, top + pad) for i in items)
    return Panel(kind, title, Size(width, top + content.h + 2 * pad), tuple(out), schematic,
                 tuple(legend), tuple(notes))


# grid --------------------------------------------------------------------------------------------

MARK_WORDS = {
    "impassable": ("nieprzejezdne", "impassable"),
    "start": ("pole startowe", "start"),
    "start_city": ("miasto początkowe", "starting city"),
    "neutral_city": ("miasto neutralne", "neutral city"),
    "neutral": ("neutralne", "neutral"),
    "artifact": ("artefakt", "artifact"),
    "ruins": ("ruiny", "ruins"),
}


def mark_style(mark: str) -> str:
    m = mark.lower()
    if "impass" in m or "blocked" in m or "nieprzejezd" in m:
        return "impassable"
    if "start" in m or "home" in m:
        return "start"
    if "neutral" in m:
        return "neutral"
    return "other"


def mark_text(mark: str) -> str:
    if mark in MARK_WORDS:
        pl, en = MARK_WORDS[mark]
        return f"{pl} / {en}"
    return mark.replace("_", " ")


def _mark_symbol(mark: str, c: Point, r: float, icons: Mapping[str, Icon]) -> list:
    """The symbol of one mark kind, centred on c with radius r."""
    icon = icons.get(mark)
    if icon is not None:
        size = r * 1.1 / pt_to_mm(1)
        return [Circle(c, r, fill=icon.color, stroke=INK, stroke_pt=0.6),
                TextItem(c.x, baseline_for_centre(c.y, size), icon.glyph, font=FONT_BOLD, size_pt=size,
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


def _swatch(mark: str, icons: Mapping[str, Icon]) -> tuple:
    if mark_style(mark) == "impassable" and mark not in icons:
        return (RectItem(Rect(0, 0, 6, 6), fill="#8c8c8c", stroke=INK, stroke_pt=0.6),
                Line(Point(0.8, 0.8), Point(5.2, 5.2), stroke="#ffffff", stroke_pt=1.0),
                Line(Point(0.8, 5.2), Point(5.2, 0.8), stroke="#ffffff", stroke_pt=1.0))
    return tuple(_mark_symbol(mark, Point(3, 3), 2.6, icons))


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
        notes.append(f"Siatka: bok pola {cell:g} mm przyjęty (brak w danych) / grid cell {cell:g} mm assumed "
                     "(not in the data)")
    elif grid.cell_source is not None and grid.cell_source.is_assumption:
        notes.append(f"Siatka / grid cell {cell:g} mm — {grid.cell_source.cite()}")
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
            notes.append(f"mark {here[0].mark} at [{col}, {row}] lies outside the {grid.cols}×{grid.rows} grid; "
                         "not drawn")
            continue
        symbols = [m for m in here if not (mark_style(m.mark) == "impassable" and m.mark not in ctx.icons)]
        labelled = [m for m in here if m.label]
        cx0, cy0 = strip + col * cell, strip + row * cell
        r = cell * (0.22 if len(symbols) <= 1 else 0.16)
        cy = cy0 + cell * (0.42 if labelled else 0.5)
        for k, mark in enumerate(symbols):
            cx = cx0 + cell * (k + 1) / (len(symbols) + 1)
            items += _mark_symbol(mark.mark, Point(cx, cy), r, ctx.icons)
        if labelled:
            text = " · ".join(ctx.t(m.label) for m in labelled)
            items += wrapped_label(text, Rect(cx0 + cell * 0.05, cy0 + cell * 0.68, cell * 0.9, cell * 0.3), ctx,
                                   max_pt=min(7.0, label_pt), min_pt=3.5)
    for item in marks_for(grid.unplaced, ctx.variant.players):  # stated counts, positions not stated
        notes.append(f"{item.count} × {ctx.t(item.label) if item.label else mark_text(item.mark)} — "
                     f"{ui('unplaced')}")
    legend = []
    for kind in sorted({m.mark for m in marks}):
        icon = ctx.icons.get(kind)
        text = f"{icon.label.pl} / {icon.label.en}" if icon is not None else mark_text(kind)
        legend.append(LegendEntry(kind, text, _swatch(kind, ctx.icons)))
    title = f"{ui('grid')} {grid.cols} × {grid.rows}"
    if ctx.variant.players is not None and any(m.players for m in [*grid.marks, *grid.unplaced]):
        title += f" — {ctx.variant.players} {ui('players')}"
    content = Size(strip + grid.cols * cell + 2, strip + grid.rows * cell + 2)
    return _framed("grid", title, content, items, ctx, legend=legend, notes=notes, frame=False)


# hex map -----------------------------------------------------------------------------------------

def rotate_axial(q: int, r: int, steps: int) -> tuple[int, int]:
    """Rotate (q, r) about hex (0, 0) by `steps` × 60° clockwise on screen (Red Blob: q,r,s -> -r,-s,-q)."""
    for _ in range(steps % 6):
        s = -q - r
        q, r = -r, -s
    return q, r


@dataclass(frozen=True)
class PlacedTile:
    tile_id: str
    hexes: tuple[Hex, ...]  # map coordinates; a placeholder holds the one anchor hex
    placeholder: bool
    terrain: str | None
    label: str
    areas: tuple[tuple[str, tuple[Hex, ...]], ...] = ()


def place_tiles(layout: MapLayout, tiles: Mapping[str, Tile]) -> list[PlacedTile]:
    """Each placement's hexes in map coordinates: the tile's hexes rotated about its (0, 0), then moved."""
    out = []
    for p in layout.placements:
        tile = tiles.get(p.tile)
        label = p.tile if tile is None or not tile.symbol else f"{tile.symbol} · {p.tile}"
        if tile is None or not tile.hexes:
            out.append(PlacedTile(p.tile, (Hex(p.q, p.r),), True, None, label))
            continue

        areas = tuple((a.id, _moved(a.hexes, p)) for a in tile.areas if a.hexes)
        out.append(PlacedTile(p.tile, _moved(tile.hexes, p), False, tile.terrain, label, areas))
    return out


def _moved(cells, p: MapPlacement) -> tuple[Hex, ...]:
    return tuple(Hex(q + p.q, r + p.r) for q, r in (rotate_axial(a, b, p.rotation) for a, b in cells))


def maps_for(board: Board, players: int | None) -> list[MapLayout]:
    return [m for m in board.maps if players is not None and players in m.players]


def hex_map_panel(ctx: _Ctx) -> Panel | None:
    board = ctx.board
    if not board.maps or not on_side(None, ctx.variant):
        return None
    layouts = maps_for(board, ctx.variant.players)
    title = f"{ui('map')} — {ctx.variant.players} {ui('players')}"
    notes: list[str] = []
    if not layouts:
        text = f"brak układu mapy dla {ctx.variant.players} graczy / no map layout for this player count"
        item = TextItem(0, 5, text, size_pt=8, fill=GREY)
        return _framed("hexmap", title, Size(ctx.metrics.width(text, FONT, 8) + 2, 8), [item], ctx)
    layout = layouts[0]
    if len(layouts) > 1:
        notes.append(f"{len(layouts)} map layouts list {ctx.variant.players} players; the first is drawn")
    if not layout.placements:
        return _tile_tray(ctx, layout, title, notes)
    placed = place_tiles(layout, ctx.tiles)
    used = [ctx.tiles[p.tile] for p in layout.placements if p.tile in ctx.tiles]
    sized = [t for t in used if t.hex_size_mm]
    size = sized[0].hex_size_mm if sized else DEFAULT_HEX_MM
    if not sized:
        notes.append(f"Mapa: heks {size:g} mm przyjęty / map hex size {size:g} mm assumed (not in the data)")
    orientation = used[0].orientation if used else "pointy"
    if any(t.orientation != orientation for t in used):
        notes.append(f"map tiles mix hex orientations; all drawn {orientation}")
    occupancy: dict[Hex, list[str]] = {}
    for pt_ in placed:
        for h in pt_.hexes:
            occupancy.setdefault(h, []).append(pt_.tile_id)
    clashes = sorted(h for h, ids in occupancy.items() if len(ids) > 1)
    if clashes:
        where = ", ".join(f"({h.q},{h.r})" for h in clashes[:6])
        notes.append(f"map tiles overlap at {where}{' …' if len(clashes) > 6 else ''} — check the data")
    placeholders = [p.tile_id for p in placed if p.placeholder]
    if placeholders:
        notes.append("bez kształtu w danych (zastępczy heks) / no hex shape in the data (placeholder hex): "
                     + ", ".join(sorted(set(placeholders))))
    corners = [c for h in occupancy for c in hex_corners(h, size, orientation)]
    min_x = min(c.x for c in corners)
    min_y = min(c.y for c in corners)
    max_x = max(c.x for c in corners)
    max_y = max(c.y for c in corners)
    pad = 2.0
    origin = Point(pad - min_x, pad - min_y)
    items: list = []
    legend: dict[str, LegendEntry] = {}
    for tile in placed:
        fill = "#eeeeee" if tile.placeholder else colour_for(tile.terrain or f"tile-{tile.tile_id}")
        for h in tile.hexes:
            items.append(Polygon(hex_corners(h, size, orientation, origin), fill=fill,
                                 stroke="#8a8a8a" if not tile.placeholder else None, stroke_pt=0.4))
        if tile.placeholder:
            for h in tile.hexes:
                pts = hex_corners(h, size, orientation, origin)
                for a, b in zip(pts, pts[1:] + pts[:1]):
                    items.append(Line(a, b, stroke=INK, stroke_pt=1.0, dash=(2.0, 1.5)))
        else:
            try:
                items.append(Polygon(outline(tile.hexes, size, orientation, origin), fill=None, stroke=INK,
                                     stroke_pt=1.4))
            except HexTileError as exc:
                notes.append(f"tile {tile.tile_id}: {exc}")
        if tile.terrain and tile.terrain not in legend:
            legend[tile.terrain] = LegendEntry(tile.terrain, tile.terrain.replace("_", " "),
                                               (RectItem(Rect(0, 0, 6, 6), fill=fill, stroke=INK, stroke_pt=0.5),))
    for h, ids in occupancy.items():
        if len(ids) > 1:
            items.append(Polygon(hex_corners(h, size * 0.92, orientation, origin), fill=None,
                                 stroke="#d0021b", stroke_pt=1.6))
    hw = hex_width(size, orientation)
    coord_pt = max(3.0, min(5.0, size * 0.2 / pt_to_mm(1)))
    for h in sorted(occupancy):
        c = hex_to_point(h, size, orientation, origin)
        items.append(TextItem(c.x, c.y + size * 0.62, f"{h.q},{h.r}", font=FONT_NARROW, size_pt=coord_pt,
                              anchor="middle", fill=GREY))
    for tile in placed:
        centre = _tile_label_hex(tile.hexes)
        c = hex_to_point(centre, size, orientation, origin)
        items.append(fit_label(c.x, baseline_for_centre(c.y, 8.0), tile.label, hw * 0.9, ctx.metrics,
                               size_pt=8.0, min_pt=3.5, font=FONT_BOLD))
        if tile.placeholder:
            items.append(fit_label(c.x, c.y + size * 0.38, "? hex", hw * 0.8, ctx.metrics, size_pt=5.5,
                                   min_pt=3.0, fill=SCHEMATIC_RED))
        for area_id, hexes in tile.areas:
            if hexes and hexes[0] != centre:
                a = hex_to_point(hexes[0], size, orientation, origin)
                items.append(fit_label(a.x, a.y - size * 0.35, area_id, hw * 0.8, ctx.metrics, size_pt=5.0,
                                       min_pt=3.0, fill=GREY, font=FONT_NARROW))
    content = Size(max_x - min_x + 2 * pad, max_y - min_y + 2 * pad)
    return _framed("hexmap", title, content, items, ctx, legend=list(legend.values()), notes=notes,
                   frame=False)


def _tile_tray(ctx: _Ctx, layout: MapLayout, title: str, notes: list[str]) -> Panel:
    """A layout without positions (players place the tiles): say so, cite why, and show the hex tiles."""
    tiles = [t for t in ctx.tiles.values() if t.shape in ("hex", "multihex")]
    sized = [t for t in tiles if t.hex_size_mm]
    size = sized[0].hex_size_mm if sized else 12.0  # placeholders only: small, the size is unknown anyway
    head = ["układ nie podaje pozycji kafelków / the layout gives no tile positions",
            f"{ui('source')}: {layout.source.cite()}"]
    lines = [ln for text in head for ln in wrap_lines(text, 230, ctx.metrics, FONT, 7.5)]
    items: list = [TextItem(0, 4 + 4 * k, ln, size_pt=7.5, fill=SCHEMATIC_RED if k == 0 else GREY)
                   for k, ln in enumerate(lines)]
    top = 4 * len(lines) + 3
    width = max(ctx.metrics.width(ln, FONT, 7.5) for ln in lines)
    cells: list[tuple[Tile, tuple[Hex, ...], bool, Rect]] = []
    for tile in tiles:
        known = bool(tile.hexes)
        hexes = tuple(Hex(q, r) for q, r in tile.hexes) if known else (Hex(0, 0),)
        corners = [c for h in hexes for c in hex_corners(h, size, tile.orientation)]
        box = Rect.from_edges(min(c.x for c in corners), min(c.y for c in corners),
                              max(c.x for c in corners), max(c.y for c in corners))
        cells.append((tile, hexes, known, box))
    if cells:
        sizes = [Size(max(box.w, 30) + 4, box.h + 9) for *_, box in cells]
        corners_at, packed = pack(sizes, max(width, 230), gap=4)
        shift = max(0.0, (width - packed.w) / 2)
        corners_at = [Point(p.x + shift, p.y) for p in corners_at]
        for (tile, hexes, known, box), at, cell in zip(cells, corners_at, sizes):
            origin = Point(at.x + (cell.w - box.w) / 2 - box.x, top + at.y - box.y)
            fill = colour_for(tile.terrain or f"tile-{tile.id}") if known else "#eeeeee"
            for h in hexes:
                pts = hex_corners(h, size, tile.orientation, origin)
                items.append(Polygon(pts, fill=fill, stroke="#8a8a8a" if known else None, stroke_pt=0.4))
                if not known:
                    items += [Line(a, b, stroke=INK, stroke_pt=1.0, dash=(2.0, 1.5))
                              for a, b in zip(pts, pts[1:] + pts[:1])]
            if known:
                try:
                    items.append(Polygon(outline(hexes, size, tile.orientation, origin), fill=None, stroke=INK,
                                         stroke_pt=1.4))
                except HexTileError as exc:
                    notes.append(f"tile {tile.id}: {exc}")
            label = tile.id if not tile.symbol else f"{tile.symbol} · {tile.id}"
            items.append(fit_label(at.x + cell.w / 2, top + at.y + box.h + 5.5, label, cell.w - 2, ctx.metrics,
                                   size_pt=7, min_pt=3.5, font=FONT_BOLD))
            if not known:
                c = hex_to_point(Hex(0, 0), size, tile.orientation, origin)
                items.append(fit_label(c.x, c.y + 1, "? hex", hex_width(size, tile.orientation) * 0.8,
                                       ctx.metrics, size_pt=6, min_pt=3, fill=SCHEMATIC_RED))
        width = max(width, packed.w)
        top += packed.h
        unknown = sorted(t.id for t, _, known, _ in cells if not known)
        if unknown:
            notes.append("bez kształtu w danych (zastępczy heks) / no hex shape in the data (placeholder hex): "
                         + ", ".join(unknown))
    return _framed("hexmap", title, Size(width, top), items, ctx, schematic=True, notes=notes)


def _tile_label_hex(hexes: Sequence[Hex]) -> Hex:
    """The hex nearest the tile's average position (where its id is printed)."""
    mq = sum(h.q for h in hexes) / len(hexes)
    mr = sum(h.r for h in hexes) / len(hexes)
    return min(hexes, key=lambda h: ((h.q - mq) ** 2 + (h.r - mr) ** 2 + (h.q - mq) * (h.r - mr), h))


# tracks ------------------------------------------------------------------------------------------

def track_panel(ctx: _Ctx) -> Panel | None:
    tracks = [t for t in ctx.board.tracks if on_side(t.side, ctx.variant)]
    if not tracks:
        return None
    s = TRACK_SPACE_MM
    items: list = []
    y = 0.0
    width = 0.0
    notes = []
    for track in tracks:
        name = ctx.t(track.name)
        items.append(TextItem(0, y + 3.5, f"{name}  ({track.id})", font=FONT_BOLD, size_pt=7.5))
        width = max(width, ctx.metrics.width(f"{name}  ({track.id})", FONT_BOLD, 7.5))
        y += 5.0
        if track.spaces == "unknown":
            for k in range(5):
                items.append(RectItem(Rect(k * s, y, s, s), fill=None, stroke=GREY, stroke_pt=0.6, radius=1))
                items.append(TextItem(k * s + s / 2, baseline_for_centre(y + s / 2, 9), "?", size_pt=9,
                                      anchor="middle", fill=GREY))
            text = ui("unknown_spaces")
            items.append(TextItem(5 * s + 3, baseline_for_centre(y + s / 2, 7), text, size_pt=7,
                                  fill=SCHEMATIC_RED))
            width = max(width, 5 * s + 3 + ctx.metrics.width(text, FONT, 7))
            y += s + 5
            notes.append(f"{name}: {ui('unknown_spaces')}")
            continue
        n = int(track.spaces)
        rows = max(1, math.ceil(n / 15))
        per_row = max(1, math.ceil(n / rows)) if n else 1
        for k in range(n):
            row, col = divmod(k, per_row)
            rect = Rect(col * s, y + row * s, s, s)
            start = k == 0
            items.append(RectItem(rect, fill="#fbf3dc" if start else "#ffffff", stroke=INK,
                                  stroke_pt=1.2 if start else 0.6))
            number = str(track.start + k)
            items.append(TextItem(rect.center.x, baseline_for_centre(rect.center.y, 9), number, font=FONT_BOLD,
                                  size_pt=9 if len(number) < 3 else 7, anchor="middle"))
        width = max(width, per_row * s)
        y += rows * s + 5
    return _framed("tracks", "Tory / Tracks", Size(width, y - 5), items, ctx, notes=notes)


# regions -----------------------------------------------------------------------------------------

def force_layout(n: int, edges: Sequence[tuple[int, int]], iterations: int = 300) -> list[Point]:
    """Fruchterman–Reingold in the unit square, started on a circle: deterministic, no randomness."""
    if n == 0:
        return []
    if n == 1:
        return [Point(0.5, 0.5)]
    pos = [[0.5 + 0.4 * math.cos(2 * math.pi * i / n + 0.1), 0.5 + 0.4 * math.sin(2 * math.pi * i / n + 0.1)]
           for i in range(n)]
    k = math.sqrt(1.0 / n)
    for step in range(iterations):
        temp = 0.1 * (1 - step / iterations) + 0.002
        disp = [[0.0, 0.0] for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                dx, dy = pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]
                d = math.hypot(dx, dy) or 1e-4
                f = k * k / d
                disp[i][0] += dx / d * f
                disp[i][1] += dy / d * f
                disp[j][0] -= dx / d * f
                disp[j][1] -= dy / d * f
        for i, j in edges:
            dx, dy = pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]
            d = math.hypot(dx, dy) or 1e-4
            f = d * d / k
            disp[i][0] -= dx / d * f
            disp[i][1] -= dy / d * f
            disp[j][0] += dx / d * f
            disp[j][1] += dy / d * f
        for i in range(n):
            dx, dy = disp[i]
            d = math.hypot(dx, dy)
            if d > 0:
                pos[i][0] = min(1.0, max(0.0, pos[i][0] + dx / d * min(d, temp)))
                pos[i][1] = min(1.0, max(0.0, pos[i][1] + dy / d * min(d, temp)))
    return _level([Point(x, y) for x, y in pos])


def _level(points: list[Point]) -> list[Point]:
    """Turn the layout so its long axis runs across (a chain of regions reads left to right)."""
    n = len(points)
    mx = sum(p.x for p in points) / n
    my = sum(p.y for p in points) / n
    sxx = sum((p.x - mx) ** 2 for p in points)
    syy = sum((p.y - my) ** 2 for p in points)
    sxy = sum((p.x - mx) * (p.y - my) for p in points)
    if abs(sxy) < 1e-12 and sxx >= syy:
        return points
    theta = 0.5 * math.atan2(2 * sxy, sxx - syy)
    cos, sin = math.cos(-theta), math.sin(-theta)
    return [Point(0.5 + (p.x - mx) * cos - (p.y - my) * sin, 0.5 + (p.x - mx) * sin + (p.y - my) * cos)
            for p in points]


def spread(points: Sequence[Point], boxes: Sequence[Size], gap: float) -> list[Point]:
    """Scale unit-square positions up just enough that no two boxes (centred on them) touch."""
    k = 1.0
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            dx = abs(points[i].x - points[j].x)
            dy = abs(points[i].y - points[j].y)
            need_x = (boxes[i].w + boxes[j].w) / 2 + gap
            need_y = (boxes[i].h + boxes[j].h) / 2 + gap
            kx = need_x / dx if dx > 1e-9 else math.inf
            ky = need_y / dy if dy > 1e-9 else math.inf
            k = max(k, min(kx, ky))
    k = min(k, 2000.0)
    return [Point(p.x * k, p.y * k) for p in points]


def components(n: int, edges: Sequence[tuple[int, int]]) -> list[list[int]]:
    """Connected components, each in index order, ordered by their first index."""
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in edges:
        parent[find(a)] = find(b)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return sorted(groups.values(), key=lambda g: g[0])


def graph_positions(n: int, edges: Sequence[tuple[int, int]], boxes: Sequence[Size], gap: float = 14.0
                    ) -> list[Point]:
    """Box centres for a graph drawing, top-left at (0, 0): each connected part laid out by forces,
    nodes without any neighbour in a tidy grid (forces would push them to the corners), parts packed."""
    blocks: list[tuple[list[int], list[Point], Size]] = []
    singles = []
    for comp in components(n, edges):
        if len(comp) == 1:
            singles.append(comp[0])
            continue
        local = {v: k for k, v in enumerate(comp)}
        sub_edges = [(local[a], local[b]) for a, b in edges if a in local]
        pts = spread(force_layout(len(comp), sub_edges), [boxes[v] for v in comp], gap)
        blocks.append((comp, *_normalise(pts, [boxes[v] for v in comp])))
    if singles:
        cell_w = max(boxes[v].w for v in singles) + gap / 2
        cell_h = max(boxes[v].h for v in singles) + gap / 2
        cols = max(1, math.ceil(math.sqrt(len(singles) * 1.6)))
        pts = [Point((k % cols + 0.5) * cell_w, (k // cols + 0.5) * cell_h) for k in range(len(singles))]
        blocks.append((singles, *_normalise(pts, [boxes[v] for v in singles])))
    width = max(max(b[2].w for b in blocks), math.sqrt(sum(b[2].w * b[2].h for b in blocks) * 1.5))
    corners, _ = pack([b[2] for b in blocks], width, gap)
    out = [Point(0, 0)] * n
    for (members, pts, _), corner in zip(blocks, corners):
        for v, p in zip(members, pts):
            out[v] = Point(p.x + corner.x, p.y + corner.y)
    return out


def _normalise(pts: Sequence[Point], boxes: Sequence[Size]) -> tuple[list[Point], Size]:
    min_x = min(p.x - b.w / 2 for p, b in zip(pts, boxes))
    min_y = min(p.y - b.h / 2 for p, b in zip(pts, boxes))
    moved = [Point(p.x - min_x, p.y - min_y) for p in pts]
    return moved, Size(max(p.x + b.w / 2 for p, b in zip(moved, boxes)),
                       max(p.y + b.h / 2 for p, b in zip(moved, boxes)))


def region_panel(ctx: _Ctx) -> Panel | None:
    regions = [r for r in ctx.board.regions if on_side(r.side, ctx.variant)]
    if not regions:
        return None
    index = {r.id: i for i, r in enumerate(regions)}
    edges: set[tuple[int, int]] = set()
    elsewhere: list[str] = []
    all_ids = {r.id for r in ctx.board.regions}
    for r in regions:
        for other in (r.adjacent if isinstance(r.adjacent, list) else []):  # 'unknown': no edges drawn
            if other in index and other != r.id:
                a, b = index[r.id], index[other]
                edges.add((min(a, b), max(a, b)))
            elif other in all_ids:
                elsewhere.append(f"{r.id} – {other}")
    edge_list = sorted(edges)
    kind_colours = {}
    for r in ctx.board.regions:  # the whole board's order, so both sides share the colours
        kind_colours.setdefault(r.kind or "", PALETTE[len(kind_colours) % len(PALETTE)])
    name_pt, id_pt = 8.0, 5.5
    boxes = []
    for r in regions:
        w = max(ctx.metrics.width(ctx.t(r.name), FONT_BOLD, name_pt), ctx.metrics.width(r.id, FONT, id_pt))
        boxes.append(Size(w + 6, 11.0))
    pts = graph_positions(len(regions), edge_list, boxes)
    w = max(p.x + b.w / 2 for p, b in zip(pts, boxes))
    h = max(p.y + b.h / 2 for p, b in zip(pts, boxes))
    items: list = [Line(pts[a], pts[b], stroke=GREY, stroke_pt=1.2) for a, b in edge_list]
    kinds: dict[str, LegendEntry] = {}
    for r, p, b in zip(regions, pts, boxes):
        fill = kind_colours[r.kind or ""]
        rect = Rect(p.x - b.w / 2, p.y - b.h / 2, b.w, b.h)
        items.append(RectItem(rect, fill=fill, stroke=INK, stroke_pt=0.8, radius=2.5))
        items.append(TextItem(p.x, rect.top + 5.0, ctx.t(r.name), font=FONT_BOLD, size_pt=name_pt, anchor="middle"))
        items.append(TextItem(p.x, rect.top + 9.0, r.id, size_pt=id_pt, anchor="middle", fill=GREY))
        if r.kind and r.kind not in kinds:
            kinds[r.kind] = LegendEntry(f"kind:{r.kind}", r.kind.replace("_", " "),
                                        (RectItem(Rect(0, 0, 6, 6), fill=fill, stroke=INK, stroke_pt=0.5,
                                                  radius=1),))
    caption = ui("region_graph")
    items.append(TextItem(0, h + 5.0, caption, size_pt=6.0, fill=SCHEMATIC_RED))
    notes = []
    unstated = [ctx.t(r.name) for r in regions if not isinstance(r.adjacent, list)]  # adjacent: unknown
    if unstated:
        notes.append("sąsiedztwo nieznane, instrukcja go nie podaje / adjacency unknown, not stated in the "
                     "rulebook: " + ", ".join(unstated))
    elif not edge_list:
        notes.append("Regiony: brak sąsiedztwa w danych / regions: no adjacency in the data")
    if elsewhere:
        notes.append("sąsiedztwo z drugą stroną / adjacency to the other side: " + ", ".join(elsewhere))
    content = Size(max(w, ctx.metrics.width(caption, FONT, 6.0) + 2), h + 6.5)
    return _framed("regions", f"{ui('regions')} ({len(regions)})", content, items, ctx, schematic=True,
                   legend=list(kinds.values()), notes=notes)


# spaces ------------------------------------------------------------------------------------------

def spaces_panel(ctx: _Ctx) -> Panel | None:
    spaces = [s for s in ctx.board.spaces if on_side(s.side, ctx.variant)]
    if not spaces:
        return None
    per_row = min(4, len(spaces))
    box = SPACE_BOX
    gap = 3.0
    items: list = []
    for k, space in enumerate(spaces):
        row, col = divmod(k, per_row)
        rect = Rect(col * (box.w + gap), row * (box.h + gap), box.w, box.h)
        items.append(RectItem(rect, fill="#ffffff", stroke=INK, stroke_pt=0.7, radius=2))
        inner = Rect(rect.x + 2, rect.y + 1.2, box.w - 4, box.h - 5.5)
        name = ctx.t(space.name)
        items += wrapped_label(name, inner, ctx, max_pt=7.5, min_pt=4.5, font=FONT_BOLD)
        items.append(fit_label(rect.center.x, rect.bottom - 1.5, space.id, box.w - 4, ctx.metrics, size_pt=5,
                               min_pt=3.5, fill=GREY))
    rows = math.ceil(len(spaces) / per_row)
    content = Size(per_row * box.w + (per_row - 1) * gap, rows * box.h + (rows - 1) * gap)
    return _framed("spaces", f"{ui('spaces')} ({len(spaces)})", content, items, ctx, schematic=True)


# wheels ------------------------------------------------------------------------------------------

def wheel_panel(ctx: _Ctx) -> Panel | None:
    if not ctx.board.wheels or not on_side(None, ctx.variant):
        return None
    R = WHEEL_R
    items: list = []
    x = 0.0
    gap = 10.0
    for wheel in ctx.board.wheels:
        c = Point(x + R, R)
        items.append(Circle(c, R, fill="#fbf8f0", stroke=INK, stroke_pt=1.2))
        if wheel.segments == "unknown" or wheel.segments == 0:
            items.append(TextItem(c.x, baseline_for_centre(c.y - R * 0.45, 20), "?", font=FONT_BOLD, size_pt=20,
                                  anchor="middle", fill=GREY))
            items.append(fit_label(c.x, baseline_for_centre(c.y + R * 0.45, 6.5), ui("unknown_segments"), 1.6 * R,
                                   ctx.metrics, size_pt=6.5, min_pt=3.5, fill=SCHEMATIC_RED))
        else:
            n = int(wheel.segments)
            for k in range(n):
                a = -math.pi / 2 + 2 * math.pi * k / n
                items.append(Line(c, Point(c.x + R * math.cos(a), c.y + R * math.sin(a)), stroke=INK,
                                  stroke_pt=0.7))
            chord = 2 * 0.68 * R * math.sin(math.pi / n) * 0.85 if n > 1 else R
            texts = [wheel.labels[k] if k < len(wheel.labels) else str(k + 1) for k in range(n)]
            # one size for every segment (the smallest that fits them all) so the dial reads evenly
            pt = min(fit_label(0, 0, t, chord, ctx.metrics, size_pt=9, min_pt=4, font=FONT_BOLD).size_pt
                     for t in texts)
            for k, text in enumerate(texts):
                a = -math.pi / 2 + 2 * math.pi * (k + 0.5) / n
                lp = Point(c.x + 0.68 * R * math.cos(a), c.y + 0.68 * R * math.sin(a))
                items.append(fit_label(lp.x, baseline_for_centre(lp.y, pt), text, chord, ctx.metrics, size_pt=pt,
                                       min_pt=pt, font=FONT_BOLD))
        items.append(Circle(c, 4.0, fill="#ffffff", stroke=INK, stroke_pt=0.8))
        items.append(fit_label(c.x, 2 * R + 5.0, ctx.t(wheel.name), 2 * R + gap - 2, ctx.metrics, size_pt=8,
                               min_pt=5, font=FONT_BOLD))
        items.append(TextItem(c.x, 2 * R + 9.0, wheel.id, size_pt=5.5, anchor="middle", fill=GREY))
        x += 2 * R + gap
    content = Size(x - gap, 2 * R + 10.0)
    return _framed("wheels", "Tarcze / Wheels", content, items, ctx, schematic=True)


# legend ------------------------------------------------------------------------------------------

def legend_panel(entries: Sequence[LegendEntry], ctx: _Ctx) -> Panel | None:
    seen: dict[str, LegendEntry] = {}
    for e in entries:
        seen.setdefault(e.key, e)
    if not seen:
        return None
    items: list = []
    width = 0.0
    for k, e in enumerate(seen.values()):
        y = k * 8.0
        items.extend(place(i, 0, y) for i in e.swatch)
        items.append(TextItem(9, baseline_for_centre(y + 3, 7.5), e.text, size_pt=7.5))
        width = max(width, 9 + ctx.metrics.width(e.text, FONT, 7.5))
    return _framed("legend", ui("legend"), Size(width, len(seen) * 8.0 - 2), items, ctx)


# --- the board ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardDrawing:
    """A finished board variant: flat primitives in board mm, (0, 0) at the board's top-left corner."""

    variant: BoardVariant
    title: str
    size: Size
    items: tuple
    notes: tuple[str, ...]
    size_assumed: bool
    content_scale: float
    panels: tuple[str, ...] = field(default=())  # kinds drawn, in order

    def page(self) -> Page:
        """The whole board as one page (the SVG output)."""
        return Page(self.size, self.items, label=self.title)


def resolve_size(board: Board) -> tuple[Size | None, str | None]:
    """The board size the data gives (preset names included), and a note when it is an assumption."""
    spec = board.size
    if spec is None:
        return None, None
    if isinstance(spec, str):
        size = PAPERS.get(spec.lower()) or CARD_SIZES.get(spec.lower())
        if size is None:
            return None, f"unknown board size preset '{spec}'; size chosen from the content"
    else:
        size = Size(spec.w, spec.h)
    note = None
    if board.size_source is not None and board.size_source.is_assumption:
        note = f"Rozmiar / size {size.w:g} × {size.h:g} mm — {board.size_source.cite()}"
    return size, note


def pack(sizes: Sequence[Size], max_w: float, gap: float = GAP) -> tuple[list[Point], Size]:
    """Shelf packing in order: left to right, a new shelf when the next panel would pass max_w.
    Shelves are centred on the widest one. Returns top-left corners and the packed size."""
    shelves: list[list[int]] = [[]]
    x = 0.0
    for i, s in enumerate(sizes):
        if shelves[-1] and x + s.w > max_w + 1e-9:
            shelves.append([])
            x = 0.0
        shelves[-1].append(i)
        x += s.w + gap
    widths = [sum(sizes[i].w for i in shelf) + gap * (len(shelf) - 1) for shelf in shelves if shelf]
    total_w = max(widths) if widths else 0.0
    pos: list[Point] = [Point(0, 0)] * len(sizes)
    y = 0.0
    for shelf, width in zip([s for s in shelves if s], widths):
        x = (total_w - width) / 2
        height = max(sizes[i].h for i in shelf)
        for i in shelf:
            pos[i] = Point(x, y)
            x += sizes[i].w + gap
        y += height + gap
    return pos, Size(total_w, max(0.0, y - gap))


def layout_board(board: Board, variant: BoardVariant, *, tiles: Mapping[str, Tile] | Iterable[Tile] = (),
                 icons: Mapping[str, Icon] | Iterable[Icon] = (), metrics: FontMetrics | None = None,
                 lang: str = "pl", game_title: str = "") -> BoardDrawing:
    """Draw one variant of a board: header, packed panels, legend, footer notes, board outline."""
    tiles = tiles if isinstance(tiles, Mapping) else {t.id: t for t in tiles}
    icons = icons if isinstance(icons, Mapping) else {i.id: i for i in icons}
    ctx = _Ctx(board, variant, tiles, icons, metrics or APPROX, lang)
    panels = [p for p in (grid_panel(ctx), hex_map_panel(ctx), track_panel(ctx), region_panel(ctx),
                          spaces_panel(ctx), wheel_panel(ctx)) if p is not None]
    legend = legend_panel([e for p in panels for e in p.legend], ctx)
    if legend is not None:
        panels.append(legend)
    if not panels:
        text = "dane nie umieszczają nic na tej stronie / the data puts nothing on this side"
        panels.append(_framed("empty", "Pusta strona / Empty side", Size(ctx.metrics.width(text, FONT, 8), 8),
                              [TextItem(0, 5, text, size_pt=8, fill=GREY)], ctx, schematic=True))

    title = ctx.t(board.name)
    other = board.name.en if lang == "pl" else board.name.pl
    subtitle_parts = [other] if other != title else []
    if game_title:
        subtitle_parts.append(game_title)
    if variant.side_name:
        subtitle_parts.append(f"{ui('side')}: {variant.side_name[0]} / {variant.side_name[1]}")
    if variant.players is not None:
        subtitle_parts.append(f"{variant.players} {ui('players')}")
    subtitle = " · ".join(subtitle_parts)
    header_h = 17.0

    notes = [f"{UI['schematic_note'][0]} / {UI['schematic_note'][1]}.",
             f"{ui('source')}: {board.source.cite()}"]
    if variant.side_id is not None and _has_sideless_parts(board):
        notes.append("Części bez strony w danych są na każdej stronie / parts the data gives no side are drawn on "
                      "every side")
    if board.image:
        notes.append(f"artwork file {board.image} is not drawn: boards are schematics")
    for p in panels:
        notes.extend(p.notes)
    size, size_note = resolve_size(board)
    if size_note:
        notes.append(size_note)

    sizes = [p.size for p in panels]
    scale = 1.0
    note_pt = 6.5
    line_h = pt_to_mm(note_pt) * 1.35

    def footer_h(lines: list[str], width: float) -> float:
        return 4.0 + line_h * sum(len(wrap_lines(n, width - 2 * MARGIN, ctx.metrics, FONT, note_pt)) for n in lines)

    def fits(k: float, extra: list[str]) -> bool:
        assert size is not None
        avail_h = size.h - 2 * MARGIN - header_h - footer_h(notes + extra, size.w)
        if avail_h <= 0:
            return False
        _, packed_k = pack(sizes, (size.w - 2 * MARGIN) / k)
        return packed_k.w * k <= size.w - 2 * MARGIN + 1e-6 and packed_k.h * k <= avail_h + 1e-6

    stated_is_fact = size is not None and not (board.size_source is not None and board.size_source.is_assumption)
    if size is not None and fits(1.0, []):
        if not any(p.kind in GEOMETRY_PANELS for p in panels):
            # only schematics on a roomy board: draw them larger (up to 2.5×) rather than leave it empty
            lo, hi = 1.0, MAX_UPSCALE
            for _ in range(20):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if fits(mid, []) else (lo, mid)
            scale = math.floor(lo * 20) / 20
        positions, packed = pack(sizes, (size.w - 2 * MARGIN) / scale)
        board_size, size_assumed = size, False
    elif size is not None and stated_is_fact:
        # a size the rulebook states is kept: the drawing shrinks, and says so
        extra = ["content scaled to 100% of natural size"]
        lo, hi = 0.02, 1.0
        for _ in range(30):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if fits(mid, extra) else (lo, mid)
        scale = lo
        notes.append(f"Zawartość zmniejszona do {scale * 100:.0f}% by zmieścić się w podanym rozmiarze / "
                     f"content scaled to {scale * 100:.0f}% to fit the stated board size")
        positions, packed = pack(sizes, (size.w - 2 * MARGIN) / scale)
        board_size, size_assumed = size, False
    else:
        # no size, or only an assumed one that cannot hold the parts at true scale: size from the content
        # (never smaller than the assumed size), so grid cells and hexes keep their real millimetres
        minimum = size or Size(0, 0)
        total_area = sum(s.w * s.h for s in sizes)
        widest = max(s.w for s in sizes)
        title_w = ctx.metrics.width(title, FONT_BOLD, 16)
        target = max(widest, title_w, math.sqrt(total_area * 1.3), 150.0, minimum.w - 2 * MARGIN)
        positions, packed = pack(sizes, target)
        width = max(_round_up(max(packed.w, title_w, MIN_AUTO_WIDTH - 2 * MARGIN) + 2 * MARGIN), minimum.w)
        if size is None:
            size_line = (f"Rozmiar przyjęty / size assumed: {{w:g}} × {{h:g}} mm — brak rozmiaru w danych, "
                         f"dobrany do zawartości / the data gives no board size; chosen from {_size_basis(board)}")
        else:
            size_line = (f"Rozmiar przyjęty / size assumed: {{w:g}} × {{h:g}} mm — przyjęty w danych rozmiar "
                         f"{size.w:g} × {size.h:g} mm nie mieści części w skali 1:1 / the assumed "
                         f"{size.w:g} × {size.h:g} mm cannot hold the parts at true scale; enlarged to fit "
                         f"{_size_basis(board)}")
        notes.append(size_line)
        height = max(_round_up(header_h + packed.h + footer_h(notes, width) + 2 * MARGIN), minimum.h)
        board_size = Size(width, height)
        notes[-1] = size_line.format(w=width, h=height)
        size_assumed = True

    W, H = board_size.w, board_size.h
    items: list = [RectItem(Rect(0, 0, W, H), fill="#ffffff", stroke=None, stroke_pt=0)]
    items.append(fit_label(MARGIN, MARGIN + 6.0, title, W - 2 * MARGIN, ctx.metrics, size_pt=16, min_pt=8,
                           anchor="start", font=FONT_BOLD))
    if subtitle:
        items.append(fit_label(MARGIN, MARGIN + 12.0, subtitle, W - 2 * MARGIN, ctx.metrics, size_pt=8.5,
                               min_pt=5, anchor="start", fill=GREY))
    items.append(Line(Point(MARGIN, MARGIN + header_h - 2.5), Point(W - MARGIN, MARGIN + header_h - 2.5),
                      stroke="#bbbbbb", stroke_pt=0.5))
    avail_w = W - 2 * MARGIN
    left = MARGIN + (avail_w - packed.w * scale) / 2
    top = MARGIN + header_h
    for panel, pos in zip(panels, positions):
        for item in panel.items:
            items.append(place(item, left + pos.x * scale, top + pos.y * scale, scale))
    lines = [(line, SCHEMATIC_RED if n_no == 0 else GREY) for n_no, n in enumerate(notes)
             for line in wrap_lines(n, avail_w, ctx.metrics, FONT, note_pt)]
    y = H - MARGIN - line_h * (len(lines) - 1)
    for k, (line, colour) in enumerate(lines):
        items.append(TextItem(MARGIN, y + k * line_h, line, size_pt=note_pt, fill=colour))
    items.append(RectItem(Rect(0, 0, W, H), fill=None, stroke=INK, stroke_pt=1.0))
    return BoardDrawing(variant, _page_title(title, variant), board_size, tuple(items), tuple(notes),
                        size_assumed, scale, tuple(p.kind for p in panels))


def _has_sideless_parts(board: Board) -> bool:
    return bool(board.grid or board.maps or board.wheels
                or any(x.side is None for x in (*board.tracks, *board.regions, *board.spaces)))


def _page_title(title: str, variant: BoardVariant) -> str:
    parts = [title]
    if variant.side_name:
        parts.append(variant.side_name[0])
    if variant.players is not None:
        parts.append(f"{variant.players}p")
    return " — ".join(parts)


def _round_up(v: float, step: float = SIZE_STEP) -> float:
    return math.ceil(v / step - 1e-9) * step


def _size_basis(board: Board) -> str:
    grid = board.grid
    if grid is not None:
        cell = grid.cell_mm or DEFAULT_CELL_MM
        return f"the geometry ({grid.cols} × {cell:g} mm grid cells) and the other parts"
    if board.maps:
        return "the assembled map and the other parts"
    return "the schematic parts"
