"""Boards -> SVG drawings, poster-tiled PDFs and one-page PDFs, recorded in the manifest.

For every board of every game, one drawing per variant (side × player count, see layout/boards.py):

- ``<game>/boards/<variant>.svg`` — the board at real size, millimetre viewBox, real text;
- ``<game>/boards/<variant>-poster-<paper>.pdf`` — when the board is larger than one page: an assembly
  page, then the pages with overlaps, registration marks, crop ticks and "B2" labels;
- ``<game>/boards/<variant>-onepage-<paper>.pdf`` — the whole board on one sheet (fit, never above 100%,
  or the scale asked for).

Options are one typed ``BoardOptions`` (targets/options.py), built by the command layer: ``pnp boards`` from
its arguments, ``pnp build`` from its ``--paper`` alone (the other board options keep their defaults). Wording is in the game's languages.
"""
from __future__ import annotations

from dataclasses import replace

from generator.errors import DataErrors, Issue, SourceSpan, UsageError
from generator.geom.paper import PAPERS
from generator.geom.scene import TextItem
from generator.layout.boards import BoardDrawing, BoardVariant, board_variants, layout_board
from generator.layout.boards.poster import (
    onepage_scene,
    plan_onepage,
    plan_poster,
    poster_scene,
)
from generator.layout.boards.sizing import BoardDoesNotFit
from generator.model.index import GameIndex
from generator.render import fonts
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg
from generator.targets.options import BoardOptions
from generator.text import metrics
from generator.validate.structure import format_path
from generator.write.atomic import OutputDir
from generator.write.manifest import Artifact, Manifest

KIND = "board"
REPLACEMENT = "□"


def variants_for(index: GameIndex, players: int | None = None) -> list[tuple[object, BoardVariant]]:
    """(board, variant) pairs to draw; with `players`, other player counts are left out."""
    out = []
    for board in index.data.boards:
        for variant in board_variants(board, index.player_counts):
            if players is not None and variant.players is not None and variant.players != players:
                continue
            out.append((board, variant))
    return out


def draw(index: GameIndex, board, variant: BoardVariant, lang: str | None = None) -> BoardDrawing:
    """One variant drawn in the game's languages (``lang`` first); a board too small for its parts is a
    located data error."""
    game = index.data.game
    lang = lang if lang in game.languages else game.languages[0]
    from generator.plan.icons import game_icons

    try:
        drawing = layout_board(board, variant, tiles=index.data.tiles, icons=index.data.icons,
                               metrics=metrics.METRICS, lang=lang, game_title=game.title.get(lang) or "",
                               langs=game.languages, original=game.is_original,
                               icon_arts=game_icons(index.data, index.folder))
    except BoardDoesNotFit as exc:
        raise DataErrors([_located(index, board, exc)]) from None
    return _drawable(drawing)


def _located(index: GameIndex, board, exc: BoardDoesNotFit) -> Issue:
    number = next(i for i, b in enumerate(index.data.boards) if b is board)
    path = ("boards", number, *exc.path)
    raw = getattr(getattr(index, "report", None), "raw", None)
    span = raw.span(path) if raw is not None else SourceSpan(index.game_id)
    return Issue(span, format_path(path), str(exc), code="board-size", game=index.game_id)


def generate(indexes: list[GameIndex], out: OutputDir, manifest: Manifest, opts: BoardOptions) -> list[Artifact]:
    """Draw and write every board variant of every game; returns the manifest entries added."""
    entries: list[Artifact] = []
    for index in indexes:
        game = index.game_id
        if index.data.boards or (out.root / game / "boards").exists():
            out.claim(f"{game}/boards")  # replaced whole: boards no longer in the data disappear
        for board, variant in variants_for(index, opts.players):
            drawing = draw(index, board, variant, opts.language(index))
            base = f"{game}/boards/{variant.slug}"
            common = {"game": game, "kind": KIND, "board": board.id, "side": variant.side_id,
                      "players": variant.players, "variant": variant.slug, "items": 1,
                      "item_size_mm": [round(drawing.size.w, 2), round(drawing.size.h, 2)], "bleed_mm": 0,
                      "duplex": "none", "contents": {board.component: 1} if board.component else {},
                      "size_assumed": drawing.size_assumed}
            target = out.write_text(f"{base}.svg", render_svg(drawing.page()))
            entries.append(manifest.add(out, target, **common, profile="svg", paper=None, pages=1, scale=1.0))
            notes = list(drawing.size_notes)
            for paper in opts.papers:
                plan = _poster_plan(drawing, paper, opts)
                if plan.pages > 1:
                    pdf = render_pdf(poster_scene(plan, drawing.items, drawing.title, notes, drawing.langs))
                    target = out.write_bytes(f"{base}-poster-{paper}.pdf", pdf)
                    entries.append(manifest.add(out, target, **common, profile="poster", paper=paper,
                                                pages=plan.pages + 1, scale=plan.scale, overlap_mm=plan.overlap,
                                                grid=[plan.rows, plan.cols]))
                one = _onepage_plan(drawing, paper, opts)
                pdf = render_pdf(onepage_scene(one, drawing.items, drawing.title, notes, drawing.langs))
                target = out.write_bytes(f"{base}-onepage-{paper}.pdf", pdf)
                entries.append(manifest.add(out, target, **common, profile="onepage", paper=paper, pages=1,
                                            scale=round(one.scale, 4)))
    return entries


def _poster_plan(drawing: BoardDrawing, paper: str, opts: BoardOptions):
    try:
        return plan_poster(drawing.size, PAPERS[paper], overlap=opts.overlap, scale=opts.poster_scale)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _onepage_plan(drawing: BoardDrawing, paper: str, opts: BoardOptions):
    try:
        return plan_onepage(drawing.size, PAPERS[paper], scale=opts.onepage_scale)
    except ValueError as exc:
        raise UsageError(f"{drawing.variant.slug}: {exc}") from None


def _drawable(drawing: BoardDrawing) -> BoardDrawing:
    """Characters the shipped fonts cannot draw become □ (visible, and the backends would refuse them)."""
    items = tuple(_safe_text(i) if isinstance(i, TextItem) else i for i in drawing.items)
    return replace(drawing, items=items, title=_safe(drawing.title, "DejaVuSans-Bold"),
                   notes=tuple(_safe(n, "DejaVuSans") for n in drawing.notes))


def _safe_text(item: TextItem) -> TextItem:
    font = fonts.resolve(item.font, item.bold)
    text = _safe(item.text, font)
    return item if text == item.text else replace(item, text=text)


def _safe(text: str, font: str) -> str:
    missing = metrics.missing_glyphs(text, font)
    if not missing:
        return text
    return "".join(REPLACEMENT if ch in missing else ch for ch in text)
