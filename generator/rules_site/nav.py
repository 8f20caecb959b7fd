"""One mkdocs.yml per language: site/mkdocs.base.yml + nav, language, paths and the language switcher.

Titles that come from the data go into the nav HTML-escaped: Material prints nav titles unescaped.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from generator.rules_site.context import PAGE_TITLE_KEYS, PAGES, GameView
from generator.rules_site.i18n import LANG_NAMES, t
from generator.rules_site.markup import safe_title
from generator.rules_site.pages import has_data_format

ROOT = Path(__file__).resolve().parents[2]
SITE_PROJECT = ROOT / "site"
BASE_CONFIG = SITE_PROJECT / "mkdocs.base.yml"

# lunr splits words on these; '.' only when no digit follows, so "4.2.1" stays one searchable token.
# '§' splits too, so "§4.2" in a text is found as "4.2". No stemmer for Polish (lunr has none).
SEARCH_SEPARATOR = r'[\s\-,:;!?=\[\]()"/§„”“«»…*]+|\.(?!\d)'


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
    search: dict = {"separator": SEARCH_SEPARATOR}
    if lang == "pl":
        search["pipeline"] = []  # no stemmer, no English stop words: the glossary lists the forms
    cfg["plugins"] = [{"search": search}]
    if len(langs) > 1:  # the language switcher; one language alone has nothing to switch to
        cfg.setdefault("extra", {})["alternate"] = [
            {"name": LANG_NAMES[other], "link": f"../{other}/", "lang": other} for other in langs]
    cfg.setdefault("extra", {})["pnp"] = {key: t(key, lang) for key in ("not_found_title", "not_found_text",
                                                                        "back_home")}
    cfg["nav"] = nav(views, lang)
    return cfg


def write_config(cfg: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
