"""Shared state for the semantic checks: the typed game, its index, and located issue helpers."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from generator.errors import Issue, Severity
from generator.load.discover import RawGame
from generator.model.index import GameIndex
from generator.schema.game import GameData
from generator.validate.structure import format_path


@dataclass
class CheckContext:
    raw: RawGame
    data: GameData
    index: GameIndex = field(init=False)
    issues: list[Issue] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.index = GameIndex(self.data, self.raw.folder)

    def report(self, path: tuple, message: str, *, severity: Severity = Severity.ERROR, hint: str = "",
               code: str = "data") -> None:
        self.issues.append(Issue(self.raw.span(path), format_path(path), message, severity=severity,
                                 hint=hint, code=code, game=self.data.game.id))

    def error(self, path: tuple, message: str, hint: str = "", code: str = "data") -> None:
        self.report(path, message, hint=hint, code=code)

    def warning(self, path: tuple, message: str, hint: str = "", code: str = "data") -> None:
        self.report(path, message, severity=Severity.WARNING, hint=hint, code=code)

    def finding(self, path: tuple, message: str, hint: str = "", code: str = "rulebook") -> None:
        self.report(path, message, severity=Severity.FINDING, hint=hint, code=code)

    def ref(self, path: tuple, value: str | None, known, what: str) -> bool:
        """Check that ``value`` names one of ``known``; report with a did-you-mean when it does not."""
        if value is None or value in known:
            return True
        close = difflib.get_close_matches(str(value), [str(k) for k in known], n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'?" if close else (f"known: {', '.join(sorted(map(str, known))[:12])}"
                                                             if known else f"no {what} is defined")
        self.error(path, f"unknown {what} '{value}'", hint=hint, code="reference")
        return False
