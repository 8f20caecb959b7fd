"""The components page: every component with its count, parts, source and the print files that hold it;
decks, tiles and boards."""
from __future__ import annotations

from functools import cached_property
from pathlib import PurePosixPath

from markupsafe import Markup

from generator.rules_site.i18n import kind_name, method_name, t
from generator.rules_site.markup import component_anchor, deck_anchor, md_escape
from generator.rules_site.views.common import (
    GameBase,
    SiteGame,
    cite,
    cite_plain,
    notes_shown,
    show_value,
    text,
    value,
)
from generator.rules_site.views.downloads import PrintView


class ComponentsView(GameBase):
    @cached_property
    def placements(self) -> dict[str, list[str]]:
        """component id → ['file.pdf (p. 1–3)', …] from the manifest's contents, when it lists them."""
        return component_placements(self.game, self.lang)

    @cached_property
    def component_rows(self) -> list[dict]:
        rows: list[dict] = []
        seen: set[str] = set()
        for comp in self.data.components:
            if not comp.parent or comp.parent not in self.index.components:
                self._visit(comp, 0, rows, seen)
        for comp in self.data.components:  # anything in a parent cycle still gets its row
            self._visit(comp, 0, rows, seen)
        return rows

    def _visit(self, comp, depth: int, rows: list[dict], seen: set[str]) -> None:
        """The component's row, then its parts' rows under it (depth first, each component once)."""
        if comp.id in seen:
            return
        seen.add(comp.id)
        rows.append(self._component_row(comp, depth))
        for kid in self.index.children.get(comp.id, []):
            self._visit(kid, depth + 1, rows, seen)

    def _component_row(self, comp, depth: int) -> dict:
        lang = self.lang
        breakdown = []
        if comp.per_faction:
            breakdown.append(Markup(" · ").join(md_escape(self.faction_name(f)) + Markup(" ") + value(n, lang)
                                                for f, n in comp.per_faction.items()))
        if comp.parent and depth == 0:  # shown under its whole, the ↳ already says so
            breakdown.append(md_escape(self.t("part_of", parent=self.comp_name(comp.parent))))
        conflicts = [md_escape(self.t("also_says", value=show_value(c.value, lang), cite=cite_plain(c.source, lang)))
                     for c in comp.conflicts]
        if comp.print is None:
            printing = Markup("—")
        elif comp.print.method == "none":
            printing = md_escape(self.t("not_printed", reason=comp.print.reason or "") if notes_shown(lang)
                                 else self.t("not_printed_short"))
        else:
            printing = md_escape(method_name(comp.print.method, lang))
        files = self.placements.get(comp.id, [])
        name = ("↳ " * depth) + self.comp_name(comp.id)
        return {
            "id": comp.id,
            "anchor": component_anchor(comp.id),
            "name": Markup(f'<span id="{component_anchor(comp.id)}"></span>') + md_escape(name),
            "kind": kind_name(comp.kind, lang),
            "count": value(comp.count, lang),
            "conflicts": Markup("<br>").join(conflicts),
            "breakdown": Markup("<br>").join(breakdown) if breakdown else Markup("—"),
            "module": self.module_name(comp.module),
            "print": printing,
            "files": Markup("<br>").join(md_escape(f) for f in files) if files else Markup("—"),
            "source": cite(comp.source, lang),
            "notes": self.links("components").inline(text(comp.notes, lang)) if comp.notes else Markup(""),
        }

    @property
    def deck_rows(self) -> list[dict]:
        rows = []
        for deck in self.data.decks:
            cards = self.index.cards_by_deck.get(deck.id, [])
            size = deck.size if isinstance(deck.size, str) else f"{deck.size.w:g} × {deck.size.h:g} mm"
            rows.append({"anchor": deck_anchor(deck.id), "name": text(deck.name, self.lang),
                         "component": self.comp_link(deck.component, "components"),
                         "size": size, "size_source": cite(deck.size_source, self.lang),
                         "cards": len(cards), "faction": self.faction_name(deck.faction),
                         "back": text(deck.back.title, self.lang) if deck.back.title else ""})
        return rows

    @property
    def tile_rows(self) -> list[dict]:
        rows = []
        for tile in self.data.tiles:
            rows.append({"name": text(tile.name, self.lang), "component": self.comp_link(tile.component, "components"),
                         "shape": tile.shape, "hexes": len(tile.hexes) if tile.hexes else "",
                         "copies": value(tile.copies, self.lang), "source": cite(tile.source, self.lang)})
        return rows

    @property
    def board_rows(self) -> list[dict]:
        rows = []
        for board in self.data.boards:
            details = []
            if board.sides:
                details.append(" / ".join(text(s.name, self.lang) for s in board.sides))
            if board.grid:
                details.append(f"{board.grid.cols} × {board.grid.rows}")
            for track in board.tracks:
                details.append(f"{text(track.name, self.lang)} ({track.spaces})")
            for wheel in board.wheels:
                details.append(f"{text(wheel.name, self.lang)} ({wheel.segments})")
            if board.regions:
                details.append(", ".join(text(r.name, self.lang) for r in board.regions))
            rows.append({"name": text(board.name, self.lang),
                         "component": self.comp_link(board.component, "components") if board.component else "—",
                         "details": Markup(" · ").join(md_escape(d) for d in details) or Markup("—"),
                         "source": cite(board.source, self.lang)})
        return rows

    @property
    def board_images(self) -> list[dict]:
        return self.view(PrintView).board_images


def component_placements(game: SiteGame, lang: str) -> dict[str, list[str]]:
    """Which print file (and pages) holds each component, from the typed manifest entries: the board an
    entry draws (``board``), the ids it counts (``contents``: components, or decks, cards and tiles that
    stand for theirs) and the pages of each component (``components``)."""
    index = game.index
    card_deck = {c.id: c.deck for c in index.data.cards}
    tile_comp = {tl.id: tl.component for tl in index.data.tiles}
    board_comp = {b.id: b.component for b in index.data.boards}

    def to_component(kind: str | None, ident: str) -> str | None:
        if ident in index.components and kind in (None, "component", "id"):
            return ident
        if kind in (None, "deck", "id") and ident in index.decks:
            return index.decks[ident].component
        if kind in (None, "card", "id") and ident in card_deck:
            deck = index.decks.get(card_deck[ident])
            return deck.component if deck else None
        if kind in (None, "tile", "id") and ident in tile_comp:
            return tile_comp[ident]
        if kind in (None, "board", "id") and ident in board_comp:
            return board_comp[ident]
        return ident if ident in index.components else None

    found: dict[str, dict[str, set[int]]] = {}

    def note(comp: str | None, name: str, pages: tuple[int, ...] = ()) -> None:
        if comp:
            found.setdefault(comp, {}).setdefault(name, set()).update(pages)

    for art in game.artifacts:
        name = game.downloads.get(art.path) or PurePosixPath(art.path).name
        if art.board is not None:
            note(to_component("board", art.board), name)
        for ident in art.contents or {}:
            note(to_component(None, ident), name)
        for placed in art.components or ():
            note(to_component("component", placed.component), name, placed.pages)
    short = t("pages_short", lang)
    return {comp: [f"{name} ({short} {_page_ranges(pages)})" if pages else name for name, pages in sorted(files.items())]
            for comp, files in found.items()}


def _page_ranges(pages: set[int]) -> str:
    nums = sorted(pages)
    ranges = []
    start = prev = nums[0]
    for n in nums[1:]:
        if n == prev + 1:
            prev = n
            continue
        ranges.append(f"{start}–{prev}" if prev != start else str(start))
        start = prev = n
    ranges.append(f"{start}–{prev}" if prev != start else str(start))
    return ", ".join(ranges)
