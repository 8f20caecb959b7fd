"""Paper, card and print-on-demand sizes as data (see shared/guides/PRINTING.md for sources).

Kept as tables so a new paper or a new print service is one line, never a code change; rulebooks give
no card sizes, so decks pick one of these names (or give their own) and mark it as an assumption.
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.geom.shapes import Rect, Size
from generator.geom.units import px_to_mm

PAPERS: dict[str, Size] = {
    "a4": Size(210.0, 297.0),
    "letter": Size(215.9, 279.4),  # 8.5 x 11 in
}

CARD_SIZES: dict[str, Size] = {
    "poker": Size(63.0, 88.0),  # MTG/"standard"; the US 2.5 x 3.5 in is 63.5 x 88.9
    "bridge": Size(57.0, 89.0),
    "euro": Size(59.0, 92.0),
    "usa": Size(56.0, 87.0),
    "mini-euro": Size(44.0, 68.0),
    "mini-usa": Size(41.0, 63.0),
    "tarot": Size(70.0, 120.0),
    "square": Size(70.0, 70.0),
}

BLEED_EU = 3.0  # mm
BLEED_US = 3.175  # 1/8 in
HOME_MARGIN = 5.0  # home printers cannot print to the edge
POSTER_OVERLAP = 10.0  # mm a tiled poster page repeats of its neighbour, for gluing


def paper_size(name: str, orientation: str = "portrait") -> Size:
    """Look up a paper by name; unknown names list the known ones (the message reaches the user)."""
    try:
        size = PAPERS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {name!r}; expected one of {', '.join(sorted(PAPERS))}") from None
    return _oriented(size, orientation)


def card_size(name: str) -> Size:
    try:
        return CARD_SIZES[name.lower()]
    except KeyError:
        raise ValueError(
            f"unknown card size {name!r}; expected one of {', '.join(sorted(CARD_SIZES))}") from None


def printable_area(paper: Size, margin: float = HOME_MARGIN) -> Rect:
    """The part of the sheet a home printer reliably reaches."""
    if margin < 0 or 2 * margin >= min(paper.w, paper.h):
        raise ValueError(f"margin {margin} mm leaves nothing printable on {paper.w} x {paper.h} mm paper")
    return Rect(margin, margin, paper.w - 2 * margin, paper.h - 2 * margin)


def _oriented(size: Size, orientation: str) -> Size:
    if orientation == "portrait":
        return size.portrait()
    if orientation == "landscape":
        return size.landscape()
    raise ValueError(f"orientation must be 'portrait' or 'landscape', got {orientation!r}")


@dataclass(frozen=True)
class PodTemplate:
    """A print-on-demand service's pixel template: full image incl. bleed, cut `bleed_px` inside."""

    service: str
    product: str
    width_px: float
    height_px: float
    bleed_px: float
    dpi: float = 300.0
    safe_px: float | None = None  # distance of the safe zone from the image edge, when documented

    @property
    def full_size(self) -> Size:
        """Image size including bleed, in mm."""
        return Size(px_to_mm(self.width_px, self.dpi), px_to_mm(self.height_px, self.dpi))

    @property
    def bleed(self) -> float:
        return px_to_mm(self.bleed_px, self.dpi)

    @property
    def trim_size(self) -> Size:
        """Finished (cut) size in mm."""
        return self.full_size.outset(-self.bleed)

    @property
    def trim_rect(self) -> Rect:
        """Cut line within the full image."""
        return Rect(self.bleed, self.bleed, self.trim_size.w, self.trim_size.h)

    @property
    def safe_rect(self) -> Rect | None:
        if self.safe_px is None:
            return None
        return Rect.from_size(self.full_size).inset(px_to_mm(self.safe_px, self.dpi))


def _tgc(product: str, w: float, h: float) -> PodTemplate:
    # The Game Crafter: cut 37.5 px in; safe 75 px in (stated for poker, assumed for its other cards)
    return PodTemplate("thegamecrafter", product, w, h, bleed_px=37.5, safe_px=75.0)


POD_TEMPLATES: dict[str, PodTemplate] = {
    "thegamecrafter/poker": _tgc("poker", 825, 1125),
    "thegamecrafter/bridge": _tgc("bridge", 750, 1125),
    "thegamecrafter/mini": _tgc("mini", 600, 825),
    "thegamecrafter/tarot": _tgc("tarot", 900, 1500),
    "thegamecrafter/square": _tgc("square", 1125, 1125),
    # hex tiles: the image box; the cut is the hexagon inside it, not trim_rect
    "thegamecrafter/small-hex": _tgc("small-hex", 675, 600),
    "thegamecrafter/medium-hex": _tgc("medium-hex", 825, 750),
    "thegamecrafter/large-hex": _tgc("large-hex", 1200, 1050),
    "makeplayingcards/poker": PodTemplate("makeplayingcards", "poker", 822, 1122, bleed_px=36.0),
}
