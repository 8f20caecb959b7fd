"""Error types shared by every phase.

User-facing problems (bad data, bad arguments) are values, not tracebacks: an ``Issue`` carries where
(file:line:column), the path inside the document, what was expected, what was found and a hint.
The CLI prints them and exits 1; only ``InternalError`` (a bug) may show a traceback, and only with --debug.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

MAX_MESSAGE = 400  # characters of a message, hint or path kept in an Issue


class Severity(str, Enum):
    """How an issue affects the build: errors stop it, warnings and findings are reported."""

    ERROR = "error"
    WARNING = "warning"
    FINDING = "finding"  # a contradiction or gap recorded from the rulebook itself


@dataclass(frozen=True, order=True)
class SourceSpan:
    """A place in a data file; line and column are 1-based as editors show them."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.column}"
        return self.file


@dataclass(frozen=True)
class Issue:
    """One problem found in the data, with everything a person needs to fix it."""

    span: SourceSpan
    path: str
    message: str
    severity: Severity = Severity.ERROR
    hint: str = ""
    code: str = "data"
    game: str = ""

    def __post_init__(self) -> None:
        # a message quotes data; a 300,000-character value must not become 300,000 characters of stderr
        for name, limit in (("message", MAX_MESSAGE), ("hint", MAX_MESSAGE), ("path", MAX_MESSAGE)):
            text = getattr(self, name)
            if len(text) > limit:
                object.__setattr__(self, name, f"{text[:limit]}… ({len(text) - limit} more characters)")

    def sort_key(self) -> tuple:
        return (self.span.file, self.span.line, self.span.column, self.path, self.message)

    def format(self) -> str:
        where = f"{self.span}: " if self.span.file else ""
        path = f"{self.path}: " if self.path else ""
        text = f"{where}{path}{self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def to_json(self) -> dict:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "game": self.game,
            "file": self.span.file,
            "line": self.span.line,
            "column": self.span.column,
            "path": self.path,
            "message": self.message,
            "hint": self.hint,
        }


class PnpError(Exception):
    """Base of every error meant for the user (exit 1, no traceback)."""


@dataclass
class DataErrors(PnpError):
    """Every error collected in one pass, so the user fixes them all at once."""

    issues: list[Issue] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(i.format() for i in sorted(self.issues, key=Issue.sort_key))


class UsageError(PnpError):
    """Bad command-line use (exit 2)."""


class InternalError(Exception):
    """A bug in pnpforge, not in the data."""


def display_path(path: Path) -> str:
    """Show a path relative to the working directory when it is inside it (shorter, clickable)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, RuntimeError, OSError):  # outside the cwd, or a symlink loop (shown as named)
        return str(path)
