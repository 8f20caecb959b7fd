"""What the sheets impose: printable items with their faces, independent of paper and profile.

A face is a function of the bleed (mm) returning scene items in the item's own coordinates, (0, 0) at
the top-left trim corner: backgrounds reach out by the bleed, so the same design serves the home
profile (no bleed, cards butted) and the print-shop profile (3 mm bleed). A back shared by many items
has a ``back_key``; the sheet builder turns it into one reusable form (one PDF XObject).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.geom.shapes import Point, Size


class Face:
    """A face resolved once: the builder runs (text fitted, icons placed) the first time a bleed is asked
    for, and every later call — each copy of the card, the text-fit check, each print job, the site's
    preview — gets the same scene items."""

    __slots__ = ("_build", "_drawn", "needs")

    def __init__(self, build: Callable[[float], tuple] | None, needs: Callable[[], list] | None = None):
        self._build = build
        self._drawn: dict[float, tuple] | None = None  # made on the first draw (most faces of a big game never are)
        self.needs = needs  # the texts it sets (plan/draw.py TextNeed), for the quick text-fit check

    def build(self, bleed: float) -> tuple:
        """Draw the face (a subclass may draw it from its own fields instead of a builder)."""
        return self._build(bleed)

    def __call__(self, bleed: float) -> tuple:
        if self._drawn is None:
            self._drawn = {}
        drawn = self._drawn.get(bleed)
        if drawn is None:
            drawn = self._drawn[bleed] = self.build(bleed)
        return drawn

    def once(self, bleed: float) -> tuple:
        """The face's items for one use, not kept: the memo when a caller already made it, else built now
        and left to the garbage collector once the caller is done (print sheets draw a page, write it and
        let it go, so a 9,000-card deck never holds every drawn face at once)."""
        drawn = self._drawn.get(bleed) if self._drawn else None
        return drawn if drawn is not None else self.build(bleed)


def draw_once(face: Callable[[float], tuple], bleed: float) -> tuple:
    """A face's items for one use (``Face.once``); any other callable face is simply called."""
    once = getattr(face, "once", None)
    return once(bleed) if once is not None else face(bleed)


@dataclass(frozen=True, slots=True)
class PrintItem:
    component: str  # inventory id this item counts towards
    kind: str  # cards | tokens | dice | tiles | aids (the artifact it goes to)
    size: Size  # trim size, mm
    front: Face
    back: Face | None = None
    back_key: str | None = None  # items with one key share one back form
    cut: tuple[Point, ...] | None = None  # a non-rectangular cut path (trim-local); None = the trim rect
    label: str = ""  # e.g. the card id, for bookmarks and PNG names
    group: str = ""  # items of one group are imposed together (a deck)
    origin: tuple = ()  # data path of what this item shows, e.g. ("cards", 12), for error messages

    @property
    def has_back(self) -> bool:
        return self.back is not None
