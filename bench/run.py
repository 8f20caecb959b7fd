"""Benchmarks: how long validation and each build phase take on the real datasets.

Speed goals live here, not in timed tests. Run with `make bench`; prints one line per measurement and
writes output/bench.json. Goals (2-core CI machine): validate all games < 5 s; Rune Age home A4 sheets < 5 s.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.load.discover import game_folders  # noqa: E402
from generator.validate.run import validate_folder  # noqa: E402

GOALS_S = {"validate_all": 5.0, "print_rune_age_home_a4": 5.0}


def timed(fn, repeat: int = 3) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def _print_once(folder: Path) -> None:
    """One home A4 print of a game into a throw-away folder (staged, never committed)."""
    import tempfile

    from generator.model.index import GameIndex
    from generator.targets.card_sheets import PrintJob, print_game
    from generator.write.atomic import OutputDir
    from generator.write.manifest import Manifest

    index = GameIndex(validate_folder(folder).data)
    with tempfile.TemporaryDirectory() as tmp:
        out = OutputDir(Path(tmp))
        print_game(index, PrintJob(), out, Manifest())


def main() -> int:
    data = ROOT / "cards_data"
    folders = game_folders(data)
    results = {}
    for folder in folders:
        results[f"validate_{folder.name}"] = timed(lambda f=folder: validate_folder(f))
    results["validate_all"] = timed(lambda: [validate_folder(f) for f in folders])
    results["print_rune_age_home_a4"] = timed(lambda: _print_once(data / "rune_age"), repeat=1)
    for name, seconds in results.items():
        goal = GOALS_S.get(name)
        flag = "" if goal is None else (" ok" if seconds <= goal else f" OVER GOAL {goal}s")
        print(f"{name:40s} {seconds * 1000:9.1f} ms{flag}")
    out = ROOT / "output"
    out.mkdir(exist_ok=True)
    (out / "bench.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
