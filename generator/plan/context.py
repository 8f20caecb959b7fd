"""What every kind's planner shares for one game in one language: the model, localized text, icons,
factions, layouts, images and the game's own fonts (read once), card looks (themes), the proxy marks
(none in an original game) and the text engine's metrics."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from generator.fonts import game_face_name, register_game_face
from generator.geom.paper import CARD_SIZES
from generator.geom.shapes import Size
from generator.model.index import GameIndex
from generator.schema.base import UNKNOWN, Dim
from generator.schema.components import Component
from generator.text.metrics import METRICS

# what a blank of an original game says instead of a "PROXY · …" mark (other proxy marks print nothing)
ORIGINAL_LABELS = {
    "print.proxy_card_unknown": "print.blank_card_unknown",
    "print.proxy_type_unknown": "print.blank_type_unknown",
    "aid.dial_proxy": "print.blank_values_unknown",
}


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
    _proxy_labels: dict = field(default_factory=dict)
    _fonts: dict = field(default_factory=dict)
    _looks: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        data = self.index.data
        self.data = data
        from generator.plan.icons import game_icons

        self.icons = game_icons(data, self.index.folder)  # id → artwork (or None); iterates as the ids
        self.factions = {f.id: f for f in data.factions}
        self.layouts = {lay.id: lay for lay in data.layouts}
        self.card_pos = {id(c): i for i, c in enumerate(data.cards)}
        self.comp_pos = {c.id: i for i, c in enumerate(data.components)}
        self.stat_names = {st.id: st.name for st in data.stats}
        self.term_names = {t.id: t.term for t in data.glossary}

    def t(self, l10n) -> str:
        """The data's own text in this plan's language."""
        return l10n.get(self.lang)

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

    def game_font(self, relative: str | None, role: str) -> str | None:
        """The face-table name of a font file of this game (read, checked and registered once), or None
        when there is none or it is refused (the validator reports why)."""
        if not relative:
            return None
        key = (relative, role)
        if key not in self._fonts:
            from generator.load.fonts import FontRefused, load_font

            folder = self.index.folder
            name = None
            if folder is not None:
                try:
                    font = load_font(folder, relative)
                except FontRefused:
                    font = None
                if font is not None:
                    name = game_face_name(self.data.game.id, role, font.sha256)
                    register_game_face(name, font.data, font.family, bold=role == "bold")
            self._fonts[key] = name
        return self._fonts[key]

    def proxy_label(self, key: str = "print.proxy") -> str:
        """The stand-in mark of a piece ('' = none). A designer's own game (``origin: original``) has no
        proxies — its pieces are the real thing — so it prints no PROXY mark; a blank it cannot fill
        still says what to write in, without the word."""
        found = self._proxy_labels.get(key)
        if found is None:
            from generator.i18n import t

            if self.data.game.is_original:
                own = ORIGINAL_LABELS.get(key)
                found = t(self.lang, own) if own else ""
            else:
                found = t(self.lang, key)
            self._proxy_labels[key] = found
        return found

    def footer(self, what: str, number: str = "") -> str:
        """The identity line of a printed item: set code · what it is · its number (no data ids)."""
        return " · ".join(p for p in (self.set_code, what, number) if p)

    @cached_property
    def set_code(self) -> str:
        """A short code of the game printed on every card (initials of its title, or its first letters)."""
        title = self.data.game.title.en or self.data.game.title.pl
        words = [w for w in title.replace("-", " ").split() if w[:1].isalnum()]
        code = "".join(w[0] for w in words) if len(words) > 1 else title[:3]
        return code.upper()

    def value_label(self, value: str) -> str:
        """A trait or an enum-like stat value shown in the plan's language: the glossary term, a stat
        name or an icon label when the value is one of their ids, else the catalog's ``print.value.*``;
        other text (already a name from the rulebook) prints as it is."""
        from generator.i18n import has, t

        if value in self.term_names:
            return self.term_name(value)
        if value in self.stat_names and self.stat_names[value]:
            return self.t(self.stat_names[value])
        for icon in self.data.icons:
            if icon.id == value and icon.label:
                return self.t(icon.label)
        if has(self.lang, f"print.value.{value}"):
            return t(self.lang, f"print.value.{value}")
        return value

    def descendants(self, comp_id: str) -> list[Component]:
        """Every component below ``comp_id`` in the inventory tree (parts of parts included)."""
        out, todo, seen = [], list(self.index.children.get(comp_id, [])), {comp_id}
        while todo:
            comp = todo.pop(0)
            if comp.id in seen:
                continue
            seen.add(comp.id)
            out.append(comp)
            todo.extend(self.index.children.get(comp.id, []))
        return out

    def shortfalls(self, method: str, printed: dict[str, int]) -> list[tuple[Component, int, list[Component]]]:
        """Parents whose stated count is more than their parts print — the split is unknown — as
        (parent, how many are missing, its leaves printed with ``method``), deepest parents first.

        The caller prints the missing ones as numbered write-in blanks counted towards the parent, so
        every component, leaf or parent, prints exactly its inventory count."""
        printed = dict(printed)
        out = []
        parents = [c for c in self.data.components if not self.index.is_leaf(c) and c.count != UNKNOWN]
        parents.sort(key=lambda c: -self._depth(c))
        for parent in parents:
            below = self.descendants(parent.id)
            leaves = [c for c in below if self.index.is_leaf(c) and c.print and c.print.method == method]
            if not leaves or not any(c.count == UNKNOWN for c in leaves):
                continue
            total = sum(printed.get(c.id, 0) for c in [parent, *below])
            if total < parent.count:
                out.append((parent, parent.count - total, leaves))
                printed[parent.id] = printed.get(parent.id, 0) + parent.count - total
        return out

    def _depth(self, comp: Component) -> int:
        depth, seen = 0, set()
        while comp.parent and comp.parent in self.index.components and comp.id not in seen:
            seen.add(comp.id)
            comp = self.index.components[comp.parent]
            depth += 1
        return depth

    def printable(self, method: str) -> Iterator[tuple[int, Component, int]]:
        """(position, component, count) of every leaf component printed with ``method``."""
        for comp in self.data.components:
            if comp.print and comp.print.method == method and self.index.is_leaf(comp):
                count = 1 if comp.count == UNKNOWN else comp.count
                yield self.comp_pos[comp.id], comp, count
