"""Tokens and markers: round or square, with a back when the data gives one."""
from __future__ import annotations

from collections.abc import Iterator

from generator.geom.shapes import Size
from generator.plan import draw as F
from generator.plan.context import PlanContext, size_of
from generator.plan.items import PrintItem
from generator.plan.kinds.base import Kind
from generator.schema.base import UNKNOWN

DEFAULT_TOKEN = Size(20.0, 20.0)


def plan(ctx: PlanContext) -> Iterator[PrintItem]:
    for pos, comp, count in ctx.printable("token"):
        spec = comp.print
        size = size_of(spec.size, DEFAULT_TOKEN)
        shape = spec.shape or ("square" if comp.kind == "marker" else "circle")
        shape = "square" if shape in ("rect", "hex") else shape
        label = ctx.t(spec.label) if spec.label else (F.UNKNOWN if comp.count == UNKNOWN else None)
        name = ctx.t(comp.name)
        color = spec.color or "#7a6a4f"
        front = F.token_face(label or name, size, shape, color, ctx.metrics, sub=name if label else "",
                             icons=ctx.icons, lang=ctx.lang)
        back = (F.token_face(ctx.t(spec.back), size, shape, color, ctx.metrics, sub=name, icons=ctx.icons,
                             lang=ctx.lang)
                if spec.back else None)
        cut = F.circle_cut(size) if shape == "circle" else None
        for k in range(count):
            yield PrintItem(comp.id, "tokens", size, front, back, cut=cut, label=f"{comp.id}-{k + 1}",
                            group=comp.id, origin=("components", pos))


KIND = Kind(name="token", method="token", sheet="tokens", plan=plan, components=("token", "marker"))
