"""A designer's kit that looks like theirs: themes (colours, frame style, colour per card), the game's own
font (measured, checked for glyphs, embedded and subset) and layouts checked box by box and field by field.
Original games print no PROXY mark; rulebook games print exactly as before."""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.fonts import FACES, face
from generator.model.index import GameIndex
from generator.plan import draw as F
from generator.plan import plan_game
from generator.schema.components import STANDARD_BOX_NAMES
from generator.schema.theme import FRAME_STYLES
from generator.text.metrics import METRICS, missing_glyphs
from generator.validate.run import validate_folder
from tests.conftest import edit
from tests.designer._support import pdf_text

SVG = "{http://www.w3.org/2000/svg}"
GUILD, REBELS = "#2f5fa8", "#dc143c"  # the ships deck's color_by (rebels: the CSS name 'crimson')
PAPER, INK, ACCENT = "#fbf6e6", "#1b1b2f", "#c9a227"  # the game theme's colours
SERIF = Path(__file__).resolve().parent / "data" / "starfall" / "fonts" / "DejaVuSerif.ttf"


def _index(folder: Path) -> GameIndex:
    result = validate_folder(folder)
    assert result.ok, [i.format() for i in result.issues]
    return GameIndex(result.data, folder)


def _messages(folder: Path, severity: str = "error") -> list[str]:
    return [i.format() for i in validate_folder(folder).issues if i.severity.value == severity]


@pytest.fixture
def starfall_print(starfall_data, tmp_path, run_cli) -> Path:
    out = tmp_path / "out"
    result = run_cli("print", "starfall", "--data", starfall_data, "--out", out, "--paper", "a4")
    assert result.code == 0, result.err
    return out / "starfall" / "print" / "home-a4"


# --- themes: colours and frame styles -----------------------------------------------------------------

def test_theme_colours_and_the_game_font_reach_the_svg_faces(starfall_data):
    from generator.render.previews import back_svgs, card_svgs

    index = _index(starfall_data / "starfall")
    svgs = card_svgs(index, "en")
    for card, frame in (("scout", GUILD), ("raider", REBELS)):
        root = ET.fromstring(svgs[card].split("\n", 1)[1])
        fills = [el.get("fill") for el in root.iter() if el.get("fill")]
        assert fills[0] == frame  # the frame out to the bleed: the faction's colour (color_by)
        assert PAPER in fills and ACCENT in fills  # the panel and the cost disc
        texts = [el for el in root.iter(f"{SVG}text")]
        assert texts and all("'DejaVu Serif'" in el.get("font-family") for el in texts
                             if el.text and el.text.strip() not in ("?",))
        assert any(el.get("fill") == INK for el in texts)  # rules text in the theme's ink
        assert not any("PROXY" in (el.text or "") for el in texts)
    back = ET.fromstring(back_svgs(index, "en")["ships"].split("\n", 1)[1])
    assert next(el.get("fill") for el in back.iter() if el.get("fill")) == "#1d3a8a"  # the deck's own back.color


def _page_pixels(pdf: Path, page: int = 0, scale: float = 1.0):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[page].render(scale=scale).to_pil().convert("RGB")
    finally:
        doc.close()


def _near(rgb, hex_colour: str, tol: int = 6) -> bool:
    want = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(rgb, want, strict=True))


def test_theme_colours_print_in_the_pdf(starfall_print):
    img = _page_pixels(starfall_print / "cards.pdf")
    colours = img.getcolors(maxcolors=1 << 20)
    share = {name: sum(n for n, rgb in colours if _near(rgb, hexc)) / (img.width * img.height)
             for name, hexc in (("guild", GUILD), ("rebels", REBELS), ("paper", PAPER), ("accent", ACCENT))}
    # page 1 holds six guild ships and three rebels: frames in both colours, the cream panels, gold discs
    assert share["paper"] > 0.4, share
    assert share["guild"] > 0.02 and share["rebels"] > 0.01 and share["guild"] > share["rebels"], share
    assert share["accent"] > 0.002, share
    assert not any(_near(rgb, "#6b5b3e") for _, rgb in colours)  # not the built-in brown frame


def test_the_game_font_is_embedded_and_subset(starfall_print):
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) is not installed")
    listing = subprocess.run(["pdffonts", str(starfall_print / "cards.pdf")], capture_output=True, text=True,
                             check=True).stdout
    rows = {line.split()[0]: line.split() for line in listing.splitlines()[2:]}
    for name in ("DejaVuSerif", "DejaVuSerif-Bold"):
        subset = [row for font, row in rows.items() if re.fullmatch(rf"[A-Z]{{6}}\+{re.escape(name)}", font)]
        assert subset, listing
        emb, sub = subset[0][-5], subset[0][-4]
        assert (emb, sub) == ("yes", "yes"), listing
    assert all(row[-5] == "yes" for row in rows.values()), listing  # nothing named without being embedded


def test_text_is_measured_and_glyph_checked_in_the_game_font(starfall_data):
    from generator.geom.scene import TextBlock

    index = _index(starfall_data / "starfall")
    item = next(i for i in plan_game(index, "en").items["cards"] if i.label.startswith("scout"))
    blocks = [b for b in item.front(0.0) if isinstance(b, TextBlock)]
    fonts = {b.fitted.font for b in blocks} | {b.fitted.bold_font for b in blocks}
    assert fonts and not fonts & set(FACES)  # only the game's faces, by their stable names
    regular = next(b.fitted.font for b in blocks if "Move one extra moon" in " ".join(b.fitted.lines))
    assert re.fullmatch(r"starfall-regular-[0-9a-f]{12}", regular)
    assert face(regular).family == "DejaVu Serif" and not face(regular).shipped
    assert METRICS.width("Move one extra moon", regular, 8) != METRICS.width("Move one extra moon", F.FONT, 8)

    # a character the built-in font has but the game's font lacks: the glyph check names it
    from fontTools.ttLib import TTFont

    serif = set(TTFont(str(SERIF)).getBestCmap())
    sans = set(TTFont(str(face(F.FONT).path)).getBestCmap())
    char = chr(min(c for c in sans - serif if c > 0x2000))
    assert missing_glyphs(char, F.FONT) == "" and missing_glyphs(char, regular) == char
    edit(starfall_data / "starfall" / "ships.csv", "Carry two more cargo.", f"Carry two more cargo {char}.")
    from generator.plan.check import validated_games

    [result] = validated_games(starfall_data, ["starfall"])
    found = [i.format() for i in result.issues if i.code == "glyph"]
    assert found and f"U+{ord(char):04X}" in found[0] and "ships.csv:3:" in found[0], found


def test_frame_styles_draw_differently_and_rounded_is_the_built_in_look():
    view = F.CardView(name="Ship", deck="Ships", text="Fly.")
    size = F.Size(63, 88)
    drawn = {style: F.card_front(F.CardView(name="Ship", deck="Ships", text="Fly.", frame_style=style), size,
                                 METRICS)(0.0) for style in FRAME_STYLES}
    assert drawn["rounded"] == F.card_front(view, size, METRICS)(0.0)
    assert len({repr(items) for items in drawn.values()}) == len(FRAME_STYLES)
    assert drawn["none"][0].fill == F.PAPER  # no frame: paper to the edge


def test_more_specific_theme_levels_win(starfall_data):
    folder = starfall_data / "starfall"
    edit(folder / "game.yaml", "  - {id: rebels, name: {en: Rebels}, color: \"#aa3333\"}",
         "  - {id: rebels, name: {en: Rebels}, color: \"#aa3333\", theme: {colors: {ink: darkred}, frame: square}}")
    with (folder / "components.yaml").open("a", encoding="utf-8") as fh:
        fh.write("cards:\n  - {id: flagship, deck: ships, name: {en: Flagship}, copies: 0, faction: rebels,\n"
                 "     theme: {colors: {frame: black, ink: white, paper: \"#000000\"}, frame: none}}\n")
    from generator.plan.context import PlanContext
    from generator.plan.theme import card_look

    index = _index(folder)
    ctx = PlanContext(index, "en")
    cards = {c.id: c for c in index.data.cards}
    deck = index.data.decks[0]
    scout, raider, flagship = (card_look(ctx, deck, cards[k]) for k in ("scout", "raider", "flagship"))
    assert (scout.frame, scout.ink, scout.style) == (GUILD, INK, "double")  # game theme + deck color_by
    assert (raider.frame, raider.ink, raider.style) == (REBELS, "#8b0000", "square")  # the faction's theme
    assert (flagship.frame, flagship.ink, flagship.paper, flagship.style) == ("#000000", "#ffffff", "#000000", "none")


@pytest.mark.parametrize(("field", "colors", "expected"), [
    ("cost", "{1: \"#112233\", 2: teal}", {"scout": "#112233", "hauler": "#008080", "cruiser": None}),
    ("stats.speed", "{3: orange}", {"scout": "#ffa500", "raider": "#ffa500", "hauler": None}),
    ("traits", "{large: \"#445566\"}", {"hauler": "#445566", "cruiser": "#445566", "scout": None}),
])
def test_colour_by_any_card_field(starfall_data, field, colors, expected):
    folder = starfall_data / "starfall"
    edit(folder / "components.yaml", "color_by: {field: faction, colors: {guild: \"#2f5fa8\", rebels: crimson}}",
         f"color_by: {{field: {field}, colors: {colors}}}")
    from generator.plan.context import PlanContext
    from generator.plan.theme import card_look

    index = _index(folder)
    ctx = PlanContext(index, "en")
    cards = {c.id: c for c in index.data.cards}
    for card, colour in expected.items():
        # a card the map does not name keeps the game theme's frame (midnightblue)
        assert card_look(ctx, index.data.decks[0], cards[card]).frame == (colour or "#191970"), card


# --- original games: no PROXY mark; rulebook games: unchanged ----------------------------------------



def test_an_original_game_prints_no_proxy_mark_anywhere(starfall_data, tmp_path, run_cli):
    out = tmp_path / "out"
    result = run_cli("print", "starfall", "--data", starfall_data, "--out", out, "--paper", "a4")
    assert result.code == 0, result.err
    pdfs = sorted((out / "starfall" / "print" / "home-a4").glob("*.pdf"))
    assert {p.name for p in pdfs} >= {"cards.pdf", "tokens.pdf", "dice.pdf", "guide.pdf"}
    text = "\n".join(pdf_text(p) for p in pdfs)
    assert "PROXY" not in text and "stand-in" not in text


def test_proxy_labels_by_origin(starfall_data, demo_data):
    from generator.i18n import t
    from generator.plan.context import PlanContext

    original = PlanContext(_index(starfall_data / "starfall"), "en")
    assert original.proxy_label() == "" and original.proxy_label("print.hex_assumed") == ""
    assert original.proxy_label("print.proxy_card_unknown") == t("en", "print.blank_card_unknown")  # no PROXY word
    assert "PROXY" not in original.proxy_label("aid.dial_proxy")
    rulebook = PlanContext(_index(demo_data / "demo"), "pl")
    assert rulebook.proxy_label() == t("pl", "print.proxy")
    assert rulebook.proxy_label("print.proxy_card_unknown") == t("pl", "print.proxy_card_unknown")


def test_a_rulebook_game_keeps_its_proxy_marks(demo_data, tmp_path, run_cli):
    from generator.i18n import t

    out = tmp_path / "out"
    result = run_cli("print", "demo", "--data", demo_data, "--out", out, "--paper", "a4")
    assert result.code == 0, result.err
    text = pdf_text(out / "demo" / "print" / "home-a4" / "cards.pdf")
    assert t("pl", "print.proxy") in text


def test_a_theme_spelling_out_the_defaults_prints_the_same_bytes(demo_data, tmp_path, run_cli):
    """Themes default to the built-in look exactly (the five rulebook games, which have none, were compared
    byte for byte before and after themes were added: 33 identical PDFs)."""
    before = tmp_path / "before"
    assert run_cli("print", "demo", "--data", demo_data, "--out", before, "--paper", "a4").code == 0
    edit(demo_data / "demo" / "game.yaml", "game:\n", "game:\n  theme: {frame: rounded, colors: {paper: white, "
                                                     "ink: \"#1f1f1f\"}}\n")
    after = tmp_path / "after"
    result = run_cli("print", "demo", "--data", demo_data, "--out", after, "--paper", "a4")
    assert result.code == 0, result.err
    for pdf in sorted((before / "demo" / "print" / "home-a4").glob("*.pdf")):
        assert pdf.read_bytes() == (after / "demo" / "print" / "home-a4" / pdf.name).read_bytes(), pdf.name


# --- layouts and themes: every mistake located, with a did-you-mean -------------------------------------

LAYOUT = ("layouts:\n  - id: ship_card\n    extends: standard\n    boxes:\n{boxes}")


def _with_layout(folder: Path, boxes: str) -> None:
    edit(folder / "components.yaml", "    cards_csv: ships.csv\n", "    cards_csv: ships.csv\n    layout: ship_card\n")
    with (folder / "components.yaml").open("a", encoding="utf-8") as fh:
        fh.write("\n" + LAYOUT.format(boxes=boxes))


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_the_standard_box_names_are_the_ones_drawn():
    assert tuple(F.STANDARD_BOXES) == STANDARD_BOX_NAMES
    assert tuple(F.mini_boxes(F.Size(41, 63))) == STANDARD_BOX_NAMES


def test_a_valid_layout_with_a_stat_box_passes_and_prints_it(starfall_data):
    folder = starfall_data / "starfall"
    _with_layout(folder, "      stats: null\n      speed: {field: stats.speed, x: 3, y: 43, w: 20, h: 6, bold: true}\n"
                         "      motto: {field: \"literal:Fly safe\", x: 30, y: 43, w: 30, h: 6}\n")
    index = _index(folder)
    item = next(i for i in plan_game(index, "en").items["cards"] if i.label.startswith("hauler"))
    from generator.geom.scene import TextBlock

    lines = [" ".join(b.fitted.lines) for b in item.front(0.0) if isinstance(b, TextBlock)]
    assert "1" in lines and "Fly safe" in lines  # the hauler's speed, the literal


@pytest.mark.parametrize(("boxes", "needle", "message", "hint"), [
    ("      txet: null\n", "txet: null", "unknown box to remove 'txet'", "did you mean 'text'?"),
    ("      txet: {field: text, x: 4, y: 51, w: 55, h: 29}\n", "txet:", "unknown box 'txet'",
     "did you mean 'text'?"),
    ("      speed: {field: stats.sped, x: 3, y: 43, w: 20, h: 6}\n", "stats.sped", "unknown card field 'stats.sped'",
     "did you mean 'stats.speed'?"),
    ("      speed: {field: stats.valeu, x: 3, y: 43, w: 20, h: 6}\n", "stats.valeu",
     "unknown card field 'stats.valeu'", ""),
    ("      cost: {field: cots, x: 3, y: 3, w: 8, h: 8}\n", "cots", "unknown card field 'cots'",
     "did you mean 'cost'?"),
])
def test_layout_mistakes_are_located_errors(starfall_data, boxes, needle, message, hint):
    folder = starfall_data / "starfall"
    _with_layout(folder, boxes)
    line = _line_of(folder / "components.yaml", needle)
    found = [m for m in _messages(folder) if message in m]
    assert found, _messages(folder)
    assert f"components.yaml:{line}:" in found[0], found
    assert hint in found[0], found


@pytest.mark.parametrize(("old", "new", "message", "hint"), [
    ("frame: double", "frame: doubel", "unknown frame style 'doubel'", "did you mean 'double'?"),
    ("frame: midnightblue", "frame: midnightblu", "unknown colour 'midnightblu'", "did you mean 'midnightblue'?"),
    ("ink: \"#1b1b2f\"", "ink: \"#1b1b2\"", "colour '#1b1b2' is not #rrggbb", ""),
    ("regular: fonts/DejaVuSerif.ttf", "regular: fonts/DejaVuSerf.ttf", "font 'fonts/DejaVuSerf.ttf' does not exist",
     ""),
    ("regular: fonts/DejaVuSerif.ttf", "regular: ../DejaVuSerif.ttf", "climbs out of the game folder", ""),
    ("regular: fonts/DejaVuSerif.ttf", "regular: fonts/LICENSE-DejaVu.txt", "has suffix '.txt'", ""),
])
def test_theme_mistakes_in_the_game_are_located_errors(starfall_data, old, new, message, hint):
    folder = starfall_data / "starfall"
    edit(folder / "game.yaml", old, new)
    line = _line_of(folder / "game.yaml", new)
    found = [m for m in _messages(folder) if message in m]
    assert found, _messages(folder)
    assert f"game.yaml:{line}:" in found[0], found
    assert hint in found[0], found


def test_colour_by_an_unknown_field_and_an_unused_value(starfall_data):
    folder = starfall_data / "starfall"
    edit(folder / "components.yaml", "field: faction, colors: {guild:", "field: fation, colors: {guild:")
    found = [m for m in _messages(folder) if "fation" in m]
    assert found and "unknown card field 'fation'" in found[0] and "did you mean 'faction'?" in found[0], found
    edit(folder / "components.yaml", "field: fation, colors: {guild:", "field: faction, colors: {gulid:")
    found = [m for m in _messages(folder, "warning") if "gulid" in m]
    assert found and "did you mean 'guild'?" in found[0], found


def test_a_broken_or_unembeddable_font_is_a_located_error(starfall_data, run_cli):
    folder = starfall_data / "starfall"
    (folder / "fonts" / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00" + b"not a font" * 50)
    edit(folder / "game.yaml", "bold: fonts/DejaVuSerif-Bold.ttf", "bold: fonts/Broken.ttf")
    line = _line_of(folder / "game.yaml", "fonts/Broken.ttf")
    result = run_cli("validate", "starfall", "--data", folder.parent)
    assert result.code == 1
    assert f"game.yaml:{line}:" in result.err and "font 'fonts/Broken.ttf' is not a readable" in result.err, result.err
    assert "Traceback" not in result.err

    from fontTools.ttLib import TTFont

    with TTFont(str(SERIF)) as ft:  # the same font, marked "restricted licence: no embedding"
        ft["OS/2"].fsType = 0x0002
        ft.save(str(folder / "fonts" / "Restricted.ttf"))
    edit(folder / "game.yaml", "bold: fonts/Broken.ttf", "bold: fonts/Restricted.ttf")
    found = [m for m in _messages(folder) if "Restricted.ttf" in m]
    assert found and "forbids embedding" in found[0] and f"game.yaml:{line}:" in found[0], found

    from fontTools import subset

    options = subset.Options()
    font = subset.load_font(str(SERIF), options)
    sub = subset.Subsetter(options)
    sub.populate(text="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:/?")  # no '·', no '×'
    sub.subset(font)
    subset.save_font(font, str(folder / "fonts" / "Letters.ttf"), options)
    edit(folder / "game.yaml", "bold: fonts/Restricted.ttf", "bold: fonts/Letters.ttf")
    found = [m for m in _messages(folder) if "Letters.ttf" in m]
    assert found and "cannot draw characters every card prints: '·×'" in found[0], found


def test_a_font_symlink_leading_out_of_the_game_folder_is_refused(starfall_data):
    folder = starfall_data / "starfall"
    outside = starfall_data.parent / "Outside.ttf"
    shutil.copy(SERIF, outside)
    (folder / "fonts" / "Linked.ttf").symlink_to(outside)
    edit(folder / "game.yaml", "regular: fonts/DejaVuSerif.ttf", "regular: fonts/Linked.ttf")
    found = [m for m in _messages(folder) if "Linked.ttf" in m]
    assert found and "leads outside its folder" in found[0], found
