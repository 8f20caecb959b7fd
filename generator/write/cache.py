"""Incremental builds: a content hash of each artifact's inputs decides whether it is rebuilt.

The key of an artifact hashes everything it is made from: the engine (every file of the ``generator``
package — code, fonts, catalogs — so any change to the program rebuilds everything), the job's options,
and the content of the planned items it holds (each face's resolved scene items, which already carry the
layout, fonts and sizes). The key is recorded as ``input_hash`` in the artifact's manifest entry. On the
next build, an artifact whose key is unchanged and whose file is still in place is *kept*: hard-linked into
the staging folder, so the atomic commit puts back the very same file (same inode, same mtime).

Targets call ``reuse(...)`` before rendering; ``Manifest.add`` picks up the pending key by path. With no
active cache (``pnp print``, tests that call targets directly) nothing is reused and nothing changes.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator.write.atomic import OutputDir

if TYPE_CHECKING:
    from generator.write.manifest import Artifact, Manifest

PACKAGE = Path(__file__).resolve().parents[1]
ENGINE_EXTRA = ("templates", "site")  # repo folders the site build reads (when present)

_ACTIVE: BuildCache | None = None


def _sha(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else str(part).encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()


def tree_hash(root: Path, skip_suffixes: tuple[str, ...] = (".pyc",)) -> str:
    """Hash of everything under ``root`` the loader could see: every entry's relative path and kind — a
    file's bytes, a link's target, a folder as a folder (a folder named like a YAML file is a data error
    too). Anything unreadable makes the hash unique, so a build never trusts it (missing root → fixed)."""
    h = hashlib.sha256()
    if not root.is_dir():
        return h.hexdigest()
    for path in sorted(root.rglob("*")):
        if path.suffix in skip_suffixes or "__pycache__" in path.parts:
            continue
        h.update(path.relative_to(root).as_posix().encode("utf-8", "surrogateescape") + b"\0")
        try:
            if path.is_symlink():
                h.update(b"l" + os.readlink(path).encode("utf-8", "surrogateescape"))
            elif path.is_dir():
                h.update(b"d")
            elif path.is_file():
                h.update(b"f" + path.read_bytes())
            else:
                h.update(b"o")
        except OSError:
            return "unreadable:" + os.urandom(16).hex()
        h.update(b"\0")
    return h.hexdigest()


LIBRARIES = ("reportlab", "rl-accel", "pypdfium2", "pillow", "svgwrite", "mkdocs", "mkdocs-material", "pyphen",
             "fonttools", "jinja2")


def _versions() -> list[str]:
    from importlib import metadata

    found = []
    for name in LIBRARIES:
        try:
            found.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name}=-")
    return found


@cache
def engine_hash() -> str:
    """Every file of the generator package (code, fonts, locales), the site's template folders and the
    versions of the libraries that draw: a new version of any of them rebuilds everything."""
    root = PACKAGE.parent
    return _sha(tree_hash(PACKAGE), *(tree_hash(root / extra) for extra in ENGINE_EXTRA), *_versions())


def face_digest(face, memo: dict[int, str]) -> str:
    """What a face draws (its resolved scene items at no bleed), hashed once per face object."""
    if face is None:
        return "-"
    key = id(face)
    found = memo.get(key)
    if found is None:
        found = memo[key] = hashlib.sha256(repr(face(0.0)).encode("utf-8")).hexdigest()
    return found


class BuildCache:
    """The previous build's manifest entries, and the keys of the artifacts this build writes."""

    def __init__(self, out: OutputDir, previous: list[Artifact]):
        self.out = out
        self.previous: dict[str, Artifact] = {a.path: a for a in previous}
        self.pending: dict[str, str] = {}  # artifact path → key, for Manifest.add
        self.kept: list[str] = []
        self._faces: dict[int, str] = {}
        self._assets: dict[Path, str] = {}

    # --- keys ---

    def assets_hash(self, folder: Path | None) -> str:
        """Every non-YAML file of a game's data folder (card art, images): they are drawn by path."""
        if folder is None:
            return "-"
        if folder not in self._assets:
            h = hashlib.sha256()
            try:
                for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".yaml", ".yml")):
                    h.update(path.relative_to(folder).as_posix().encode("utf-8", "surrogateescape") + b"\0"
                             + path.read_bytes() + b"\0")
                self._assets[folder] = h.hexdigest()
            except OSError:  # unreadable: never matches, so nothing drawn from this folder is kept
                self._assets[folder] = "unreadable:" + os.urandom(16).hex()
        return self._assets[folder]

    def items_key(self, *context, items=()) -> str:
        """Key of an artifact made of planned items: engine, the given context (options, path, title) and
        every item's identity and face content, in order."""
        h = hashlib.sha256()
        h.update(_sha(engine_hash(), *context).encode())
        for item in items:
            h.update(_sha(item.component, item.kind, item.size, item.label, item.group, item.back_key, item.cut,
                          face_digest(item.front, self._faces), face_digest(item.back, self._faces)).encode())
        return h.hexdigest()

    # --- reuse ---

    def fresh(self, path: str, key: str) -> Artifact | None:
        """The previous entry of ``path`` when it was made from the same inputs and its file is intact."""
        entry = self.previous.get(path)
        if entry is None or entry.input_hash != key:
            return None
        final = self.out.root / path
        try:
            if final.stat().st_size != entry.bytes:
                return None
        except OSError:
            return None
        return entry

    def keep(self, relative: str) -> None:
        """Put the existing file back through staging unchanged: a hard link, so the commit moves the same
        inode (same bytes, same mtime) into place."""
        final = self.out.root / relative
        staged = self.out.path(relative)
        if staged in self.out.written:
            raise RuntimeError(f"two writes to one output path in one build: {relative}")
        self.out.written.add(staged)
        try:
            os.link(final, staged)
        except OSError:
            shutil.copy2(final, staged)
        self.kept.append(relative)


def relink_identical(out: OutputDir, folder: str) -> int:
    """After a folder was rebuilt whole (the site): each staged file whose bytes equal the file in place
    becomes a hard link to it, so the commit keeps that file as it is (same inode, same mtime) and only
    the files that really changed are replaced. Returns how many were kept."""
    staged_root, final_root = out.stage / folder, out.root / folder
    if not staged_root.is_dir() or not final_root.is_dir():
        return 0
    kept = 0
    top = str(staged_root)
    for where, _dirs, names in os.walk(top):
        rel = os.path.relpath(where, top)
        for name in names:
            staged = os.path.join(where, name)
            final = os.path.join(final_root, name) if rel == "." else os.path.join(final_root, rel, name)
            try:
                new, old = os.lstat(staged), os.lstat(final)
                if not (stat.S_ISREG(new.st_mode) and stat.S_ISREG(old.st_mode)) or new.st_size != old.st_size:
                    continue
                if (new.st_ino, new.st_dev) == (old.st_ino, old.st_dev) or _read(final) != _read(staged):
                    continue
                tmp = os.path.join(where, f".{name}.keep")
                os.link(final, tmp)
                try:
                    os.replace(tmp, staged)
                finally:
                    if os.path.lexists(tmp):  # rename between two links of one file does nothing
                        os.unlink(tmp)
                kept += 1
            except OSError:
                continue  # the staged copy is as good, only newer
    return kept


def _read(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


def activate(cache_: BuildCache | None) -> None:
    global _ACTIVE
    _ACTIVE = cache_


def active() -> BuildCache | None:
    return _ACTIVE


def reuse(out: OutputDir, manifest: Manifest, path: str, *context, items=(), assets: Path | None = None,
          folder: str | None = None) -> Artifact | None:
    """Called by a target before it renders the artifact ``path``: with an active cache and unchanged
    inputs, keeps the previous file (and, with ``folder``, every file of that folder) and its manifest
    entry and returns the entry; otherwise notes the key for ``Manifest.add`` and returns None.
    ``assets`` is the game's data folder: its images are drawn by path, so their bytes count too."""
    c = _ACTIVE
    if c is None or c.out is not out:
        return None
    key = c.items_key(path, c.assets_hash(assets), *context, items=items)
    entry = c.fresh(path, key)
    if entry is None or (folder and not (out.root / folder).is_dir()):
        c.pending[path] = key
        return None
    if folder:
        for file in sorted(p for p in (out.root / folder).rglob("*") if p.is_file()):
            c.keep(file.relative_to(out.root).as_posix())
    else:
        c.keep(path)
    return manifest.put(entry)


def pending_key(path: str) -> str | None:
    c = _ACTIVE
    return c.pending.pop(path, None) if c is not None else None


def stable_json(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


# --- compiled templates (the site's pages and mkdocs' theme), kept between runs ---



def template_cache(env):
    """A jinja bytecode cache for ``env``: templates compile once per machine, not once per build (mkdocs'
    theme alone is ~0.15 s per language). Jinja keys each entry by the template's name, file and source
    checksum and the Python version; the key here adds the jinja version and everything of ``env`` that
    changes the compiled code (delimiters, whitespace options, escaping, finalize, extensions, gettext
    style), so one template compiled by differently configured environments never shares an entry. The
    folder is ``templates/`` of the user cache (``write/usercache.py``: ``PNPFORGE_CACHE_DIR``, empty turns
    it off); None when it is off or cannot be made. Compiled code never reaches an output: outputs never
    depend on it."""
    import jinja2
    from jinja2.bccache import FileSystemBytecodeCache

    from generator.write import usercache

    base = usercache.folder()
    if base is None:
        return None
    where = str(base / "templates")
    try:
        os.makedirs(where, exist_ok=True)
    except OSError:
        return None
    escape = env.autoescape
    options = (jinja2.__version__, env.block_start_string, env.block_end_string, env.variable_start_string,
               env.variable_end_string, env.comment_start_string, env.comment_end_string,
               env.line_statement_prefix, env.line_comment_prefix, env.trim_blocks, env.lstrip_blocks,
               env.newline_sequence, env.keep_trailing_newline, env.optimized, env.is_async,
               escape if isinstance(escape, bool) else getattr(escape, "__qualname__", repr(escape)),
               getattr(env.finalize, "__qualname__", repr(env.finalize)), sorted(env.extensions),
               getattr(env, "newstyle_gettext", None))  # i18n: compiled differently when new-style
    prefix = _sha(*options)

    class Cache(FileSystemBytecodeCache):
        def get_cache_key(self, name, filename=None):
            return super().get_cache_key(f"{prefix}|{name}", filename)

        def load_bytecode(self, bucket):
            try:
                super().load_bytecode(bucket)
            except OSError:
                bucket.reset()

        def dump_bytecode(self, bucket):
            try:
                super().dump_bytecode(bucket)
            except OSError:  # a full or read-only disk: the template is compiled again next time
                pass

    return Cache(where, "pnp-%s.cache")
