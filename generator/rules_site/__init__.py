"""The rules site (mkdocs-material), generated from the model; the mkdocs project itself is ../site/.

    views/       model + manifest → what each page shows, per game and language (one view per page)
    markup.py    data text → safe Markdown with rule/term links, icons, auto-linked glossary forms
    glossary.py  term forms, link targets and tooltips, glossary order
    pages.py     templates/*.md.j2 → Markdown pages (one jinja environment)
    nav.py       mkdocs.yml per language (nav, theme language, search, language switcher)
    media.py     card previews, download names, hard links
    build.py     the whole build: pages → mkdocs build --strict per language → redirect
"""
from generator.rules_site.build import SiteBuildError, SiteReport, build_site
from generator.rules_site.views import SiteGame

__all__ = ["SiteBuildError", "SiteGame", "SiteReport", "build_site"]
