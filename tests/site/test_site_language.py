"""Every built Polish page reads in Polish: no English fragments, no raw markup, no data ids.

Scans the whole site of every game in cards_data/ (one build per session). English is found two ways:
a list of fragments players met on the site before (each must stay gone), and a heuristic — words of
English that are not Polish words. Text marked with another ``lang`` (the glossary's English name of a
term) and the games' own titles (proper names such as "Lords of Ragnarok") are left out.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.pagetext import visible_text

# fragments the players met on Polish pages (issue #13)
KNOWN_ENGLISH = ["— step", "step ", "derived", "number is not stated", "not stated", " years", " rounds",
                 " cards", "per race", "totals stated", "assumption:", "rulebook contradiction", "blank prox",
                 " count is unknown", "with module", "see data"]
# English words that are not Polish words (so "to", "by", "on", "a" … are not on the list)
ENGLISH_WORDS = {"the", "and", "of", "is", "are", "per", "with", "from", "when", "each", "not", "this", "that",
                 "stated", "derived", "step", "says", "only", "which", "has", "have", "been", "but", "its",
                 "for", "must", "than", "card", "cards", "player", "players", "round", "rounds", "turn"}
RAW_MARKUP = ["**", "[[", "]]", "{{", "}}", "{#", "&#", "&amp;", "&lt;"]
DATA_ID = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")


def polish_pages(site: Path):
    return sorted((site / "site" / "pl").rglob("*.html"))


def game_titles(site: Path) -> list[str]:
    import yaml

    from tests.conftest import ROOT

    titles = []
    for game in (ROOT / "cards_data").glob("*/game.yaml"):
        doc = yaml.safe_load(game.read_text(encoding="utf-8"))
        titles.extend(str(v) for v in (doc.get("game", {}).get("title") or {}).values())
    return sorted(set(titles), key=len, reverse=True)


def english_in(text: str) -> list[str]:
    words = re.findall(r"[^\W\d_]+", text)
    return [w for w in words if w.lower() in ENGLISH_WORDS]


def page_problems(path: Path, titles: list[str]) -> list[str]:
    body, code, attrs = visible_text(path.read_text(encoding="utf-8"), "pl")
    for title in titles:
        body = body.replace(title, " ")
        attrs = attrs.replace(title, " ")
    problems = []
    for text, where in ((body, "text"), (attrs, "title/alt")):
        for fragment in KNOWN_ENGLISH:
            if fragment in text:
                at = text.index(fragment)
                problems.append(f"{where}: known English {fragment!r}: …{text[max(0, at - 40):at + 40]}…")
        words = english_in(text)
        if words:
            problems.append(f"{where}: English words {sorted(set(words))[:12]}")
        for raw in RAW_MARKUP:
            if raw in text:
                at = text.index(raw)
                problems.append(f"{where}: raw markup {raw!r}: …{text[max(0, at - 40):at + 40]}…")
        ids = DATA_ID.findall(text)
        if ids:
            problems.append(f"{where}: data ids {sorted(set(ids))[:8]}")
    return problems


@pytest.fixture(scope="module")
def report(real_site) -> dict[str, list[str]]:
    titles = game_titles(real_site)
    out = {}
    for path in polish_pages(real_site):
        problems = page_problems(path, titles)
        if problems:
            out[str(path.relative_to(real_site / "site"))] = problems
    return out


def test_every_polish_page_reads_in_polish(real_site, report):
    assert len(polish_pages(real_site)) > 40
    lines = [f"{page}: {p}" for page, problems in report.items() for p in problems]
    assert not lines, f"{len(lines)} problems on {len(report)} Polish pages:\n" + "\n".join(lines[:40])


def test_the_scan_catches_english_and_markup(tmp_path):
    """The checks themselves can fail: a page with each kind of problem is reported."""
    page = tmp_path / "p.html"
    page.write_text('<html><body><p>Źródło: PRZYGOTOWANIE — step 7; formulas derived from the table</p>'
                    '<p>**Zgromadzenie poparcia**: order_daqan_2_mobilizacja</p>'
                    '<dd lang="en">Oracle of the Sun</dd><img alt="the card of the player"></body></html>',
                    encoding="utf-8")
    problems = "\n".join(page_problems(page, []))
    assert "known English '— step'" in problems
    assert "English words" in problems and "'derived'" in problems
    assert "raw markup '**'" in problems
    assert "order_daqan_2_mobilizacja" in problems
    assert "title/alt: English words" in problems
    assert "Oracle" not in problems  # marked lang="en" on purpose


def test_english_pages_keep_the_notes(real_site):
    """The English pages still show the data's editorial notes the Polish ones leave out."""
    text = "".join(visible_text(p.read_text(encoding="utf-8"), "en")[0]
                   for p in (real_site / "site" / "en").glob("*/setup/index.html"))
    assert "step" in text
