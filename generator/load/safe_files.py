"""The one rule for reading a file named by the data: a regular file, inside its folder, read without blocking.

Every file a game brings — its YAML, images, and later fonts, CSV or SVG icons — is opened through
``safe_path`` / ``read_safe``:

- symlinks are resolved; one that leaves the folder (the game folder) or loops is refused;
- only regular files are read: a FIFO, socket, character or block device (``/dev/null`` behind a symlink)
  or a directory named like a data file is refused before anything is opened for reading;
- the file is opened with ``O_NONBLOCK`` and checked again with ``fstat`` on the open descriptor, so a file
  swapped for a FIFO between the check and the read cannot block the build either;
- a size limit is applied before the bytes are read.

A refusal is an ``UnsafeFile`` with a reason that reads well after "file 'x' …" in an error message.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class UnsafeFile(Exception):
    """A data file that is refused; ``reason`` completes the sentence 'the file … <reason>'."""

    def __init__(self, reason: str, code: str = "io"):
        super().__init__(reason)
        self.reason = reason
        self.code = code


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    return "not a regular file"


def _real(path: Path) -> Path:
    try:
        return Path(os.path.realpath(path, strict=True))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafeFile("is a symlink loop") from None
        if exc.errno == errno.ENOENT:
            if os.path.islink(path):
                raise UnsafeFile("is a broken symlink (its target does not exist)") from None
            raise UnsafeFile("does not exist") from None
        raise UnsafeFile(f"cannot be read: {exc.strerror}") from None
    except RuntimeError:  # some Python versions report loops this way
        raise UnsafeFile("is a symlink loop") from None


def inside(folder: Path, path: Path) -> bool:
    """Does ``path`` (symlinks resolved) stay inside ``folder``? False for loops and missing paths too."""
    try:
        root, real = _real(folder), _real(path)
    except UnsafeFile:
        return False
    return real == root or root in real.parents


def safe_path(folder: Path, path: Path, expected: str = "a regular file") -> Path:
    """The real path of ``path`` when it is a regular file inside ``folder``; else UnsafeFile."""
    root = _real(folder)
    real = _real(path)
    if real != root and root not in real.parents:
        raise UnsafeFile("leads outside its folder (a symlink?); only files inside the game folder are read")
    try:
        mode = os.stat(real).st_mode
    except OSError as exc:
        raise UnsafeFile(f"cannot be read: {exc.strerror}") from None
    if not stat.S_ISREG(mode):
        raise UnsafeFile(f"is {_kind(mode)}, expected {expected}")
    return real


def read_safe(folder: Path, path: Path, max_bytes: int, expected: str = "a regular file") -> bytes:
    """The bytes of a regular file inside ``folder``, never blocking, at most ``max_bytes`` of them."""
    real = safe_path(folder, path, expected)
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafeFile("changed into a symlink while being read") from None
        raise UnsafeFile(f"cannot be read: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFile(f"is {_kind(info.st_mode)}, expected {expected}")
        if info.st_size > max_bytes:
            raise UnsafeFile(f"is {info.st_size} bytes; the limit is {max_bytes}", code="size")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise UnsafeFile(f"is more than {max_bytes} bytes (it grew while being read)", code="size")
        return b"".join(chunks)
    except OSError as exc:
        raise UnsafeFile(f"cannot be read: {exc.strerror}") from None
    finally:
        os.close(fd)
