"""Finds games (folders of cards_data/ holding a game.yaml) and reads each game's YAML files in order."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import DataErrors, Issue, SourceSpan, UsageError, display_path
from generator.load.csv_source import expand_csv_decks
from generator.load.positions import PositionTree
from generator.load.safe_files import inside
from generator.load.yaml_source import read_yaml_file

GAME_FILE = "game.yaml"


@dataclass
class RawGame:
    """One game's merged plain data, plus where every part of it came from."""

    game_id: str
    folder: Path
    data: dict[str, Any] = field(default_factory=dict)
    # top key → PositionTree + base path (mapping keys) or a list of them (one per merged list item)
    origins: dict[str, Any] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)

    def span(self, path: tuple) -> SourceSpan:
        """file:line:column of a path in the merged document (nearest ancestor if absent)."""
        return self._locate(path, key=False)

    def key_span(self, path: tuple) -> SourceSpan:
        return self._locate(path, key=True)

    def _locate(self, path: tuple, key: bool) -> SourceSpan:
        if not path:
            return SourceSpan(self.files[0] if self.files else str(self.folder), 1, 1)
        top = path[0]
        origin = self.origins.get(top)
        if origin is None:
            return SourceSpan(self.files[0] if self.files else str(self.folder), 1, 1)
        if isinstance(origin, list):
            if len(path) > 1 and isinstance(path[1], int) and 0 <= path[1] < len(origin):
                tree, base = origin[path[1]]
                return tree.span(base + tuple(path[2:]), key=key)
            tree, base = origin[0]
            return tree.span((top,), key=key)
        tree, base = origin
        return tree.span(base + tuple(path[1:]), key=key)


def game_folders(data_dir: Path) -> list[Path]:
    if not data_dir.is_dir():
        raise UsageError(f"data directory not found: {display_path(data_dir)}")
    return sorted(p for p in data_dir.iterdir() if p.is_dir() and (p / GAME_FILE).exists())


def select_games(data_dir: Path, wanted: list[str] | None) -> list[Path]:
    """The folders of the requested games (all when none named); unknown names get a did-you-mean."""
    folders = game_folders(data_dir)
    if not wanted:
        return folders
    by_id = {p.name: p for p in folders}
    chosen = []
    for name in wanted:
        if name not in by_id:
            close = difflib.get_close_matches(name, list(by_id), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else f"; known games: {', '.join(by_id) or 'none'}"
            raise UsageError(f"unknown game '{name}' in {display_path(data_dir)}{hint}")
        chosen.append(by_id[name])
    return chosen


def load_game(folder: Path, top_keys: tuple[str, ...], list_keys: frozenset[str]) -> RawGame:
    """Read every *.yaml of a game folder (sorted) and merge them; collect every file error.

    The document's shape comes from the caller (the schema phase): ``list_keys`` may be split across
    files and concatenate, other keys appear once; ``top_keys`` are named in hints."""
    raw = RawGame(game_id=folder.name, folder=folder)
    issues: list[Issue] = []
    if not inside(folder.parent, folder):
        raise DataErrors([Issue(SourceSpan(display_path(folder)), "",
                                "the game folder leads outside the data folder (a symlink?); refused",
                                code="io", game=folder.name)])
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
    except OSError as exc:
        raise DataErrors([Issue(SourceSpan(display_path(folder)), "", f"cannot list the game folder: "
                                f"{exc.strerror}", code="io", game=folder.name)]) from None
    files.sort(key=lambda p: (p.name != GAME_FILE, p.name))
    for path in files:
        shown = display_path(path)
        try:
            data, tree = read_yaml_file(path, shown, folder)
        except DataErrors as exc:
            issues.extend(exc.issues)
            continue
        raw.files.append(shown)
        if data is None:
            issues.append(Issue(SourceSpan(shown, 1, 1), "", "file is empty; expected a mapping of top-level keys",
                                hint=f"keys: {', '.join(top_keys)}", code="empty"))
            continue
        if not isinstance(data, dict):
            issues.append(Issue(tree.span(()), "", f"expected a mapping of top-level keys, got {type(data).__name__}",
                                code="type"))
            continue
        _merge(raw, data, tree, issues, list_keys)
    expand_csv_decks(raw, issues)  # decks[].cards_csv: spreadsheet rows become cards (load/csv_source.py)
    if issues:
        raise DataErrors(issues)
    return raw


def _merge(raw: RawGame, data: dict, tree: PositionTree, issues: list[Issue], list_keys: frozenset[str]) -> None:
    for key, value in data.items():
        if key in list_keys and isinstance(value, list):
            if key in raw.data and not isinstance(raw.origins.get(key), list):
                issues.append(_twice(key, tree))
                continue
            raw.data.setdefault(key, []).extend(value)
            raw.origins.setdefault(key, []).extend((tree, (key, i)) for i in range(len(value)))
        elif key in raw.data:
            issues.append(_twice(key, tree))
        else:
            raw.data[key] = value
            raw.origins[key] = (tree, (key,))


def _twice(key: str, tree: PositionTree) -> Issue:
    return Issue(tree.span((key,), key=True), key, f"top-level key '{key}' is already defined in another file",
                 hint="only list keys (components, cards, …) may be split across files", code="duplicate-key")
