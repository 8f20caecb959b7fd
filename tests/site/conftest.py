"""Rules-site fixtures: one site build of the demo game per test session, served on 127.0.0.1.

The build gets a small manifest of its own (a two-page PDF and a board SVG written here) so the print
page has real downloads without running the print engine; card previews come from the print engine
when it is installed, otherwise the gallery shows text boxes — the tests accept either.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import threading
from pathlib import Path

import pytest

from tests.conftest import FIXTURES

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

BOARD_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400mm" height="400mm">'
             '<rect width="400" height="400" fill="#e8dcc0"/><text x="20" y="40">Plansza</text></svg>')


def site_args(data: Path, out: Path, games=None, lang=None) -> argparse.Namespace:
    return argparse.Namespace(data=data, out=out, games=games or [], lang=lang, debug=False)


def _pdf(pages: int) -> bytes:
    from io import BytesIO

    from reportlab.pdfgen import canvas

    buf = BytesIO()
    c = canvas.Canvas(buf)
    for n in range(pages):
        c.drawString(72, 720, f"test sheet {n + 1}")
        c.showPage()
    c.save()
    return buf.getvalue()


def write_fake_artifacts(out: Path) -> list[dict]:
    """A manifest like the print and boards targets write: one home PDF, one board SVG."""
    files = {"demo/print/home-a4/cards.pdf": _pdf(2), "demo/boards/main-day-2p.svg": BOARD_SVG.encode()}
    for rel, data in files.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
    artifacts = [
        {"game": "demo", "kind": "cards", "path": "demo/print/home-a4/cards.pdf", "pages": 2, "paper": "a4",
         "profile": "home", "duplex": "long", "contents": {"gold_cards": 20, "castle_cards": 10},
         "bytes": len(files["demo/print/home-a4/cards.pdf"])},
        {"game": "demo", "kind": "board", "path": "demo/boards/main-day-2p.svg", "pages": 1, "profile": "svg",
         "board": "main", "variant": "main-day-2p", "duplex": "none", "contents": {"main_board": 1}},
    ]
    (out / "manifest.json").write_text(json.dumps({"version": 1, "artifacts": artifacts}), encoding="utf-8")
    return artifacts


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """`pnp site` of the demo fixture (pl + en) with a small manifest; returns the output folder."""
    from generator.commands.site import build

    out = tmp_path_factory.mktemp("site-out")
    data = tmp_path_factory.mktemp("site-data")
    shutil.copytree(FIXTURES / "demo", data / "demo")
    write_fake_artifacts(out)
    build(site_args(data, out))
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """A static host: a missing page gets the language's 404.html (or the root one), status 404."""

    def log_message(self, format, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        root = Path(self.directory)
        first = self.path.lstrip("/").split("/", 1)[0]
        page = root / first / "404.html" if first and (root / first / "404.html").is_file() else root / "404.html"
        body = page.read_bytes() if page.is_file() else b"not found"
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="session")
def site_url(built_site) -> str:
    """http://127.0.0.1:<ephemeral>/ serving output/site/ from a thread."""
    handler = functools.partial(_Quiet, directory=str(built_site / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need Playwright for Python")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pl-PL")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    yield page
    context.close()


@pytest.fixture(scope="session")
def real_site(tmp_path_factory) -> Path:
    """`pnp site` of every game in cards_data/ (pl + en, no print files); returns the output folder."""
    from generator.commands.site import build
    from tests.conftest import ROOT

    out = tmp_path_factory.mktemp("real-site-out")
    build(site_args(ROOT / "cards_data", out))
    return out
