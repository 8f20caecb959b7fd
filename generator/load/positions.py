"""Source positions kept beside plain data (not inside it), looked up by key path.

A missing key points at its nearest ancestor, so an error about an absent field still lands on the
mapping that should have held it.

The positions form a shadow of the document, built by the YAML reader as it goes: a scalar's
position is one int, a mapping or list is ``[position, children]`` with ``children`` a dict (by key) or a
list (by index). A position packs line and column into one int, and a mapping entry's int also carries
where its key starts — so a 50,000-card game keeps its positions in a few dozen megabytes, not hundreds.
"""
from __future__ import annotations

from collections.abc import Iterator

from generator.errors import SourceSpan

PathKey = tuple  # tuple[str | int, ...]

_COL_BITS = 22  # a 2 MiB file has fewer lines and columns than 2**22
_COL_MASK = (1 << _COL_BITS) - 1
_POS_BITS = 2 * _COL_BITS
_POS_MASK = (1 << _POS_BITS) - 1


def pack(line: int, column: int) -> int:
    """One int for a 1-based (line, column); both are clamped to the packable range."""
    return (min(line, _COL_MASK) << _COL_BITS) | min(column, _COL_MASK)


def with_key(key_pos: int, value_pos: int) -> int:
    """A mapping entry: the key's position above the value's."""
    return (key_pos << _POS_BITS) | value_pos


def _unpack(pos: int) -> tuple[int, int]:
    return (pos >> _COL_BITS) & _COL_MASK, pos & _COL_MASK


class PositionTree:
    """Maps a document path (keys and list indexes) to where it starts in its file."""

    __slots__ = ("file", "_root", "_loader")

    def __init__(self, file: str, root: int | list | None = None, loader=None):
        self.file = file
        self._root = root  # None for an empty document
        self._loader = loader  # makes the root the first time it is needed (a big file read without them)

    @property
    def root(self) -> int | list | None:
        if self._loader is not None:
            loader, self._loader = self._loader, None
            self._root = loader()
        return self._root

    @root.setter
    def root(self, value: int | list | None) -> None:
        self._root, self._loader = value, None

    def _find(self, path: PathKey) -> int | None:
        """The packed int of the deepest node along ``path`` (the nearest ancestor when it stops)."""
        node = self.root
        if node is None:
            return None
        packed = node if isinstance(node, int) else node[0]
        for step in path:
            if isinstance(node, int):
                break
            children = node[1]
            if isinstance(children, list):
                if type(step) is not int or not 0 <= step < len(children):
                    break
                child = children[step]
            else:
                try:
                    child = children[step]
                except (KeyError, TypeError):
                    break
            node = child
            packed = child if isinstance(child, int) else child[0]
        return packed

    def span(self, path: PathKey, *, key: bool = False) -> SourceSpan:
        """Where ``path`` is; with ``key=True`` prefer the key's own position (for unknown fields)."""
        packed = self._find(tuple(path))
        if packed is None:
            return SourceSpan(self.file, 1, 1)
        key_pos = packed >> _POS_BITS
        line, col = _unpack(key_pos if key and key_pos else packed & _POS_MASK)
        return SourceSpan(self.file, line, col)

    # -- walking (tests, debugging) ----------------------------------------------------------------
    def walk(self) -> Iterator[tuple[PathKey, tuple[int, int], tuple[int, int] | None]]:
        """Every node: (path, (line, column), key (line, column) or None)."""
        if self.root is None:
            return
        todo: list[tuple[PathKey, int | list]] = [((), self.root)]
        while todo:
            path, node = todo.pop()
            packed = node if isinstance(node, int) else node[0]
            key_pos = packed >> _POS_BITS
            yield path, _unpack(packed & _POS_MASK), (_unpack(key_pos) if key_pos else None)
            if not isinstance(node, int):
                children = node[1]
                pairs = enumerate(children) if isinstance(children, list) else children.items()
                todo.extend((path + (k,), child) for k, child in pairs)

    @property
    def spans(self) -> dict[PathKey, tuple[int, int]]:
        return {path: pos for path, pos, _ in self.walk()}

    @property
    def key_spans(self) -> dict[PathKey, tuple[int, int]]:
        return {path: key for path, _, key in self.walk() if key is not None}
