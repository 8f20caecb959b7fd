"""Counts add up: parts sum to their whole, per-faction counts to the total, card copies to the deck size,
and every printable component is defined by something that can print it."""
from __future__ import annotations

from generator.schema.base import UNKNOWN
from generator.validate.context import CheckContext


def check_counts(ctx: CheckContext) -> None:
    _check_tree(ctx)
    _check_per_faction(ctx)
    _check_faction_cards(ctx)
    _check_decks(ctx)
    _check_printables(ctx)
    _check_conflicts(ctx)


def _index_of(ctx: CheckContext, comp_id: str) -> int:
    return next(i for i, c in enumerate(ctx.data.components) if c.id == comp_id)


def _check_tree(ctx: CheckContext) -> None:
    comps = ctx.index.components
    for i, comp in enumerate(ctx.data.components):
        seen, node = {comp.id}, comp
        while node.parent and node.parent in comps:
            if node.parent in seen:
                ctx.error(("components", i, "parent"), f"parent chain of '{comp.id}' loops back on itself",
                          code="cycle")
                return
            seen.add(node.parent)
            node = comps[node.parent]
    for parent_id, kids in ctx.index.children.items():
        if parent_id not in comps:
            continue
        parent = comps[parent_id]
        i = _index_of(ctx, parent_id)
        known = [k.count for k in kids if k.count != UNKNOWN]
        names = " + ".join(f"{k.id} {k.count}" for k in kids)
        if parent.count == UNKNOWN:
            continue
        if len(known) == len(kids) and sum(known) != parent.count:
            ctx.error(("components", i, "count"),
                      f"'{parent_id}' counts {parent.count} but its parts sum to {sum(known)} ({names})",
                      code="count-sum")
        elif sum(known) > parent.count:
            ctx.error(("components", i, "count"),
                      f"'{parent_id}' counts {parent.count} but its known parts already sum to {sum(known)}",
                      code="count-sum")


def _check_per_faction(ctx: CheckContext) -> None:
    factions = [f.id for f in ctx.data.factions]
    for i, comp in enumerate(ctx.data.components):
        if not comp.per_faction:
            continue
        values = list(comp.per_faction.values())
        known = [v for v in values if v != UNKNOWN]
        if comp.count != UNKNOWN and len(known) == len(values) and sum(known) != comp.count:
            detail = " + ".join(f"{k} {v}" for k, v in comp.per_faction.items())
            ctx.error(("components", i, "per_faction"),
                      f"per-faction counts of '{comp.id}' sum to {sum(known)}, but its count is {comp.count} "
                      f"({detail})", code="count-faction")
        missing = [f for f in factions if f not in comp.per_faction]
        if missing and len(comp.per_faction) > 1:
            ctx.warning(("components", i, "per_faction"),
                        f"per-faction counts of '{comp.id}' leave out {', '.join(missing)}", code="count-faction")


def _check_faction_cards(ctx: CheckContext) -> None:
    """Per-faction (per-suit) counts of a deck's component equal the copies of the cards carrying that faction.

    A card moved to another faction while the counts still say 12/12/12 is caught here. Checked when every
    card of the deck names its faction (or the deck does) and every count involved is known."""
    by_deck = ctx.index.cards_by_deck
    decks_of: dict[str, list] = {}
    for deck in ctx.data.decks:
        decks_of.setdefault(deck.component, []).append(deck)
    for i, comp in enumerate(ctx.data.components):
        if not comp.per_faction or comp.id not in decks_of:
            continue
        carried: dict[str, int] = {}
        complete = True
        for deck in decks_of[comp.id]:
            for card in by_deck.get(deck.id, []):
                faction = card.faction or deck.faction
                if faction is None or card.copies == UNKNOWN:
                    complete = False
                    continue
                carried[faction] = carried.get(faction, 0) + card.copies
        if not complete or not carried:
            continue
        if set(carried) - set(comp.per_faction):
            continue  # a partial per_faction (some factions left out) is warned about above
        stated = {f: n for f, n in comp.per_faction.items() if n != UNKNOWN}
        wrong = [f for f in sorted(stated) if carried.get(f, 0) != stated[f]]
        if wrong:
            detail = ", ".join(f"{f} {stated[f]} stated / {carried.get(f, 0)} on cards" for f in wrong)
            ctx.error(("components", i, "per_faction"),
                      f"per-faction counts of '{comp.id}' differ from the copies of the cards of each faction "
                      f"({detail})", hint="move the card back, or update per_faction", code="count-faction")


def _check_decks(ctx: CheckContext) -> None:
    by_deck = ctx.index.cards_by_deck
    for d, deck in enumerate(ctx.data.decks):
        comp = ctx.index.components.get(deck.component)
        cards = by_deck.get(deck.id, [])
        if comp is None:
            continue
        if not cards:
            if comp.count != UNKNOWN:
                ctx.warning(("decks", d), f"deck '{deck.id}' has no cards listed; its {comp.count} cards print "
                                          f"as blank proxies", code="deck-empty")
            continue
        copies = [c.copies for c in cards]
        known = sum(c for c in copies if c != UNKNOWN)
        if comp.count == UNKNOWN:
            continue
        if UNKNOWN not in copies and known != comp.count:
            ctx.error(("decks", d, "component"),
                      f"deck '{deck.id}' holds {known} cards (sum of copies) but component '{comp.id}' counts "
                      f"{comp.count}", code="deck-size")
        elif known > comp.count:
            ctx.error(("decks", d, "component"),
                      f"deck '{deck.id}' lists {known} known copies, more than the {comp.count} of '{comp.id}'",
                      code="deck-size")


def _check_printables(ctx: CheckContext) -> None:
    idx = ctx.index
    decks_for: dict[str, list[int]] = {}
    for d, deck in enumerate(ctx.data.decks):
        decks_for.setdefault(deck.component, []).append(d)
    boards_for = {b.component for b in ctx.data.boards if b.component}
    tiles_for = idx.tiles_by_component
    for i, comp in enumerate(ctx.data.components):
        method = comp.print.method if comp.print else None
        if method and not idx.is_leaf(comp) and method != "none":
            ctx.error(("components", i, "print"), f"'{comp.id}' has parts; print its parts, not the group",
                      code="print")
        if method == "deck" and comp.id not in decks_for:
            ctx.error(("components", i, "print", "method"), f"'{comp.id}' prints as a deck but no deck names it",
                      hint="add a deck with component: " + comp.id, code="print")
        if method == "deck" and len(decks_for.get(comp.id, [])) > 1:
            ctx.error(("components", i, "print", "method"), f"'{comp.id}' is printed by more than one deck",
                      code="print")
        if method == "board" and comp.id not in boards_for:
            ctx.error(("components", i, "print", "method"), f"'{comp.id}' prints as a board but no board names it",
                      code="print")
        if method == "tile":
            tiles = tiles_for.get(comp.id, [])
            copies = [t.copies for t in tiles]
            if not tiles:
                ctx.warning(("components", i, "print", "method"),
                            f"'{comp.id}' prints as tiles but no tile is defined; blank proxies are printed",
                            code="print")
            elif comp.count != UNKNOWN and UNKNOWN not in copies and sum(copies) != comp.count:
                ctx.error(("components", i, "count"),
                          f"tiles of '{comp.id}' have {sum(copies)} copies but the component counts {comp.count}",
                          code="count-sum")
        if method in ("token", "die") and comp.count == UNKNOWN:
            ctx.warning(("components", i, "count"),
                        f"'{comp.id}' count is unknown; its sheet prints one blank proxy", code="print")
    for d, deck in enumerate(ctx.data.decks):
        comp = idx.components.get(deck.component)
        if comp is not None and (comp.print is None or comp.print.method != "deck"):
            ctx.error(("decks", d, "component"),
                      f"deck '{deck.id}' prints '{comp.id}', which is not marked print.method: deck",
                      code="print")
    for t, tile in enumerate(ctx.data.tiles):
        comp = idx.components.get(tile.component)
        if comp is not None and (comp.print is None or comp.print.method != "tile"):
            ctx.error(("tiles", t, "component"),
                      f"tile '{tile.id}' belongs to '{comp.id}', which is not marked print.method: tile",
                      code="print")


def _check_conflicts(ctx: CheckContext) -> None:
    """Rulebook self-contradictions recorded in the data are findings: reported, never hidden."""
    data = ctx.data
    for i, item in enumerate(data.contradictions):
        readings = "; ".join(f"{r.value!s} per {r.source.cite()}" for r in item.readings)
        ctx.finding(("contradictions", i), f"rulebook contradiction '{item.id}': {_show(item.summary, 'en')[1:-1]}"
                    + (f" ({readings})" if readings else "") + f" [{item.source.cite()}]")
    groups = [("components", data.components), ("cards", data.cards), ("constants", data.constants)]
    if data.setup:
        groups += [(("setup", "rows"), data.setup.rows), (("setup", "per_player"), data.setup.per_player)]
    for key, items in groups:
        base = key if isinstance(key, tuple) else (key,)
        for i, item in enumerate(items):
            for j, reading in enumerate(item.conflicts):
                name = getattr(item, "id", None) or getattr(item, "component", "")
                current = getattr(item, reading.field, None)
                if reading.field == "values" or current is None:
                    current = "(see data)"
                ctx.finding(base + (i, "conflicts", j),
                            f"rulebook contradiction for '{name}'.{reading.field}: {_show(current)} per "
                            f"{item.source.cite()}, but {_show(reading.value)} per {reading.source.cite()}"
                            + (f" — {reading.note}" if reading.note else ""))


def _show(value, prefer: str = "pl") -> str:
    """A value as a person reads it: localized text in ``prefer`` when given (a quoted rulebook form is
    Polish), else in its first language; the rest as written."""
    if hasattr(value, "languages") and value.languages:
        return f"'{value.get(prefer) or value.get(value.languages[0])}'"
    if isinstance(value, dict) and value and all(isinstance(k, str) and len(k) == 2 for k in value):
        return f"'{value.get(prefer) or next(iter(value.values()))}'"
    return str(value)
