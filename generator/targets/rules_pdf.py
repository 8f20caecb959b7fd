"""A printable rules reference per game and language: numbered rules, setup per player count, glossary
and an index with page numbers — laid out as a Scene (geom/scene.py) and drawn by render/pdf.py, the
same path as every other PDF of the project. The site target writes one per game and language into
``<game>/rules/`` and lists it in the manifest (kind ``rules``); the print page offers it for download.

Text comes from the site's own views (``rules_site.views``: the rules and glossary pages), so the PDF says what the site
says: the data's text with its markup read by the one parser, values in the page's language.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.geom.scene import FittedText, Line, Metadata, Page, RectItem, Scene, TextBlock, TextItem
from generator.geom.shapes import Point, Rect, Size
from generator.model.markup import plain
from generator.model.reports import setup_report
from generator.rules_site.i18n import action_name, players_label, t
from generator.rules_site.views import GameView
from generator.rules_site.views.common import free_text, text
from generator.text.fit import fit_text

A4 = Size(210.0, 297.0)
MARGIN = 18.0
FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
BODY_PT = 9.5
INK = "#1d1b19"
MUTED = "#5d5650"
ACCENT = "#6d4c41"
KIND = "rules"


@dataclass
class _Flow:
    """Blocks poured onto A4 pages top to bottom; a block that does not fit starts a new page."""

    metrics: object
    lang: str
    title: str
    pages: list[list] = field(default_factory=lambda: [[]])
    y: float = MARGIN
    index: list[tuple[str, int]] = field(default_factory=list)   # (label, page number) for the A–Z index

    @property
    def width(self) -> float:
        return A4.w - 2 * MARGIN

    @property
    def bottom(self) -> float:
        return A4.h - MARGIN - 8

    def new_page(self) -> None:
        self.pages.append([])
        self.y = MARGIN

    def fit(self, value: str, size: float, width: float | None = None, bold: bool = False) -> FittedText:
        value = value.replace("**", "").replace("\n", " ")
        return fit_text(value, Size(width or self.width, 10_000), self.metrics, FONT_BOLD if bold else FONT,
                        size, size, lang=self.lang, bold_font=FONT_BOLD)

    def paragraph(self, value: str, size: float = BODY_PT, bold: bool = False, fill: str = INK,
                  gap: float = 2.0, keep: float = 0.0, x: float = MARGIN, width: float | None = None) -> None:
        """Text wrapped to the column; long paragraphs continue on the next page line by line.
        ``keep`` asks for that much room below too (a heading stays with its first lines)."""
        if not value.strip():
            return
        fitted = self.fit(value, size, width, bold)
        lines = list(range(len(fitted.lines)))
        if self.y + min(fitted.height, 3 * fitted.line_height) + keep > self.bottom:
            self.new_page()
        while lines:
            room = int((self.bottom - self.y) // fitted.line_height)
            if room <= 0:
                self.new_page()
                continue
            take, lines = lines[:room], lines[room:]
            part = FittedText(fitted.size_pt, tuple(fitted.lines[i] for i in take),
                              tuple(fitted.runs[i] for i in take), tuple(fitted.widths[i] for i in take),
                              fitted.line_height, fitted.font, fitted.bold_font, fitted.icon_width)
            height = part.height
            self.pages[-1].append(TextBlock(Rect(x, self.y, width or self.width, height), part, fill=fill))
            self.y += height
            if lines:
                self.new_page()
        self.y += gap

    def heading(self, value: str, size: float, index_label: str | None = None) -> None:
        self.y += size * 0.25
        self.paragraph(value, size=size, bold=True, fill=ACCENT, gap=1.5, keep=12.0)
        if index_label:
            self.index.append((index_label, len(self.pages)))

    def rule(self) -> None:
        self.pages[-1].append(Line(Point(MARGIN, self.y), Point(A4.w - MARGIN, self.y), stroke="#b8ada5",
                                   stroke_pt=0.5))
        self.y += 2.0

    def table(self, header: list[str], rows: list[list[str]], widths: list[float]) -> None:
        """A simple table: a bold header row, wrapped cells, a hairline under each row."""
        size = BODY_PT - 1
        for r, cells in enumerate([header, *rows]):
            fitted = [self.fit(c or "—", size, w - 2, bold=(r == 0)) for c, w in zip(cells, widths)]
            height = max(f.height for f in fitted) + 1.6
            if self.y + height > self.bottom:
                self.new_page()
                if r:  # repeat the header on the new page
                    self.table(header, [], widths)
            x = MARGIN
            if r == 0:
                self.pages[-1].append(RectItem(Rect(MARGIN, self.y, sum(widths), height), fill="#efe9e4",
                                               stroke=None))
            for f, w in zip(fitted, widths):
                self.pages[-1].append(TextBlock(Rect(x + 1, self.y + 0.8, w - 2, f.height), f, fill=INK))
                x += w
            self.y += height
            self.pages[-1].append(Line(Point(MARGIN, self.y), Point(MARGIN + sum(widths), self.y),
                                       stroke="#cfc6bf", stroke_pt=0.4))
        self.y += 3.0


def _plain(view: GameView, value: str) -> str:
    terms = {tm.id: text(tm.term, view.lang) for tm in view.data.glossary}
    icons = {ic.id: text(ic.label, view.lang) for ic in view.data.icons}
    return plain(value, term_name=lambda i: terms.get(i, i), icon_label=lambda i: icons.get(i, i))


def rules_scene(view: GameView, metrics) -> Scene:
    """The whole reference for one game in one language."""
    lang = view.lang
    flow = _Flow(metrics, lang, view.title)
    flow.paragraph(view.title, size=22, bold=True, fill=ACCENT, gap=1)
    flow.paragraph(t("rules_pdf_subtitle", lang), size=11, fill=MUTED, gap=1)
    facts = f"{t('players', lang)}: {view.players}" + (f" · {t('play_time', lang)}: {view.play_time}"
                                                        if view.play_time else "")
    flow.paragraph(facts, size=10, fill=MUTED, gap=4)
    flow.paragraph(_plain(view, text(view.data.game.summary, lang)), gap=5)
    flow.rule()

    # numbered rules
    flow.heading(t("rules", lang), 16)
    for rule in view.rules.rules:
        depth = rule["number"].count(".")
        flow.heading(f"{rule['number']}  {rule['title']}", max(10.5, 13.5 - 1.5 * depth),
                     index_label=f"{rule['title']} (§{rule['number']})")
        source = next(r for r in view.data.rules if r.number == rule["number"])
        for para in text(source.text, lang).split("\n\n"):
            flow.paragraph(_plain(view, para))

    # setup per player count (the standard game)
    counts = view.index.player_counts
    if view.data.setup is not None and counts:
        flow.new_page()
        flow.heading(t("setup", lang), 16, index_label=t("setup", lang))
        default = next((s.id for s in view.data.scenarios if s.default), None)
        report = setup_report(view.index, None, default)
        rows = []
        for row in report["rows"]:
            rows.append([view.comp_name(row["component"]), action_name(row["action"], lang),
                         *[_cell(row["values"].get(str(n)), lang) for n in counts]])
        for item in report["per_player"]:
            each = item["count"]
            rows.append([view.comp_name(item["component"]),
                         f"{action_name(item['action'], lang)} ({t('each_player', lang).lower()})",
                         *[_cell(None if each is None else each * n, lang) for n in counts]])
        rest = flow.width - 62 - 30
        flow.table([t("component", lang), t("action", lang), *[players_label(n, lang) for n in counts]], rows,
                   [62, 30, *[rest / len(counts)] * len(counts)])
        steps = sorted(view.data.setup.steps, key=lambda s: s.number)
        if steps:
            flow.heading(t("steps", lang), 12)
            for step in steps:
                who = f" ({', '.join(players_label(n, lang) for n in step.players)})" if step.players else ""
                flow.paragraph(f"{step.number}. {_plain(view, text(step.text, lang))}{who}")

    # glossary
    if view.data.glossary:
        flow.new_page()
        flow.heading(t("glossary", lang), 16)
        for entry in view.glossary.glossary:
            term = next(tm for tm in view.data.glossary if tm.id == entry["id"])
            flow.heading(entry["name"], 10.5, index_label=entry["name"])
            flow.paragraph(_plain(view, text(term.definition, lang)), gap=2.5)

    # index
    if flow.index:
        from generator.rules_site.i18n import collation_key
        flow.new_page()
        flow.heading(t("az", lang), 16)
        half = (flow.width - 8) / 2
        entries = sorted(set(flow.index), key=lambda e: (collation_key(e[0], lang), e[1]))
        column_top, column, x = flow.y, 0, MARGIN
        for label, page in entries:
            fitted = flow.fit(label, BODY_PT - 1, half - 12)
            if flow.y + fitted.height > flow.bottom:
                if column == 0:
                    column, x, flow.y = 1, MARGIN + half + 8, column_top
                else:
                    flow.new_page()
                    column, x, column_top = 0, MARGIN, flow.y
            flow.pages[-1].append(TextBlock(Rect(x, flow.y, half - 12, fitted.height), fitted, fill=INK))
            flow.pages[-1].append(TextItem(x + half, flow.y + fitted.line_height * 0.78, str(page), font=FONT,
                                           size_pt=BODY_PT - 1, anchor="end", fill=MUTED))
            flow.y += fitted.height + 0.6

    total = len(flow.pages)
    pages = []
    for number, items in enumerate(flow.pages, start=1):
        footer = TextItem(A4.w - MARGIN, A4.h - MARGIN + 4, t("rules_pdf_page", lang, n=number, total=total),
                          font=FONT, size_pt=8, anchor="end", fill=MUTED)
        title = TextItem(MARGIN, A4.h - MARGIN + 4, view.title, font=FONT, size_pt=8, fill=MUTED)
        pages.append(Page(A4, (*items, title, footer), label=str(number)))
    return Scene(tuple(pages), metadata=Metadata(title=f"{view.title} — {t('rules_pdf_subtitle', lang)}",
                                                 author="pnpforge", subject=t("rules", lang)))


def _cell(v, lang: str) -> str:
    if v is None or v == "unknown":
        return t("unknown", lang)
    return free_text(v, lang) or t("text_in_english", lang) if isinstance(v, str) else str(v)
