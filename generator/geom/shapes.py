"""Plane geometry in millimetres, origin top-left, y growing down (as in SVG).

Frozen dataclasses so layouts can be compared, hashed and reused; the PDF backend flips y once.
Polygon helpers exist for hex tiles, whose cut path is a union outline and whose bleed is that outline
pushed outwards with mitred corners (concave corners included).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

EPS = 1e-6  # mm; far below anything a printer or a knife can resolve


@dataclass(frozen=True, order=True)
class Point:
    x: float
    y: float

    def __add__(self, other: Point) -> Point:
        return Point(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Point) -> Point:
        return Point(self.x - other.x, self.y - other.y)

    def __mul__(self, k: float) -> Point:
        return Point(self.x * k, self.y * k)

    __rmul__ = __mul__

    def dot(self, other: Point) -> float:
        return self.x * other.x + self.y * other.y

    def cross(self, other: Point) -> float:
        return self.x * other.y - self.y * other.x

    def length(self) -> float:
        return math.hypot(self.x, self.y)

    def distance(self, other: Point) -> float:
        return (self - other).length()

    def isclose(self, other: Point, tol: float = EPS) -> bool:
        return abs(self.x - other.x) <= tol and abs(self.y - other.y) <= tol


ORIGIN = Point(0.0, 0.0)


@dataclass(frozen=True, order=True)
class Size:
    w: float
    h: float

    def __post_init__(self) -> None:
        if self.w < 0 or self.h < 0:
            raise ValueError(f"a size cannot be negative, got {self.w} x {self.h} mm")

    def rotated(self) -> Size:
        """The same paper or card turned 90 degrees."""
        return Size(self.h, self.w)

    @property
    def is_landscape(self) -> bool:
        return self.w > self.h

    def portrait(self) -> Size:
        return self.rotated() if self.is_landscape else self

    def landscape(self) -> Size:
        return self if self.w >= self.h else self.rotated()

    def outset(self, d: float) -> Size:
        """Size grown by d on every side (trim size -> size with bleed)."""
        return Size(self.w + 2 * d, self.h + 2 * d)


@dataclass(frozen=True, order=True)
class Rect:
    """Axis-aligned rectangle: (x, y) is the top-left corner."""

    x: float
    y: float
    w: float
    h: float

    def __post_init__(self) -> None:
        if self.w < 0 or self.h < 0:
            raise ValueError(f"a rectangle cannot have negative size, got {self.w} x {self.h} mm")

    @classmethod
    def from_edges(cls, left: float, top: float, right: float, bottom: float) -> Rect:
        return cls(left, top, right - left, bottom - top)

    @classmethod
    def from_size(cls, size: Size, origin: Point = ORIGIN) -> Rect:
        return cls(origin.x, origin.y, size.w, size.h)

    @property
    def left(self) -> float:
        return self.x

    @property
    def top(self) -> float:
        return self.y

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def size(self) -> Size:
        return Size(self.w, self.h)

    @property
    def center(self) -> Point:
        return Point(self.x + self.w / 2, self.y + self.h / 2)

    @property
    def area(self) -> float:
        return self.w * self.h

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Top-left, top-right, bottom-right, bottom-left (clockwise on screen)."""
        return (Point(self.left, self.top), Point(self.right, self.top),
                Point(self.right, self.bottom), Point(self.left, self.bottom))

    def contains_point(self, p: Point, tol: float = EPS) -> bool:
        return (self.left - tol <= p.x <= self.right + tol) and (self.top - tol <= p.y <= self.bottom + tol)

    def contains(self, other: Rect, tol: float = EPS) -> bool:
        return (other.left >= self.left - tol and other.right <= self.right + tol
                and other.top >= self.top - tol and other.bottom <= self.bottom + tol)

    def overlaps(self, other: Rect, tol: float = EPS) -> bool:
        """True when the interiors share area; touching edges do not count (butted cards are fine)."""
        return (min(self.right, other.right) - max(self.left, other.left) > tol
                and min(self.bottom, other.bottom) - max(self.top, other.top) > tol)

    def outset(self, d: float) -> Rect:
        """Grow by d on every side (negative d shrinks, down to zero size)."""
        w, h = self.w + 2 * d, self.h + 2 * d
        if w < -EPS or h < -EPS:
            raise ValueError(f"cannot shrink a {self.w} x {self.h} mm rectangle by {-d} mm per side")
        return Rect(self.x - d, self.y - d, max(w, 0.0), max(h, 0.0))

    def inset(self, d: float) -> Rect:
        return self.outset(-d)

    def translate(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def mirrored_x(self, width: float) -> Rect:
        """Reflection about the vertical line x = width/2 (a page's vertical centre)."""
        return Rect(width - self.right, self.y, self.w, self.h)

    def mirrored_y(self, height: float) -> Rect:
        """Reflection about the horizontal line y = height/2."""
        return Rect(self.x, height - self.bottom, self.w, self.h)

    def union(self, other: Rect) -> Rect:
        return Rect.from_edges(min(self.left, other.left), min(self.top, other.top),
                               max(self.right, other.right), max(self.bottom, other.bottom))

    def isclose(self, other: Rect, tol: float = EPS) -> bool:
        return all(abs(a - b) <= tol for a, b in zip(
            (self.x, self.y, self.w, self.h), (other.x, other.y, other.w, other.h)))


@dataclass(frozen=True)
class Segment:
    p1: Point
    p2: Point

    @property
    def length(self) -> float:
        return self.p1.distance(self.p2)

    @property
    def midpoint(self) -> Point:
        return Point((self.p1.x + self.p2.x) / 2, (self.p1.y + self.p2.y) / 2)

    def bbox(self) -> Rect:
        return Rect.from_edges(min(self.p1.x, self.p2.x), min(self.p1.y, self.p2.y),
                               max(self.p1.x, self.p2.x), max(self.p1.y, self.p2.y))


@dataclass(frozen=True)
class Transform:
    """Affine map x' = a*x + c*y + e, y' = b*x + d*y + f (the SVG/PDF matrix order).

    With y down, a positive rotation turns clockwise on screen, exactly as SVG's rotate() does,
    so both backends can pass the six numbers through unchanged.
    """

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    @classmethod
    def translate(cls, dx: float, dy: float) -> Transform:
        return cls(e=dx, f=dy)

    @classmethod
    def scale(cls, sx: float, sy: float | None = None) -> Transform:
        return cls(a=sx, d=sx if sy is None else sy)

    @classmethod
    def rotate(cls, degrees: float, about: Point = ORIGIN) -> Transform:
        t = math.radians(degrees)
        cos, sin = math.cos(t), math.sin(t)
        if abs(cos) < 1e-15:
            cos = 0.0
        if abs(sin) < 1e-15:
            sin = 0.0
        rot = cls(a=cos, b=sin, c=-sin, d=cos)
        return cls.translate(-about.x, -about.y).then(rot).then(cls.translate(about.x, about.y))

    @classmethod
    def mirror_x(cls, about_x: float = 0.0) -> Transform:
        """Reflect across the vertical line x = about_x (left and right swap)."""
        return cls(a=-1.0, e=2 * about_x)

    def then(self, other: Transform) -> Transform:
        """Apply self first, then other."""
        return Transform(
            a=other.a * self.a + other.c * self.b,
            b=other.b * self.a + other.d * self.b,
            c=other.a * self.c + other.c * self.d,
            d=other.b * self.c + other.d * self.d,
            e=other.a * self.e + other.c * self.f + other.e,
            f=other.b * self.e + other.d * self.f + other.f,
        )

    def apply(self, p: Point) -> Point:
        return Point(self.a * p.x + self.c * p.y + self.e, self.b * p.x + self.d * p.y + self.f)

    def as_tuple(self) -> tuple[float, float, float, float, float, float]:
        return (self.a, self.b, self.c, self.d, self.e, self.f)

    @property
    def is_identity(self) -> bool:
        return self.as_tuple() == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


IDENTITY = Transform()


# --- polygons -------------------------------------------------------------------------------------

def signed_area(points: Sequence[Point]) -> float:
    """Shoelace area; positive when the vertices run clockwise on screen (y down)."""
    n = len(points)
    return sum(points[i].cross(points[(i + 1) % n]) for i in range(n)) / 2


def polygon_area(points: Sequence[Point]) -> float:
    return abs(signed_area(points))


def polygon_perimeter(points: Sequence[Point]) -> float:
    n = len(points)
    return sum(points[i].distance(points[(i + 1) % n]) for i in range(n))


def polygon_bbox(points: Iterable[Point]) -> Rect:
    pts = list(points)
    if not pts:
        raise ValueError("an empty polygon has no bounding box")
    xs = [p.x for p in pts]
    ys = [p.y for p in pts]
    return Rect.from_edges(min(xs), min(ys), max(xs), max(ys))


def translate_points(points: Iterable[Point], dx: float, dy: float) -> tuple[Point, ...]:
    return tuple(Point(p.x + dx, p.y + dy) for p in points)


def point_on_segment(p: Point, a: Point, b: Point, tol: float = EPS) -> bool:
    ab, ap = b - a, p - a
    length = ab.length()
    if length <= tol:
        return p.distance(a) <= tol
    if abs(ab.cross(ap)) / length > tol:
        return False
    t = ap.dot(ab) / (length * length)
    return -tol / length <= t <= 1 + tol / length


def point_in_polygon(p: Point, points: Sequence[Point], *, boundary: bool = True) -> bool:
    """Even-odd ray casting; points on an edge count as inside when `boundary` is True."""
    n = len(points)
    for i in range(n):
        if point_on_segment(p, points[i], points[(i + 1) % n]):
            return boundary
    inside = False
    for i in range(n):
        a, b = points[i], points[(i + 1) % n]
        if (a.y > p.y) != (b.y > p.y):
            x_cross = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
            if x_cross > p.x:
                inside = not inside
    return inside


def segments_cross(a1: Point, a2: Point, b1: Point, b2: Point) -> bool:
    """Proper crossing: the segments intersect at one point interior to both."""
    d1 = (a2 - a1).cross(b1 - a1)
    d2 = (a2 - a1).cross(b2 - a1)
    d3 = (b2 - b1).cross(a1 - b1)
    d4 = (b2 - b1).cross(a2 - b1)
    return d1 * d2 < -EPS and d3 * d4 < -EPS


def polygon_contains_polygon(outer: Sequence[Point], inner: Sequence[Point]) -> bool:
    """Every vertex of `inner` inside `outer` and no edges crossing (enough for simple polygons)."""
    if not all(point_in_polygon(p, outer) for p in inner):
        return False
    n, m = len(outer), len(inner)
    return not any(segments_cross(outer[i], outer[(i + 1) % n], inner[j], inner[(j + 1) % m])
                   for i in range(n) for j in range(m))


def clean_polygon(points: Sequence[Point], tol: float = EPS) -> tuple[Point, ...]:
    """Drop repeated and collinear vertices; they would give zero-length edges when offsetting."""
    pts: list[Point] = []
    for p in points:
        if not pts or not p.isclose(pts[-1], tol):
            pts.append(p)
    if len(pts) > 1 and pts[0].isclose(pts[-1], tol):
        pts.pop()
    changed = True
    while changed and len(pts) >= 3:
        changed = False
        for i in range(len(pts)):
            prev, cur, nxt = pts[i - 1], pts[i], pts[(i + 1) % len(pts)]
            span = (nxt - prev).length()
            collinear = span <= tol or abs((cur - prev).cross(nxt - prev)) / span <= tol
            if collinear and (cur - prev).dot(nxt - cur) >= 0:  # going straight on: not a corner
                del pts[i]
                changed = True
                break
    return tuple(pts)


def offset_polygon(points: Sequence[Point], d: float) -> tuple[Point, ...]:
    """Push every edge of a simple polygon outwards by d (inwards if d < 0), joining with mitres.

    Works for concave polygons too: each vertex moves along its corner bisector by d / cos(half the
    turn), which is the intersection of the two shifted edge lines. Valid while d is small against
    the shortest edge (true for bleed on tiles); a spike (edge folding back on itself) is refused.
    """
    pts = clean_polygon(points)
    if len(pts) < 3:
        raise ValueError("a polygon needs at least 3 distinct, non-collinear corners")
    area = signed_area(pts)
    if abs(area) <= EPS:
        raise ValueError("a polygon with no area cannot be offset")
    outward = 1.0 if area > 0 else -1.0  # clockwise on screen: the outside is on the left
    n = len(pts)
    normals = [_outward_normal(pts[i], pts[(i + 1) % n], outward) for i in range(n)]
    return tuple(_mitre(pts[i], normals[i - 1], normals[i], d) for i in range(n))


def _outward_normal(a: Point, b: Point, outward: float) -> Point:
    edge = b - a
    length = edge.length()
    # y down + clockwise: (dy, -dx) points outside; flip for the other winding
    return Point(edge.y / length * outward, -edge.x / length * outward)


def _mitre(p: Point, n_in: Point, n_out: Point, d: float) -> Point:
    denom = 1.0 + n_in.dot(n_out)
    if denom < 1e-9:
        raise ValueError(f"corner at ({p.x:.3f}, {p.y:.3f}) folds back on itself; cannot mitre it")
    return p + (n_in + n_out) * (d / denom)
