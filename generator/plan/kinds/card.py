"""Cards: every deck prints its component's count — listed cards by their copies, the rest as blank
proxies — with the deck's shared back (one form) and a layout from the data (``layouts`` + ``extends``).

Where the inventory states a whole (80 unit cards) but not how it splits into sub-decks, the known card
types print once each and numbered write-in blanks fill up to the stated whole (counted towards the
parent), so a deck never prints short. Every card carries its identity in the footer: the game's set
code, the deck's name and its number ``k/N`` among the deck's designs (``×c`` when it has copies)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from generator.geom.shapes import Size
from generator.i18n import t
from generator.model.values import local
from generator.plan import draw as F
from generator.plan.context import PlanContext, size_of
from generator.plan.items import PrintItem
from generator.plan.kinds.base import Kind
from generator.plan.theme import card_look
from generator.schema.base import UNKNOWN
from generator.schema.components import Card, Component, Deck


@dataclass
class _Design:
    view: F.CardView
    copies: int
    component: str
    label: str
    origin: tuple
    own_view: bool = False  # the view was made for this design alone (blank proxies share one)


def plan(ctx: PlanContext) -> Iterator[PrintItem]:
    decks: list[tuple[int, Deck, Component, list[_Design]]] = []
    printed: dict[str, int] = {}
    for d, deck in enumerate(ctx.data.decks):
        comp = ctx.index.components.get(deck.component)
        if comp is None:
            continue
        designs = deck_designs(ctx, d, deck, comp)
        for design in designs:
            printed[design.component] = printed.get(design.component, 0) + design.copies
        decks.append((d, deck, comp, designs))
    for parent, missing, leaves in ctx.shortfalls("deck", printed):
        leaf_ids = {c.id for c in leaves}
        host = next((entry for entry in decks if entry[2].id in leaf_ids), None)
        if host is None:
            continue
        d, deck, _, designs = host
        view = F.CardView(name=F.UNKNOWN, deck=ctx.t(parent.name), text=F.UNKNOWN,
                          proxy_label=ctx.proxy_label("print.proxy_type_unknown"), lang=ctx.lang,
                          **card_look(ctx, deck).view_fields())
        designs.extend(_Design(view, 1, parent.id, f"{parent.id}-blank-{k + 1}", ("components", ctx.comp_pos[parent.id]))
                       for k in range(missing))
    for _d, deck, _comp, designs in decks:
        yield from deck_items(ctx, deck, designs)


def deck_designs(ctx: PlanContext, d: int, deck: Deck, comp: Component) -> list[_Design]:
    """What one deck prints, design by design: its cards, then blank proxies up to the deck's count."""
    cards = ctx.index.cards_by_deck.get(deck.id, [])
    known = sum(c.copies for c in cards if c.copies != UNKNOWN)
    remaining = None if comp.count == UNKNOWN else max(comp.count - known, 0)
    out = []
    for card in cards:
        copies = card.copies if card.copies != UNKNOWN else 1
        if card.copies == UNKNOWN and remaining is not None:
            if remaining == 0:
                continue
            remaining -= 1
        out.append(_Design(card_view(ctx, card, deck), copies, comp.id, card.id, ("cards", ctx.card_pos[id(card)]),
                           own_view=True))
    blanks = remaining or 0
    if comp.count == UNKNOWN and not cards:
        blanks = 1  # the rulebook gives neither count nor cards: one blank proxy shows the gap
    view = F.CardView(name=F.UNKNOWN, deck=ctx.t(deck.name), text=F.UNKNOWN,
                      proxy_label=ctx.proxy_label("print.proxy_card_unknown"), lang=ctx.lang,
                      **card_look(ctx, deck).view_fields())
    out.extend(_Design(view, 1, comp.id, f"{deck.id}-blank-{k + 1}", ("decks", d)) for k in range(blanks))
    return out


def deck_items(ctx: PlanContext, deck: Deck, designs: list[_Design]) -> Iterator[PrintItem]:
    size = size_of(deck.size, Size(63, 88))
    boxes = boxes_for(ctx, deck, size)
    back_title = deck.back.title or ctx.data.game.title
    look = card_look(ctx, deck)
    back = F.card_back(ctx.t(back_title), ctx.t(ctx.data.game.title) if deck.back.title else "", size,
                       look.back, ctx.metrics, ctx.image(deck.back.image), fonts=(look.font, look.bold_font),
                       lang=ctx.lang)
    # decks with the same back share one form: a shuffled deck shows nothing of its contents
    back_key = f"back:{ctx.t(back_title)}|{look.back}|{deck.back.image or ''}|{size.w:g}x{size.h:g}"
    if look.font != F.FONT:  # a game's own fonts: a back set in them is another form
        back_key += f"|{look.font}|{look.bold_font}"
    common = dict(kind="cards", size=size, back=back, back_key=back_key, group=deck.id)
    n = len(designs)
    deck_name = ctx.t(deck.name)
    for k, design in enumerate(designs, 1):
        number = f"{k}/{n}" + (f" ×{design.copies}" if design.copies > 1 else "")
        footer = ctx.footer(deck_name, number)
        if design.own_view:  # made for this design alone: it takes its footer in place (a copy costs more)
            view = design.view
            object.__setattr__(view, "footer", footer)
        else:
            view = replace(design.view, footer=footer)
        face = F.card_front(view, size, ctx.metrics, boxes, ctx.icons, ctx.term_name)
        for c in range(design.copies):
            yield PrintItem(design.component, front=face, label=f"{design.label}-{c + 1}", origin=design.origin,
                            **common)


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


def _stat_value(ctx: PlanContext, value) -> str:
    if value == UNKNOWN:
        return F.UNKNOWN
    if isinstance(value, str):
        return ctx.value_label(value)
    return local(value, ctx.lang)  # a number, or a localized value ({pl, en})


def card_view(ctx: PlanContext, card: Card, deck: Deck) -> F.CardView:
    faction = ctx.factions.get(card.faction or deck.faction or "")
    text = None
    if card.text == UNKNOWN:
        text = F.UNKNOWN
    elif card.text is not None:
        text = ctx.t(card.text)
    cost = None if card.cost is None else (F.UNKNOWN if card.cost == UNKNOWN else str(card.cost))
    stats = tuple((ctx.stat_label(k), _stat_value(ctx, v)) for k, v in card.stats.items())
    traits = ", ".join(dict.fromkeys(ctx.value_label(tr) for tr in card.traits))
    return F.CardView(name=ctx.t(card.name), deck=ctx.t(deck.name),
                      faction=ctx.t(faction.name) if faction else None,
                      faction_color=faction.color if faction else None, cost=cost, stats=stats, text=text,
                      traits=traits or None,
                      values={f"stats.{k}": _stat_value(ctx, v) for k, v in card.stats.items()},
                      image=ctx.image(card.image), proxy_label=ctx.proxy_label(),
                      owner_note=t(ctx.lang, "print.owner_filled") if _owner_filled(ctx, card) else None, lang=ctx.lang,
                      **card_look(ctx, deck, card).view_fields())


def _owner_filled(ctx: PlanContext, card: Card) -> bool:
    """Some value on the card comes from the owner's overlay (the whole card, or a field of it)."""
    index = ctx.index
    if not index.owner_values:
        return False
    pos = ctx.card_pos[id(card)]
    return any(index.owner_filled("cards", pos, field) for field in ("name", "text", "cost", "copies", "stats"))


KIND = Kind(name="card", method="deck", sheet="cards", plan=plan, components=("card",))
