"""What every kind's planner shares for one game in one language: the model, localized text, icons,
factions, layouts, images (read once) and the text engine's metrics."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from generator.geom.paper import CARD_SIZES
from generator.geom.shapes import Size
from generator.model.index import GameIndex
from generator.schema.base import UNKNOWN, Dim
from generator.schema.components import Component
from generator.text.metrics import METRICS


def size_of(spec, default: Size) -> Size:
    """A size from the data (``{w, h}`` or a named card size), else the kind's default."""
    if spec is None:
        return default
    if isinstance(spec, Dim):
        return Size(spec.w, spec.h)
    return CARD_SIZES.get(str(spec).lower(), default)


@dataclass
class PlanContext:
    index: GameIndex
    lang: str = "pl"
    metrics: object = METRICS
    _images: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        data = self.index.data
        self.data = data
        self.icons = frozenset(i.id for i in data.icons)
        self.factions = {f.id: f for f in data.factions}
        self.layouts = {lay.id: lay for lay in data.layouts}
        self.card_pos = {id(c): i for i, c in enumerate(data.cards)}
        self.comp_pos = {c.id: i for i, c in enumerate(data.components)}
        self.stat_names = {st.id: st.name for st in data.stats}
        self.term_names = {t.id: t.term for t in data.glossary}

    def t(self, l10n) -> str:
        """The data's own text in this plan's language."""
        return getattr(l10n, self.lang)

    def term_name(self, term_id: str) -> str:
        name = self.term_names.get(term_id)
        return self.t(name) if name is not None else term_id

    def stat_label(self, key: str) -> str:
        name = self.stat_names.get(key)
        return self.t(name) if name else key.replace("_", " ")

    def image(self, relative: str | None) -> tuple[str, tuple[int, int]] | None:
        """(path, pixel size) of an image asset of this game, read once."""
        path = self.index.asset(relative)
        if path is None:
            return None
        if path not in self._images:
            from PIL import Image, UnidentifiedImageError

            try:
                with Image.open(path) as img:
                    self._images[path] = (str(path), img.size)
            except (OSError, UnidentifiedImageError, ValueError):
                self._images[path] = None  # the asset check reports it; the face falls back to a proxy
        return self._images[path]

    def footer(self, ident: str) -> str:
        return f"{self.t(self.data.game.title)} · {ident}"

    def printable(self, method: str) -> Iterator[tuple[int, Component, int]]:
        """(position, component, count) of every leaf component printed with ``method``."""
        for comp in self.data.components:
            if comp.print and comp.print.method == method and self.index.is_leaf(comp):
                count = 1 if comp.count == UNKNOWN else comp.count
                yield self.comp_pos[comp.id], comp, count
