"""Asset paths (card art, backs, board images) are checked with the load layer's one rule
(generator/load/assets.py): inside the game folder, a regular file, a sound image within the size caps.
Each refusal is a located data error on the field that names the file."""
from __future__ import annotations

from generator.load.assets import IMAGE_SUFFIXES, inspect_image, inspect_svg, resolve_asset
from generator.validate.context import CheckContext

__all__ = ["IMAGE_SUFFIXES", "asset_paths", "check_assets", "inspect_image", "inspect_svg", "resolve_asset"]


def asset_paths(ctx: CheckContext):
    data = ctx.data
    for i, card in enumerate(data.cards):
        if card.image:
            yield ("cards", i, "image"), card.image
    for i, deck in enumerate(data.decks):
        if deck.back.image:
            yield ("decks", i, "back", "image"), deck.back.image
    for i, board in enumerate(data.boards):
        if board.image:
            yield ("boards", i, "image"), board.image


def check_assets(ctx: CheckContext) -> None:
    for path, value in asset_paths(ctx):
        target, reason = resolve_asset(ctx.raw.folder, value)
        if target is None:
            ctx.error(path, f"asset '{value}' {reason}", code="asset")
