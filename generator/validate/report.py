"""Validation results as text (rich) and as the stable JSON contract other tools read."""
from __future__ import annotations

from generator.errors import Severity
from generator.validate.run import GameResult

REPORT_VERSION = 1


def to_json(results: list[GameResult]) -> dict:
    return {
        "version": REPORT_VERSION,
        "ok": all(r.ok for r in results),
        "games": [
            {
                "game": r.game_id,
                "ok": r.ok,
                "errors": r.count(Severity.ERROR),
                "warnings": r.count(Severity.WARNING),
                "findings": r.count(Severity.FINDING),
                "issues": [i.to_json() for i in r.issues],
                "unknowns": r.unknowns,
                "completion": r.completion or None,  # {stated, owner, unknown, percent}; None when unreadable
            }
            for r in results
        ],
    }


def to_text(results: list[GameResult]) -> list[str]:
    lines = []
    for r in results:
        for issue in r.issues:
            lines.append(f"{issue.severity.value}: {issue.format()}")
    return lines
