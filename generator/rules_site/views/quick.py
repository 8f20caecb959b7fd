"""The quick reference page: setup at a glance per player count, the top-level rules and the constants."""
from __future__ import annotations

from functools import cached_property

from generator.model.reports import setup_report
from generator.rules_site.i18n import action_name
from generator.rules_site.views.common import GameBase, value
from generator.rules_site.views.rules import RulesView


class QuickView(GameBase):
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
                for r in self.view(RulesView).rules if "." not in r["number"]]

    @property
    def constants(self) -> list[dict]:
        return self.view(RulesView).constants
