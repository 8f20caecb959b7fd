"""Tracks, regions, spaces, wheels and the legend: the schematic panels of a board."""
from __future__ import annotations

import math
from collections.abc import Sequence

from generator.geom.scene import (
    Circle,
    Line,
    RectItem,
    TextItem,
)
from generator.geom.shapes import Point, Rect, Size
from generator.layout.boards.common import (
    FONT,
    FONT_BOLD,
    GREY,
    INK,
    PALETTE,
    SCHEMATIC_RED,
    SPACE_BOX,
    TRACK_SPACE_MM,
    WHEEL_R,
    LegendEntry,
    Panel,
    _Ctx,
    _framed,
    baseline_for_centre,
    fit_label,
    place,
    wrapped_label,
)
from generator.layout.boards.graph import graph_positions
from generator.layout.boards.variants import (
    on_side,
)

# tracks ------------------------------------------------------------------------------------------

def track_panel(ctx: _Ctx) -> Panel | None:
    tracks = [t for t in ctx.board.tracks if on_side(t.side, ctx.variant)
              and not (t.path == "perimeter" and t.spaces != "unknown" and int(t.spaces) > 0)]
    if not tracks:
        return None
    s = TRACK_SPACE_MM
    items: list = []
    y = 0.0
    width = 0.0
    notes = []
    for track in tracks:
        name = ctx.t(track.name)
        items.append(TextItem(0, y + 3.5, name, font=FONT_BOLD, size_pt=7.5))
        width = max(width, ctx.metrics.width(name, FONT_BOLD, 7.5))
        y += 5.0
        if track.spaces == "unknown":
            for k in range(5):
                items.append(RectItem(Rect(k * s, y, s, s), fill=None, stroke=GREY, stroke_pt=0.6, radius=1))
                items.append(TextItem(k * s + s / 2, baseline_for_centre(y + s / 2, 9), "?", size_pt=9,
                                      anchor="middle", fill=GREY))
            text = ctx.ui("unknown_spaces")
            items.append(TextItem(5 * s + 3, baseline_for_centre(y + s / 2, 7), text, size_pt=7,
                                  fill=SCHEMATIC_RED))
            width = max(width, 5 * s + 3 + ctx.metrics.width(text, FONT, 7))
            y += s + 5
            notes.append(f"{name}: {ctx.ui('unknown_spaces')}")
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
    return _framed("tracks", ctx.ui("tracks"), Size(width, y - 5), items, ctx, notes=notes)



def region_panel(ctx: _Ctx) -> Panel | None:
    regions = [r for r in ctx.board.regions if on_side(r.side, ctx.variant)]
    if not regions:
        return None
    index = {r.id: i for i, r in enumerate(regions)}
    edges: set[tuple[int, int]] = set()
    elsewhere: list[str] = []
    by_id = {r.id: r for r in ctx.board.regions}
    all_ids = set(by_id)
    for r in regions:
        for other in r.adjacent:
            if other in index and other != r.id:
                a, b = index[r.id], index[other]
                edges.add((min(a, b), max(a, b)))
            elif other in all_ids:
                elsewhere.append(f"{ctx.t(r.name)} – {ctx.t(by_id[other].name)}")
    edge_list = sorted(edges)
    kind_colours = {}
    for r in ctx.board.regions:  # the whole board's order, so both sides share the colours
        kind_colours.setdefault(r.kind or "", PALETTE[len(kind_colours) % len(PALETTE)])
    name_pt = 8.0
    boxes = []
    for r in regions:
        w = ctx.metrics.width(ctx.t(r.name), FONT_BOLD, name_pt)
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
        items.append(TextItem(p.x, baseline_for_centre(p.y, name_pt), ctx.t(r.name), font=FONT_BOLD, size_pt=name_pt, anchor="middle"))
        if r.kind and r.kind not in kinds:
            kinds[r.kind] = LegendEntry(f"kind:{r.kind}", r.kind.replace("_", " "),
                                        (RectItem(Rect(0, 0, 6, 6), fill=fill, stroke=INK, stroke_pt=0.5,
                                                  radius=1),))
    caption = ctx.ui("region_graph_original" if ctx.original else "region_graph")
    items.append(TextItem(0, h + 5.0, caption, size_pt=6.0, fill=SCHEMATIC_RED))
    notes = []
    if not edge_list:
        notes.append(ctx.ui("no_adjacency"))
    if elsewhere:
        notes.append(ctx.ui("other_side_adjacency", pairs=", ".join(elsewhere)))
    content = Size(max(w, ctx.metrics.width(caption, FONT, 6.0) + 2), h + 6.5)
    return _framed("regions", ctx.ui("regions", n=len(regions)), content, items, ctx, schematic=True,
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
    rows = math.ceil(len(spaces) / per_row)
    content = Size(per_row * box.w + (per_row - 1) * gap, rows * box.h + (rows - 1) * gap)
    return _framed("spaces", ctx.ui("spaces", n=len(spaces)), content, items, ctx, schematic=True)


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
            items.append(fit_label(c.x, baseline_for_centre(c.y + R * 0.45, 6.5), ctx.ui("unknown_segments"), 1.6 * R,
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
        x += 2 * R + gap
    content = Size(x - gap, 2 * R + 10.0)
    return _framed("wheels", ctx.ui("wheels"), content, items, ctx, schematic=True)


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
    return _framed("legend", ctx.ui("legend"), Size(width, len(seen) * 8.0 - 2), items, ctx)
