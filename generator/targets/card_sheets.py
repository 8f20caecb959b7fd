"""Print sheets: cards, tokens, dice nets, tiles and player aids of every game as PDFs.

Home profile: A4 and US Letter, n-up with crop marks, backs on the following page (long-edge duplex by
default; short-edge, fronts-only or fold-over on request), a duplex calibration sheet.
Print-shop profile: one item per page at trim + bleed with TrimBox/BleedBox, one PDF per deck, and a
300 dpi PNG per card design with a quantities list for print-on-demand upload.
Every artifact goes into output/manifest.json with what it holds, so counts can be checked."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from generator.errors import DataErrors, Issue, SourceSpan
from generator.geom.paper import BLEED_EU, POD_TEMPLATES, PodTemplate, paper_size
from generator.geom.scene import Metadata, Page, Scene
from generator.i18n import t
from generator.layout.sheets import Imposed, SheetOptions, calibration_pages, impose
from generator.memory import paused_gc
from generator.model.index import GameIndex
from generator.plan import plan_game
from generator.plan.draw import FaceTextError
from generator.plan.items import draw_once
from generator.plan.kinds import SHEETS
from generator.render.pdf import MissingGlyphs, render_pages, render_pdf
from generator.render.png import encode_rgb
from generator.targets.options import PrintOptions
from generator.write import cache
from generator.write.atomic import OutputDir
from generator.write.manifest import Artifact, Manifest

PNG_DPI = 300


@dataclass(frozen=True)
class PrintJob:
    """One build of a game's sheets: which profile, paper, duplex mode, bleed and language."""

    profile: str = "home"
    paper: str = "a4"
    duplex: str = "long"
    bleed: float | None = None
    offset: tuple[float, float] = (0.0, 0.0)
    lang: str = "pl"
    png: bool = True
    cmyk: bool = False
    pod: str | None = None  # a print-on-demand service whose pixel templates the PNGs follow
    cut_color: str = "#000000"
    gutter: float = 0.0  # mm between cards: 0 = butted (guillotine), a few mm = room for scissors
    ink_saver: bool = False
    copies: int = 1  # how many times each sheet file is printed (the whole set, in order)

    @property
    def folder(self) -> str:
        if self.profile == "printshop":
            return "printshop"
        return f"home-{self.paper}" + ("" if self.duplex == "long" else f"-{self.duplex}") + \
            ("-ink" if self.ink_saver else "")

    @property
    def bleed_mm(self) -> float:
        if self.bleed is not None:
            return self.bleed
        return BLEED_EU if self.profile == "printshop" else 0.0


def default_jobs(papers: list[str] | None = None, profiles: list[str] | None = None) -> list[PrintJob]:
    profiles = profiles or ["home", "printshop"]
    jobs = [PrintJob(paper=p) for p in (papers or ["a4", "letter"])] if "home" in profiles else []
    return jobs + ([PrintJob(profile="printshop")] if "printshop" in profiles else [])


def generate(indexes: list[GameIndex], out: OutputDir, manifest: Manifest, options: PrintOptions) -> None:
    """`pnp build`: every game, home sheets on each paper and the print-shop set (progress bar on a TTY)."""
    from rich.progress import Progress

    from generator.console import out_console

    jobs = default_jobs(list(options.papers) if options.papers else None,
                        list(options.profiles) if options.profiles else None)
    with Progress(console=out_console(), transient=True, disable=not out_console().is_terminal) as progress:
        task = progress.add_task("print sheets", total=len(indexes) * len(jobs))
        for index in indexes:
            out.claim(f"{index.game_id}/print")
            lang = index.data.game.languages[0]  # the kit's language: the game's first
            for job in jobs:
                progress.update(task, description=f"print {index.game_id} {job.folder}")
                print_game(index, replace(job, lang=lang), out, manifest)
                progress.advance(task)


def print_game(index: GameIndex, job: PrintJob, out: OutputDir, manifest: Manifest) -> list[Artifact]:
    """Write one job's artifacts for one game; returns their manifest entries (with the cyclic collector
    paused: planning and drawing make no cycles, see generator/memory.py)."""
    with paused_gc():
        return _print_game(index, job, out, manifest)


def _print_game(index: GameIndex, job: PrintJob, out: OutputDir, manifest: Manifest) -> list[Artifact]:
    items = plan_game(index, job.lang).items
    title = index.data.game.title.get(job.lang)
    entries = []
    base = f"{index.game_id}/print/{job.folder}"
    for kind in SHEETS:
        if not items[kind]:
            continue
        if job.profile == "printshop" and kind == "cards":
            for deck_id in dict.fromkeys(i.group for i in items[kind]):
                deck_items = [i for i in items[kind] if i.group == deck_id]
                entries.append(_write(index, job, kind, deck_items, f"{base}/cards-{deck_id}.pdf", title, out,
                                      manifest))
                if job.png:
                    entries.append(_write_pngs(index, job, deck_items, f"{base}/png/{deck_id}", out, manifest))
        else:
            entries.append(_write(index, job, kind, items[kind], f"{base}/{kind}.pdf", title, out, manifest))
        if job.profile == "printshop" and any(i.cut for i in items[kind]):
            entries.append(_write_dielines(index, job, kind, items[kind], f"{base}/{kind}-dielines.pdf", title, out,
                                           manifest))
    if job.profile == "home":
        from generator.targets.guide import guide_pdf

        files = [(e, any(i.has_back for i in items[e.kind])) for e in entries if e.kind in items]
        # incremental builds: the guide reads the inventory and the files' names, pages and sides — not card texts
        shown = [(f.path, f.kind, f.pages, has_backs, f.items) for f, has_backs in files]
        inventory = index.data.model_dump(mode="json", include={"game", "components", "decks", "tiles", "factions"})
        if (kept := cache.reuse(out, manifest, f"{base}/guide.pdf", "guide", job, title, shown, inventory)) is not None:
            entries.insert(0, kept)
        else:
            data, pages = guide_pdf(index, job.paper, job.lang, files, job.duplex)
            target = out.write_bytes(f"{base}/guide.pdf", data)
            entries.insert(0, manifest.add(out, target, game=index.game_id, kind="guide", profile=job.profile,
                                           paper=job.paper, pages=pages, items=0, item_size_mm=None, bleed_mm=0,
                                           duplex="none", contents={}, lang=job.lang))
    if job.profile == "home" and job.duplex in ("long", "short"):
        # incremental builds (write/cache.py, perf helper): keep an unchanged artifact as it is
        if (kept := cache.reuse(out, manifest, f"{base}/calibration.pdf", "calibration", job, title)) is not None:
            entries.append(kept)
            return entries
        pages = calibration_pages(paper_size(job.paper), title, t(job.lang, "print.calibration"))
        data = render_pdf(Scene(tuple(pages), metadata=_meta(title, "duplex calibration")))
        target = out.write_bytes(f"{base}/calibration.pdf", data)
        entries.append(manifest.add(out, target, game=index.game_id, kind="calibration", profile=job.profile,
                                    paper=job.paper, pages=len(pages), items=0, item_size_mm=None, bleed_mm=0,
                                    duplex=job.duplex, contents={}))
    return entries


def _options(job: PrintJob, title: str, kind: str = "") -> SheetOptions:
    paper = paper_size(job.paper) if job.profile == "home" else None
    return SheetOptions(profile=job.profile, paper=paper, duplex=job.duplex, bleed=job.bleed_mm, offset=job.offset,
                        title=title, what=t(job.lang, f"sheet.{kind}") if kind else "",
                        note=t(job.lang, "print.scale_note"), back_word=t(job.lang, "print.back_page"),
                        cut_color=job.cut_color, gutter=job.gutter if job.profile == "home" else 0.0,
                        ink_saver=job.ink_saver)


def _meta(title: str, what: str) -> Metadata:
    return Metadata(title=f"{title} — {what}", author="pnpforge", subject=f"Print-and-play {what}: {title}")


def _impose(index: GameIndex, items, opts: SheetOptions) -> Imposed:
    return _guarded(index, lambda: impose(items, opts))


def _guarded(index: GameIndex, make):
    """Impose or draw: a face whose text cannot be set, or an item too large for the sheet, is a located
    data error (validation reports these first; this is the last guard)."""
    try:
        return make()
    except FaceTextError as exc:  # validation catches these first; this is the last guard
        raise DataErrors([Issue(SourceSpan(index.game_id), "", str(exc), code="text-fit", game=index.game_id)]) from None
    except MissingGlyphs as exc:  # the same (a big game's print draws while its check runs beside it)
        raise DataErrors([Issue(SourceSpan(index.game_id), "", str(exc), code="glyph", game=index.game_id)]) from None
    except ValueError as exc:  # an item too large for the sheet (validation reports most of these first)
        if "does not fit" not in str(exc):
            raise
        raise DataErrors([Issue(SourceSpan(index.game_id), "", str(exc), code="size", game=index.game_id)]) from None


def _write(index: GameIndex, job: PrintJob, kind: str, items, path: str, title: str, out: OutputDir,
           manifest: Manifest) -> Artifact:
    # incremental builds (write/cache.py, perf helper): keep an unchanged artifact as it is
    if (kept := cache.reuse(out, manifest, path, job, kind, title, items=items, assets=index.folder)) is not None:
        return kept
    imposed = _impose(index, items, _options(job, title, kind))
    if job.copies > 1 and job.profile == "home":
        imposed.makers = imposed.makers * job.copies
        imposed.placed = {c: n * job.copies for c, n in imposed.placed.items()}
    # each page's faces are drawn as the page is written, then let go (a long deck is never held whole)
    data = _guarded(index, lambda: render_pages(imposed.makers, imposed.forms.values(), _meta(title, kind),
                                                cmyk=job.cmyk))
    target = out.write_bytes(path, data)
    size = imposed.item_size
    return manifest.add(out, target, game=index.game_id, kind=kind, profile=job.profile,
                        paper=job.paper if job.profile == "home" else None, pages=len(imposed.makers),
                        items=sum(imposed.placed.values()),
                        item_size_mm=[round(size.w, 2), round(size.h, 2)] if size else None,
                        bleed_mm=job.bleed_mm, duplex=job.duplex if job.profile == "home" else "none",
                        color="cmyk" if job.cmyk else "rgb",
                        contents=dict(sorted(imposed.placed.items())),
                        components=[{"component": c, "pages": _span(p, job, len(imposed.makers))} for c, p in sorted(imposed.pages_of.items())])


DIELINE = "#ff00ff"  # the conventional die-line colour: a cut path, never printed ink


def _write_dielines(index: GameIndex, job: PrintJob, kind: str, items, path: str, title: str, out: OutputDir,
                    manifest: Manifest) -> Artifact:
    """One page per shaped design (round tokens, hexes): its cut path as a thin magenta die line on a page
    of the same size and boxes as the artwork, for print shops that cut to shape."""
    from generator.geom.scene import Group, Polygon
    from generator.geom.shapes import Rect, Size, Transform

    shapes = sorted({(item.size.w, item.size.h, tuple(item.cut), item.label.rsplit("-", 1)[0])
                     for item in items if item.cut}, key=repr)
    if (kept := cache.reuse(out, manifest, path, "dieline", job, title, kind, shapes)) is not None:
        return kept
    b = job.bleed_mm
    pages, seen = [], set()
    for item in items:
        key = (item.size, item.cut)
        if not item.cut or key in seen:
            continue
        seen.add(key)
        page = Size(item.size.w + 2 * b, item.size.h + 2 * b)
        line = Polygon(tuple(item.cut), fill=None, stroke=DIELINE, stroke_pt=0.25)
        pages.append(Page(page, (Group((line,), Transform.translate(b, b)),), trim_box=Rect(b, b, item.size.w, item.size.h),
                          bleed_box=Rect(0, 0, page.w, page.h), label=item.label.rsplit("-", 1)[0]))
    target = out.write_bytes(path, render_pdf(Scene(tuple(pages), metadata=_meta(title, f"{kind} die lines"))))
    return manifest.add(out, target, game=index.game_id, kind="dieline", profile=job.profile, paper=None,
                        pages=len(pages), items=0, item_size_mm=None, bleed_mm=b, duplex="none", contents={})


def _span(pages: list[int], job: PrintJob, total: int) -> list[int]:
    """Print-shop files alternate front and back pages: name the whole run rather than every other page."""
    if job.profile != "printshop":
        return pages
    return list(range(pages[0], min(pages[-1] + 1, total) + 1))


def pod_template(service: str, size) -> PodTemplate | None:
    """The service's product whose cut size is nearest the card (within 2 mm a side), if any."""
    best = None
    for template in POD_TEMPLATES.values():
        if template.service != service:
            continue
        trim = template.trim_size
        error = max(abs(trim.w - size.w), abs(trim.h - size.h))
        if error <= 2.0 and (best is None or error < best[0]):
            best = (error, template)
    return best[1] if best else None


def _write_pngs(index: GameIndex, job: PrintJob, items, folder: str, out: OutputDir, manifest: Manifest) -> Artifact:
    """One PNG per card design (front) and one for the shared back, with a quantities list.

    By default 300 dpi at trim + bleed; with a print-on-demand service (``job.pod``) each image has the
    exact pixel size and bleed of that service's template for the nearest product."""
    import pypdfium2 as pdfium

    # incremental builds (write/cache.py, perf helper): keep an unchanged folder of PNGs as it is
    if (kept := cache.reuse(out, manifest, f"{folder}/quantities.csv", "png", job, items=items, assets=index.folder,
                            folder=folder)) is not None:
        return kept

    designs: dict[str, list] = {}
    for item in items:
        designs.setdefault(item.label.rsplit("-", 1)[0], [item, 0])[1] += 1
    first = items[0]
    template = pod_template(job.pod, first.size) if job.pod else None
    bleed = template.bleed if template else job.bleed_mm
    pages = [(f"{key}.png", partial(_single_page, item.front, item.size, bleed)) for key, (item, _) in designs.items()]
    if first.back is not None:
        pages.append(("back.png", partial(_single_page, first.back, first.size, bleed)))
    pdf = pdfium.PdfDocument(render_pages(make for _, make in pages))
    for n, (name, _) in enumerate(pages):
        # RGB byte order straight from pdfium: the same pixels without a BGR→RGB pass
        bitmap = pdf[n].render(scale=PNG_DPI / 72, rev_byteorder=True)
        dpi = template.dpi if template else PNG_DPI  # pHYs: the print size travels with the file
        if template or bitmap.mode != "RGB":  # the exact pixels a service asks for (cards within 2 mm of it)
            image = bitmap.to_pil().convert("RGB")
            if template:
                image = image.resize((round(template.width_px), round(template.height_px)))
            data = encode_rgb(image.tobytes(), image.width, image.height, 3 * image.width, dpi)
        else:
            data = encode_rgb(bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride, dpi)
        out.write_bytes(f"{folder}/{name}", data)
    pdf.close()
    lines = ["file,copies"] + [f"{key}.png,{count}" for key, (_, count) in designs.items()]
    if first.back is not None:  # the shared back, printed on every card of the deck
        lines.append(f"back.png,{sum(count for _, count in designs.values())}")
    target = out.write_text(f"{folder}/quantities.csv", "\n".join(lines) + "\n")
    return manifest.add(out, target, game=index.game_id, kind="png", profile=job.profile, paper=None,
                        pages=len(pages), items=len(designs), item_size_mm=[first.size.w, first.size.h],
                        bleed_mm=round(bleed, 3), duplex="none", contents={}, dpi=PNG_DPI,
                        pod=f"{template.service}/{template.product}" if template else None,
                        pixels=[round(template.width_px), round(template.height_px)] if template else None)


def _single_page(face, size, bleed: float) -> Page:
    from generator.geom.scene import Group
    from generator.geom.shapes import Rect, Size, Transform

    page = Size(size.w + 2 * bleed, size.h + 2 * bleed)
    return Page(page, (Group(draw_once(face, bleed), Transform.translate(bleed, bleed)),),
                trim_box=Rect(bleed, bleed, size.w, size.h), bleed_box=Rect(0, 0, page.w, page.h))
