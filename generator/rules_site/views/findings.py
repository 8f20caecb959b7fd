"""The findings page: the validator's findings and warnings, unknown values and assumptions — each named
by what it is about (a kind and a name, never an id) in the page's language."""
from __future__ import annotations

import re
from functools import cached_property
from pathlib import PurePosixPath
from typing import Any

from pydantic import BaseModel

from generator.errors import Severity
from generator.i18n import has
from generator.rules_site.i18n import t
from generator.rules_site.markup import md_escape
from generator.rules_site.views.common import GameBase, cite_plain, notes_shown, show_value, text
from generator.schema.base import UNKNOWN, L10n, Source


class FindingsView(GameBase):
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


def short_file(path: str) -> str:
    """Data file paths relative to the data folder's parent: 'demo/components.yaml'."""
    parts = PurePosixPath(path.replace("\\", "/")).parts
    return "/".join(parts[-2:]) if len(parts) >= 2 else path


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
