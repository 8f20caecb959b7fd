"""The shipped fonts (DejaVu TTFs in this folder) and their face table: names, files, bold pairs, CSS
families. Pure data: the PDF backend registers these files (render/fonts.py), the text engine measures
them (text/metrics.py), the SVG backend names their families. No other font is ever used."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent
LINE_HEIGHT_EM = 1.2


@dataclass(frozen=True)
class FontFace:
    name: str  # the name Scenes use, also the reportlab registration name
    file: str
    family: str  # CSS font-family for SVG
    bold: bool = False
    condensed: bool = False

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file

    @property
    def css_family(self) -> str:
        """font-family with fallbacks for viewers that lack DejaVu (SVGs do not embed fonts)."""
        names = [self.family] + [f for f in SVG_FALLBACK if f != self.family]
        return ", ".join(f"'{n}'" if " " in n else n for n in names) + ", sans-serif"


FACES: dict[str, FontFace] = {f.name: f for f in (
    FontFace("DejaVuSans", "DejaVuSans.ttf", "DejaVu Sans"),
    FontFace("DejaVuSans-Bold", "DejaVuSans-Bold.ttf", "DejaVu Sans", bold=True),
    FontFace("DejaVuSansCondensed", "DejaVuSansCondensed.ttf", "DejaVu Sans Condensed", condensed=True),
    FontFace("DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Bold.ttf", "DejaVu Sans Condensed",
             bold=True, condensed=True),
)}
BOLD_OF: dict[str, str] = {"DejaVuSans": "DejaVuSans-Bold", "DejaVuSansCondensed": "DejaVuSansCondensed-Bold"}
SVG_FALLBACK = ("DejaVu Sans", "Verdana", "Noto Sans", "Arial")

def face(name: str) -> FontFace:
    try:
        return FACES[name]
    except KeyError:
        raise ValueError(f"unknown font {name!r}; shipped fonts: {', '.join(sorted(FACES))}") from None


def bold_variant(name: str) -> str:
    """The bold face of a font (a bold face is its own bold)."""
    if face(name).bold:
        return name
    return BOLD_OF[name]


def resolve(name: str, bold: bool = False) -> str:
    return bold_variant(name) if bold else face(name).name
