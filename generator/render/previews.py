"""Card previews for the rules site: the plan's own faces drawn by the SVG backend, so the gallery shows
exactly what prints (including the blanks for unknown values) — resolved once, shared with the print."""
from __future__ import annotations

from generator.geom.scene import Page
from generator.geom.shapes import Size
from generator.model.index import GameIndex
from generator.plan import plan_game
from generator.render.svg import render_svg


def card_svgs(index: GameIndex, lang: str = "pl") -> dict[str, str]:
    """card id → SVG of its front (one per design); proxy cards of a deck appear as '<deck>-proxy'."""
    out: dict[str, str] = {}
    for item in plan_game(index, lang).items.get("cards", []):
        key = item.label.rsplit("-", 1)[0]
        if key in out:
            continue
        out[key] = render_svg(Page(Size(item.size.w, item.size.h), item.front(0.0)))
    return out


def back_svgs(index: GameIndex, lang: str = "pl") -> dict[str, str]:
    """deck id → SVG of the deck's back."""
    out: dict[str, str] = {}
    for item in plan_game(index, lang).items.get("cards", []):
        if item.group in out or item.back is None:
            continue
        out[item.group] = render_svg(Page(Size(item.size.w, item.size.h), item.back(0.0)))
    return out
