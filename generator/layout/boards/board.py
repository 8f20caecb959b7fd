"""One board variant: header, packed panels, legend, footer notes, perimeter tracks, outline."""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from generator.geom.scene import Line, Page, RectItem, TextItem
from generator.geom.shapes import Point, Rect, Size
from generator.geom.units import pt_to_mm
from generator.i18n import t
from generator.layout.boards import perimeter
from generator.layout.boards.common import (
    APPROX,
    DEFAULT_CELL_MM,
    FONT,
    FONT_BOLD,
    GEOMETRY_PANELS,
    GREY,
    INK,
    MARGIN,
    MAX_UPSCALE,
    MIN_AUTO_WIDTH,
    SCHEMATIC_RED,
    TRACK_SPACE_MM,
    LegendEntry,
    _Ctx,
    _framed,
    fit_label,
    place,
    wrap_lines,
)
from generator.layout.boards.grid import _mark_symbol, grid_panel
from generator.layout.boards.hexmap import hex_map_panel
from generator.layout.boards.packing import pack
from generator.layout.boards.panels import legend_panel, region_panel, spaces_panel, track_panel, wheel_panel
from generator.layout.boards.sizing import (
    MIN_DESIGN_SCALE,
    BoardDoesNotFit,
    largest_scale,
    resolve_size,
    round_up,
    size_is_fact,
)
from generator.layout.boards.variants import BoardVariant, on_side
from generator.model import markup
from generator.schema.components import Board, Icon, Tile
from generator.text.fit import FontMetrics

HEADER_H = 17.0
NOTE_PT = 6.5


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
    langs: tuple[str, ...] = ("pl", "en")  # the languages its wording is in
    size_notes: tuple[str, ...] = ()  # the notes about assumed or scaled sizes (repeated on the PDFs)

    def page(self) -> Page:
        """The whole board as one page (the SVG output)."""
        return Page(self.size, self.items, label=self.title)


def icon_legend(ctx: _Ctx) -> list[LegendEntry]:
    """One legend line per icon the board's own texts name (spaces, tracks, regions, wheels, placed tiles):
    its artwork (or its glyph disc) and its label in the board's languages."""
    board = ctx.board
    texts = [ctx.t(x.name) for x in (*board.spaces, *board.tracks, *board.regions, *board.wheels)]
    texts += [lab for w in board.wheels for lab in w.labels]
    for layout in board.maps:
        for p in layout.placements:
            tile = ctx.tiles.get(p.tile)
            if tile is not None:
                texts += [ctx.t(tile.name), tile.symbol or ""]
    used: dict[str, None] = {}
    for text in texts:
        if text and ":" in text:
            for ref in markup.icon_refs(str(text)):
                if ref.icon in ctx.icons:
                    used.setdefault(ref.icon, None)
    out = []
    for icon_id in used:
        icon = ctx.icons[icon_id]
        label = " / ".join(dict.fromkeys(icon.label.get(x) for x in ctx.langs if icon.label.get(x)))
        out.append(LegendEntry(icon_id, label, tuple(_mark_symbol(icon_id, Point(3, 3), 2.6, ctx.icons, ctx.arts))))
    return out


def perimeter_tracks(board: Board, variant: BoardVariant) -> list:
    """Tracks drawn around the board's edge (a known number of spaces; an unknown one stays a panel)."""
    return [t for t in board.tracks if t.path == "perimeter" and on_side(t.side, variant)
            and t.spaces != "unknown" and int(t.spaces) > 0]


def layout_board(board: Board, variant: BoardVariant, *, tiles: Mapping[str, Tile] | Iterable[Tile] = (),
                 icons: Mapping[str, Icon] | Iterable[Icon] = (), metrics: FontMetrics | None = None,
                 lang: str = "pl", game_title: str = "", langs: Sequence[str] | None = None,
                 original: bool = False, icon_arts: Mapping | None = None) -> BoardDrawing:
    """Draw one variant of a board: header, packed panels, legend, footer notes, board outline.

    ``langs`` are the game's languages (all wording is printed in them, ``lang`` first; default Polish
    and English); ``original`` is a designer's own game (no rulebook wording; a stated size is kept and
    parts that do not fit raise ``BoardDoesNotFit``); ``icon_arts`` maps icon ids to their artwork (icons
    named on the board, ``:storm:``, are drawn with it and listed in the legend with their labels)."""
    tiles = tiles if isinstance(tiles, Mapping) else {t.id: t for t in tiles}
    icons = icons if isinstance(icons, Mapping) else {i.id: i for i in icons}
    langs = tuple(langs) if langs else (lang, *(x for x in ("pl", "en") if x != lang))
    ctx = _Ctx(board, variant, tiles, icons, metrics or APPROX, lang, langs, original, dict(icon_arts or {}))
    rings = perimeter_tracks(board, variant)
    panels = [p for p in (grid_panel(ctx), hex_map_panel(ctx), track_panel(ctx), region_panel(ctx),
                          spaces_panel(ctx), wheel_panel(ctx)) if p is not None]
    ring_legend = [perimeter.legend_entry(t.id, ctx.t(t.name), t.start, int(t.spaces)) for t in rings]
    legend = legend_panel([*ring_legend, *(e for p in panels for e in p.legend), *icon_legend(ctx)], ctx)
    if legend is not None:
        panels.append(legend)
    if not panels:
        text = ctx.ui("empty_side_text")
        panels.append(_framed("empty", ctx.ui("empty_side"), Size(ctx.metrics.width(text, FONT, 8), 8),
                              [TextItem(0, 5, text, size_pt=8, fill=GREY)], ctx, schematic=True))

    title = ctx.t(board.name)
    others = [board.name.get(x) for x in langs if x != lang and board.name.get(x)]
    subtitle_parts = [o for o in others if o != title]
    if game_title:
        subtitle_parts.append(game_title)
    if variant.side_id is not None:
        side = next((x for x in board.sides if x.id == variant.side_id), None)
        subtitle_parts.append(" / ".join(dict.fromkeys(
            t(x, "board.side", name=(side.name.get(x) if side else None) or variant.side_id) for x in langs)))
    if variant.players is not None:
        subtitle_parts.append(ctx.players(variant.players))
    subtitle = " · ".join(subtitle_parts)

    notes: list[str] = []
    if not original:
        notes += [ctx.ui("schematic_note"), ctx.ui("source", cite=board.source.cite())]
    if variant.side_id is not None and _has_sideless_parts(board):
        notes.append(ctx.ui("sideless_parts"))
    if board.image:
        notes.append(ctx.ui("artwork_not_drawn", file=board.image))
    for p in panels:
        notes.extend(p.notes)
    size, size_note = resolve_size(board, langs)
    size_notes: list[str] = []
    if size_note:
        notes.append(size_note)
        size_notes.append(size_note)

    # a perimeter ring takes a band from every side; everything else is laid out inside it
    ring_cell = TRACK_SPACE_MM if size is None else perimeter.MAX_STATED_CELL
    band = (perimeter.EDGE + _rings_thickness(rings, size, ring_cell) + 2.0) if rings else 0.0
    margin = MARGIN + band
    sizes = [p.size for p in panels]
    scale = 1.0
    line_h = pt_to_mm(NOTE_PT) * 1.35

    def footer_h(lines: list[str], width: float) -> float:
        return 4.0 + line_h * sum(len(wrap_lines(n, width - 2 * margin, ctx.metrics, FONT, NOTE_PT, lang))
                                  for n in lines)

    def fits(k: float, extra: list[str]) -> bool:
        assert size is not None
        avail_h = size.h - 2 * margin - HEADER_H - footer_h(notes + extra, size.w)
        if avail_h <= 0 or size.w - 2 * margin <= 0:
            return False
        _, packed_k = pack(sizes, (size.w - 2 * margin) / k)
        return packed_k.w * k <= size.w - 2 * margin + 1e-6 and packed_k.h * k <= avail_h + 1e-6

    geometry = any(p.kind in GEOMETRY_PANELS for p in panels)
    if size is not None and fits(1.0, []):
        if not geometry:
            # only schematics on a roomy board: draw them larger (up to 2.5×) rather than leave it empty
            scale = math.floor(largest_scale(lambda k: fits(k, []), 1.0, MAX_UPSCALE, 20) * 20) / 20
        positions, packed = pack(sizes, (size.w - 2 * margin) / scale)
        board_size, size_assumed = size, False
    elif size is not None and original:
        # a designer's stated size is kept: schematic parts may shrink to half, real geometry may not
        scale = 1.0 if geometry else largest_scale(lambda k: fits(k, []), MIN_DESIGN_SCALE, 1.0)
        if geometry or not fits(scale, []):
            needed = _natural_size(sizes, margin, ctx, title, notes, footer_h)
            raise BoardDoesNotFit(board.id, size, needed, ctx_parts(panels))
        positions, packed = pack(sizes, (size.w - 2 * margin) / scale)
        board_size, size_assumed = size, False
    elif size is not None and size_is_fact(board):
        # a size the rulebook states is kept: the drawing shrinks, and says so
        extra = [ctx.ui("content_scaled", percent="100")]
        scale = largest_scale(lambda k: fits(k, extra), 0.02, 1.0)
        notes.append(ctx.ui("content_scaled", percent=f"{scale * 100:.0f}"))
        size_notes.append(notes[-1])
        positions, packed = pack(sizes, (size.w - 2 * margin) / scale)
        board_size, size_assumed = size, False
    else:
        # no size, or only an assumed one that cannot hold the parts at true scale: size from the content
        # (never smaller than the assumed size), so grid cells and hexes keep their real millimetres
        minimum = size or Size(0, 0)
        total_area = sum(s.w * s.h for s in sizes)
        widest = max(s.w for s in sizes)
        title_w = ctx.metrics.width(title, FONT_BOLD, 16)
        target = max(widest, title_w, math.sqrt(total_area * 1.3), 150.0, minimum.w - 2 * margin)
        positions, packed = pack(sizes, target)
        ring_min = max((perimeter.min_outer_for(int(t.spaces)) for t in rings), default=0.0)
        width = max(round_up(max(packed.w, title_w, MIN_AUTO_WIDTH - 2 * margin) + 2 * margin), minimum.w,
                    round_up(ring_min + 2 * perimeter.EDGE))
        key = "size_assumed_none" if size is None else "size_assumed_grown"
        fields = {} if size is None else {"aw": f"{size.w:g}", "ah": f"{size.h:g}"}

        def size_line(w: str, h: str) -> str:
            return " / ".join(dict.fromkeys(t(x, f"board.{key}", w=w, h=h, basis=_size_basis(board, (x,)), **fields)
                                            for x in langs))

        if not original:
            notes.append(size_line(f"{width:g}", "0"))
        height = max(round_up(HEADER_H + packed.h + footer_h(notes, width) + 2 * margin), minimum.h,
                     round_up(ring_min + 2 * perimeter.EDGE))
        board_size = Size(width, height)
        if not original:
            notes[-1] = size_line(f"{width:g}", f"{height:g}")
            size_notes.append(notes[-1])
        size_assumed = True

    W, H = board_size.w, board_size.h
    items: list = [RectItem(Rect(0, 0, W, H), fill="#ffffff", stroke=None, stroke_pt=0)]
    inset = perimeter.EDGE
    for track in rings:
        outer = Rect(inset, inset, W - 2 * inset, H - 2 * inset)
        cells = perimeter.ring(outer, int(track.spaces), max_cell=ring_cell)
        if cells is None:
            raise BoardDoesNotFit(board.id, board_size, Size(perimeter.min_outer_for(int(track.spaces)),
                                                             perimeter.min_outer_for(int(track.spaces))),
                                  f"perimeter track '{track.id}' ({track.spaces} spaces)")
        items += perimeter.ring_items(cells.cells, track.start, int(track.spaces))
        inset += cells.thickness
    items.append(fit_label(margin, margin + 6.0, title, W - 2 * margin, ctx.metrics, size_pt=16, min_pt=8,
                           anchor="start", font=FONT_BOLD))
    if subtitle:
        items.append(fit_label(margin, margin + 12.0, subtitle, W - 2 * margin, ctx.metrics, size_pt=8.5,
                               min_pt=5, anchor="start", fill=GREY))
    items.append(Line(Point(margin, margin + HEADER_H - 2.5), Point(W - margin, margin + HEADER_H - 2.5),
                      stroke="#bbbbbb", stroke_pt=0.5))
    avail_w = W - 2 * margin
    left = margin + (avail_w - packed.w * scale) / 2
    top = margin + HEADER_H
    for panel, pos in zip(panels, positions):
        for item in panel.items:
            items.append(place(item, left + pos.x * scale, top + pos.y * scale, scale))
    first_red = not original  # the schematic note leads a rulebook board's notes, in red
    lines = [(line, SCHEMATIC_RED if (n_no == 0 and first_red) else GREY) for n_no, n in enumerate(notes)
             for line in wrap_lines(n, avail_w, ctx.metrics, FONT, NOTE_PT, lang)]
    y = H - margin - line_h * (len(lines) - 1)
    for k, (line, colour) in enumerate(lines):
        items.append(TextItem(margin, y + k * line_h, line, size_pt=NOTE_PT, fill=colour))
    items.append(RectItem(Rect(0, 0, W, H), fill=None, stroke=INK, stroke_pt=1.0))
    return BoardDrawing(variant, _page_title(title, variant), board_size, tuple(items), tuple(notes),
                        size_assumed, scale, tuple(p.kind for p in panels), langs, tuple(size_notes))


def ctx_parts(panels) -> str:
    return "parts (" + ", ".join(p.kind for p in panels) + ")"


def _natural_size(sizes, margin: float, ctx: _Ctx, title: str, notes: list[str], footer_h) -> Size:
    """About the smallest board that holds the parts at 1:1 (for the error message)."""
    total_area = sum(s.w * s.h for s in sizes)
    target = max(max(s.w for s in sizes), ctx.metrics.width(title, FONT_BOLD, 16), math.sqrt(total_area * 1.3))
    _, packed = pack(sizes, target)
    width = round_up(packed.w + 2 * margin)
    return Size(width, round_up(HEADER_H + packed.h + footer_h(notes, width) + 2 * margin))


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


def _size_basis(board: Board, langs: Sequence[str]) -> str:
    """What an assumed size was chosen from, in the board's first language (the note is then translated whole)."""
    grid = board.grid
    if grid is not None:
        return t(langs[0], "board.basis.grid", cols=grid.cols, cell=f"{(grid.cell_mm or DEFAULT_CELL_MM):g}")
    if board.maps:
        return t(langs[0], "board.basis.map")
    return t(langs[0], "board.basis.parts")


def _rings_thickness(rings, size: Size | None, max_cell: float) -> float:
    """The band nested perimeter rings take from each side (12 mm a ring when the size is chosen later)."""
    if size is None:
        return len(rings) * max_cell * 1.1
    inset, total = perimeter.EDGE, 0.0
    for track in rings:
        outer = Rect(inset, inset, size.w - 2 * inset, size.h - 2 * inset)
        cells = perimeter.ring(outer, int(track.spaces), max_cell=max_cell) if min(outer.w, outer.h) > 0 else None
        step = cells.thickness if cells is not None else max_cell
        inset += step
        total += step
    return total
