"""One card's look from the data's themes: game → faction → deck → card, the more specific level winning
field by field (see docs/DATA.md, "Themes").

Within one level a ``color_by`` colour (picked by the card's own field value) wins over that level's
``colors.frame``; a deck's own ``color`` / ``back.color`` counts as the deck level, under the deck's
theme. With no theme anywhere the look is exactly the built-in one (the deck's colours, a rounded frame,
DejaVu Sans Condensed), so the rulebook games print byte for byte as before. Values the validator
refuses (an unknown colour, style or font) fall back to the default here: the error is reported there."""
from __future__ import annotations

from dataclasses import dataclass

from generator.fonts import pair_game_faces
from generator.plan import draw as F
from generator.schema.theme import DEFAULT_FRAME_STYLE, FRAME_STYLES, Theme, colour_hex, field_values


@dataclass(frozen=True)
class CardLook:
    """What a theme decides about a card's front (and its deck's back)."""

    frame: str
    paper: str = F.PAPER
    ink: str = F.INK
    accent: str | None = None  # None: the frame colour
    back: str = "#4a4a4a"
    style: str = DEFAULT_FRAME_STYLE
    font: str = F.FONT
    bold_font: str = F.BOLD

    def view_fields(self) -> dict:
        """The CardView fields this look sets."""
        return dict(color=self.frame, paper=self.paper, ink=self.ink, accent=self.accent, frame_style=self.style,
                    font=self.font, bold_font=self.bold_font)


def _levels(ctx, deck, card=None) -> list[tuple[str, Theme | None]]:
    data = ctx.data
    faction_id = (card.faction if card is not None else None) or deck.faction
    faction = ctx.factions.get(faction_id or "")
    out = [("game", data.game.theme), ("faction", faction.theme if faction else None), ("deck-colour", None),
           ("deck", deck.theme)]
    if card is not None:
        out.append(("card", card.theme))
    return out


def card_look(ctx, deck, card=None) -> CardLook:
    """The look of ``card`` in ``deck`` (of the deck's blank cards when ``card`` is None)."""
    if card is not None and card.theme is None and _as_deck(ctx, deck, card):
        return card_look(ctx, deck)  # nothing of the card's own changes its look: its deck's, made once
    key = (id(deck), id(card))
    found = ctx._looks.get(key)
    if found is not None:
        return found
    frame, back = deck.color, deck.back.color
    paper = ink = accent = None
    style = None
    regular = bold = None
    for level, theme in _levels(ctx, deck, card):
        if level == "deck-colour":  # the deck's own colours, written in the data, count as the deck level
            if "color" in deck.model_fields_set:
                frame = deck.color
            if "color" in deck.back.model_fields_set:
                back = deck.back.color
            continue
        if theme is None:
            continue
        colours = theme.colors
        if colours is not None:
            frame = colour_hex(colours.frame) or frame
            paper = colour_hex(colours.paper) or paper
            ink = colour_hex(colours.ink) or ink
            accent = colour_hex(colours.accent) or accent
            back = colour_hex(colours.back) or back
        if theme.color_by is not None and card is not None:
            picked = _colour_by(theme, card, deck)
            frame = picked or frame
        if theme.frame in FRAME_STYLES:
            style = theme.frame
        if theme.fonts is not None:
            name = ctx.game_font(theme.fonts.regular, "regular")
            if name is not None:
                regular = name
                bold = ctx.game_font(theme.fonts.bold, "bold") if theme.fonts.bold else name
                bold = bold or name
    if regular is not None:
        pair_game_faces(regular, bold or regular)
    look = CardLook(frame=frame, paper=paper or F.PAPER, ink=ink or F.INK, accent=accent, back=back,
                    style=style or DEFAULT_FRAME_STYLE, font=regular or F.FONT, bold_font=bold or F.BOLD)
    ctx._looks[key] = look
    return look


def _as_deck(ctx, deck, card) -> bool:
    """Whether a card (without a theme of its own) looks exactly like its deck's blank cards: no theme on
    the way colours cards by a field, and its faction's theme is the deck's."""
    for _level, theme in _levels(ctx, deck):
        if theme is not None and theme.color_by is not None:
            return False
    own = ctx.factions.get(card.faction or deck.faction or "")
    decks = ctx.factions.get(deck.faction or "")
    return (own.theme if own else None) is (decks.theme if decks else None)


def _colour_by(theme: Theme, card, deck) -> str | None:
    colours = {str(k): v for k, v in theme.color_by.colors.items()}
    for value in field_values(theme.color_by.field, card, deck):
        if value in colours:
            return colour_hex(colours[value])
    return None


__all__ = ["CardLook", "card_look"]
