"""The cyclic garbage collector, paused while pnp builds large acyclic object graphs.

Loading, validating, planning and drawing a game make hundreds of thousands of small objects (YAML nodes,
models, fitted lines, scene items) that reference each other only one way: reference counting frees each
of them the moment it is dropped. The cyclic collector would still rescan the growing heap again and again
and find nothing to free — a third of validation and a fifth of printing. So it is paused for that work
and resumed after; ``tests/foundation/test_no_cycles.py`` proves that printing a deck leaves no cyclic
garbage that grows with the deck (a recursive closure, a parent link), which is what makes the pause safe.
The site build (mkdocs, Markdown) makes cycles of its own and runs with the collector on."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic collector for the block (nested blocks are fine; the outermost resumes it)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
