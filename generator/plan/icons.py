"""The game's icons as the planners use them: each id with its artwork (an SVG read as vector paths, a PNG
as an image) or None (no image: the lettered frame in text, a disc with its glyph on a die, tile or token),
and which icons a set of texts uses (for the legends)."""
from __future__ import annotations

from collections.abc import Iterable

from generator.geom.scene import IconArt
from generator.model import markup


class Icons(dict):
    """id → IconArt or None; ``defs`` keeps each icon's data (label, glyph, colour) for fallbacks and legends.

    Iterating gives the ids, so it serves as the text engine's ``known_icons`` as the plain id set did."""

    def __init__(self, arts: dict, defs: dict):
        super().__init__(arts)
        self.defs = defs

    def __hash__(self) -> int:  # one per game; identity is enough for caches
        return id(self)

    def __eq__(self, other) -> bool:
        return self is other


def game_icons(data, folder) -> Icons:
    """Every icon of the game, its artwork read once (an unreadable file is None here: the validator
    reports it against ``icons[i].image``)."""
    from generator.load.svg_icons import SvgIconError, load_icon

    arts: dict[str, IconArt | None] = {}
    for icon in data.icons:
        art = None
        if icon.image and folder is not None:
            try:
                art = load_icon(folder, icon.image, icon.id, icon.color)
            except SvgIconError:
                art = None
        arts[icon.id] = art
    return Icons(arts, {i.id: i for i in data.icons})


def used_icons(texts: Iterable[str | None]) -> list[str]:
    """The icon ids the texts name (``:id:``), in first-use order."""
    seen: dict[str, None] = {}
    for text in texts:
        if text and ":" in text:
            for ref in markup.icon_refs(text):
                seen.setdefault(ref.icon, None)
    return list(seen)
