"""Boards -> SVG drawings, poster-tiled PDFs and one-page PDFs, recorded in the manifest.

For every board of every game, one drawing per variant (side × player count, see layout/boards.py):

- ``<game>/boards/<variant>.svg`` — the board at real size, millimetre viewBox, real text;
- ``<game>/boards/<variant>-poster-<paper>.pdf`` — when the board is larger than one page: an assembly
  page, then the pages with overlaps, registration marks, crop ticks and "B2" labels;
- ``<game>/boards/<variant>-onepage-<paper>.pdf`` — the whole board on one sheet (fit, never above 100%,
  or the scale asked for).

``args`` may come from ``pnp build`` or ``pnp boards``; every option is read with a default.
"""
from __future__ import annotations

from dataclasses import replace

from generator.errors import UsageError
from generator.geom.paper import PAPERS
from generator.geom.scene import TextItem
from generator.layout.boards import BoardDrawing, BoardVariant, board_variants, layout_board
from generator.layout.poster import DEFAULT_OVERLAP, onepage_scene, plan_onepage, plan_poster, poster_scene
from generator.model.index import GameIndex
from generator.render import fonts
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg
from generator.text import metrics
from generator.write.atomic import OutputDir
from generator.write.manifest import Manifest

KIND = "board"
PAPER_NAMES = ("a4", "letter")
REPLACEMENT = "□"


def options(args) -> dict:
    """Every option this target reads, with its default (build passes fewer than `pnp boards`)."""
    papers = getattr(args, "paper", None) or list(PAPER_NAMES)
    overlap = getattr(args, "overlap", None)
    return {
        "papers": [p for p in PAPER_NAMES if p in papers],
        "players": getattr(args, "players", None),
        "overlap": DEFAULT_OVERLAP if overlap is None else float(overlap),
        "poster_scale": float(getattr(args, "poster_scale", None) or 1.0),
        "onepage_scale": getattr(args, "onepage_scale", None),
        "lang": getattr(args, "lang", None) or "pl",
    }


def variants_for(index: GameIndex, players: int | None = None) -> list[tuple[object, BoardVariant]]:
    """(board, variant) pairs to draw; with `players`, other player counts are left out."""
    out = []
    for board in index.data.boards:
        for variant in board_variants(board, index.player_counts):
            if players is not None and variant.players is not None and variant.players != players:
                continue
            out.append((board, variant))
    return out


def draw(index: GameIndex, board, variant: BoardVariant, lang: str = "pl") -> BoardDrawing:
    drawing = layout_board(board, variant, tiles=index.data.tiles, icons=index.data.icons, metrics=metrics.METRICS,
                           lang=lang, game_title=getattr(index.data.game.title, lang))
    return _drawable(drawing)


def generate(indexes: list[GameIndex], out: OutputDir, manifest: Manifest, args) -> list[dict]:
    """Draw and write every board variant of every game; returns the manifest entries added."""
    opts = options(args)
    if opts["overlap"] < 0:
        raise UsageError(f"--overlap must be ≥ 0 mm, got {opts['overlap']:g}")
    if opts["poster_scale"] <= 0:
        raise UsageError(f"--poster-scale must be positive, got {opts['poster_scale']:g}")
    entries: list[dict] = []
    for index in indexes:
        game = index.game_id
        if index.data.boards or (out.root / game / "boards").exists():
            out.claim(f"{game}/boards")  # replaced whole: boards no longer in the data disappear
        for board, variant in variants_for(index, opts["players"]):
            drawing = draw(index, board, variant, opts["lang"])
            base = f"{game}/boards/{variant.slug}"
            common = {"game": game, "kind": KIND, "board": board.id, "side": variant.side_id,
                      "players": variant.players, "variant": variant.slug, "items": 1,
                      "item_size_mm": [round(drawing.size.w, 2), round(drawing.size.h, 2)], "bleed_mm": 0,
                      "duplex": "none", "contents": {board.component: 1} if board.component else {},
                      "size_assumed": drawing.size_assumed}
            target = out.write_text(f"{base}.svg", render_svg(drawing.page()))
            entries.append(manifest.add(out, target, **common, profile="svg", paper=None, pages=1, scale=1.0))
            notes = [n for n in drawing.notes if "assum" in n or "scaled" in n]
            for paper in opts["papers"]:
                plan = _poster_plan(drawing, paper, opts)
                if plan.pages > 1:
                    pdf = render_pdf(poster_scene(plan, drawing.items, drawing.title, notes))
                    target = out.write_bytes(f"{base}-poster-{paper}.pdf", pdf)
                    entries.append(manifest.add(out, target, **common, profile="poster", paper=paper,
                                                pages=plan.pages + 1, scale=plan.scale, overlap_mm=plan.overlap,
                                                grid=[plan.rows, plan.cols]))
                one = _onepage_plan(drawing, paper, opts)
                pdf = render_pdf(onepage_scene(one, drawing.items, drawing.title, notes))
                target = out.write_bytes(f"{base}-onepage-{paper}.pdf", pdf)
                entries.append(manifest.add(out, target, **common, profile="onepage", paper=paper, pages=1,
                                            scale=round(one.scale, 4)))
    return entries


def _poster_plan(drawing: BoardDrawing, paper: str, opts: dict):
    try:
        return plan_poster(drawing.size, PAPERS[paper], overlap=opts["overlap"], scale=opts["poster_scale"])
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _onepage_plan(drawing: BoardDrawing, paper: str, opts: dict):
    try:
        return plan_onepage(drawing.size, PAPERS[paper], scale=opts["onepage_scale"])
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
