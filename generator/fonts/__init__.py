"""The face table: the shipped fonts (DejaVu TTFs in this folder) and a game's own fonts — names, files,
bold pairs, CSS families. Pure data: the PDF backend registers these faces (render/fonts.py), the text
engine measures them (text/metrics.py), the SVG backend names their families.

A game's own font (``theme.fonts`` in its data) is read and checked by load/fonts.py and registered here
under a stable name made of the game, its role and its bytes' hash (``register_game_face``): the same file
gets the same name in every process, so builds stay byte-identical and a changed file is a new face. No
system font is ever used."""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
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
    # a game's own font: its bytes as read (and checked) from the game folder; None for a shipped face
    data: bytes | None = field(default=None, compare=False, repr=False)

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file

    @property
    def shipped(self) -> bool:
        return self.data is None

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

# a game's own faces, registered while its data is planned (never a shipped name, never removed)
GAME_FACES: dict[str, FontFace] = {}
GAME_BOLD_OF: dict[str, str] = {}
_game_lock = threading.Lock()


def face(name: str) -> FontFace:
    found = FACES.get(name) or GAME_FACES.get(name)
    if found is None:
        raise ValueError(f"unknown font {name!r}; shipped fonts: {', '.join(sorted(FACES))}")
    return found


def game_face_name(game_id: str, role: str, sha256: str) -> str:
    """The stable registration name of a game's font: ``<game>-<role>-<first 12 hex digits of its hash>``."""
    return f"{game_id}-{role}-{sha256[:12]}"


def register_game_face(name: str, data: bytes, family: str, bold: bool = False) -> FontFace:
    """Add a game's font to the face table (once per name; the name carries the bytes' hash)."""
    with _game_lock:
        found = GAME_FACES.get(name)
        if found is None:
            if name in FACES:
                raise ValueError(f"font name {name!r} is a shipped font's")
            found = GAME_FACES[name] = FontFace(name, f"<{name}>", family or name, bold=bold, data=data)
        return found


def pair_game_faces(regular: str, bold: str) -> None:
    """``bold`` is the bold face of the game font ``regular`` (it may be the regular face itself)."""
    GAME_BOLD_OF[regular] = bold


def bold_variant(name: str) -> str:
    """The bold face of a font (a bold face is its own bold)."""
    if face(name).bold:
        return name
    return BOLD_OF.get(name) or GAME_BOLD_OF.get(name) or name


def resolve(name: str, bold: bool = False) -> str:
    return bold_variant(name) if bold else face(name).name
