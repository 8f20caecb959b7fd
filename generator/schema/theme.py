"""Themes: how a designer's cards look — colours, a frame style and fonts — given per game, faction, deck or card.

A theme is data only; ``plan/theme.py`` resolves one card's look (the more specific level wins, field by field)
and ``validate/themes.py`` checks what the schema cannot: colour names and frame styles with a did-you-mean,
``color_by`` fields against the cards' own fields, font files through the safe-file rules. A game without a
theme prints exactly as before (the built-in DejaVu fonts, the deck's colour, a rounded frame)."""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from generator.schema.base import StrictModel

FRAME_STYLES = ("rounded", "square", "double", "none")
DEFAULT_FRAME_STYLE = "rounded"
HEX_COLOUR = r"^#[0-9a-fA-F]{6}$"

# CSS named colours (lowercase) — a theme may name a colour instead of writing #rrggbb
NAMED_COLOURS: dict[str, str] = {
    "aliceblue": "#f0f8ff", "antiquewhite": "#faebd7", "aqua": "#00ffff", "aquamarine": "#7fffd4",
    "azure": "#f0ffff", "beige": "#f5f5dc", "bisque": "#ffe4c4", "black": "#000000", "blanchedalmond": "#ffebcd",
    "blue": "#0000ff", "blueviolet": "#8a2be2", "brown": "#a52a2a", "burlywood": "#deb887", "cadetblue": "#5f9ea0",
    "chartreuse": "#7fff00", "chocolate": "#d2691e", "coral": "#ff7f50", "cornflowerblue": "#6495ed",
    "cornsilk": "#fff8dc", "crimson": "#dc143c", "cyan": "#00ffff", "darkblue": "#00008b", "darkcyan": "#008b8b",
    "darkgoldenrod": "#b8860b", "darkgray": "#a9a9a9", "darkgreen": "#006400", "darkgrey": "#a9a9a9",
    "darkkhaki": "#bdb76b", "darkmagenta": "#8b008b", "darkolivegreen": "#556b2f", "darkorange": "#ff8c00",
    "darkorchid": "#9932cc", "darkred": "#8b0000", "darksalmon": "#e9967a", "darkseagreen": "#8fbc8f",
    "darkslateblue": "#483d8b", "darkslategray": "#2f4f4f", "darkslategrey": "#2f4f4f", "darkturquoise": "#00ced1",
    "darkviolet": "#9400d3", "deeppink": "#ff1493", "deepskyblue": "#00bfff", "dimgray": "#696969",
    "dimgrey": "#696969", "dodgerblue": "#1e90ff", "firebrick": "#b22222", "floralwhite": "#fffaf0",
    "forestgreen": "#228b22", "fuchsia": "#ff00ff", "gainsboro": "#dcdcdc", "ghostwhite": "#f8f8ff",
    "gold": "#ffd700", "goldenrod": "#daa520", "gray": "#808080", "green": "#008000", "greenyellow": "#adff2f",
    "grey": "#808080", "honeydew": "#f0fff0", "hotpink": "#ff69b4", "indianred": "#cd5c5c", "indigo": "#4b0082",
    "ivory": "#fffff0", "khaki": "#f0e68c", "lavender": "#e6e6fa", "lavenderblush": "#fff0f5",
    "lawngreen": "#7cfc00", "lemonchiffon": "#fffacd", "lightblue": "#add8e6", "lightcoral": "#f08080",
    "lightcyan": "#e0ffff", "lightgoldenrodyellow": "#fafad2", "lightgray": "#d3d3d3", "lightgreen": "#90ee90",
    "lightgrey": "#d3d3d3", "lightpink": "#ffb6c1", "lightsalmon": "#ffa07a", "lightseagreen": "#20b2aa",
    "lightskyblue": "#87cefa", "lightslategray": "#778899", "lightslategrey": "#778899", "lightsteelblue": "#b0c4de",
    "lightyellow": "#ffffe0", "lime": "#00ff00", "limegreen": "#32cd32", "linen": "#faf0e6", "magenta": "#ff00ff",
    "maroon": "#800000", "mediumaquamarine": "#66cdaa", "mediumblue": "#0000cd", "mediumorchid": "#ba55d3",
    "mediumpurple": "#9370db", "mediumseagreen": "#3cb371", "mediumslateblue": "#7b68ee",
    "mediumspringgreen": "#00fa9a", "mediumturquoise": "#48d1cc", "mediumvioletred": "#c71585",
    "midnightblue": "#191970", "mintcream": "#f5fffa", "mistyrose": "#ffe4e1", "moccasin": "#ffe4b5",
    "navajowhite": "#ffdead", "navy": "#000080", "oldlace": "#fdf5e6", "olive": "#808000", "olivedrab": "#6b8e23",
    "orange": "#ffa500", "orangered": "#ff4500", "orchid": "#da70d6", "palegoldenrod": "#eee8aa",
    "palegreen": "#98fb98", "paleturquoise": "#afeeee", "palevioletred": "#db7093", "papayawhip": "#ffefd5",
    "peachpuff": "#ffdab9", "peru": "#cd853f", "pink": "#ffc0cb", "plum": "#dda0dd", "powderblue": "#b0e0e6",
    "purple": "#800080", "rebeccapurple": "#663399", "red": "#ff0000", "rosybrown": "#bc8f8f",
    "royalblue": "#4169e1", "saddlebrown": "#8b4513", "salmon": "#fa8072", "sandybrown": "#f4a460",
    "seagreen": "#2e8b57", "seashell": "#fff5ee", "sienna": "#a0522d", "silver": "#c0c0c0", "skyblue": "#87ceeb",
    "slateblue": "#6a5acd", "slategray": "#708090", "slategrey": "#708090", "snow": "#fffafa",
    "springgreen": "#00ff7f", "steelblue": "#4682b4", "tan": "#d2b48c", "teal": "#008080", "thistle": "#d8bfd8",
    "tomato": "#ff6347", "turquoise": "#40e0d0", "violet": "#ee82ee", "wheat": "#f5deb3", "white": "#ffffff",
    "whitesmoke": "#f5f5f5", "yellow": "#ffff00", "yellowgreen": "#9acd32",

}

Colour = Annotated[str, Field(min_length=1, max_length=40,
                              description="#rrggbb or a CSS colour name (e.g. navy, crimson)")]
FontPath = Annotated[str, Field(min_length=1, max_length=300,
                                description="a TrueType font file (.ttf or .otf with TrueType outlines) inside "
                                            "the game folder, e.g. fonts/MyFont.ttf")]


def colour_hex(value: str | None) -> str | None:
    """#rrggbb (lowercase) of a theme colour, or None when it is neither a hex colour nor a known name."""
    if value is None:
        return None
    text = value.strip().lower()
    if len(text) == 7 and text.startswith("#") and all(c in "0123456789abcdef" for c in text[1:]):
        return text
    return NAMED_COLOURS.get(text.replace(" ", "").replace("-", "").replace("_", ""))


class ThemeColours(StrictModel):
    """The colours of a card; each one left out keeps its default."""

    frame: Colour | None = Field(None, description="the card's border and bleed (default: the deck's color)")
    paper: Colour | None = Field(None, description="the panel inside the border (default: white)")
    ink: Colour | None = Field(None, description="the text on the card's front (default: near-black)")
    accent: Colour | None = Field(None, description="the cost disc and the art panel (default: the frame colour)")
    back: Colour | None = Field(None, description="the deck's back (default: the deck's back.color)")


class ThemeFonts(StrictModel):
    """The game's own fonts for card texts (the built-in DejaVu Sans Condensed when left out)."""

    regular: FontPath
    bold: FontPath | None = Field(None, description="names, the cost and **bold** text (default: regular)")


class ColourBy(StrictModel):
    """A colour per card from one of its fields: ``{field: faction, colors: {guild: navy, rebels: crimson}}``."""

    field: str = Field(description="faction | deck | cost | traits | module | stats.<key>")
    colors: dict[str | int, Colour] = Field(description="the field's value → the card's frame colour")


class Theme(StrictModel):
    """How cards look; given on the game, a faction, a deck or a card (the more specific wins)."""

    colors: ThemeColours | None = None
    frame: str | None = Field(None, description="frame style: " + " | ".join(FRAME_STYLES))
    fonts: ThemeFonts | None = None
    color_by: ColourBy | None = None


COLOUR_BY_FIELDS = ("faction", "deck", "cost", "traits", "module")  # and stats.<key>


def field_values(field_name: str, card, deck) -> list[str]:
    """The values a card has for a ``color_by`` field, as the keys of its ``colors`` map are written
    (ids, numbers as text; a localized stat value in each of its languages); [] when it has none."""
    if field_name == "faction":
        found = card.faction or deck.faction
        return [found] if found else []
    if field_name == "deck":
        return [deck.id]
    if field_name == "cost":
        return [] if card.cost is None else [str(card.cost)]
    if field_name == "module":
        return [str(card.module)] if card.module else []
    if field_name == "traits":
        return [str(t) for t in card.traits]
    if field_name.startswith("stats."):
        value = card.stats.get(field_name[len("stats."):])
        if value is None:
            return []
        if hasattr(value, "model_dump"):
            return [str(v) for v in value.model_dump().values() if v is not None]
        return [str(value)]
    return []


__all__ = ["COLOUR_BY_FIELDS", "ColourBy", "DEFAULT_FRAME_STYLE", "FRAME_STYLES", "NAMED_COLOURS", "Theme", "ThemeColours",
           "ThemeFonts", "colour_hex", "field_values"]
