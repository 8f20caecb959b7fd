"""Asset paths (card art, backs, board images) stay inside their game folder and exist.

A path like ../../etc/passwd, an absolute path, or a symlink pointing out of the folder is refused:
data is written by many hands and a build must never read (and embed) files from elsewhere."""
from __future__ import annotations

from pathlib import Path, PurePosixPath

from generator.validate.context import CheckContext

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg"}


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


def resolve_asset(folder: Path, value: str) -> tuple[Path | None, str]:
    """The asset's real path, or None and the reason it is refused."""
    pure = PurePosixPath(value.replace("\\", "/"))
    if pure.is_absolute() or (len(value) > 1 and value[1] == ":"):
        return None, "is an absolute path; asset paths are relative to the game folder"
    if ".." in pure.parts:
        return None, "climbs out of the game folder with '..'"
    if pure.suffix.lower() not in IMAGE_SUFFIXES:
        return None, f"has suffix '{pure.suffix}'; expected one of {', '.join(sorted(IMAGE_SUFFIXES))}"
    root = folder.resolve()
    target = (folder / pure).resolve()
    if root not in target.parents:
        return None, "resolves outside the game folder (a symlink?)"
    if not target.is_file():
        return None, "does not exist in the game folder"
    if not _readable_image(target):
        return None, "is not a readable PNG or JPEG image"
    return target, ""


def _readable_image(path: Path) -> bool:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as img:
            img.verify()
            return img.format in ("PNG", "JPEG") and img.size[0] * img.size[1] <= 60_000_000
    except (OSError, UnidentifiedImageError, ValueError, Image.DecompressionBombError):
        return False


def check_assets(ctx: CheckContext) -> None:
    for path, value in asset_paths(ctx):
        target, reason = resolve_asset(ctx.raw.folder, value)
        if target is None:
            ctx.error(path, f"asset '{value}' {reason}", code="asset")
