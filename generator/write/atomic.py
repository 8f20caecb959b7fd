"""Atomic, contained, one-writer-at-a-time writes.

A build writes every artifact into a staging folder of its own (``output/.staging-<pid>-<random>``)
first; only when every generator has finished does ``commit`` move the results into place — whole
top-level folders swapped by rename, single files by ``os.replace``, the manifest last (after a check
that every file it lists exists). A build that fails or is killed before the commit leaves the previous
outputs and manifest exactly as they were.

One writer per output folder: ``OutputDir`` takes an exclusive advisory lock (``fcntl.flock`` on
``output/.pnp.lock``) when it is created and keeps it until commit or abandon, so two builds (or a build
beside the rebuilds of ``pnp serve``) never interleave. A second writer waits a bounded time
(``PNP_LOCK_TIMEOUT`` seconds, default 600) with a message, then refuses (exit 1). Staging and trash
folders left by a crashed run are removed by the next run, under the lock.

A folder that cannot be written (a file in the way, no permission, a full disk, a file-size limit) is
the user's problem, not a bug: ``OutputError`` (exit 1) names the path and the reason.

OutputDir also refuses paths outside the output folder and a second write to one path (two generators
fighting over a file is a bug).
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from generator.errors import InternalError, PnpError, UsageError

STAGING = ".staging"  # prefix: every run stages into STAGING-<pid>-<random>
TRASH = ".trash"
LOCK = ".pnp.lock"
LOCK_TIMEOUT_ENV = "PNP_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 600.0
MANIFEST_NAME = "manifest.json"

# errors that come from the place being written to, not from pnpforge
ENVIRONMENT_ERRNOS = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EACCES, errno.EPERM, errno.EROFS,
                      errno.ENOTDIR, errno.EISDIR, errno.EEXIST, errno.ENAMETOOLONG, errno.EMFILE,
                      errno.ENFILE, errno.EIO, errno.EXDEV, errno.ETXTBSY}
_REASONS = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is exhausted",
            errno.EFBIG: "the file is larger than the system allows (file-size limit)",
            errno.EACCES: "permission denied", errno.EPERM: "operation not permitted",
            errno.EROFS: "the file system is read-only", errno.ENOTDIR: "a part of the path is a file, not a folder",
            errno.EISDIR: "a folder is in the way of a file", errno.EEXIST: "something is already in the way"}


class OutputError(PnpError):
    """The output folder cannot be written (exit 1): the path and the reason."""


def _is_staging(name: str) -> bool:
    return name in (STAGING, TRASH) or name.startswith(STAGING + "-") or name.startswith(TRASH + "-")


def environment_oserror(exc: BaseException) -> OSError | None:
    """The OSError behind ``exc`` (itself or a cause) when it comes from the file system, not a bug."""
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, OSError) and exc.errno in ENVIRONMENT_ERRNOS:
            return exc
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return None


def describe_oserror(exc: OSError, fallback: Path | str | None = None, verb: str = "write") -> str:
    """'cannot write <path>: <reason>' for an OSError raised while writing outputs."""
    where = exc.filename or fallback or "the output folder"
    reason = _REASONS.get(exc.errno) or exc.strerror or str(exc)
    return f"cannot {verb} {where}: {reason}"


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


def _lock_timeout() -> float:
    try:
        return max(0.0, float(os.environ.get(LOCK_TIMEOUT_ENV, DEFAULT_LOCK_TIMEOUT)))
    except ValueError:
        raise UsageError(f"{LOCK_TIMEOUT_ENV} must be a number of seconds, "
                         f"got '{os.environ[LOCK_TIMEOUT_ENV][:40]}'") from None


PROJECT_MARKERS = (".git", "pyproject.toml", "setup.py", "package.json")


def _guard_root(root: Path) -> None:
    """Refuse an output folder that is a project or holds game data: a build swaps whole folders
    (``site/``, ``<game>/print/``) and must never replace someone's sources."""
    marker = next((m for m in PROJECT_MARKERS if root.is_dir() and (root / m).exists()), None)
    if marker:
        raise OutputError(f"refusing to use {root} as the output folder: it holds {marker}, so it looks like a "
                          f"project folder whose files a build could replace; use a folder of its own "
                          f"(e.g. --out output)")
    for folder in (root, *root.parents):
        if (folder / "game.yaml").is_file():
            raise OutputError(f"refusing to use {root} as the output folder: it is inside the game folder "
                              f"{folder}; use a folder of its own (e.g. --out output)")
    try:
        holds_game = root.is_dir() and any(
            (child / "game.yaml").is_file() or any(child.glob("*/game.yaml"))
            for child in root.iterdir() if child.is_dir() and not _is_staging(child.name))
    except OSError:
        holds_game = False
    if holds_game:
        raise OutputError(f"refusing to use {root} as the output folder: it holds game data (a game.yaml); "
                          f"use a folder of its own (e.g. --out output)")


def _prepare_root(root: Path) -> None:
    if root.exists() and not root.is_dir():
        raise OutputError(f"cannot use {root} as the output folder: it is a file, not a folder")
    _guard_root(root)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(describe_oserror(exc, root)) from None


class OutputLock:
    """An exclusive advisory lock on ``<root>/.pnp.lock`` (released by release() or process exit)."""

    def __init__(self, root: Path, timeout: float | None = None, notify=None):
        self.path = root / LOCK
        self.fd: int | None = None
        timeout = _lock_timeout() if timeout is None else timeout
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
        except OSError as exc:
            raise OutputError(describe_oserror(exc, self.path)) from None
        deadline = time.monotonic() + timeout
        told = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    raise OutputError(
                        f"another pnp run is writing to {root} (lock {self.path}); waited {timeout:g} s. "
                        f"Try again when it has finished, or use another --out "
                        f"(the wait is set by {LOCK_TIMEOUT_ENV})") from None
                if not told:
                    (notify or _notify)(f"waiting for another pnp run writing to {root} "
                                        f"(at most {timeout:g} s)…")
                    told = True
                time.sleep(0.1)
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            finally:
                os.close(fd)

    def __del__(self):  # a forgotten lock is still released when the object goes
        try:
            self.release()
        except Exception:  # noqa: BLE001 - never raise from a finaliser
            pass


def _notify(message: str) -> None:
    from rich.markup import escape

    from generator.console import err_console

    err_console().print(f"[yellow]{escape(message)}[/]", highlight=False)


class OutputDir:
    """The only place a build writes to; everything goes through this run's staging folder until commit().

    Creating one takes the folder's lock (waiting a bounded time for another writer); commit() and
    abandon() release it."""

    def __init__(self, root: Path, *, lock_timeout: float | None = None):
        self.root = Path(root).resolve()
        _prepare_root(self.root)
        self.lock = OutputLock(self.root, lock_timeout)
        self.written: set[Path] = set()
        self.claimed: set[str] = set()
        try:
            self._clean_leftovers()  # staging/trash of a run that crashed: never trusted, never committed
            self.stage = self.root / f"{STAGING}-{os.getpid()}-{os.urandom(4).hex()}"
            self.stage.mkdir()
        except OSError as exc:
            self.lock.release()
            raise OutputError(describe_oserror(exc, self.root)) from None
        except BaseException:
            self.lock.release()
            raise

    def _clean_leftovers(self) -> None:
        for entry in self.root.iterdir():
            if _is_staging(entry.name):
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)

    def path(self, relative: str | Path) -> Path:
        """Where to write ``relative`` during this build (inside staging; refuses escapes)."""
        rel = Path(relative)
        if (rel.is_absolute() or ".." in rel.parts or not rel.parts or _is_staging(rel.parts[0])
                or rel.parts[0] == LOCK):
            raise UsageError(f"refusing to write outside the output folder: {relative}")
        target = self.stage / rel
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(describe_oserror(exc, target.parent)) from None
        return target

    def write_bytes(self, relative: str | Path, data: bytes) -> Path:
        target = self.path(relative)
        if target in self.written:
            raise InternalError(f"two writes to one output path in one build: {relative}")
        self.written.add(target)
        try:
            write_bytes_atomic(target, data)
        except OSError as exc:
            if exc.errno not in ENVIRONMENT_ERRNOS:
                raise
            raise OutputError(describe_oserror(exc, self.root / Path(relative))) from None
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

    def commit(self, last: tuple[str, ...] = (MANIFEST_NAME,)) -> None:
        """Move staged results into place: claimed folders swapped whole, other files replaced one by one,
        the ``last`` files (the manifest) at the very end, once every file the manifest lists exists."""
        try:
            self._commit(last)
        finally:
            shutil.rmtree(self.stage, ignore_errors=True)
            self.lock.release()

    def _commit(self, last: tuple[str, ...]) -> None:
        if (self.stage / MANIFEST_NAME).is_file():
            self._check_manifest(self.stage / MANIFEST_NAME)  # before anything moves
        trash = self.root / f"{TRASH}-{self.stage.name[len(STAGING) + 1:]}"
        for n, rel in enumerate(sorted(self.claimed)):
            if any(rel.startswith(other + "/") for other in self.claimed):
                continue  # inside a folder that is swapped whole anyway
            staged, final = self.stage / rel, self.root / rel
            final.parent.mkdir(parents=True, exist_ok=True)
            if final.exists() or final.is_symlink():
                trash.mkdir(exist_ok=True)
                os.replace(final, trash / str(n))
            os.replace(staged, final)
        files = sorted(p for p in self.stage.rglob("*") if p.is_file())
        files.sort(key=lambda p: p.relative_to(self.stage).as_posix() in last)
        for staged in files:
            final = self.root / staged.relative_to(self.stage)
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, final)
        shutil.rmtree(trash, ignore_errors=True)

    def _check_manifest(self, staged: Path) -> None:
        """The manifest lists only files that exist: an entry without its file is a bug, and the old
        manifest stays in place."""
        try:
            artifacts = json.loads(staged.read_text(encoding="utf-8")).get("artifacts", [])
        except (OSError, ValueError, AttributeError) as exc:
            raise InternalError(f"the staged manifest cannot be read back: {exc}") from None
        missing = [a.get("path") for a in artifacts if isinstance(a, dict) and not self._will_exist(a.get("path"))]
        if missing:
            raise InternalError(f"the manifest lists {len(missing)} file(s) that do not exist, "
                                f"e.g. {missing[:3]}; the previous manifest is kept")

    def _will_exist(self, rel) -> bool:
        """Will ``rel`` be a file once this commit is done (staged now, or kept from before)?"""
        if not isinstance(rel, str) or not rel or rel.startswith("/") or ".." in Path(rel).parts:
            return False
        if (self.stage / rel).is_file():
            return True
        replaced = any(rel == c or rel.startswith(c + "/") for c in self.claimed)
        return not replaced and (self.root / rel).is_file()

    def abandon(self) -> None:
        """Drop everything staged (a failed build): previous outputs stay as they were."""
        shutil.rmtree(self.stage, ignore_errors=True)
        self.lock.release()

    @contextmanager
    def transaction(self):
        """``with out.transaction():`` — commit what the block staged, or abandon it if the block fails
        (an error, Ctrl-C); the previous outputs are replaced only by a finished build. Writing errors
        from the file system (full disk, file-size limit, no permission) become OutputError (exit 1)."""
        try:
            yield self
        except OSError as exc:
            self.abandon()
            if environment_oserror(exc) is None:
                raise
            raise OutputError(describe_oserror(exc, self.root)) from exc
        except BaseException as exc:
            self.abandon()
            cause = environment_oserror(exc)
            if cause is not None and not isinstance(exc, (PnpError, KeyboardInterrupt, SystemExit)):
                raise OutputError(describe_oserror(cause, self.root)) from exc
            raise
        try:
            self.commit()
        except OSError as exc:
            if environment_oserror(exc) is None:
                raise
            raise OutputError(describe_oserror(exc, self.root)) from exc
