"""Card text with HTML, SVG/XML markup or template syntax is drawn as text in the SVG previews and the
PDFs — never interpreted. (The rules site has its own injection test in tests/site.)"""
from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET

import pypdfium2 as pdfium

from generator.model.index import GameIndex
from generator.render.previews import card_svgs
from generator.validate.run import validate_folder
from tests.conftest import FIXTURES, edit

PAYLOAD = "<script>alert(1)</script> {{ 7*7 }} {% raw %} <b>x</b> ]> &amp; <svg onload=alert(2)>"


def _game(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    yaml_payload = PAYLOAD.replace('"', '\\"')
    edit(data / "demo" / "decks.yaml", "text: {pl: \"Daje 1 :gold: w fazie zakupu.\"",
         f"text: {{pl: \"{yaml_payload}\"")
    edit(data / "demo" / "decks.yaml", "name: {pl: Zamek Północy, en: Northern Castle}",
         "name: {pl: \"<i>Zamek</i> & {{ x }}\", en: Northern Castle}")
    return data


def test_svg_preview_escapes_markup(tmp_path):
    result = validate_folder(_game(tmp_path) / "demo")
    assert result.ok, [i.format() for i in result.issues]
    svgs = card_svgs(GameIndex(result.data))
    svg = svgs["gold_1"]
    assert "<script" not in svg and "onload" not in svg.replace("onload=alert(2)&gt;", "")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert not root.findall(f".//{ns}script") and not root.findall(".//script")
    texts = " ".join("".join(t.itertext()) for t in root.iter(f"{ns}text"))
    assert "<script>alert(1)</script>" in texts.replace("  ", " ") or "<script>alert(1)</script>" in texts
    assert "{{ 7*7 }}" in texts and "49" not in texts
    name = " ".join("".join(t.itertext()) for t in ET.fromstring(svgs["castle_north"]).iter(f"{ns}text"))
    assert "<i>Zamek</i> & {{ x }}" in name


def test_pdf_draws_markup_as_text(tmp_path, run_cli):
    data = _game(tmp_path)
    out = tmp_path / "out"
    assert run_cli("print", "demo", "--data", data, "--out", out).code == 0
    pdf = pdfium.PdfDocument(out / "demo/print/home-a4/cards.pdf")
    text = pdf[0].get_textpage().get_text_range()
    assert "<script>alert(1)</script>" in text.replace("\r\n", " ").replace("\n", " ")
    pdf.close()
