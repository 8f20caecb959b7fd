"""Every printed text fits its box at or above its minimum size, uses only icons that exist, and only
characters the embedded font can draw — checked before anything is printed, against the card or
component that holds the text."""
from __future__ import annotations

from generator.validate.context import CheckContext


def check_text_fits(ctx: CheckContext) -> None:
    from generator.layout.faces import FaceTextError
    from generator.layout.scene import TextItem, flatten
    from generator.render.fonts import missing_glyphs
    from generator.validate.printable import planned_items

    seen: set[int] = set()
    reported: set[tuple] = set()
    for items in planned_items(ctx).values():
        for item in items:
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
                        ctx.error(path, f"{side} of '{item.label.rsplit('-', 1)[0]}': {exc}",
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
