"""Checks that need the plan: every printed text fits its box at or above its minimum size, uses only
icons that exist and markup that closes, and only characters the embedded font can draw — found while
the faces are resolved (once), reported against the card or component that holds the text.

``validated_games`` is what every command runs: the validator's checks plus these."""
from __future__ import annotations

from pathlib import Path

from generator.geom.scene import TextItem, flatten
from generator.plan import plan_game
from generator.plan.draw import FaceTextError
from generator.text.metrics import missing_glyphs
from generator.validate.context import CheckContext
from generator.validate.run import GameResult, validate_games


def check_text_fits(ctx: CheckContext) -> None:
    langs = [lang for lang in ctx.data.game.languages]
    reported: set[tuple] = set()
    for lang in langs:
        plan = plan_game(ctx.index, lang)
        seen: set[int] = set()
        for item in plan.all():
            for side, face in (("front", item.front), ("back", item.back)):
                if face is None or id(face) in seen:
                    continue
                seen.add(id(face))
                path = item.origin or ("components",)
                try:
                    drawn = face(0.0)
                except FaceTextError as exc:
                    key = (path, exc.box)
                    if key not in reported:
                        reported.add(key)
                        ctx.error(path, f"{side} of '{item.label.rsplit('-', 1)[0]}' ({lang}): {exc}",
                                  hint="shorten the text or give the deck a layout with a larger box",
                                  code="text-fit")
                    continue
                for prim, _ in flatten(drawn):
                    if isinstance(prim, TextItem):
                        missing = missing_glyphs(prim.text, prim.font)
                        if missing and (path, missing) not in reported:
                            reported.add((path, missing))
                            codes = ", ".join(f"'{ch}' U+{ord(ch):04X}" for ch in missing)
                            ctx.error(path, f"text '{prim.text[:40]}' has characters the font lacks: {codes}",
                                      hint="replace them or use an inline :icon:", code="glyph")


def validated_games(data_dir: Path, games: list[str] | None) -> list[GameResult]:
    """Load and validate the games, then resolve their plans (text fit, glyphs) — the full check."""
    from generator.plan.printable import check_printable

    return validate_games(data_dir, games, extra_checks=(check_printable, check_text_fits))
