"""The scene: pages of immutable drawing primitives in millimetres, shared by every backend.

Layout code builds a Scene; render/pdf.py and render/svg.py draw the same Scene, so what a test reads
back from one output holds for the other. Shared artwork (a deck's common back) is a FormDef, drawn once
and placed many times with UseForm; the PDF backend turns it into one XObject.
Text blocks are expanded here (not in the backends) into positioned text runs, so both backends place
every glyph run at the same coordinates.
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from generator.geom.shapes import IDENTITY, Point, Rect, Size, Transform
from generator.geom.units import pt_to_mm

DEFAULT_FONT = "DejaVuSans"
CAP_CENTRE_EM = 0.36  # baseline sits this far (in em) below a line's middle, centring capitals
ICON_PREFIX = "icon:"  # a FormDef named "icon:coin" is drawn for the :coin: token
_COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
ANCHORS = ("start", "middle", "end")


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a line in one style: text (regular or bold) or an icon of fixed width."""

    text: str
    bold: bool = False
    icon: str | None = None
    width: float = 0.0  # mm, set by fit_text


@dataclass(frozen=True, slots=True)
class FittedText:
    """The chosen size and the lines, as plain strings and as runs (with widths) for drawing."""

    size_pt: float
    lines: tuple[str, ...]
    runs: tuple[tuple[Run, ...], ...]
    widths: tuple[float, ...]
    line_height: float  # mm
    font: str
    bold_font: str
    icon_width: float  # mm

    @property
    def height(self) -> float:
        return len(self.lines) * self.line_height


_VALID_COLOURS: dict[str, str] = {}  # colour as written → lowercased, once checked (a scene has a handful)
_VALID_COLOURS_MAX = 4096


def _colour(value: str | None, what: str) -> str | None:
    if value is None:
        return None
    found = _VALID_COLOURS.get(value) if type(value) is str else None
    if found is not None:
        return found
    if not isinstance(value, str) or not _COLOUR_RE.match(value):
        raise ValueError(f"{what} must be a colour like '#1a2b3c' or None, got {value!r}")
    if len(_VALID_COLOURS) < _VALID_COLOURS_MAX:
        _VALID_COLOURS[value] = value.lower()
    return value.lower()


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)


def _check_stroke(obj: object) -> None:
    _set(obj, "stroke", _colour(obj.stroke, "stroke"))
    if obj.stroke_pt < 0:
        raise ValueError(f"stroke width cannot be negative, got {obj.stroke_pt}")


@dataclass(frozen=True, slots=True)
class RectItem:
    rect: Rect
    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_pt: float = 0.5
    radius: float = 0.0

    def __post_init__(self) -> None:
        _set(self, "fill", _colour(self.fill, "fill"))
        _check_stroke(self)
        if self.radius < 0:
            raise ValueError(f"corner radius cannot be negative, got {self.radius}")


@dataclass(frozen=True, slots=True)
class Line:
    p1: Point
    p2: Point
    stroke: str = "#000000"
    stroke_pt: float = 0.5
    dash: tuple[float, ...] | None = None  # mm, on/off lengths

    def __post_init__(self) -> None:
        _check_stroke(self)
        if self.dash is not None:
            _set(self, "dash", tuple(float(d) for d in self.dash))


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_pt: float = 0.5
    closed: bool = True

    def __post_init__(self) -> None:
        _set(self, "points", tuple(self.points))
        if len(self.points) < 2:
            raise ValueError("a polygon needs at least 2 points")
        _set(self, "fill", _colour(self.fill, "fill"))
        _check_stroke(self)


@dataclass(frozen=True, slots=True)
class Circle:
    center: Point
    r: float
    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_pt: float = 0.5

    def __post_init__(self) -> None:
        if self.r <= 0:
            raise ValueError(f"circle radius must be positive, got {self.r}")
        _set(self, "fill", _colour(self.fill, "fill"))
        _check_stroke(self)


@dataclass(frozen=True, slots=True)
class TextItem:
    """One line of text; (x, y) is on the baseline, `anchor` says which end of the text is at x."""

    x: float
    y: float
    text: str
    font: str = DEFAULT_FONT
    size_pt: float = 10.0
    anchor: str = "start"
    fill: str = "#000000"
    bold: bool = False  # use the font's bold face (render/fonts.py knows the pairs)

    def __post_init__(self) -> None:
        if self.anchor not in ANCHORS:
            raise ValueError(f"anchor must be one of {ANCHORS}, got {self.anchor!r}")
        if self.size_pt <= 0:
            raise ValueError(f"font size must be positive, got {self.size_pt}")
        _set(self, "fill", _colour(self.fill, "fill"))


@dataclass(frozen=True, slots=True)
class TextBlock:
    """Text already fitted by textfit.fit_text; drawn in the font it was measured with."""

    rect: Rect
    fitted: FittedText
    align: str = "left"
    valign: str = "top"
    fill: str = "#000000"
    icons: tuple = ()  # (id, IconArt) of the icons with artwork; the others draw as a lettered frame

    def __post_init__(self) -> None:
        if self.align not in ("left", "center", "right"):
            raise ValueError(f"align must be left, center or right, got {self.align!r}")
        if self.valign not in ("top", "middle", "bottom"):
            raise ValueError(f"valign must be top, middle or bottom, got {self.valign!r}")
        _set(self, "fill", _colour(self.fill, "fill"))


@dataclass(frozen=True, slots=True)
class ImageItem:
    """A raster image (PNG/JPEG) fitted inside ``rect`` keeping its aspect ratio ('contain').

    ``path`` is an absolute file path checked by the validator to lie inside the game folder; ``size_px``
    (width, height) lets layout place it without opening the file here."""

    rect: Rect
    path: str
    size_px: tuple[int, int]

    def placed(self) -> Rect:
        """Where the image lands: centred in rect, as large as fits."""
        w, h = self.size_px
        k = min(self.rect.w / w, self.rect.h / h)
        return Rect(self.rect.x + (self.rect.w - w * k) / 2, self.rect.y + (self.rect.h - h * k) / 2, w * k, h * k)


PATH_OPS = {"M": 2, "L": 2, "C": 6, "Z": 0}


@dataclass(frozen=True)
class Path:
    """A vector outline: absolute move-to, line-to, cubic curve-to and close segments (an SVG icon's
    paths, arcs and shapes are reduced to these when it is read). ``even_odd`` is SVG's fill-rule."""

    segments: tuple[tuple[str, tuple[float, ...]], ...]
    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_pt: float = 0.0
    even_odd: bool = False

    def __post_init__(self) -> None:
        segs = tuple((op, tuple(float(v) for v in args)) for op, args in self.segments)
        if not segs or segs[0][0] != "M":
            raise ValueError("a path starts with a move-to ('M')")
        for op, args in segs:
            if PATH_OPS.get(op) != len(args):
                raise ValueError(f"path segment {op!r} needs {PATH_OPS.get(op, '?')} numbers, got {len(args)}")
        _set(self, "segments", segs)
        _set(self, "fill", _colour(self.fill, "fill"))
        _check_stroke(self)

    def transformed(self, t: Transform, stroke_k: float | None = None) -> Path:
        """The path with every point mapped through ``t`` (Béziers stay Béziers under an affine map);
        the stroke width scales by ``stroke_k`` (default: the map's mean scale)."""
        k = math.sqrt(abs(t.a * t.d - t.b * t.c)) if stroke_k is None else stroke_k
        segs = []
        for op, args in self.segments:
            pts = [t.apply(Point(args[i], args[i + 1])) for i in range(0, len(args), 2)]
            segs.append((op, tuple(v for p in pts for v in (p.x, p.y))))
        return Path(tuple(segs), self.fill, self.stroke, self.stroke_pt * k, self.even_odd)

    def bounds(self) -> Rect:
        """The box of its points and control points (holds the curve)."""
        xs = [a[i] for _, a in self.segments for i in range(0, len(a), 2)]
        ys = [a[i] for _, a in self.segments for i in range(1, len(a), 2)]
        return Rect.from_edges(min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class IconArt:
    """The artwork of one icon: vector paths in its own ``view`` box (an SVG's viewBox), or a raster image
    (``image`` = (file path, (width px, height px))). ``draw`` fits it into a box as flat primitives, so
    text blocks, faces and boards place it like any other item."""

    id: str
    view: Rect
    paths: tuple = ()
    image: tuple[str, tuple[int, int]] | None = None

    def __post_init__(self) -> None:
        _set(self, "paths", tuple(self.paths))
        if self.view.w <= 0 or self.view.h <= 0:
            raise ValueError(f"icon {self.id!r}: an empty view box")

    def draw(self, box: Rect) -> tuple:
        """Primitives drawing the icon centred in ``box``, as large as fits (its aspect kept)."""
        if self.image is not None:
            path, size_px = self.image
            return (ImageItem(box, path, size_px),)
        k = min(box.w / self.view.w, box.h / self.view.h)
        dx = box.x + (box.w - self.view.w * k) / 2 - self.view.x * k
        dy = box.y + (box.h - self.view.h * k) / 2 - self.view.y * k
        t = Transform(a=k, d=k, e=dx, f=dy)
        return tuple(p.transformed(t, k) for p in self.paths)


@dataclass(frozen=True, slots=True)
class Group:
    items: tuple
    transform: Transform = IDENTITY

    def __post_init__(self) -> None:
        _set(self, "items", tuple(self.items))


@dataclass(frozen=True, slots=True)
class UseForm:
    """Place FormDef `name` with its top-left corner at (x, y); `mirror` flips it left-right in place."""

    name: str
    x: float
    y: float
    mirror: bool = False
    scale: float = 1.0

    def placement(self, form: FormDef) -> Transform:
        if self.mirror:
            return Transform(a=-self.scale, d=self.scale, e=self.x + form.size.w * self.scale, f=self.y)
        return Transform(a=self.scale, d=self.scale, e=self.x, f=self.y)


@dataclass(frozen=True, slots=True)
class FormDef:
    """Reusable artwork in its own coordinates, (0, 0) top-left to `size`."""

    name: str
    size: Size
    items: tuple

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("a form needs a name")
        _set(self, "items", tuple(self.items))


Item = RectItem | Line | Polygon | Circle | TextItem | TextBlock | ImageItem | Path | Group | UseForm
PRIMITIVES = (RectItem, Line, Polygon, Circle, TextItem, ImageItem, Path)


@dataclass(frozen=True, slots=True)
class Page:
    size: Size
    items: tuple
    trim_box: Rect | None = None
    bleed_box: Rect | None = None
    label: str = ""

    def __post_init__(self) -> None:
        _set(self, "items", tuple(self.items))
        sheet = Rect.from_size(self.size)
        if self.bleed_box is not None and not sheet.contains(self.bleed_box):
            raise ValueError("the bleed box must lie on the page")
        if self.trim_box is not None:
            outer = self.bleed_box or sheet
            if not outer.contains(self.trim_box):
                raise ValueError("the trim box must lie inside the bleed box and the page")


@dataclass(frozen=True, slots=True)
class Metadata:
    title: str = ""
    author: str = ""
    subject: str = ""


@dataclass(frozen=True, slots=True)
class Scene:
    pages: tuple[Page, ...]
    forms: tuple[FormDef, ...] = ()
    metadata: Metadata = field(default_factory=Metadata)

    def __post_init__(self) -> None:
        _set(self, "pages", tuple(self.pages))
        _set(self, "forms", tuple(self.forms))
        names = [f.name for f in self.forms]
        if len(set(names)) != len(names):
            raise ValueError(f"form names must be unique, got {sorted(names)}")
        _check_form_refs(self)

    @property
    def form_map(self) -> dict[str, FormDef]:
        return {f.name: f for f in self.forms}


# --- text block expansion -------------------------------------------------------------------------

def expand_text_block(block: TextBlock, forms: Mapping[str, FormDef] | None = None) -> tuple:
    """TextItems (and icon artwork) at the positions the fitter measured; empty runs are skipped."""
    forms = forms or {}
    out: list = []
    for run, x, line_top, baseline in block_runs(block):
        out.extend(_draw_run(run, x, line_top, baseline, block, forms))
    return tuple(out)


def block_runs(block: TextBlock) -> Iterator[tuple[Run, float, float, float]]:
    """(run, x, line top, baseline) of every run of a fitted block, in drawing order — the one place the
    positions are computed, so a backend that draws the runs directly (without TextItems) places them
    exactly where ``expand_text_block`` does."""
    fitted = block.fitted
    size_mm = pt_to_mm(fitted.size_pt)
    top = _block_top(block)
    line_height = fitted.line_height
    for k, (runs, width) in enumerate(zip(fitted.runs, fitted.widths)):
        line_top = top + k * line_height
        baseline = line_top + line_height / 2 + CAP_CENTRE_EM * size_mm
        x = _line_left(block, width)
        for run in runs:
            yield run, x, line_top, baseline
            x += run.width


def icon_box(x: float, line_top: float, width: float, line_height: float) -> Rect:
    """The square an icon is drawn in: centred in its run, 90% of the smaller side."""
    side = 0.9 * min(width, line_height)
    return Rect(x + (width - side) / 2, line_top + (line_height - side) / 2, side, side)


def _block_top(block: TextBlock) -> float:
    spare = block.rect.h - block.fitted.height
    valign = block.valign
    return block.rect.top + (0.0 if valign == "top" else spare / 2 if valign == "middle" else spare)


def _line_left(block: TextBlock, width: float) -> float:
    spare = block.rect.w - width
    align = block.align
    return block.rect.left + (0.0 if align == "left" else spare / 2 if align == "center" else spare)


def _draw_run(run: Run, x: float, line_top: float, baseline: float, block: TextBlock,
              forms: Mapping[str, FormDef]) -> list:
    fitted = block.fitted
    if run.icon:
        return _draw_icon(run.icon, icon_box(x, line_top, run.width, fitted.line_height), block, forms)
    text = run.text.rstrip()
    if not text:
        return []
    font = fitted.bold_font if run.bold else fitted.font
    return [TextItem(x, baseline, text, font=font, size_pt=fitted.size_pt, fill=block.fill)]


def _draw_icon(name: str, box: Rect, block: TextBlock, forms: Mapping[str, FormDef]) -> list:
    for icon_id, art in block.icons:
        if icon_id == name:
            return list(art.draw(box))
    form = forms.get(ICON_PREFIX + name)
    if form is not None:
        scale = min(box.w / form.size.w, box.h / form.size.h) if form.size.w and form.size.h else 1.0
        dx = (box.w - form.size.w * scale) / 2
        dy = (box.h - form.size.h * scale) / 2
        return [UseForm(form.name, box.x + dx, box.y + dy, scale=scale)]
    # no artwork yet: a rounded frame with the icon's initial, so the card still reads
    label_pt = block.fitted.size_pt * 0.7
    return [RectItem(box, fill=None, stroke=block.fill, stroke_pt=0.4, radius=box.w * 0.2),
            TextItem(box.center.x, box.center.y + CAP_CENTRE_EM * pt_to_mm(label_pt), name[:1].upper(),
                     font=block.fitted.bold_font, size_pt=label_pt, anchor="middle", fill=block.fill)]


# --- walking --------------------------------------------------------------------------------------

def flatten(items: Iterable, forms: Mapping[str, FormDef] | None = None,
            transform: Transform = IDENTITY) -> Iterator[tuple[object, Transform]]:
    """Every primitive with the transform that places it on the page (groups, forms, text expanded)."""
    forms = forms or {}
    for item in items:
        if isinstance(item, Group):
            yield from flatten(item.items, forms, item.transform.then(transform))
        elif isinstance(item, UseForm):
            form = forms[item.name]
            yield from flatten(form.items, forms, item.placement(form).then(transform))
        elif isinstance(item, TextBlock):
            yield from flatten(expand_text_block(item, forms), forms, transform)
        else:
            yield item, transform


def _form_refs(items: Iterable) -> Iterator[str]:
    for item in items:
        if isinstance(item, Group):
            yield from _form_refs(item.items)
        elif isinstance(item, UseForm):
            yield item.name


def check_page_forms(page: Page, forms: Mapping[str, FormDef], page_no: int) -> None:
    """Every form a page places is defined (pages written one at a time are checked as they come)."""
    for name in _form_refs(page.items):
        if name not in forms:
            raise ValueError(f"page {page_no} uses form {name!r}, which the scene does not define")


def _check_form_refs(scene: Scene) -> None:
    forms = scene.form_map
    for page_no, page in enumerate(scene.pages, 1):
        check_page_forms(page, forms, page_no)
    for form in scene.forms:
        _check_no_cycle(form.name, forms, ())


def _check_no_cycle(name: str, forms: Mapping[str, FormDef], path: tuple[str, ...]) -> None:
    if name in path:
        raise ValueError(f"forms refer to each other in a loop: {' -> '.join(path + (name,))}")
    if name not in forms:
        raise ValueError(f"form {path[-1]!r} uses form {name!r}, which the scene does not define")
    for ref in _form_refs(forms[name].items):
        _check_no_cycle(ref, forms, path + (name,))
