"""Maps assembled from hex tiles (placed and rotated), or a tray of the tiles when no layout is given."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from generator.geom.hexgrid import Hex, HexTileError, hex_corners, hex_to_point, hex_width, outline
from generator.geom.scene import (
    Line,
    Polygon,
    RectItem,
    TextItem,
)
from generator.geom.shapes import Point, Rect, Size
from generator.geom.units import pt_to_mm
from generator.layout.boards.common import (
    DEFAULT_HEX_MM,
    FONT,
    FONT_BOLD,
    FONT_NARROW,
    GREY,
    INK,
    SCHEMATIC_RED,
    LegendEntry,
    Panel,
    _Ctx,
    _framed,
    baseline_for_centre,
    colour_for,
    fit_label,
    icon_label,
    wrap_lines,
)
from generator.layout.boards.packing import pack
from generator.layout.boards.variants import (
    on_side,
)
from generator.schema.components import Board, MapLayout, MapPlacement, Tile

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


def place_tiles(layout: MapLayout, tiles: Mapping[str, Tile], name=None) -> list[PlacedTile]:
    """Each placement's hexes in map coordinates: the tile's hexes rotated about its (0, 0), then moved.

    Labels show the tile's name (``name(tile)``; its id when no namer is given), after its sort symbol;
    a placement of a tile the data does not define can only show the id it names."""
    out = []
    for p in layout.placements:
        tile = tiles.get(p.tile)
        shown = (name(tile) if name else tile.id) if tile is not None else p.tile
        label = shown if tile is None or not tile.symbol else f"{tile.symbol} · {shown}"
        if tile is None or not tile.hexes:
            out.append(PlacedTile(p.tile, (Hex(p.q, p.r),), True, None, label))
            continue

        areas = tuple(((name(a) if name else a.id), _moved(a.hexes, p)) for a in tile.areas if a.hexes)
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
    title = f"{ctx.ui('map')} — {ctx.players(ctx.variant.players)}"
    notes: list[str] = []
    if not layouts:
        text = ctx.ui("no_map")
        item = TextItem(0, 5, text, size_pt=8, fill=GREY)
        return _framed("hexmap", title, Size(ctx.metrics.width(text, FONT, 8) + 2, 8), [item], ctx)
    layout = layouts[0]
    if len(layouts) > 1:
        notes.append(ctx.ui("maps_many", n=len(layouts)))
    if not layout.placements:
        return _tile_tray(ctx, layout, title, notes)
    placed = place_tiles(layout, ctx.tiles, lambda tile: ctx.t(tile.name) or tile.id)
    used = [ctx.tiles[p.tile] for p in layout.placements if p.tile in ctx.tiles]
    sized = [t for t in used if t.hex_size_mm]
    size = sized[0].hex_size_mm if sized else DEFAULT_HEX_MM
    if not sized:
        notes.append(ctx.ui("hex_assumed", size=f"{size:g}"))
    orientation = used[0].orientation if used else "pointy"
    if any(t.orientation != orientation for t in used):
        notes.append(ctx.ui("mixed_orientation", orientation=ctx.ui(f"orientation.{orientation}")))
    occupancy: dict[Hex, list[str]] = {}
    for pt_ in placed:
        for h in pt_.hexes:
            occupancy.setdefault(h, []).append(pt_.tile_id)
    clashes = sorted(h for h, ids in occupancy.items() if len(ids) > 1)
    if clashes:
        where = ", ".join(f"({h.q},{h.r})" for h in clashes[:6])
        notes.append(ctx.ui("tiles_overlap", where=where + (" …" if len(clashes) > 6 else "")))
    placeholders = [ctx.t(ctx.tiles[p.tile_id].name) if p.tile_id in ctx.tiles else p.tile_id
                    for p in placed if p.placeholder]
    if placeholders:
        notes.append(ctx.ui("placeholder_hex", tiles=", ".join(sorted(set(placeholders)))))
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
                notes.append(ctx.ui("tile_problem", tile=tile.tile_id, problem=exc))
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
        items.extend(icon_label(c.x, baseline_for_centre(c.y, 8.0), tile.label, hw * 0.9, ctx,
                                size_pt=8.0, min_pt=3.5, font=FONT_BOLD))
        if tile.placeholder:
            items.append(fit_label(c.x, c.y + size * 0.38, ctx.ui("unknown_hex"), hw * 0.8, ctx.metrics, size_pt=5.5,
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
    head = [ctx.ui("no_positions")]
    if not ctx.original:
        head.append(ctx.ui("source", cite=layout.source.cite()))
    lines = [ln for text in head for ln in wrap_lines(text, 230, ctx.metrics, FONT, 7.5, ctx.lang)]
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
                    notes.append(ctx.ui("tile_problem", tile=tile.id, problem=exc))
            shown = ctx.t(tile.name) or tile.id
            label = shown if not tile.symbol else f"{tile.symbol} · {shown}"
            items.extend(icon_label(at.x + cell.w / 2, top + at.y + box.h + 5.5, label, cell.w - 2, ctx,
                                    size_pt=7, min_pt=3.5, font=FONT_BOLD))
            if not known:
                c = hex_to_point(Hex(0, 0), size, tile.orientation, origin)
                items.append(fit_label(c.x, c.y + 1, ctx.ui("unknown_hex"), hex_width(size, tile.orientation) * 0.8,
                                       ctx.metrics, size_pt=6, min_pt=3, fill=SCHEMATIC_RED))
        width = max(width, packed.w)
        top += packed.h
        unknown = sorted((ctx.t(t.name) or t.id) for t, _, known, _ in cells if not known)
        if unknown:
            notes.append(ctx.ui("placeholder_hex", tiles=", ".join(unknown)))
    return _framed("hexmap", title, Size(width, top), items, ctx, schematic=True, notes=notes)


def _tile_label_hex(hexes: Sequence[Hex]) -> Hex:
    """The hex nearest the tile's average position (where its id is printed)."""
    mq = sum(h.q for h in hexes) / len(hexes)
    mr = sum(h.r for h in hexes) / len(hexes)
    return min(hexes, key=lambda h: ((h.q - mq) ** 2 + (h.r - mr) ** 2 + (h.q - mq) * (h.r - mr), h))
