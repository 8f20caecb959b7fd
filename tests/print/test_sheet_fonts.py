"""A kit in the built-in look is set in one family: the sheets' own words (title, page, print-at-100 %
note) use the cards' face, so a card file embeds the two condensed faces and nothing else."""
from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from generator.write.atomic import OutputDir
from generator.write.manifest import Manifest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "synth.py"


def test_card_sheets_of_the_built_in_look_embed_two_faces(tmp_path):
    from generator.plan.check import validated_games
    from generator.targets.card_sheets import PrintJob, print_game

    spec = importlib.util.spec_from_file_location("pnp_bench_synth_fonts", BENCH)
    synth = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = synth
    spec.loader.exec_module(synth)
    index = validated_games(synth.write_game(tmp_path / "data", 12), ["synth"])[0].index
    out = OutputDir(tmp_path / "out")
    with out.transaction():
        print_game(index, PrintJob(), out, Manifest())
    data = (tmp_path / "out" / "synth" / "print" / "home-a4" / "cards.pdf").read_bytes()
    faces = {re.sub(rb"^[A-Z]{6}\+", b"", f) for f in re.findall(rb"/BaseFont /([A-Za-z0-9+\-]+)", data)}
    assert faces == {b"DejaVuSansCondensed", b"DejaVuSansCondensed-Bold"}
    import pypdfium2 as pdfium

    first = pdfium.PdfDocument(data)[0].get_textpage().get_text_range()
    assert "Gra Testowa — karty 1/2" in first  # the header is there, in that face
