"""Runs every check on one game and gathers the result (never stops at the first problem)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import DataErrors, Issue, Severity
from generator.load.discover import RawGame, game_folders, load_game, select_games
from generator.load.overlay import apply_overlay_dir, overlay_games
from generator.memory import paused_gc
from generator.model.completion import completion
from generator.model.index import GameIndex
from generator.schema.game import LIST_KEYS, GameData
from generator.validate.assets import check_assets
from generator.validate.context import CheckContext
from generator.validate.costs import check_costs
from generator.validate.counts import check_counts
from generator.validate.layouts import check_layouts, check_themes
from generator.validate.references import check_references, check_unique_ids
from generator.validate.setup_tables import check_setup
from generator.validate.structure import format_path, parse_game

CHECKS = (check_unique_ids, check_references, check_counts, check_costs, check_setup, check_assets, check_layouts,
          check_themes)


@dataclass
class GameResult:
    game_id: str
    folder: Path
    raw: RawGame | None = None
    data: GameData | None = None
    issues: list[Issue] = field(default_factory=list)
    unknowns: list[dict] = field(default_factory=list)
    completion: dict = field(default_factory=dict)  # stated / owner-filled / unknown facts (model.completion)
    index: GameIndex | None = None  # the typed index the checks used (its plans are reused by the build)
    parsed: bool = False  # the data passed the schema (kept when a light result drops raw, data and index)
    # a check still running beside this process (``defer``): call it once for the issues it adds
    pending: Callable[..., list[Issue]] | None = None

    def count(self, severity: Severity) -> int:
        return sum(1 for i in self.issues if i.severity == severity)

    @property
    def ok(self) -> bool:
        return (self.parsed or self.data is not None) and self.count(Severity.ERROR) == 0

    def light(self) -> GameResult:
        """The report alone — issues, unknowns, completion — without the loaded game."""
        return GameResult(self.game_id, self.folder, issues=self.issues, unknowns=self.unknowns,
                          completion=self.completion, parsed=self.parsed or self.data is not None)


def validate_folder(folder: Path, extra_checks: tuple = (), overlay: Path | None = None,
                    light: bool = False, keep_data: bool = True, defer: bool = False) -> GameResult:
    """Load, parse and check one game. ``light``: for a caller that only reports — the plain data is let go
    of as soon as the unknowns and completion are read from it (before the plan checks, which need only
    the typed model), and the result carries the report alone. ``defer``: a check that can run beside this
    process (a big game's text fit) may leave its issues to ``result.pending``."""
    result = GameResult(folder.name, folder)
    try:
        result.raw = load_game(folder, tuple(GameData.model_fields), LIST_KEYS)
        result.raw = apply_overlay_dir(result.raw, overlay, tuple(GameData.model_fields), LIST_KEYS)
        result.data = parse_game(result.raw)
    except DataErrors as exc:
        for issue in exc.issues:
            result.issues.append(issue if issue.game else _with_game(issue, folder.name))
        return result
    if result.data.game.id != folder.name:
        ctx = CheckContext(result.raw, result.data)
        ctx.error(("game", "id"), f"game id '{result.data.game.id}' differs from its folder '{folder.name}'",
                  code="reference")
        result.issues.extend(ctx.issues)
    ctx = CheckContext(result.raw, result.data)
    result.index = ctx.index
    ctx.index.owner_values = getattr(result.raw, "owner_values", {})
    for check in CHECKS:
        check(ctx)
    result.unknowns = find_unknowns(result.raw)
    result.completion = completion(result.raw.data, ctx.index.owner_values)
    if light or not keep_data:
        result.raw.data = {}  # a big game's plain data is a quarter of its memory; positions stay for messages
    ctx.defer = defer and not light
    for check in extra_checks:
        check(ctx)
    result.pending = ctx.__dict__.pop("pending", None)  # held by the result, not the context: no cycle
    result.issues.extend(ctx.issues)
    result.issues.sort(key=Issue.sort_key)
    # the index carries its report (the site shows it; a later error is located through its positions) — a
    # copy without the index: no cycle between them
    ctx.index.report = result.light()
    ctx.index.report.raw = result.raw
    return result.light() if light else result


def validate_games(data_dir: Path, games: list[str] | None, extra_checks: tuple = (),
                   overlay: Path | None = None, jobs: int = 1, keep_data: bool = True,
                   defer: bool = False) -> list[GameResult]:
    """Every requested game (all when none are named), each validated on its own (with the overlay merged).

    ``jobs`` > 1 validates the games in that many forked processes (one game: in this one) and returns light
    results (the report without the loaded game: for callers that only report, like ``pnp validate``); the
    results and their order are the same as a serial run's. ``keep_data=False``: the plain data is let go
    of once read (the typed model and the positions stay) — for callers that work from the model."""
    folders = select_games(data_dir, games)
    if overlay is not None:
        overlay_games(overlay, [p.name for p in game_folders(data_dir)])
    with paused_gc():
        if jobs > 1 and len(folders) > 1 and _can_fork():
            return _in_workers(folders, extra_checks, overlay, jobs)
        return [validate_folder(folder, extra_checks, overlay, light=jobs > 1, keep_data=keep_data, defer=defer)
                for folder in folders]


def _can_fork() -> bool:
    from generator.forked import can_fork

    return can_fork()


def _in_workers(folders: list[Path], extra_checks: tuple, overlay: Path | None, jobs: int) -> list[GameResult]:
    """The games validated by this process and ``jobs - 1`` forked children side by side. Each takes the
    next game from a shared queue (a pipe of game numbers, the biggest games first) until none is left, so
    a slow game does not hold up the others; a child sends back its light results (pickled over a pipe).
    A child that fails sends nothing usable, and its games are validated here instead — so a bug surfaces
    here, as in a serial run. Plain forks rather than a multiprocessing pool: the pool's import and start
    cost more than a small game's check."""
    import os

    from generator.forked import in_child

    order = sorted(range(len(folders)), key=lambda k: -_size(folders[k]))
    queue_read, queue_write = os.pipe()
    os.write(queue_write, b"".join(k.to_bytes(2, "big") for k in order))  # ≤ 64 KiB: never blocks here
    os.close(queue_write)

    def take() -> list[tuple[int, GameResult]]:
        found = []
        while len(number := os.read(queue_read, 2)) == 2:  # reads of 2 bytes from a pipe are atomic
            k = int.from_bytes(number, "big")
            found.append((k, validate_folder(folders[k], extra_checks, overlay, light=True)))
        return found

    waits = [in_child(take) for _ in range(min(jobs, len(folders)) - 1)]
    done: dict[int, GameResult] = {}
    try:
        done.update(take())
    finally:
        os.close(queue_read)
        for wait in waits:  # reaped in any case
            done.update(wait(()))
    for k in range(len(folders)):  # what a failed child took: checked here
        if k not in done:
            done[k] = validate_folder(folders[k], extra_checks, overlay, light=True)
    return [done[k] for k in range(len(folders))]


def _size(folder: Path) -> int:
    try:
        return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
    except OSError:
        return 0


def _with_game(issue: Issue, game: str) -> Issue:
    return Issue(issue.span, issue.path, issue.message, issue.severity, issue.hint, issue.code, game)


def find_unknowns(raw: RawGame) -> list[dict]:
    """Every value the data marks 'unknown': the gaps a proxy prints blank and the site lists openly."""
    found: list[dict] = []
    for path in _unknown_paths(raw.data, ()):
        span = raw.span(path)
        found.append({"path": format_path(path), "file": span.file, "line": span.line})
    return found


def _unknown_paths(node: Any, path: tuple):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _unknown_paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _unknown_paths(value, path + (i,))
    elif node == "unknown":
        yield path
