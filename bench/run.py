"""`make bench`: speed and memory of the engine against a raw-reportlab floor, validation, and builds.

Not timed tests: the figures and their goals are printed as a table and written to output/bench.json.
Each step runs in its own process (peak memory is that process's max RSS); the synthetic games are written
into a temp folder. The machine is shared and noisy, so the ratios taken in one run are what matter.

Every step starts with an empty user cache (``PNPFORGE_CACHE_DIR``: parsed data files, font tables,
compiled catalogs), so a "cold" figure is cold; the builds after the cold one (nothing changed, one card
changed) keep the cache the cold build made, as on a designer's machine. ``validate_all_warm_s`` is the
same check run again with the cache that the first run filled.

  python bench/run.py [--cards N] [--skip-builds]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from synth import write_game  # noqa: E402

PY = sys.executable
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
       "COLUMNS": "120"}

# figure → (goal, how it compares) — "max": the figure should be at most the goal
GOALS = {
    "engine_vs_floor_time_ratio": (1.5, "max"),
    "print_vs_floor_time_ratio": (2.5, "max"),
    "engine_vs_floor_bytes_ratio": (1.3, "max"),
    "peak_rss_mb": (150, "max"),
    "validate_all_s": (0.5, "max"),
    "validate_9k_s": (2.0, "max"),
    "validator_10x_ratio": (11.0, "max"),
    "nochange_build_s": (1.0, "max"),
    "one_card_change_build_s": (3.0, "max"),
    "cold_build_s": (8.0, "max"),
    "cold_build_with_site_s": (20.0, "max"),
    "bench_total_s": (180.0, "max"),
}


CPU: dict[str, float] = {}  # CPU seconds (user + system) of the last child, by its first argument


def run(args: list[str], cache: Path) -> tuple[float, float, str]:
    """(wall seconds, peak RSS MB, stdout) of one child process, with ``cache`` as its user cache; its CPU
    seconds go to CPU["last"]."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**ENV, "PNPFORGE_CACHE_DIR": str(cache)}, cwd=ROOT)
    out, err = b"", b""
    # read the pipes while waiting (a full pipe would block the child), then reap it with wait4 for its rusage
    out, err = proc.stdout.read(), proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    CPU["last"] = usage.ru_utime + usage.ru_stime
    if proc.returncode != 0:
        raise SystemExit(f"bench step failed ({proc.returncode}): {' '.join(map(str, args))}\n"
                         f"{out.decode()[-2000:]}\n{err.decode()[-2000:]}")
    return wall, usage.ru_maxrss / 1024, out.decode()


def last_json(text: str) -> dict:
    return json.loads(text.strip().splitlines()[-1])


def pnp(*args) -> list[str]:
    return [PY, "-m", "generator", *map(str, args)]


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(root).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in root.rglob("*") if p.is_file()}


def rewritten(before: dict, after: dict) -> list[str]:
    return sorted(k for k, v in after.items() if before.get(k) != v)


def edit_one_card(data: Path) -> str:
    """Rename one card of rune_age (a fact every output of that card shows); returns the card id."""
    path = data / "rune_age" / "cards_scenario.yaml"
    text = path.read_text(encoding="utf-8")
    match = re.search(r"- id: (\w+)\n(?:    .*\n)*?    name: \{pl: ", text)
    card = match.group(1)
    at = match.end()
    path.write_text(text[:at] + "Zmieniona " + text[at:], encoding="utf-8")
    return card


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=9000)
    parser.add_argument("--skip-builds", action="store_true")
    opts = parser.parse_args()
    n = opts.cards
    started = time.perf_counter()
    r: dict = {"cpus": os.cpu_count(), "cards": n}
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    try:
        big, small = write_game(tmp / "big", n), write_game(tmp / "small", n // 10)

        # --- the floor, then the engine on the same cards ---
        def fresh(name: str) -> Path:  # an empty user cache of a step's own
            return Path(tempfile.mkdtemp(prefix=f"cache-{name}-", dir=tmp))

        wall, rss, out = run([PY, str(ROOT / "bench" / "floor.py"), str(n), str(tmp / "floor.pdf")], fresh("floor"))
        floor = last_json(out)
        r.update(floor_s=wall, floor_cpu_s=CPU["last"], floor_rss_mb=rss, floor_bytes_per_card=floor["bytes"] / n)
        wall, rss, out = run([PY, str(ROOT / "bench" / "steps.py"), "print", big, tmp / "out-print", "synth"],
                             fresh("print"))
        printed = last_json(out)
        if printed["code"] != 0:
            raise SystemExit(f"pnp print of the synthetic game failed: {printed}")
        pdf = tmp / "out-print" / "synth" / "print" / "home-a4" / "cards.pdf"
        r.update(print_s=wall, validation_in_print_s=printed["validation_s"], fit_s=printed["fit_s"],
                 engine_s=wall - printed["validation_s"], print_cpu_s=CPU["last"], peak_rss_mb=rss,
                 bytes_per_card=pdf.stat().st_size / n)
        r["engine_vs_floor_time_ratio"] = r["engine_s"] / r["floor_s"]
        r["print_vs_floor_time_ratio"] = r["print_s"] / r["floor_s"]
        # the CPU seconds of the whole process tree: the work done, not the wait. No goal: a long PDF is drawn
        # by two processes and a big game's other languages are checked by a third, so this is above the
        # time ratio by design (on a quiet machine it tells how much that parallel work costs)
        r["print_vs_floor_cpu_ratio"] = r["print_cpu_s"] / r["floor_cpu_s"]
        r["engine_vs_floor_bytes_ratio"] = r["bytes_per_card"] / r["floor_bytes_per_card"]

        # --- validation ---
        step = [PY, str(ROOT / "bench" / "steps.py"), "validate"]
        five = last_json(run([*step, ROOT / "cards_data"], fresh("validate"))[2])
        r["validate_all_s"] = five["seconds"]  # as `pnp validate` runs: the games in one worker per CPU
        r["validate_all_warm_s"] = five["warm_seconds"]  # the same, again: data files parsed before are cached
        r["validate_all_serial_s"] = five["serial_seconds"]  # the same checks one game after another (warm)
        r["validate_9k_s"] = last_json(run([*step, big], fresh("validate-9k"))[2])["seconds"]
        r["validate_900_s"] = last_json(run([*step, small], fresh("validate-900"))[2])["seconds"]
        r["validator_10x_ratio"] = r["validate_9k_s"] / r["validate_900_s"]

        # --- builds of the five games: cold, cold with the site, nothing changed, one card changed ---
        if not opts.skip_builds:
            data = tmp / "data"
            shutil.copytree(ROOT / "cards_data", data)
            def build(name: str, cache: Path, *args) -> None:
                r[name] = run(pnp("build", "--data", data, *args), cache)[0]
                r[name.removesuffix("_s") + "_cpu_s"] = CPU["last"]  # with its worker processes

            build("cold_build_s", fresh("build-a"), "--skip", "site", "--out", tmp / "out-a")
            out_b, cache_b = tmp / "out-b", fresh("build-b")
            build("cold_build_with_site_s", cache_b, "--out", out_b)
            before = snapshot(out_b)
            build("nochange_build_s", cache_b, "--out", out_b)
            after = snapshot(out_b)
            r["rewritten_after_nochange"] = rewritten(before, after)
            r["changed_card"] = edit_one_card(data)
            build("one_card_change_build_s", cache_b, "--out", out_b)
            r["rebuilt_after_one_card"] = rewritten(after, snapshot(out_b))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    r["bench_total_s"] = time.perf_counter() - started  # `make bench` should stay under 180 s on 2 cores
    report(r)
    out_dir = ROOT / "output"
    out_dir.mkdir(exist_ok=True)
    (out_dir / "bench.json").write_text(json.dumps(r, indent=2, ensure_ascii=False) + "\n")
    return 0


def report(r: dict) -> None:
    print(f"{'figure':34s} {'value':>12s}  goal")
    for key, value in r.items():
        if isinstance(value, list):
            shown = f"{len(value)} files"
        elif isinstance(value, float):
            shown = f"{value:.3f}"
        else:
            shown = str(value)
        goal = GOALS.get(key)
        verdict = ""
        if goal is not None and isinstance(value, (int, float)):
            verdict = f"<= {goal[0]:<6g} {'ok' if value <= goal[0] else 'OVER'}"
        print(f"{key:34s} {shown:>12s}  {verdict}")
    for key in ("rewritten_after_nochange", "rebuilt_after_one_card"):
        for path in r.get(key, [])[:40]:
            print(f"  {key}: {path}")


if __name__ == "__main__":
    raise SystemExit(main())
