"""What every board part shares: sizes, colours, measuring, placing and the titled panel."""
from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from generator.geom.scene import (
    CAP_CENTRE_EM,
    Circle,
    IconArt,
    ImageItem,
    Line,
    Path,
    Polygon,
    RectItem,
    TextBlock,
    TextItem,
    expand_text_block,
)
from generator.geom.shapes import Point, Rect, Size, Transform
from generator.geom.units import pt_to_mm
from generator.i18n import t, tn
from generator.layout.boards.packing import GAP  # noqa: F401  (re-exported: panels share the gap)
from generator.layout.boards.variants import BoardVariant
from generator.schema.components import Board, Icon, Tile
from generator.text.fit import FontMetrics, TextDoesNotFit, fit_text

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_NARROW = "DejaVuSansCondensed"

MARGIN = 10.0  # mm, board edge to content
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



def words(langs: Sequence[str], key: str, **fields) -> str:
    """A board wording from the catalogs (``board.<key>``) in each of the board's languages, ' / '-joined
    (a Polish and English game prints both; an English-only game prints English only)."""
    return " / ".join(dict.fromkeys(t(lang, f"board.{key}", **fields) for lang in langs))


def counted(langs: Sequence[str], key: str, n: int) -> str:
    return " / ".join(dict.fromkeys(tn(lang, f"board.{key}", n) for lang in langs))


def mm(value: float) -> str:
    return f"{value:g}"


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
    if isinstance(item, Path):
        return item.bounds()
    if isinstance(item, ImageItem):
        return item.rect
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
    if isinstance(item, Path):
        return item.transformed(Transform(a=k, d=k, e=dx, f=dy))
    if isinstance(item, ImageItem):
        r = item.rect
        return replace(item, rect=Rect(dx + r.x * k, dy + r.y * k, r.w * k, r.h * k))
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
    known = tuple(ctx.icons) if ":" in text else ()
    try:
        fitted = fit_text(text, box.size, ctx.metrics, font, max_pt, min_pt, lang=ctx.lang, bold_font=FONT_BOLD,
                          known_icons=known)
    except (TextDoesNotFit, ValueError):
        return [fit_label(box.center.x, baseline_for_centre(box.center.y, min_pt), text, box.w, ctx.metrics,
                          size_pt=min_pt, min_pt=min(min_pt, 3.0), font=font, fill=fill)]
    return list(expand_text_block(TextBlock(box, fitted, align="center", valign="middle", fill=fill,
                                            icons=icon_arts_for(fitted, ctx))))


def icon_arts_for(fitted, ctx: _Ctx) -> tuple:
    """(id, artwork) of the icons with an image in a fitted text (the others draw as a lettered frame)."""
    used = sorted({r.icon for runs in fitted.runs for r in runs if r.icon})
    return tuple((k, ctx.arts[k]) for k in used if ctx.arts.get(k) is not None)


def icon_label(x: float, y: float, text: str, max_w: float, ctx: _Ctx, *, size_pt: float = 8.0,
               min_pt: float = 4.0, font: str = FONT, fill: str = INK) -> list:
    """``fit_label`` (centred on x, baseline y) for a label that may name icons (``:storm:``): those are
    drawn as their artwork; a label without icons is exactly ``fit_label``'s one text item."""
    if ":" not in text or not ctx.icons:
        return [fit_label(x, y, text, max_w, ctx.metrics, size_pt=size_pt, min_pt=min_pt, font=font, fill=fill)]
    line_h = 1.3 * pt_to_mm(size_pt)
    box = Rect(x - max_w / 2, y - CAP_CENTRE_EM * pt_to_mm(size_pt) - line_h / 2, max_w, line_h)
    return wrapped_label(text, box, ctx, max_pt=size_pt, min_pt=min_pt, font=font, fill=fill)


def wrap_lines(text: str, max_w: float, metrics: FontMetrics, font: str, size_pt: float,
               lang: str = "en") -> list[str]:
    """A note's lines at one size, broken by the one text engine (real widths, hyphenation for ``lang``).

    Notes are plain text: markup characters are not interpreted. A word too wide even hyphenated stays
    on its own line (the caller's width check reports it)."""
    try:
        fitted = fit_text(text.translate(_SHIELD), Size(max_w, 10_000.0), metrics, font, size_pt, size_pt,
                          lang=lang)
    except (TextDoesNotFit, ValueError):
        return [text]
    return [line.translate(_UNSHIELD) for line in fitted.lines]


# characters the markup grammar reads (``**``, ``:icon:``, ``[[…]]``, ``§``) are swapped for look-alikes of
# about the same width while breaking a plain note, and swapped back in the lines
_SHIELD = str.maketrans({"*": "\u2217", ":": "\u2236", "[": "\u27e6", "§": "\u00a7"})
_UNSHIELD = str.maketrans({v: k for k, v in {"*": "\u2217", ":": "\u2236", "[": "\u27e6", "§": "\u00a7"}.items()})


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
    langs: tuple[str, ...] = ()  # the board's languages, ``lang`` first (the game's languages)
    original: bool = False  # a designer's own game: no rulebook wording, no "schematic" tags
    arts: Mapping[str, IconArt | None] = field(default_factory=dict)  # icon id → its artwork (None: no image)

    def __post_init__(self) -> None:
        self.langs = tuple(dict.fromkeys((self.lang, *self.langs)))

    def t(self, l10n) -> str:
        """The data's own text in the board's language."""
        if l10n is None:
            return ""
        return l10n.get(self.lang) or next((l10n.get(x) for x in self.langs if l10n.get(x)), "")

    def ui(self, key: str, **fields) -> str:
        return words(self.langs, key, **fields)

    def players(self, n: int) -> str:
        return counted(self.langs, "players", n)


def _framed(kind: str, title: str, content: Size, items: Sequence, ctx: _Ctx, *, schematic: bool = False,
            legend: Sequence[LegendEntry] = (), notes: Sequence[str] = (), frame: bool = True) -> Panel:
    """Put a title line above content items (given from (0, 0)) and, for schematics, a dashed frame."""
    pad = 3.0 if frame else 0.0
    title_item = TextItem(0, 5.0, title, font=FONT_BOLD, size_pt=9.0)
    width = max(content.w + 2 * pad, ctx.metrics.width(title, FONT_BOLD, 9.0) + 2)
    out: list = [title_item]
    if schematic and not ctx.original:
        tag = ctx.ui("schematic")
        tag_w = ctx.metrics.width(tag, FONT_BOLD, 6.0)
        title_w = ctx.metrics.width(title, FONT_BOLD, 9.0)
        width = max(width, title_w + tag_w + 6)
        out.append(TextItem(width, 5.0, tag, font=FONT_BOLD, size_pt=6.0, anchor="end", fill=SCHEMATIC_RED))
    top = PANEL_TITLE_H
    if frame:
        out.append(RectItem(Rect(0, top, width, content.h + 2 * pad), fill=None,
                            stroke=SCHEMATIC_RED if schematic and not ctx.original else "#999999", stroke_pt=0.6,
                            radius=1.5))
    dx = pad + (width - 2 * pad - content.w) / 2
    out.extend(place(i, dx, top + pad) for i in items)
    return Panel(kind, title, Size(width, top + content.h + 2 * pad), tuple(out), schematic,
                 tuple(legend), tuple(notes))
