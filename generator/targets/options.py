"""What each target is asked to make: one frozen, typed options object per target.

The command layer (``generator/commands/``) reads the parsed arguments once and builds these; nothing below
it sees an ``argparse.Namespace``. Light on purpose (no drawing library): the pipeline imports it when the
CLI starts.

    PrintOptions   pnp build's print sheets: which papers and profiles (pnp print makes one PrintJob)
    BoardOptions   boards: papers, player count, poster overlap and scale, one-page scale, language
    SiteOptions    the site: where the data is, whether the build is partial (then the other games that
                   validate are shown too), the owner's overlay
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import UsageError
from generator.geom.paper import POSTER_OVERLAP as DEFAULT_OVERLAP
from generator.model.index import GameIndex

PAPER_NAMES = ("a4", "letter")


@dataclass(frozen=True)
class PrintOptions:
    """`pnp build`'s print target: home sheets on each paper and the print-shop set, or the ones asked for
    (``None``: every paper, both profiles — kept as given, since the build's key records them so)."""

    papers: tuple[str, ...] | None = None
    profiles: tuple[str, ...] | None = None


@dataclass(frozen=True)
class BoardOptions:
    """Everything the boards target reads, typed and checked once (built by the command layer)."""

    papers: tuple[str, ...] = PAPER_NAMES
    players: int | None = None
    overlap: float = DEFAULT_OVERLAP
    poster_scale: float = 1.0
    onepage_scale: float | None = None
    lang: str | None = None  # None: each game's first language

    def __post_init__(self) -> None:
        if self.overlap < 0:
            raise UsageError(f"--overlap must be ≥ 0 mm, got {self.overlap:g}")
        if self.poster_scale <= 0:
            raise UsageError(f"--poster-scale must be positive, got {self.poster_scale:g}")

    def language(self, index: GameIndex) -> str:
        """The language drawn for this game: the one asked for when the game has it, else its first."""
        langs = index.data.game.languages
        return self.lang if self.lang in langs else langs[0]


@dataclass(frozen=True)
class SiteOptions:
    """The site target of `pnp build`: ``games`` are the ones asked for (empty: every game, a full build)."""

    data: Path
    games: tuple[str, ...] = ()
    overlay: Path | None = None

    @property
    def partial(self) -> bool:
        return bool(self.games)
