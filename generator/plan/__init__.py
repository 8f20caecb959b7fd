"""The plan stage: every printable item of a game resolved once, per language.

``plan_game(index, lang)`` asks each registered kind (``plan.kinds.KINDS``) for its items — exactly as many
as the inventory says, each with its faces (text fitted, icons placed, sizes fixed) built once and shared
by every copy. The text-fit check, the print target and the site's card previews all read this plan, so a
face is never fitted twice in one process."""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field

from generator.model.index import GameIndex
from generator.plan.context import PlanContext
from generator.plan.items import PrintItem
from generator.plan.kinds import KINDS


@dataclass
class GamePlan:
    game_id: str
    lang: str
    items: dict[str, list[PrintItem]] = field(default_factory=dict)  # sheet → items, in print order
    context: PlanContext | None = None  # what the faces were planned with (metrics, icons, term names)

    def all(self) -> list[PrintItem]:
        return [item for items in self.items.values() for item in items]


_PLANS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def plan_game(index: GameIndex, lang: str = "pl") -> GamePlan:
    """The plan of one game in one language (made once per index and language)."""
    per_index = _PLANS.setdefault(index, {})
    if lang not in per_index:
        ctx = PlanContext(index, lang)
        per_index[lang] = GamePlan(index.game_id, lang, {kind.sheet: list(kind.plan(ctx)) for kind in KINDS}, ctx)
    return per_index[lang]


def forget_plans(index: GameIndex, keep: str | None = None) -> None:
    """Let go of a game's plans (a big game's plan holds every card's face), but the ``keep`` language's:
    the next ``plan_game`` makes them again. The validator keeps the first language's plan (what a print or
    a build makes by default) and lets go of the others."""
    if keep is None:
        _PLANS.pop(index, None)
        return
    plans = _PLANS.get(index)
    if plans:
        for lang in [lang for lang in plans if lang != keep]:
            del plans[lang]


__all__ = ["GamePlan", "PrintItem", "forget_plans", "plan_game"]
