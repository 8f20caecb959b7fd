"""Atomic, contained writes.

A build writes every artifact into a staging folder (``output/.staging``) first; only when every
generator has finished does ``commit`` move the results into place — whole top-level folders swapped by
rename, single files by ``os.replace``, the manifest last. A build that fails or is killed before the
commit leaves the previous outputs and manifest exactly as they were. OutputDir also refuses paths
outside the output folder and a second write to one path (two generators fighting over a file is a bug).
"""
from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

from generator.errors import InternalError, UsageError

STAGING = ".staging"
TRASH = ".trash"


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write via a temporary file in the same folder and rename: readers see old or new, never half."""
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
    """The only place a build writes to; everything goes through the staging folder until commit()."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self.stage = self.root / STAGING
        self.written: set[Path] = set()
        self.claimed: set[str] = set()
        if self.stage.exists():  # left by a build that was killed: never trusted, never committed
            shutil.rmtree(self.stage)
        self.stage.mkdir(parents=True)

    def path(self, relative: str | Path) -> Path:
        """Where to write ``relative`` during this build (inside staging; refuses escapes)."""
        rel = Path(relative)
        if rel.is_absolute() or ".." in rel.parts or not rel.parts or rel.parts[0] in (STAGING, TRASH):
            raise UsageError(f"refusing to write outside the output folder: {relative}")
        target = self.stage / rel
        target.parent.mkdir(parents=True, exist_ok=True)
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
        target = Path(target).resolve()
        base = self.stage if self.stage in target.parents else self.root
        return target.relative_to(base).as_posix()

    def claim(self, relative: str) -> Path:
        """Declare a folder this build replaces whole (stale files in it disappear); returns its staged path."""
        rel = self.path(relative)
        self.claimed.add(rel.relative_to(self.stage).as_posix())
        rel.mkdir(parents=True, exist_ok=True)
        return rel

    def commit(self, last: tuple[str, ...] = ("manifest.json",)) -> None:
        """Move staged results into place: claimed folders swapped whole, other files replaced one by one,
        the ``last`` files (the manifest) at the very end."""
        trash = self.root / TRASH
        if trash.exists():
            shutil.rmtree(trash)
        for n, rel in enumerate(sorted(self.claimed)):
            if any(rel.startswith(other + "/") for other in self.claimed):
                continue  # inside a folder that is swapped whole anyway
            staged, final = self.stage / rel, self.root / rel
            final.parent.mkdir(parents=True, exist_ok=True)
            if final.exists():
                trash.mkdir(exist_ok=True)
                os.replace(final, trash / str(n))
            os.replace(staged, final)
        files = sorted(p for p in self.stage.rglob("*") if p.is_file())
        files.sort(key=lambda p: p.relative_to(self.stage).as_posix() in last)
        for staged in files:
            final = self.root / staged.relative_to(self.stage)
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, final)
        shutil.rmtree(self.stage, ignore_errors=True)
        shutil.rmtree(trash, ignore_errors=True)

    def abandon(self) -> None:
        """Drop everything staged (a failed build): previous outputs stay as they were."""
        shutil.rmtree(self.stage, ignore_errors=True)

    @contextmanager
    def transaction(self):
        """``with out.transaction():`` — commit what the block staged, or abandon it if the block fails
        (an error, Ctrl-C); the previous outputs are replaced only by a finished build."""
        try:
            yield self
        except BaseException:
            self.abandon()
            raise
        self.commit()
