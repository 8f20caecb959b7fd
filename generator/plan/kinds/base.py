"""What a kind of printable item declares, in one place per kind (registered in kinds/__init__.py)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from generator.plan.context import PlanContext
from generator.plan.items import PrintItem


@dataclass(frozen=True)
class Kind:
    """One kind of printable item.

    name      the kind's id (also the ``kind.<name>`` catalog entry of what a person calls it)
    method    the data's ``print.method`` that selects it (``deck`` for cards)
    sheet     the artifact it prints into (``cards`` → cards.pdf; the manifest's ``kind``)
    plan      the planner: every item of a game, exactly as many as the inventory says, faces resolved
    components the inventory kinds (``components[].kind``) this kind normally prints
    """

    name: str
    method: str
    sheet: str
    plan: Callable[[PlanContext], Iterable[PrintItem]]
    components: tuple[str, ...] = ()
