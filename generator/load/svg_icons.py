"""Icon artwork named by the data (``icons: [{id, label, image: icons/storm.svg}]``), read safely.

An icon's file goes through the one safe-file rule (``safe_files.read_safe``: a regular file inside the
game folder, size-capped, never blocking). A PNG is verified and decoded like every image
(``assets.resolve_asset``) and drawn as an image. An SVG is read as **vector**: a small, safe subset is
parsed into scene paths (``geom.scene.Path``) that both backends draw —

- elements ``svg`` (with ``viewBox`` or ``width``/``height``), ``g``, ``path``, ``rect``, ``circle``,
  ``ellipse``, ``polygon``, ``polyline``, ``line`` (``title``, ``desc``, ``metadata`` and elements of other
  XML namespaces, such as an editor's notes, are skipped);
- path data ``M L H V C S Q T A Z`` (either case), reduced to absolute move/line/cubic/close;
- ``transform`` (matrix, translate, scale, rotate, skewX, skewY), baked into the points;
- ``fill``, ``stroke``, ``stroke-width``, ``fill-rule`` as attributes or in ``style``; colours ``#rgb``,
  ``#rrggbb``, ``rgb(…)``, the CSS basic names, ``none`` and ``currentColor`` (the icon's ``color``).

Anything else is refused with the reason and the SVG line: a DOCTYPE or entity, a script or event
attribute, any ``href`` or ``url(…)`` (nothing outside the file is ever fetched), an element outside the
subset (``<text>``, ``<image>``, ``<use>``, gradients …), opacity below 1, more than the caps below.
"""
from __future__ import annotations

import math
import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path as FilePath
from xml.parsers import expat

from generator.geom.scene import IconArt, Path
from generator.geom.shapes import IDENTITY, Point, Rect, Transform
from generator.geom.units import mm_to_pt
from generator.load.assets import MAX_SVG_BYTES, _pure, inspect_svg, resolve_asset
from generator.load.safe_files import UnsafeFile, read_safe, safe_path

SVG_NS = "http://www.w3.org/2000/svg"
ICON_SUFFIXES = {".svg", ".png"}
MAX_ELEMENTS = 2000
MAX_SEGMENTS = 20000
SHAPES = ("path", "rect", "circle", "ellipse", "polygon", "polyline", "line")
SKIPPED = ("title", "desc", "metadata")
SUPPORTED = "svg, g, " + ", ".join(SHAPES)
NAMED = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
    "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080", "gray": "#808080", "grey": "#808080",
    "silver": "#c0c0c0", "maroon": "#800000", "olive": "#808000", "lime": "#00ff00", "aqua": "#00ffff",
    "cyan": "#00ffff", "teal": "#008080", "navy": "#000080", "fuchsia": "#ff00ff", "magenta": "#ff00ff",
    "gold": "#ffd700", "brown": "#a52a2a", "pink": "#ffc0cb",
}
_INHERITED = ("fill", "stroke", "stroke-width", "fill-rule")


class SvgIconError(ValueError):
    """An icon file that cannot be used; ``reason`` completes "icon image 'x' …"."""

    def __init__(self, reason: str, line: int | None = None):
        where = f" (line {line} of the SVG)" if line else ""
        super().__init__(reason + where)
        self.reason = reason + where


@dataclass
class _Node:
    tag: str
    attrs: dict
    line: int
    children: list


# --- reading ----------------------------------------------------------------------------------------

_cache: dict[tuple, IconArt] = {}


def load_icon(folder: FilePath, value: str, icon_id: str, current: str = "#333333") -> IconArt:
    """The artwork of an icon file (relative to the game folder); raises SvgIconError with the reason."""
    pure, reason = _pure(value)
    if pure is None:
        raise SvgIconError(reason)
    suffix = pure.suffix.lower()
    if suffix not in ICON_SUFFIXES:
        raise SvgIconError(f"has suffix '{pure.suffix}'; an icon is an .svg or a .png file")
    if suffix == ".png":
        real, reason = resolve_asset(folder, value)  # inside, regular, verified and decoded
        if real is None:
            raise SvgIconError(reason)
        return IconArt(icon_id, Rect(0, 0, 1, 1), image=(str(real), png_size(real)))
    try:
        real = safe_path(folder, folder / pure, "an SVG file")
        info = os.stat(real)
        key = (real, info.st_size, info.st_mtime_ns, icon_id, current)
        if key in _cache:
            return _cache[key]
        data = read_safe(folder, folder / pure, MAX_SVG_BYTES, "an SVG file")
    except UnsafeFile as exc:
        raise SvgIconError(exc.reason) from None
    art = parse_svg_icon(data, icon_id, current)
    _cache[key] = art
    return art


def png_size(path: FilePath) -> tuple[int, int]:
    """Width and height from a PNG's header (the file is verified already; no image library needed)."""
    with open(path, "rb") as fh:
        head = fh.read(24)
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def parse_svg_icon(data: bytes, icon_id: str = "icon", current: str = "#333333") -> IconArt:
    """The vector artwork of an SVG file's bytes; raises SvgIconError for anything outside the subset."""
    reason = inspect_svg(data)
    if reason:
        raise SvgIconError(reason)
    root = _parse_xml(data)
    if root.tag != "svg":
        raise SvgIconError(f"has root element <{root.tag}>, expected <svg>", root.line)
    view = _view_box(root)
    paths: list[Path] = []
    _root_transform(root)
    defaults = {"fill": "#000000", "stroke": None, "stroke-width": 1.0, "fill-rule": "nonzero"}
    style = _style(root, defaults, current)  # the root's own fill, stroke … are inherited
    counter = [0]
    for child in root.children:
        _walk(child, IDENTITY, style, current, paths, counter)
    return IconArt(icon_id, view, tuple(paths))


def _parse_xml(data: bytes) -> _Node:
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[_Node] = []
    root: list[_Node] = []
    count = [0]

    def refuse(what: str):
        def handler(*_args):
            raise SvgIconError(what, parser.CurrentLineNumber)
        return handler

    def start(name: str, attrs: dict) -> None:
        count[0] += 1
        if count[0] > MAX_ELEMENTS:
            raise SvgIconError(f"has more than {MAX_ELEMENTS} elements; an icon is a small drawing",
                               parser.CurrentLineNumber)
        ns, _, local = name.rpartition(" ")
        node = _Node(local if ns in ("", SVG_NS) else "{" + ns + "}" + local, {}, parser.CurrentLineNumber, [])
        for key, value in attrs.items():
            ans, _, alocal = key.rpartition(" ")
            if alocal.lower() == "href" or alocal.lower().startswith("on"):
                what = "a link (href)" if alocal.lower() == "href" else f"an event attribute '{alocal}'"
                raise SvgIconError(f"has {what}; an SVG icon may hold no links or scripts",
                                   parser.CurrentLineNumber)
            if ans == "":
                node.attrs[alocal] = value
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)

    def end(_name: str) -> None:
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = refuse("declares a DOCTYPE; an SVG icon may not")
    parser.EntityDeclHandler = refuse("declares an entity; an SVG icon may not")
    parser.ExternalEntityRefHandler = refuse("refers to an external entity; an SVG icon may not")
    parser.ProcessingInstructionHandler = refuse("holds a processing instruction; an SVG icon may not")
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise SvgIconError(f"is not well-formed XML ({expat.ErrorString(exc.code)})", exc.lineno) from None
    if not root:
        raise SvgIconError("holds no <svg> element")
    return root[0]


# --- the element tree -----------------------------------------------------------------------------

def _view_box(root: _Node) -> Rect:
    box = root.attrs.get("viewBox")
    if box:
        nums = _numbers(box, root.line, "viewBox")
        if len(nums) != 4 or nums[2] <= 0 or nums[3] <= 0:
            raise SvgIconError(f"has viewBox '{box}'; expected 'min-x min-y width height' with a positive size",
                               root.line)
        return Rect(*nums)
    try:
        w = _length(root.attrs.get("width", ""), root.line, "width")
        h = _length(root.attrs.get("height", ""), root.line, "height")
    except SvgIconError:
        w = h = 0.0
    if w <= 0 or h <= 0:
        raise SvgIconError("has no viewBox (nor a width and height in px); an icon needs its drawing area",
                           root.line)
    return Rect(0, 0, w, h)


def _root_transform(root: _Node) -> None:
    if "transform" in root.attrs:
        raise SvgIconError("has a transform on <svg>; put it on a <g> inside", root.line)


def _walk(node: _Node, parent_t: Transform, parent_style: dict, current: str, out: list, counter: list) -> None:
    if node.tag.startswith("{"):
        return  # another namespace (an editor's notes): never drawn
    if node.tag in SKIPPED:
        return
    if node.tag not in ("g", *SHAPES):
        raise SvgIconError(f"uses the unsupported element <{node.tag}>; an icon may use {SUPPORTED}",
                           node.line)
    style = _style(node, parent_style, current)
    t = _transform(node.attrs.get("transform", ""), node.line).then(parent_t)
    if node.tag == "g":
        for child in node.children:
            _walk(child, t, style, current, out, counter)
        return
    if node.children and any(not c.tag.startswith("{") and c.tag not in SKIPPED for c in node.children):
        raise SvgIconError(f"<{node.tag}> holds other elements; only <g> groups them", node.line)
    segments = _shape(node)
    if not segments:
        return
    counter[0] += len(segments)
    if counter[0] > MAX_SEGMENTS:
        raise SvgIconError(f"has more than {MAX_SEGMENTS} path segments; an icon is a small drawing", node.line)
    fill = None if node.tag == "line" else style["fill"]
    stroke = style["stroke"]
    width = style["stroke-width"]
    if fill is None and (stroke is None or width <= 0):
        return
    path = Path(tuple(segments), fill=fill, stroke=stroke if width > 0 else None,
                stroke_pt=mm_to_pt(width) if stroke else 0.0, even_odd=style["fill-rule"] == "evenodd")
    out.append(path.transformed(t) if not t.is_identity else path)


def _style(node: _Node, parent: dict, current: str) -> dict:
    declared = {k: v for k, v in node.attrs.items() if k in (*_INHERITED, "opacity", "fill-opacity",
                                                               "stroke-opacity")}
    for part in node.attrs.get("style", "").split(";"):
        if ":" in part:
            key, _, value = part.partition(":")
            declared[key.strip().lower()] = value.strip()
    style = dict(parent)
    for key, value in declared.items():
        value = value.strip()
        if value == "inherit":
            continue
        if key in ("fill", "stroke"):
            style[key] = _paint(value, current, node.line, key)
        elif key == "stroke-width":
            style[key] = _length(value, node.line, key)
        elif key == "fill-rule":
            if value not in ("nonzero", "evenodd"):
                raise SvgIconError(f"has fill-rule '{value}'; expected nonzero or evenodd", node.line)
            style[key] = value
        elif key in ("opacity", "fill-opacity", "stroke-opacity"):
            try:
                opaque = float(value) >= 1
            except ValueError:
                opaque = False
            if not opaque:
                raise SvgIconError(f"has {key} '{value}'; icons are drawn opaque (use a lighter colour)",
                                   node.line)
        elif key.startswith("on"):
            raise SvgIconError(f"has an event attribute '{key}'; an SVG icon may hold no scripts", node.line)
    return style


def _paint(value: str, current: str, line: int, what: str) -> str | None:
    v = value.strip().lower()
    if v in ("none", "transparent"):
        return None
    if v == "currentcolor":
        return current
    if v in NAMED:
        return NAMED[v]
    if re.fullmatch(r"#[0-9a-f]{6}", v):
        return v
    if re.fullmatch(r"#[0-9a-f]{3}", v):
        return "#" + "".join(c * 2 for c in v[1:])
    m = re.fullmatch(r"rgb\(\s*([^)]*)\)", v)
    if m:
        parts = [p.strip() for p in m.group(1).replace(",", " ").split()]
        if len(parts) == 3:
            try:
                vals = [float(p[:-1]) * 2.55 if p.endswith("%") else float(p) for p in parts]
                return "#" + "".join(f"{max(0, min(255, round(x))):02x}" for x in vals)
            except ValueError:
                pass
    raise SvgIconError(f"has {what} '{value}'; an icon's colours are #rgb, #rrggbb, rgb(…), a basic colour name, "
                       "none or currentColor (no gradients or patterns)", line)


_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def _numbers(text: str, line: int, what: str) -> list[float]:
    rest = _NUMBER.sub(" ", text).replace(",", " ").strip()
    if rest:
        raise SvgIconError(f"has {what} '{text[:40]}', which is not a list of numbers", line)
    return [float(x) for x in _NUMBER.findall(text)]


def _length(value: str, line: int, what: str) -> float:
    v = value.strip()
    if v.endswith("px"):
        v = v[:-2]
    if not _NUMBER.fullmatch(v):
        raise SvgIconError(f"has {what} '{value}'; an icon's lengths are plain numbers (user units)", line)
    return float(v)


def _attr(node: _Node, name: str, default: float = 0.0) -> float:
    if name not in node.attrs:
        return default
    return _length(node.attrs[name], node.line, name)


_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")


def _transform(text: str, line: int) -> Transform:
    t, pos = IDENTITY, 0
    found = []
    while pos < len(text.strip()):
        m = _TRANSFORM.match(text, pos)
        if not m:
            raise SvgIconError(f"has transform '{text[:60]}'; expected matrix, translate, scale, rotate, skewX "
                               "or skewY", line)
        found.append((m.group(1), _numbers(m.group(2), line, "transform")))
        pos = m.end()
    arity = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}
    for name, a in found:
        if len(a) not in arity[name]:
            raise SvgIconError(f"has {name}() with {len(a)} numbers", line)
        if name == "matrix":
            step = Transform(*a)
        elif name == "translate":
            step = Transform.translate(a[0], a[1] if len(a) > 1 else 0.0)
        elif name == "scale":
            step = Transform.scale(a[0], a[1] if len(a) > 1 else None)
        elif name == "rotate":
            step = Transform.rotate(a[0], Point(a[1], a[2]) if len(a) == 3 else Point(0.0, 0.0))
        elif name == "skewX":
            step = Transform(c=math.tan(math.radians(a[0])))
        else:
            step = Transform(b=math.tan(math.radians(a[0])))
        t = step.then(t)  # the rightmost transform applies to the points first
    return t


# --- shapes → segments ----------------------------------------------------------------------------

K = 4 * (math.sqrt(2) - 1) / 3  # a quarter circle as one cubic


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list:
    if rx <= 0 or ry <= 0:
        return []
    return [("M", (cx + rx, cy)),
            ("C", (cx + rx, cy + K * ry, cx + K * rx, cy + ry, cx, cy + ry)),
            ("C", (cx - K * rx, cy + ry, cx - rx, cy + K * ry, cx - rx, cy)),
            ("C", (cx - rx, cy - K * ry, cx - K * rx, cy - ry, cx, cy - ry)),
            ("C", (cx + K * rx, cy - ry, cx + rx, cy - K * ry, cx + rx, cy)),
            ("Z", ())]


def _shape(node: _Node) -> list:
    tag, a = node.tag, node.attrs
    if tag == "path":
        return path_segments(a.get("d", ""), node.line)
    if tag == "circle":
        return _ellipse(_attr(node, "cx"), _attr(node, "cy"), _attr(node, "r"), _attr(node, "r"))
    if tag == "ellipse":
        return _ellipse(_attr(node, "cx"), _attr(node, "cy"), _attr(node, "rx"), _attr(node, "ry"))
    if tag == "line":
        return [("M", (_attr(node, "x1"), _attr(node, "y1"))), ("L", (_attr(node, "x2"), _attr(node, "y2")))]
    if tag in ("polygon", "polyline"):
        nums = _numbers(a.get("points", ""), node.line, "points")
        if len(nums) < 4 or len(nums) % 2:
            raise SvgIconError(f"<{tag}> needs points as pairs of numbers, at least two", node.line)
        segs = [("M", tuple(nums[:2]))] + [("L", tuple(nums[i:i + 2])) for i in range(2, len(nums), 2)]
        return segs + [("Z", ())] if tag == "polygon" else segs
    # rect, with optional rounded corners
    x, y, w, h = _attr(node, "x"), _attr(node, "y"), _attr(node, "width"), _attr(node, "height")
    if w <= 0 or h <= 0:
        return []
    rx = _attr(node, "rx", -1.0)
    ry = _attr(node, "ry", -1.0)
    rx, ry = (ry if rx < 0 else rx), (rx if ry < 0 else ry)
    rx, ry = min(max(rx, 0.0), w / 2), min(max(ry, 0.0), h / 2)
    if rx == 0 or ry == 0:
        return [("M", (x, y)), ("L", (x + w, y)), ("L", (x + w, y + h)), ("L", (x, y + h)), ("Z", ())]
    kx, ky = K * rx, K * ry
    return [("M", (x + rx, y)), ("L", (x + w - rx, y)),
            ("C", (x + w - rx + kx, y, x + w, y + ry - ky, x + w, y + ry)), ("L", (x + w, y + h - ry)),
            ("C", (x + w, y + h - ry + ky, x + w - rx + kx, y + h, x + w - rx, y + h)), ("L", (x + rx, y + h)),
            ("C", (x + rx - kx, y + h, x, y + h - ry + ky, x, y + h - ry)), ("L", (x, y + ry)),
            ("C", (x, y + ry - ky, x + rx - kx, y, x + rx, y)), ("Z", ())]


_PATH_TOKEN = re.compile(r"\s*,?\s*(?:([MmLlHhVvCcSsQqTtAaZz])|([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?))")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def path_segments(d: str, line: int = 0) -> list:
    """SVG path data as absolute M / L / C / Z segments (H, V, S, Q, T and arcs converted)."""
    tokens: list = []
    pos, text = 0, d.strip()
    while pos < len(text):
        m = _PATH_TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise SvgIconError(f"has path data with '{text[pos:pos + 12]}' where a command or number belongs",
                               line)
        tokens.append(m.group(1) or ("#", m.group(2)))  # a number kept as written (arc flags split below)
        pos = m.end()
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
    out: list = []
    cx = cy = sx = sy = 0.0
    last_c: tuple | None = None  # the previous cubic's second control point (for S)
    last_q: tuple | None = None  # the previous quadratic's control point (for T)
    i, cmd = 0, None
    while i < len(tokens):
        tok = tokens[i]
        if isinstance(tok, str):
            cmd = tok
            i += 1
            if cmd in "Zz":
                out.append(("Z", ()))
                cx, cy = sx, sy
                last_c = last_q = None
                continue
        elif cmd is None:
            raise SvgIconError("has path data that does not start with a move-to (M)", line)
        up = cmd.upper()
        if up == "Z":
            raise SvgIconError("has numbers after a close-path (Z) with no command", line)
        rel = cmd.islower()
        n = _ARITY[up]
        operands: list[float] = []
        while len(operands) < n:
            if i >= len(tokens) or isinstance(tokens[i], str):
                raise SvgIconError(f"has path command '{cmd}' with too few numbers", line)
            raw = tokens[i][1]
            if up == "A" and len(operands) in (3, 4) and len(raw) > 1 and raw[0] in "01":
                # arc flags may be written without separators ("a1 1 0 011 1"): one digit is the flag
                tokens[i] = ("#", raw[1:])
                operands.append(float(raw[0]))
                continue
            operands.append(float(raw))
            i += 1
        if not out and up != "M":
            raise SvgIconError("has path data that does not start with a move-to (M)", line)
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        if up == "M":
            cx, cy = operands[0] + ox, operands[1] + oy
            sx, sy = cx, cy
            out.append(("M", (cx, cy)))
            cmd = "l" if rel else "L"  # further pairs are line-tos
            last_c = last_q = None
            continue
        if up in "LHV":
            if up == "L":
                cx, cy = operands[0] + ox, operands[1] + oy
            elif up == "H":
                cx = operands[0] + (cx if rel else 0.0)
            else:
                cy = operands[0] + (cy if rel else 0.0)
            out.append(("L", (cx, cy)))
            last_c = last_q = None
        elif up in "CS":
            if up == "C":
                x1, y1, x2, y2, x, y = operands[0] + ox, operands[1] + oy, operands[2] + ox, operands[3] + oy, operands[4] + ox, \
                    operands[5] + oy
            else:
                x1, y1 = (2 * cx - last_c[0], 2 * cy - last_c[1]) if last_c else (cx, cy)
                x2, y2, x, y = operands[0] + ox, operands[1] + oy, operands[2] + ox, operands[3] + oy
            out.append(("C", (x1, y1, x2, y2, x, y)))
            last_c, last_q = (x2, y2), None
            cx, cy = x, y
        elif up in "QT":
            if up == "Q":
                qx, qy, x, y = operands[0] + ox, operands[1] + oy, operands[2] + ox, operands[3] + oy
            else:
                qx, qy = (2 * cx - last_q[0], 2 * cy - last_q[1]) if last_q else (cx, cy)
                x, y = operands[0] + ox, operands[1] + oy
            out.append(("C", (cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy),
                              x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)))
            last_q, last_c = (qx, qy), None
            cx, cy = x, y
        else:  # A
            rx, ry, phi, large, sweep, x, y = operands
            if large not in (0, 1) or sweep not in (0, 1):
                raise SvgIconError("has an arc whose flags are not 0 or 1", line)
            x, y = x + ox, y + oy
            out.extend(arc_segments(cx, cy, rx, ry, phi, bool(large), bool(sweep), x, y))
            cx, cy = x, y
            last_c = last_q = None
    return out


def arc_segments(x1: float, y1: float, rx: float, ry: float, phi: float, large: bool, sweep: bool,
                 x2: float, y2: float) -> list:
    """An elliptical arc (SVG endpoint form) as cubic Béziers of at most 90° each (SVG 1.1 F.6.5)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", (x2, y2))]
    cos, sin = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    theta1 = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    theta2 = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
    dtheta = theta2 - theta1
    if sweep and dtheta < 0:
        dtheta += 2 * math.pi
    elif not sweep and dtheta > 0:
        dtheta -= 2 * math.pi
    n = max(1, math.ceil(abs(dtheta) / (math.pi / 2) - 1e-9))
    step = dtheta / n
    k = 4 / 3 * math.tan(step / 4)

    def at(ux: float, uy: float) -> tuple[float, float]:
        return cx + rx * cos * ux - ry * sin * uy, cy + rx * sin * ux + ry * cos * uy

    out = []
    for j in range(n):
        t1, t2 = theta1 + j * step, theta1 + (j + 1) * step
        c1 = at(math.cos(t1) - k * math.sin(t1), math.sin(t1) + k * math.cos(t1))
        c2 = at(math.cos(t2) + k * math.sin(t2), math.sin(t2) - k * math.cos(t2))
        end = (x2, y2) if j == n - 1 else at(math.cos(t2), math.sin(t2))
        out.append(("C", (*c1, *c2, *end)))
    return out
