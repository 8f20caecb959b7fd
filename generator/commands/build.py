"""Validate every game, then build every output: validation report, print sheets, boards, the site.

Nothing is written when any game has data errors, so the previous outputs stay as they were."""
from __future__ import annotations

from generator.pipeline import BuildOptions, run_build
from generator.targets.options import PAPER_NAMES, BoardOptions, PrintOptions

HELP = "validate and build every output of every game into the output folder"


def add_arguments(parser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--skip", action="append", default=[], choices=["print", "boards", "site"],
                        help="skip a generator (repeatable)")
    parser.add_argument("--paper", action="append", choices=["a4", "letter"],
                        help="paper for home sheets (default: both)")
    parser.add_argument("--profile", action="append", choices=["home", "printshop"],
                        help="print profile (default: both)")
    parser.add_argument("--force", action="store_true",
                        help="rebuild every output even when its inputs are unchanged")
    parser.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                        help="worker processes for print sheets and boards (default: the CPU count; 1 = serial)")


def _jobs(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of processes, got '{text}'") from None
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError(f"expected 1 to 64 processes, got {value}")
    return value


def options(args) -> BuildOptions:
    """The typed options of a build, read from its arguments once (the pipeline never sees ``args``).
    ``--paper`` is the paper of the home sheets and of the board PDFs; the other board options keep their
    defaults."""
    papers = tuple(args.paper) if args.paper else None
    return BuildOptions(data=args.data, out=args.out, games=tuple(args.games or ()), skip=tuple(args.skip or ()),
                        force=args.force, jobs=args.jobs, overlay=args.overlay,
                        print=PrintOptions(papers=papers, profiles=tuple(args.profile) if args.profile else None),
                        boards=BoardOptions(papers=tuple(p for p in PAPER_NAMES if p in (papers or PAPER_NAMES))))


def run(args) -> int:
    return run_build(options(args))
