"""Spreadsheet decks: ``decks[].cards_csv: ships.csv`` lists a deck's cards as rows of a CSV file.

Columns (a header row names them; order is free): ``id``, ``name`` or ``name.<lang>``, ``copies``,
``cost``, ``text`` or ``text.<lang>``, ``stats.<key>``, ``traits`` (``;``-separated), ``faction``, and
optionally ``module``, ``image``, ``source.section``, ``source.page``, ``source.assumption``. A plain ``name``
/ ``text`` is in the game's first language. Empty cells are left out; ``unknown`` stays ``unknown``.

Each row becomes one entry of the game's ``cards`` list, with positions beside it (a PositionTree of the
CSV file: line = the row's line, column = the cell's column number), so every later error — schema,
references, counts — points at ``file.csv:row:column``. Problems with the file itself (missing, outside
the game folder, unknown or repeated columns, ragged rows) are collected here as located issues.
"""
from __future__ import annotations

import csv
import difflib
import io
import re
from pathlib import Path
from typing import Any

from generator.errors import Issue, SourceSpan, display_path
from generator.load.positions import PositionTree, pack

FIXED = ("id", "name", "copies", "cost", "text", "traits", "faction", "module", "image")
PREFIXED = ("name.", "text.", "stats.", "source.")
SOURCE_KEYS = ("section", "page", "assumption", "note")
LANG = re.compile(r"^[a-z]{2}$")
KEY = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")
INT = re.compile(r"^-?[0-9]+$")
MAX_ROWS = 10_000


def expand_csv_decks(raw, issues: list[Issue]) -> None:
    """Append the cards of every deck that names a ``cards_csv`` to ``raw.data['cards']`` (in deck order)."""
    decks = raw.data.get("decks")
    if not isinstance(decks, list):
        return
    game = raw.data.get("game") if isinstance(raw.data.get("game"), dict) else {}
    langs = game.get("languages") if isinstance(game.get("languages"), list) else ["pl"]
    # a plain 'name'/'text' column is in the game's first language (a broken list is reported elsewhere)
    first = next((x for x in langs if isinstance(x, str) and LANG.fullmatch(x)), "en")
    for d, deck in enumerate(decks):
        if not isinstance(deck, dict) or deck.get("cards_csv") is None:
            continue
        where = raw.span(("decks", d, "cards_csv"))
        name = deck["cards_csv"]
        path = _resolve(raw.folder, name)
        if path is None:
            issues.append(Issue(where, f"decks[{d}].cards_csv", f"'{name}' must be a .csv file inside the game's "
                                f"folder", code="csv"))
            continue
        if not path.is_file():
            there = sorted(p.name for p in raw.folder.glob("*.csv"))
            close = difflib.get_close_matches(str(name), there, n=1)
            hint = f"did you mean '{close[0]}'?" if close else (f"CSV files here: {', '.join(there)}" if there else "")
            issues.append(Issue(where, f"decks[{d}].cards_csv", f"file '{name}' not found next to the game's YAML",
                                hint=hint, code="csv"))
            continue
        rows, tree = read_cards_csv(path, deck.get("id"), first, issues)
        cards = raw.data.setdefault("cards", [])
        origins = raw.origins.setdefault("cards", [])
        if not isinstance(cards, list) or not isinstance(origins, list):
            continue
        start = len(cards)
        for k, row in enumerate(rows):
            cards.append(row)
            origins.append((tree, ("cards", start + k)))
        # re-key the CSV tree from row order to the card's place in the merged list
        rows_node = tree.root[1].pop("rows")
        tree.root[1]["cards"] = [rows_node[0], {start + k: node for k, node in rows_node[1].items()}]


def _resolve(folder: Path, name: Any) -> Path | None:
    if not isinstance(name, str) or not name.lower().endswith(".csv"):
        return None
    path = (folder / name).resolve()
    try:
        path.relative_to(folder.resolve())
    except ValueError:
        return None
    return path


def read_cards_csv(path: Path, deck_id: Any, first_lang: str, issues: list[Issue]
                   ) -> tuple[list[dict], PositionTree]:
    """The rows of one CSV file as card mappings, and where each cell is (paths ('rows', k, key…))."""
    shown = display_path(path)
    tree = PositionTree(shown, [pack(1, 1), {"rows": [pack(1, 1), {}]}])
    try:
        text = path.read_bytes().decode("utf-8-sig")  # spreadsheets often write a BOM; accept it here
    except UnicodeDecodeError as exc:
        issues.append(Issue(SourceSpan(shown, 1, 1), "", f"not UTF-8 text (byte {exc.start}); save the sheet as "
                                                         f"CSV UTF-8", code="csv"))
        return [], tree
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        issues.append(Issue(SourceSpan(shown, 1, 1), "", "the CSV file is empty; expected a header row "
                                                         "(id, name, copies, …)", code="csv"))
        return [], tree
    except csv.Error as exc:
        issues.append(Issue(SourceSpan(shown, 1, 1), "", f"unreadable CSV: {exc}", code="csv"))
        return [], tree
    columns = [h.strip() for h in header]
    bad = False
    for c, column in enumerate(columns, start=1):
        problem = _column_problem(column)
        if problem:
            issues.append(Issue(SourceSpan(shown, 1, c), f"column {c}", problem, hint=_suggest(column), code="csv"))
            bad = True
        elif columns.index(column) != c - 1:
            issues.append(Issue(SourceSpan(shown, 1, c), f"column {c}", f"column '{column}' appears twice",
                                code="csv"))
            bad = True
    if "id" not in columns:
        issues.append(Issue(SourceSpan(shown, 1, 1), "", "the header has no 'id' column", code="csv"))
        bad = True
    if bad:
        return [], tree
    rows: list[dict] = []
    try:
        for record in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in record):
                continue  # blank lines between blocks of cards
            if len(rows) >= MAX_ROWS:
                issues.append(Issue(SourceSpan(shown, line, 1), "", f"more than {MAX_ROWS} rows", code="csv"))
                break
            if len(record) != len(columns):
                issues.append(Issue(SourceSpan(shown, line, min(len(record), len(columns)) + 1), f"row {line}",
                                    f"row has {len(record)} cells but the header has {len(columns)} columns",
                                    hint="quote cells that contain commas", code="csv"))
                continue
            k = len(rows)
            _position(tree, ("rows", k), line, 1)
            card: dict[str, Any] = {"deck": deck_id}
            for c, (column, cell) in enumerate(zip(columns, record), start=1):
                value = cell.strip()
                if value == "":
                    continue
                key_path = _put(card, column, value, first_lang)
                _position(tree, ("rows", k, *key_path), line, c)
            rows.append(card)
    except csv.Error as exc:
        issues.append(Issue(SourceSpan(shown, reader.line_num, 1), "", f"unreadable CSV: {exc}", code="csv"))
    return rows, tree


def _position(tree: PositionTree, path: tuple, line: int, column: int) -> None:
    """Record where ``path`` starts in the position shadow (parents made on the way, at this cell)."""
    node = tree.root
    for step in path[:-1]:
        children = node[1]
        child = children.get(step)
        if child is None or isinstance(child, int):
            child = children[step] = [child if isinstance(child, int) else pack(line, column), {}]
        node = child
    node[1].setdefault(path[-1], pack(line, column))


def _column_problem(column: str) -> str:
    if column in FIXED:
        return ""
    for prefix in PREFIXED:
        if column.startswith(prefix):
            rest = column[len(prefix):]
            if prefix in ("name.", "text.") and not LANG.fullmatch(rest):
                return f"column '{column}': expected '{prefix}<language code>', e.g. '{prefix}en'"
            if prefix == "stats." and not KEY.fullmatch(rest):
                return f"column '{column}': expected 'stats.<key>' with a lowercase key, e.g. 'stats.speed'"
            if prefix == "source." and rest not in SOURCE_KEYS:
                return f"column '{column}': expected one of {', '.join('source.' + k for k in SOURCE_KEYS)}"
            return ""
    return f"unknown column '{column}'"


def _suggest(column: str) -> str:
    head, dot, rest = column.partition(".")
    if dot:
        close = difflib.get_close_matches(head, [p[:-1] for p in PREFIXED], n=1, cutoff=0.6)
        if close:
            return f"did you mean '{close[0]}.{rest}'?"
    close = difflib.get_close_matches(column, list(FIXED), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else "columns: " + ", ".join(FIXED) + ", name.<lang>, " \
        "text.<lang>, stats.<key>, source.section/page/assumption"


def _put(card: dict, column: str, value: str, first_lang: str) -> tuple:
    """Store one cell in the card mapping; returns its key path inside the card."""
    if column in ("name", "text"):
        if column == "text" and value == "unknown":
            card["text"] = "unknown"
            return ("text",)
        card.setdefault(column, {})
        if isinstance(card[column], dict):
            card[column][first_lang] = value
        return (column, first_lang)
    if column in ("copies", "cost"):
        card[column] = int(value) if INT.fullmatch(value) else value
        return (column,)
    if column == "traits":
        card["traits"] = [t.strip() for t in value.split(";") if t.strip()]
        return ("traits",)
    prefix, _, rest = column.partition(".")
    if prefix in ("name", "text"):
        if not isinstance(card.get(prefix), dict):
            card[prefix] = {}
        card[prefix][rest] = value
        return (prefix, rest)
    if prefix == "stats":
        card.setdefault("stats", {})[rest] = int(value) if INT.fullmatch(value) else value
        return ("stats", rest)
    if prefix == "source":
        card.setdefault("source", {})[rest] = int(value) if rest == "page" and INT.fullmatch(value) else value
        return ("source", rest)
    card[column] = value
    return (column,)
