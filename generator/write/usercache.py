"""A small per-user cache of things derived from files the package ships (compiled message catalogs, font
width tables), so every `pnp` run does not derive them again. Entries are named by a hash of what they were
made from, written atomically, and never trusted blindly: a reader that cannot use an entry makes it again.

The folder is ``$PNPFORGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/pnpforge``, else ``~/.cache/pnpforge``; when it
cannot be made or written, nothing is cached (and nothing fails)."""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

VERSION = "1"  # bump when an entry's format changes


def folder() -> Path | None:
    given = os.environ.get("PNPFORGE_CACHE_DIR")
    if given == "":
        return None  # set but empty: caching is off
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pnpforge"


def key(*parts: bytes | str) -> str:
    digest = hashlib.sha256(VERSION.encode())
    for part in parts:
        digest.update(part if isinstance(part, bytes) else part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def load(name: str) -> bytes | None:
    where = folder()
    if where is None:
        return None
    try:
        return (where / name).read_bytes()
    except OSError:
        return None


_PRUNED: set[tuple[Path, str]] = set()


def prune(prefix: str, keep: int) -> None:
    """Keep the ``keep`` newest entries whose names start with ``prefix`` (entries made per input file, such
    as parsed data files, would otherwise pile up with every edit)."""
    where = folder()
    if where is None or (where, prefix) in _PRUNED:
        return
    _PRUNED.add((where, prefix))  # once a process: a folder of thousands of entries is not listed per file
    try:
        entries = [e for e in os.scandir(where) if e.name.startswith(prefix) and e.is_file(follow_symlinks=False)]
        if len(entries) <= keep:
            return
        entries.sort(key=lambda e: e.stat(follow_symlinks=False).st_mtime_ns)
        for entry in entries[:len(entries) - keep]:
            Path(entry.path).unlink(missing_ok=True)
    except OSError:
        pass


def store(name: str, data: bytes) -> None:
    where = folder()
    if where is None:
        return
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=where, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, where / name)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass
