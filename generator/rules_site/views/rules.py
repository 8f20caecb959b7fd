"""The rules page: numbered rules with their links and sources, then constants, tables, cost rules and
recipes."""
from __future__ import annotations

from functools import cached_property

from markupsafe import Markup

from generator.model.values import local
from generator.rules_site.i18n import LANGS
from generator.rules_site.markup import md_escape, rule_anchor
from generator.rules_site.views.common import GameBase, cite, text, unit_text, value
from generator.schema.base import UNKNOWN


class RulesView(GameBase):
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




def _column_lang(column_id: str) -> str | None:
    """A table column holding one language's text ('ability_pl', 'ability_en') → that language."""
    lang = column_id.rsplit("_", 1)[-1] if "_" in column_id else None
    return lang if lang in LANGS else None
