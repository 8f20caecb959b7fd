"""Map tiles: square tiles with road exits, hex and multi-hex tiles cut along their outline, and blank
proxies of the right number where the rulebook gives no shape."""
from __future__ import annotations

from collections.abc import Iterator

from generator.geom.hexgrid import HexTileError
from generator.geom.shapes import Size
from generator.i18n import t
from generator.plan import draw as F
from generator.plan.context import PlanContext, size_of
from generator.plan.items import PrintItem
from generator.plan.kinds.base import Kind
from generator.schema.base import UNKNOWN
from generator.schema.components import Component

DEFAULT_TILE = Size(60.0, 60.0)
DEFAULT_HEX_MM = 25.0
ASSUMED_HEX_MM = 22.0  # assumption for tiles whose outline the rulebook does not give
ASSUMED_CLUSTER = ((0, 0), (1, 0), (0, 1), (1, 1), (-1, 1), (2, 0))


def plan(ctx: PlanContext) -> Iterator[PrintItem]:
    items = list(_leaf_items(ctx))
    yield from items
    printed: dict[str, int] = {}
    for item in items:
        printed[item.component] = printed.get(item.component, 0) + 1
    for parent, missing, leaves in ctx.shortfalls("tile", printed):
        # the whole is stated, its split is not: numbered write-in blanks up to the stated count
        sizes = [i.size for i in items if i.component in {c.id for c in leaves} and i.cut is None]
        size = sizes[0] if sizes else DEFAULT_TILE
        pos = ctx.comp_pos[parent.id]
        for k in range(missing):
            face = F.unknown_shape_tile(ctx.t(parent.name), size, t(ctx.lang, "print.tile_type_unknown"),
                                        ctx.metrics, number=f"{ctx.set_code} · {k + 1}/{missing}",
                                        proxy=ctx.proxy_label(), lang=ctx.lang)
            yield PrintItem(parent.id, "tiles", size, face, label=f"{parent.id}-blank-{k + 1}",
                            group=f"{parent.id}-blank", origin=("components", pos))


def _leaf_items(ctx: PlanContext) -> Iterator[PrintItem]:
    tiles_pos = {id(tile): i for i, tile in enumerate(ctx.data.tiles)}
    for pos, comp, _count in ctx.printable("tile"):
        tiles = ctx.index.tiles_by_component.get(comp.id, [])
        printed = 0
        for tile in tiles:
            copies = 1 if tile.copies == UNKNOWN else tile.copies
            item = tile_item(ctx, tile, comp, ("tiles", tiles_pos[id(tile)]))
            for k in range(copies):
                printed += 1
                yield PrintItem(**{**item, "label": f"{tile.id}-{k + 1}"})
        if comp.count != UNKNOWN and printed < comp.count:
            size = DEFAULT_TILE
            face = F.unknown_shape_tile(ctx.t(comp.name), size, t(ctx.lang, "print.tile_unknown"), ctx.metrics,
                                        proxy=ctx.proxy_label(), lang=ctx.lang)
            for k in range(comp.count - printed):
                yield PrintItem(comp.id, "tiles", size, face, label=f"{comp.id}-proxy-{k + 1}",
                                group=f"{comp.id}-proxy", origin=("components", pos))


def tile_item(ctx: PlanContext, tile, comp: Component, origin: tuple) -> dict:
    name = ctx.t(tile.name)
    base = dict(component=comp.id, kind="tiles", group=comp.id, origin=origin)
    text = None if tile.text is None else (F.UNKNOWN if tile.text == UNKNOWN else ctx.t(tile.text))
    if tile.shape in ("square", "rect"):
        size = size_of(tile.size, DEFAULT_TILE)
        front = F.square_tile(name, size, tile.exits, tile.terrain, tile.symbol, ctx.metrics, text=text,
                              terrain_label=ctx.value_label(tile.terrain) if tile.terrain else "", icons=ctx.icons,
                              lang=ctx.lang)
        back = (F.square_tile(ctx.t(tile.back), size, [], None, None, ctx.metrics, icons=ctx.icons, lang=ctx.lang)
                if tile.back else None)
        return dict(base, size=size, front=front, back=back)
    hexes = [tuple(h) for h in tile.hexes or []]
    size_mm = tile.hex_size_mm or DEFAULT_HEX_MM
    proxy, assumed = "", not hexes
    if assumed:
        # the rulebook gives no outline: one hex per named area (else one), in a compact cluster, at an
        # assumed size — printed as a clearly marked proxy rather than a square
        n = max(1, min(len(tile.areas), len(ASSUMED_CLUSTER)))
        hexes = list(ASSUMED_CLUSTER[:n])
        size_mm = tile.hex_size_mm or ASSUMED_HEX_MM
        proxy = ctx.proxy_label("print.hex_assumed")
    if hexes:
        try:
            shape = F.hex_shape(hexes, size_mm, tile.orientation)
        except HexTileError:
            shape = None
        if shape is not None:
            labels = {tuple(h): ctx.t(a.name) for a in tile.areas if a.name for h in a.hexes}
            if assumed:
                labels = {h: ctx.t(a.name) for h, a in zip(hexes, tile.areas) if a.name}
            front = F.hex_tile(name, shape, tile.terrain, labels, ctx.metrics, hexes, tile.symbol, proxy,
                               icons=ctx.icons, lang=ctx.lang)
            back = None
            if tile.back:
                mirrored = [(-q - r, r) if tile.orientation == "pointy" else (-q, q + r) for q, r in hexes]
                mshape = F.hex_shape(mirrored, size_mm, tile.orientation)
                back = F.hex_tile(ctx.t(tile.back), mshape, None, {}, ctx.metrics, mirrored, icons=ctx.icons,
                                  lang=ctx.lang)
            return dict(base, size=shape.size, front=front, back=back, cut=shape.outline)
    size = Size(DEFAULT_TILE.w, DEFAULT_TILE.h)
    return dict(base, size=size,
                front=F.unknown_shape_tile(name, size, t(ctx.lang, "print.tile_shape_unknown"), ctx.metrics,
                                           proxy=ctx.proxy_label(), lang=ctx.lang))


KIND = Kind(name="tile", method="tile", sheet="tiles", plan=plan, components=("tile",))
