"""Checks that need the plan: every printed text fits its box at or above its minimum size, uses only
icons that exist and markup that closes, and only characters the embedded font can draw — found while
the faces are resolved (once), reported against the card or component that holds the text.

``validated_games`` is what every command runs: the validator's checks plus these."""
from __future__ import annotations

import os
from pathlib import Path

from generator.errors import Issue
from generator.geom.scene import Group, TextBlock, TextItem
from generator.plan import forget_plans, plan_game
from generator.plan.draw import FaceTextError, quick_check
from generator.text.metrics import missing_glyphs
from generator.validate.context import CheckContext
from generator.validate.run import GameResult, validate_games


def check_text_fits(ctx: CheckContext) -> None:
    """Faces that say which texts they set (cards: ``Face.needs``) are first proved to fit by a bound on
    line breaking (``quick_check``: no face is drawn, nothing is kept); any other face, and any text the
    bound cannot prove, is set for real — which decides, and words its error.

    A problem is reported once, in the first language that shows it. A big game's other languages are
    checked in a forked process at the same time (``_in_child``); the report is the same as a serial run's.
    When the caller asked to go on meanwhile (``ctx.defer``: `pnp print` of a big game), every language is
    checked in that process and ``ctx.pending`` gives the issues when called."""
    langs = [lang for lang in ctx.data.game.languages]
    reported: set[tuple] = set()
    glyphs: dict[tuple[str, str], str] = {}  # (text, font) → missing characters, looked up once

    def emit(key: tuple, path: tuple, message: str, hint: str, code: str) -> None:
        if key not in reported:
            reported.add(key)
            ctx.error(path, message, hint=hint, code=code)

    if getattr(ctx, "defer", False) and _fork_worthwhile(ctx):  # every language beside the caller's work
        wait = _in_child(ctx, langs, glyphs)
        done: list[Issue] = []

        def pending(fallback: bool = True) -> list[Issue]:
            if not done:
                start = len(ctx.issues)
                for found in wait(fallback):
                    emit(*found)
                done.append(ctx.issues[start:])
            return done[0]

        ctx.pending = pending
        return
    later = langs[1:]
    child = _in_child(ctx, later, glyphs) if later and _fork_worthwhile(ctx) else None
    for lang in langs if child is None else langs[:1]:
        if lang != langs[0]:
            forget_plans(ctx.index, keep=langs[0])  # the first language's and one other: a big game's plans
        _check_language(ctx, lang, emit, glyphs)  # are most of its memory (and a big game forks instead)
    if child is not None:
        for found in child():
            emit(*found)
    if len(langs) > 1:
        forget_plans(ctx.index, keep=langs[0])  # a print or a build uses the first language's plan as it is


FORK_CARDS = 2000  # a game this big checks its other languages in a second process


def _fork_worthwhile(ctx: CheckContext) -> bool:
    import threading

    return (len(ctx.data.cards) >= FORK_CARDS and hasattr(os, "fork") and threading.active_count() == 1
            and os.cpu_count() not in (None, 1))


def _in_child(ctx: CheckContext, langs: list[str], glyphs: dict):
    """Fork a process that checks ``langs`` and sends back what it found; returns the function that waits
    for it. A child that fails sends nothing usable, and the languages are checked here instead."""
    from generator.forked import in_child

    def check() -> list[tuple]:
        found: list[tuple] = []
        for lang in langs:
            forget_plans(ctx.index, keep=lang)  # a plan made already (the first language's) is used as it is
            _check_language(ctx, lang, lambda *args: found.append(args), glyphs)
        return found

    waiting = in_child(check)

    def wait(fallback: bool = True) -> list[tuple]:
        """What the child found; when it failed, its languages checked here (``fallback=False``: nothing —
        a caller that is stopping anyway, say on Ctrl-C, only reaps the child)."""
        found = waiting(None)
        if found is None:
            return check() if fallback else []
        return found

    return wait


def check_print_counts(ctx: CheckContext) -> None:
    """Every component, leaf or parent, prints exactly its inventory count: a kit that prints fewer
    (or more) pieces than the box holds is an error, never silent."""
    from generator.plan.kinds import BY_METHOD

    index = ctx.index
    for lang in ctx.data.game.languages[:1]:
        printed: dict[str, int] = {}
        for item in plan_game(index, lang).all():
            printed[item.component] = printed.get(item.component, 0) + 1
        for pos, comp in enumerate(ctx.data.components):
            if comp.count == "unknown":
                continue
            below, todo, seen = [comp], list(index.children.get(comp.id, [])), {comp.id}
            while todo:
                kid = todo.pop()
                if kid.id not in seen:
                    seen.add(kid.id)
                    below.append(kid)
                    todo.extend(index.children.get(kid.id, []))
            leaves = [c for c in below if index.is_leaf(c)]
            if not leaves or not all(c.print and c.print.method in BY_METHOD for c in leaves):
                continue  # boards, figures and the like are not printed by these sheets
            total = sum(printed.get(c.id, 0) for c in below)
            if total < comp.count:
                ctx.error(("components", pos, "count"),
                          f"'{comp.id}' prints only {total} pieces but the inventory counts {comp.count}",
                          hint="list the missing cards or tiles, or fix the count", code="print-count")


def _check_language(ctx: CheckContext, lang: str, emit, glyphs: dict) -> None:
    """One language's faces (a function of its own, so its plan is let go of when it returns)."""
    plan = plan_game(ctx.index, lang)
    seen: set[int] = set()
    icons, term_name, metrics = plan.context.icons, plan.context.term_name, plan.context.metrics
    memo: dict = {}
    for item in plan.all():
        for side, face in (("front", item.front), ("back", item.back)):
            if face is None or id(face) in seen:
                continue
            seen.add(id(face))
            if face.needs is not None and quick_check(face.needs(), metrics, icons, term_name, memo, lang):
                continue
            path = item.origin or ("components",)
            try:
                drawn = face(0.0)
            except FaceTextError as exc:
                if exc.icon and _icon_reported(ctx, exc.icon):
                    continue  # the validator named it already, at the exact field, with a did-you-mean
                emit((path, exc.box), path, f"{side} of '{item.label.rsplit('-', 1)[0]}' ({lang}): {exc}",
                     "shorten the text or give the deck a layout with a larger box", "text-fit")
                continue
            for text, font in _texts(drawn):
                missing = glyphs.get((text, font))
                if missing is None:
                    missing = glyphs[(text, font)] = missing_glyphs(text, font)
                if missing:
                    codes = ", ".join(f"'{ch}' U+{ord(ch):04X}" for ch in missing)
                    emit((path, missing), path, f"text '{text[:40]}' has characters the font lacks: {codes}",
                         "replace them or use an inline :icon:", "glyph")


def _icon_reported(ctx: CheckContext, icon: str) -> bool:
    return any(f"icon '{icon}'" in issue.message for issue in ctx.issues)


def _texts(items):
    """(text, font) of everything a face draws as text — fitted blocks read straight from their runs (as
    the backends draw them, without placing them) and plain text items."""
    for item in items:
        if isinstance(item, Group):
            yield from _texts(item.items)
        elif isinstance(item, TextBlock):
            fitted = item.fitted
            for runs in fitted.runs:
                for run in runs:
                    if run.icon:  # drawn as a frame with the icon's initial in the bold font
                        yield run.icon[:1].upper(), fitted.bold_font
                    elif run.text.strip():
                        yield run.text.rstrip(), (fitted.bold_font if run.bold else fitted.font)
        elif isinstance(item, TextItem):
            yield item.text, item.font


def validated_games(data_dir: Path, games: list[str] | None, overlay: Path | None = None,
                    jobs: int = 1, defer: bool = False) -> list[GameResult]:
    """Load and validate the games (with an owner's overlay merged in, if given), then resolve their plans
    (printable sizes, text fit, glyphs, printed counts) — the full check."""
    from generator.plan.printable import check_printable

    return validate_games(data_dir, games, extra_checks=(check_printable, check_print_counts, check_text_fits),
                         overlay=overlay, jobs=jobs, keep_data=False, defer=defer)
