"""Helpers the verbs share: load + validate the requested games, refuse to go on with data errors."""
from __future__ import annotations

import json
import sys
from collections.abc import Callable

from generator.errors import DataErrors, Severity
from generator.model.index import GameIndex
from generator.plan.check import validated_games
from generator.validate.run import GameResult


def validated(args, games: list[str] | None, jobs: int = 1) -> list[GameResult]:
    """The full check of the games; with ``jobs`` > 1 in parallel, as light results (reports only)."""
    return validated_games(args.data, games, getattr(args, "overlay", None), jobs)


def cpu_count() -> int:
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return os.cpu_count() or 1


def one_game(args, game: str) -> GameIndex:
    """Load and validate one game; data errors stop the command (exit 1) with every message."""
    index, pending = one_game_checking(args, game, defer=False)
    pending()
    return index


def one_game_checking(args, game: str, defer: bool = True) -> tuple[GameIndex, Callable[..., None]]:
    """``one_game`` for a command that can go on while a big game's text fit is still being checked beside
    it (``defer``): returns the index and ``pending(raise_errors=True)``, to call before anything is put in
    place — it waits for that check and raises DataErrors with every error it found (the first call only;
    ``raise_errors=False`` just waits, for a command already failing)."""
    result = validated_games(args.data, [game], getattr(args, "overlay", None), defer=defer)[0]
    errors = [i for i in result.issues if i.severity == Severity.ERROR]
    if errors or result.data is None:
        if result.pending is not None:  # every error of the game, in one report
            errors += [i for i in result.pending() if i.severity == Severity.ERROR]
        raise DataErrors(errors)
    waiting = [result.pending]

    def pending(raise_errors: bool = True) -> None:
        check, waiting[0] = waiting[0], None
        if check is None:
            return
        if not raise_errors:  # the command is failing or interrupted: the child is only waited for
            check(False)
            return
        late = [i for i in check() if i.severity == Severity.ERROR]
        if late:
            raise DataErrors(late)

    return result.index, pending


def print_json(payload) -> None:
    from generator.console import json_terminal_safe

    sys.stdout.write(json_terminal_safe(json.dumps(payload, ensure_ascii=False, indent=2, sort_keys=False)))
    sys.stdout.write("\n")


def game_language(index: GameIndex, asked: str | None) -> str:
    """The language to make a game's outputs in: the one asked for (if the game has it) or its first."""
    from generator.errors import UsageError

    langs = list(index.data.game.languages)
    if asked is None:
        return langs[0]
    if asked not in langs:
        raise UsageError(f"{index.game_id} is written in {', '.join(langs)}, not '{asked}'; "
                         f"use --lang {langs[0]}")
    return asked
