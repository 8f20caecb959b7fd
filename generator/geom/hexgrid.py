"""Hexagon maths after Red Blob Games: axial (q, r), cube (q, r, s) with q + r + s = 0.

`size` is the centre-to-corner distance in mm. Pointy-top: width sqrt(3)*size, height 2*size;
flat-top the other way round. A multi-hex tile's cut path is the boundary of the union of its hexes
(edges whose neighbour is not in the tile, chained into one loop); its bleed is that loop pushed out.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from generator.geom.shapes import ORIGIN, Point, Rect, offset_polygon, polygon_bbox

HexOrientation = Literal["pointy", "flat"]
SQRT3 = math.sqrt(3.0)

# Red Blob's axial direction order: E, NE, NW, W, SW, SE for pointy-top (y grows down)
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, order=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbour(self, direction: int) -> Hex:
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        return tuple(self.neighbour(d) for d in range(6))

    def distance(self, other: Hex) -> int:
        d = self - other
        return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


class HexTileError(ValueError):
    """The hexes do not make one solid tile (empty, split in pieces, or with a hole)."""


def to_cube(h: Hex) -> tuple[int, int, int]:
    return (h.q, h.r, h.s)


def from_cube(q: int, r: int, s: int) -> Hex:
    if q + r + s != 0:
        raise ValueError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
    return Hex(q, r)


def as_hex(value: Hex | tuple[int, int]) -> Hex:
    return value if isinstance(value, Hex) else Hex(int(value[0]), int(value[1]))


def hex_width(size: float, orientation: HexOrientation = "pointy") -> float:
    return SQRT3 * size if _check(orientation) == "pointy" else 2 * size


def hex_height(size: float, orientation: HexOrientation = "pointy") -> float:
    return 2 * size if _check(orientation) == "pointy" else SQRT3 * size


def hex_to_point(h: Hex | tuple[int, int], size: float, orientation: HexOrientation = "pointy",
                 origin: Point = ORIGIN) -> Point:
    """Centre of hex h; hex (0, 0) sits at `origin`."""
    h = as_hex(h)
    if _check(orientation) == "pointy":
        x, y = size * SQRT3 * (h.q + h.r / 2), size * 1.5 * h.r
    else:
        x, y = size * 1.5 * h.q, size * SQRT3 * (h.r + h.q / 2)
    return Point(origin.x + x, origin.y + y)


def hex_corners(h: Hex | tuple[int, int], size: float, orientation: HexOrientation = "pointy",
                origin: Point = ORIGIN) -> tuple[Point, ...]:
    """Six corners, clockwise on screen; pointy-top starts 30 degrees above east, flat-top at east."""
    c = hex_to_point(h, size, orientation, origin)
    return tuple(Point(c.x + size * dx, c.y + size * dy) for dx, dy in _unit_corners(orientation))


def outline(hexes: Iterable[Hex | tuple[int, int]], size: float, orientation: HexOrientation = "pointy",
            origin: Point = ORIGIN) -> tuple[Point, ...]:
    """Boundary polygon of a union of hexes, clockwise on screen, one corner per turn.

    Raises HexTileError unless the hexes form one connected piece without holes.
    """
    tile = frozenset(as_hex(h) for h in hexes)
    if not tile:
        raise HexTileError("a tile needs at least one hex")
    _check_connected(tile)
    loops = _boundary_loops(tile, orientation)
    if len(loops) != 1:
        raise HexTileError(f"tile {_describe(tile)} has a hole; its outline is not one loop")
    corners = _unit_corners(orientation)
    return tuple(_corner_point(h, i, size, orientation, origin, corners) for h, i in loops[0])


def outline_bbox(hexes: Iterable[Hex | tuple[int, int]], size: float,
                 orientation: HexOrientation = "pointy", origin: Point = ORIGIN) -> Rect:
    return polygon_bbox(outline(hexes, size, orientation, origin))


def bleed_outline(hexes: Iterable[Hex | tuple[int, int]], size: float, bleed: float,
                  orientation: HexOrientation = "pointy", origin: Point = ORIGIN) -> tuple[Point, ...]:
    """The tile's outline offset outwards by `bleed` with mitred corners: what the art must cover."""
    return offset_polygon(outline(hexes, size, orientation, origin), bleed)


# --- helpers --------------------------------------------------------------------------------------

def _check(orientation: str) -> str:
    if orientation not in ("pointy", "flat"):
        raise ValueError(f"hex orientation must be 'pointy' or 'flat', got {orientation!r}")
    return orientation


@lru_cache(maxsize=2)
def _unit_corners(orientation: str) -> tuple[tuple[float, float], ...]:
    start = -30.0 if _check(orientation) == "pointy" else 0.0
    return tuple((round(math.cos(math.radians(start + 60 * i)), 15), round(math.sin(math.radians(start + 60 * i)), 15))
                 for i in range(6))


@lru_cache(maxsize=2)
def _edge_directions(orientation: str) -> tuple[int, ...]:
    """For edge i (corner i -> corner i+1), the direction of the neighbour sharing it."""
    corners = _unit_corners(orientation)
    out = []
    for i in range(6):
        mx = (corners[i][0] + corners[(i + 1) % 6][0]) / 2
        my = (corners[i][1] + corners[(i + 1) % 6][1]) / 2
        best = max(range(6), key=lambda d: _dot_dir(d, mx, my, orientation))
        out.append(best)
    return tuple(out)


def _dot_dir(d: int, mx: float, my: float, orientation: str) -> float:
    p = hex_to_point(Hex(*DIRECTIONS[d]), 1.0, orientation)  # type: ignore[arg-type]
    return p.x * mx + p.y * my


def _corner_id(h: Hex, i: int, orientation: str) -> frozenset[Hex]:
    """A corner is where three hexes meet: h and its neighbours across edges i-1 and i."""
    dirs = _edge_directions(orientation)
    return frozenset((h, h.neighbour(dirs[(i - 1) % 6]), h.neighbour(dirs[i])))


def _boundary_loops(tile: frozenset[Hex], orientation: str) -> list[list[tuple[Hex, int]]]:
    """Chain boundary edges into loops; each edge runs corner i -> i+1 of its hex (clockwise)."""
    dirs = _edge_directions(orientation)
    edges: dict[frozenset[Hex], tuple[Hex, int]] = {}
    for h in sorted(tile):
        for i in range(6):
            if h.neighbour(dirs[i]) not in tile:
                edges[_corner_id(h, i, orientation)] = (h, i)
    loops: list[list[tuple[Hex, int]]] = []
    while edges:
        start = min(edges, key=lambda k: edges[k])
        loop, key = [], start
        while key in edges:
            h, i = edges.pop(key)
            loop.append((h, i))
            key = _corner_id(h, (i + 1) % 6, orientation)
        loops.append(loop)
    return loops


def _corner_point(h: Hex, i: int, size: float, orientation: str, origin: Point,
                  corners: tuple[tuple[float, float], ...]) -> Point:
    c = hex_to_point(h, size, orientation, origin)  # type: ignore[arg-type]
    return Point(c.x + size * corners[i][0], c.y + size * corners[i][1])


def _check_connected(tile: frozenset[Hex]) -> None:
    start = min(tile)
    seen, todo = {start}, [start]
    while todo:
        for n in todo.pop().neighbours():
            if n in tile and n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(tile):
        raise HexTileError(f"tile {_describe(tile)} is not one connected piece")


def _describe(tile: frozenset[Hex]) -> str:
    return "[" + ", ".join(f"({h.q},{h.r})" for h in sorted(tile)) + "]"
