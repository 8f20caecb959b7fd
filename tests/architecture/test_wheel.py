"""The package is installable: a wheel built from this checkout, installed into a fresh virtual environment,
builds every game from another folder — templates, site project, catalogs and fonts come with it."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import CARDS_DATA, ROOT

pytestmark = pytest.mark.slow


def _run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)
    assert proc.returncode == 0, f"{cmd}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


def test_wheel_in_a_fresh_venv_builds_every_game_from_another_folder(tmp_path):
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels), str(ROOT)])
    wheel = next(wheels.glob("pnpforge-*.whl"))
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)])
    py = venv / "bin" / "python"
    # the dependencies are those of this environment (no network needed); pnpforge itself only from the wheel
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    _run([str(py), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)])
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(CARDS_DATA, elsewhere / "games")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PNP_DATA", "PNP_OUT")}
    located = _run([str(py), "-c", "import generator; print(generator.__file__)"], cwd=elsewhere, env=env).stdout
    assert str(site) in located, located  # the installed copy, not this checkout
    _run([str(venv / "bin" / "pnp"), "build", "--data", "games", "--out", "out", "--profile", "home",
          "--paper", "a4"], cwd=elsewhere, env=env)
    out = elsewhere / "out"
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    games = {a["game"] for a in manifest["artifacts"]}
    assert games == {p.name for p in CARDS_DATA.iterdir() if (p / "game.yaml").is_file()}
    assert (out / "site" / "pl" / "index.html").is_file() and (out / "site" / "en" / "index.html").is_file()
