"""Scale benchmark: `pnp validate` of a synthetic game with 50,000 cards (goal: < 10 s, < 400 MB peak RSS).

The game is the test fixture `demo` plus one extra deck whose cards are spread over files under the
2 MiB-per-file limit; every card has a name, text, cost and stats so every check has work to do.
Usage:
    python bench/validate_scale.py [--cards 50000] [--profile] [--keep DIR]
Prints wall time, peak RSS of the child process and whether the goals are met (exit 1 when not).
Speed goals live here, never in timed tests.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "tests" / "fixtures" / "data" / "demo"
GOAL_S, GOAL_MB = 10.0, 400.0
PER_FILE = 5000
PER_DECK = 10_000


def make_game(data: Path, cards: int) -> Path:
    game = data / "demo"
    shutil.copytree(DEMO, game)
    decks = (cards + PER_DECK - 1) // PER_DECK  # a component counts at most 10,000
    parts = ["components:"]
    for d in range(decks):
        count = min(PER_DECK, cards - d * PER_DECK)
        parts += [f"  - id: bulk_cards_{d}", f"    name: {{pl: karty Masowe {d}, en: Bulk cards {d}}}",
                  "    kind: card", f"    count: {count}", "    print: {method: deck}",
                  "    source: {assumption: \"synthetic benchmark deck\"}"]
    parts.append("decks:")
    for d in range(decks):
        parts += [f"  - id: bulk_{d}", f"    name: {{pl: Masowe {d}, en: Bulk {d}}}",
                  f"    component: bulk_cards_{d}", "    size: poker", "    size_source: {assumption: \"benchmark\"}",
                  f"    back: {{title: {{pl: Masowe {d}, en: Bulk {d}}}, color: \"#336699\"}}"]
    (game / "bulk_components.yaml").write_text("\n".join(parts) + "\n", encoding="utf-8")
    for start in range(0, cards, PER_FILE):
        lines = ["cards:"]
        for n in range(start, min(start + PER_FILE, cards)):
            lines += [f"  - id: bulk_{n}",
                      f"    deck: bulk_{n // PER_DECK}",
                      f"    name: {{pl: Karta nr {n}, en: Card no. {n}}}",
                      "    copies: 1",
                      f"    cost: {n % 4}",
                      f"    stats: {{value: {n % 7}}}",
                      f"    text: {{pl: \"Daje {n % 5} :gold: w fazie zakupu.\", en: \"Gives {n % 5} :gold: "
                      "in the buy phase.\"}",
                      "    source: {section: \"KARTY\", page: 3}"]
        (game / f"bulk_cards_{start // PER_FILE:03d}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return data


def run_child(data: Path) -> tuple[int, float, float, float, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "generator", "validate", "--data", str(data)], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = proc.communicate()
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return proc.returncode, seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, (err + out)[-3000:]


def profile(data: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from generator.plan.check import validated_games

    profiler = cProfile.Profile(time.process_time)  # CPU time: other processes do not inflate it
    profiler.enable()
    [result] = validated_games(data, None)  # what `pnp validate` runs: the validator plus the plan checks
    profiler.disable()
    print(f"{len(result.issues)} issues")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=50_000)
    parser.add_argument("--profile", action="store_true", help="profile validation in-process instead")
    parser.add_argument("--keep", type=Path, help="write the synthetic game here and keep it")
    args = parser.parse_args()
    base = args.keep or Path(tempfile.mkdtemp(prefix="pnp-scale-"))
    try:
        data = base / "data"
        if not (data / "demo").exists():
            make_game(data, args.cards)
        if args.profile:
            profile(data)
            return 0
        code, seconds, cpu, peak_mb, tail = run_child(data)
        ok = code == 0 and seconds < GOAL_S and peak_mb < GOAL_MB
        print(f"validate {args.cards} cards: exit {code}, {seconds:.1f} s wall, {cpu:.1f} s CPU "
              f"(goal < {GOAL_S:g} s; load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores), "
              f"peak RSS {peak_mb:.0f} MB (goal < {GOAL_MB:g}) — {'OK' if ok else 'MISSED'}")
        if code != 0:
            print(tail)
        return 0 if ok else 1
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
