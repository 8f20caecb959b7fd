"""Player aids and reference sheets (A6)."""
from __future__ import annotations

from collections.abc import Iterator

from generator.geom.shapes import Size
from generator.plan import draw as F
from generator.plan.context import PlanContext
from generator.plan.items import PrintItem
from generator.plan.kinds.base import Kind
from generator.schema.base import UNKNOWN

AID_SIZE = Size(99.0, 130.0)  # A6-like, trimmed so four fit a home A4 or Letter sheet inside 5 mm margins (assumption)


def plan(ctx: PlanContext) -> Iterator[PrintItem]:
    lines = [f"{r.number}. {ctx.t(r.title)}" for r in ctx.data.rules if "." not in r.number]
    consts = [f"{ctx.t(c.name)}: {c.value if c.value != UNKNOWN else '?'}" for c in ctx.data.constants[:12]]
    body = lines + ([""] if lines and consts else []) + consts
    for pos, comp, count in ctx.printable("aid"):
        face = F.aid_sheet(ctx.t(ctx.data.game.title), ctx.t(comp.name), body, AID_SIZE, ctx.metrics)
        for k in range(count):
            yield PrintItem(comp.id, "aids", AID_SIZE, face, label=f"{comp.id}-{k + 1}", group=comp.id,
                            origin=("components", pos))


KIND = Kind(name="aid", method="aid", sheet="aids", plan=plan, components=("sheet", "dial", "other"))
