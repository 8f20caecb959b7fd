"""Runs every check on one game and gathers the result (never stops at the first problem)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import DataErrors, Issue, Severity
from generator.load.discover import RawGame, load_game
from generator.schema.game import GameData
from generator.validate.assets import check_assets
from generator.validate.context import CheckContext
from generator.validate.costs import check_costs
from generator.validate.counts import check_counts
from generator.validate.printable import check_print_plan
from generator.validate.references import check_references, check_unique_ids
from generator.validate.setup_tables import check_setup
from generator.validate.structure import format_path, parse_game

CHECKS = (check_unique_ids, check_references, check_counts, check_costs, check_setup, check_assets,
          check_print_plan)  # item sizes + text fits, one pass


@dataclass
class GameResult:
    game_id: str
    folder: Path
    raw: RawGame | None = None
    data: GameData | None = None
    issues: list[Issue] = field(default_factory=list)
    unknowns: list[dict] = field(default_factory=list)

    def count(self, severity: Severity) -> int:
        return sum(1 for i in self.issues if i.severity == severity)

    @property
    def ok(self) -> bool:
        return self.data is not None and self.count(Severity.ERROR) == 0


def validate_folder(folder: Path, extra_checks: tuple = ()) -> GameResult:
    result = GameResult(folder.name, folder)
    try:
        result.raw = load_game(folder)
        result.data = parse_game(result.raw)
    except DataErrors as exc:
        for issue in exc.issues:
            result.issues.append(issue if issue.game else _with_game(issue, folder.name))
        return result
    if result.data.game.id != folder.name:
        ctx = CheckContext(result.raw, result.data)
        ctx.error(("game", "id"), f"game id '{result.data.game.id}' differs from its folder '{folder.name}'",
                  code="reference")
        result.issues.extend(ctx.issues)
    result.unknowns = find_unknowns(result.raw)
    if not extra_checks:  # the checks read the typed data; the plain copy is dropped (memory at scale)
        result.raw.data = {}
    ctx = CheckContext(result.raw, result.data)
    for check in CHECKS + tuple(extra_checks):
        check(ctx)
    result.issues.extend(ctx.issues)
    result.issues.sort(key=Issue.sort_key)
    return result


def _with_game(issue: Issue, game: str) -> Issue:
    return Issue(issue.span, issue.path, issue.message, issue.severity, issue.hint, issue.code, game)


def find_unknowns(raw: RawGame) -> list[dict]:
    """Every value the data marks 'unknown': the gaps a proxy prints blank and the site lists openly."""
    found: list[dict] = []

    def walk(node: Any, path: tuple) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, path + (key,))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, path + (i,))
        elif node == "unknown":
            span = raw.span(path)
            found.append({"path": format_path(path), "file": span.file, "line": span.line})

    walk(raw.data, ())
    return found
