"""The single orchestrator of `pnp build`: explicit phase order, everything gathered, then written.

load + validate every game → stop on errors (nothing written) → generators (print, boards, site) →
everything is staged and moved into place only at the end (manifest last), so a failed or killed build
leaves the previous outputs and manifest as they were.

Incremental: a build whose inputs (the data folder, the engine, the options) are those of the last build
and whose outputs are all in place does nothing at all. Otherwise each artifact whose own inputs are
unchanged is kept as it is (write/cache.py): print artifacts per game by the game's data (without planning
it), else each by the content of its planned items; boards per game by the game's board data; the site by
every game's data and every artifact it links, else each game's pages by their own inputs.

Parallel: print and boards work of each game are independent units, rendered by ``--jobs`` processes
(forked after validation, so they share the plans); results are merged in unit order, so a parallel build
is byte-identical to a serial one. The site is built last, in this process."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from rich.table import Table

from generator.console import out_console
from generator.errors import DataErrors, Severity
from generator.memory import paused_gc
from generator.plan.check import validated_games
from generator.targets.options import BoardOptions, PrintOptions, SiteOptions
from generator.validate.report import to_json
from generator.write import cache
from generator.write.atomic import OutputDir, OutputLock
from generator.write.manifest import MANIFEST, Artifact, Manifest

GENERATORS: list = []  # (name, callable(indexes, out, manifest, options)) registered by targets as they land
PARALLEL = ("print", "boards")  # targets whose per-game work runs in worker processes
# game data that cannot change a board drawing (everything else of the game counts towards its boards' key)
NOT_BOARD_INPUTS = {"cards", "decks", "layouts", "rules", "glossary", "constants", "tables", "cost_rules",
                    "recipes", "contradictions"}


@dataclass(frozen=True)
class BuildOptions:
    """Everything `pnp build` is asked for, typed once by the command layer (commands/build.py), with each
    target's own options inside: nothing below the commands reads the parsed arguments."""

    data: Path
    out: Path
    games: tuple[str, ...] = ()  # empty: every game
    skip: tuple[str, ...] = ()  # targets left out ("print", "boards", "site")
    force: bool = False
    jobs: int | None = None  # None: one worker per CPU
    overlay: Path | None = None
    print: PrintOptions = field(default_factory=PrintOptions)
    boards: BoardOptions = field(default_factory=BoardOptions)

    @property
    def site(self) -> SiteOptions:
        return SiteOptions(data=self.data, games=self.games, overlay=self.overlay)

    def target(self, name: str):
        """The options of one target (None for a name this build does not know)."""
        return {"print": self.print, "boards": self.boards, "site": self.site}.get(name)


def jobs_of(options: BuildOptions) -> int:
    return max(1, options.jobs if options.jobs else (os.cpu_count() or 1))


def build_key(options: BuildOptions) -> str:
    """Everything a whole build is made from: the engine, every file of the data folder, the options."""
    given = options.print
    recorded = {"games": sorted(options.games), "skip": sorted(options.skip),
                "paper": list(given.papers) if given.papers else None,
                "profile": list(given.profiles) if given.profiles else None}
    parts = [cache.engine_hash(), cache.tree_hash(Path(options.data)), cache.stable_json(recorded)]
    if options.overlay:  # an owner's overlay is an input too
        parts.append(cache.tree_hash(Path(options.overlay)))
    return cache._sha(*parts)


def up_to_date(root: Path, key: str, with_site: bool) -> bool:
    """The last build had these inputs and its outputs are all still in place (sizes as recorded)."""
    artifacts, inputs, whole = Manifest.read(root)
    if not whole or inputs.get("build") != key:
        return False
    if not (root / "validation.json").is_file() or (with_site and not (root / "site").is_dir()):
        return False
    for a in artifacts:
        try:
            if (root / a.path).stat().st_size != a.bytes:
                return False
        except OSError:
            return False
    return True


def run_build(options: BuildOptions) -> int:
    key = build_key(options)
    root = Path(options.out).resolve()
    force = options.force
    if not force and (root / MANIFEST).is_file():
        lock = OutputLock(root)  # another run may be writing there: wait for it as any build would
        try:
            fresh = up_to_date(root, key, with_site="site" not in options.skip)
        finally:
            lock.release()
        if fresh:
            out_console().print("Nothing changed since the last build: every output is up to date.")
            return 0
    results, checked = _validated_games(options, root)
    errors = [i for r in results for i in r.issues if i.severity == Severity.ERROR]
    if errors:
        raise DataErrors(errors)
    out = OutputDir(options.out)
    indexes = [r.index for r in results]
    from generator.targets import TARGET_KINDS

    rebuilt = set().union(*(kinds for name, kinds in TARGET_KINDS.items() if name not in options.skip))
    previous = Manifest.load(out, set(), keep_inputs=True)
    manifest = Manifest.load(out, {r.game_id for r in results}, kinds=rebuilt, keep_inputs=True)
    manifest.inputs.pop("build", None)
    builds = cache.BuildCache(out, [] if force else previous.artifacts)  # --force: nothing is kept
    cache.activate(builds)
    try:
        with out.transaction():  # nothing half-built replaces the previous outputs
            text = json.dumps(to_json(results), ensure_ascii=False, indent=2) + "\n"
            if _changed(out, "validation.json", text):
                out.write_text("validation.json", text)
            generators = [(n, g) for n, g in _generators() if n not in options.skip]
            units, printed = [], {}
            for name, generate in generators:
                if name == "boards":
                    units += _board_units(generate, indexes, out, manifest, options, builds)
                elif name == "print":
                    printed = _print_keys(indexes, options, builds)
                    units += [_print_unit(generate, index, printed[index.game_id], manifest, builds)
                              for index in indexes]
                elif name in PARALLEL:
                    units += [(name, generate, [index]) for index in indexes]
            with paused_gc():  # print and boards make no cycles (generator/memory.py); the site does
                made = run_units(units, out, manifest, options, jobs_of(options))
            _record_units(units, made, printed, manifest, options)
            for name, generate in generators:
                if name == "site":
                    _site(generate, indexes, out, manifest, options, text)
                elif name not in PARALLEL:
                    generate(indexes, out, manifest, options.target(name))
            _record_checked(manifest, checked, options, text)
            manifest.inputs["build"] = key
            manifest.save(out)
    finally:
        cache.activate(None)
    _summary(results, manifest)
    return 0


# --- validation: a game whose data is unchanged since the last build is loaded, not checked again ---

CHECKED = "validated"  # manifest inputs: game → the key of what its report in validation.json was made from


def _validated_games(options: BuildOptions, root: Path) -> tuple[list, dict[str, str]]:
    """Every game of the build, loaded and validated — except that a game whose key (the engine, where its
    folder is and every file in it, the overlay) is the one the last build recorded, and whose report is
    in the validation.json in place, is only loaded: the report's issues, unknowns and completion are read
    back instead of checking the data again (the checks read nothing else). Returns the results and each
    game's key."""
    from generator.load.discover import select_games

    folders = select_games(Path(options.data), list(options.games) or None)
    overlay = cache.tree_hash(Path(options.overlay)) if options.overlay else "-"
    keys = {f.name: cache._sha(cache.engine_hash(), str(f.resolve()), cache.tree_hash(f), overlay) for f in folders}
    before, reports = ({}, {}) if options.force else _last_checked(root)
    results: dict[str, object] = {}
    for folder in folders:
        name = folder.name
        if before.get(name) == keys[name] and name in reports:
            results[name] = _reloaded(folder, options.overlay, reports[name])
    fresh = [f.name for f in folders if results.get(f.name) is None]
    if fresh:
        for result in validated_games(options.data, fresh, options.overlay):
            results[result.game_id] = result
    elif options.overlay is not None:  # what the validator checks of the overlay folder itself
        from generator.load.discover import game_folders
        from generator.load.overlay import overlay_games

        overlay_games(Path(options.overlay), [p.name for p in game_folders(Path(options.data))])
    return [results[f.name] for f in folders], keys


def _last_checked(root: Path) -> tuple[dict, dict]:
    """The keys the last build recorded and the game reports of the validation.json in place — none when
    that file is not the one the last build wrote (its hash is recorded with the keys)."""
    _, inputs, _ = Manifest.read(root)
    before = inputs.get(CHECKED)
    if not isinstance(before, dict) or not isinstance(before.get("games"), dict):
        return {}, {}
    try:
        text = (root / "validation.json").read_text(encoding="utf-8")
        if cache._sha(text) != before.get("report"):
            return {}, {}
        doc = json.loads(text)
        reports = {g["game"]: g for g in doc.get("games", []) if isinstance(g, dict) and isinstance(g.get("game"), str)}
    except (OSError, ValueError, AttributeError, TypeError, KeyError):
        return {}, {}
    return before["games"], reports


def _reloaded(folder: Path, overlay: Path | None, report: dict):
    """The game loaded as the validator loads it, with its report read back (None when either fails:
    then it is validated)."""
    from generator.errors import Issue, SourceSpan
    from generator.load.discover import load_game
    from generator.load.overlay import apply_overlay_dir
    from generator.schema.game import LIST_KEYS, GameData
    from generator.validate.context import CheckContext
    from generator.validate.run import GameResult
    from generator.validate.structure import parse_game

    try:
        issues = []
        for entry in report["issues"]:
            issue = object.__new__(Issue)  # as written: a message cut to length is not cut again
            for name, value in (("span", SourceSpan(entry["file"], entry["line"], entry["column"])),
                                ("path", entry["path"]), ("message", entry["message"]),
                                ("severity", Severity(entry["severity"])), ("hint", entry["hint"]),
                                ("code", entry["code"]), ("game", entry["game"])):
                object.__setattr__(issue, name, value)
            issues.append(issue)
        unknowns, completion = list(report["unknowns"]), report["completion"] or {}
        if any(i.severity == Severity.ERROR for i in issues) or not report.get("ok"):
            return None
        result = GameResult(folder.name, folder, issues=issues, unknowns=unknowns, completion=completion)
        fields = tuple(GameData.model_fields)
        result.raw = apply_overlay_dir(load_game(folder, fields, LIST_KEYS), overlay, fields, LIST_KEYS)
        result.data = parse_game(result.raw)
    except (DataErrors, KeyError, TypeError, ValueError, AttributeError):
        return None
    ctx = CheckContext(result.raw, result.data)
    result.index = ctx.index
    ctx.index.owner_values = getattr(result.raw, "owner_values", {})
    result.raw.data = {}  # as the validator leaves it: the typed model and the positions stay
    ctx.index.report = result.light()  # as the validator sets it: no cycle between index and report
    ctx.index.report.raw = result.raw
    return result


def _record_checked(manifest: Manifest, keys: dict[str, str], options: BuildOptions, report: str) -> None:
    """The games' keys, with the hash of the validation.json this build leaves (its reports are theirs)."""
    before = manifest.inputs.get(CHECKED)
    games = before.get("games") if isinstance(before, dict) and options.games else None
    records = dict(games) if isinstance(games, dict) else {}
    records.update(keys)
    manifest.inputs[CHECKED] = {"games": dict(sorted(records.items())), "report": cache._sha(report)}


def _changed(out: OutputDir, relative: str, text: str) -> bool:
    try:
        return (out.root / relative).read_text(encoding="utf-8") != text
    except OSError:
        return True


# --- boards and the site: kept whole per game / per build when their inputs are unchanged ---

def _board_units(generate, indexes, out: OutputDir, manifest: Manifest, options: BuildOptions,
                 builds: cache.BuildCache) -> list:
    drawn = repr(options.boards)  # a frozen dataclass: its repr is its content
    units = []
    for index in indexes:
        data = index.data.model_dump(mode="json", exclude=NOT_BOARD_INPUTS)
        key = cache._sha(cache.engine_hash(), builds.assets_hash(index.folder), cache.stable_json(data), drawn)
        old = [a for a in builds.previous.values() if a.game == index.game_id and a.kind == "board"]
        none = manifest.inputs.get(NO_BOARDS)  # games whose boards unit drew nothing, with its key
        none_before = not old and not options.force and isinstance(none, dict) and none.get(index.game_id) == key
        if none_before or (old and all(a.input_hash == key and builds.fresh(a.path, key) for a in old)):
            # kept: the game's boards folder is not claimed, it stays as it is; the entries go back into
            # the manifest in this unit's place, so the artifacts' order is the one a full build gives
            units.append(("boards", None, [index], key, sorted(old, key=lambda a: a.unit_order or 0)))
            continue
        units.append(("boards", generate, [index], key))
    return units


NO_BOARDS = "no-boards"  # manifest inputs: game → the key of its boards unit that drew no boards


# --- print: kept whole per game when the game's inputs are unchanged ---

PRINT_INPUTS = "print-games"  # manifest inputs: game → {"key": its print key, "paths": its entries in order}


def _print_keys(indexes, options: BuildOptions, builds: cache.BuildCache) -> dict[str, str]:
    """What each game's print files are made from: the engine, the game's data (its owner's overlay merged
    in, and which values the overlay filled), its data folder's other files, the print options."""
    made = repr(options.print)  # a frozen dataclass: its repr is its content
    return {index.game_id: cache._sha(cache.engine_hash(), "print", cache.stable_json(index.data.model_dump(mode="json")),
                                      _owner_values(index), builds.assets_hash(index.folder), made)
            for index in indexes}


def _owner_values(index) -> str:
    owner = getattr(index, "owner_values", None) or {}
    return cache.stable_json(sorted((list(path), str(where)) for path, where in owner.items()))


def _print_unit(generate, index, key: str, manifest: Manifest, builds: cache.BuildCache) -> tuple:
    """The game's print unit; when the last build printed it from the same key and every file it wrote is
    in place, the unit keeps them all without planning the game (its print folder is not claimed, so it
    stays as it is; its entries go back in the order the last build made them)."""
    old = manifest.inputs.get(PRINT_INPUTS)
    old = old.get(index.game_id) if isinstance(old, dict) else None
    if isinstance(old, dict) and old.get("key") == key and isinstance(old.get("paths"), list) and old["paths"]:
        entries = [builds.previous.get(path) for path in old["paths"]]
        if all(e is not None and e.kind in _print_kinds() and e.game == index.game_id and builds.fresh(e.path, e.input_hash)
               for e in entries):
            return "print", None, [index], None, entries
    return "print", generate, [index]


def _print_kinds() -> frozenset[str]:
    from generator.targets import TARGET_KINDS

    return TARGET_KINDS["print"]


def _record_units(units: list[tuple], made: list[list[Artifact]], keys: dict[str, str], manifest: Manifest,
                  options: BuildOptions) -> None:
    """Note each printed game's key and entries, and the board key of each game without boards (its board
    entries carry the key otherwise), for the next build to keep them whole. A full build notes only its
    own games."""
    for name, inputs in (("print", PRINT_INPUTS), ("boards", NO_BOARDS)):
        ran = [(unit, entries) for unit, entries in zip(units, made, strict=True) if unit[0] == name]
        if not ran:
            continue  # a skipped target: its notes stay as they are, like its files
        before = manifest.inputs.get(inputs)
        records = dict(before) if isinstance(before, dict) and options.games else {}
        for unit, entries in ran:
            game = unit[2][0].game_id
            records.pop(game, None)
            if name == "print":
                records[game] = {"key": keys[game], "paths": [e.path for e in entries]}
            elif not entries:
                records[game] = unit[3]
        if records:
            manifest.inputs[inputs] = dict(sorted(records.items()))
        else:
            manifest.inputs.pop(inputs, None)


def _site(generate, indexes, out: OutputDir, manifest: Manifest, options: BuildOptions, report: str) -> None:
    from generator.targets.site import SITE, SITE_SRC

    links = sorted((a.path, a.sha256) for a in manifest.artifacts)
    games = sorted(options.games)
    # what the site shows: every game's data (not its formatting), the validation report, the linked files;
    # a partial build also shows the other games, so then every data file counts
    data = [(ix.game_id, ix.data.model_dump(mode="json"), builds_assets(ix)) for ix in indexes]
    key = cache._sha(cache.engine_hash(), cache.stable_json(data), report, cache.stable_json(links),
                     cache.stable_json(games), cache.tree_hash(Path(options.data)) if games else "")
    from generator.targets import TARGET_KINDS

    kinds = TARGET_KINDS["site"]  # the site target's own artifacts (the rules PDFs)
    built = {ix.game_id for ix in indexes}
    previous = cache.active().previous.values() if cache.active() is not None else []
    own = [a for a in previous if a.kind in kinds and a.game in built]
    if (not options.force and manifest.inputs.get("site") == key and (out.root / SITE).is_dir()
            and (out.root / SITE_SRC).is_dir() and all((out.root / a.path).is_file() for a in own)):
        manifest.artifacts.extend(own)  # nothing claimed: the site and its files stay as they are
        return
    generate(indexes, out, manifest, options.site)
    manifest.inputs["site"] = key
    for folder in (SITE, SITE_SRC, *(f"{g}/rules" for g in sorted(built))):  # what came out the same is kept
        cache.relink_identical(out, folder)


def builds_assets(index) -> str:
    c = cache.active()
    return c.assets_hash(index.folder) if c is not None else "-"


# --- parallel units ---

_WORK: tuple | None = None  # what forked workers inherit: (units, out, options)


def run_units(units: list[tuple], out: OutputDir, manifest: Manifest, options: BuildOptions,
              jobs: int) -> list[list[Artifact]]:
    """Run each (name, generate, indexes[, key[, kept entries]]) unit; in worker processes when ``jobs`` > 1.
    Results are merged in unit order, so the manifest is the same however the units were scheduled.
    Returns each unit's manifest entries, in unit order. A unit without ``generate`` puts back its kept
    entries; only units to run go to workers (with one left, it runs here)."""
    global _WORK
    todo = [n for n, unit in enumerate(units) if unit[1] is not None]
    if jobs <= 1 or len(todo) <= 1:
        results = [_unit(u, out, manifest, options) for u in units]
    else:
        import multiprocessing

        _WORK = (units, out, options)
        try:
            with multiprocessing.get_context("fork").Pool(min(jobs, len(todo))) as pool:
                done = dict(zip(todo, pool.imap(_worker, todo), strict=True))
        finally:
            _WORK = None
        for n in todo:
            status, payload = done[n]
            if status == "error":
                raise _rebuild_error(payload)
        results = []
        for n, unit in enumerate(units):
            if n not in done:
                results.append(_unit(unit, out, manifest, options))
                continue
            artifacts, written, claimed = done[n][1]
            for entry in artifacts:
                manifest.put(entry)
            out.written |= written
            out.claimed |= claimed
            results.append(artifacts)
    for unit, entries in zip(units, results, strict=True):
        if len(unit) == 4:  # boards of one game, drawn: their key and order, for the next build to keep them
            for n, entry in enumerate(entries):
                manifest.amend(entry, input_hash=unit[3], unit_order=n)
    return results


def _unit(unit: tuple, out: OutputDir, manifest: Manifest, options: BuildOptions) -> list[Artifact]:
    name, generate, indexes = unit[:3]
    if generate is None:  # kept whole from the previous build
        manifest.artifacts.extend(unit[4])
        return list(unit[4])
    before = {id(a) for a in manifest.artifacts}
    generate(indexes, out, manifest, options.target(name))
    return [a for a in manifest.artifacts if id(a) not in before]


def _worker(n: int):
    from generator import forked

    forked.sharing_cpus()  # the pool keeps the CPUs busy: a long PDF is written here in one process
    units, out, options = _WORK
    try:
        own = Manifest()
        _unit(units[n], out, own, options)
        return "ok", (own.artifacts, out.written, out.claimed)
    except BaseException as exc:  # sent back whole: the parent raises it as if it had run the unit itself
        return "error", (type(exc), exc.args, dict(getattr(exc, "__dict__", {})), str(exc))


def _rebuild_error(payload) -> BaseException:
    cls, args, state, text = payload
    try:
        exc = cls.__new__(cls)
        exc.args = args
        exc.__dict__.update(state)
        return exc
    except Exception:  # noqa: BLE001 - an exception type that cannot be rebuilt still reports its text
        from generator.errors import InternalError

        return InternalError(f"a build worker failed: {text}")


def _generators():
    from generator.targets import registry

    return registry()


def _summary(results, manifest: Manifest) -> None:
    table = Table(title="Build")
    for col in ("game", "warnings", "findings", "artifacts", "pages", "items printed"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in results:
        arts = manifest.of_game(r.game_id)
        table.add_row(r.game_id, str(r.count(Severity.WARNING)), str(r.count(Severity.FINDING)), str(len(arts)),
                      str(sum(a.pages or 0 for a in arts)),
                      str(sum(a.items or 0 for a in arts if a.kind != "png")))
    out_console().print(table)
