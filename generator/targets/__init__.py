"""One target per output kind (print sheets, boards, site); each turns the model into artifacts.

Every target module exposes ``generate(indexes, out, manifest, options)`` (its own typed options,
targets/options.py, built by the command layer). They run in this order because
the site links to the print files and board images the earlier targets wrote.
"""
from __future__ import annotations

import importlib

from generator.plan.kinds import SHEETS

# the manifest kinds each target writes: a build that skips a target keeps that target's entries
TARGET_KINDS = {
    "print": frozenset(SHEETS) | {"calibration", "png", "guide", "dieline"},  # the guide is written with the home sheets
    "boards": frozenset({"board"}),
    "site": frozenset({"site", "rules"}),
}

TARGETS = (("print", "generator.targets.card_sheets"),
           ("boards", "generator.targets.boards"),
           ("site", "generator.targets.site"))


def registry() -> list:
    """(name, generate) pairs in build order; imported lazily so `pnp validate` never loads reportlab."""
    found = []
    for name, module_name in TARGETS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                continue  # that target has not landed yet
            raise
        found.append((name, module.generate))
    return found
