"""Data is text, never markup: HTML, Markdown, <script> and jinja2 syntax in the data show as written."""
from __future__ import annotations

import html
import re

import pytest

from generator.commands.site import build
from tests.conftest import edit
from tests.site.conftest import site_args

HOSTILE = ('<script>alert(1)</script> <img src=x onerror=alert(2)> **bold?** [evil](http://evil.example) '
           '![pic](x.png) `code` {{ 7*7 }} {% raw %} {#id} | pipe | &amp; \\\\ :gold:')


# Material prints page titles into <title> through `striptags`, which unescapes: data must not be able
# to close the title element.
TITLE_BREAKOUT = "Demo &lt;/title&gt;&lt;script&gt;alert(5)&lt;/script&gt; </title><script>alert(6)</script>"


def _yaml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    import shutil

    from tests.conftest import FIXTURES

    data = tmp_path_factory.mktemp("hostile-data")
    shutil.copytree(FIXTURES / "demo", data / "demo")
    demo = data / "demo"
    edit(demo / "decks.yaml", 'text: {pl: "Daje 1 :gold: w fazie zakupu.", en: "Gives 1 :gold: in the buy phase."}',
         f"text: {{pl: {_yaml('Karta ' + HOSTILE)}, en: {_yaml('Card ' + HOSTILE)}}}")
    edit(demo / "rules.yaml", "pl: W swojej turze gracz zagrywa karty [[gold|Złota]], a potem kupuje nowe.",
         "pl: " + _yaml("W swojej turze [[gold|Złota]] " + HOSTILE + "\n# not a heading\n=== \"not a tab\""))
    edit(demo / "rules.yaml", "title: {pl: Tura, en: Turn}",
         f"title: {{pl: {_yaml('Tura <b>x</b> {{ 1+1 }}')}, en: Turn}}")
    edit(demo / "rules.yaml", "definition:\n      pl: Karta frakcji, którą można zdobyć.",
         "definition:\n      pl: " + _yaml('Zamek "cytat" ' + HOSTILE))
    edit(demo / "game.yaml", "title: {pl: Gra Pokazowa, en: Demo Game}",
         f"title: {{pl: {_yaml('Gra <script>alert(3)</script> {{ 6*7 }}')}, en: {_yaml(TITLE_BREAKOUT)}}}")
    edit(demo / "components.yaml", "name: {pl: karty Złota, en: Gold cards}",
         f"name: {{pl: {_yaml('karty Złota | <i>x</i> *y*')}, en: Gold cards}}")
    out = tmp_path_factory.mktemp("hostile-out")
    build(site_args(data, out))  # mkdocs --strict: a broken table or link would fail here
    return out / "site"


def _page(site, lang, *parts) -> str:
    return (site / lang / "/".join(parts) / "index.html").read_text(encoding="utf-8")


def _article(page: str) -> str:
    return page[page.index("<article"):page.index("</article>")]


@pytest.mark.parametrize("where", [("demo", "rules"), ("demo", "cards"), ("demo", "glossary"), ("demo", "components"),
                                   ("demo",), ("",)])
def test_no_markup_from_data_survives(hostile_site, where):
    for lang in ("pl", "en"):
        page = _page(hostile_site, lang, *[p for p in where if p])
        assert "alert(" not in " ".join(re.findall(r"<script[^>]*>(.*?)</script>", page, re.DOTALL)), where
        assert "<img src=x" not in page and 'src="x"' not in page and "onerror=alert" not in page.replace(
            "onerror=alert(2)&gt;", "")
        assert 'href="http://evil.example"' not in page
        shown = html.unescape(re.sub(r"<[^>]+>", " ", _article(page)))
        assert not re.search(r"\b(49|42)\b", shown), where  # jinja never evaluated the data's {{ 7*7 }}


def test_data_shows_as_written(hostile_site):
    rules = _article(_page(hostile_site, "pl", "demo", "rules"))
    text = html.unescape(re.sub(r"<[^>]+>", "", rules))
    assert "<script>alert(1)</script>" in text
    assert "[evil](http://evil.example)" in text and "{{ 7*7 }}" in text and "{% raw %}" in text
    assert "**bold?**" not in text or "<strong>bold?</strong>" in rules  # our one markup: **bold**
    assert "# not a heading" in text and '=== "not a tab"' in text
    assert "Tura <b>x</b> {{ 1+1 }}" in text  # the heading text
    cards = _article(_page(hostile_site, "pl", "demo", "cards"))
    card = re.search(r'<figure class="pnp-card" id="card-gold_1".*?</figure>', cards, re.DOTALL).group(0)
    # the preview's alt text or the text box, whichever the gallery shows
    label = re.search(r'(?:alt|aria-label)="([^"]*)"', card).group(1)
    assert "{{ 7*7 }}" in html.unescape(label) and "<script>alert(1)</script>" in html.unescape(label)
    glossary = _page(hostile_site, "pl", "demo", "glossary")
    assert "Zamek" in glossary and "&lt;script&gt;" in glossary


def test_titles_in_navigation_are_escaped(hostile_site):
    for lang in ("pl", "en"):
        for parts in [("",), ("demo",), ("demo", "rules")]:
            page = _page(hostile_site, lang, *[p for p in parts if p])
            title = re.search(r"<title>(.*?)</title>", page, re.DOTALL).group(1)
            assert "<" not in title and "alert(5)" not in page.split("</head>")[0].replace(title, "")
            assert "<script>alert(" not in page


def test_rule_heading_and_anchor_stay_intact(hostile_site):
    rules = _page(hostile_site, "pl", "demo", "rules")
    assert re.search(r'<h3 id="r-1-1">', rules)
    components = _page(hostile_site, "pl", "demo", "components")
    assert 'id="c-gold_cards"' in components
    assert "karty Złota &#124; &lt;i&gt;x&lt;/i&gt; &#42;y&#42;" in components  # one table cell, not three


def test_no_markup_is_escaped_twice(tmp_path):
    """Our own markup (the 'unknown' badge in a per-faction breakdown) renders, never as literal tags."""
    import shutil

    from tests.conftest import FIXTURES
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    edit(data / "demo" / "components.yaml", "{north: 3, south: 3, east: 2, west: 2}",
         "{north: 3, south: 3, east: 2, west: unknown}")
    build(site_args(data, tmp_path / "out", lang=["pl"]))
    pages = list((tmp_path / "out" / "site").rglob("*.html"))
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "&lt;span class=" not in text and "&amp;lt;" not in text, page
    components = (tmp_path / "out" / "site" / "pl" / "demo" / "components" / "index.html").read_text(encoding="utf-8")
    row = components[components.index('id="c-castle_cards"'):][:2000]
    assert 'class="pnp-unknown"' in row
