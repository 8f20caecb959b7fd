"""Paper standees: the print-and-play stand-in for a plastic figure.

One item is a fold-over strip — base tab, front panel, back panel (turned 180° so it reads upright from
behind once folded), base tab — with dashed fold lines, plus a slotted base beside it: cut the item out,
cut the base off along the solid line and open its slot, fold the strip at the middle, and push both tabs
through the slot. The front shows the figure's name, its faction (name and colour band) and the unit
type; the back repeats them. Counts are the inventory's: per faction where the data splits them.

Sizes come from ``print.size`` ({w, h} of one panel) or the default below (an assumption the data can
override: the rulebooks give no figure sizes)."""
from __future__ import annotations

from collections.abc import Iterator

from generator.geom.scene import Group, Line, RectItem, TextItem
from generator.geom.shapes import Point, Rect, Size, Transform
from generator.i18n import t
from generator.plan import draw as F
from generator.plan.context import PlanContext, size_of
from generator.plan.items import Face, PrintItem
from generator.plan.kinds.base import Kind
from generator.schema.base import UNKNOWN

PANEL = Size(22.0, 38.0)  # one face of the figure, mm
TAB = 9.0  # base tab depth below each panel
GAP = 2.0  # between the strip and the base
BASE = Size(14.0, 30.0)  # the slotted base, stood on its long side beside the strip
SLOT_W = 1.0
FOLD = (1.2, 0.9)  # dash pattern of fold lines, mm


def item_size(panel: Size) -> Size:
    return Size(panel.w + GAP + BASE.w, 2 * TAB + 2 * panel.h)


def plan(ctx: PlanContext) -> Iterator[PrintItem]:
    for pos, comp, count in ctx.printable("standee"):
        spec = comp.print
        panel = size_of(spec.size, PANEL)
        unit = ctx.t(spec.label) if spec.label else ctx.t(comp.name)
        groups: list[tuple[str | None, int]] = []
        inherited = _single_faction(ctx, comp)
        if inherited:
            groups.append((inherited, count))
        elif comp.per_faction and comp.count != UNKNOWN:
            known = 0
            for faction_id, n in comp.per_faction.items():
                if n != UNKNOWN:
                    groups.append((faction_id, n))
                    known += n
            if count > known:
                groups.append((None, count - known))
        else:
            groups.append((None, count))
        for faction_id, n in groups:
            faction = ctx.factions.get(faction_id or "")
            colour = faction.color if faction else (spec.color or "#6f6f6f")
            faction_name = ctx.t(faction.name) if faction else None
            face = standee_face(unit, faction_name, colour, panel, ctx)
            for k in range(n):
                yield PrintItem(comp.id, "standees", item_size(panel), face,
                                label=f"{comp.id}-{faction_id or 'all'}-{k + 1}", group=comp.id,
                                origin=("components", pos))


def _single_faction(ctx: PlanContext, comp) -> str | None:
    """The faction of a figure whose own breakdown (or an ancestor's) names exactly one faction."""
    seen = set()
    while comp is not None and comp.id not in seen:
        seen.add(comp.id)
        if comp.per_faction and len(comp.per_faction) == 1:
            return next(iter(comp.per_faction))
        if comp.per_faction:
            return None
        comp = ctx.index.components.get(comp.parent) if comp.parent else None
    return None


def _panel(rect: Rect, name: str, faction: str | None, colour: str, ctx: PlanContext) -> list:
    items: list = [RectItem(rect, fill="#ffffff", stroke=None, stroke_pt=0),
                   RectItem(Rect(rect.x, rect.y, rect.w, 5.0), fill=colour, stroke=None, stroke_pt=0),
                   RectItem(Rect(rect.x, rect.bottom - 3.0, rect.w, 3.0), fill=colour, stroke=None, stroke_pt=0)]
    text_h = 7.0 + (6.0 if faction else 0.0)
    sil_h = max(rect.h - 6.0 - text_h - 4.5, 6.0)
    silhouette = Rect(rect.x + rect.w * 0.2, rect.y + 6.0, rect.w * 0.6, sil_h)
    items.append(RectItem(silhouette, fill=F._tint(colour, 0.75), stroke=None, stroke_pt=0, radius=rect.w * 0.3))
    initial = (name or "?")[:1].upper()
    size = min(16.0, sil_h * 2.2)
    items.append(TextItem(silhouette.center.x, silhouette.center.y + 0.36 * size * 0.3528, initial, font=F.BOLD,
                          size_pt=size, anchor="middle", fill="#ffffff"))
    name_box, fac_box = _text_boxes(rect, faction)
    items.extend(F.text_box(name_box, name, ctx.metrics, lang=ctx.lang))
    if fac_box is not None:
        items.extend(F.text_box(fac_box, faction, ctx.metrics, lang=ctx.lang))
    return items


def _text_boxes(rect: Rect, faction: str | None) -> tuple[F.Box, F.Box | None]:
    """The name box and (with a faction) the faction box of a panel, under its silhouette."""
    text_h = 7.0 + (6.0 if faction else 0.0)
    sil_h = max(rect.h - 6.0 - text_h - 4.5, 6.0)
    text_top = rect.y + 6.0 + sil_h + 0.5
    name_box = F.Box("name", rect.x + 1.0, text_top, rect.w - 2.0, 7.0, 7.5, 5.0, bold=True, align="center",
                     valign="middle")
    fac_box = (F.Box("faction", rect.x + 1.0, text_top + 7.0, rect.w - 2.0, 6.0, 6.5, 4.5, align="center",
                     valign="top") if faction else None)
    return name_box, fac_box


def standee_needs(name: str, faction: str | None, panel: Size, slot_label: str) -> list:
    """The texts a standee sets (``Face.needs``): its name and faction in the front panel's boxes (the back
    repeats them in boxes of the same size), the silhouette's initial and the slot label (glyphs only)."""
    name_box, fac_box = _text_boxes(Rect(0, TAB + panel.h, panel.w, panel.h), faction)
    needs = [((F.TextNeed(name_box, name),),),
             ((F.TextNeed(F.Box("initial", 0, 0, 1e6, 1e6, 8, 8, bold=True), (name or "?")[:1].upper(), fit=False),),),
             ((F.TextNeed(F.Box("slot", 0, 0, 1e6, 1e6, 4.5, 4.5), slot_label, fit=False),),)]
    if fac_box is not None:
        needs.append(((F.TextNeed(fac_box, faction),),))
    return needs


def standee_face(name: str, faction: str | None, colour: str, panel: Size, ctx: PlanContext) -> Face:
    strip_h = 2 * TAB + 2 * panel.h
    slot_label = t(ctx.lang, "print.standee_slot")

    def face(bleed: float) -> tuple:
        w = panel.w
        items: list = [RectItem(Rect(-bleed, -bleed, w + GAP + BASE.w + 2 * bleed, strip_h + 2 * bleed),
                                fill="#ffffff", stroke=None, stroke_pt=0)]
        # tabs (grey, glued or slotted into the base)
        for y in (0.0, strip_h - TAB):
            items.append(RectItem(Rect(0, y, w, TAB), fill=F._tint(colour, 0.85), stroke=None, stroke_pt=0))
        front = Rect(0, TAB + panel.h, w, panel.h)
        back = Rect(0, TAB, w, panel.h)
        items.extend(_panel(front, name, faction, colour, ctx))
        # the back panel is the front turned 180° about its centre: upright when the strip is folded
        turn = Transform.rotate(180, back.center)
        local = Rect(0, TAB, w, panel.h)
        items.append(Group(tuple(_panel(local, name, faction, colour, ctx)), turn))
        for y in (TAB, TAB + panel.h, TAB + 2 * panel.h):
            items.append(Line(Point(0, y), Point(w, y), stroke="#555555", stroke_pt=0.35, dash=FOLD))
        # cut line between strip and base, and the base with its slot
        x0 = w + GAP / 2
        items.append(Line(Point(x0, 0), Point(x0, strip_h), stroke="#000000", stroke_pt=0.35))
        base = Rect(w + GAP, (strip_h - BASE.h) / 2, BASE.w, BASE.h)
        items.append(RectItem(base, fill=F._tint(colour, 0.6), stroke="#000000", stroke_pt=0.35, radius=1.5))
        slot = Rect(base.center.x - SLOT_W / 2, base.y + (BASE.h - (w + 1.0)) / 2 if BASE.h > w + 1 else base.y + 2,
                    SLOT_W, min(w + 1.0, BASE.h - 4))
        items.append(RectItem(slot, fill="#ffffff", stroke="#000000", stroke_pt=0.35))
        items.append(Group((TextItem(0, 0, slot_label, font=F.FONT, size_pt=4.5, anchor="middle", fill="#333333"),),
                           Transform.rotate(-90).then(Transform.translate(base.x + 2.6, base.center.y))))
        return tuple(items)

    return Face(face, lambda: standee_needs(name, faction, panel, slot_label))


KIND = Kind(name="standee", method="standee", sheet="standees", plan=plan, components=("figure",))
