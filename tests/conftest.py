"""Shared test helpers: copies of fixture data, running the CLI in-process, reading results."""
from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.cli import main

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "data"
CARDS_DATA = ROOT / "cards_data"


@dataclass
class CliResult:
    code: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)


@pytest.fixture
def run_cli(capsys):
    """Run `pnp ARGS` in-process; returns exit code, stdout, stderr."""

    def run(*args: str) -> CliResult:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture
def demo_data(tmp_path) -> Path:
    """A writable copy of the demo game; returns the data folder (holding demo/)."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    return data


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace text in a fixture file, failing loudly if the text is not there (keeps tests honest)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
