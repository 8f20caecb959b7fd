"""Faces of printable items — cards, tokens, dice nets, tiles, player aids — as scene items in mm.

Pure: text is measured through an injected FontMetrics, nothing is drawn here. Unknown values (the
rulebook does not say) become visible blanks: a dashed box with a question mark, so a proxy never
pretends to know. Every proxy carries a small PROXY mark (a designer's own game has none: its label is '').
A card's colours, frame style and fonts come from its CardView (plan/theme.py resolves the data's themes);
the defaults are the built-in look.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from generator.geom.hexgrid import HexTileError, bleed_outline, hex_to_point, outline, outline_bbox
from generator.geom.scene import Circle, ImageItem, Line, Polygon, RectItem, TextBlock, TextItem
from generator.geom.shapes import Point, Rect, Size
from generator.geom.units import pt_to_mm
from generator.plan.items import Face
from generator.text.fit import FontMetrics, TextDoesNotFit, fit_text, glue_plain, quick_fits
from generator.text.metrics import covers

UNKNOWN = "unknown"
FONT = "DejaVuSansCondensed"
BOLD = "DejaVuSansCondensed-Bold"
INK = "#1f1f1f"
PAPER = "#ffffff"
BLANK_INK = "#9a9a9a"
FONTS = (FONT, BOLD)  # (regular, bold) of text set on a face


@dataclass(frozen=True, slots=True)
class Box:
    """A named text box on a face, mm from the trim's top-left corner."""

    field: str
    x: float
    y: float
    w: float
    h: float
    size_pt: float = 8.0
    min_pt: float = 5.5
    bold: bool = False
    align: str = "left"
    valign: str = "top"
    fill: str | None = None
    stroke: str | None = None

    def rect(self) -> Rect:
        return Rect(self.x, self.y, self.w, self.h)


REFERENCE = Size(63.0, 88.0)
STANDARD_BOXES: dict[str, Box] = {
    "cost": Box("cost", 3, 3, 8, 8, 9, 6, bold=True, align="center", valign="middle"),
    "name": Box("name", 12, 3, 48, 8, 9.5, 6, bold=True, align="center", valign="middle"),
    "type": Box("type", 3, 12, 57, 4.5, 6.5, 5, align="center", valign="middle"),
    "art": Box("art", 3, 17.5, 57, 24),
    "stats": Box("stats", 3, 43, 57, 6.5, 7, 5, align="center", valign="middle"),
    "text": Box("text", 4, 51, 55, 29, 8, 5),
    "footer": Box("footer", 3, 81.5, 57, 3.5, 5, 4, align="center", valign="middle"),
}


def mini_boxes(size: Size) -> dict[str, Box]:
    """Small cards (mini-euro, mini-usa …) get their own layout rather than a shrunk poker one: a thin art
    band, so the rules text keeps 6 pt or more."""
    w, h = size.w, size.h
    return {
        "cost": Box("cost", 2.5, 2.5, 6, 6, 8, 6, bold=True, align="center", valign="middle"),
        "name": Box("name", 9, 2.5, w - 11.5, 6, 8, 6, bold=True, align="center", valign="middle"),
        "type": Box("type", 2.5, 9, w - 5, 3.2, 5.5, 4.5, align="center", valign="middle"),
        "art": Box("art", 2.5, 12.6, w - 5, 5.4),
        "stats": Box("stats", 2.5, 18.3, w - 5, 6.6, 6.5, 5, align="center", valign="middle"),
        "text": Box("text", 3, 25.3, w - 6, h - 25.3 - 5.3, 7, 6),
        "footer": Box("footer", 2.5, h - 4.8, w - 5, 3.0, 4.5, 4, align="center", valign="middle"),
    }


def scaled_boxes(size: Size, boxes: dict[str, Box] | None = None) -> dict[str, Box]:
    """The reference (poker) layout stretched to another card size; text sizes follow the smaller scale.
    Cards much smaller than poker use ``mini_boxes``."""
    sx, sy = size.w / REFERENCE.w, size.h / REFERENCE.h
    k = min(sx, sy)
    if boxes is None and k < 0.8:
        return mini_boxes(size)
    out = {}
    for name, b in (boxes or STANDARD_BOXES).items():
        out[name] = Box(b.field, b.x * sx, b.y * sy, b.w * sx, b.h * sy, max(b.size_pt * k, 4.5),
                        max(min(b.min_pt * k, b.size_pt * k), 4.0), b.bold, b.align, b.valign, b.fill, b.stroke)
    return out


@dataclass(frozen=True, slots=True)
class CardView:
    """Everything a card face shows, already in the kit's language; UNKNOWN marks a blank."""

    name: str
    deck: str
    color: str = "#6b5b3e"
    faction: str | None = None
    faction_color: str | None = None
    cost: str | None = None
    stats: tuple[tuple[str, str], ...] = ()
    text: str | None = None
    traits: str | None = None
    footer: str = ""
    copies: str = ""
    proxy: bool = True
    proxy_label: str = "PROXY"  # the localized word for a stand-in card
    owner_note: str | None = None  # shown when the kit's owner filled in some of the card's values
    values: dict = field(default_factory=dict)  # extra fields for data-defined boxes (stats.<key> …)
    image: tuple[str, tuple[int, int]] | None = None  # (file path, (width px, height px)) of the card's art
    # the theme (plan/theme.py): paper inside the frame, text colour, cost disc/art colour (None: ``color``),
    # frame style (rounded | square | double | none) and the fonts its texts are set in
    paper: str = PAPER
    ink: str = INK
    accent: str | None = None
    frame_style: str = "rounded"
    font: str = FONT
    bold_font: str = BOLD
    lang: str = "pl"  # the kit's language: its hyphenation rules

    @property
    def fonts(self) -> tuple[str, str]:
        return (self.font, self.bold_font)


class FaceTextError(ValueError):
    """Text that does not fit its box, or an unknown icon: reported against the card by the caller."""

    def __init__(self, box: str, detail: str, icon: str | None = None):
        super().__init__(f"box '{box}': {detail}")
        self.box = box
        self.detail = detail
        self.icon = icon  # the unknown icon's id, when that is the problem


def blank(rect: Rect, label: str = "?") -> tuple:
    """A visible blank for a value the rulebook does not give."""
    size = max(min(rect.h * 2.0, 8.0), 4.0)
    return (RectItem(rect.inset(0.3), fill="#f2f2f2", stroke=BLANK_INK, stroke_pt=0.4, radius=0.8),
            Line(Point(rect.left + 1, rect.bottom - 0.8), Point(rect.right - 1, rect.bottom - 0.8), stroke=BLANK_INK,
                 stroke_pt=0.3, dash=(0.8, 0.6)),
            TextItem(rect.center.x, rect.center.y + 0.36 * pt_to_mm(size), label, font=FONT, size_pt=size,
                     anchor="middle", fill="#7a7a7a"))


def text_box(box: Box, text: str, metrics: FontMetrics, icons=frozenset(), fill: str = INK,
             term_name=None, fonts: tuple[str, str] = FONTS, lang: str = "pl") -> tuple:
    """Fit ``text`` into the box (wrap, hyphenate by the rules of ``lang``, shrink) in ``fonts`` (regular,
    bold); raise FaceTextError when it cannot."""
    regular, bold = fonts
    font = bold if box.bold else regular
    try:
        fitted = fit_text(text, Size(box.w, box.h), metrics, font, box.size_pt, min(box.min_pt, box.size_pt),
                          lang=lang, bold_font=bold, known_icons=icons, term_name=term_name)
    except TextDoesNotFit:
        raise FaceTextError(box.field, f"text does not fit {box.w:.1f} × {box.h:.1f} mm even at "
                                       f"{box.min_pt:.1f} pt ({len(text)} characters)") from None
    except ValueError as exc:  # unknown icon, unclosed **
        raise FaceTextError(box.field, str(exc), getattr(exc, "name", None)) from None
    return (TextBlock(box.rect(), fitted, align=box.align, valign=box.valign, fill=fill,
                      icons=_arts_in(fitted, icons)),)


def _arts_in(fitted, icons) -> tuple:
    """(id, artwork) of the icons with an image that the fitted text draws (the others keep the frame)."""
    if not icons or not isinstance(icons, Mapping):
        return ()
    used = {run.icon for runs in fitted.runs for run in runs if run.icon}
    return tuple((k, icons[k]) for k in sorted(used) if icons.get(k) is not None)


_ICON_ONLY = re.compile(r"^\s*:([a-z0-9][a-z0-9_\-]*):\s*$")


def icon_only(label: str | None, icons) -> str | None:
    """The icon id when a label is exactly one known icon (``:storm:``): drawn large, not as a text run."""
    if not label or not icons:
        return None
    m = _ICON_ONLY.match(label)
    return m.group(1) if m and m.group(1) in icons else None


def icon_mark(icon_id: str, rect: Rect, icons, metrics: FontMetrics) -> tuple:
    """One icon filling ``rect`` (its aspect kept): its artwork, or — with no image — a disc in its colour
    with its glyph."""
    art = icons.get(icon_id) if isinstance(icons, Mapping) else None
    if art is not None:
        return tuple(art.draw(rect))
    icon = getattr(icons, "defs", {}).get(icon_id)
    colour = icon.color if icon is not None else INK
    glyph = (icon.glyph if icon is not None and icon.glyph else icon_id[:1].upper())
    r = min(rect.w, rect.h) / 2
    size = r * 1.1 / pt_to_mm(1) * (1 if len(glyph) == 1 else 0.7)
    c = rect.center
    return (Circle(c, r, fill=colour, stroke=None, stroke_pt=0),
            TextItem(c.x, c.y + 0.36 * pt_to_mm(size), glyph, font=BOLD, size_pt=size, anchor="middle",
                     fill=PAPER))


SAFE = 3.0  # mm inside the trim that nothing important crosses (the cut wanders that much)


def name_box(box: Box, text: str, metrics: FontMetrics, icons=frozenset(), fill: str = INK, term_name=None,
             floor_pt: float = 3.5, fonts: tuple[str, str] = FONTS, lang: str = "pl") -> tuple:
    """A proper name (card, token, tile, faction, term): never hyphenated — the size drops until its
    longest word fits the box's width (down to ``floor_pt``); only a name that cannot fit even then
    falls back to the ordinary fitting."""
    size = name_size(box, text, metrics, fonts, lang)
    if size < box.size_pt and size >= floor_pt:
        fitted = Box(box.field, box.x, box.y, box.w, box.h, size, min(box.min_pt, size), box.bold, box.align,
                     box.valign, box.fill, box.stroke)
        try:
            return text_box(fitted, text, metrics, icons, fill, term_name, fonts, lang)
        except FaceTextError:
            pass
    return text_box(box, text, metrics, icons, fill, term_name, fonts, lang)


def name_size(box: Box, text: str, metrics: FontMetrics, fonts: tuple[str, str] = FONTS,
              lang: str | None = "pl") -> float:
    """The size at which a name's longest word (or words set as one, ``glue_plain``) fits the box's width
    (at most the box's size)."""
    font = fonts[1] if box.bold else fonts[0]
    size = box.size_pt
    for word in glue_plain(text.replace("**", "").split(), lang):
        width = metrics.width(word, font, box.size_pt)
        if width > box.w:
            size = min(size, math.floor(box.size_pt * box.w / width * 2) / 2)
    return size


class TextNeed(NamedTuple):
    """One text a face sets in a box (what the text-fit check proves without drawing the face)."""

    box: Box
    text: str
    name: bool = False  # set as a proper name (``name_box``): it may shrink below the box's minimum
    floor_pt: float = 3.5
    fit: bool = True  # False: a text the face shortens to fit (never an error) — only its characters count
    fonts: tuple[str, str] = FONTS  # (regular, bold) it is set in


_MEMO_TEXT = 48  # longer texts (abilities, flavour) rarely recur: the memo keeps labels, names, stats


def quick_check(needs, metrics: FontMetrics, icons=frozenset(), term_name=None, memo: dict | None = None,
                lang: str = "pl") -> bool:
    """Whether every requirement of a face provably fits, in characters its fonts have.

    ``needs`` is a list of requirements; each is a tuple of alternatives (the face falls back from one to
    the next, as the stats grid falls back to one line), each alternative a tuple of ``TextNeed``s that
    must all fit. False means "set the face for real": it decides, and words any error. ``memo`` remembers
    answers across the faces of one plan (``metrics``, ``icons``, ``term_name`` and ``lang`` fixed): labels,
    stats and type lines recur on many faces."""
    if memo is None:
        memo = {}
    elif len(memo) > 1 << 16:
        memo.clear()
    for alternatives in needs:
        for alternative in alternatives:
            for need in alternative:
                if len(need.text) > _MEMO_TEXT:  # a card's own text: set once, not worth remembering
                    ok = _quick_one(need, metrics, icons, term_name, lang)
                else:
                    box = need.box
                    key = (need.text, box.w, box.h, box.size_pt, box.min_pt, box.bold, need.name, need.floor_pt,
                           need.fit, need.fonts)
                    ok = memo.get(key)
                    if ok is None:
                        ok = memo[key] = _quick_one(need, metrics, icons, term_name, lang)
                if not ok:
                    break
            else:
                break  # this alternative is proved
        else:
            return False
    return True


def _quick_one(need: TextNeed, metrics: FontMetrics, icons, term_name, lang: str = "pl") -> bool:
    box = need.box
    regular, bold = need.fonts
    font = bold if box.bold else regular
    if not need.fit:
        return covers(font, need.text) and ("**" not in need.text or covers(bold, need.text))
    min_pt = min(box.min_pt, box.size_pt)
    if need.name:
        size = name_size(box, need.text, metrics, need.fonts, lang)
        if need.floor_pt <= size < box.size_pt:
            min_pt = min(box.min_pt, size)
    pieces = quick_fits(need.text, Size(box.w, box.h), metrics, font, min_pt, bold_font=bold,
                        known_icons=icons, term_name=term_name, lang=lang)
    return pieces is not None and all(covers(f, text) for text, f in pieces)


def proxy_mark(size: Size, label: str = "PROXY") -> tuple:
    """The stand-in mark, inside the safe area (never clipped by the cut); none for an empty label. Marks
    the kit adds (not the designer's text) stay in the built-in font, whatever the theme's font lacks."""
    if not label:
        return ()
    return (TextItem(size.w - SAFE, size.h - SAFE, label, font=FONT, size_pt=4.5, anchor="end", fill="#6c6c6c"),)


def background(size: Size, bleed: float, fill: str) -> RectItem:
    return RectItem(Rect(-bleed, -bleed, size.w + 2 * bleed, size.h + 2 * bleed), fill=fill, stroke=None,
                    stroke_pt=0)


def card_front(view: CardView, size: Size, metrics: FontMetrics, boxes: dict[str, Box] | None = None,
               icons=frozenset(), term_name=None) -> CardFront:
    """The face of one card design (see plan/items.py)."""
    boxes = boxes or scaled_boxes(size)  # shared by a deck's cards: copied only when one changes it
    if view.cost is None and "cost" in boxes and "name" in boxes:  # no cost disc: the name takes its room
        cost, name = boxes["cost"], boxes["name"]
        if cost.x < name.x:
            boxes = dict(boxes)
            boxes["name"] = Box(name.field, cost.x, name.y, name.x + name.w - cost.x, name.h, name.size_pt,
                                name.min_pt, name.bold, name.align, name.valign, name.fill, name.stroke)
    return CardFront(view, size, metrics, boxes, icons, term_name)


class CardFront(Face):
    """A card's front: drawn from its view and its deck's boxes when first asked for. A small object of its
    own rather than a closure — a 50,000-card game plans 50,000 of them."""

    __slots__ = ("view", "size", "metrics", "boxes", "icons", "term_name")

    def __init__(self, view: CardView, size: Size, metrics: FontMetrics, boxes: dict[str, Box], icons,
                 term_name) -> None:
        self._build, self._drawn = None, None  # (no bound method kept on the object: no reference cycle)
        self.view, self.size, self.metrics, self.boxes = view, size, metrics, boxes
        self.icons, self.term_name = icons, term_name

    def needs(self) -> list:  # overrides Face's slot: the texts are read from the card's own fields
        return card_needs(self.view, self.boxes)

    def build(self, bleed: float) -> tuple:
        view, size, boxes = self.view, self.size, self.boxes
        items: list = _frame(view, size, bleed)
        inner = Rect(1.5, 1.5, size.w - 3, size.h - 3)
        if view.faction_color:
            items.append(RectItem(Rect(inner.x, inner.y, inner.w, 1.2), fill=view.faction_color, stroke=None,
                                  stroke_pt=0))
        for name, box in boxes.items():
            items.extend(_card_box(name, box, view, self.metrics, self.icons, self.term_name))
        if view.proxy and view.proxy_label:
            art = boxes.get("art")
            if art is not None and not view.image and art.w > 15 and art.h > 4:
                # inside the art panel: in the safe area, clear of every text box
                items.append(TextItem(art.x + art.w - 1.2, art.y + art.h - 1.2, view.proxy_label, font=FONT,
                                      size_pt=5, anchor="end", fill="#5a5a5a"))
            else:
                items.extend(proxy_mark(size, view.proxy_label))
        if view.owner_note:  # values the kit's owner filled in (an overlay), never passed off as the rulebook's
            art = boxes.get("art")
            if art is not None and not view.image and art.w > 15 and art.h > 4:
                items.append(TextItem(art.x + 1.2, art.y + 2.6, view.owner_note, font=FONT, size_pt=5,
                                      fill="#5a5a5a"))
            else:
                items.append(TextItem(SAFE, size.h - SAFE, view.owner_note, font=FONT, size_pt=4.5,
                                      fill="#6c6c6c"))
        return tuple(items)


def card_needs(view: CardView, boxes: dict[str, Box]) -> list[tuple[tuple[TextNeed, ...], ...]]:
    """Every text ``card_front`` sets, box by box, as the quick check reads them (a test keeps the two
    equal: the texts here are the texts the face draws)."""
    needs: list = []
    for box in boxes.values():
        if box.field == "art":
            if not view.image:  # the art panel's initial
                initial = (view.deck or view.name or "?")[:1].upper()
                needs.append(((TextNeed(Box("art", 0, 0, 1e6, 1e6, 8, 8, bold=True), initial, fonts=view.fonts),),))
            continue
        value = _field_value(box.field, view)
        if value is None or value == UNKNOWN:
            continue
        if box.field == "stats":
            needs.append((tuple(need for need, _ in _stats_cells(box, view)),
                          (TextNeed(box, _stats_line(view), fonts=view.fonts),)))
        else:
            needs.append(((TextNeed(box, value, name=box.field == "name", fonts=view.fonts),),))
    return needs


def _frame(view: CardView, size: Size, bleed: float) -> list:
    """The card's frame in its style: the frame colour out to the bleed and the paper panel inside it —
    rounded (the built-in look), square corners, double (a thin inner line in the frame colour) or none
    (paper to the edge)."""
    inner = Rect(1.5, 1.5, size.w - 3, size.h - 3)
    if view.frame_style == "none":
        return [background(size, bleed, view.paper)]
    items = [background(size, bleed, view.color),
             RectItem(inner, fill=view.paper, stroke=None, stroke_pt=0, radius=0.0 if view.frame_style == "square"
                      else 2.0)]
    if view.frame_style == "double":
        items.append(RectItem(inner.inset(0.8), fill=None, stroke=view.color, stroke_pt=0.5, radius=1.4))
    return items


def _card_box(name: str, box: Box, view: CardView, metrics: FontMetrics, icons, term_name=None) -> list:
    value = _field_value(box.field, view)
    if box.field == "art":
        return _art(box, view)
    if box.field == "cost":
        if value is None:
            return []
        disc = Circle(box.rect().center, min(box.w, box.h) / 2, fill=view.accent or view.color, stroke="#ffffff",
                      stroke_pt=0.6)
        if value == UNKNOWN:
            return [disc, *blank(box.rect().inset(1.2))]
        return [disc, *text_box(box, value, metrics, icons, fill="#ffffff", fonts=view.fonts, lang=view.lang)]
    if value is None:
        return []
    frame = [RectItem(box.rect(), fill=box.fill, stroke=box.stroke, stroke_pt=0.4)] if box.fill or box.stroke else []
    if value == UNKNOWN:
        return frame + list(blank(box.rect()))
    if box.field == "stats":
        return frame + _stats(box, view, metrics, icons)
    if box.field == "name":
        return frame + list(name_box(box, value, metrics, icons, view.ink, term_name=term_name, fonts=view.fonts,
                                     lang=view.lang))
    return frame + list(text_box(box, value, metrics, icons, view.ink, term_name=term_name, fonts=view.fonts,
                                 lang=view.lang))


_VIEW_FIELDS = frozenset(("name", "cost", "text", "deck", "faction", "copies", "traits", "footer"))


def _field_value(field_name: str, view: CardView):
    if field_name in _VIEW_FIELDS:
        return getattr(view, field_name)
    if field_name == "type":
        return " · ".join(p for p in (view.deck, view.faction, view.traits) if p)
    if field_name == "stats":
        return "stats" if view.stats else None
    if field_name == "art":
        return "art"
    if field_name.startswith("literal:"):
        return field_name[len("literal:"):]
    return view.values.get(field_name)


def _art(box: Box, view: CardView) -> list:
    """The card's art when the data gives an image; otherwise a tinted panel with the deck's initial,
    honest about being a proxy."""
    rect = box.rect()
    colour = view.accent or view.color
    if view.image:
        path, size_px = view.image
        return [RectItem(rect, fill=_tint(colour, 0.85), stroke=None, stroke_pt=0, radius=1.0),
                ImageItem(rect, path, size_px)]
    initial = (view.deck or view.name or "?")[:1].upper()
    size = min(rect.h * 1.6, 40)
    return [RectItem(rect, fill=_tint(colour), stroke=None, stroke_pt=0, radius=1.0),
            TextItem(rect.center.x, rect.center.y + 0.36 * pt_to_mm(size), initial, font=view.bold_font,
                     size_pt=size, anchor="middle", fill="#ffffff")]


def _stats(box: Box, view: CardView, metrics: FontMetrics, icons) -> list:
    """Stats in a grid of up to three per row; an unknown value gets its own small blank.
    When the cells are too small, one line of text with '___' for the blanks."""
    try:
        return _stats_grid(box, view, metrics, icons)
    except FaceTextError:
        return list(text_box(box, _stats_line(view), metrics, icons, view.ink, fonts=view.fonts, lang=view.lang))


def _stats_line(view: CardView) -> str:
    """The stats as one line (when the grid's cells are too small), '___' for a blank."""
    return " · ".join(f"{label}: {'___' if value == UNKNOWN else '**' + value + '**'}" for label, value in view.stats)


def _stats_cells(box: Box, view: CardView) -> tuple[tuple[TextNeed, Rect | None], ...]:
    """The grid of up to three stats per row: each cell's text in its box, and the blank beside an
    unknown value."""
    return _stats_grid_cells(box, view.stats, view.fonts)


@lru_cache(maxsize=1 << 12)  # a deck's cards share their box and most stat lines (the same values recur)
def _stats_grid_cells(box: Box, stats: tuple[tuple[str, str], ...],
                      fonts: tuple[str, str]) -> tuple[tuple[TextNeed, Rect | None], ...]:
    n = len(stats)
    per_row = min(n, 3)
    rows = math.ceil(n / per_row)
    cell_w, cell_h = box.w / per_row, box.h / rows
    cells = []
    for k, (label, value) in enumerate(stats):
        x, y = box.x + (k % per_row) * cell_w, box.y + (k // per_row) * cell_h
        if value == UNKNOWN:
            head = Box("stats", x, y, cell_w * 0.62, cell_h, box.size_pt, box.min_pt, False, "right", "middle")
            cells.append((TextNeed(head, f"{label}:", fonts=fonts),
                          Rect(x + cell_w * 0.64, y + 0.4, cell_w * 0.32, cell_h - 0.8)))
        else:
            cell = Box("stats", x, y, cell_w, cell_h, box.size_pt, box.min_pt, False, "center", "middle")
            cells.append((TextNeed(cell, f"{label}: **{value}**", fonts=fonts), None))
    return tuple(cells)


def _stats_grid(box: Box, view: CardView, metrics: FontMetrics, icons) -> list:
    items: list = []
    for need, blank_rect in _stats_cells(box, view):
        items.extend(text_box(need.box, need.text, metrics, icons, view.ink, fonts=view.fonts, lang=view.lang))
        if blank_rect is not None:
            items.extend(blank(blank_rect))
    return items


def _tint(colour: str, k: float = 0.55) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * k) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def card_back(title: str, subtitle: str, size: Size, color: str, metrics: FontMetrics,
              image: tuple[str, tuple[int, int]] | None = None, fonts: tuple[str, str] = FONTS, lang: str = "pl"):
    """The shared back of a deck: the deck's back image when the data gives one, else its colour,
    a frame and the deck title (in the theme's fonts)."""

    def face(bleed: float) -> tuple:
        if image:
            path, size_px = image
            return (background(size, bleed, color),
                    ImageItem(Rect(-bleed, -bleed, size.w + 2 * bleed, size.h + 2 * bleed), path, size_px))
        frame = Rect(3, 3, size.w - 6, size.h - 6)
        return (background(size, bleed, color),
                RectItem(frame, fill=None, stroke="#ffffff", stroke_pt=0.8, radius=2.5),
                RectItem(frame.inset(1.5), fill=None, stroke="#ffffff", stroke_pt=0.3, radius=1.8),
                *text_box(_back_title_box(size), title, metrics, fill="#ffffff", fonts=fonts, lang=lang),
                *text_box(_back_sub_box(size), subtitle, metrics, fill="#ffffff", fonts=fonts, lang=lang))

    def needs() -> list:
        if image:
            return []
        return [((TextNeed(_back_title_box(size), title, fonts=fonts),),),
                ((TextNeed(_back_sub_box(size), subtitle, fonts=fonts),),)]

    return Face(face, needs)


def _back_title_box(size: Size) -> Box:
    return Box("back", 5, size.h / 2 - 9, size.w - 10, 12, 12, 6, bold=True, align="center", valign="middle")


def _back_sub_box(size: Size) -> Box:
    return Box("back", 5, size.h / 2 + 4, size.w - 10, 6, 7, 4.5, align="center", valign="top")


# --- tokens and markers ------------------------------------------------------------------------------

def token_face(label: str | None, size: Size, shape: str, color: str, metrics: FontMetrics, sub: str = "",
               icons=frozenset(), lang: str = "pl"):
    """A round or square token with its label; the cut follows the shape."""

    def face(bleed: float) -> tuple:
        items: list = []
        centre = Point(size.w / 2, size.h / 2)
        if shape == "circle":
            items.append(Circle(centre, size.w / 2 + bleed, fill=color, stroke=None, stroke_pt=0))
            items.append(Circle(centre, size.w / 2 - 1.0, fill=PAPER, stroke=None, stroke_pt=0))
            inner = Rect(size.w * 0.18, size.h * 0.22, size.w * 0.64, size.h * 0.42)
        else:
            items.append(background(size, bleed, color))
            items.append(RectItem(Rect(1, 1, size.w - 2, size.h - 2), fill=PAPER, stroke=None, stroke_pt=0,
                                  radius=1.0))
            inner = Rect(size.w * 0.1, size.h * 0.18, size.w * 0.8, size.h * 0.46)
        box = Box("label", inner.x, inner.y, inner.w, inner.h, 12, 4, bold=True, align="center", valign="middle")
        if label is None or label == UNKNOWN:
            items.extend(blank(inner))
        elif icon_only(label, icons):
            side = min(inner.w, inner.h)
            items.extend(icon_mark(icon_only(label, icons), Rect(inner.center.x - side / 2, inner.y, side, side),
                                   icons, metrics))
        else:
            items.extend(name_box(box, label, metrics, icons, lang=lang))
        if sub:  # the component's name under the label: a courtesy, left out when it cannot fit
            sub_box = Box("label", size.w * 0.15, size.h * 0.66, size.w * 0.7, size.h * 0.16, 4.5, 3.5,
                          align="center", valign="middle")
            try:
                items.extend(name_box(sub_box, sub, metrics, icons, fill="#555555", floor_pt=3.0, lang=lang))
            except FaceTextError:
                pass
        if shape == "circle":
            items.append(Circle(centre, size.w / 2, fill=None, stroke="#000000", stroke_pt=0.3))
        return tuple(items)

    def needs() -> list:
        inner = (Rect(size.w * 0.18, size.h * 0.22, size.w * 0.64, size.h * 0.42) if shape == "circle" else
                 Rect(size.w * 0.1, size.h * 0.18, size.w * 0.8, size.h * 0.46))
        box = Box("label", inner.x, inner.y, inner.w, inner.h, 12, 4, bold=True, align="center", valign="middle")
        found = [((TextNeed(box, label, name=True),),)]
        if sub:  # a courtesy the face leaves out when it cannot fit: only its characters count
            found.append(((TextNeed(Box("label", size.w * 0.15, size.h * 0.66, size.w * 0.7, size.h * 0.16, 4.5, 3.5),
                                    sub, fit=False),),))
        return found

    plain_label = label is not None and label != UNKNOWN and not icon_only(label, icons)
    return Face(face, needs if plain_label else None)  # a blank or an icon: drawn by the check


def circle_cut(size: Size, segments: int = 48) -> tuple[Point, ...]:
    c = Point(size.w / 2, size.h / 2)
    return tuple(Point(c.x + size.w / 2 * math.cos(2 * math.pi * k / segments),
                       c.y + size.h / 2 * math.sin(2 * math.pi * k / segments)) for k in range(segments))


# --- dice ------------------------------------------------------------------------------------------

DIE_CROSS = ((1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2))  # (col, row) of the six faces
TAB = 0.35  # glue tab depth as a share of the face side


def die_net_size(side: float) -> Size:
    return Size(4 * side + 2 * TAB * side, 3 * side + 2 * TAB * side)


NUMERIC_D6 = ("2", "3", "1", "4", "6", "5")  # top, left, centre, right, far, bottom: opposites sum to 7
FOLD_DASH = (1.2, 0.9)  # mm: fold lines are dashed, cut lines solid


def die_order(faces: list[str]) -> list[str]:
    """Faces in net order; the numbers 1–6 go where opposite faces sum to 7 (as on a real die)."""
    if sorted(faces) == ["1", "2", "3", "4", "5", "6"]:
        return list(NUMERIC_D6)
    return list(faces)


def die_net(faces: list[str], side: float, color: str, metrics: FontMetrics, icons=frozenset(), lang: str = "pl"):
    """A d6 as a cross-shaped net with glue tabs: solid lines are cut, dashed lines folded; faces with
    unknown content print blank."""
    pad = TAB * side
    faces = die_order(faces)
    cells = {(c, r) for c, r in DIE_CROSS}

    def face(bleed: float) -> tuple:
        items: list = []
        for tab in _die_tabs(side, pad):
            items.append(Polygon(tab, fill="#e8e8e8", stroke="#000000", stroke_pt=0.4))
        tab_edges = {(round(t[0].x, 3), round(t[0].y, 3), round(t[1].x, 3), round(t[1].y, 3))
                     for t in _die_tabs(side, pad)}
        for k, (col, row) in enumerate(DIE_CROSS):
            rect = Rect(pad + col * side, pad + row * side, side, side)
            items.append(RectItem(rect, fill=PAPER, stroke=None, stroke_pt=0))
            label = faces[k] if k < len(faces) else UNKNOWN
            inner = rect.inset(side * 0.15)
            if label == UNKNOWN:
                items.extend(blank(inner))
            elif icon_only(label, icons):
                items.extend(icon_mark(icon_only(label, icons), inner, icons, metrics))
            else:
                items.extend(text_box(Box("face", inner.x, inner.y, inner.w, inner.h, 14, 4, bold=True,
                                          align="center", valign="middle"), label, metrics, icons, lang=lang))
        for col, row in DIE_CROSS:
            x, y = pad + col * side, pad + row * side
            edges = (((x, y), (x + side, y), (col, row - 1)), ((x, y + side), (x + side, y + side), (col, row + 1)),
                     ((x, y), (x, y + side), (col - 1, row)), ((x + side, y), (x + side, y + side), (col + 1, row)))
            for (ax, ay), (bx, by), neighbour in edges:
                key = (round(ax, 3), round(ay, 3), round(bx, 3), round(by, 3))
                fold = neighbour in cells or key in tab_edges
                if neighbour in cells and neighbour < (col, row):
                    continue  # a shared edge is drawn once
                items.append(Line(Point(ax, ay), Point(bx, by), stroke="#000000", stroke_pt=0.4,
                                  dash=FOLD_DASH if fold else None))
        return tuple(items)

    return Face(face)


def _die_tabs(side: float, pad: float) -> list[tuple[Point, ...]]:
    """Trapezoid glue tabs on the edges that meet another face when folded."""
    def tab(a: Point, b: Point, out: Point) -> tuple[Point, ...]:
        inset = (b - a) * 0.2
        return (a, b, b - inset + out, a + inset + out)

    s, p = side, pad
    d = TAB * side
    return [
        tab(Point(p, p + s), Point(p + s, p + s), Point(0, -d)),          # above face 1 (left of cross)
        tab(Point(p, p + 2 * s), Point(p + s, p + 2 * s), Point(0, d)),    # below face 1
        tab(Point(p + 2 * s, p + s), Point(p + 3 * s, p + s), Point(0, -d)),
        tab(Point(p + 2 * s, p + 2 * s), Point(p + 3 * s, p + 2 * s), Point(0, d)),
        tab(Point(p + 4 * s, p + s), Point(p + 4 * s, p + 2 * s), Point(d, 0)),
        tab(Point(p + 3 * s, p + s), Point(p + 4 * s, p + s), Point(0, -d)),
        tab(Point(p + 3 * s, p + 2 * s), Point(p + 4 * s, p + 2 * s), Point(0, d)),
    ]


# --- tiles -----------------------------------------------------------------------------------------

EXIT_POINTS = {"n": (0.5, 0.0), "e": (1.0, 0.5), "s": (0.5, 1.0), "w": (0.0, 0.5)}
# A fixed table (the same terrain is the same colour in every game; the guide prints the key). Words in
# the data's ids, Polish and English; anything else is the neutral colour — never a hash.
TERRAIN_TABLE = {
    "forest": "#7fae5e", "lasy": "#7fae5e", "las": "#7fae5e",
    "lake": "#7fa8d6", "lakes": "#7fa8d6", "jeziora": "#7fa8d6", "water": "#7fa8d6", "woda": "#7fa8d6",
    "canyon": "#d29a5c", "canyons": "#d29a5c", "kaniony": "#d29a5c",
    "mountain": "#a3a3a3", "mountains": "#a3a3a3", "gory": "#a3a3a3", "góry": "#a3a3a3",
    "plains": "#c9dc8f", "rowniny": "#c9dc8f", "równiny": "#c9dc8f", "grassland": "#c9dc8f",
    "desert": "#e4cf8e", "pustynia": "#e4cf8e", "swamp": "#8f9a63", "bagna": "#8f9a63",
    "hills": "#b9a27a", "wzgorza": "#b9a27a", "wzgórza": "#b9a27a", "city": "#c7a3c9", "miasto": "#c7a3c9",
}
NEUTRAL_TERRAIN = "#dedbd2"


def terrain_colour(terrain: str | None) -> str:
    return TERRAIN_TABLE.get((terrain or "").lower(), NEUTRAL_TERRAIN)


def square_tile(name: str, size: Size, exits, terrain: str | None, symbol: str | None, metrics: FontMetrics,
                unknown_label: str = "?", text: str | None = None, terrain_label: str = "", icons=frozenset(),
                lang: str = "pl"):
    """A square tile: terrain colour, roads from the centre to each exit, name and sort symbol in the
    corners (never over a road), the tile's own text and its terrain's name."""
    north = isinstance(exits, list) and "n" in exits
    road_w = max(size.w * 0.12, 3)
    name_w = (size.w - road_w) / 2 - 4 if north else size.w - 6

    def face(bleed: float) -> tuple:
        items: list = [background(size, bleed, terrain_colour(terrain))]
        centre = Point(size.w / 2, size.h / 2)
        road = max(size.w * 0.12, 3)
        if exits == UNKNOWN or exits is None:
            items.extend(blank(Rect(size.w * 0.3, size.h * 0.4, size.w * 0.4, size.h * 0.2), unknown_label))
        else:
            for ex in exits:
                fx, fy = EXIT_POINTS.get(ex, (0.5, 0.5))
                end = Point(fx * size.w, fy * size.h)
                items.append(Line(centre, end, stroke="#6d5436", stroke_pt=road * 2.835))
                items.append(Line(centre, end, stroke="#e9dcc0", stroke_pt=road * 2.835 * 0.55))
            items.append(Circle(centre, road * 0.9, fill="#6d5436", stroke=None, stroke_pt=0))
        items.extend(name_box(Box("name", 3, 2.5, name_w, size.h * 0.16, 8, 4.5, bold=True,
                                  align="left" if north else "center"), name, metrics, icons, lang=lang))
        if text and text != UNKNOWN:
            panel = Rect(3, size.h * 0.6, size.w / 2 - road_w / 2 - 4, size.h * 0.4 - (7 if terrain_label else 3))
            items.append(RectItem(panel, fill="#ffffff", stroke=None, stroke_pt=0, radius=1))
            items.extend(text_box(Box("text", panel.x + 0.8, panel.y + 0.5, panel.w - 1.6, panel.h - 1, 6.5, 4.5),
                                  text, metrics, icons, lang=lang))
        if terrain_label:
            items.append(TextItem(3, size.h - 3, terrain_label, font=FONT, size_pt=5.5, anchor="start", fill="#222222"))
        if symbol == UNKNOWN:
            items.extend(blank(Rect(size.w - 10, size.h - 9, 8, 7)))
        elif icon_only(symbol, icons):
            items.extend(icon_mark(icon_only(symbol, icons), Rect(size.w - 9.5, size.h - 9, 7, 7), icons, metrics))
        elif symbol:
            items.extend(text_box(Box("symbol", size.w - 10, size.h - 9, 8, 7, 9, 5, bold=True, align="center",
                                      valign="middle"), symbol, metrics, icons, lang=lang))
        return tuple(items)

    def needs() -> list:
        found = [((TextNeed(Box("name", 3, 2.5, name_w, size.h * 0.16, 8, 4.5, bold=True), name, name=True),),)]
        if text and text != UNKNOWN:
            panel_h = size.h * 0.4 - (7 if terrain_label else 3)
            found.append(((TextNeed(Box("text", 3.8, size.h * 0.6 + 0.5, size.w / 2 - road_w / 2 - 4 - 1.6,
                                        panel_h - 1, 6.5, 4.5), text),),))
        plain = [terrain_label, "?" if symbol == UNKNOWN else ""]
        if exits == UNKNOWN or exits is None:
            plain.append(unknown_label)
        found.extend(((TextNeed(Box("label", 0, 0, 1e6, 1e6, 5.5, 5.5), p, fit=False),),) for p in plain if p)
        if symbol and symbol != UNKNOWN:
            found.append(((TextNeed(Box("symbol", size.w - 10, size.h - 9, 8, 7, 9, 5, bold=True), symbol),),))
        return found

    return Face(face, None if icon_only(symbol, icons) else needs)  # an icon: drawn by the check


@dataclass(frozen=True)
class HexShape:
    """A hex tile's geometry in its own coordinates: the outline starts at the bbox's top-left."""

    size: Size
    outline: tuple[Point, ...]
    centres: tuple[tuple[tuple[int, int], Point], ...]
    hex_size: float
    orientation: str


def hex_shape(hexes, hex_size: float, orientation: str) -> HexShape:
    """Geometry of a (multi-)hex tile; raises HexTileError for a broken shape."""
    box = outline_bbox(hexes, hex_size, orientation)
    origin = Point(-box.x, -box.y)
    pts = outline(hexes, hex_size, orientation, origin)
    centres = tuple(((q, r), hex_to_point((q, r), hex_size, orientation, origin)) for q, r in hexes)
    return HexShape(Size(box.w, box.h), tuple(pts), centres, hex_size, orientation)


def hex_tile(name: str, shape: HexShape, terrain: str | None, labels: dict, metrics: FontMetrics,
             hexes_for_bleed, symbol: str | None = None, proxy: str = "", icons=frozenset(),
             lang: str = "pl") -> object:
    """A (multi-)hex tile whose cut path is its outline; each hex shows its area's name, the tile its sort
    symbol; an outline the data does not give (an assumed shape) carries the proxy mark."""

    def face(bleed: float) -> tuple:
        items: list = []
        if bleed > 0:
            grown = bleed_outline(hexes_for_bleed, shape.hex_size, bleed, shape.orientation,
                                  _origin_of(shape, hexes_for_bleed))
            items.append(Polygon(tuple(grown), fill=terrain_colour(terrain), stroke=None, stroke_pt=0))
        items.append(Polygon(shape.outline, fill=terrain_colour(terrain), stroke="#333333", stroke_pt=0.6))
        for (q, r), c in shape.centres:
            label = labels.get((q, r), "")
            if label:
                items.append(TextItem(c.x, c.y + shape.hex_size * 0.45, label, font=FONT, size_pt=6,
                                      anchor="middle", fill="#333333"))
        first = shape.centres[0][1]
        w = shape.hex_size * 1.5
        items.extend(name_box(Box("name", first.x - w / 2, first.y - shape.hex_size * 0.35, w,
                                  shape.hex_size * 0.6, 8, 4.5, bold=True, align="center", valign="middle"),
                              name, metrics, icons, lang=lang))
        last = shape.centres[-1][1]
        if icon_only(symbol, icons):
            side = min(7.0, shape.hex_size * 0.3)
            items.extend(icon_mark(icon_only(symbol, icons),
                                   Rect(last.x - side / 2, last.y - shape.hex_size * 0.72, side, side), icons, metrics))
        elif symbol and symbol != UNKNOWN:
            items.extend(name_box(Box("symbol", last.x - 5, last.y - shape.hex_size * 0.75, 10, 6, 10, 6, bold=True,
                                      align="center", valign="middle"), symbol, metrics, icons, lang=lang))
        if proxy:
            items.append(TextItem(last.x, last.y + shape.hex_size * 0.2, proxy, font=FONT, size_pt=5,
                                  anchor="middle", fill="#444444"))
        return tuple(items)

    return Face(face)


def _origin_of(shape: HexShape, hexes) -> Point:
    """The origin that puts the tile's bbox at (0, 0) (the same one hex_shape used)."""
    box = outline_bbox(hexes, shape.hex_size, shape.orientation)
    return Point(-box.x, -box.y)


def unknown_shape_tile(name: str, size: Size, note: str, metrics: FontMetrics, number: str = "",
                       proxy: str = "PROXY", lang: str = "pl"):
    """A tile whose shape the rulebook does not give: a labelled placeholder, never a guessed outline."""

    def face(bleed: float) -> tuple:
        extra = (TextItem(SAFE, size.h - SAFE, number, font=FONT, size_pt=5, anchor="start", fill="#555555"),) \
            if number else ()
        return (background(size, bleed, "#eeeeee"), *extra,
                RectItem(Rect(1, 1, size.w - 2, size.h - 2), fill=None, stroke=BLANK_INK, stroke_pt=0.5,
                         radius=2),
                *text_box(Box("name", 4, 4, size.w - 8, size.h * 0.3, 10, 5, bold=True, align="center",
                              valign="middle"), name, metrics, lang=lang),
                *blank(Rect(size.w * 0.25, size.h * 0.42, size.w * 0.5, size.h * 0.18)),
                *text_box(Box("note", 4, size.h * 0.65, size.w - 8, size.h * 0.3, 7, 4.5, align="center"),
                          note, metrics, lang=lang),
                *proxy_mark(size, proxy))

    return Face(face)


# --- player aids -----------------------------------------------------------------------------------

def aid_sheet(title: str, heading: str, sections: list[list[str]], size: Size, metrics: FontMetrics,
              color: str = "#6b5b3e", proxy: str = "PROXY", term_name=None, icons=frozenset(), lang: str = "pl"):
    """A reference sheet: title, heading, then sections of lines fitted at 6 pt or more; when the whole
    does not fit, lines are dropped from the end (the least useful first)."""

    box = Box("text", 7, 25, size.w - 14, size.h - 32, 8, 6)
    lines = [line for section in sections for line in (*section, "")][:-1] or ["?"]

    def head(k: int) -> list[str]:
        kept = lines[:k]
        if k < len(lines):  # cut short: no dangling blank line or section heading at the end
            while kept and (not kept[-1] or kept[-1].startswith("**") and kept[-1].endswith("**")
                            and "—" not in kept[-1] and ":" not in kept[-1]):
                kept = kept[:-1]
        return kept

    def attempt(k: int):
        kept = head(k)
        if not kept:
            return ()
        try:
            return text_box(box, "\n".join(kept), metrics, icons, term_name=term_name, lang=lang)
        except FaceTextError:
            return None

    body: list[tuple] = []

    def fitted_body() -> tuple:
        """The most lines that fit (set when the face is first drawn: the check does not need it)."""
        if body:
            return body[0]
        fitted = attempt(len(lines))
        if fitted is None:  # the most lines that fit, found by bisection (fewer lines always fit if more do)
            lo, hi, fitted = 0, len(lines) - 1, ()
            while lo < hi:
                mid = (lo + hi + 1) // 2
                result = attempt(mid)
                if result is None:
                    hi = mid - 1
                else:
                    lo, fitted = mid, result
            if lo and not fitted:
                fitted = attempt(lo) or ()
        body.append(fitted)
        return fitted

    title_box = Box("title", 6, 6, size.w - 12, 10, 12, 7, bold=True, align="center", valign="middle")
    heading_box = Box("heading", 6, 16, size.w - 12, 6, 8, 6, align="center", valign="middle")

    def needs() -> list:
        # the body never fails (lines that do not fit are left out): only its characters are checked
        return [((TextNeed(title_box, title),),), ((TextNeed(heading_box, heading),),),
                *(((TextNeed(box, line, fit=False),),) for line in lines if line),
                *([((TextNeed(Box("proxy", 0, 0, 1e6, 1e6, 4.5, 4.5), proxy, fit=False),),)] if proxy else [])]

    def face(bleed: float) -> tuple:
        fitted = fitted_body()
        return (background(size, bleed, "#f7f3ea"),
                RectItem(Rect(3, 3, size.w - 6, size.h - 6), fill=None, stroke=color, stroke_pt=0.8, radius=2),
                *text_box(title_box, title, metrics, lang=lang),
                *text_box(heading_box, heading, metrics, lang=lang),
                Line(Point(8, 23), Point(size.w - 8, 23), stroke=color, stroke_pt=0.5),
                *fitted,
                *proxy_mark(size, proxy))

    return Face(face, needs=needs)


def dial_face(name: str, segments: int, size: Size, color: str, metrics: FontMetrics, proxy: str,
              lang: str = "pl"):
    """A dial as a disc: segments with blank values (the rulebook gives none), a pin hole at the centre
    and the dial's name; cut along the circle, pierce the hole, pin it over its base."""

    def face(bleed: float) -> tuple:
        c = Point(size.w / 2, size.h / 2)
        r = size.w / 2
        items: list = [Circle(c, r + bleed, fill=_tint(color, 0.75), stroke=None, stroke_pt=0),
                       Circle(c, r - 1.0, fill=PAPER, stroke=color, stroke_pt=0.6)]
        for k in range(segments):
            a = 2 * math.pi * k / segments
            items.append(Line(Point(c.x + r * 0.3 * math.cos(a), c.y + r * 0.3 * math.sin(a)),
                              Point(c.x + (r - 1) * math.cos(a), c.y + (r - 1) * math.sin(a)), stroke=color,
                              stroke_pt=0.4))
            m = a + math.pi / segments
            items.append(TextItem(c.x + r * 0.68 * math.cos(m), c.y + r * 0.68 * math.sin(m) + 1.2, "?", font=FONT,
                                  size_pt=9, anchor="middle", fill=BLANK_INK))
        items.append(Circle(c, 1.2, fill=PAPER, stroke="#000000", stroke_pt=0.5))  # the pin hole
        items.extend(text_box(Box("name", c.x - r * 0.28, c.y - r * 0.26, r * 0.56, r * 0.2, 6, 4, bold=True,
                                  align="center", valign="middle"), name, metrics, lang=lang))
        if proxy:
            items.append(TextItem(c.x, c.y + r * 0.2, proxy, font=FONT, size_pt=4.5, anchor="middle",
                                  fill="#6c6c6c"))
        items.append(Circle(c, r, fill=None, stroke="#000000", stroke_pt=0.3))
        return tuple(items)

    return Face(face)


__all__ = ["Box", "CardView", "FaceTextError", "HexShape", "HexTileError", "UNKNOWN", "aid_sheet", "blank",
           "card_back", "card_front", "circle_cut", "dial_face", "die_net", "die_net_size", "hex_shape", "hex_tile",
           "scaled_boxes", "square_tile", "terrain_colour", "token_face", "unknown_shape_tile"]
