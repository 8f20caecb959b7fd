"""Dice: a d6 as a foldable net with glue tabs."""
from __future__ import annotations

from collections.abc import Iterator

from generator.geom.shapes import Size
from generator.plan import draw as F
from generator.plan.context import PlanContext, size_of
from generator.plan.items import PrintItem
from generator.plan.kinds.base import Kind

DEFAULT_DIE_SIDE = 16.0


def plan(ctx: PlanContext) -> Iterator[PrintItem]:
    for pos, comp, count in ctx.printable("die"):
        spec = comp.print
        side = size_of(spec.size, Size(DEFAULT_DIE_SIDE, DEFAULT_DIE_SIDE)).w
        faces = list(spec.faces or [])
        front = F.die_net(faces, side, spec.color or "#444444", ctx.metrics, ctx.icons, lang=ctx.lang)
        size = F.die_net_size(side)
        for k in range(count):
            yield PrintItem(comp.id, "dice", size, front, cut=(), label=f"{comp.id}-{k + 1}", group=comp.id,
                            origin=("components", pos))


KIND = Kind(name="die", method="die", sheet="dice", plan=plan, components=("die",))
