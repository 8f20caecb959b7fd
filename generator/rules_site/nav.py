"""One mkdocs.yml per language: site/mkdocs.base.yml + nav, language, paths and the language switcher.

Titles that come from the data go into the nav HTML-escaped: Material prints nav titles unescaped.
"""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from generator.resources import SITE_PROJECT  # noqa: E402  (the mkdocs project ships in the package)
from generator.rules_site.i18n import LANG_NAMES, t
from generator.rules_site.markup import safe_title
from generator.rules_site.pages import has_data_format
from generator.rules_site.search import rules_for_browser
from generator.rules_site.views import PAGE_TITLE_KEYS, PAGES, GameView

CODE = Path(__file__).resolve().parent  # the site code itself (watched by pnp serve)
BASE_CONFIG = SITE_PROJECT / "mkdocs.base.yml"



def nav(views: list[GameView], lang: str) -> list:
    items: list = [{t("home", lang): "index.md"}]
    for view in views:
        pages: list = [f"{view.id}/index.md"]
        for page in PAGES[1:]:
            pages.append({t(PAGE_TITLE_KEYS[page], lang): f"{view.id}/{page}.md"})
        items.append({safe_title(view.title): pages})
    if has_data_format(lang):  # docs/DATA.md is English; other languages link to it from the home page
        items.append({t("data_format", lang): "data-format.md"})
    return items


def config(views: list[GameView], lang: str, langs: tuple[str, ...], docs_dir: Path, site_dir: Path) -> dict:
    cfg = yaml.safe_load(BASE_CONFIG.read_text(encoding="utf-8"))
    cfg["site_name"] = t("site_name", lang)
    cfg["docs_dir"] = str(docs_dir)
    cfg["site_dir"] = str(site_dir)
    cfg["theme"]["language"] = lang
    cfg["theme"]["custom_dir"] = str(SITE_PROJECT / "overrides")
    for ext in cfg["markdown_extensions"]:
        if isinstance(ext, dict) and "toc" in ext:
            ext["toc"]["permalink_title"] = t("permalink", lang)
    cfg["plugins"] = []  # the site's own search (rules_site/search.py + assets/pnp-search.js), not lunr
    if len(langs) > 1:  # the language switcher; one language alone has nothing to switch to
        cfg.setdefault("extra", {})["alternate"] = [
            {"name": LANG_NAMES[other], "link": f"../{other}/", "lang": other} for other in langs]
    cfg.setdefault("extra", {})["pnp"] = {key: t(key, lang) for key in ("not_found_title", "not_found_text",
                                                                        "back_home")}
    cfg["extra"]["pnp"]["search"] = search_config(views, lang)
    cfg["extra"]["pnp"]["search_json"] = json.dumps(cfg["extra"]["pnp"]["search"], ensure_ascii=False)
    cfg["extra"]["pnp"]["labels"] = {"open": t("open_in_glossary", lang), "close": t("close", lang),
                                     "copied": t("link_copied", lang), "copy": t("copy_link", lang)}
    cfg["nav"] = nav(views, lang)
    return cfg


def search_config(views: list[GameView], lang: str) -> dict:
    """What pnp-search.js needs: the games, its messages, and the index's folding and stemming rules."""
    return {"lang": lang, "games": [{"id": str(v.id), "title": safe_title(v.title)} for v in views],
            "rules": rules_for_browser(lang),
            "dialog": t("search_dialog", lang), "all_games": t("search_all_games", lang),
            "this_game": t("search_this_game", lang, game="{game}"), "hint": t("search_hint", lang),
            "none": t("search_none", lang), "loading": t("search_loading", lang),
            "count": {cat: t(f"search_count_{cat}", lang) for cat in ("one", "few", "many", "other")}}


def write_config(cfg: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
