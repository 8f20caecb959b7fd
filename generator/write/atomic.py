"""Atomic writes: a temporary file in the same folder, fsync, then os.replace — a build killed mid-way
leaves the previous file whole. An OutputDir also refuses paths outside itself and a second write to
one path in the same build (two generators fighting over a file is a bug)."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.errors import InternalError, UsageError


def write_bytes_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_text_atomic(path: Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))


class OutputDir:
    """The only place a build writes to."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self.written: set[Path] = set()

    def path(self, relative: str | Path) -> Path:
        target = (self.root / relative).resolve()
        if target != self.root and self.root not in target.parents:
            raise UsageError(f"refusing to write outside the output folder: {relative}")
        return target

    def write_bytes(self, relative: str | Path, data: bytes) -> Path:
        target = self.path(relative)
        if target in self.written:
            raise InternalError(f"two writes to one output path in one build: {relative}")
        self.written.add(target)
        write_bytes_atomic(target, data)
        return target

    def write_text(self, relative: str | Path, text: str) -> Path:
        return self.write_bytes(relative, text.encode("utf-8"))

    def relative(self, target: Path) -> str:
        return target.resolve().relative_to(self.root).as_posix()


def clean_stale_temps(root: Path) -> None:
    """Remove temp files an interrupted earlier build left behind (never the finished outputs)."""
    if not root.exists():
        return
    for tmp in root.rglob(".*.tmp"):
        try:
            tmp.unlink()
        except OSError:
            pass
