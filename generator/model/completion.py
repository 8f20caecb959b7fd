"""How complete a kit is, and what is left to fill: counts of stated / owner-filled / unknown facts, and the
unknowns grouped and ranked by how many printed items each leaves blank (`pnp todo`).

Works on the plain merged data (before or after an overlay) so that every unknown keeps its data path;
``span`` turns a path into the file:line to edit."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

UNKNOWN = "unknown"

# The facts a kit is made of: what the book states, the owner fills, or nobody knows yet. Names, rules and
# notes are always written, so they do not count towards completion.
FACT_KEYS = frozenset({"count", "copies", "cost", "text", "stats", "per_faction", "spaces", "segments", "exits",
                       "hexes", "adjacent", "module", "value", "values"})
PER_KEY = frozenset({"stats", "per_faction", "values"})  # mappings whose every entry is one fact
FACT_LISTS = ("components", "cards", "tiles", "boards", "setup", "constants", "tables", "recipes")
UNPRINTED = frozenset({"module"})  # facts no printed item shows (which part of the product holds it)
SKIP = frozenset({"conflicts", "readings", "source", "size_source", "cell_source", "notes", "note", "contradictions"})


def _facts(data: dict) -> list[tuple[tuple, Any]]:
    """(path, value) of every fact: the FACT_KEYS of the kit's lists, and every value marked unknown anywhere."""
    out: list[tuple[tuple, Any]] = []
    for key, value in data.items():
        _walk(value, (key,), key in FACT_LISTS, out)
    return out


def _walk(node: Any, path: tuple, counted: bool, out: list[tuple[tuple, Any]]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in SKIP:
                continue
            here = path + (key,)
            if not counted or key not in FACT_KEYS:
                _walk(value, here, counted, out)
            elif key in ("module", "text") and path[:1] not in (("cards",), ("tiles",)):
                _walk(value, here, False, out)  # a component's module is structure; rule and step texts are written
            elif key in PER_KEY and isinstance(value, dict):
                out.extend((here + (sub,), v) for sub, v in value.items())
            else:
                out.append((here, value))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _walk(value, path + (i,), counted, out)
    elif node == UNKNOWN:
        out.append((path, node))  # an unknown outside the usual facts still counts (and is listed)


def _owner(path: tuple, owner_values: dict) -> bool:
    return any(path[:n] in owner_values for n in range(len(path), 0, -1))


def completion(data: dict, owner_values: dict | None = None) -> dict:
    """{'stated': n, 'owner': n, 'unknown': n, 'percent': complete share} over the kit's facts."""
    owner_values = owner_values or {}
    stated = owner = unknown = 0
    for path, value in _facts(data):
        if _owner(path, owner_values):
            owner += 1
        elif value == UNKNOWN:
            unknown += 1
        else:
            stated += 1
    total = stated + owner + unknown
    return {"stated": stated, "owner": owner, "unknown": unknown,
            "percent": round(100 * (stated + owner) / total, 1) if total else 100.0}


@dataclass
class TodoGroup:
    """Unknowns of one field across one deck / component / board, and the printed items they leave blank."""

    what: str          # e.g. "Fate cards (deck fate)"
    field: str         # e.g. "stats.symbol"
    label: str         # the field as a person reads it, e.g. "Symbol"
    unit: str          # "card", "tile", "component", "board", "setup row", "value"
    blank: int = 0     # printed items left blank (copies of the cards, tiles …)
    places: list[dict] = field(default_factory=list)  # {path, file, line} — where to fill

    def sentence(self, game: str) -> str:
        noun = self.unit if self.blank == 1 else self.unit + "s"
        if self.blank:
            return f"{game} — {self.what}: {self.label} unknown on {self.blank} {noun}"
        where = "1 place" if len(self.places) == 1 else f"{len(self.places)} places"
        return f"{game} — {self.what}: {self.label} unknown in {where} (no printed item left blank)"


def _strip(path: tuple) -> str:
    text = ""
    for part in path:
        if isinstance(part, int):
            continue
        text += f".{part}" if text else str(part)
    return text


def _fmt(path: tuple) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _en(item: Any, fallback: str) -> str:
    name = item.get("name") if isinstance(item, dict) else None
    if isinstance(name, dict) and name.get("en"):
        return str(name["en"])
    return fallback


def _cards(deck_name: str) -> str:
    return deck_name if deck_name.lower().endswith("cards") else f"{deck_name} cards"


def _copies(item: dict) -> int:
    copies = item.get("copies", 1)
    return copies if isinstance(copies, int) and not isinstance(copies, bool) else 1


def todo(data: dict, span: Callable[[tuple], Any]) -> list[TodoGroup]:
    """Every unknown, grouped by (deck / component / board, field), ranked by blank printed items."""
    decks = {d.get("id"): d for d in data.get("decks", []) if isinstance(d, dict)}
    comps = {c.get("id"): c for c in data.get("components", []) if isinstance(c, dict)}
    stat_names = {s.get("id"): _en(s, s.get("id", "")) for s in data.get("stats", []) if isinstance(s, dict)}
    groups: dict[tuple, TodoGroup] = {}
    for path, value in _facts(data):
        if value != UNKNOWN:
            continue
        top = path[0]
        rest = path[2:] if len(path) > 2 and isinstance(path[1], int) else path[1:]
        fieldname = _strip(rest)
        if rest[:1] == ("per_faction",):
            fieldname = "per_faction"  # one gap: how the count splits between the factions
        label = fieldname
        if rest[:1] == ("stats",) and len(rest) > 1:
            label = stat_names.get(rest[1], str(rest[1]))
        item = data[top][path[1]] if isinstance(path[1], int) and isinstance(data.get(top), list) else {}
        blank = 0
        if top == "cards":
            deck = decks.get(item.get("deck"), {})
            key = ("cards", item.get("deck"), fieldname)
            what, unit, blank = _cards(_en(deck, str(item.get("deck")))), "card", _copies(item)
        elif top == "tiles":
            comp = comps.get(item.get("component"), {})
            key = ("tiles", item.get("component"), fieldname)
            what, unit, blank = _en(comp, str(item.get("component"))), "tile", _copies(item)
        elif top == "components":
            printed = isinstance(item.get("print"), dict) and item["print"].get("method") not in (None, "none")
            key = ("components", item.get("id"), fieldname)
            what, unit, blank = f"{_en(item, str(item.get('id')))} ({item.get('id')})", "component", int(printed)
        elif top == "boards":
            key = ("boards", item.get("id"), fieldname)
            what, unit, blank = f"{_en(item, str(item.get('id')))} board", "board", 1 if item.get("component") else 0
        else:
            name = item.get("id") if isinstance(item, dict) and top != "setup" else None
            key = (top, name, fieldname)
            what = f"{_en(item, name)} ({top.rstrip('s')} {name})" if name else top
            unit = "value"
        if fieldname in UNPRINTED:
            blank = 0
        group = groups.get(key)
        if group is None:
            group = groups[key] = TodoGroup(what, fieldname, label, unit)
        if unit == "board":
            group.blank = max(group.blank, blank)
        else:
            group.blank += blank
        where = span(path)
        group.places.append({"path": _fmt(path), "file": where.file, "line": where.line})
    return sorted(groups.values(), key=lambda g: (-g.blank, -len(g.places), g.what, g.field))
