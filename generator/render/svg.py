"""Scene page -> standalone SVG 1.1 text with svgwrite.

The SVG's user unit is the millimetre (width/height in mm, viewBox in mm), so scene numbers go through
unchanged and y already points down. Text stays real <text> (searchable, escaped by the XML writer)
in the DejaVu families with fallbacks, carrying its measured textLength so a viewer that substitutes
another font still keeps the layout. Forms become <defs> groups placed with <use>; nothing external is
referenced, so the file stands alone on the rules site.
"""
from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import ClassVar

import svgwrite

from generator.geom.scene import (
    Circle,
    FormDef,
    Group,
    ImageItem,
    Line,
    Page,
    Polygon,
    RectItem,
    Scene,
    TextBlock,
    TextItem,
    UseForm,
    expand_text_block,
)
from generator.geom.scene import Path as VectorPath
from generator.geom.shapes import Transform
from generator.geom.units import pt_to_mm
from generator.render import fonts
from generator.text import metrics

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def render_svg(page: Page, forms: Iterable[FormDef] | Mapping[str, FormDef] = ()) -> str:
    """One page as an SVG document (UTF-8 text, with XML declaration)."""
    form_map = dict(forms) if isinstance(forms, Mapping) else {f.name: f for f in forms}
    w, h = _n(page.size.w), _n(page.size.h)
    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", profile="full", debug=False)
    if page.label:
        dwg.set_desc(title=page.label)
    painter = _Painter(dwg, form_map)
    painter.define_forms(_forms_used(page.items, form_map))
    for element in painter.draw_all(page.items):
        dwg.add(element)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + dwg.tostring() + "\n"


def render_svg_pages(scene: Scene) -> list[str]:
    """Every page of a scene, one SVG each."""
    return [render_svg(page, scene.forms) for page in scene.pages]


def _n(value: float) -> float:
    """Round to 1/10000 mm: stable text, no float noise like 10.500000000000002."""
    r = round(value, 4)
    return 0.0 if r == 0 else r


def _matrix(t: Transform) -> str:
    return "matrix(" + " ".join(f"{_n(v):g}" for v in t.as_tuple()) + ")"


def _forms_used(items: Iterable, forms: Mapping[str, FormDef]) -> list[str]:
    """Names of the forms a page needs (nested uses and icon artwork included), in first-use order."""
    seen: dict[str, None] = {}
    for name in _walk_refs(items, forms):
        seen.setdefault(name, None)
    return list(seen)


def _walk_refs(items: Iterable, forms: Mapping[str, FormDef]) -> Iterator[str]:
    for item in items:
        if isinstance(item, Group):
            yield from _walk_refs(item.items, forms)
        elif isinstance(item, TextBlock):
            yield from _walk_refs(expand_text_block(item, forms), forms)
        elif isinstance(item, UseForm):
            yield from _walk_refs(forms[item.name].items, forms)
            yield item.name


class _Painter:
    def __init__(self, dwg: svgwrite.Drawing, forms: Mapping[str, FormDef]) -> None:
        self.dwg, self.forms = dwg, forms
        self.ids = {name: f"form-{i}" for i, name in enumerate(forms)}

    def define_forms(self, names: list[str]) -> None:
        for name in names:
            group = self.dwg.g(id=self.ids[name])
            for element in self.draw_all(self.forms[name].items):
                group.add(element)
            self.dwg.defs.add(group)

    def draw_all(self, items: Iterable) -> list:
        out = []
        for item in items:
            out.extend(self.draw(item))
        return out

    def draw(self, item) -> list:
        handler = self._handlers.get(type(item))
        if handler is None:
            raise TypeError(f"the SVG backend cannot draw {type(item).__name__}")
        return handler(self, item)

    @staticmethod
    def _paint(fill: str | None, stroke: str | None, stroke_pt: float) -> dict:
        attrs = {"fill": fill or "none", "stroke": stroke if stroke and stroke_pt > 0 else "none"}
        if stroke and stroke_pt > 0:
            attrs["stroke_width"] = _n(pt_to_mm(stroke_pt))
        return attrs

    def _rect(self, item: RectItem) -> list:
        r = item.rect
        attrs = self._paint(item.fill, item.stroke, item.stroke_pt)
        if item.radius > 0:
            attrs.update(rx=_n(item.radius), ry=_n(item.radius))
        return [self.dwg.rect(insert=(_n(r.x), _n(r.y)), size=(_n(r.w), _n(r.h)), **attrs)]

    def _line(self, item: Line) -> list:
        attrs = self._paint(None, item.stroke, item.stroke_pt)
        del attrs["fill"]
        if item.dash:
            attrs["stroke_dasharray"] = ",".join(f"{_n(d):g}" for d in item.dash)
        return [self.dwg.line((_n(item.p1.x), _n(item.p1.y)), (_n(item.p2.x), _n(item.p2.y)), **attrs)]

    def _polygon(self, item: Polygon) -> list:
        points = [(_n(p.x), _n(p.y)) for p in item.points]
        if item.closed:
            return [self.dwg.polygon(points, **self._paint(item.fill, item.stroke, item.stroke_pt))]
        return [self.dwg.polyline(points, **self._paint(None, item.stroke, item.stroke_pt))]

    def _path(self, item: VectorPath) -> list:
        """A vector path (icon artwork) as one <path d=…> of absolute M / L / C / Z commands."""
        d = " ".join(op + ("" if not a else " " + " ".join(f"{_n(v):g}" for v in a)) for op, a in item.segments)
        attrs = self._paint(item.fill, item.stroke, item.stroke_pt)
        if item.even_odd:
            attrs["fill_rule"] = "evenodd"
        return [self.dwg.path(d=d, **attrs)]

    def _circle(self, item: Circle) -> list:
        return [self.dwg.circle((_n(item.center.x), _n(item.center.y)), _n(item.r),
                                **self._paint(item.fill, item.stroke, item.stroke_pt))]

    def _text(self, item: TextItem) -> list:
        face = fonts.face(fonts.resolve(item.font, item.bold))
        missing = metrics.missing_glyphs(item.text, face.name)
        if missing:
            raise ValueError(f"font {face.name} has no glyph for {missing!r} in {item.text!r}")
        attrs = {"font_family": face.css_family,
                 "font_size": _n(pt_to_mm(item.size_pt)), "fill": item.fill}
        if face.bold:
            attrs["font_weight"] = "bold"
        if face.condensed:
            attrs["font_stretch"] = "condensed"
        if item.anchor != "start":
            attrs["text_anchor"] = _ANCHOR[item.anchor]
        # the measured width: a viewer that substitutes a wider or narrower font still fits the layout
        width = metrics.METRICS.width(item.text, face.name, item.size_pt)
        if width > 0:
            attrs.update(textLength=_n(width), lengthAdjust="spacingAndGlyphs")
        return [self.dwg.text(item.text, insert=(_n(item.x), _n(item.y)), **attrs)]

    def _text_block(self, item: TextBlock) -> list:
        return self.draw_all(expand_text_block(item, self.forms))

    def _group(self, item: Group) -> list:
        group = self.dwg.g()
        if not item.transform.is_identity:
            group["transform"] = _matrix(item.transform)
        for element in self.draw_all(item.items):
            group.add(element)
        return [group]

    def _image(self, item: ImageItem) -> list:
        """Embedded as a data URI: an SVG never refers to files outside itself."""
        box = item.placed()
        data = Path(item.path).read_bytes()
        mime = "image/png" if data[:8] == b"\x89PNG\r\n\x1a\n" else "image/jpeg"
        href = f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
        return [self.dwg.image(href, insert=(_n(box.x), _n(box.y)), size=(_n(box.w), _n(box.h)))]

    def _use(self, item: UseForm) -> list:
        placement = item.placement(self.forms[item.name])
        return [self.dwg.use(f"#{self.ids[item.name]}", transform=_matrix(placement))]

    _handlers: ClassVar[dict[type, Callable]] = {
        RectItem: _rect, Line: _line, Polygon: _polygon, Circle: _circle, TextItem: _text,
        TextBlock: _text_block, Group: _group, UseForm: _use, ImageItem: _image, VectorPath: _path,
    }
