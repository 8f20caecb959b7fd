"""Validate every game, then build every output: validation report, print sheets, boards, the site.

Nothing is written when any game has data errors, so the previous outputs stay as they were."""
from __future__ import annotations

from generator.pipeline import run_build

HELP = "validate and build every output of every game into the output folder"


def add_arguments(parser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--skip", action="append", default=[], choices=["print", "boards", "site"],
                        help="skip a generator (repeatable)")
    parser.add_argument("--paper", action="append", choices=["a4", "letter"],
                        help="paper for home sheets (default: both)")
    parser.add_argument("--profile", action="append", choices=["home", "printshop"],
                        help="print profile (default: both)")


def run(args) -> int:
    return run_build(args)
