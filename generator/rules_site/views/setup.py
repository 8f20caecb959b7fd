"""The setup page: one group per scenario (or the plain game), one tab per player count — table rows,
per-player allotments, steps and the check that the box holds enough."""
from __future__ import annotations

from functools import cached_property

from markupsafe import Markup

from generator.model.reports import setup_report
from generator.model.setup import consumption
from generator.rules_site.i18n import action_name, players_label
from generator.rules_site.markup import md_escape, safe_id, tab_title
from generator.rules_site.views.common import GameBase, cite, cite_json, range_text, text, value


class SetupView(GameBase):
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
