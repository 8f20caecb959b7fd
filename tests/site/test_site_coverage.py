"""The generated pages show everything in the data: every component, setup row, glossary term, rule
section and card — for the demo fixture (built HTML) and for every game in cards_data/ that validates
(generated Markdown; building five mkdocs sites here would only repeat the demo's build check)."""
from __future__ import annotations

import html
import re
from collections import Counter
from pathlib import Path

import pytest

from generator.load.discover import game_folders
from generator.model.index import GameIndex
from generator.model.reports import setup_report
from generator.rules_site import SiteGame
from generator.rules_site.i18n import LANGS
from generator.rules_site.markup import md_escape
from generator.rules_site.pages import render_language
from generator.rules_site.views import GameView
from generator.validate.run import validate_folder
from tests.conftest import CARDS_DATA, FIXTURES


def _games() -> list[Path]:
    folders = [FIXTURES / "demo"]
    if CARDS_DATA.is_dir():
        folders += game_folders(CARDS_DATA)
    return folders


def _load(folder: Path) -> SiteGame:
    result = validate_folder(folder)
    if not result.ok:
        pytest.skip(f"{folder.name} does not validate yet ({result.count('error')} errors)")
    return SiteGame(GameIndex(result.data), result)


@pytest.fixture(scope="module", params=_games(), ids=lambda p: p.parent.name + "/" + p.name)
def rendered(request):
    game = _load(request.param)
    return game, {lang: render_language([game], lang) for lang in LANGS}


def _value_text(value, lang: str) -> str:
    return ("nieznane" if lang == "pl" else "unknown") if value is None else str(value)


def test_every_component_has_a_row(rendered):
    game, pages = rendered
    for lang, files in pages.items():
        page = files[f"{game.game_id}/components.md"]
        for comp in game.index.data.components:
            assert f'<span id="c-{comp.id}"></span>' in page, (lang, comp.id)
            assert str(md_escape(getattr(comp.name, lang))) in page, (lang, comp.id)


def test_every_setup_row_appears_for_every_player_count(rendered):
    game, pages = rendered
    index = game.index
    if index.data.setup is None:
        return
    for lang, files in pages.items():
        page = files[f"{game.game_id}/setup.md"]
        found = Counter()
        for line in page.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            m = re.search(r"components\.md#c-([a-z0-9_\-]+)\)", cells[0]) if cells else None
            if m and len(cells) >= 3:
                found[(m.group(1), cells[2])] += 1
        expected = Counter()
        view = GameView(game, lang)
        for group in view.setup.setup_groups:
            for tab in group["tabs"]:
                report = setup_report(index, tab["players"], group["id"])
                for row in report["rows"]:
                    expected[(row["component"], _value_text(row["values"][str(tab["players"])], lang))] += 1
                for item in report["per_player"]:
                    expected[(item["component"], _value_text(item["count"], lang))] += 1
        assert expected, "the setup page should show at least one row"
        for key, n in expected.items():
            got = sum(v for (comp, cell), v in found.items() if comp == key[0] and key[1] in cell)
            assert got >= n, (lang, key, n, got)


def test_every_rule_section_and_term_has_its_anchor(rendered):
    game, pages = rendered
    data = game.index.data
    for lang, files in pages.items():
        rules = files[f"{game.game_id}/rules.md"]
        for rule in data.rules:
            anchor = "r-" + rule.number.replace(".", "-")
            heading = re.search(rf"^(#+) <span class=\"pnp-num\">{re.escape(rule.number)}</span> .*\{{#{anchor}\}}$",
                                rules, re.MULTILINE)
            assert heading, (lang, rule.number)
            assert len(heading.group(1)) == min(rule.number.count(".") + 2, 6)
        glossary = files[f"{game.game_id}/glossary.md"]
        for term in data.glossary:
            assert f"{{#g-{term.id} " in glossary, (lang, term.id)
            if lang == "pl":  # every Polish form is on the page (the search index reads it from there)
                for form in term.forms:
                    assert str(md_escape(form)).lower() in glossary.lower(), (term.id, form)


def test_every_card_is_in_the_gallery(rendered):
    game, pages = rendered
    for lang, files in pages.items():
        gallery = files[f"{game.game_id}/cards.md"]
        for card in game.index.data.cards:
            assert f'id="card-{card.id}"' in gallery, (lang, card.id)


def test_demo_html_has_every_anchor(built_site):
    """The same in the built demo site (what a reader gets), both languages."""
    result = validate_folder(FIXTURES / "demo")
    data = result.data
    for lang in LANGS:
        root = built_site / "site" / lang / "demo"
        components = (root / "components" / "index.html").read_text(encoding="utf-8")
        rules = (root / "rules" / "index.html").read_text(encoding="utf-8")
        glossary = (root / "glossary" / "index.html").read_text(encoding="utf-8")
        findings = html.unescape((root / "findings" / "index.html").read_text(encoding="utf-8"))
        assert all(f'id="c-{c.id}"' in components for c in data.components)
        assert all(f'id="r-{r.number.replace(".", "-")}"' in rules for r in data.rules)
        assert all(f'id="g-{t.id}"' in glossary for t in data.glossary)
        # validator findings and unknowns are listed openly
        assert 'id="contradictions"' in findings and 'id="unknowns"' in findings
        # (by where they are in the data; the Polish page words the validator's English messages itself)
        for unknown in result.unknowns:
            assert f"demo/{Path(unknown['file']).name}:{unknown['line']}" in findings, unknown
        for issue in result.issues:
            assert f"demo/{Path(issue.span.file).name}:{issue.span.line}" in findings, issue
            if lang == "en":
                assert issue.message.split("'")[0] in findings
