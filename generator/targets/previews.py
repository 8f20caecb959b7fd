"""Card previews for the rules site: the print engine's own scene drawn by the SVG backend, so the
gallery shows exactly what prints (including the blanks for unknown values)."""
from __future__ import annotations

from generator.layout.geometry import Size
from generator.layout.scene import Page
from generator.model.index import GameIndex
from generator.render.svg import render_svg
from generator.targets.print_items import Planner


def card_svgs(index: GameIndex, lang: str = "pl") -> dict[str, str]:
    """card id → SVG of its front (one per design); proxy cards of a deck appear as '<deck>-proxy'."""
    planner = Planner(index, lang)
    out: dict[str, str] = {}
    for item in planner.cards():
        key = item.label.rsplit("-", 1)[0]
        if key in out:
            continue
        page = Page(Size(item.size.w, item.size.h), item.front(0.0))
        out[key] = render_svg(page)
    return out


def back_svgs(index: GameIndex, lang: str = "pl") -> dict[str, str]:
    """deck id → SVG of the deck's back."""
    planner = Planner(index, lang)
    out: dict[str, str] = {}
    for item in planner.cards():
        if item.group in out or item.back is None:
            continue
        out[item.group] = render_svg(Page(Size(item.size.w, item.size.h), item.back(0.0)))
    return out
