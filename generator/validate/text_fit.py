"""Every printed text fits its box at or above its minimum size, uses only icons that exist, and only
characters the embedded font can draw — checked before anything is printed, against the card or
component that holds the text."""
from __future__ import annotations

import weakref

from generator.validate.context import CheckContext


class TextFitChecker:
    """Checks the faces of one item after another; a face shared by many items (a deck's back, a token's
    face) is checked once. Faces are tracked weakly, so items can be planned and dropped one by one."""

    def __init__(self, ctx: CheckContext):
        self.ctx = ctx
        self.seen: weakref.WeakSet = weakref.WeakSet()
        self.reported: set[tuple] = set()
        self.strong: dict[int, object] = {}
        self.glyphs: dict[tuple[str, str], str] = {}  # (text, font) → missing characters

    def _seen(self, face) -> bool:
        """True when ``face`` was checked already; remembers it otherwise."""
        try:
            if face in self.seen:
                return True
            self.seen.add(face)
        except TypeError:  # a face that cannot be weakly referenced: keep it alive instead
            if id(face) in self.strong:
                return True
            self.strong[id(face)] = face
        return False

    def item(self, item) -> None:
        from generator.layout.faces import FaceTextError
        from generator.render.fonts import missing_glyphs

        ctx, reported = self.ctx, self.reported
        for side, face in (("front", item.front), ("back", item.back)):
            if face is None or self._seen(face):
                continue
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
            for text, font in _texts(drawn):
                glyph_key = (text, font)
                missing = self.glyphs.get(glyph_key)
                if missing is None:
                    missing = missing_glyphs(text, font)
                    if len(self.glyphs) < 20_000:
                        self.glyphs[glyph_key] = missing
                if missing and (path, missing) not in reported:
                    reported.add((path, missing))
                    codes = ", ".join(f"'{ch}' U+{ord(ch):04X}" for ch in missing)
                    ctx.error(path, f"text '{text[:40]}' has characters the font lacks: {codes}",
                              hint="replace them or use an inline :icon:", code="glyph")


def check_text_fits(ctx: CheckContext) -> None:
    from generator.validate.printable import iter_items

    checker = TextFitChecker(ctx)
    for _kind, item in iter_items(ctx):
        checker.item(item)


def _texts(items):
    """(text, font) of everything a face draws as text — the strings of fitted text blocks read straight
    from their runs (as ``expand_text_block`` would draw them, without placing them) and plain TextItems."""
    from generator.layout.scene import Group, TextBlock, TextItem

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
