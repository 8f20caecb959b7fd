"""Build the rules site: pages per language → mkdocs.yml per language → ``mkdocs build --strict`` each.

Layout of what it writes (both folders are replaced whole on every build):

    <src>/<lang>/mkdocs.yml, <src>/<lang>/docs/**   the generated mkdocs projects (never committed)
    <site>/<lang>/**                                  the built sites, one per language
    <site>/index.html                                 a tiny redirect to the reader's language

Downloads (print PDFs, board SVGs) are hard-linked into each language's docs so mkdocs checks every
link; the two built copies are hard-linked to one another afterwards.

Incremental builds (``previous`` = the site and projects in place): a language whose project has the same
shell as last time — the same engine, the same mkdocs.yml (navigation, titles), the same set of files and
the same outline of every page (front matter, headings, explicit anchors) — is rebuilt with mkdocs' dirty
build over a copy of its previous site: only the pages whose markdown changed (and the pages they link to,
so their anchors are checked) are rendered again. Every page's navigation is a function of the shell, so
the pages not rendered again are exactly what a full build would write, and the site's own search index is
read from every built page afterwards, as after a full build. Anything else is a full build. A game whose
built pages all came out the same keeps its search index file; a game whose card pictures are drawn from the
same inputs (``same_previews``) has them read back from the previous projects.
"""
from __future__ import annotations

import hashlib
import logging
import os
import re
import shutil
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import PnpError
from generator.rules_site import media, nav, offline, search
from generator.rules_site.i18n import LANGS
from generator.rules_site.markup import safe_id
from generator.rules_site.pages import not_found_html, redirect_html, render_language
from generator.rules_site.views import GameView, SiteGame

ASSETS = nav.SITE_PROJECT / "assets"


class SiteBuildError(PnpError):
    """mkdocs refused the generated site (strict mode turns every warning into this)."""


@dataclass
class SiteReport:
    languages: list[str] = field(default_factory=list)
    pages: int = 0
    seconds: float = 0.0
    games: list[str] = field(default_factory=list)
    search_bytes: dict[str, dict[str, int]] = field(default_factory=dict)  # lang → game → index bytes
    offline_bytes: int = 0
    incremental: list[str] = field(default_factory=list)  # languages rebuilt with mkdocs' dirty build
    page_keys: dict[str, dict[str, str]] = field(default_factory=dict)  # lang → game → key of its pages
    rendered: dict[str, list[str]] = field(default_factory=dict)  # lang → games whose pages were rendered


def build_site(games: list[SiteGame], site_dir: Path, src_dir: Path, langs: tuple[str, ...] = LANGS,
               resolve_artifact=None, previous: tuple[Path, Path] | None = None,
               same_previews: frozenset[str] = frozenset(),
               pages_before: dict[str, dict[str, str]] | None = None) -> SiteReport:
    """Write the generated projects into ``src_dir`` and the built sites into ``site_dir``.

    ``resolve_artifact(path) -> Path | None`` finds a manifest artifact's file on disk (staged or final).
    ``previous`` = (site folder, projects folder) of the last build, in place: a language whose shell is
    unchanged is rebuilt incrementally from them (see the module's docstring); they are only read.
    ``same_previews``: games whose card previews are made from the same inputs as the previous build's
    (engine, data, assets): their pictures are read back from the previous projects, not drawn again.
    ``pages_before``: the previous build's ``report.page_keys``: a game whose pages in a language have the
    same key (``page_key``) has them read back from the previous project, not rendered again.
    """
    start = time.monotonic()
    report = SiteReport(languages=list(langs), games=[g.game_id for g in games])
    for game in games:
        game.downloads = media.download_names(game.game_id, game.artifacts)
    _drop_missing_downloads(games, resolve_artifact)  # before any page of any language names them
    _fresh(src_dir)
    _fresh(site_dir)
    all_games = games

    def one(lang: str) -> dict:
        return _build_language(lang, all_games, langs, site_dir, src_dir, resolve_artifact, previous,
                               same_previews, pages_before, listed)

    listed: dict = {}  # the theme's files, listed once per process (_cached_theme)
    done = _languages(langs, one)
    for lang in langs:
        built = done[lang]
        report.page_keys[lang], report.rendered[lang] = built["keys"], built["rendered"]
        report.pages += built["pages"]
        if built["dirty"]:
            report.incremental.append(lang)
        report.search_bytes[lang] = built["search"]
    games = all_games
    (site_dir / "index.html").write_text(redirect_html(langs), encoding="utf-8")
    (site_dir / "404.html").write_text(not_found_html(langs), encoding="utf-8")
    for other in langs[1:]:
        media.dedupe(site_dir / langs[0], site_dir / other)
    report.offline_bytes = offline.write_offline_zip(site_dir, site_dir / offline.ARCHIVE,
                                                     previous[0] / offline.ARCHIVE if previous is not None else None)
    report.seconds = time.monotonic() - start
    return report


def _build_language(lang: str, all_games: list[SiteGame], langs: tuple[str, ...], site_dir: Path, src_dir: Path,
                    resolve_artifact, previous: tuple[Path, Path] | None, same_previews: frozenset[str],
                    pages_before: dict | None, listed: dict) -> dict:
    """One language's project and site (see ``build_site``); what the report needs of it."""
    games = [g for g in all_games if lang in game_languages(g)]  # a game's own `game.languages`
    for game in games:
        kept = _previous_previews(game, previous[1] / lang / "docs") \
            if previous is not None and game.game_id in same_previews else None
        game.previews = kept if kept is not None else media.card_previews(game.index, lang)
    docs = src_dir / lang / "docs"
    keys = {g.game_id: page_key(g, lang, langs) for g in games}
    before = (pages_before or {}).get(lang) if previous is not None else None
    kept = {}
    for game in games:
        if isinstance(before, dict) and before.get(game.game_id) == keys[game.game_id]:
            found = _previous_pages(game, previous[1] / lang / "docs")
            if found is not None:
                kept[game.game_id] = found
    files = render_language(games, lang, kept)
    old_docs = previous[1] / lang / "docs" if previous is not None else None
    made: set[Path] = set()
    for rel, content in files.items():
        target = docs / rel
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        if old_docs is None or not _link_same(old_docs / rel, target, data):
            target.write_bytes(data)
    shutil.copytree(ASSETS, docs / "assets")
    _link_downloads(games, docs, resolve_artifact)
    views = [GameView(game, lang) for game in games]
    cfg_path = src_dir / lang / "mkdocs.yml"
    # relative paths: the project stays valid when the build moves it from staging into place,
    # and two builds of the same data write the same bytes
    rel = cfg_path.parent
    nav.write_config(nav.config(views, lang, langs, Path(os.path.relpath(docs, rel)),
                                Path(os.path.relpath(site_dir / lang, rel))), cfg_path)
    (src_dir / lang / SHELL_FILE).write_text(_engine() + "\n", encoding="utf-8")
    dirty = previous is not None and _prepare_dirty(src_dir / lang, site_dir / lang, previous[1] / lang,
                                                    previous[0] / lang)
    run_mkdocs(cfg_path, dirty=dirty, listed=listed)
    relative_404(site_dir / lang / "404.html")
    search_sizes = _search_index(site_dir / lang, lang, [g.game_id for g in games],
                                 previous[0] / lang if dirty else None)
    return {"keys": keys, "rendered": [g.game_id for g in games if g.game_id not in kept], "dirty": dirty,
            "pages": sum(1 for rel in files if rel.endswith(".md")), "search": search_sizes}


FORK_LANGUAGES = True  # False: the languages one after another in this process (tests compare the two)


def _languages(langs: tuple[str, ...], one) -> dict[str, dict]:
    """``one(lang)`` for every language: the first here, the others at the same time in a forked process
    (each language writes only its own folders), when this process can fork safely; else one after
    another. A failure in the child is raised here as it was raised there."""
    import threading

    rest = langs[1:]
    if (not FORK_LANGUAGES or not rest or not hasattr(os, "fork") or threading.active_count() != 1
            or (os.cpu_count() or 1) < 2):
        return {lang: one(lang) for lang in langs}
    import pickle

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: build, send what it made (or how it failed), leave without any exit handler
        try:
            os.close(read)
            try:
                payload = pickle.dumps(("ok", {lang: one(lang) for lang in rest}))
            except BaseException as exc:  # noqa: BLE001 - sent whole, raised by the parent
                try:
                    payload = pickle.dumps(("error", exc))
                except Exception:  # noqa: BLE001 - an exception that does not pickle: its text
                    payload = pickle.dumps(("error", SiteBuildError(f"{type(exc).__name__}: {exc}")))
            with os.fdopen(write, "wb") as pipe:
                pipe.write(payload)
        finally:
            os._exit(0)
    os.close(write)
    try:
        done = {langs[0]: one(langs[0])}
    except BaseException:
        os.kill(pid, signal.SIGTERM)
        os.close(read)
        os.waitpid(pid, 0)
        raise
    with os.fdopen(read, "rb") as pipe:
        payload = pipe.read()
    _, status = os.waitpid(pid, 0)
    try:
        kind, value = pickle.loads(payload)
    except Exception:  # noqa: BLE001 - the child died without a word
        raise SiteBuildError(f"building the site in {', '.join(rest)} stopped (status {status})") from None
    if kind == "error":
        raise value
    done.update(value)
    return done


def _drop_missing_downloads(games: list[SiteGame], resolve_artifact) -> None:
    """A manifest entry without its file: left off every page, never a dead link."""
    for game in games:
        for path in list(game.downloads):
            src = resolve_artifact(path) if resolve_artifact else None
            if src is None or not src.is_file():
                game.downloads.pop(path, None)


def game_languages(game: SiteGame) -> tuple[str, ...]:
    """The languages a game's data is written in (``game.languages``; both when it does not say)."""
    return tuple(getattr(game.index.data.game, "languages", None) or LANGS)


_ROOT_LINK = re.compile(r'((?:href|src)=")/(?!/)')


def relative_404(path: Path) -> None:
    """mkdocs writes the 404 page's links from the server root ('/assets/…'), which is wrong for a site
    in /pl/; made relative, they resolve against the <base> the page sets to its language's root."""
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        text = _ROOT_LINK.sub(r"\1", text).replace('new URL("/",location)', "new URL(document.baseURI)")
        path.write_text(text, encoding="utf-8")


def _fresh(folder: Path) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)


def _link_downloads(games: list[SiteGame], docs: Path, resolve_artifact) -> None:
    for game in games:
        missing = []
        for path, name in game.downloads.items():
            src = resolve_artifact(path) if resolve_artifact else None
            if src is None or not src.is_file():
                missing.append(path)
                continue
            media.link_or_copy(src, docs / game.game_id / "files" / name)
        for path in missing:  # a manifest entry without its file: leave it off the page, never a dead link
            game.downloads.pop(path, None)


def _link_same(old: Path, target: Path, data: bytes) -> bool:
    """Make ``target`` a hard link to ``old`` when that file holds exactly ``data`` (a file the last build
    wrote the same: linking is cheaper than writing, and later steps see it unchanged at a glance). Nothing
    writes through such a link: a page that must look modified gets a file of its own (``_prepare_dirty``)."""
    try:
        if old.is_symlink() or old.stat().st_size != len(data) or old.read_bytes() != data:
            return False
        os.link(old, target)
        return True
    except OSError:
        return False


def _previous_previews(game: SiteGame, old_docs: Path) -> dict[str, str] | None:
    """The card pictures the previous build wrote for this game (picture key → SVG text): with the same
    inputs the engine draws the same ones, and every key it draws is a safe file name (ids, numbered
    blanks), so the files are the whole set. None (draw them) when they cannot be read."""
    folder = old_docs / game.game_id / "img" / "cards"
    try:
        found = sorted(p for p in folder.iterdir() if p.suffix == ".svg") if folder.is_dir() else []
        return {p.stem: p.read_bytes().decode("utf-8") for p in found}
    except (OSError, UnicodeDecodeError):
        return None


def page_key(game: SiteGame, lang: str, langs: tuple[str, ...]) -> str:
    """What one game's pages (and emblem) in one language are made from: the engine (code, templates,
    catalogs), the languages, the game's data and owner-filled values, its validator result, its manifest
    entries and download names, its card pictures and its data folder's other files. A page shows its
    own game only (every view reads one ``SiteGame``), so nothing else can change it."""
    from generator.validate.report import to_json
    from generator.write import cache

    index = game.index
    builds = cache.active()
    pictures = hashlib.sha256()
    for name in sorted(game.previews):
        pictures.update(name.encode("utf-8") + b"\0" + game.previews[name].encode("utf-8") + b"\0")
    owner = sorted((list(path), str(where)) for path, where in (getattr(index, "owner_values", None) or {}).items())
    return cache._sha(cache.engine_hash(), lang, ",".join(langs), cache.stable_json(index.data.model_dump(mode="json")),
                      cache.stable_json(owner), cache.stable_json(to_json([game.result]) if game.result else None),
                      cache.stable_json([a.to_json() for a in game.artifacts]), cache.stable_json(game.downloads),
                      pictures.hexdigest(), builds.assets_hash(index.folder) if builds is not None else "-")


def _previous_pages(game: SiteGame, old_docs: Path) -> dict[str, bytes] | None:
    """The pages and emblem the previous build wrote for this game (docs-relative path → bytes), or None
    (render them) when any cannot be read."""
    from generator.rules_site.views import PAGES

    folder = str(safe_id(game.game_id))  # as render_language names it
    names = [f"{page}.md" for page in PAGES] + ["img/emblem.svg"]
    try:
        return {f"{folder}/{name}": (old_docs / folder / name).read_bytes() for name in names}
    except OSError:
        return None


def _search_index(site: Path, lang: str, game_ids: list[str], old_site: Path | None) -> dict[str, int]:
    """The site's search index, game by game (``search.build_index``); after a dirty build, a game whose
    built pages all came out the same as last time keeps its previous index file (it is read from them)."""
    fresh, sizes = [], {}
    for game in game_ids:
        old_index = old_site / "search" / f"{game}.js" if old_site is not None else None
        if old_index is not None and old_index.is_file() and _same_pages(site / game, old_site / game):
            target = site / "search" / old_index.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(old_index, target)
            sizes[game] = target.stat().st_size
        else:
            fresh.append(game)
    if fresh:
        sizes.update(search.build_index(site, lang, fresh, old_site))
    return {game: sizes[game] for game in game_ids}


def _same_pages(folder: Path, old_folder: Path) -> bool:
    pages = {p.relative_to(folder).as_posix(): p for p in folder.rglob("index.html")}
    old = {p.relative_to(old_folder).as_posix(): p for p in old_folder.rglob("index.html")}
    return pages.keys() == old.keys() and all(_same_file(pages[rel], old[rel]) for rel in pages)


# --- incremental (dirty) builds --------------------------------------------------------------------

SHELL_FILE = "engine.txt"  # beside mkdocs.yml: the engine the project was made by (code, templates, versions)
_REWRITTEN = (".html", ".xml", ".gz")  # at a site's root: what mkdocs writes again in a dirty build (copied)
_HEADING = re.compile(r"^#{1,6} .*$", re.MULTILINE)  # a page's title (its first) and its table of contents
_ANCHOR = re.compile(r"""\bid=["']([^"']*)["']|\{:?[^}\n]*#([\w:.-]+)[^}\n]*\}""")  # HTML ids, attr_list {#id}
_UNTITLED = re.compile(r"^\s*- ([^\s:'\"]+\.md)\s*$", re.MULTILINE)  # a nav entry without a title
_MD_LINK = re.compile(r"\]\(([^)\s#?]+\.md)(?:#[^)\s]*)?\)")


def _engine() -> str:
    from generator.write.cache import engine_hash

    return engine_hash()


def _outline(text: str) -> list[str]:
    """What other pages and the navigation can see of a page: its front matter, headings and anchors."""
    head = text.split("\n---\n", 1)[0] if text.startswith("---\n") else ""
    return [head, *_HEADING.findall(text), *("".join(ids) for ids in _ANCHOR.findall(text))]


def _tree(root: Path) -> dict[str, Path]:
    """Every file and link under ``root`` (links to folders listed, not followed): relative path → path."""
    found: dict[str, Path] = {}
    top = str(root)
    for folder, dirs, names in os.walk(top):
        rel = os.path.relpath(folder, top)
        prefix = "" if rel == "." else rel.replace(os.sep, "/") + "/"
        for name in names + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = os.path.join(folder, name)
            if os.path.isfile(path) or os.path.islink(path):
                found[prefix + name] = Path(path)
    return dict(sorted(found.items()))


def _same_file(a: Path, b: Path) -> bool:
    try:
        if os.path.samefile(a, b):
            return True
        return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def _prepare_dirty(project: Path, site: Path, old_project: Path, old_site: Path) -> bool:
    """Set up a dirty rebuild of one language when its shell is unchanged (see the module's docstring);
    returns False — a full build — otherwise. Sources that did not change are hard-linked from the old
    project (their old times tell mkdocs to skip them); the old site is brought into staging as hard links,
    except what mkdocs or this module writes again — the site root's pages are copies, and every page or
    file that mkdocs will write again is unlinked first — so the site in place is never touched."""
    try:
        if not (old_site / "index.html").is_file() or \
                (old_project / SHELL_FILE).read_text(encoding="utf-8") != (project / SHELL_FILE).read_text(encoding="utf-8") or \
                (old_project / "mkdocs.yml").read_bytes() != (project / "mkdocs.yml").read_bytes():
            return False
    except OSError:
        return False
    docs, old_docs = project / "docs", old_project / "docs"
    new, old = _tree(docs), _tree(old_docs)
    if new.keys() != old.keys():
        return False  # a page or a file came or went: the navigation and the site's files differ
    changed = set()
    for rel, path in new.items():
        if path.is_symlink() or old[rel].is_symlink():
            return False
        if _same_file(path, old[rel]):
            continue
        if rel.endswith(".md"):
            text, before = path.read_text(encoding="utf-8"), old[rel].read_text(encoding="utf-8")
            if _outline(text) != _outline(before):
                return False  # a title, heading or anchor other pages may show or link to
            changed.add(rel)
            # the pages it links to are rendered too, so mkdocs checks the anchors it links to
            for link in _MD_LINK.findall(text):
                target = os.path.normpath(os.path.join(os.path.dirname(rel), link)).replace(os.sep, "/")
                if target in new:
                    changed.add(target)
        else:
            changed.add(rel)
    # a page the navigation lists without a title is titled by its first heading, which mkdocs only reads
    # from a page it renders: those are always rendered, so every page's previous/next links name them
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    changed.update(rel for rel in _UNTITLED.findall(config) if rel in new)
    for rel, path in new.items():
        if rel not in changed:
            if not os.path.samefile(path, old[rel]):
                # unchanged: the old file itself, whose old time makes mkdocs skip it
                tmp = path.with_name(f".{path.name}.old")
                os.link(old[rel], tmp)
                try:
                    os.replace(tmp, path)
                finally:
                    if os.path.lexists(tmp):
                        os.unlink(tmp)
        elif rel.endswith(".md"):
            if os.path.samefile(path, old[rel]):  # the old file itself: give the page a file of its own
                tmp = path.with_name(f".{path.name}.new")
                shutil.copyfile(old[rel], tmp)
                os.replace(tmp, path)
            os.utime(path)  # rendered again (a linked-to page written with the same bytes still counts)
    made: set[Path] = set()
    for rel, path in _tree(old_site).items():
        if rel.split("/", 1)[0] == "search" or path.is_symlink():
            continue  # the site's search index is written afresh from every page
        target = site / rel
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        if rel.endswith(_REWRITTEN) and "/" not in rel:
            shutil.copy2(path, target)  # the theme's own pages (404, sitemap) and the home page
        else:
            os.link(path, target)  # mkdocs writes a page or file again only where it is unlinked below
    for rel, path in new.items():  # a page or static file mkdocs writes again gets a file of its own
        if rel.endswith(".md"):
            output = site / _page_output(rel)
            # rendered again whatever the clock's resolution says (no output: modified); else mkdocs' own test
            if rel in changed or (output.exists() and os.path.getmtime(output) < os.path.getmtime(path)):
                output.unlink(missing_ok=True)
            continue
        target = site / rel
        if not target.exists():
            continue
        if rel in changed or os.path.getmtime(target) < os.path.getmtime(path):  # mkdocs' own test
            target.unlink()
    return True


def _page_output(rel: str) -> str:
    """Where mkdocs writes a page (``use_directory_urls``): a/b.md → a/b/index.html, a/index.md → a/index.html."""
    stem = rel[:-len(".md")]
    if stem == "index" or stem.endswith("/index"):
        return stem + ".html"
    return stem + "/index.html"


class _IgnoreDirtyNotice(logging.Filter):
    """mkdocs warns that a dirty build may leave navigation stale — true in general, not for an unchanged
    shell (see above); strict mode would turn that notice into a failure."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("A 'dirty' build is being performed")


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _cached_theme(theme, listed: dict | None = None) -> None:
    """mkdocs makes the theme's jinja environment itself: give it the compiled-template cache, and share
    its list of the theme's files (thousands of icons, walked and filtered per language) between the
    languages of one site build (``listed``: a dict that lives as long as that build)."""
    from generator.write.cache import template_cache

    make = theme.get_env

    def get_env():
        env = make()
        env.bytecode_cache = template_cache(env)
        if listed is not None:
            env.list_templates = _listing(env, theme, listed)
        return env

    theme.get_env = get_env


def _listing(env, theme, listed: dict):
    """``env.list_templates`` answered once per theme folders, static templates and filter (mkdocs'
    ``add_files_from_theme`` asks with the same filter function for every language)."""
    walk = env.list_templates

    def list_templates(extensions=None, filter_func=None):
        key = (tuple(getattr(env.loader, "searchpath", ()) or ()), tuple(theme.dirs), extensions,
               getattr(filter_func, "__code__", filter_func), tuple(sorted(theme.static_templates)))
        if key not in listed:
            listed[key] = walk(extensions=extensions, filter_func=filter_func)
        return list(listed[key])

    return list_templates


def run_mkdocs(config_file: Path, dirty: bool = False, listed: dict | None = None) -> None:
    """`mkdocs build --strict` in-process; every warning becomes a SiteBuildError listing them all.
    ``dirty``: mkdocs' dirty build (pages whose source is not newer than their output are skipped).
    ``listed``: shared by the languages of one site build (the theme's files, see ``_cached_theme``)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError

    logger = logging.getLogger("mkdocs")
    notice = logging.getLogger("mkdocs.commands.build")
    quiet = _IgnoreDirtyNotice()
    notice.addFilter(quiet)
    collect = _Collect()
    old_propagate, old_level = logger.propagate, logger.level
    logger.addHandler(collect)
    logger.propagate = False
    logger.setLevel(logging.WARNING)
    try:
        cfg = load_config(str(config_file), strict=True)
        _cached_theme(cfg.theme, listed)
        cfg.plugins.on_startup(command="build", dirty=dirty)
        try:
            build(cfg, dirty=dirty)
        finally:
            cfg.plugins.on_shutdown()
    except (Abort, ConfigurationError) as exc:
        details = "\n  ".join(collect.messages) or str(exc)
        raise SiteBuildError(f"mkdocs build --strict failed for {config_file}:\n  {details}") from None
    finally:
        logger.removeHandler(collect)
        notice.removeFilter(quiet)
        logger.propagate, logger.level = old_propagate, old_level
