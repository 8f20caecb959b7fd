"""Graph layout for region adjacency: deterministic forces, spreading boxes apart, packing the parts."""
from __future__ import annotations

import math
from collections.abc import Sequence

from generator.geom.shapes import Point, Size
from generator.layout.boards.packing import pack

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
