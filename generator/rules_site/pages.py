"""templates/*.md.j2 → the Markdown pages of one language (one jinja environment for the whole build).

Data is only ever a template *variable*, never template source. The environment autoescapes, and its
``finalize`` hook writes every plain value as Markdown-safe text (HTML character references for
anything Markdown, HTML or jinja2 could read as syntax); values that are already safe Markdown — links
built by ``markup.TextLinks`` — arrive as ``Markup`` and pass unchanged.
"""
from __future__ import annotations

import html
import json
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from generator.resources import DATA_DOC, TEMPLATES  # noqa: E402  (ship in the package)
from generator.rules_site import offline
from generator.rules_site.i18n import LANG_NAMES, LANGS, t
from generator.rules_site.markup import md_escape
from generator.rules_site.views import PAGE_TITLE_KEYS, PAGES, GameView, SiteGame
from generator.write.cache import template_cache


def _finalize(value):
    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    return md_escape(value)


def _attr(value) -> Markup:
    """A value for an HTML attribute inside raw HTML (quotes escaped too)."""
    return Markup(html.escape(str(value), quote=True))


def _url(value) -> Markup:
    return Markup(quote(str(value), safe="/#.-_~"))


@lru_cache(maxsize=4)
def environment(templates: Path = TEMPLATES, markdown: bool = True) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates)),
        autoescape=True,
        finalize=_finalize if markdown else None,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # Markdown uses {#id} (attr_list): jinja comments get a spelling that cannot clash with it
        comment_start_string="{##",
        comment_end_string="##}",
    )
    env.filters["attr"] = _attr
    env.filters["url"] = _url
    env.bytecode_cache = template_cache(env)  # compiled once per machine (write/cache.py)
    return env


def render_language(games: list[SiteGame], lang: str,
                    kept: dict[str, dict[str, bytes]] | None = None) -> dict[str, str | bytes]:
    """Every generated page and picture of one language: docs-relative path → content.

    ``kept``: game id → its pages and emblem as the previous build wrote them (docs-relative path →
    bytes), for games whose pages are made from the same inputs (``build.page_key``): used as they are,
    not rendered again. The home page shows every game and is always rendered."""
    kept = kept or {}
    env = environment()
    files: dict[str, str | bytes] = {}
    views = [GameView(game, lang) for game in games]
    common = {"lang": lang, "data_format_here": has_data_format(lang), "t": lambda key, **kw: t(key, lang, **kw), "pages": PAGES,
              "page_titles": PAGE_TITLE_KEYS, "other_lang_name": LANG_NAMES[_other(lang)],
              "other_lang": _other(lang)}
    files["index.md"] = env.get_template("home.md.j2").render(games=[v.overview for v in views],
                                                              offline_archive=offline.ARCHIVE,
                                                              offline_folder=offline.FOLDER, **common)
    if has_data_format(lang):  # docs/DATA.md is English: other languages link to the English page
        files["data-format.md"] = env.get_template("data_format.md.j2").render(body=data_format_markdown(), **common)
    for view in views:
        if view.game.game_id in kept:
            files.update(kept[view.game.game_id])
        else:
            for page in PAGES:
                template = env.get_template(f"game/{page}.md.j2")
                files[f"{view.id}/{page}.md"] = template.render(g=view.page(page), **common)
            files[f"{view.id}/img/emblem.svg"] = emblem_svg(view)
        for card_id, svg in view.game.previews.items():
            if SAFE_NAME.match(card_id):  # keys come from another module: never let one pick a path
                files[f"{view.id}/img/cards/{card_id}.svg"] = svg
    return files


def has_data_format(lang: str) -> bool:
    return lang == DATA_DOC_LANG


DATA_DOC_LANG = "en"


def _other(lang: str) -> str:
    return next(other for other in LANGS if other != lang)


def emblem_svg(view: GameView) -> str:
    """A simple picture for a game without card previews: initials on its faction/deck colours."""
    data = view.data
    colors = [f.color for f in data.factions] or [d.back.color for d in data.decks] or ["#6b5b3e", "#3e4a6b"]
    words = [w for w in re.split(r"[\s\-—.]+", view.title) if w and w[0].isalnum()]
    initials = "".join(w[0] for w in words[:3]).upper() or "?"
    facts = f"{view.players} · {view.play_time}" if view.play_time else view.players
    env = environment(markdown=False)
    return env.get_template("emblem.svg.j2").render(
        title=view.title, colors=[colors[0], colors[-1] if len(colors) > 1 else _darker(colors[0])],
        stripes=colors[:8], initials=initials, facts=facts)


def _darker(color: str) -> str:
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return f"#{r * 3 // 5:02x}{g * 3 // 5:02x}{b * 3 // 5:02x}"


def redirect_html(langs: tuple[str, ...]) -> str:
    env = environment(markdown=False)
    return env.get_template("redirect.html.j2").render(
        default=langs[0], title=t("site_name", langs[0]), langs_json=Markup(json.dumps(list(langs))),
        choices=[(lang, LANG_NAMES[lang]) for lang in langs])


def not_found_html(langs: tuple[str, ...]) -> str:
    """The site root's own 404 page (a host serves it for a missing address outside both languages)."""
    env = environment(markdown=False)
    return env.get_template("not_found.html.j2").render(
        default=langs[0], title=t("site_name", langs[0]),
        choices=[(lang, LANG_NAMES[lang], t("not_found_title", lang), t("not_found_text", lang),
                  t("back_home", lang)) for lang in langs])


SAFE_NAME = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")
_REL_LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\((?!https?:|mailto:|#)([^)\s]+)\)")
_MARKER = re.compile(r"^[A-Z][A-Z0-9_-]+$")


def data_format_markdown(path: Path = DATA_DOC) -> Markup:
    """docs/DATA.md for the site: project docs (trusted Markdown), with links into the repository —
    which the site does not contain — turned into their plain label, and stray all-caps marker lines
    (e.g. a status flag at the end) left out."""
    try:
        source = path.read_text(encoding="utf-8")
    except OSError:
        return Markup("")
    lines = [ln for ln in source.splitlines() if not _MARKER.match(ln.strip())]
    text = "\n".join(lines).rstrip() + "\n"
    return Markup(_REL_LINK.sub(lambda m: m.group(1), text))
