"""The rules site as players use it at the table, in headless Chromium at phone and desktop sizes.

Served from the build of every game in cards_data/ (the ``real_site`` fixture, one build per session):
search as people type (no diacritics, forms the data does not list, scoped to the game), linkable
setup tabs, tap-to-define on a phone, 404 pages, the table of contents after a deep link, axe-core's
contrast / link / dialog-name checks in both themes, and the offline copy opened from file://.
"""
from __future__ import annotations

import functools
import http.server
import os
import re
import threading
import zipfile

import pytest

from tests.conftest import ROOT
from tests.site.conftest import _Quiet

pytestmark = pytest.mark.browser

AXE = ROOT / ".tools" / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def real_url(real_site):
    handler = functools.partial(_Quiet, directory=str(real_site / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(params=["desktop", "phone"])
def view(request, browser):
    context = browser.new_context(locale="pl-PL", **(PHONE if request.param == "phone" else DESKTOP))
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    page.size = request.param
    yield page
    context.close()


def type_query(page, query: str) -> list[str]:
    if page.size == "phone" and not page.locator("#__search").is_checked():
        page.locator("label.md-header__button[for=__search]").click()
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press_sequentially(query, delay=15)
    page.wait_for_selector(".md-search-result__item a", timeout=10_000)
    return page.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.href)")


def glossary_forms(game: str, term: str) -> list[str]:
    import yaml
    for path in (ROOT / "cards_data" / game).glob("*.yaml"):
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for entry in doc.get("glossary", []) if isinstance(doc, dict) else []:
            if entry.get("id") == term:
                return [f.lower() for f in [entry["term"]["pl"], *entry.get("forms", [])]]
    raise AssertionError(f"no term {term} in {game}")


def test_search_without_diacritics_and_unlisted_forms(view, real_url):
    view.goto(real_url + "pl/rune_age/rules/")
    # the index is not loaded before the search is used
    assert not view.evaluate("Array.from(document.scripts).some(s => /search\\/.+\\.js/.test(s.src))")
    hrefs = type_query(view, "zloto")
    assert any(h.endswith("/pl/rune_age/glossary/#g-gold") for h in hrefs[:2]), hrefs[:5]
    unlisted = "złotami"  # instrumental plural: not among the forms the data lists
    assert unlisted not in glossary_forms("rune_age", "gold")
    hrefs = type_query(view, "zlotami")
    assert any(h.endswith("#g-gold") for h in hrefs[:3]), hrefs[:5]
    titles = view.eval_on_selector_all(".md-search-result__item h1", "els => els.map(e => e.innerText)")
    assert all("twierdzy" not in t.lower() for t in titles)  # clean titles: no hidden forms
    assert not view.js_errors


def test_search_is_scoped_to_the_game(view, real_url):
    view.goto(real_url + "pl/runewars/rules/")
    hrefs = type_query(view, "karta")
    assert hrefs and all("/pl/runewars/" in h for h in hrefs), hrefs
    assert not any("/findings/" in h for h in hrefs)
    view.locator(".pnp-scope[data-scope=all]").click()
    view.wait_for_function("() => Array.from(document.querySelectorAll('.md-search-result__item a'))"
                           ".some(a => !a.href.includes('/runewars/'))", timeout=10_000)
    assert view.locator(".pnp-scope[data-scope=all]").get_attribute("aria-pressed") == "true"


def test_setup_tab_deep_link_and_search(view, real_url):
    view.goto(real_url + "pl/runewars/setup/#gracze-3")
    panel = view.locator("#gracze-3").locator("xpath=ancestor::div[contains(@class,'tabbed-block')][1]")
    panel.wait_for(state="visible", timeout=5_000)
    assert "× 3" in panel.inner_text()
    view.goto(real_url + "pl/runewars/rules/")
    hrefs = type_query(view, "przygotowanie 3 graczy")
    assert hrefs[0].endswith("/pl/runewars/setup/#gracze-3"), hrefs[:3]
    view.locator(".md-search-result__item a").first.click()
    view.wait_for_url(re.compile(r".*/setup/#gracze-3$"))
    view.locator("#gracze-3").locator("xpath=ancestor::div[contains(@class,'tabbed-block')][1]").wait_for(
        state="visible", timeout=5_000)


def test_tap_on_a_term_defines_it_in_place(browser, real_url):
    context = browser.new_context(locale="pl-PL", **PHONE)
    page = context.new_page()
    try:
        page.goto(real_url + "pl/runewars/rules/")
        link = page.locator("article a.pnp-term").first
        link.scroll_into_view_if_needed()
        name = link.get_attribute("title").split(":")[0]
        link.tap()
        box = page.locator(".pnp-define")
        box.wait_for(state="visible", timeout=3_000)
        assert page.url.endswith("/pl/runewars/rules/")  # still on the page
        assert box.get_attribute("role") == "dialog" and box.get_attribute("aria-label") == name
        assert len(box.inner_text()) > len(name) + 10
        page.locator(".pnp-define-close").tap()
        assert page.locator(".pnp-define").count() == 0
    finally:
        context.close()


def test_phone_tables_scroll_and_cards_zoom(browser, real_url):
    context = browser.new_context(locale="pl-PL", **PHONE)
    page = context.new_page()
    try:
        page.goto(real_url + "pl/runewars/components/")
        widths = page.eval_on_selector_all("article table:not([class]) >> nth=0 >> thead th",
                                           "els => els.map(e => e.getBoundingClientRect().width)")
        assert len(widths) >= 6 and min(widths) >= 60, widths  # every column readable …
        wrap = page.locator("article .md-typeset__scrollwrap").first
        assert wrap.evaluate("e => e.scrollWidth > e.clientWidth && getComputedStyle(e).overflowX === 'auto'")
        page.goto(real_url + "pl/rune_age/cards/")
        card = page.locator(".pnp-card").first
        card.scroll_into_view_if_needed()
        before = card.bounding_box()["width"]
        card.tap()
        assert card.get_attribute("aria-expanded") == "true"
        assert card.locator("img, .pnp-cardbox").first.bounding_box()["width"] >= max(before * 0.95, 0.85 * 390)
        caption = card.locator("figcaption").inner_text()
        assert not re.search(r"\b[a-z]+_[a-z0-9_]+\b", caption), caption
    finally:
        context.close()


def test_404_pages_are_styled(page, real_url):
    response = page.goto(real_url + "pl/nie/ma/takiej/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Nie ma takiej strony"
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in ("sticky", "fixed")
    page.locator(".pnp-404 a.md-button").click()
    page.wait_for_url(re.compile(r".*/pl/$"))
    response = page.goto(real_url + "zgubione.html")
    assert response.status == 404
    assert page.locator("section[lang=pl] h1").inner_text() == "Nie ma takiej strony"
    assert page.locator("section[lang=en] h1").inner_text() == "No such page"


def test_toc_follows_a_deep_link(page, real_url):
    page.goto(real_url + "pl/runewars/rules/#r-9")
    page.wait_for_timeout(400)
    active = page.eval_on_selector_all(".md-nav--secondary a.md-nav__link--active", "els => els.map(e => e.hash)")
    assert active == ["#r-9"], active


# the page kinds with the most links, tables, tabs and dialogs (the search dialog is on every page)
AXE_PAGES = ["pl/", "pl/runewars/rules/", "pl/korona_starego_krola/glossary/", "pl/rune_age/setup/",
             "pl/404.html", "en/battalia/components/"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_contrast_links_and_dialog_names(browser, real_url, scheme):
    if not AXE.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"axe-core is missing at {AXE} (scripts/system-deps.sh installs it with npm)")
        pytest.skip("axe-core is not installed (make system-deps)")
    context = browser.new_context(color_scheme=scheme, **DESKTOP)
    page = context.new_page()
    found = {}
    try:
        for url in AXE_PAGES:
            page.goto(real_url + url)
            page.add_script_tag(path=str(AXE))
            violations = page.evaluate("""async () => (await axe.run(document, {runOnly:
                ['color-contrast', 'link-in-text-block', 'aria-dialog-name']})).violations
                .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))""")
            if violations:
                found[url] = violations
    finally:
        context.close()
    assert not found, found


def test_offline_copy_works_from_disk(browser, real_site, tmp_path):
    with zipfile.ZipFile(real_site / "site" / "offline.zip") as zf:
        names = zf.namelist()
        assert not any("/files/" in n for n in names)
        zf.extractall(tmp_path)
    root = tmp_path / "pnpforge-rules"
    page = browser.new_page(locale="pl-PL")
    try:
        page.goto((root / "pl" / "rune_age" / "rules" / "index.html").as_uri())
        page.size = "desktop"
        hrefs = type_query(page, "zlota")
        assert hrefs[0].startswith("file://") and "/index.html#" in hrefs[0], hrefs[:3]
        page.locator(".md-search-result__item a").first.click()
        page.wait_for_load_state()
        assert page.locator("article h1").count() == 1
        nav = page.eval_on_selector_all("nav a.md-nav__link[href]", "els => els.map(e => e.getAttribute('href'))")
        assert all(h.endswith(".html") or "#" in h for h in nav if not h.startswith("http")), nav[:10]
    finally:
        page.close()
