"""Scene -> PDF bytes with reportlab.

Each page starts with one matrix that turns the scene's millimetres (y down) into PDF points (y up), so
every primitive is drawn with the scene's own numbers. Text gets a local flip so it reads upright.
`invariant=1` makes the same scene give the same bytes (no dates, fixed IDs). Forms become XObjects,
defined once and placed with Do. Page boxes are set per page, and reset when a page has none.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import ClassVar

from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFName, PDFStream, PDFZCompress
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.geom.scene import (
    DEFAULT_FONT,
    Circle,
    FormDef,
    Group,
    ImageItem,
    Line,
    Metadata,
    Page,
    Path,
    Polygon,
    RectItem,
    Scene,
    TextBlock,
    TextItem,
    UseForm,
    _draw_run,
    block_runs,
    check_page_forms,
    expand_text_block,
)
from generator.geom.shapes import Rect, Size
from generator.geom.units import mm_to_pt, pt_to_mm
from generator.render import fonts
from generator.text import metrics

# Content streams are written as deflated binary, not ASCII85 over deflate (reportlab's default, for 7-bit
# mail transports): a quarter fewer bytes in every file and less to hold while a long document is written.
rl_config.useA85 = 0


class MissingGlyphs(ValueError):
    """A text holds characters its font cannot draw (the validator reports these first, located; this is
    the last guard)."""


def render_pdf(scene: Scene, *, cmyk: bool = False) -> bytes:
    """The whole scene as one PDF document; ``cmyk`` writes every colour as device CMYK (print shops)."""
    return render_pages(scene.pages, scene.forms, scene.metadata, cmyk=cmyk)


def render_pages(pages: Iterable[Page | Callable[[], Page]], forms: Iterable[FormDef] = (),
                 metadata: Metadata | None = None, *, cmyk: bool = False) -> bytes:
    """Pages (or makers that draw a page when called) written one at a time: each page is drawn, written
    to the document and let go before the next is made, so a long file never holds every page's scene
    items at once. The same bytes as ``render_pdf`` of a Scene with those pages."""
    shell = Scene((), tuple(forms), metadata or Metadata())  # checks the forms (unique names, no loops)
    stream = (_made(page) for page in pages)
    first = next(stream, None)
    if first is None:
        raise ValueError("a PDF needs at least one page")
    initial = _first_font(first.items) or DEFAULT_FONT
    fonts.ensure_font(initial)  # the canvas names it; every other face is registered on first use
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=_pt_size(first.size), invariant=1, pageCompression=1,
                    initialFontName=initial, initialFontSize=10)
    _set_metadata(canvas, shell)
    halves = isinstance(pages, Sequence) and len(pages) >= HALVES_PAGES
    painter = _Painter(canvas, shell, cmyk, preseed=halves)
    painter.define_forms()
    if halves:
        _in_halves(painter, pages, first)
        return canvas.getpdfdata()
    page = first
    number = 0
    while page is not None:
        check_page_forms(page, shell.form_map, number + 1)
        painter.page(page, number)
        number += 1
        page = next(stream, None)  # the written page is let go here
    return canvas.getpdfdata()  # the bytes save() would write, without a copy through the buffer


# --- a long document in two processes ----------------------------------------------------------------
#
# A document of HALVES_PAGES pages or more is written in halves: a forked child draws and compresses the
# second half while this process draws the first, then this process adds the child's pages as they are
# (size, boxes, bookmark, forms, compressed content). The bytes do not depend on whether the child ran:
# every face gets codes for the characters a kit prints (PRESEED) before anything is drawn, so a page draws
# the same operators whichever pages came before it. A child that meets anything else a page could add to
# the document — a character, a face, an image or any other object not there when it started — gives up,
# and this process draws those pages itself, exactly as it does with no child at all.

HALVES_PAGES = 48
# Latin-1, the Polish letters outside it, and the punctuation and arrows card texts use: 128 codes, the
# rest of a face's first subset after ASCII
PRESEED = ("".join(map(chr, range(0xA1, 0x100))) + "ĄąĆćĘęŁłŃńŚśŹźŻż" + "–—‘’‚“”„…•−€™" + "→←↑↓")


def _made(page) -> Page:
    return page() if callable(page) else page


def _in_halves(painter: _Painter, pages: Sequence, first: Page) -> None:
    from generator import forked

    check_page_forms(first, painter.forms, 1)
    painter.page(first, 0)
    n = len(pages)
    split = max(1, n // 2)  # the child also compresses its pages; this process adds them and writes the file
    wait = forked.in_child(lambda: _second_half(painter, pages, split)) if forked.can_fork(spare_cpu=True) else None
    try:
        for number in range(1, split):
            _draw(painter, pages, number)
    except BaseException:
        if wait is not None:
            wait(None)  # the child is reaped; the failure is this process's, as in a serial run
        raise
    drawn = wait(None) if wait is not None else None
    if drawn is None:  # no child, or it gave up: these pages are drawn here (the same bytes)
        for number in range(split, n):
            _draw(painter, pages, number)
        return
    for number, (shown, content) in enumerate(drawn, split):
        painter.add_drawn(shown, content, number)


def _draw(painter: _Painter, pages: Sequence, number: int, bookmark: bool = True) -> tuple:
    page = _made(pages[number])
    check_page_forms(page, painter.forms, number + 1)
    return painter.page(page, number, bookmark)


def _second_half(painter: _Painter, pages: Sequence, split: int) -> list | None:
    """(In the child.) Pages ``split`` on drawn and compressed: [(what the page shows, its compressed
    content)], or None as soon as a page adds anything to the document beyond itself."""
    before = painter.document_state()
    drawn = []
    for number in range(split, len(pages)):
        shown = _draw(painter, pages, number, bookmark=False)  # bookmarks are made where the page is added
        if shown is None or painter.document_state() != before:
            return None
        drawn.append((shown, painter.c._doc.Pages.pages[-1].Contents.content))
    return drawn


def form_xobject_name(index: int) -> str:
    """PDF-safe internal name; scene form names may hold any characters."""
    return f"PnpForm{index}"


def _pt_size(size: Size) -> tuple[float, float]:
    return (mm_to_pt(size.w), mm_to_pt(size.h))


def _set_metadata(canvas: Canvas, scene: Scene) -> None:
    meta = scene.metadata
    canvas.setTitle(meta.title)
    canvas.setAuthor(meta.author)
    canvas.setSubject(meta.subject)
    canvas.setCreator("pnpforge")


def _box(rect: Rect | None, page: Size) -> tuple[float, float, float, float] | None:
    """Scene rect (top-left origin, mm) -> PDF box [llx lly urx ury] in points."""
    if rect is None:
        return None
    return (mm_to_pt(rect.left), mm_to_pt(page.h - rect.bottom),
            mm_to_pt(rect.right), mm_to_pt(page.h - rect.top))


@lru_cache(maxsize=1024)
def _colour(value: str | None, cmyk: bool = False):
    if not value:
        return None
    colour = HexColor(value)
    return to_cmyk(colour) if cmyk else colour


def to_cmyk(colour) -> CMYKColor:
    """Naive device conversion (no ICC profile): enough for a print shop's CMYK-only upload check."""
    r, g, b = colour.red, colour.green, colour.blue
    k = 1 - max(r, g, b)
    if k >= 1:
        return CMYKColor(0, 0, 0, 1)
    return CMYKColor((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k)


class _Painter:
    """Draws scene items on a reportlab canvas whose user space is mm with y down."""

    def __init__(self, canvas: Canvas, scene: Scene, cmyk: bool = False, preseed: bool = False) -> None:
        self.c = canvas
        self.preseed = preseed  # give each face codes for PRESEED on first use (a document written in halves)
        self.cmyk = cmyk
        self.forms = scene.form_map
        self.names = {f.name: form_xobject_name(i) for i, f in enumerate(scene.forms)}
        # per document: formatted strings (subset assignments are the document's), colour operators, fonts
        self.formatted: dict[tuple, tuple[str, int]] = {}
        self.fill_ops: dict[str, str] = {}
        self.fonts: dict[tuple[str, bool], str] = {}
        self.drawable: dict[str, set[str]] = {}
        self.ops: dict[object, str] = {}  # shape → the operators it writes
        self.first_subset: dict[str, tuple[int, dict, frozenset]] = {}  # font → (assigned, table, characters)

    def define_forms(self) -> None:
        for form in self.forms.values():
            self._define_form(form)

    def _define_form(self, form: FormDef) -> None:
        self.c.beginForm(self.names[form.name], 0, 0, form.size.w, form.size.h)
        self.draw_all(form.items)
        self.c.endForm()

    def page(self, page: Page, number: int, bookmark: bool = True) -> tuple | None:
        """Draw and show one page; returns what another document needs to add it as drawn (its size,
        boxes, label and forms), or None when the page holds more than that (links, images' states …)."""
        c = self.c
        self._open(page.size, page.trim_box, page.bleed_box)
        c.saveState()
        k = mm_to_pt(1.0)
        c.transform(k, 0, 0, -k, 0, mm_to_pt(page.size.h))
        self.draw_all(page.items)
        c.restoreState()
        shown = (page.size, page.trim_box, page.bleed_box, page.label, tuple(c._formsinuse))
        if c._annotationrefs or c._colorsUsed or c._shadingUsed or c._psCommandsBeforePage or c._psCommandsAfterPage:
            shown = None
        self._close(page.label if bookmark else None, number)
        _compress_now(c)
        return shown

    def add_drawn(self, shown: tuple, content: bytes, number: int) -> None:
        """Add a page drawn by another process (``page`` there): the same page object, its content as
        compressed there."""
        size, trim_box, bleed_box, label, forms_in_use = shown
        self._open(size, trim_box, bleed_box)
        self.c._formsinuse = list(forms_in_use)
        self._close(label, number)
        _set_contents(self.c._doc.Pages.pages[-1], content)

    def _open(self, size: Size, trim_box: Rect | None, bleed_box: Rect | None) -> None:
        c = self.c
        c.setPageSize(_pt_size(size))
        c.setTrimBox(_box(trim_box, size))
        c.setBleedBox(_box(bleed_box, size))

    def _close(self, label: str | None, number: int) -> None:
        c = self.c
        if label:
            key = f"page{number}"
            c.bookmarkPage(key)
            c.addOutlineEntry(label, key, level=0)
        c.showPage()

    def document_state(self) -> tuple:
        """What drawing a page may add to the document besides the page: faces and their characters, named
        objects (images, destinations), graphics states."""
        c = self.c
        doc = c._doc
        assigned = tuple(len(getFont(f).state[doc].assignments) if doc in getattr(getFont(f), "state", {}) else -1
                         for f in sorted(set(self.fonts.values())))
        return (tuple(doc.fontMapping), len(doc.idToObject) - len(doc.Pages.pages), assigned,
                repr(vars(c._extgstate)))

    def draw_all(self, items) -> None:
        """Draw items in order. Consecutive texts go into one PDF text object: a text block starts a new one
        (its lines, then any plain text items that follow it); anything else ends it."""
        texts: list[tuple] = []
        for item in items:
            kind = type(item)
            if kind is TextItem:
                texts.append((item.x, item.y, item.text, item.font, item.bold, item.size_pt, item.anchor, item.fill))
                continue
            if texts:
                self._texts(texts)
                texts = []
            if kind is TextBlock:
                texts = self._text_block_items(item)
                continue
            self.draw(item)
        if texts:
            self._texts(texts)

    def _text_block_items(self, item: TextBlock) -> list[tuple]:
        """A block's lines as text runs (drawn as one text object); other pieces (icons) drawn now.
        The runs are read straight from the fitted block (``block_runs``), placed exactly where
        ``expand_text_block`` puts its TextItems, without making them."""
        texts: list[tuple] = []
        fitted = item.fitted
        size, fill = fitted.size_pt, item.fill
        for run, x, line_top, baseline in block_runs(item):
            if run.icon:
                if texts:
                    self._texts(texts)
                    texts = []
                for piece in _draw_run(run, x, line_top, baseline, item, self.forms):
                    if type(piece) is TextItem:
                        texts.append((piece.x, piece.y, piece.text, piece.font, piece.bold, piece.size_pt,
                                      piece.anchor, piece.fill))
                    else:
                        if texts:
                            self._texts(texts)
                            texts = []
                        self.draw(piece)
                continue
            text = run.text.rstrip()
            if text:
                texts.append((x, baseline, text, fitted.bold_font if run.bold else fitted.font, False, size,
                              "start", fill))
        return texts

    def draw(self, item) -> None:
        kind = type(item)
        handler = self._handlers.get(kind)
        if handler is None:
            raise TypeError(f"the PDF backend cannot draw {type(item).__name__}")
        if kind not in _REPLAYED:
            handler(self, item)
            return
        # a shape writes the same operators wherever it is drawn (faces are drawn in their own coordinates,
        # the same rects on every card): written once through reportlab, then replayed
        ops = self.ops.get(item)
        if ops is None:
            canvas = self.c
            code, canvas._code = canvas._code, []
            try:
                handler(self, item)
                ops = "\n".join(canvas._code)  # the canvas joins its code with newlines: the same bytes
            finally:
                canvas._code = code
            if len(self.ops) >= _OPS_MAX:
                self.ops.clear()
            self.ops[item] = ops
        if ops:
            self.c._code.append(ops)

    # --- primitives ---

    def _paint(self, fill: str | None, stroke: str | None, stroke_pt: float) -> tuple[int, int]:
        c = self.c
        if fill:
            c.setFillColor(_colour(fill, self.cmyk))
        if stroke:
            c.setStrokeColor(_colour(stroke, self.cmyk))
            c.setLineWidth(pt_to_mm(stroke_pt))
        return (1 if stroke and stroke_pt > 0 else 0, 1 if fill else 0)

    def _rect(self, item: RectItem) -> None:
        stroke, fill = self._paint(item.fill, item.stroke, item.stroke_pt)
        r = item.rect
        if item.radius > 0:
            self.c.roundRect(r.x, r.y, r.w, r.h, item.radius, stroke=stroke, fill=fill)
        else:
            self.c.rect(r.x, r.y, r.w, r.h, stroke=stroke, fill=fill)

    def _line(self, item: Line) -> None:
        stroke, _ = self._paint(None, item.stroke, item.stroke_pt)
        if not stroke:
            return
        self.c.setDash(list(item.dash) if item.dash else [])
        self.c.line(item.p1.x, item.p1.y, item.p2.x, item.p2.y)
        self.c.setDash([])

    def _polygon(self, item: Polygon) -> None:
        stroke, fill = self._paint(item.fill, item.stroke, item.stroke_pt)
        path = self.c.beginPath()
        path.moveTo(item.points[0].x, item.points[0].y)
        for p in item.points[1:]:
            path.lineTo(p.x, p.y)
        if item.closed:
            path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill if item.closed else 0)

    def _path(self, item: Path) -> None:
        """A vector path (icon artwork): m / l / c / h operators, non-zero or even-odd fill."""
        stroke, fill = self._paint(item.fill, item.stroke, item.stroke_pt)
        if not stroke and not fill:
            return
        path = self.c.beginPath()
        for op, a in item.segments:
            if op == "M":
                path.moveTo(*a)
            elif op == "L":
                path.lineTo(*a)
            elif op == "C":
                path.curveTo(*a)
            else:
                path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill, fillMode=0 if item.even_odd else 1)  # reportlab: 0 even-odd, 1 non-zero

    def _circle(self, item: Circle) -> None:
        stroke, fill = self._paint(item.fill, item.stroke, item.stroke_pt)
        self.c.circle(item.center.x, item.center.y, item.r, stroke=stroke, fill=fill)

    def _text(self, item: TextItem) -> None:
        font = self.fonts.get((item.font, item.bold)) or self._face(item.font, item.bold)
        missing = metrics.missing_glyphs(item.text, font)
        if missing:
            raise MissingGlyphs(f"font {font} has no glyph for {missing!r} in {item.text!r}")
        c = self.c
        c.saveState()
        c.translate(item.x, item.y)
        c.scale(1, -1)  # undo the page flip so glyphs stand upright
        c.setFillColor(_colour(item.fill, self.cmyk))
        c.setFont(font, pt_to_mm(item.size_pt))
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}
        draw[item.anchor](0, 0, item.text)
        c.restoreState()

    def _texts(self, items: list[tuple]) -> None:
        """Texts (x, y, text, font, bold, size pt, anchor, fill) in one BT … ET: each placed by its own text
        matrix (y flipped so glyphs stand upright), font and colour set only when they change — no
        save/restore or transform per string.

        Writes the operators reportlab's text object writes for the same calls (``beginText``, ``setFont``,
        ``setFillColor``, ``setTextTransform``, ``textOut``, ``drawText``), byte for byte, without its
        per-call overhead; each distinct string is split into font subsets and escaped once per document."""
        code = ["BT", "1 0 0 1 0 0 Tm"]  # beginText() at (0, 0)
        append = code.append
        font_now = fill_now = None
        subset = -1
        formatted = self.formatted
        for x, y, text, font_name, bold, size_pt, anchor, fill in items:
            font = self.fonts.get((font_name, bold))
            if font is None:
                font = self._face(font_name, bold)
            self._check_glyphs(text, font)
            size = pt_to_mm(size_pt)
            if (font, size) != font_now:  # setFont on a TrueType font writes nothing and resets the subset
                font_now = (font, size)
                subset = -1
            if fill != fill_now:
                append(self._fill_op(fill))
                fill_now = fill
            if anchor != "start":
                width = stringWidth(text, font, size)
                x -= width / 2 if anchor == "middle" else width
            append(f"1 0 0 -1 {fp_str(x, y)} Tm")
            key = (font, size, text, subset)
            found = formatted.get(key)
            if found is None:
                if len(formatted) >= _FORMATTED_MAX:  # labels recur, card texts do not: keep it small
                    formatted.clear()
                found = formatted[key] = self._format(font, size, text, subset)
            ops, subset = found
            append(ops)
        append("ET")
        self.c._code.append(" ".join(code))

    def _face(self, name: str, bold: bool) -> str:
        """The registered face that sets ``name`` (bold or not), the first time this document uses it."""
        font = self.fonts[(name, bold)] = fonts.resolve(name, bold)
        fonts.ensure_font(font)
        if self.preseed:
            face = getFont(font)
            if hasattr(face, "splitString"):
                have = face.face.charToGlyph
                face.splitString("".join(ch for ch in PRESEED if ord(ch) in have), self.c._doc)
        return font

    def _format(self, font: str, size: float, text: str, subset: int) -> tuple[str, int]:
        """What ``textOut(text)`` writes (font subset switches and Tj strings) and the subset it ends in."""
        doc = self.c._doc
        face = getFont(font)
        parts = []
        tmpl = None
        for part, chunk in self._split(face, font, text, doc):
            if part != subset:
                if not tmpl:
                    tmpl = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
                parts.append(f"{face.getSubsetInternalName(part, doc)} {tmpl}")
                subset = part
            parts.append(f"({escapePDF(chunk)}) Tj")
        return " ".join(parts), subset

    def _split(self, face, font: str, text: str, doc) -> list[tuple[int, bytes]]:
        """``face.splitString(text, doc)``: (subset, bytes) chunks. A text whose characters all have codes
        in the first subset already (after a document's first pages, nearly every text) is one chunk made
        by ``str.translate``; anything else — a character not seen yet, another subset — goes to reportlab."""
        state = face.state.get(doc) if hasattr(face, "state") else None
        if state is not None and text:
            assigned = state.assignments
            known = self.first_subset.get(font)
            if known is None or known[0] != len(assigned):  # new characters got codes: make the table again
                table = {code: n for code, n in assigned.items() if n < 256}
                if 32 in table:
                    table[0xA0] = table[32]  # reportlab sets a no-break space as a space
                known = self.first_subset[font] = (len(assigned), table, frozenset(map(chr, table)))
            if known[2].issuperset(text):
                return [(0, text.translate(known[1]).encode("latin-1"))]
        return face.splitString(text, doc)

    def _fill_op(self, fill: str) -> str:
        """The fill-colour operator a text object writes for ``fill`` (rg, or k when printing CMYK)."""
        op = self.fill_ops.get(fill)
        if op is None:
            colour = _colour(fill, self.cmyk)
            if isinstance(colour, CMYKColor):
                d = colour.density
                op = f"{fp_str(d * colour.cyan, d * colour.magenta, d * colour.yellow, d * colour.black)} k"
            else:
                op = f"{fp_str((colour.red, colour.green, colour.blue))} rg"
            self.fill_ops[fill] = op
        return op

    def _check_glyphs(self, text: str, font: str) -> None:
        """Refuse a character the font cannot draw (validation reports these first; this is the last guard).
        Characters already seen in this font pass without a lookup."""
        drawable = self.drawable.setdefault(font, set())
        if drawable.issuperset(text):
            return
        missing = metrics.missing_glyphs(text, font)
        if missing:
            raise MissingGlyphs(f"font {font} has no glyph for {missing!r} in {text!r}")
        drawable.update(text)

    def _image(self, item: ImageItem) -> None:
        box = item.placed()
        c = self.c
        c.saveState()
        c.translate(box.x, box.y + box.h)
        c.scale(1, -1)  # images are drawn bottom-up; undo the page flip
        c.drawImage(item.path, 0, 0, box.w, box.h, mask="auto")
        c.restoreState()

    def _text_block(self, item: TextBlock) -> None:
        self.draw_all(expand_text_block(item, self.forms))

    # Groups and forms write q, cm … Q straight into the page: what saveState, transform (a cm right after q
    # is never merged with another) and restoreState write, without copying reportlab's Python-side state —
    # nothing drawn here reads it back (colours, widths and dashes are written out in full every time).

    def _group(self, item: Group) -> None:
        code = self.c._code
        code.append("q")
        code.append(f"{fp_str(*item.transform.as_tuple())} cm")
        self.draw_all(item.items)
        self.c._code.append("Q")

    def _use(self, item: UseForm) -> None:
        c = self.c
        c._code.append("q")
        c._code.append(f"{fp_str(*item.placement(self.forms[item.name]).as_tuple())} cm")
        c.doForm(self.names[item.name])
        c._code.append("Q")

    _handlers: ClassVar[dict[type, Callable]] = {
        RectItem: _rect, Line: _line, Polygon: _polygon, Circle: _circle, TextItem: _text,
        TextBlock: _text_block, Group: _group, UseForm: _use, ImageItem: _image, Path: _path,
    }


# shapes (and icon paths) whose operators depend only on the shape (and the colour space): replayed after the first time
_REPLAYED = frozenset({RectItem, Line, Polygon, Circle, Path})
_OPS_MAX = 1 << 15
_FORMATTED_MAX = 1 << 12


def _first_font(items) -> str | None:
    """The face of the first text among the items (through groups), or None: the canvas names a face in
    every page's preamble, and naming one the document draws with spares registering another (megabytes)."""
    for item in items:
        kind = type(item)
        if kind is TextItem:
            return fonts.resolve(item.font, item.bold)
        if kind is TextBlock:
            return item.fitted.font
        if kind is Group and (found := _first_font(item.items)) is not None:
            return found
    return None


class _PageStream(PDFStream):
    """A page's compressed content, let go as soon as it is formatted into the file: a long document
    then never holds its pages twice while it is written (a document is formatted once)."""

    def format(self, document):
        try:
            return super().format(document)
        finally:
            self.content = None  # formatting again raises reportlab's "stream content not set"


def _compress_now(canvas: Canvas) -> None:
    """Compress the page just shown into its content stream now, as reportlab does when saving: a long
    document then holds each page as a couple of kilobytes of deflated bytes instead of its text (the
    file's peak memory). The same stream object with the same bytes as reportlab's own (a test compares)."""
    page = canvas._doc.Pages.pages[-1]
    if not page.stream or not page.compression or page.Contents:
        return  # reportlab's own path: nothing to compress
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]  # as PDFPage.check_format
    content = page.stream
    for encode in reversed(filters):  # as PDFStream.format applies them
        content = encode.encode(content)
    _set_contents(page, content)


def _set_contents(page, content: bytes) -> None:
    """The page's content stream, already encoded (deflated, and ASCII85 when reportlab is set to)."""
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    contents = _PageStream(content=content)
    contents.dictionary["Filter"] = PDFArray([PDFName(f.pdfname) for f in filters])
    contents.__Comment__ = "page stream"
    page.Contents, page.stream = contents, None
