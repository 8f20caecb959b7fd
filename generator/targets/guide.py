"""The kit guide: the first file to print (``guide.pdf`` in each home print folder, one per language).

It says what to print on which paper, single- or double-sided and which flip, the order to cut in,
what the proxy mark and the dashed "?" mean, which sleeves fit each card size, how to calibrate duplex,
and ends with a checklist of every printed component with its count and a tick box — all in the kit's
language (catalog ``guide.*``), counts from the inventory and the manifest of the sheets just printed.
The pages are laid out here (flowed paragraphs, 5 mm clear of every edge) and rendered by render/pdf."""
from __future__ import annotations

from generator.geom.paper import paper_size
from generator.geom.scene import Line, Metadata, Page, RectItem, Scene, TextItem
from generator.geom.shapes import Point, Rect, Size
from generator.i18n import t
from generator.model.index import GameIndex
from generator.plan import draw as F
from generator.plan import plan_game
from generator.render.pdf import render_pdf
from generator.text.metrics import METRICS
from generator.write.manifest import Artifact

MARGIN = 15.0  # mm: well inside the 5 mm a home printer cannot reach
SLEEVE_EXTRA = 3.0  # mm: a sleeve's inner size exceeds the card by about this much (rule of thumb)


class _Flow:
    """Paragraphs flowed down pages of one paper size."""

    def __init__(self, paper: Size, lang: str):
        self.paper, self.lang = paper, lang  # the guide's language: its hyphenation rules
        self.pages: list[list] = [[]]
        self.y = MARGIN

    def _room(self, h: float) -> None:
        if self.y + h > self.paper.h - MARGIN:
            self.pages.append([])
            self.y = MARGIN

    def text(self, text: str, size: float = 9.0, bold: bool = False, gap: float = 1.5, indent: float = 0.0) -> None:
        width = self.paper.w - 2 * MARGIN - indent
        h = size * 0.3528 * 1.3
        while True:
            box = F.Box("guide", MARGIN + indent, 0, width, h, size, size, bold=bold)
            try:
                F.text_box(box, text, METRICS, lang=self.lang)
                break
            except F.FaceTextError:
                h += size * 0.3528 * 1.25
        self._room(h)
        self.pages[-1].extend(F.text_box(F.Box("guide", MARGIN + indent, self.y, width, h, size, size, bold=bold),
                                         text, METRICS, lang=self.lang))
        self.y += h + gap

    def check(self, text: str) -> None:
        """One checklist line with a tick box."""
        self._room(6)
        self.pages[-1].append(RectItem(Rect(MARGIN, self.y + 0.6, 3.5, 3.5), fill=None, stroke="#333333",
                                       stroke_pt=0.6))
        self.text(text, 9, indent=6, gap=1.0)

    def swatch(self, colour: str, text: str) -> None:
        """A key line: a colour square and what it stands for."""
        self._room(6)
        self.pages[-1].append(RectItem(Rect(MARGIN, self.y + 0.6, 6, 3.5), fill=colour, stroke="#333333",
                                       stroke_pt=0.4))
        self.text(text, 9, indent=8, gap=1.0)

    def icon(self, items: tuple, text: str) -> None:
        """A legend line: the icon as printed (drawn in a 5 mm square) and its label."""
        self._room(6)
        self.pages[-1].extend(items)
        self.text(text, 9, indent=8, gap=1.5)

    def rule(self) -> None:
        self._room(4)
        self.pages[-1].append(Line(Point(MARGIN, self.y + 1), Point(self.paper.w - MARGIN, self.y + 1),
                                   stroke="#999999", stroke_pt=0.4))
        self.y += 3


def guide_pdf(index: GameIndex, paper_name: str, lang: str, files: list[tuple[Artifact, bool]],
              duplex: str = "long") -> tuple[bytes, int]:
    """The guide for one game, paper and language; ``files`` are the manifest entries of the sheets, each
    with whether its items have backs."""
    data = index.data
    title = getattr(data.game.title, lang)
    paper = paper_size(paper_name)
    flow = _Flow(paper, lang)
    flow.text(t(lang, "guide.title", game=title), 16, bold=True, gap=2)
    flow.text(t(lang, "guide.first", paper=t(lang, f"guide.paper_{paper_name}")), 9.5, gap=3)
    flow.text(t(lang, "guide.what"), 11, bold=True)
    for entry, has_backs in files:
        if entry.kind == "calibration":
            continue
        name = entry.path.rsplit("/", 1)[-1]
        two_sided = entry.pages % 2 == 0 and has_backs
        how = t(lang, f"guide.duplex_{duplex}") if two_sided and duplex in ("long", "short") \
            else t(lang, "guide.single")
        what = t(lang, f"sheet.{entry.kind}")
        flow.check(t(lang, "guide.file", file=name, what=what, pages=entry.pages, how=how))
    flow.text(t(lang, "guide.calibration_file"), 9, gap=3)
    flow.text(t(lang, "guide.steps_title"), 11, bold=True)
    for k in range(1, 6):
        flow.text(f"{k}. " + t(lang, f"guide.step{k}"), 9)
    flow.text(t(lang, "guide.marks_title"), 11, bold=True, gap=1.5)
    if not data.game.is_original:  # a designer's own game prints no proxy mark (plan/context.py proxy_label)
        flow.text(t(lang, "guide.proxy", proxy=t(lang, "print.proxy")), 9)
    flow.text(t(lang, "guide.blank_original" if data.game.is_original else "guide.blank"), 9)
    flow.text(t(lang, "guide.number"), 9, gap=3)
    sizes = _card_sizes(index, lang)
    if sizes:
        flow.text(t(lang, "guide.sleeves_title"), 11, bold=True)
        for (w, h), decks in sizes.items():
            flow.text(t(lang, "guide.sleeve", w=f"{w:g}", h=f"{h:g}", sw=f"{w + SLEEVE_EXTRA:g}",
                        sh=f"{h + SLEEVE_EXTRA:g}", decks=", ".join(decks[:4]) + (" …" if len(decks) > 4 else "")), 9)
        flow.text(t(lang, "guide.sleeve_note"), 8, gap=3)
    terrains = list(dict.fromkeys(tile.terrain for tile in data.tiles if tile.terrain))
    if terrains:
        from generator.plan.context import PlanContext

        ctx = PlanContext(index, lang)
        flow.text(t(lang, "guide.terrain_title"), 11, bold=True)
        for terrain in terrains:
            flow.swatch(F.terrain_colour(terrain), ctx.value_label(terrain))
        flow.y += 2
    if any(icon.image for icon in data.icons):  # a legend of the game's icons, drawn as they print
        from generator.plan.context import PlanContext

        icons = PlanContext(index, lang).icons
        flow.text(t(lang, "guide.icons_title"), 11, bold=True)
        for icon in data.icons:
            flow._room(6)
            box = Rect(MARGIN, flow.y - 0.2, 5, 5)
            flow.icon(F.icon_mark(icon.id, box, icons, METRICS), icon.label.get(lang))
        flow.y += 2
    flow.rule()
    flow.text(t(lang, "guide.checklist"), 11, bold=True)
    printed: dict[str, int] = {}
    for item in plan_game(index, lang).all():
        printed[item.component] = printed.get(item.component, 0) + 1
    for comp in data.components:
        if (not comp.print or comp.print.method == "none") and index.is_leaf(comp):
            continue
        if not comp.print and not any(k.print and k.print.method != "none" for k in index.children[comp.id]):
            continue
        count = "?" if comp.count == "unknown" else str(comp.count)
        name = getattr(comp.name, lang)
        if comp.parent:
            name = "   " + name
        extra = t(lang, "guide.blanks", n=printed[comp.id]) if comp.id in printed and not index.is_leaf(comp) else ""
        flow.check(f"{name} — {count}" + (f" ({extra})" if extra else ""))
    pages = []
    for n, items in enumerate(flow.pages, 1):
        foot = TextItem(paper.w / 2, paper.h - 9, f"{title} — {t(lang, 'guide.short')} {n}/{len(flow.pages)}",
                        size_pt=7, anchor="middle", fill="#666666")
        pages.append(Page(paper, (*items, foot), label=f"{t(lang, 'guide.short')} {n}"))
    meta = Metadata(title=t(lang, "guide.title", game=title), author="pnpforge", subject=title)
    return render_pdf(Scene(tuple(pages), metadata=meta)), len(pages)


def _card_sizes(index: GameIndex, lang: str) -> dict[tuple[float, float], list[str]]:
    sizes: dict[tuple[float, float], list[str]] = {}
    for item in plan_game(index, lang).items.get("cards", []):
        key = (item.size.w, item.size.h)
        deck = index.decks.get(item.group)
        name = getattr(deck.name, lang) if deck else ""
        if name and name not in sizes.setdefault(key, []):
            sizes[key].append(name)
    return sizes
