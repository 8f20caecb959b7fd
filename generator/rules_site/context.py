"""Model → what the templates show, per game and language.

Templates only lay things out; every value they print comes from here, already in the page's language.
Data text arrives as plain ``str`` (the jinja environment escapes it) or as ``Markup`` produced by
``markup.TextLinks`` (escaped, with links). Setup numbers come from ``model.reports.setup_report`` and
the validator's ``consumption`` — the site never recomputes them its own way.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import PurePosixPath
from typing import Any

from markupsafe import Markup
from pydantic import BaseModel

from generator.errors import Severity
from generator.i18n import has, tn
from generator.model.index import GameIndex
from generator.model.reports import inventory_report, setup_report
from generator.model.setup import consumption
from generator.model.values import local
from generator.rules_site.glossary import sorted_terms, term_forms, text_links
from generator.rules_site.i18n import (
    LANGS,
    action_name,
    counted,
    kind_name,
    method_name,
    players_label,
    t,
)
from generator.rules_site.markup import (
    TextLinks,
    card_anchor,
    component_anchor,
    deck_anchor,
    md_escape,
    rule_anchor,
    safe_id,
    safe_title,
    tab_title,
    term_anchor,
)
from generator.schema.base import UNKNOWN, L10n, Source
from generator.validate.run import GameResult
from generator.write.manifest import Artifact

PAGES = ("index", "quick", "components", "setup", "rules", "glossary", "az", "cards", "print", "findings")
PAGE_TITLE_KEYS = {"index": "overview", "quick": "quick", "components": "components", "setup": "setup",
                   "rules": "rules", "glossary": "glossary", "az": "az", "cards": "cards", "print": "print",
                   "findings": "findings"}


@dataclass
class SiteGame:
    """One game as the site sees it: the model, the validator's result and what earlier targets wrote."""

    index: GameIndex
    result: GameResult | None = None
    artifacts: list[Artifact] = field(default_factory=list)   # manifest entries of this game
    previews: dict[str, str] = field(default_factory=dict)  # card id → SVG text from the print engine
    downloads: dict[str, str] = field(default_factory=dict)  # artifact path → file name under <game>/files/

    @property
    def game_id(self) -> str:
        return self.index.game_id


def text(value: L10n | str | None, lang: str) -> str:
    if value is None:
        return ""
    if isinstance(value, L10n):
        return getattr(value, lang)
    return str(value)


# The data's editorial notes (``source.note``, ``source.assumption``, ``print.reason``, readings' notes) are
# free text written in one language, English; pages in any other language show what is structured
# (section, page, the fact that a value is assumed) in their own words and leave the English prose to
# the English pages, so no page mixes languages.
NOTES_LANG = "en"


def notes_shown(lang: str) -> bool:
    return lang == NOTES_LANG


def cite(source: Source | None, lang: str) -> Markup:
    """A source in the page's language: 'ZAWARTOŚĆ PUDEŁKA, s. 2' or 'założenie: …'."""
    if source is None:
        return Markup("—")
    if source.is_designer:  # an original game: the designer's own decision, not a rulebook fact
        return md_escape(source.note or t("designer_choice", lang))
    if source.is_owner and not source.section:  # filled in by the kit's owner (an overlay)
        return md_escape(t("owner_source", lang, where=source.owner))
    label = Markup(f'<span class="pnp-assumption">{t("assumption", lang)}</span>')
    if source.is_assumption:
        if notes_shown(lang):
            return label + Markup(": ") + md_escape(source.assumption)
        return label + Markup(" ") + md_escape(t("assumption_elsewhere", lang))
    out = md_escape(cite_plain(source, lang))
    if source.assumption:  # a cited section whose value we still had to choose
        out += Markup(" (") + label + (Markup(": ") + md_escape(source.assumption) if notes_shown(lang)
                                       else Markup("")) + Markup(")")
    return out


UNKNOWN_MARK = {lang: Markup(f'<span class="pnp-unknown" title="{t("unknown_title", lang)}">'
                             f'{t("unknown", lang)}</span>') for lang in LANGS}


def value(v: Any, lang: str) -> Markup:
    if v is None or v == UNKNOWN:
        return UNKNOWN_MARK[lang]
    if not isinstance(v, (str, int, float)):  # a localized value ({pl, en}) picks the page's language
        return md_escape(local(v, lang))
    if isinstance(v, str):
        return data_text(v, lang)
    return md_escape(show_value(v, lang))


# Words that mark a free-text value as English prose (none of them is a Polish word).
ENGLISH_WORDS = frozenset(["the", "and", "of", "is", "are", "per", "with", "from", "when", "each", "not", "this", "that", "stated", "derived", "step", "says", "only", "which", "has", "have", "been", "or", "but", "its", "it", "for", "as", "at", "least", "above", "below", "next", "any", "every", "all", "more", "than", "yes", "no", "none", "must", "own", "player", "players", "card", "cards", "round", "rounds", "turn", "turns", "strength", "influence", "could", "would", "include", "includes", "also", "there", "their", "then", "into", "onto", "over", "under", "after", "before", "between", "both", "either", "other", "some", "such", "what", "where", "who", "why", "how", "instead", "until", "while", "within", "without", "city", "cities", "used", "takes", "gives", "get", "gets", "may", "can", "will", "should", "first", "last", "whoever", "built", "heal", "train", "move"])
_WORD = re.compile(r"[^\W\d_]+")


def looks_english(text_value: str) -> bool:
    """A data string that is English prose, not a name or a number (the data's free-text values — table
    cells, constants, readings — are single-language strings): two English words, or one in a phrase of
    plain ASCII words (Polish prose nearly always has a letter with a diacritic)."""
    words = [w.lower() for w in _WORD.findall(text_value)]
    hits = sum(1 for w in words if w in ENGLISH_WORDS)
    return hits >= 2 or (hits == 1 and all(w.isascii() for w in words))


def split_bilingual(text_value: str, lang: str) -> str | None:
    """'karta do zasadzki / card to ambush' — the data's 'pl / en' convention → the page's half."""
    parts = text_value.split(" / ")
    if len(parts) == 2 and all(_WORD.search(p) for p in parts) and looks_english(parts[1]) \
            and not looks_english(parts[0]):
        return parts[0] if lang == "pl" else parts[1]
    return None


_PAREN = re.compile(r"\s*\(([^()]*)\)")


def free_text(text_value: str, lang: str) -> str | None:
    """A free-text value from the data as a page in ``lang`` shows it: its half of a 'pl / en' pair, the
    text without English asides in brackets, or None when it is English prose on a page in another
    language (the caller says so in the page's words)."""
    half = split_bilingual(text_value, lang)
    if half is not None:
        return half
    if lang == NOTES_LANG:
        return text_value
    stripped = _PAREN.sub(lambda m: "" if looks_english(m.group(1)) else m.group(0), text_value).strip()
    if not stripped or looks_english(stripped):
        return None
    return stripped


def data_text(text_value: str, lang: str) -> Markup:
    shown = free_text(text_value, lang)
    if shown is None:
        return Markup(f'<span class="pnp-unknown">{md_escape(t("text_in_english", lang))}</span>')
    return md_escape(shown)


UNITS = ("cards", "strength", "rounds", "areas", "units", "steps", "piles", "influence", "VP", "years", "uses",
         "tokens", "stages", "points", "heroes", "figures", "gold", "damage", "cities", "actions", "Seas",
         "Regions", "squares", "knowledge", "percent", "resource cards", "dragon runes", "same-faction cards",
         "free men (max)", "cards per player", "per round", "per card per round", "influence per card")


def unit_text(unit: str, n: Any, lang: str) -> str | None:
    """A constant's unit (an English word in the data) in the page's language, or None when it is prose."""
    if lang == NOTES_LANG:
        return unit
    key = "unit." + unit.lower().replace(" ", "_").replace("(", "").replace(")", "")
    if unit not in UNITS or not has(lang, f"site.{key}"):
        return None
    count = n if isinstance(n, int) and not isinstance(n, bool) else 5
    return tn(lang, f"site.{key}", count)


def range_text(lo: int | None, hi: int | None) -> str:
    if lo is None:
        return ""
    return str(lo) if hi is None or hi == lo else f"{lo}–{hi}"


@dataclass
class GameView:
    game: SiteGame
    lang: str

    # ---- basics -------------------------------------------------------------------------------------
    @property
    def data(self):
        return self.game.index.data

    @property
    def index(self) -> GameIndex:
        return self.game.index

    @property
    def id(self) -> Markup:
        return safe_id(self.game.game_id)

    @property
    def title(self) -> str:
        return text(self.data.game.title, self.lang)

    @property
    def title_yaml(self) -> Markup:
        """The game's page title for front matter: a JSON string (valid YAML), markup-proof."""
        return Markup(json.dumps(safe_title(self.title), ensure_ascii=False))

    def links(self, page: str, prefix: str = "") -> TextLinks:
        return self._links.for_page(page, prefix)

    @cached_property
    def _links(self) -> TextLinks:
        return text_links(self.index, self.lang, "index")

    def t(self, key: str, **fields) -> str:
        return t(key, self.lang, **fields)

    def comp_name(self, comp_id: str) -> str:
        comp = self.index.components.get(comp_id)
        return text(comp.name, self.lang) if comp else comp_id

    def comp_link(self, comp_id: str, page: str) -> Markup:
        name = md_escape(self.comp_name(comp_id))
        if comp_id not in self.index.components:
            return name
        href = f"#{component_anchor(comp_id)}" if page == "components" else \
            f"components.md#{component_anchor(comp_id)}"
        return Markup(f"[{name}]({href})")

    def module_name(self, module_id: str | None) -> str:
        if not module_id:
            return ""
        mod = next((m for m in self.data.modules if m.id == module_id), None)
        return text(mod.name, self.lang) if mod else module_id

    def faction_name(self, faction_id: str | None) -> str:
        if not faction_id:
            return ""
        fac = next((f for f in self.data.factions if f.id == faction_id), None)
        return text(fac.name, self.lang) if fac else faction_id

    # ---- overview -----------------------------------------------------------------------------------
    @property
    def players(self) -> str:
        p = self.data.game.players
        return range_text(p.min, p.max)

    @property
    def play_time(self) -> str:
        pt = self.data.game.play_time
        if pt is None:
            return ""
        return f"{range_text(pt.min_minutes, pt.max_minutes)} {self.t('minutes')}"

    @property
    def summary(self) -> Markup:
        return self.links("index").block(text(self.data.game.summary, self.lang))

    @property
    def home_summary(self) -> Markup:
        """The summary as the home page (one folder up) shows it."""
        return self.links("home", prefix=f"{self.id}/").block(text(self.data.game.summary, self.lang),
                                                               autolink=False)

    @property
    def module_names(self) -> Markup:
        return Markup(" · ").join(md_escape(self.module_name(m.id)) for m in self.data.modules)

    @property
    def faction_chips(self) -> Markup:
        return Markup(" · ").join(
            Markup(f'<span class="pnp-chip" style="--pnp-chip: {f.color}"></span>') + md_escape(self.faction_name(f.id))
            for f in self.data.factions)

    @cached_property
    def box_totals(self) -> list[tuple[str, int]]:
        """Totals per kind, as `pnp inventory` counts them (wholes once, unknowns left out)."""
        totals = inventory_report(self.index)["totals"]
        return [(kind_name(kind, self.lang), n) for kind, n in totals.items()]

    @cached_property
    def hero_image(self) -> Markup:
        """The game's picture (relative to its folder): a card preview, a board image, or the emblem."""
        for deck in self.gallery:
            for card in deck["cards"]:
                if card["preview"]:
                    return card["preview"]
        if self.board_images:
            return self.board_images[0]["file"]
        return safe_id("img/emblem.svg")

    @property
    def stats(self) -> str:
        numbers = {"rules": len(self.data.rules), "terms": len(self.data.glossary), "cards": len(self.data.cards),
                   "findings": len(self.findings["contradictions"]), "unknowns": len(self.findings["unknowns"])}
        return " · ".join(counted(n, key, self.lang) for key, n in numbers.items())

    # ---- components ---------------------------------------------------------------------------------
    @cached_property
    def placements(self) -> dict[str, list[str]]:
        """component id → ['file.pdf (p. 1–3)', …] from the manifest's contents, when it lists them."""
        return component_placements(self.game, self.lang)

    @cached_property
    def component_rows(self) -> list[dict]:
        rows: list[dict] = []
        children = self.index.children
        seen: set[str] = set()

        def visit(comp, depth: int) -> None:
            if comp.id in seen:
                return
            seen.add(comp.id)
            rows.append(self._component_row(comp, depth))
            for kid in children.get(comp.id, []):
                visit(kid, depth + 1)

        for comp in self.data.components:
            if not comp.parent or comp.parent not in self.index.components:
                visit(comp, 0)
        for comp in self.data.components:  # anything in a parent cycle still gets its row
            visit(comp, 0)
        return rows

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

    # ---- setup --------------------------------------------------------------------------------------
    @cached_property
    def setup_groups(self) -> list[dict]:
        """One group per scenario (or the plain game), each with one tab per player count."""
        data = self.data
        scenarios = sorted(data.scenarios, key=lambda s: not s.default)
        groups: list[dict] = []
        if not any(s.default for s in scenarios):
            groups.append({"id": None, "title": self.t("standard_game"), "scenario": None})
        for s in scenarios:
            groups.append({"id": s.id, "title": text(s.name, self.lang), "scenario": s})
        if data.setup is None:
            return []
        for group in groups:
            group["title_md"] = tab_title(group["title"])
            scen = group["scenario"]
            counts = self.index.player_counts
            if scen is not None and scen.players:
                counts = [n for n in counts if scen.players.min <= n <= scen.players.max]
            group["info"] = self._scenario_info(scen) if scen else []
            group["tabs"] = [self._setup_tab(n, group["id"]) for n in counts]
        for i, group in enumerate(groups):
            for tab in group["tabs"]:  # linkable tabs: #gracze-3 (first group), #<scenario>-gracze-3
                anchor = self.t("players_anchor", n=tab["players"])
                tab["anchor"] = safe_id(anchor if i == 0 else f"{group['id'] or 'standard'}-{anchor}")
                parts = [self.t("setup")] + ([group["title"]] if len(groups) > 1 else []) + \
                    [players_label(tab["players"], self.lang)]
                tab["search_title"] = " — ".join(parts)
        return groups

    def _scenario_info(self, scen) -> list[tuple[str, Markup]]:
        links = self.links("setup")
        info = [(self.t("summary"), links.inline(text(scen.summary, self.lang)))]
        if scen.players:
            info.append((self.t("players"), md_escape(range_text(scen.players.min, scen.players.max))))
        if scen.modules:
            info.append((self.t("modules"), md_escape(", ".join(self.module_name(m) for m in scen.modules))))
        if scen.setup_changes:
            info.append((self.t("setup_changes"), links.inline(text(scen.setup_changes, self.lang))))
        if scen.victory:
            info.append((self.t("victory"), links.inline(text(scen.victory, self.lang))))
        info.append((self.t("source"), cite(scen.source, self.lang)))
        return info

    def _setup_tab(self, n: int, scenario: str | None) -> dict:
        lang = self.lang
        report = setup_report(self.index, n, scenario)
        links = self.links("setup")
        rows = []
        for row in report["rows"]:
            rows.append({"component": self.comp_link(row["component"], "setup"),
                         "action": action_name(row["action"], lang),
                         "count": value(row["values"][str(n)], lang),
                         "formula": row["formula"] or "",
                         "module": self.t("only_with", module=self.module_name(row["module"])) if row["module"]
                         else "",
                         "source": cite_json(row["source"], lang)})
        per_player = []
        for item in report["per_player"]:
            each = item["count"]
            per_player.append({"component": self.comp_link(item["component"], "setup"),
                               "action": action_name(item["action"], lang),
                               "each": value(each, lang),
                               "total": value(None if each is None else each * n, lang),
                               "faction": self.t("from_faction") if item["from_faction"] else "",
                               "module": self.t("only_with", module=self.module_name(item["module"]))
                               if item["module"] else "",
                               "source": cite_json(item["source"], lang)})
        steps = []
        for step in sorted(self.data.setup.steps, key=lambda s: s.number):
            if step.players is not None and n not in step.players:
                continue
            if step.scenario is not None and step.scenario != scenario:
                continue
            steps.append({"number": step.number, "text": links.inline(text(step.text, lang))})
        totals: dict[str, int | None] = {}
        for use in consumption(self.index, n, scenario, self.index.module_ids):
            if use.component not in self.index.components:
                continue
            prev = totals.get(use.component, 0)
            totals[use.component] = None if prev is None or use.amount is None else prev + use.amount
        check = []
        for comp_id, used in totals.items():
            have = self.index.available(comp_id)
            fits = None if used is None or have is None else used <= have
            check.append({"component": self.comp_link(comp_id, "setup"), "used": value(used, lang),
                          "have": value(have, lang),
                          "fits": "" if fits is None else ("✓ " + self.t("fits") if fits else "✗ " + self.t("exceeds"))})
        return {"players": n, "label": tab_title(players_label(n, lang)), "rows": rows, "per_player": per_player,
                "steps": steps, "check": check}

    # ---- rules --------------------------------------------------------------------------------------
    @cached_property
    def rules(self) -> list[dict]:
        links = self.links("rules")
        out = []
        for rule in sorted(self.data.rules, key=lambda r: tuple(int(p) for p in r.number.split("."))):
            depth = rule.number.count(".") + 1
            linked: set = set()
            see = [links.rule_link(num) for num in rule.see]
            out.append({
                "number": rule.number,
                "anchor": rule_anchor(rule.number),
                "hashes": "#" * min(depth + 1, 6),
                "title": text(rule.title, self.lang),
                "body": links.block(text(rule.text, self.lang), linked),
                "see": Markup(", ").join(see) if see else "",
                "source": cite(rule.source, self.lang),
            })
        return out

    @property
    def rule_example(self) -> str:
        deepest = max((r.number for r in self.data.rules), key=lambda n: (n.count("."), n), default="4.2.1")
        return deepest

    @property
    def constants(self) -> list[dict]:
        return [{"name": text(c.name, self.lang), "value": self._constant_value(c),
                 "source": cite(c.source, self.lang)} for c in self.data.constants]

    def _constant_value(self, c) -> Markup:
        shown = value(c.value, self.lang)
        if not c.unit:
            return shown
        if not isinstance(c.unit, str):  # a localized unit ({pl, en})
            return shown + Markup(" ") + md_escape(local(c.unit, self.lang))
        unit = unit_text(c.unit, c.value, self.lang)
        if unit is None:
            return shown + Markup(" ") + Markup(f'<span class="pnp-unknown">{md_escape(self.t("unit_in_english"))}</span>')
        return shown + Markup(" ") + md_escape(unit)

    @property
    def tables(self) -> list[dict]:
        out = []
        for table in self.data.tables:
            columns = [c for c in table.columns if _column_lang(c.id) in (None, self.lang)]
            cols = [text(c.name, self.lang) for c in columns]
            rows = []
            for row in table.rows:
                key = text(row.label, self.lang) if row.label else str(row.key)
                rows.append({"key": key, "cells": [value(row.values.get(c.id), self.lang) for c in columns]})
            out.append({"name": text(table.name, self.lang), "key_name": text(table.key_name, self.lang),
                        "columns": cols, "rows": rows, "source": cite(table.source, self.lang)})
        return out

    @property
    def cost_rules(self) -> list[dict]:
        out = []
        tables = {tb.id: tb for tb in self.data.tables}
        for rule in self.data.cost_rules:
            deck = self.index.decks.get(rule.deck)
            table = tables.get(rule.table)
            column = next((c for c in table.columns if c.id == rule.column), None) if table else None
            out.append({"text": md_escape(self.t(
                "cost_rule_text", deck=text(deck.name, self.lang) if deck else rule.deck, stat=rule.by_stat,
                table=text(table.name, self.lang) if table else rule.table,
                column=text(column.name, self.lang) if column else rule.column)),
                "source": cite(rule.source, self.lang)})
        return out

    @property
    def recipes(self) -> list[dict]:
        out = []
        for recipe in self.data.recipes:
            inputs = ", ".join(f"{'?' if i.count == UNKNOWN else i.count} × {self.item_name(i.item)}"
                               for i in recipe.inputs)
            out.append({"name": text(recipe.name, self.lang), "output": self.item_name(recipe.output),
                        "inputs": inputs, "source": cite(recipe.source, self.lang)})
        return out

    def item_name(self, item_id: str) -> str:
        if item_id in self.index.components:
            return self.comp_name(item_id)
        for card in self.data.cards:
            if card.id == item_id:
                return text(card.name, self.lang)
        for const in self.data.constants:
            if const.id == item_id:
                return text(const.name, self.lang)
        return item_id

    # ---- glossary -----------------------------------------------------------------------------------
    @cached_property
    def glossary(self) -> list[dict]:
        links = self.links("glossary")
        other = next((lang for lang in self.data.game.languages if lang != self.lang), None)
        out = []
        for term in sorted_terms(self.data.glossary, self.lang):
            forms = term_forms(term, self.lang)
            other_forms = term_forms(term, other) if other else []
            see_also = [links.term_link(s) for s in term.see_also]
            out.append({
                "id": term.id,
                "anchor": term_anchor(term.id),
                "name": text(term.term, self.lang),
                "toc_label": Markup(re.sub(r"[^\w \-.,'()/+]", "", text(term.term, self.lang))),
                "forms": forms,
                "search_forms": " ".join(forms[1:]),
                "other_name": text(term.term, other) if other else None,
                "other_forms": other_forms,
                "definition": links.block(text(term.definition, self.lang), skip_term=term.id),
                "see_also": Markup(", ").join(see_also) if see_also else "",
                "rule": links.rule_link(term.rule) if term.rule else "",
                "source": cite(term.source, self.lang),
            })
        return out

    # ---- A–Z index and quick reference -------------------------------------------------------------
    @cached_property
    def az_index(self) -> list[dict]:
        """Every named thing of the game — terms, rules, components, decks, cards — by letter."""
        from generator.rules_site.i18n import collation_key
        lang = self.lang
        entries: list[tuple[str, str, str]] = []  # (label, kind, link)
        for term in self.data.glossary:
            entries.append((text(term.term, lang), self.t("term_one"), f"glossary.md#{term_anchor(term.id)}"))
        for rule in self.data.rules:
            entries.append((text(rule.title, lang), f"{self.t('rule')} {rule.number}",
                            f"rules.md#{rule_anchor(rule.number)}"))
        for comp in self.data.components:
            entries.append((text(comp.name, lang), self.t("component"), f"components.md#{component_anchor(comp.id)}"))
        for deck in self.data.decks:
            entries.append((text(deck.name, lang), self.t("deck"), f"cards.md#{deck_anchor(deck.id)}"))
        for card in self.data.cards:
            entries.append((text(card.name, lang), self.t("card_one"), f"cards.md#{card_anchor(card.id)}"))
        seen: set[tuple[str, str]] = set()
        letters: dict[str, list[dict]] = {}
        for label, kind, link in sorted(entries, key=lambda e: (collation_key(e[0], lang), e[1])):
            label = label.strip()
            if not label or (label.casefold(), link) in seen:
                continue
            seen.add((label.casefold(), link))
            first = label[0].upper() if label[0].isalpha() else "#"
            letters.setdefault(first, []).append({"label": label, "kind": kind, "link": Markup(link)})
        return [{"letter": k, "anchor": safe_id("az-" + (str(ord(k)) if not k.isascii() or not k.isalnum()
                                                         else k.lower())), "entries": v}
                for k, v in letters.items()]

    @cached_property
    def quick_setup(self) -> dict:
        """Setup at a glance: component × player count (the standard game), from the setup report."""
        counts = self.index.player_counts
        if self.data.setup is None or not counts:
            return {"counts": [], "rows": []}
        default = next((s.id for s in self.data.scenarios if s.default), None)
        report = setup_report(self.index, None, default)
        rows = []
        for row in report["rows"]:
            rows.append({"component": self.comp_link(row["component"], "quick"),
                         "action": action_name(row["action"], self.lang),
                         "cells": [value(row["values"].get(str(n)), self.lang) for n in counts]})
        for item in report["per_player"]:
            each = item["count"]
            rows.append({"component": self.comp_link(item["component"], "quick"),
                         "action": action_name(item["action"], self.lang) + " — " + self.t("each_player").lower(),
                         "cells": [value(None if each is None else each * n, self.lang) for n in counts]})
        return {"counts": counts, "rows": rows}

    @property
    def top_rules(self) -> list[dict]:
        return [{"number": r["number"], "title": r["title"], "anchor": r["anchor"]}
                for r in self.rules if "." not in r["number"]]

    # ---- cards --------------------------------------------------------------------------------------
    @cached_property
    def gallery(self) -> list[dict]:
        links = self.links("cards")
        decks = []
        for deck in self.data.decks:
            cards = self.index.cards_by_deck.get(deck.id, [])
            comp = self.index.components.get(deck.component)
            listed = sum(c.copies for c in cards if c.copies != UNKNOWN)
            unlisted = comp.count - listed if comp and comp.count != UNKNOWN and comp.count > listed else 0
            items = []
            for card in cards:
                faction = card.faction or deck.faction or ""
                stats = [(k, local(v, self.lang)) for k, v in card.stats.items()]
                card_text = card.text
                items.append({
                    "id": card.id,
                    "anchor": card_anchor(card.id),
                    "name": text(card.name, self.lang),
                    "copies": "?" if card.copies == UNKNOWN else card.copies,
                    "faction": faction,
                    "faction_name": self.faction_name(faction),
                    "faction_color": self._faction_color(faction),
                    "cost": None if card.cost is None else ("?" if card.cost == UNKNOWN else card.cost),
                    "stats": [(self.stat_name(k), "?" if v == UNKNOWN else v) for k, v in stats],
                    "traits": list(dict.fromkeys(self._labels.value_label(tr) for tr in card.traits)),
                    "text_html": links.html(text(card_text, self.lang)) if card_text not in (None, UNKNOWN) else None,
                    "text_unknown": card_text == UNKNOWN,
                    "owner": self.t("owner_filled") if self._owner_filled(card) else None,
                    "alt": links.plain(f"{text(card.name, self.lang)}. {text(card_text, self.lang)}"
                                       if card_text not in (None, UNKNOWN) else text(card.name, self.lang)),
                    "preview": safe_id(f"img/cards/{card.id}.svg") if card.id in self.game.previews else None,
                    "source": cite(card.source, self.lang),
                })
            decks.append({"id": deck.id, "anchor": deck_anchor(deck.id), "name": text(deck.name, self.lang),
                          "color": deck.back.color, "cards": items, "unlisted": unlisted})
        return decks

    @cached_property
    def _labels(self):
        """Traits and enum-like values in the page's language — the same labels the printed cards use."""
        from generator.plan.context import PlanContext

        return PlanContext(self.index, self.lang)

    def _owner_filled(self, card) -> bool:
        """Some value of the card comes from the owner's overlay (marked, never passed off as the rulebook's)."""
        index = self.index
        if not getattr(index, "owner_values", None):
            return False
        pos = next((n for n, c in enumerate(self.data.cards) if c is card), None)
        return pos is not None and any(index.owner_filled("cards", pos, f)
                                       for f in ("name", "text", "cost", "copies", "stats"))

    def stat_name(self, key: str) -> str:
        return next((text(st.name, self.lang) for st in self.data.stats if st.id == key), key.replace("_", " "))

    def _faction_color(self, faction_id: str) -> str:
        fac = next((f for f in self.data.factions if f.id == faction_id), None)
        return fac.color if fac else "#777777"

    @property
    def gallery_factions(self) -> list[tuple[str, str]]:
        used = {c["faction"] for d in self.gallery for c in d["cards"]}
        out = [(f.id, text(f.name, self.lang)) for f in self.data.factions if f.id in used]
        if "" in used and out:
            out.append(("-", self.t("no_faction")))
        return out

    # ---- print --------------------------------------------------------------------------------------
    @cached_property
    def downloads(self) -> list[dict]:
        out = []
        for art in self.game.artifacts:
            path = art.path
            name = self.game.downloads.get(path)
            if not name or not path.lower().endswith(".pdf"):
                continue
            if art.lang and art.kind == "rules" and art.lang != self.lang:
                continue  # the rules reference in the page's own language only
            out.append(self._download_row(art, name))
        return out

    @cached_property
    def download_groups(self) -> list[dict]:
        """PDFs grouped the way people print them: home A4, home Letter, print shop, boards …"""
        groups: dict[tuple, dict] = {}
        for row in self.downloads:
            key = (row["group_order"], row["group"])
            groups.setdefault(key, {"title": row["group"], "note": row["group_note"], "rows": []})["rows"].append(row)
        out = []
        for key in sorted(groups):
            group = groups[key]
            group["rows"].sort(key=lambda r: (ARTIFACT_ORDER.get(r["kind"], 99), r["name"]))
            out.append(group)
        return out

    @cached_property
    def board_images(self) -> list[dict]:
        out = []
        for art in self.game.artifacts:
            path = art.path
            name = self.game.downloads.get(path)
            if name and path.lower().endswith(".svg"):
                out.append({"file": safe_id(f"files/{name}"), "name": name,
                            "title": art_title(art, self.index, self.lang) or name})
        return out

    def _download_row(self, art: Artifact, name: str) -> dict:
        pages = art.pages
        sides = duplex_mode(art.duplex)
        how = {"long": self.t("duplex_long"), "short": self.t("duplex_short"), "none": self.t("single_sided"),
               "fold": self.t("fold_over"), None: ""}[sides]
        sheets = None if pages is None else (pages + 1) // 2 if sides in ("long", "short") else pages
        kind = art.kind or ""
        profile = art.profile or ""
        paper = art.paper or ""
        group_order, group, note = download_group(kind, profile, paper, self.lang)
        return {"file": safe_id(f"files/{name}"), "name": name, "kind": kind,
                "kind_name": artifact_kind_name(kind, self.lang),
                "title": art_title(art, self.index, self.lang) or self._contents_text(art.contents),
                "paper": PAPER_NAMES.get(paper, paper.upper()), "profile": profile,
                "pages": pages if pages is not None else "", "sheets": sheets if sheets is not None else "",
                "how": how, "size": human_size(art.bytes), "group": group, "group_order": group_order,
                "group_note": note}

    def _contents_text(self, contents: Any) -> str:
        if isinstance(contents, dict):
            return ", ".join(f"{self.item_name(str(k))} ×{v}" if isinstance(v, int) else self.item_name(str(k))
                             for k, v in contents.items())
        return ""

    @property
    def print_steps(self) -> list[Markup]:
        return [Markup(s) for s in self.t("print_steps").split("|")]

    # ---- findings -----------------------------------------------------------------------------------
    @cached_property
    def findings(self) -> dict[str, list[dict]]:
        """The validator's findings and warnings, unknown values and assumptions, in the page's language:
        rulebook contradictions are written from the data's own readings (values and citations), warnings
        from their code and the model; the validator's English sentences show on English pages only."""
        result = self.game.result
        lang = self.lang
        out: dict[str, list[dict]] = {"contradictions": [], "warnings": [], "unknowns": [], "assumptions": []}
        if result is not None:
            for issue in result.issues:
                if issue.severity not in (Severity.FINDING, Severity.WARNING):
                    continue
                key = "contradictions" if issue.severity == Severity.FINDING else "warnings"
                out[key].append({"where": f"{short_file(issue.span.file)}:{issue.span.line}",
                                 "item": md_escape(describe_path(self.data, issue.path, lang)),
                                 "message": md_escape(self._issue_text(issue)),
                                 "code": issue.code})
            for unknown in result.unknowns:
                out["unknowns"].append({"where": f"{short_file(unknown['file'])}:{unknown['line']}",
                                        "item": md_escape(describe_path(self.data, unknown["path"], lang)),
                                        "field": field_label(unknown["path"], self.data, lang)})
        for path, source in walk_sources(self.data):
            if source.assumption:
                out["assumptions"].append({
                    "item": md_escape(describe_path(self.data, path, lang)),
                    "field": field_label(path, self.data, lang),
                    "text": md_escape(source.assumption) if notes_shown(lang)
                    else md_escape(t("assumption_elsewhere", lang))})
        return out

    def _issue_text(self, issue) -> str:
        lang = self.lang
        if notes_shown(lang):
            return issue.message + (f" ({issue.hint})" if issue.hint else "")
        chain = resolve_path(self.data, issue.path)
        obj = chain[-1][1] if chain else None
        owner = next((o for _, o in reversed(chain[:-1]) if isinstance(o, BaseModel)), None)
        if issue.code == "rulebook":
            from generator.schema.base import Reading
            from generator.schema.rules import Contradiction
            if isinstance(obj, Contradiction):
                readings = "; ".join(f"{show_value(r.value, lang)} ({cite_plain(r.source, lang)})" for r in obj.readings)
                return text(obj.summary, lang) + (f" — {readings}" if readings else "") + \
                    f" [{cite_plain(obj.source, lang)}]"
            if isinstance(obj, Reading) and owner is not None:
                current = getattr(owner, obj.field, None) if obj.field != "values" else None
                return t("conflict_text", lang, field=field_name(obj.field, self.data, lang),
                         a=show_value(self._named(current), lang) if current is not None else t("see_table", lang),
                         a_cite=cite_plain(getattr(owner, "source", None), lang),
                         b=show_value(self._named(obj.value), lang), b_cite=cite_plain(obj.source, lang))
        if issue.code == "deck-empty" and obj is not None and hasattr(obj, "component"):
            comp = self.index.components.get(obj.component)
            count = comp.count if comp is not None and comp.count != UNKNOWN else "?"
            return t("warn_deck_empty", lang, n=count)
        if issue.code == "print" and issue.path.endswith(".count"):
            return t("warn_count_unknown_proxy", lang)
        if issue.code == "needs-module":
            m = _NEEDS_MODULE.search(issue.message)
            if m:
                modules = ", ".join(self.module_name(x.strip()) for x in m.group("modules").split(","))
                return t("warn_needs_module", lang, n=m.group("n"), used=m.group("used"), have=m.group("have"),
                         modules=modules, total=m.group("total"))
        return t("warn_other", lang)

    def _named(self, v: Any) -> Any:
        """An id among a reading's values → the thing's name (people read names, never ids)."""
        if isinstance(v, str) and v in self.index.components:
            return self.index.components[v].name
        if isinstance(v, str) and v in self.index.decks:
            return self.index.decks[v].name
        return v


_NEEDS_MODULE = re.compile(r"with (?P<n>\d+) players.*?setup needs (?P<used>\d+) .*? has only (?P<have>\d+); "
                           r"it works only with module (?P<modules>.+) \((?P<total>\d+)\)$")


def _column_lang(column_id: str) -> str | None:
    """A table column holding one language's text ('ability_pl', 'ability_en') → that language."""
    lang = column_id.rsplit("_", 1)[-1] if "_" in column_id else None
    return lang if lang in LANGS else None


def show_value(v: Any, lang: str) -> str:
    """A value from the data as a reader sees it: localized text in the page's language."""
    if isinstance(v, L10n):
        return getattr(v, lang)
    if isinstance(v, dict) and lang in v:
        return str(v[lang])
    if v == UNKNOWN or v is None:
        return t("unknown", lang)
    if isinstance(v, str):
        shown = free_text(v, lang)
        return t("text_in_english", lang) if shown is None else shown
    return str(v)


_KINDS = {"components": "component", "cards": "card_one", "decks": "deck", "tiles": "tile", "boards": "board",
          "rules": "rule", "glossary": "term_one", "constants": "constant_one", "tables": "table_one",
          "scenarios": "scenario_one", "setup": "setup", "factions": "faction", "modules": "module",
          "game": "game_one", "contradictions": "contradiction_one", "recipes": "recipe_one",
          "cost_rules": "cost_rules"}


def resolve_path(data, path: str) -> list[tuple[str, Any]]:
    """'components[2].conflicts[0]' → [(segment, object), …] as far as the path resolves."""
    obj: Any = data
    chain: list[tuple[str, Any]] = []
    for m in _SEGMENT.finditer(path):
        name, idx = m.group(1), m.group(2)
        try:
            if name is not None:
                obj = obj.get(name) if isinstance(obj, dict) else getattr(obj, name)
            elif isinstance(obj, list):
                obj = obj[int(idx)]
            elif isinstance(obj, dict):
                obj = obj.get(int(idx)) if idx.isdigit() and int(idx) in obj else obj.get(idx)
            else:
                break
        except (AttributeError, IndexError, ValueError, TypeError, KeyError):
            break
        if obj is None:
            break
        chain.append((name or idx, obj))
    return chain


def field_name(key: str, data, lang: str) -> str:
    """A field's name for a reader: the catalog's label, a card stat's own name, or a generic word."""
    from generator.i18n import has
    if has(lang, f"site.field_{key}"):
        return t(f"field_{key}", lang)
    for stat in getattr(data, "stats", []):
        if stat.id == key:
            return text(stat.name, lang)
    for table in getattr(data, "tables", []):
        for col in table.columns:
            if col.id == key:
                return text(col.name, lang)
    return t("field_other", lang)


def field_label(path: str, data, lang: str) -> str:
    """The last named field of a path ('cards[3].stats.strength' → 'Siła')."""
    names = [m.group(1) for m in _SEGMENT.finditer(path) if m.group(1)]
    return field_name(names[-1], data, lang) if names else t("field_other", lang)


# ---- helpers shared by the views ---------------------------------------------------------------------
def cite_plain(source: Source | None, lang: str) -> str:
    if source is None:
        return ""
    if source.is_assumption:
        return t("assumption", lang) + (f": {source.assumption}" if notes_shown(lang) else "")
    out = source.section or ""
    if source.page:
        out += f", {t('pages_short', lang)} {source.page}"
    if source.note and notes_shown(lang):
        out += f" — {source.note}"
    return out


def cite_json(source: dict | None, lang: str) -> Markup:
    """A source from a report's JSON (``reports.source_json``) shown like ``cite``."""
    if not source:
        return Markup("—")
    return cite(Source(section=source.get("section"), page=source.get("page"), note=source.get("note"),
                       assumption=source.get("assumption"), designer=bool(source.get("designer"))), lang)


ARTIFACT_ORDER = {k: i for i, k in enumerate(("cards", "tokens", "tiles", "dice", "aids", "board", "calibration"))}
ARTIFACT_KINDS = {
    "cards": ("karty", "cards"), "tokens": ("żetony i znaczniki", "tokens and markers"),
    "tiles": ("kafelki", "tiles"), "dice": ("kości (siatki)", "dice (nets)"), "aids": ("pomoce gracza", "player aids"),
    "calibration": ("arkusz kalibracyjny", "calibration sheet"), "board": ("plansza", "board"),
    "rules": ("zasady do druku", "printable rules"),
}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}


def artifact_kind_name(kind: str, lang: str) -> str:
    names = ARTIFACT_KINDS.get(kind)
    return names[LANGS.index(lang)] if names else kind


def download_group(kind: str, profile: str, paper: str, lang: str) -> tuple[int, str, str]:
    """(order, title, note) of the download group a print file belongs to."""
    paper_name = PAPER_NAMES.get(paper, paper.upper())
    if kind == "rules":
        return 0, t("rules_pdf_title", lang), t("rules_pdf_note", lang)
    if kind == "board" or profile in ("poster", "onepage"):
        return 3, t("group_boards", lang, paper=paper_name) if paper else t("boards", lang), t("group_boards_note", lang)
    if profile == "home" or (paper and profile in ("", "home")):
        return (1 if paper == "a4" else 2), t("group_home", lang, paper=paper_name), t("group_home_note", lang)
    if profile in ("printshop", "shop", "print-shop"):
        return 4, t("group_shop", lang), t("group_shop_note", lang)
    return 5, profile or t("other_files", lang), ""


def duplex_mode(value: Any) -> str | None:
    """A manifest entry's duplex field → 'long' | 'short' | 'none' | 'fold' | None (not recorded)."""
    if value is True:
        return "long"
    if value is False:
        return "none"
    if not isinstance(value, str):
        return None
    v = value.lower()
    for key, words in (("fold", ("fold",)), ("short", ("short",)), ("long", ("long", "duplex")),
                       ("none", ("none", "no", "single", "simplex", "off"))):
        if any(w == v or w in v.split("-") or v.startswith(w) for w in words):
            return key
    return None


def short_file(path: str) -> str:
    """Data file paths relative to the data folder's parent: 'demo/components.yaml'."""
    parts = PurePosixPath(path.replace("\\", "/")).parts
    return "/".join(parts[-2:]) if len(parts) >= 2 else path


def human_size(size: Any) -> str:
    if not isinstance(size, int):
        return ""
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024))} KB"
    return f"{size / 1024 / 1024:.1f} MB"


_SEGMENT = re.compile(r"\.?([A-Za-z_][\w\-]*)|\[([^\]]+)\]")


def describe_path(data, path: str, lang: str) -> str:
    """'components[2].conflicts[0]' → 'Element: Karty Zamków' — a kind and a name in the page's language,
    never an id. A nameless item is named by its parent (a setup row by its component)."""
    chain = resolve_path(data, path)
    label = ""
    kind_key = None
    for segment, obj in chain:
        if segment in _KINDS and kind_key is None:
            kind_key = _KINDS[segment]
        name_value = getattr(obj, "name", None) or getattr(obj, "term", None) or getattr(obj, "title", None)
        if isinstance(name_value, L10n):
            label = getattr(name_value, lang)
            kind_key = _KINDS.get(segment, kind_key)
        elif getattr(obj, "number", None) and isinstance(getattr(obj, "title", None), L10n):
            label = f"{obj.number} {getattr(obj.title, lang)}"
        elif isinstance(getattr(obj, "component", None), str) and not label:
            comp = next((c for c in data.components if c.id == obj.component), None)
            if comp is not None:
                label = getattr(comp.name, lang)
        elif isinstance(getattr(obj, "summary", None), L10n) and not label:
            label = getattr(obj.summary, lang)
    kind = t(kind_key, lang) if kind_key else ""
    if kind and label:
        return f"{kind}: {label}"
    return label or kind or t("field_other", lang)


def walk_sources(node: Any, path: str = ""):
    """Every Source in the data with its path (for the list of assumptions)."""
    if isinstance(node, Source):
        yield path, node
        return
    if isinstance(node, list):
        for i, item in enumerate(node):
            yield from walk_sources(item, f"{path}[{i}]")
    elif isinstance(node, dict):
        for key, item in node.items():
            yield from walk_sources(item, f"{path}[{key}]")
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from walk_sources(getattr(node, name), f"{path}.{name}" if path else name)


def art_title(art: Artifact, index: GameIndex, lang: str) -> str:
    """A readable title for a manifest entry: its board's name and variant (the ids the target recorded)."""
    board = next((b for b in index.data.boards if b.id == art.board), None)
    if board is None:
        return ""
    name = text(board.name, lang)
    return f"{name} ({art.variant})" if art.variant else name


def component_placements(game: SiteGame, lang: str) -> dict[str, list[str]]:
    """Which print file (and pages) holds each component, read defensively from manifest entries.

    Understands an entry naming one thing (``component``/``deck``/``board``) and lists of contents
    (``contents``/``items``/…: ids, or dicts with an id key and ``page``/``pages``)."""
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

    def note(comp: str | None, name: str, pages: Any) -> None:
        if not comp:
            return
        slot = found.setdefault(comp, {}).setdefault(name, set())
        for p in _page_numbers(pages):
            slot.add(p)

    for art in game.artifacts:
        name = game.downloads.get(art.path) or PurePosixPath(art.path).name
        if art.board is not None:
            note(to_component("board", art.board), name, None)
        for ident in art.contents or {}:
            note(to_component(None, ident), name, None)
        for placed in art.components or ():
            note(to_component("component", placed.component), name, list(placed.pages))
    short = t("pages_short", lang)
    return {comp: [f"{name} ({short} {_page_ranges(pages)})" if pages else name for name, pages in sorted(files.items())]
            for comp, files in found.items()}


def _page_numbers(pages: Any) -> list[int]:
    if isinstance(pages, bool) or pages is None:
        return []
    if isinstance(pages, int):
        return [pages]
    if isinstance(pages, list):
        return [p for p in pages if isinstance(p, int) and not isinstance(p, bool)]
    if isinstance(pages, str):
        out = []
        for part in pages.split(","):
            bits = part.strip().split("-")
            if all(b.strip().isdigit() for b in bits) and bits[0].strip():
                lo, hi = int(bits[0]), int(bits[-1])
                out.extend(range(lo, hi + 1))
        return out
    return []


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
