"""Which drawings a board needs: one per side, and per player count when marks or maps vary."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.schema.components import Board

# --- variants -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardVariant:
    """One drawing of a board: a side (of a two-sided board) and a player count (when marks/maps vary)."""

    board_id: str
    side_id: str | None = None
    side_name: tuple[str, ...] | None = None  # the side's name in each of the game's languages
    players: int | None = None

    @property
    def slug(self) -> str:
        parts = [self.board_id]
        if self.side_id:
            parts.append(self.side_id)
        if self.players is not None:
            parts.append(f"{self.players}p")
        return "-".join(parts)


def board_sides(board: Board) -> list[tuple[str, tuple[str, ...]]]:
    """Declared sides, then side ids the parts use without declaring them (drawn rather than lost)."""
    sides = [(s.id, tuple(s.name.get(x) for x in s.name.languages)) for s in board.sides]
    known = {s for s, _ in sides}
    used = [x.side for x in (*board.tracks, *board.regions, *board.spaces) if x.side]
    for side in used:
        if side not in known:
            known.add(side)
            sides.append((side, (side,)))
    return sides


def on_side(part_side: str | None, variant: BoardVariant) -> bool:
    """Parts that name no side are on every side (the data does not tie them to one)."""
    if variant.side_id is None or part_side is None:
        return True
    return part_side == variant.side_id


def varying_player_counts(board: Board, player_counts: Iterable[int]) -> list[int]:
    """Player counts that need their own drawing: when grid marks name players or maps exist."""
    mentioned: set[int] = set()
    if board.grid:
        for mark in board.grid.marks:
            mentioned.update(mark.players or ())
    for layout in board.maps:
        mentioned.update(layout.players)
    if not mentioned and not board.maps:
        return []
    return sorted(set(player_counts) | mentioned)


def board_variants(board: Board, player_counts: Iterable[int]) -> list[BoardVariant]:
    """Every drawing a board needs: sides × player counts (when marks or maps vary with them).

    Grid and maps name no side, so they are on every side, and every side varies with them."""
    counts = varying_player_counts(board, player_counts) or [None]
    sides = board_sides(board)
    if len(sides) <= 1:
        name = sides[0][1] if sides else None
        return [BoardVariant(board.id, None, name, p) for p in counts]
    return [BoardVariant(board.id, side_id, name, p) for side_id, name in sides for p in counts]
