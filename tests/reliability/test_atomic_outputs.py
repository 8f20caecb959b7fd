"""A build killed mid-way (SIGINT or SIGKILL) leaves the previous good outputs and manifest intact, and
the next build recovers. Writes never leave the output folder."""
from __future__ import annotations

import hashlib
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.errors import UsageError
from generator.write.atomic import LOCK, STAGING, OutputDir
from tests.conftest import CARDS_DATA, ROOT, edit


def _snapshot(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and not p.relative_to(root).parts[0].startswith(STAGING)}


def _stages(out: Path) -> list[Path]:
    return sorted(out.glob(STAGING + "*"))


def _build_cmd(data: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "generator", "build", "--data", str(data), "--out", str(out),
            "--skip", "site", "--skip", "boards", "--profile", "home"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The five games built once: several seconds of work, so a build is still writing well after its first
    files are staged (one game alone now takes well under a second, and a signal could arrive too late)."""
    base = tmp_path_factory.mktemp("atomic")
    data = base / "data"
    shutil.copytree(CARDS_DATA, data)
    out = base / "out"
    subprocess.run(_build_cmd(data, out), cwd=ROOT, check=True, capture_output=True, timeout=300)
    return data, out


def _wait_for_staged_files(out: Path, proc: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if sum(1 for stage in _stages(out) for p in stage.rglob("*.pdf")) >= 2:
            return
        if proc.poll() is not None:
            pytest.fail("the build finished before it could be interrupted")
        time.sleep(0.02)
    pytest.fail("the build never started writing")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["SIGINT", "SIGKILL"])
def test_killed_build_leaves_previous_outputs(built, tmp_path, sig):
    data_src, out_src = built
    data, out = tmp_path / "data", tmp_path / "out"
    shutil.copytree(data_src, data)
    shutil.copytree(out_src, out)
    before = _snapshot(out)
    edit(data / "rune_age" / "game.yaml", "title: {pl: Rune Age", "title: {pl: Rune Age (zmiana)")
    proc = subprocess.Popen(_build_cmd(data, out), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _wait_for_staged_files(out, proc)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode != 0
    assert b"Traceback" not in err
    assert _snapshot(out) == before, "a killed build changed the previous outputs"
    if sig == signal.SIGINT:
        assert not _stages(out), "an interrupted build must clean its staging folder"
    # the next build recovers (and clears what a SIGKILL left behind)
    subprocess.run(_build_cmd(data, out), cwd=ROOT, check=True, capture_output=True, timeout=300)
    assert not _stages(out), "the next build cleans what a killed one left"
    assert _snapshot(out) != before


def test_output_dir_refuses_escapes_and_double_writes(tmp_path):
    out = OutputDir(tmp_path / "out")
    for bad in ("../x.pdf", "/etc/passwd", "a/../../x", ".staging/x"):
        with pytest.raises(UsageError):
            out.path(bad)
    out.write_text("a/b.txt", "1")
    with pytest.raises(Exception, match="two writes"):
        out.write_text("a/b.txt", "2")
    assert not (tmp_path / "out" / "a" / "b.txt").exists()  # staged until commit
    out.commit()
    assert (tmp_path / "out" / "a" / "b.txt").read_text() == "1"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [LOCK, "a"]


def test_build_writes_only_inside_output(tmp_path, run_cli):
    from tests.conftest import FIXTURES
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    before = {p for p in tmp_path.rglob("*")}
    assert run_cli("build", "--data", data, "--out", tmp_path / "out", "--skip", "site", "--skip", "boards").code == 0
    new = {p for p in tmp_path.rglob("*")} - before
    assert new and all((tmp_path / "out") in p.parents or p == tmp_path / "out" for p in new)
