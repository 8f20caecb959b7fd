"""One writer per output folder, and output-folder failures are user errors (exit 1), never bugs.

Two builds into one --out at once (and a build beside the rebuilds of `pnp serve`) never lose or corrupt
an output: the second waits for the lock. A file where the folder should be, a path below a file, a
read-only or full disk and a file-size limit exit 1 with the path and the reason, and leave the earlier
outputs as they were."""
from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from generator.write.atomic import LOCK, STAGING, OutputDir, OutputError
from tests.conftest import FIXTURES, ROOT

BUILD = ("build", "--force", "--skip", "site", "--skip", "boards", "--profile", "home", "--paper", "a4")


def _snapshot(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def _manifest_is_true(out: Path) -> int:
    """Every manifest entry exists with its recorded hash; returns the number of entries."""
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["artifacts"]:
        path = out / entry["path"]
        assert path.is_file(), f"the manifest lists {entry['path']} but it does not exist"
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"], entry["path"]
    return len(manifest["artifacts"])


def _cmd(data: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "generator", *BUILD, "--data", str(data), "--out", str(out), *extra]


@pytest.fixture
def demo(tmp_path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    return data


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    base = tmp_path_factory.mktemp("outfolder")
    data = base / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    from generator.cli import main
    assert main([*BUILD, "--data", str(data), "--out", str(base / "out")]) == 0
    return data, base / "out"


# -- one writer at a time -------------------------------------------------------------------------

def test_second_writer_waits_then_refuses(built, tmp_path, run_cli, monkeypatch):
    data, out_src = built
    out = tmp_path / "out"
    shutil.copytree(out_src, out)
    before = _snapshot(out)
    holder = OutputDir(out)  # another run holds the lock
    try:
        monkeypatch.setenv("PNP_LOCK_TIMEOUT", "0.5")
        result = run_cli(*BUILD, "--data", data, "--out", out)
    finally:
        holder.abandon()
    assert result.code == 1, result.err
    assert "waiting for another pnp run" in result.err
    assert "another pnp run is writing to" in result.err and "Traceback" not in result.err
    assert _snapshot(out) == before


def test_lock_is_released_after_commit_and_abandon(tmp_path):
    first = OutputDir(tmp_path / "out", lock_timeout=0)
    first.write_text("a.txt", "1")
    first.commit()
    second = OutputDir(tmp_path / "out", lock_timeout=0)  # would raise if the lock were still held
    second.abandon()
    third = OutputDir(tmp_path / "out", lock_timeout=0)
    with pytest.raises(OutputError, match="another pnp run"):
        OutputDir(tmp_path / "out", lock_timeout=0)
    third.abandon()


def test_staging_is_unique_and_leftovers_are_cleaned(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / ".staging").mkdir()  # left by an old version
    (out / ".staging-123-dead").mkdir()  # left by a run that was killed
    (out / ".staging-123-dead" / "x.pdf").write_bytes(b"half")
    (out / ".trash-123-dead").mkdir()
    first = OutputDir(out)
    assert first.stage.name.startswith(STAGING + f"-{os.getpid()}-")
    assert sorted(p.name for p in out.iterdir()) == sorted([LOCK, first.stage.name])
    first.abandon()


def test_manifest_listing_a_missing_file_is_refused(tmp_path):
    out = OutputDir(tmp_path / "out")
    out.write_text("a.txt", "1")
    out.write_text("manifest.json", json.dumps({"artifacts": [{"path": "a.txt"}, {"path": "gone.pdf"}]}))
    with pytest.raises(Exception, match="do not exist"):
        out.commit()
    assert not (tmp_path / "out" / "manifest.json").exists()
    OutputDir(tmp_path / "out", lock_timeout=0).abandon()  # the lock was released


@pytest.mark.parametrize("round_", range(3))
def test_two_builds_at_once_lose_nothing(built, tmp_path, round_):
    data, out_src = built
    out = tmp_path / "out"
    shutil.copytree(out_src, out)
    procs = [subprocess.Popen(_cmd(data, out), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for _ in range(2)]
    results = [(p.wait(timeout=300), p.stderr.read().decode()) for p in procs]
    for proc in procs:
        proc.stdout.close()
        proc.stderr.close()
    assert [code for code, _ in results] == [0, 0], results
    assert not any("Traceback" in err for _, err in results)
    assert _manifest_is_true(out) >= 5
    assert _snapshot(out) == _snapshot(out_src)  # builds are deterministic: the same files, whole
    assert not list(out.glob(STAGING + "*"))


@pytest.mark.slow
def test_build_beside_serve_rebuild(built, tmp_path):
    """The rebuild `pnp serve` runs on a change and a `pnp build` at the same time: both finish, nothing lost."""
    from generator.cli import build_parser
    from generator.commands import serve

    data, out_src = built
    out = tmp_path / "out"
    shutil.copytree(out_src, out)
    args = build_parser().parse_args(["serve", "--data", str(data), "--out", str(out)])
    outcome = {}
    thread = threading.Thread(target=lambda: outcome.setdefault("ok", serve._rebuild(args)))
    proc = subprocess.Popen(_cmd(data, out), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    thread.start()
    _, err = proc.communicate(timeout=600)
    thread.join(timeout=600)
    assert proc.returncode == 0, err.decode()
    assert outcome.get("ok") is True
    assert (out / "site" / "index.html").is_file()
    assert _manifest_is_true(out) >= 5


# -- the output folder cannot be written --------------------------------------------------------------

def test_out_is_a_file(demo, tmp_path, run_cli):
    target = tmp_path / "taken"
    target.write_text("keep me")
    result = run_cli(*BUILD, "--data", demo, "--out", target)
    assert result.code == 1 and "it is a file, not a folder" in result.err and str(target) in result.err
    assert target.read_text() == "keep me"


def test_out_below_a_file(demo, tmp_path, run_cli):
    (tmp_path / "taken").write_text("keep me")
    result = run_cli(*BUILD, "--data", demo, "--out", tmp_path / "taken" / "out")
    assert result.code == 1 and "a part of the path is a file" in result.err, result.err
    assert "Traceback" not in result.err


def test_out_not_permitted(demo, run_cli):
    result = run_cli(*BUILD, "--data", demo, "--out", "/proc/pnp-out")
    assert result.code == 1, result.err
    assert "cannot write /proc/pnp-out" in result.err


def test_out_where_a_staged_folder_meets_a_file(built, tmp_path, run_cli):
    """A file sitting where the build needs a folder (the game folder) is reported, the file kept."""
    data, _ = built
    out = tmp_path / "out"
    out.mkdir()
    (out / "demo").write_text("not a folder")
    result = run_cli(*BUILD, "--data", data, "--out", out)
    assert result.code == 1, result.out + result.err
    assert "Traceback" not in result.err and "cannot write" in result.err
    assert (out / "demo").read_text() == "not a folder"


def _mount_tmpfs(where: Path, options: str) -> None:
    where.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)], capture_output=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {proc.stderr.decode().strip()}")


@pytest.fixture
def small_disk(tmp_path):
    where = tmp_path / "disk"
    _mount_tmpfs(where, "size=64k")
    yield where
    subprocess.run(["umount", "-l", str(where)], check=False)


def test_full_disk(built, small_disk, run_cli):
    data, out_src = built
    out = small_disk / "out"
    out.mkdir()
    (out / "keep.txt").write_text("earlier output")
    result = run_cli(*BUILD, "--data", data, "--out", out)
    assert result.code == 1, result.err
    assert "the disk is full" in result.err and str(out) in result.err
    assert sorted(p.name for p in out.iterdir()) == [LOCK, "keep.txt"]  # staging cleaned, earlier output kept


def test_read_only_disk(demo, tmp_path, run_cli):
    where = tmp_path / "ro"
    _mount_tmpfs(where, "size=64k,ro")
    try:
        result = run_cli(*BUILD, "--data", demo, "--out", where / "out")
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)
    assert result.code == 1 and "read-only" in result.err, result.err


def _limit_file_size():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))


def test_file_size_limit(built, tmp_path):
    data, out_src = built
    out = tmp_path / "out"
    shutil.copytree(out_src, out)
    before = _snapshot(out)
    proc = subprocess.run(_cmd(data, out), cwd=ROOT, capture_output=True, text=True, timeout=300,
                          preexec_fn=_limit_file_size)
    assert proc.returncode == 1, proc.stderr
    assert "file-size limit" in proc.stderr and "Traceback" not in proc.stderr
    assert _snapshot(out) == before
    assert not list(out.glob(STAGING + "*"))


@pytest.mark.parametrize("where", ["project", "game-folder", "holds-data"])
def test_out_that_would_replace_sources_is_refused(where, demo, tmp_path, run_cli):
    """A build swaps whole folders (site/, <game>/print/): never in a project root or among game data."""
    if where == "project":
        out = tmp_path / "repo"
        out.mkdir()
        (out / "pyproject.toml").write_text("[project]\n")
        (out / "site").mkdir()
        (out / "site" / "mkdocs.yml").write_text("keep")
    elif where == "game-folder":
        out = demo / "demo" / "out"
    else:
        out = tmp_path  # holds data/demo/game.yaml
    result = run_cli(*BUILD, "--data", demo, "--out", out)
    assert result.code == 1 and "refusing to use" in result.err, result.err
    if where == "project":
        assert (out / "site" / "mkdocs.yml").read_text() == "keep"
    assert not (demo / "demo" / "out").exists()
