"""The size of a board: the one the data states, or one chosen from the content (and said so).

A stated size is kept. A rulebook board whose parts do not fit its stated size is drawn smaller and says
so; a designer's own board (``origin: original``) must hold its parts: geometry at its real millimetres,
schematic parts at least at half size — otherwise ``BoardDoesNotFit`` names the board, the size it states
and the size its parts need, and the build turns it into a located error."""
from __future__ import annotations

import math
from collections.abc import Sequence

from generator.geom.paper import CARD_SIZES, PAPERS
from generator.geom.shapes import Size
from generator.layout.boards.common import SIZE_STEP, words
from generator.schema.components import Board

MIN_DESIGN_SCALE = 0.5  # a designer's schematic parts may shrink to this before the board is too small


class BoardDoesNotFit(ValueError):
    """A board's stated size cannot hold its parts (a data problem, reported at ``boards[i].size``)."""

    def __init__(self, board_id: str, stated: Size, needed: Size, what: str) -> None:
        self.board_id = board_id
        self.stated = stated
        self.needed = needed
        self.path = ("size",)
        super().__init__(f"board '{board_id}' is {stated.w:g} × {stated.h:g} mm but its {what} need about "
                         f"{needed.w:g} × {needed.h:g} mm; make the board larger or the parts smaller")


def resolve_size(board: Board, langs: Sequence[str] = ("pl", "en")) -> tuple[Size | None, str | None]:
    """The board size the data gives (preset names included), and a note when it is an assumption."""
    spec = board.size
    if spec is None:
        return None, None
    if isinstance(spec, str):
        size = PAPERS.get(spec.lower()) or CARD_SIZES.get(spec.lower())
        if size is None:
            return None, words(langs, "size_unknown_preset", preset=spec)
    else:
        size = Size(spec.w, spec.h)
    note = None
    if board.size_source is not None and board.size_source.is_assumption:
        note = words(langs, "size_cited", w=f"{size.w:g}", h=f"{size.h:g}", cite=board.size_source.cite())
    return size, note


def size_is_fact(board: Board) -> bool:
    """A stated size that is not our assumption (the rulebook's, or the designer's own decision)."""
    return board.size is not None and not (board.size_source is not None and board.size_source.is_assumption)


def round_up(v: float, step: float = SIZE_STEP) -> float:
    return math.ceil(v / step - 1e-9) * step


def largest_scale(fits, lo: float, hi: float, rounds: int = 30) -> float:
    """The largest k in [lo, hi] with fits(k) (fits is monotone: true below some k); lo if none."""
    for _ in range(rounds):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo
