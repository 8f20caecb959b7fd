"""The built rules site in a real browser (headless Chromium via Playwright), served on 127.0.0.1."""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def search(page, base: str, query: str) -> list[str]:
    """Type into Material's search box and return the result links (hrefs), best first."""
    page.goto(base + "pl/demo/rules/")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query, delay=20)
    page.wait_for_selector(".md-search-result__item a", timeout=10_000)
    page.wait_for_timeout(300)  # results refine as the last keys arrive
    return page.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.href)")


def test_search_finds_term_from_inflected_polish_form(page, site_url):
    # 'złotem' (instrumental) is only in the data's forms list; lunr has no Polish stemmer
    hrefs = search(page, site_url, "złotem")
    assert any(h.endswith("#g-gold") and "/pl/demo/glossary/" in h for h in hrefs[:3]), hrefs
    hrefs = search(page, site_url, "zamków")  # genitive plural of 'zamek'
    assert any(h.endswith("#g-castle") for h in hrefs[:3]), hrefs


def test_search_finds_rule_by_number(page, site_url):
    hrefs = search(page, site_url, "1.1")
    sections = [h for h in hrefs if "#" in h]
    assert sections and sections[0].endswith("/pl/demo/rules/#r-1-1"), hrefs


def test_glossary_link_has_tooltip(page, site_url):
    page.goto(site_url + "pl/demo/rules/")
    link = page.locator("#r-1-1 ~ p a.pnp-term").first
    assert link.get_attribute("href").endswith("glossary/#g-gold")
    assert link.get_attribute("title").startswith("Złoto: Waluta gry")
    link.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(state="visible", timeout=5_000)
    assert "Waluta gry" in tooltip.inner_text()
    # the term has its own anchor on the glossary page
    link.click()
    page.wait_for_url(re.compile(r".*/pl/demo/glossary/#g-gold$"))
    assert page.locator("h2#g-gold").is_visible()


def test_setup_tabs_switch(page, site_url):
    page.goto(site_url + "pl/demo/setup/")
    outer = page.locator(".tabbed-set").first
    first_panel = outer.locator(":scope > .tabbed-content > .tabbed-block").first  # 'Klasyczny'
    inner = first_panel.locator(".tabbed-set").first
    labels = inner.locator(":scope > .tabbed-labels > label")
    two, three = labels.nth(0), labels.nth(1)
    assert two.inner_text() == "2 graczy" and three.inner_text() == "3 graczy"
    panels = inner.locator(":scope > .tabbed-content > .tabbed-block")
    assert panels.nth(0).is_visible() and not panels.nth(1).is_visible()
    assert "Razem (× 2)" in panels.nth(0).inner_text()
    three.click()
    assert panels.nth(1).is_visible() and not panels.nth(0).is_visible()
    assert "Razem (× 3)" in panels.nth(1).inner_text()
    # the scenario tab switches the whole group
    outer.locator(":scope > .tabbed-labels > label", has_text="Oblężenie").click()
    siege = outer.locator(":scope > .tabbed-content > .tabbed-block").nth(1)
    assert siege.is_visible() and "Wszyscy przeciw twierdzy" in siege.inner_text()


def test_card_preview_renders(page, site_url):
    page.goto(site_url + "pl/demo/cards/")
    card = page.locator("#card-gold_1")
    card.scroll_into_view_if_needed()
    assert card.is_visible()
    box = card.bounding_box()
    assert box and box["width"] > 100 and box["height"] > 140
    if card.locator("img").count():  # the print engine's SVG preview
        img = card.locator("img")
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=img.element_handle())
    else:  # the text card box drawn by the template
        assert "Złoto „1”" in card.locator(".pnp-cardbox").inner_text()
    assert not page.js_errors


def test_gallery_filter(page, site_url):
    page.goto(site_url + "pl/demo/cards/")
    page.select_option("select[data-filter=faction]", "north")
    visible = page.locator(".pnp-card:visible")
    assert visible.count() == 1 and visible.first.get_attribute("id") == "card-castle_north"
    assert not page.locator("#d-gold").is_visible()  # a deck with nothing left hides its heading
    assert page.locator(".pnp-filter-count").inner_text() == "Widoczne karty: 1"
    page.select_option("select[data-filter=faction]", "")
    assert page.locator(".pnp-card:visible").count() == 6


def test_download_link_resolves(page, site_url):
    page.goto(site_url + "pl/demo/print/")
    link = page.locator("a.pnp-download").first
    href = link.evaluate("a => a.href")
    response = page.request.get(href)
    assert response.status == 200
    assert response.body().startswith(b"%PDF")
    assert "100 %" in page.locator(".admonition").inner_text()  # printing instructions


def test_language_switch_and_chrome(page, site_url):
    page.goto(site_url + "pl/demo/rules/")
    assert page.locator("html").get_attribute("lang") == "pl"
    assert page.locator("input.md-search__input").get_attribute("placeholder") == "Szukaj"
    page.locator(".md-header__option .md-select").hover()
    page.locator("a.md-select__link[hreflang=en]").click()
    page.wait_for_url(re.compile(r".*/en/demo/rules/$"))
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("input.md-search__input").get_attribute("placeholder") == "Search"
    assert page.locator("h1").inner_text().startswith("Rules")


def test_root_redirects_to_a_language(page, site_url):
    page.goto(site_url)
    page.wait_for_url(re.compile(r".*/(pl|en)/$"))
    assert page.locator(".pnp-games img").first.evaluate("img => img.complete && img.naturalWidth > 0")
