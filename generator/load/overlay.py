"""Owner overlays: ``DIR/<game>/*.yaml`` in the data format, filling what the rulebook leaves unknown.

An overlay entry names an existing id to fill that entry's ``unknown`` (or absent) fields; replacing a
value the data states is an error unless the entry says ``override: true``. A new id is accepted only
for a card or tile whose component's count leaves room for it. Every filled value remembers the
overlay's ``file:line`` (provenance ``owner``): the entry's ``source`` gains ``owner: "file:line"``, a new
entry's source is ``{owner: "file:line"}``, and ``OverlaidGame.owner_values`` maps each filled path to its
overlay line so prints and the site can mark it. Errors in the merged data that come from the overlay
are located in the overlay file. Nothing is ever written into ``cards_data/``.
"""
from __future__ import annotations

import copy
import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import DataErrors, Issue, SourceSpan, UsageError, display_path
from generator.load.discover import RawGame, load_game

UNKNOWN = "unknown"
_MISSING = object()
_NEW_ID_KEYS = {"cards": ("deck", "copies"), "tiles": ("component", "copies")}


@dataclass
class OverlaidGame(RawGame):
    """A game's raw data with an overlay merged in; positions of overlay values point into the overlay."""

    overlay: RawGame | None = None
    redirects: dict[tuple, tuple] = field(default_factory=dict)  # merged path → path in the overlay document
    owner_values: dict[tuple, str] = field(default_factory=dict)  # merged path → "overlay file:line"

    def _locate(self, path: tuple, key: bool) -> SourceSpan:
        path = tuple(path)
        if self.overlay is not None:
            for n in range(len(path), 0, -1):
                target = self.redirects.get(path[:n])
                if target is not None:
                    return self.overlay._locate(target + path[n:], key)
        return super()._locate(path, key)


def overlay_games(overlay_dir: Path, game_ids: list[str]) -> None:
    """Check the overlay folder itself: it exists and each of its game folders names a known game."""
    if not overlay_dir.is_dir():
        raise UsageError(f"overlay folder not found: {display_path(overlay_dir)}")
    for sub in sorted(p for p in overlay_dir.iterdir() if p.is_dir()):
        if sub.name not in game_ids:
            close = difflib.get_close_matches(sub.name, game_ids, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else f"; games: {', '.join(game_ids)}"
            raise UsageError(f"overlay folder {display_path(sub)} names no game{hint}")


def apply_overlay_dir(raw: RawGame, overlay_dir: Path | None, top_keys: tuple[str, ...],
                      list_keys: frozenset[str]) -> RawGame:
    """Merge ``overlay_dir/<game>/`` into ``raw`` (unchanged when the overlay has nothing for this game)."""
    if overlay_dir is None:
        return raw
    folder = overlay_dir / raw.game_id
    if not folder.is_dir():
        return raw
    overlay = load_game(folder, top_keys, list_keys)
    return apply_overlay(raw, overlay, list_keys)


def apply_overlay(raw: RawGame, overlay: RawGame, list_keys: frozenset[str]) -> OverlaidGame:
    merged = OverlaidGame(raw.game_id, raw.folder, data=copy.deepcopy(raw.data),
                          origins={k: list(v) if isinstance(v, list) else v for k, v in raw.origins.items()},
                          files=raw.files + overlay.files, overlay=overlay)
    merger = _Merger(merged, overlay)
    for key, items in overlay.data.items():
        if key == "setup" and isinstance(items, dict):
            merger.setup(items)
            continue
        if key in list_keys and not isinstance(items, list):
            merger.error((key,), f"expected a list of entries under '{key}', got {type(items).__name__}",
                         hint=f"{key}:\n  - id: …")
            continue
        if key not in list_keys:
            fillable = sorted(k for k in list_keys if k != "rules")
            merger.error((key,), f"an overlay cannot change '{key}'", key=True,
                         hint="an overlay fills entries (by id) of: " + ", ".join(fillable) + "; and setup rows")
            continue
        for j, entry in enumerate(items):
            merger.entry(key, j, entry)
    if merger.issues:
        raise DataErrors(merger.issues)
    return merged


class _Merger:
    def __init__(self, merged: OverlaidGame, overlay: RawGame) -> None:
        self.merged = merged
        self.overlay = overlay
        self.issues: list[Issue] = []

    def error(self, opath: tuple, message: str, hint: str = "", key: bool = False) -> None:
        span = self.overlay.key_span(opath) if key else self.overlay.span(opath)
        self.issues.append(Issue(span, "overlay " + _fmt(opath), message, hint=hint, code="overlay",
                                 game=self.merged.game_id))

    def where(self, opath: tuple) -> str:
        span = self.overlay.span(opath)
        return f"{span.file}:{span.line}"

    def entry(self, key: str, j: int, entry: Any) -> None:
        opath = (key, j)
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            self.error(opath, "expected a mapping with the 'id' of the entry to fill",
                       hint=f"e.g. - id: some_{key.rstrip('s')}")
            return
        override = entry.get("override", False)
        if not isinstance(override, bool):
            self.error(opath + ("override",), f"expected true or false, got {override!r}")
            return
        if "source" in entry:
            self.error(opath + ("source",), "an overlay value's source is the overlay itself",
                       hint="remove 'source'; filled values get {owner: \"<overlay file>:<line>\"}", key=True)
            return
        fields = {k: v for k, v in entry.items() if k != "override"}
        base = self.merged.data.setdefault(key, [])
        by_id = {item.get("id"): i for i, item in enumerate(base) if isinstance(item, dict)}
        if entry["id"] in by_id:
            i = by_id[entry["id"]]
            if self.fill(base[i], fields, (key, i), opath, override) and isinstance(base[i].get("source"), dict):
                base[i]["source"]["owner"] = self.where(opath)
        else:
            self.new(key, j, fields, by_id)

    def setup(self, groups: dict) -> None:
        """Setup rows have no id: an overlay row names its ``component`` (and ``action``, ``scenario``,
        ``module`` when more than one row uses the component) and fills that row's unknown values."""
        base_setup = self.merged.data.get("setup")
        for group, rows in groups.items():
            opath = ("setup", group)
            if group not in ("rows", "per_player") or not isinstance(rows, list):
                self.error(opath, f"an overlay fills setup 'rows' or 'per_player' (a list), not '{group}'", key=True)
                continue
            base_rows = base_setup.get(group, []) if isinstance(base_setup, dict) else []
            for j, row in enumerate(rows):
                if not isinstance(row, dict) or not isinstance(row.get("component"), str):
                    self.error(opath + (j,), "expected a mapping with the 'component' of the setup row to fill")
                    continue
                override = row.get("override", False)
                if not isinstance(override, bool) or "source" in row:
                    self.error(opath + (j,), "a setup row in an overlay takes no 'source' and override: true|false")
                    continue
                found = [i for i, base in enumerate(base_rows) if isinstance(base, dict)
                         and base.get("component") == row["component"]
                         and all(base.get(f) == row.get(f) for f in ("scenario", "module"))
                         and ("action" not in row or base.get("action", "use" if group == "rows" else "deal")
                              == row["action"])]
                if len(found) != 1:
                    used = [b for b in base_rows if isinstance(b, dict) and b.get("component") == row["component"]]
                    what = ", ".join(f"action {b.get('action', 'use')}, scenario {b.get('scenario')}, "
                                     f"module {b.get('module')}" for b in used)
                    self.error(opath + (j, "component"),
                               f"{len(found)} setup {group} of '{row['component']}' match this row",
                               hint=f"name 'action', 'scenario' or 'module' to pick one of: {what}" if used else
                               _close(row["component"], {b.get("component") for b in base_rows
                                                         if isinstance(b, dict)}))
                    continue
                i = found[0]
                fields = {k: v for k, v in row.items() if k not in ("component", "action", "scenario", "module",
                                                                       "override")}
                if self.fill(base_rows[i], fields, ("setup", group, i), opath + (j,), override) and \
                        isinstance(base_rows[i].get("source"), dict):
                    base_rows[i]["source"]["owner"] = self.where(opath + (j,))

    def fill(self, target: dict, values: dict, mpath: tuple, opath: tuple, override: bool) -> int:
        """Fill ``target`` from ``values``; returns how many values were filled (or overridden)."""
        filled = 0
        for k, value in values.items():
            if k == "id":
                continue
            current = target.get(k, _MISSING)
            if current is _MISSING or current == UNKNOWN or (override and current != value
                                                             and not _both_mappings(current, value)):
                target[k] = value
                self.merged.redirects[mpath + (k,)] = opath + (k,)
                self.merged.owner_values[mpath + (k,)] = self.where(opath + (k,))
                filled += 1
            elif _both_mappings(current, value):
                filled += self.fill(current, value, mpath + (k,), opath + (k,), override)
            elif isinstance(current, list) and isinstance(value, list) and _match_key(current, value):
                name = _match_key(current, value)  # 'id' (tracks, regions …) or 'key' (table rows)
                ids = {item[name]: n for n, item in enumerate(current)}
                for n, item in enumerate(value):
                    if item[name] not in ids:
                        self.error(opath + (k, n, name), f"no {name} {item[name]!r} in '{k}' of this entry",
                                   hint=_close(item[name], ids))
                        continue
                    filled += self.fill(current[ids[item[name]]], item, mpath + (k, ids[item[name]]),
                                        opath + (k, n), override)
            elif current != value:
                stated = self.merged.span(mpath + (k,))
                self.error(opath + (k,), f"'{k}' is stated in the data ({_short(current)} at {stated.file}:"
                           f"{stated.line}); an overlay fills only unknown values",
                           hint="add 'override: true' to this entry to replace a stated value")
        return filled

    def new(self, key: str, j: int, fields: dict, by_id: dict) -> None:
        opath = (key, j)
        if key not in _NEW_ID_KEYS:
            self.error(opath + ("id",), f"no {key.rstrip('s')} '{fields['id']}' in the data",
                       hint=_close(fields["id"], by_id) or "an overlay adds new entries only to cards and tiles")
            return
        room = self.room(key, fields)
        if room is not None:
            self.error(opath + ("id",), f"new {key.rstrip('s')} '{fields['id']}': {room}",
                       hint=_close(fields["id"], by_id))
            return
        entry = dict(fields)
        entry["source"] = {"owner": self.where(opath)}
        items = self.merged.data[key]
        items.append(entry)
        self.merged.origins.setdefault(key, []).append(self.overlay.origins[key][j])
        self.merged.owner_values[(key, len(items) - 1)] = self.where(opath)

    def room(self, key: str, fields: dict) -> str | None:
        """None when the component's count leaves room for the new entry, else why not."""
        data = self.merged.data
        ref_key, copies_key = _NEW_ID_KEYS[key]
        if ref_key not in fields:
            return f"a new {key.rstrip('s')} needs '{ref_key}' (is the id misspelt?)"
        copies = fields.get(copies_key, 1)
        if key == "cards":
            deck = next((d for d in data.get("decks", []) if isinstance(d, dict) and d.get("id") == fields.get(ref_key)),
                        None)
            if deck is None:
                return f"its deck '{fields.get(ref_key)}' does not exist"
            comp_id = deck.get("component")
            siblings = [c for c in data.get("cards", []) if isinstance(c, dict) and c.get("deck") == deck.get("id")]
        else:
            comp_id = fields.get(ref_key)
            siblings = [t for t in data.get("tiles", []) if isinstance(t, dict) and t.get("component") == comp_id]
        comp = next((c for c in data.get("components", []) if isinstance(c, dict) and c.get("id") == comp_id), None)
        if comp is None:
            return f"its component '{comp_id}' does not exist"
        count = comp.get("count")
        if count == UNKNOWN or not isinstance(count, int) or not isinstance(copies, int):
            return None  # the book does not bound it (or the schema will report the bad number)
        listed = sum(s.get(copies_key, 1) for s in siblings if isinstance(s.get(copies_key, 1), int))
        if listed + copies > count:
            return (f"component '{comp_id}' counts {count} and the data already lists {listed}; "
                    f"{copies} more do not fit")
        return None


def _both_mappings(a: Any, b: Any) -> bool:
    return isinstance(a, dict) and isinstance(b, dict)


def _match_key(current: list, value: list) -> str | None:
    """The field that identifies the items of two lists of mappings ('id', or 'key' for table rows)."""
    for name in ("id", "key"):
        if current and value and all(isinstance(i, dict) and isinstance(i.get(name), (str, int))
                                     and not isinstance(i.get(name), bool) for i in current + value):
            return name
    return None


def _close(name: str, known) -> str:
    close = difflib.get_close_matches(str(name), [str(k) for k in known if k is not None], n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


def _short(value: Any) -> str:
    if isinstance(value, dict) and "pl" in value:
        value = value["pl"]
    text = repr(value)
    return text if len(text) <= 50 else text[:47] + "...'"


def _fmt(path: tuple) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text
