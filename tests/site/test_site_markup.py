"""Data text → Markdown: escaping, rule and term links, auto-linked forms, icons; and the small helpers."""
from __future__ import annotations

import markdown
import pytest

from generator.model.index import GameIndex
from generator.rules_site import SiteGame
from generator.rules_site.glossary import sorted_terms, term_forms, text_links
from generator.rules_site.markup import TextLinks, md_escape, safe_id, safe_title
from generator.rules_site.media import download_names
from generator.rules_site.pages import data_format_markdown, render_language
from generator.rules_site.views.components import component_placements
from generator.rules_site.views.downloads import duplex_mode
from generator.rules_site.views.findings import describe_path
from generator.validate.run import validate_folder
from generator.write.manifest import Artifact, Placement
from tests.conftest import FIXTURES

EXTENSIONS = ["attr_list", "md_in_html", "tables", "toc"]


def html_of(md: str) -> str:
    return markdown.markdown(str(md), extensions=EXTENSIONS)


@pytest.fixture(scope="module")
def demo() -> GameIndex:
    return GameIndex(validate_folder(FIXTURES / "demo").data)


@pytest.fixture(scope="module")
def links(demo) -> TextLinks:
    return text_links(demo, "pl", "rules")


@pytest.mark.parametrize("text", ["<b>x</b>", "**x** _y_ `z`", "[a](http://e.x)", "{{ 1 }} {% x %} {#id}",
                                  "a | b", "\\*", "&amp; &lt;", "~~s~~ ^^u^^ ==m=="])
def test_md_escape_renders_exactly_the_text(text):
    import html

    rendered = html_of(md_escape(text))
    assert rendered.startswith("<p>") and html.unescape(rendered[3:-4]) == text


def test_line_starts_cannot_open_blocks(links):
    for text in ["# h", "1. item", "> quote", "=== \"tab\"", "!!! note", "    code", "+ x", ": def"]:
        out = html_of(links.block(text))
        assert out.startswith("<p>") and "<h1" not in out and "<ol" not in out and "<pre" not in out, text


def test_dash_lines_are_the_datas_bullet_lists(links):
    assert html_of(links.block("Kroki:\n- jeden\n- dwa")) == "<p>Kroki:</p>\n<ul>\n<li>jeden</li>\n<li>dwa</li>\n</ul>"


def test_rule_refs_become_links_with_titles(links):
    out = html_of(links.inline("see §1.1 and §9.9"))
    assert '<a class="pnp-rule-ref" href="#r-1-1" title="1.1 Tura">§1.1</a>' in out
    assert "§9.9" in out and 'href="#r-9-9"' not in out  # an unknown rule stays text, never a dead link


def test_explicit_and_automatic_term_links(links):
    out = html_of(links.inline("Płacisz [[gold|Złotem]]; złoto i złota, potem zamki i zamków."))
    # explicit link, then the first use of each other term only; the term already linked is not repeated
    assert out.count('href="glossary.md#g-gold"') == 1
    assert out.count('href="glossary.md#g-castle"') == 1
    assert '<a class="pnp-term" href="glossary.md#g-castle" title="Zamek: Karta frakcji, którą można zdobyć.">zamki</a>' in out
    assert "Złotem</a>" in out


def test_autolink_respects_word_boundaries_and_case(links):
    out = html_of(links.inline("Złoto, złotówka, ZAMEK"))
    assert ">Złoto</a>" in out and "złotówka" in out and ">złotówka</a>" not in out and ">ZAMEK</a>" in out


def test_autolink_does_not_link_inside_a_term_of_its_own(links):
    out = html_of(links.block("Zamek to zamek.", skip_term="castle"))
    assert "<a" not in out


def test_icons_and_bold(links):
    out = html_of(links.inline("**Daje** 1 :gold: i :nope:"))
    assert "<strong>Daje</strong>" in out
    assert 'class="pnp-icon"' in out and 'title="złoto"' in out and ":nope:" in out


def test_plain_strips_markup(links):
    assert links.plain("[[gold|Złota]] **x** :gold: §1") == "Złota x złoto §1"


def test_forms_and_order(demo):
    gold = next(t for t in demo.data.glossary if t.id == "gold")
    assert term_forms(gold, "pl") == ["Złoto", "złota", "złotem", "złocie"]
    assert [t.id for t in sorted_terms(demo.data.glossary, "pl")] == ["castle", "gold"]  # Zamek < Złoto


def test_polish_collation():
    from generator.rules_site.i18n import collation_key

    words = ["żuk", "zamek", "łódź", "lis", "ćma", "cel", "źródło", "ala", "ąb"]
    assert sorted(words, key=lambda w: collation_key(w, "pl")) == [
        "ala", "ąb", "cel", "ćma", "lis", "łódź", "zamek", "źródło", "żuk"]


def test_safe_helpers():
    assert safe_id("g-gold_1") == "g-gold_1"
    for bad in ("../x", "a b", "<x>", ""):
        with pytest.raises(ValueError):
            safe_id(bad)
    assert safe_title("A <b> & </title>") == "A ‹b› ＆ ‹/title›"


def test_describe_path(demo):
    # a kind and a name in the page's language, never an id
    assert describe_path(demo.data, "components[2].conflicts[0]", "pl") == "Element: karty Zamków"
    assert describe_path(demo.data, "cards[3].stats.defence", "en") == "Card: Southern Castle"
    assert describe_path(demo.data, "nonsense[4]", "pl") == "wartość"


def test_download_names_are_flat_unique_and_safe():
    names = download_names("demo", [Artifact(path=p) for p in ("demo/print/home-a4/cards.pdf",
                                                              "demo/print/home-letter/cards.pdf",
                                                              "demo/boards/main day?.svg", "demo/print/x/../y.pdf")])
    assert names["demo/print/home-a4/cards.pdf"] == "home-a4-cards.pdf"
    assert names["demo/print/home-letter/cards.pdf"] == "home-letter-cards.pdf"
    assert names["demo/boards/main day?.svg"] == "main-day-.svg"
    assert all(safe_id(n) for n in names.values())


def test_duplex_modes():
    assert [duplex_mode(v) for v in ("long", "long-edge", "short", "none", "fold-over", True, False, None, 3)] == [
        "long", "long", "short", "none", "fold", "long", "none", None, None]


def test_placements_from_manifest_contents(demo):
    game = SiteGame(demo, artifacts=[
        Artifact(path="demo/print/a4/cards.pdf", contents={"gold_cards": 20, "castle_cards": 10}),
        Artifact(path="demo/print/a4/more.pdf", contents={"gold": 12, "castle_north": 1},
                 components=[Placement(component="gold_cards", pages=(1, 2, 3, 5))]),
        Artifact(path="demo/boards/main.svg", board="main"),
    ])
    game.downloads = download_names("demo", game.artifacts)
    found = component_placements(game, "pl")
    assert found["gold_cards"] == ["a4-cards.pdf", "a4-more.pdf (s. 1–3, 5)"]
    assert found["castle_cards"] == ["a4-cards.pdf", "a4-more.pdf"]
    assert found["main_board"] == ["main.svg"]


def test_previews_are_used_when_the_print_engine_gives_them(demo, monkeypatch):
    import sys
    import types

    fake = types.ModuleType("generator.render.previews")
    fake.card_svgs = lambda index, lang="pl": {"gold_1": "<svg xmlns='http://www.w3.org/2000/svg'/>", "../evil": "x"}
    monkeypatch.setitem(sys.modules, "generator.render.previews", fake)
    from generator.rules_site.media import card_previews

    game = SiteGame(demo, previews=card_previews(demo, "pl"))
    files = render_language([game], "pl")
    assert files["demo/img/cards/gold_1.svg"].startswith("<svg")
    assert not any("evil" in name for name in files)
    assert 'src="../img/cards/gold_1.svg"' in files["demo/cards.md"]
    assert 'class="pnp-cardbox"' in files["demo/cards.md"]  # cards without a preview keep the text box
    assert "demo/img/cards/gold_1.svg" in files["index.md"]  # the home page shows a card


def test_broken_print_engine_falls_back_to_text_boxes(demo, monkeypatch, capsys):
    import sys
    import types

    fake = types.ModuleType("generator.render.previews")

    def boom(index, lang="pl"):
        raise RuntimeError("layout bug")

    fake.card_svgs = boom
    monkeypatch.setitem(sys.modules, "generator.render.previews", fake)
    from generator.rules_site.media import card_previews

    assert card_previews(demo, "pl") == {}
    assert "layout bug" in capsys.readouterr().err


def test_data_format_page_drops_repository_links(tmp_path):
    doc = tmp_path / "DATA.md"
    doc.write_text("# Format\n\nSee [`demo`](../tests/fixtures/data/demo) and [site](https://x.example).\n\nREADY\n",
                   encoding="utf-8")
    out = data_format_markdown(doc)
    assert "[`demo`](" not in out and "`demo`" in out and "[site](https://x.example)" in out and "READY" not in out
