"""Measured steps the bench runs, each in its own process (so peak memory is per step).

  steps.py print DATA OUT GAME       `pnp print GAME` in-process, timing validation apart from the rest
  steps.py validate DATA [GAME...]   `pnp validate` checks (schema, references, counts, text fit), timed
                                    as the command runs them (parallel over games: the first run, then
                                    again with the parsed files cached) and serially
Prints one JSON line with the figures."""
from __future__ import annotations

import gc
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _print(data: str, out: str, game: str) -> dict:
    import contextlib
    import io

    from generator import cli
    from generator.plan import check

    spent = {"validate": 0.0, "fit": 0.0}
    validate_games, check_text_fits = check.validate_games, check.check_text_fits

    def timed_validate(*a, **k):
        start = time.perf_counter()
        try:
            return validate_games(*a, **k)
        finally:
            spent["validate"] += time.perf_counter() - start

    def timed_fit(ctx):
        start = time.perf_counter()
        try:
            return check_text_fits(ctx)
        finally:
            spent["fit"] += time.perf_counter() - start

    check.validate_games = timed_validate
    check.check_text_fits = timed_fit
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        code = cli.main(["print", game, "--data", data, "--out", out])
    gc.freeze()  # and the process ends as `pnp` ends (generator/cli.py entry)
    total = time.perf_counter() - start
    # validation proper = the validator minus the plan's text-fit check (the plan is engine work)
    return {"code": code, "total_s": total, "validation_s": spent["validate"] - spent["fit"],
            "fit_s": spent["fit"]}


def _validate(data: str, games: list[str]) -> dict:
    """The checks as `pnp validate` runs them (games in one worker per CPU, reports only), and serially."""
    from generator.commands.common import cpu_count
    from generator.plan.check import validated_games

    validated_games(ROOT / "tests" / "fixtures" / "data", None)  # warm: imports and schema build, not data work
    start = time.perf_counter()
    results = validated_games(Path(data), games or None, jobs=cpu_count())
    seconds = time.perf_counter() - start
    start = time.perf_counter()
    validated_games(Path(data), games or None, jobs=cpu_count())  # again: the data files' parses are cached
    warm = time.perf_counter() - start
    start = time.perf_counter()
    validated_games(Path(data), games or None)
    return {"seconds": seconds, "warm_seconds": warm, "serial_seconds": time.perf_counter() - start,
            "ok": all(r.ok for r in results)}


if __name__ == "__main__":
    step, *rest = sys.argv[1:]
    result = _print(*rest) if step == "print" else _validate(rest[0], rest[1:])
    print(json.dumps(result))
