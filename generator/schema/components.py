"""Inventory, decks, cards, tiles and boards: what is in the box and how each thing prints."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from generator.schema.base import (
    Count,
    Id,
    L10n,
    MaybeText,
    NonNegInt,
    PositiveMm,
    Reading,
    SizeSpec,
    Source,
    StrictModel,
    Unknown,
)
from generator.schema.theme import Theme
from generator.schema.values import LocalValue

AssetPath = Annotated[str, Field(min_length=1, max_length=300,
                                  description="an image file inside the game folder, e.g. art/knight.png")]

ComponentKind = Literal["card", "tile", "token", "board", "die", "figure", "sheet", "dial", "marker", "other"]
PrintMethod = Literal["deck", "token", "die", "tile", "board", "aid", "standee", "none"]


class PrintSpec(StrictModel):
    """How a component becomes paper. Decks, tiles and boards carry their own details elsewhere."""

    method: PrintMethod
    reason: str | None = Field(None, description="why it does not print (method: none)")
    shape: Literal["circle", "square", "rect", "hex"] | None = None
    size: SizeSpec | None = None
    size_source: Source | None = None
    faces: list[str] | None = Field(None, description="die faces or token face labels")
    label: L10n | None = Field(None, description="text printed on a token or marker face")
    back: L10n | None = Field(None, description="text printed on the back; omitted = single-sided")
    color: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$")

    @model_validator(mode="after")
    def _reason_for_none(self) -> PrintSpec:
        if self.method == "none" and not self.reason:
            raise PydanticCustomError("print", "print.method 'none' needs a 'reason' (e.g. plastic figure)")
        return self


class Component(StrictModel):
    """One line of the inventory. Breakdowns point at their whole with ``parent``."""

    id: Id
    name: L10n
    kind: ComponentKind
    count: Count
    parent: Id | None = None
    per_faction: dict[Id, Count] | None = None
    module: Id = "base"
    print: PrintSpec | None = None
    source: Source
    conflicts: list[Reading] = []
    notes: L10n | None = None


class Back(StrictModel):
    """A card back shared by the whole deck (drawn once, reused)."""

    title: L10n | None = None
    color: str = Field("#4a4a4a", pattern=r"^#[0-9a-fA-F]{6}$")
    image: AssetPath | None = None


class Deck(StrictModel):
    """A set of cards sharing size, back and layout; prints the inventory component it names."""

    id: Id
    name: L10n
    component: Id
    size: SizeSpec = "poker"
    size_source: Source
    back: Back = Back()
    layout: str = "standard"
    color: str = Field("#6b5b3e", pattern=r"^#[0-9a-fA-F]{6}$")
    cost_range: tuple[NonNegInt, NonNegInt] | None = None
    faction: Id | None = None
    # a spreadsheet (CSV, next to the YAML) whose rows are this deck's cards; read by load/csv_source.py
    cards_csv: str | None = None
    theme: Theme | None = Field(None, description="how this deck's cards look (over the game's and faction's)")


StatValue = LocalValue  # a number, a text, unknown, or {pl, en} when the value is a word


class Card(StrictModel):
    """One card design; ``copies`` is how many of it the deck holds."""

    id: Id
    deck: Id
    name: L10n
    copies: Count
    faction: Id | None = None
    cost: Count | None = None
    stats: dict[str, StatValue] = {}
    traits: list[str] = []
    text: MaybeText | None = None
    image: AssetPath | None = None
    module: Id | Unknown | None = Field(None, description="the module holding the card; unknown when the book "
                                                          "does not say which part of the product it is in")
    source: Source
    conflicts: list[Reading] = []
    notes: L10n | None = Field(None, description="facts about this card that have no field of their own")
    theme: Theme | None = Field(None, description="how this one card looks (over every other level)")


Axial = tuple[int, int]


class Area(StrictModel):
    id: Id
    name: L10n | None = None
    hexes: list[Axial] = []
    terrain: str | None = None


class Tile(StrictModel):
    """A map tile: square (with road exits) or one or more hexes in axial coordinates."""

    id: Id
    name: L10n
    component: Id
    copies: Count = 1
    shape: Literal["square", "rect", "hex", "multihex"]
    size: SizeSpec | None = None
    size_source: Source | None = None
    hex_size_mm: PositiveMm | None = Field(None, description="hex circumradius in mm")
    orientation: Literal["pointy", "flat"] = "pointy"
    hexes: list[Axial] | None = None
    exits: list[Literal["n", "e", "s", "w", "0", "1", "2", "3", "4", "5"]] | Unknown | None = None
    terrain: str | None = None
    symbol: str | None = None
    faction: Id | None = None
    areas: list[Area] = []
    back: L10n | None = None
    text: MaybeText | None = Field(None, description="an effect printed on (or belonging to) the tile, own words")
    notes: L10n | None = Field(None, description="facts about this tile that have no field of their own")
    module: Id | None = None
    source: Source

    @model_validator(mode="after")
    def _hexes_for_hex_tiles(self) -> Tile:
        if self.shape in ("hex", "multihex") and self.hexes is not None:
            if len(set(self.hexes)) != len(self.hexes):
                raise PydanticCustomError("tile", "tile hexes repeat a coordinate")
            if self.shape == "hex" and len(self.hexes) != 1:
                raise PydanticCustomError("tile", "a 'hex' tile has exactly one hex; use 'multihex'")
        return self


class GridMark(StrictModel):
    """A mark on a grid cell, optionally only for some player counts (e.g. impassable with 2 players)."""

    cell: tuple[NonNegInt, NonNegInt] = Field(description="[column, row], 0-based from the top-left")
    mark: str
    players: list[int] | None = None
    label: L10n | None = None
    source: Source


class UnplacedMark(StrictModel):
    """Marks whose number the rulebook states but whose squares it does not (drawn as a list beside the grid)."""

    mark: str
    count: Count
    players: list[int] | None = None
    label: L10n | None = None
    source: Source


class Grid(StrictModel):
    cols: Annotated[int, Field(ge=1, le=100)]
    rows: Annotated[int, Field(ge=1, le=100)]
    cell_mm: PositiveMm | None = None
    cell_source: Source | None = None
    marks: list[GridMark] = []
    unplaced: list[UnplacedMark] = Field([], description="marks with a stated count but no stated positions")


class Track(StrictModel):
    id: Id
    name: L10n
    spaces: Count
    start: int = 0
    side: Id | None = None
    # panel: a row of numbered boxes among the other parts; perimeter: the boxes run around the board's edge
    path: Literal["panel", "perimeter"] = "panel"
    source: Source


class Region(StrictModel):
    id: Id
    name: L10n
    side: Id | None = None
    kind: str | None = None
    adjacent: list[Id] | Unknown = Field([], description="neighbouring region ids, or unknown when not stated")
    source: Source | None = None


class Space(StrictModel):
    id: Id
    name: L10n
    side: Id | None = None
    source: Source | None = None


class Wheel(StrictModel):
    """A dial or wheel with numbered segments (paddles)."""

    id: Id
    name: L10n
    segments: Count
    labels: list[str] = []
    source: Source


class MapPlacement(StrictModel):
    tile: Id
    q: int
    r: int
    rotation: Annotated[int, Field(ge=0, le=5)] = 0


class MapLayout(StrictModel):
    """Which tiles form the map for some player counts, in axial coordinates."""

    players: list[int]
    placements: list[MapPlacement] = []
    source: Source


class BoardSide(StrictModel):
    id: Id
    name: L10n


class Board(StrictModel):
    """A board, player board or assembled map; drawn as a schematic where the rulebook gives no art."""

    id: Id
    name: L10n
    component: Id | None = None
    size: SizeSpec | None = None
    size_source: Source | None = None
    sides: list[BoardSide] = []
    grid: Grid | None = None
    tracks: list[Track] = []
    regions: list[Region] = []
    spaces: list[Space] = []
    wheels: list[Wheel] = []
    maps: list[MapLayout] = []
    image: AssetPath | None = None
    source: Source


IconPath = Annotated[str, Field(min_length=1, max_length=300,
                                 description="an .svg (drawn as vector) or .png file inside the game folder, "
                                             "e.g. icons/storm.svg")]


class Icon(StrictModel):
    """An icon usable as ``:id:`` in texts, die faces, tile names and symbols, token labels and boards."""

    id: Id
    label: L10n
    glyph: str | None = Field(None, max_length=3, description="short text drawn in a circle (where no image)")
    color: str = Field("#333333", pattern=r"^#[0-9a-fA-F]{6}$",
                       description="the icon's colour; an SVG's currentColor takes it")
    image: IconPath | None = None

    @model_validator(mode="after")
    def _glyph_or_image(self) -> Icon:
        if self.glyph is None and self.image is None:
            raise PydanticCustomError("icon", "an icon needs a 'glyph' (short text) or an 'image' (.svg or .png)")
        return self


# The boxes of the built-in card layout ('standard'; plan/draw.py STANDARD_BOXES draws them, a test keeps
# the two equal) and the fields a box may show (validate/layouts.py checks both, with a did-you-mean).
STANDARD_BOX_NAMES = ("cost", "name", "type", "art", "stats", "text", "footer")
BOX_FIELDS = ("name", "cost", "text", "type", "stats", "art", "footer", "faction", "deck", "copies", "traits")
BOX_FIELD_PREFIXES = ("stats.", "literal:")


class LayoutBox(StrictModel):
    """A named box on a card face, in mm from the card's top-left trim corner."""

    field: str = Field(description="name | cost | text | type | stats | art | footer | faction | deck | copies | "
                                   "traits | stats.<key> | literal:<text>")
    x: float
    y: float
    w: PositiveMm
    h: PositiveMm
    size_pt: Annotated[float, Field(gt=2, le=72)] = 9
    min_pt: Annotated[float, Field(gt=2, le=72)] = 5.5
    bold: bool = False
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    fill: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$")
    stroke: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$")


class CardLayout(StrictModel):
    """A declarative card face: boxes by name; ``extends`` inherits another layout's boxes."""

    id: Id
    extends: str | None = None
    boxes: dict[str, LayoutBox | None] = {}
