"""Build the rules site: pages per language → mkdocs.yml per language → ``mkdocs build --strict`` each.

Layout of what it writes (both folders are replaced whole on every build):

    <src>/<lang>/mkdocs.yml, <src>/<lang>/docs/**   the generated mkdocs projects (never committed)
    <site>/<lang>/**                                  the built sites, one per language
    <site>/index.html                                 a tiny redirect to the reader's language

Downloads (print PDFs, board SVGs) are hard-linked into each language's docs so mkdocs checks every
link; the two built copies are hard-linked to one another afterwards.
"""
from __future__ import annotations

import logging
import os
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import PnpError
from generator.rules_site import media, nav, offline, search
from generator.rules_site.i18n import LANGS
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


def build_site(games: list[SiteGame], site_dir: Path, src_dir: Path, langs: tuple[str, ...] = LANGS,
               resolve_artifact=None) -> SiteReport:
    """Write the generated projects into ``src_dir`` and the built sites into ``site_dir``.

    ``resolve_artifact(path) -> Path | None`` finds a manifest artifact's file on disk (staged or final).
    """
    start = time.monotonic()
    report = SiteReport(languages=list(langs), games=[g.game_id for g in games])
    for game in games:
        game.downloads = media.download_names(game.game_id, game.artifacts)
    _fresh(src_dir)
    _fresh(site_dir)
    all_games = games
    for lang in langs:
        games = [g for g in all_games if lang in game_languages(g)]  # a game's own `game.languages`
        for game in games:
            game.previews = media.card_previews(game.index, lang)
        docs = src_dir / lang / "docs"
        files = render_language(games, lang)
        for rel, content in files.items():
            target = docs / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        report.pages += sum(1 for rel in files if rel.endswith(".md"))
        shutil.copytree(ASSETS, docs / "assets")
        _link_downloads(games, docs, resolve_artifact)
        views = [GameView(game, lang) for game in games]
        cfg_path = src_dir / lang / "mkdocs.yml"
        # relative paths: the project stays valid when the build moves it from staging into place,
        # and two builds of the same data write the same bytes
        rel = cfg_path.parent
        nav.write_config(nav.config(views, lang, langs, Path(os.path.relpath(docs, rel)),
                                    Path(os.path.relpath(site_dir / lang, rel))), cfg_path)
        run_mkdocs(cfg_path)
        relative_404(site_dir / lang / "404.html")
        report.search_bytes[lang] = search.build_index(site_dir / lang, lang, [g.game_id for g in games])
    games = all_games
    (site_dir / "index.html").write_text(redirect_html(langs), encoding="utf-8")
    (site_dir / "404.html").write_text(not_found_html(langs), encoding="utf-8")
    for other in langs[1:]:
        media.dedupe(site_dir / langs[0], site_dir / other)
    report.offline_bytes = offline.write_offline_zip(site_dir, site_dir / offline.ARCHIVE)
    report.seconds = time.monotonic() - start
    return report


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


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def run_mkdocs(config_file: Path) -> None:
    """`mkdocs build --strict` in-process; every warning becomes a SiteBuildError listing them all."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError

    logger = logging.getLogger("mkdocs")
    collect = _Collect()
    old_propagate, old_level = logger.propagate, logger.level
    logger.addHandler(collect)
    logger.propagate = False
    logger.setLevel(logging.WARNING)
    try:
        cfg = load_config(str(config_file), strict=True)
        cfg.plugins.on_startup(command="build", dirty=False)
        try:
            build(cfg)
        finally:
            cfg.plugins.on_shutdown()
    except (Abort, ConfigurationError) as exc:
        details = "\n  ".join(collect.messages) or str(exc)
        raise SiteBuildError(f"mkdocs build --strict failed for {config_file}:\n  {details}") from None
    finally:
        logger.removeHandler(collect)
        logger.propagate, logger.level = old_propagate, old_level
