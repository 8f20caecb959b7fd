"""The search index's sections: clean titles and previews, words separated at block edges, findings
pages left out; and the browser folds and stems exactly as the build does."""
from __future__ import annotations

import pytest

from generator.rules_site.search import page_documents, stems

PAGE = ('<article><h1>Słownik — Gra</h1><p>Wstęp.</p>'
        '<h2 id="g-a">Twierdza<a class="headerlink" href="#g-a">#</a></h2><p>Fort <a href="#">gracza</a>, +5.</p>'
        '<dl class="pnp-term-meta"><dt>Formy</dt><dd>Twierdza, twierdzami</dd><dt>English</dt>'
        '<dd lang="en">Stronghold</dd></dl><table><tr><th>Element</th><th>Rodzaj</th></tr></table>'
        '<p class="pnp-source">Źródło: X</p>'
        '<span class="pnp-anchor" id="gracze-3" data-search-title="Przygotowanie — 3 graczy"></span><p>Połóż.</p>'
        '</article>')


def test_sections_have_clean_titles_and_previews():
    docs = {d[0]: d for d in page_documents(PAGE, "gra/glossary/", "pl", 3.0)}
    intro, term, tab = docs["gra/glossary/"], docs["gra/glossary/#g-a"], docs["gra/glossary/#gracze-3"]
    assert intro[1] == "Słownik — Gra" and intro[3] == "Wstęp."
    assert term[1] == "Twierdza"                        # no '#' permalink, no hidden forms in the title
    assert term[3] == "Fort gracza, +5. Element Rodzaj"  # inline joins as written, cells apart
    assert "Formy" not in term[3] and "Stronghold" not in term[3] and "Źródło" not in term[3]
    words = term[4].split()
    assert {"twierdz", "stronghold", "element", "rodzaj"} <= set(words)  # forms and the English name: searchable
    assert tab[1] == "Przygotowanie — 3 graczy" and "3" in tab[5].split() and "gracz" in tab[5].split()


WORDS = ["złoto", "ZŁOTA", "złotem", "zlotami", "Wieżą", "wieży", "zamek", "zamków", "graczy", "przygotowanie",
         "4.2.1", "Łódź", "twierdzę", "sześciokątne"]


@pytest.mark.browser
def test_browser_folds_and_stems_like_the_build(page, site_url):
    page.goto(site_url + "pl/demo/rules/")
    page.locator("input.md-search__input").click()  # the search reads its config on first use
    in_browser = page.evaluate("words => words.map(w => pnpSearch.stems(w).join(' '))", WORDS)
    assert in_browser == [" ".join(stems(w, "pl")) for w in WORDS]
