"""The registry of printable kinds: one module per kind, listed here once, in print order.

Adding a kind = its module (declaring a ``KIND``), one line below, its ``print.method`` in the schema's
``PrintMethod``, its catalog entries (``kind.<name>``, ``sheet.<sheet>``) and its tests. Everything else —
the print target's sheets, the manifest kinds a build replaces, the text-fit check, the site's previews
and the guide's checklist — iterates this registry."""
from __future__ import annotations

from generator.plan.kinds import aid, card, die, standee, tile, token
from generator.plan.kinds.base import Kind

KINDS: tuple[Kind, ...] = (
    card.KIND,
    token.KIND,
    die.KIND,
    tile.KIND,
    standee.KIND,
    aid.KIND,
)

BY_SHEET = {k.sheet: k for k in KINDS}
BY_METHOD = {k.method: k for k in KINDS}
SHEETS = tuple(k.sheet for k in KINDS)

__all__ = ["BY_METHOD", "BY_SHEET", "KINDS", "SHEETS", "Kind"]
