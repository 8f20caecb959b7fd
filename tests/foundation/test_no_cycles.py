"""pnp pauses the cyclic garbage collector while it validates, plans and draws (generator/memory.py): the
object graphs it builds are acyclic, so reference counting frees them. That is safe only while no step makes
a reference cycle per card (a recursive closure, a back-link): such garbage would pile up unseen. Printing a
deck twice the size must leave no more cyclic garbage than the small one."""
from __future__ import annotations

import gc
import importlib.util
import sys
from pathlib import Path

from generator.write.atomic import OutputDir
from generator.write.manifest import Manifest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "synth.py"


def _synth():
    spec = importlib.util.spec_from_file_location("pnp_bench_synth", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _cyclic_garbage_of_printing(tmp_path: Path, cards: int) -> int:
    from generator.plan.check import validated_games
    from generator.targets.card_sheets import PrintJob, print_game

    data = _synth().write_game(tmp_path / f"data{cards}", cards)
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        index = validated_games(data, ["synth"])[0].index
        out = OutputDir(tmp_path / f"out{cards}")
        with out.transaction():
            print_game(index, PrintJob(), out, Manifest())
        del index
        return gc.collect()  # what only the cyclic collector could free
    finally:
        if was:
            gc.enable()


def test_printing_makes_no_cycles_per_card(tmp_path):
    small = _cyclic_garbage_of_printing(tmp_path, 60)
    large = _cyclic_garbage_of_printing(tmp_path, 240)
    # a cycle per card (or per sheet, holding the sheet's items) would add hundreds of objects
    assert large - small < 40, (small, large)
