"""Card looks: layouts (boxes and the fields they show) and themes (colours, frame styles, ``color_by``,
font files). What the schema cannot know is checked here, each mistake a located error with a
did-you-mean (``CheckContext.ref``):

- a layout box that removes (``null``) a box its layout does not have, or a new box named like an inherited
  one that shows the same field (``txet: {field: text}`` beside ``text``) — an unknown box;
- a box field that is none of the known fields (``stats.valeu`` when no card has the stat ``valeu``);
- a theme colour that is neither ``#rrggbb`` nor a CSS colour name, an unknown frame style, a ``color_by``
  field that is not a card field (a ``colors`` key no card has is a warning);
- a font file refused by load/fonts.py (outside the game folder, not a regular file, too big, broken,
  PostScript outlines, embedding forbidden)."""
from __future__ import annotations

from generator.load.fonts import FontRefused, load_font
from generator.schema.components import BOX_FIELD_PREFIXES, BOX_FIELDS, STANDARD_BOX_NAMES
from generator.schema.theme import (
    COLOUR_BY_FIELDS,
    FRAME_STYLES,
    NAMED_COLOURS,
    Theme,
    colour_hex,
    field_values,
)
from generator.validate.context import CheckContext


def check_layouts(ctx: CheckContext) -> None:
    data = ctx.data
    layouts = {lay.id: lay for lay in data.layouts}
    fields = set(BOX_FIELDS) | {f"stats.{key}" for key in stat_keys(ctx)}
    for i, lay in enumerate(data.layouts):
        inherited = _inherited(lay, layouts)
        for name, box in lay.boxes.items():
            path = ("layouts", i, "boxes", name)
            if box is None:
                ctx.ref(path, name, inherited, "box to remove")
                continue
            if name not in inherited:
                twin = _typo_of(name, box.field, inherited)
                if twin:
                    ctx.error(path, f"unknown box '{name}': it shows '{box.field}' like the inherited box '{twin}'",
                              hint=f"did you mean '{twin}'? a new box needs a name unlike the inherited ones",
                              code="reference")
            if not box.field.startswith(BOX_FIELD_PREFIXES) or box.field.startswith("stats."):
                ctx.ref(path + ("field",), box.field, fields, "card field")


def stat_keys(ctx: CheckContext) -> set[str]:
    """The stat keys a card of the game has, and those the game names in ``stats``."""
    return {key for card in ctx.data.cards for key in card.stats} | {s.id for s in ctx.data.stats}


def _inherited(lay, layouts: dict) -> dict[str, str]:
    """The boxes a layout starts from (name → field): its ``extends`` chain down to standard or minimal."""
    chain, name = [], lay.extends or "standard"
    while name in layouts and name not in [c.id for c in chain] and name != lay.id:
        chain.append(layouts[name])
        name = layouts[name].extends or "standard"
    boxes = {b: b for b in STANDARD_BOX_NAMES} if name != "minimal" else {}
    for parent in reversed(chain):
        for key, box in parent.boxes.items():
            if box is None:
                boxes.pop(key, None)
            else:
                boxes[key] = box.field
    return boxes


def _typo_of(name: str, field_name: str, inherited: dict[str, str]) -> str | None:
    import difflib

    close = difflib.get_close_matches(name, list(inherited), n=1, cutoff=0.75)
    return close[0] if close and inherited[close[0]] == field_name else None


def themes(ctx: CheckContext):
    """(path, theme, cards it colours) of every theme in the data."""
    data = ctx.data
    decks = {d.id: d for d in data.decks}
    if data.game.theme is not None:
        yield ("game", "theme"), data.game.theme, list(data.cards)
    for i, faction in enumerate(data.factions):
        if faction.theme is not None:
            cards = [c for c in data.cards if (c.faction or getattr(decks.get(c.deck), "faction", None)) == faction.id]
            yield ("factions", i, "theme"), faction.theme, cards
    for i, deck in enumerate(data.decks):
        if deck.theme is not None:
            yield ("decks", i, "theme"), deck.theme, [c for c in data.cards if c.deck == deck.id]
    for i, card in enumerate(data.cards):
        if card.theme is not None:
            yield ("cards", i, "theme"), card.theme, [card]


def check_themes(ctx: CheckContext) -> None:
    decks = {d.id: d for d in ctx.data.decks}
    by_fields = set(COLOUR_BY_FIELDS) | {f"stats.{key}" for key in stat_keys(ctx)}
    for path, theme, cards in themes(ctx):
        _colours(ctx, path, theme)
        ctx.ref(path + ("frame",), theme.frame, FRAME_STYLES, "frame style")
        if theme.fonts is not None:
            for role in ("regular", "bold"):
                value = getattr(theme.fonts, role)
                if value is None:
                    continue
                if ctx.raw.folder is None:
                    continue
                try:
                    load_font(ctx.raw.folder, value)
                except FontRefused as exc:
                    ctx.error(path + ("fonts", role), f"font '{value}' {exc.reason}",
                              hint="use a TrueType font file (.ttf) inside the game folder, e.g. fonts/MyFont.ttf",
                              code="font")
        by = theme.color_by
        if by is None:
            continue
        if not ctx.ref(path + ("color_by", "field"), by.field, by_fields, "card field"):
            continue
        have = {v for card in cards if card.deck in decks for v in field_values(by.field, card, decks[card.deck])}
        for key, value in by.colors.items():
            _colour(ctx, path + ("color_by", "colors", key), value)
            if str(key) not in have:
                import difflib

                close = difflib.get_close_matches(str(key), sorted(have), n=1, cutoff=0.6)
                ctx.warning(path + ("color_by", "colors", key),
                            f"no card this theme colours has {by.field} '{key}'",
                            hint=f"did you mean '{close[0]}'?" if close else
                            (f"the cards have: {', '.join(sorted(have)[:12])}" if have else ""), code="theme")


def _colours(ctx: CheckContext, path: tuple, theme: Theme) -> None:
    if theme.colors is None:
        return
    for name in type(theme.colors).model_fields:
        value = getattr(theme.colors, name)
        if value is not None:
            _colour(ctx, path + ("colors", name), value)


def _colour(ctx: CheckContext, path: tuple, value: str) -> None:
    if colour_hex(value) is not None:
        return
    if value.strip().startswith("#"):
        ctx.error(path, f"colour '{value}' is not #rrggbb (six hex digits)", code="theme")
        return
    ctx.ref(path, value.strip().lower(), NAMED_COLOURS, "colour")


CHECKS = (check_layouts, check_themes)
__all__ = ["CHECKS", "check_layouts", "check_themes", "stat_keys", "themes"]
