"""Costs sit inside each deck's declared range and agree with the declared cost rules (cost by rank …)."""
from __future__ import annotations

from generator.schema.base import UNKNOWN
from generator.validate.context import CheckContext


def check_costs(ctx: CheckContext) -> None:
    decks = ctx.index.decks
    for i, card in enumerate(ctx.data.cards):
        deck = decks.get(card.deck)
        if deck is None or deck.cost_range is None or card.cost in (None, UNKNOWN):
            continue
        low, high = deck.cost_range
        if not low <= card.cost <= high:
            ctx.error(("cards", i, "cost"), f"cost {card.cost} of '{card.id}' is outside deck '{deck.id}' range "
                                            f"{low}–{high}", code="cost-range")
    for d, deck in enumerate(ctx.data.decks):
        if deck.cost_range and deck.cost_range[0] > deck.cost_range[1]:
            ctx.error(("decks", d, "cost_range"), f"cost range {deck.cost_range[0]}–{deck.cost_range[1]} is reversed",
                      code="cost-range")
    tables = {t.id: t for t in ctx.data.tables}
    for rule in ctx.data.cost_rules:
        table = tables.get(rule.table)
        if table is None:
            continue
        lookup = {str(row.key): row.values.get(rule.column) for row in table.rows}
        for i, card in enumerate(ctx.data.cards):
            if card.deck != rule.deck or card.cost in (None, UNKNOWN):
                continue
            key = card.stats.get(rule.by_stat)
            if key is None or key == UNKNOWN:
                continue
            expected = lookup.get(str(key))
            if expected is None:
                ctx.error(("cards", i, "stats", rule.by_stat),
                          f"'{card.id}' has {rule.by_stat} {key}, which table '{table.id}' has no row for",
                          code="cost-rule")
            elif expected != UNKNOWN and expected != card.cost:
                ctx.error(("cards", i, "cost"),
                          f"'{card.id}' costs {card.cost}, but cost rule '{rule.id}' gives {expected} for "
                          f"{rule.by_stat} {key}", hint=f"table '{table.id}', {table.source.cite()}",
                          code="cost-rule")
