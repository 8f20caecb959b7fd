"""`pnp validate` checks games in worker processes (one per CPU by default); the report must be exactly the
serial one — the same issues in the same order, the same exit code — whatever the scheduling."""
from __future__ import annotations

import shutil

from tests.conftest import CARDS_DATA, FIXTURES


def test_parallel_report_equals_serial(run_cli):
    serial = run_cli("validate", "--json", "--jobs", "1")
    parallel = run_cli("validate", "--json", "--jobs", "3")
    assert serial.code == parallel.code == 0
    assert parallel.out == serial.out
    assert len(serial.json()["games"]) == 5


def test_parallel_errors_and_exit_code(run_cli, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    shutil.copytree(CARDS_DATA / "rune_age", data / "rune_age")
    game = data / "demo" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("id: demo", "id: demo_typo", 1), encoding="utf-8")
    serial = run_cli("validate", "--data", data, "--jobs", "1")
    parallel = run_cli("validate", "--data", data, "--jobs", "2")
    assert serial.code == parallel.code == 1
    assert parallel.err == serial.err and "demo_typo" in serial.err


def test_bad_jobs_is_a_usage_error(run_cli):
    assert run_cli("validate", "--jobs", "0").code == 2
