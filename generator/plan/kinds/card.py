"""Cards: every deck prints its component's count — listed cards by their copies, the rest as blank
proxies — with the deck's shared back (one form) and a layout from the data (``layouts`` + ``extends``)."""
from __future__ import annotations

from collections.abc import Iterator

from generator.geom.shapes import Size
from generator.i18n import t
from generator.model.values import local
from generator.plan import draw as F
from generator.plan.context import PlanContext, size_of
from generator.plan.items import PrintItem
from generator.plan.kinds.base import Kind
from generator.schema.base import UNKNOWN
from generator.schema.components import Card, Component, Deck


def plan(ctx: PlanContext) -> Iterator[PrintItem]:
    for d, deck in enumerate(ctx.data.decks):
        comp = ctx.index.components.get(deck.component)
        if comp is not None:
            yield from deck_items(ctx, d, deck, comp)


def deck_items(ctx: PlanContext, d: int, deck: Deck, comp: Component) -> Iterator[PrintItem]:
    size = size_of(deck.size, Size(63, 88))
    boxes = boxes_for(ctx, deck, size)
    back = F.card_back(ctx.t(deck.name), ctx.t(ctx.data.game.title), size, deck.back.color, ctx.metrics,
                       ctx.image(deck.back.image))
    cards = ctx.index.cards_by_deck.get(deck.id, [])
    known = sum(c.copies for c in cards if c.copies != UNKNOWN)
    remaining = None if comp.count == UNKNOWN else max(comp.count - known, 0)
    common = dict(kind="cards", size=size, back=back, back_key=f"back:{deck.id}", group=deck.id)
    for card in cards:
        copies = card.copies if card.copies != UNKNOWN else 1
        if card.copies == UNKNOWN and remaining is not None:
            if remaining == 0:
                continue
            remaining -= 1
        face = F.card_front(card_view(ctx, card, deck), size, ctx.metrics, boxes, ctx.icons, ctx.term_name)
        for k in range(copies):
            yield PrintItem(comp.id, front=face, label=f"{card.id}-{k + 1}",
                            origin=("cards", ctx.card_pos[id(card)]), **common)
    blanks = remaining or 0
    if comp.count == UNKNOWN and not cards:
        blanks = 1  # the rulebook gives neither count nor cards: one blank proxy shows the gap
    if blanks:
        view = F.CardView(name=F.UNKNOWN, deck=ctx.t(deck.name), color=deck.color, text=F.UNKNOWN,
                          footer=ctx.footer("?"), proxy_label=t(ctx.lang, "print.proxy"))
        face = F.card_front(view, size, ctx.metrics, boxes, ctx.icons, ctx.term_name)
        for k in range(blanks):
            yield PrintItem(comp.id, front=face, label=f"{deck.id}-proxy-{k + 1}", origin=("decks", d), **common)


def boxes_for(ctx: PlanContext, deck: Deck, size: Size) -> dict[str, F.Box]:
    """The standard layout scaled to the card, overridden by the deck's data-defined layout chain."""
    chain = []
    name = deck.layout
    while name in ctx.layouts and name not in [c.id for c in chain]:
        chain.append(ctx.layouts[name])
        name = ctx.layouts[name].extends or "standard"
    boxes = F.scaled_boxes(size) if name != "minimal" else {}
    for layout in reversed(chain):
        for key, box in layout.boxes.items():
            if box is None:
                boxes.pop(key, None)
            else:
                boxes[key] = F.Box(box.field, box.x, box.y, box.w, box.h, box.size_pt, box.min_pt, box.bold,
                                   box.align, box.valign, box.fill, box.stroke)
    return boxes


def card_view(ctx: PlanContext, card: Card, deck: Deck) -> F.CardView:
    faction = ctx.factions.get(card.faction or deck.faction or "")
    text = None
    if card.text == UNKNOWN:
        text = F.UNKNOWN
    elif card.text is not None:
        text = ctx.t(card.text)
    cost = None if card.cost is None else (F.UNKNOWN if card.cost == UNKNOWN else str(card.cost))
    stats = tuple((ctx.stat_label(k), F.UNKNOWN if v == UNKNOWN else local(v, ctx.lang)) for k, v in card.stats.items())
    return F.CardView(name=ctx.t(card.name), deck=ctx.t(deck.name), color=deck.color,
                      faction=ctx.t(faction.name) if faction else None,
                      faction_color=faction.color if faction else None, cost=cost, stats=stats, text=text,
                      traits=", ".join(card.traits) or None, footer=ctx.footer(card.id),
                      values={f"stats.{k}": F.UNKNOWN if v == UNKNOWN else local(v, ctx.lang) for k, v in card.stats.items()},
                      image=ctx.image(card.image), proxy_label=t(ctx.lang, "print.proxy"))


KIND = Kind(name="card", method="deck", sheet="cards", plan=plan, components=("card",))
