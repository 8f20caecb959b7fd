"""Source positions kept beside plain data (not inside it), looked up by key path.

A missing key points at its nearest ancestor, so an error about an absent field still lands on the
mapping that should have held it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.errors import SourceSpan

PathKey = tuple  # tuple[str | int, ...]


@dataclass
class PositionTree:
    """Maps a document path (keys and list indexes) to where it starts in its file."""

    file: str
    spans: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    key_spans: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def add(self, path: PathKey, line: int, column: int) -> None:
        self.spans[path] = (line, column)

    def add_key(self, path: PathKey, line: int, column: int) -> None:
        self.key_spans[path] = (line, column)

    def span(self, path: PathKey, *, key: bool = False) -> SourceSpan:
        """Where ``path`` is; with ``key=True`` prefer the key's own position (for unknown fields)."""
        path = tuple(path)
        while True:
            if key and path in self.key_spans:
                line, col = self.key_spans[path]
                return SourceSpan(self.file, line, col)
            if path in self.spans:
                line, col = self.spans[path]
                return SourceSpan(self.file, line, col)
            if not path:
                return SourceSpan(self.file, 1, 1)
            path = path[:-1]
