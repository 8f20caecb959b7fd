"""Lengths with units, millimetres inside.

Card data says "63mm" or "2.5in"; a bare 63 is ambiguous (Squib treats it as pixels, people mean mm),
so it is refused. Everything in layout/ is plain float millimetres once parsed; conversion to points or
pixels happens only at the edges (render/, print-on-demand templates).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0

_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_INCH / PT_PER_INCH}
_LENGTH_RE = re.compile(
    r"""^\s*(?P<num>[+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*
        (?P<unit>[a-z]+)(?:@(?P<dpi>\d+(?:\.\d+)?)dpi)?\s*$""",
    re.VERBOSE | re.IGNORECASE,
)
_EXAMPLES = "'63mm', '2.5in', '10pt', '0.3cm' or '300px@300dpi'"


def mm_to_pt(mm: float) -> float:
    """PDF user space is in points (1/72 in)."""
    return mm * PT_PER_INCH / MM_PER_INCH


def pt_to_mm(pt: float) -> float:
    """Font sizes and stroke widths are given in points; geometry wants mm."""
    return pt * MM_PER_INCH / PT_PER_INCH


def mm_to_px(mm: float, dpi: float) -> float:
    """Print-on-demand templates are pixel grids at a stated dpi."""
    return mm / MM_PER_INCH * dpi


def px_to_mm(px: float, dpi: float) -> float:
    """Inverse of mm_to_px; a pixel means nothing without its dpi."""
    if dpi <= 0:
        raise ValueError(f"dpi must be positive, got {dpi}")
    return px * MM_PER_INCH / dpi


@dataclass(frozen=True, order=True)
class Length:
    """A length; `mm` is the only stored value so equal lengths compare equal whatever their unit."""

    mm: float

    @classmethod
    def parse(cls, text: str | Length) -> Length:
        """Parse "63mm", "2.5in", "10pt", "1cm", "300px@300dpi"; refuse bare numbers and unknown units."""
        if isinstance(text, Length):
            return text
        # ValueError, not TypeError: pydantic turns only ValueError into a located data error
        if isinstance(text, (bool, int, float)):
            raise ValueError(f"length {text!r} has no unit; write it with one, e.g. {_EXAMPLES}")  # noqa: TRY004
        if not isinstance(text, str):
            raise ValueError(f"expected a length such as {_EXAMPLES}, got {type(text).__name__}")  # noqa: TRY004
        return cls(_parse_mm(text))

    @classmethod
    def of(cls, value: float, unit: str) -> Length:
        """Build from a number and a unit name (mm, cm, in, pt); for code, not for user data."""
        factor = _UNIT_MM.get(unit.lower())
        if factor is None:
            raise ValueError(f"unknown unit {unit!r}; use mm, cm, in or pt")
        return cls(float(value) * factor)

    @property
    def pt(self) -> float:
        return mm_to_pt(self.mm)

    @property
    def inches(self) -> float:
        return self.mm / MM_PER_INCH

    def px(self, dpi: float) -> float:
        return mm_to_px(self.mm, dpi)

    def __add__(self, other: Length) -> Length:
        return Length(self.mm + _as_length(other).mm)

    def __sub__(self, other: Length) -> Length:
        return Length(self.mm - _as_length(other).mm)

    def __mul__(self, k: float) -> Length:
        if isinstance(k, Length):
            raise TypeError("a length times a length is an area, not a length")
        return Length(self.mm * k)

    __rmul__ = __mul__

    def __truediv__(self, k: float) -> Length:
        return Length(self.mm / k)

    def __neg__(self) -> Length:
        return Length(-self.mm)

    def __str__(self) -> str:
        return f"{self.mm:g}mm"


def _as_length(value: object) -> Length:
    if not isinstance(value, Length):
        raise TypeError(f"expected a Length, got {type(value).__name__}")
    return value


def _parse_mm(text: str) -> float:
    match = _LENGTH_RE.match(text)
    if match is None:
        stripped = text.strip()
        if _is_number(stripped):
            raise ValueError(f"length {stripped!r} has no unit; write it with one, e.g. {_EXAMPLES}")
        raise ValueError(f"cannot read {text!r} as a length; expected e.g. {_EXAMPLES}")
    value = float(match["num"])
    unit = match["unit"].lower()
    dpi = match["dpi"]
    if unit == "px":
        if dpi is None:
            raise ValueError(f"pixel length {text!r} needs a resolution, e.g. '300px@300dpi'")
        return px_to_mm(value, float(dpi))
    if dpi is not None:
        raise ValueError(f"only pixel lengths take '@...dpi', got {text!r}")
    if unit not in _UNIT_MM:
        raise ValueError(f"unknown unit {match['unit']!r} in {text!r}; use mm, cm, in, pt or px@<n>dpi")
    return value * _UNIT_MM[unit]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
