"""Model → printable items: every printable component of a game, exactly as many times as its inventory
says, with proxies (visible blanks) for what the rulebook does not give.

Counting rule for a deck: cards print their ``copies``; a card whose copies are unknown prints once; the
rest of the component's count prints as blank proxy cards — so the kit always holds the inventory's
number of cards, and nothing the rulebook does not state is made up."""
from __future__ import annotations

from collections.abc import Iterator

from generator.layout import faces as F
from generator.layout.geometry import Size
from generator.layout.hexgrid import HexTileError
from generator.layout.items import PrintItem
from generator.layout.paper import CARD_SIZES
from generator.model.index import GameIndex
from generator.render.fonts import METRICS
from generator.schema.base import UNKNOWN, Dim
from generator.schema.components import Card, Component, Deck

DEFAULT_TOKEN = Size(20.0, 20.0)
DEFAULT_TILE = Size(60.0, 60.0)
DEFAULT_HEX_MM = 25.0
DEFAULT_DIE_SIDE = 16.0
AID_SIZE = Size(105.0, 148.0)  # A6


def size_of(spec, default: Size) -> Size:
    if spec is None:
        return default
    if isinstance(spec, Dim):
        return Size(spec.w, spec.h)
    return CARD_SIZES.get(str(spec).lower(), default)


class Planner:
    """Builds PrintItems of one game in one language."""

    def __init__(self, index: GameIndex, lang: str = "pl"):
        self.index = index
        self.data = index.data
        self.lang = lang
        self.icons = frozenset(i.id for i in self.data.icons)
        self.factions = {f.id: f for f in self.data.factions}
        self.layouts = {lay.id: lay for lay in self.data.layouts}
        self.card_pos = {id(c): i for i, c in enumerate(self.data.cards)}
        self.comp_pos = {c.id: i for i, c in enumerate(self.data.components)}
        self.stat_names = {st.id: st.name for st in self.data.stats}
        self._images: dict = {}

    def stat_label(self, key: str) -> str:
        name = self.stat_names.get(key)
        return self.t(name) if name else key.replace("_", " ")

    def t(self, l10n) -> str:
        return getattr(l10n, self.lang)

    # -- cards -----------------------------------------------------------------------------------
    def cards(self) -> Iterator[PrintItem]:
        for d, deck in enumerate(self.data.decks):
            comp = self.index.components.get(deck.component)
            if comp is None:
                continue
            yield from self.deck_items(d, deck, comp)

    def deck_items(self, d: int, deck: Deck, comp: Component) -> Iterator[PrintItem]:
        size = size_of(deck.size, Size(63, 88))
        boxes = self.boxes_for(deck, size)
        back = F.card_back(self.t(deck.name), self.t(self.data.game.title), size, deck.back.color, METRICS,
                           self.image(deck.back.image))
        cards = self.index.cards_by_deck.get(deck.id, [])
        known = sum(c.copies for c in cards if c.copies != UNKNOWN)
        remaining = None if comp.count == UNKNOWN else max(comp.count - known, 0)
        common = dict(kind="cards", size=size, back=back, back_key=f"back:{deck.id}", group=deck.id)
        for card in cards:
            copies = card.copies if card.copies != UNKNOWN else 1
            if card.copies == UNKNOWN and remaining is not None:
                if remaining == 0:
                    continue
                remaining -= 1
            face = F.card_front(self.card_view(card, deck), size, METRICS, boxes, self.icons)
            for k in range(copies):
                yield PrintItem(comp.id, front=face, label=f"{card.id}-{k + 1}",
                                origin=("cards", self.card_pos[id(card)]), **common)
        blanks = remaining or 0
        if comp.count == UNKNOWN and not cards:
            blanks = 1  # the rulebook gives neither count nor cards: one blank proxy shows the gap
        if blanks:
            view = F.CardView(name=F.UNKNOWN, deck=self.t(deck.name), color=deck.color, text=F.UNKNOWN,
                              footer=self.footer("?"))
            face = F.card_front(view, size, METRICS, boxes, self.icons)
            for k in range(blanks):
                yield PrintItem(comp.id, front=face, label=f"{deck.id}-proxy-{k + 1}", origin=("decks", d),
                                **common)

    def boxes_for(self, deck: Deck, size: Size) -> dict[str, F.Box]:
        """The standard layout scaled to the card, overridden by the deck's data-defined layout chain."""
        chain = []
        name = deck.layout
        while name in self.layouts and name not in [c.id for c in chain]:
            chain.append(self.layouts[name])
            name = self.layouts[name].extends or "standard"
        boxes = F.scaled_boxes(size) if name != "minimal" else {}
        for layout in reversed(chain):
            for key, box in layout.boxes.items():
                if box is None:
                    boxes.pop(key, None)
                else:
                    boxes[key] = F.Box(box.field, box.x, box.y, box.w, box.h, box.size_pt, box.min_pt, box.bold,
                                       box.align, box.valign, box.fill, box.stroke)
        return boxes

    def card_view(self, card: Card, deck: Deck) -> F.CardView:
        faction = self.factions.get(card.faction or deck.faction or "")
        text = None
        if card.text == UNKNOWN:
            text = F.UNKNOWN
        elif card.text is not None:
            text = self.t(card.text)
        cost = None if card.cost is None else (F.UNKNOWN if card.cost == UNKNOWN else str(card.cost))
        stats = tuple((self.stat_label(k), F.UNKNOWN if v == UNKNOWN else str(v)) for k, v in card.stats.items())
        return F.CardView(name=self.t(card.name), deck=self.t(deck.name), color=deck.color,
                          faction=self.t(faction.name) if faction else None,
                          faction_color=faction.color if faction else None, cost=cost, stats=stats, text=text,
                          traits=", ".join(card.traits) or None, footer=self.footer(card.id),
                          values={f"stats.{k}": F.UNKNOWN if v == UNKNOWN else str(v) for k, v in card.stats.items()},
                          image=self.image(card.image))

    def image(self, relative: str | None) -> tuple[str, tuple[int, int]] | None:
        """(path, pixel size) of an image asset of this game, read once."""
        path = self.index.asset(relative)
        if path is None:
            return None
        if path not in self._images:
            from PIL import Image, UnidentifiedImageError

            try:
                with Image.open(path) as img:
                    self._images[path] = (str(path), img.size)
            except (OSError, UnidentifiedImageError):
                self._images[path] = None  # the asset check reports it; the face falls back to a proxy
        return self._images[path]

    def footer(self, ident: str) -> str:
        return f"{self.t(self.data.game.title)} · {ident}"

    # -- tokens, dice, aids ------------------------------------------------------------------------
    def printable(self, method: str) -> Iterator[tuple[int, Component, int]]:
        for comp in self.data.components:
            if comp.print and comp.print.method == method and self.index.is_leaf(comp):
                count = 1 if comp.count == UNKNOWN else comp.count
                yield self.comp_pos[comp.id], comp, count

    def tokens(self) -> Iterator[PrintItem]:
        for pos, comp, count in self.printable("token"):
            spec = comp.print
            size = size_of(spec.size, DEFAULT_TOKEN)
            shape = spec.shape or ("square" if comp.kind == "marker" else "circle")
            shape = "square" if shape in ("rect", "hex") else shape
            label = self.t(spec.label) if spec.label else (F.UNKNOWN if comp.count == UNKNOWN else None)
            name = self.t(comp.name)
            color = spec.color or "#7a6a4f"
            front = F.token_face(label or name, size, shape, color, METRICS, sub=name if label else "")
            back = F.token_face(self.t(spec.back), size, shape, color, METRICS, sub=name) if spec.back else None
            cut = F.circle_cut(size) if shape == "circle" else None
            for k in range(count):
                yield PrintItem(comp.id, "tokens", size, front, back, cut=cut, label=f"{comp.id}-{k + 1}",
                                group=comp.id, origin=("components", pos))

    def dice(self) -> Iterator[PrintItem]:
        for pos, comp, count in self.printable("die"):
            spec = comp.print
            side = size_of(spec.size, Size(DEFAULT_DIE_SIDE, DEFAULT_DIE_SIDE)).w
            faces = list(spec.faces or [])
            front = F.die_net(faces, side, spec.color or "#444444", METRICS)
            size = F.die_net_size(side)
            for k in range(count):
                yield PrintItem(comp.id, "dice", size, front, cut=(), label=f"{comp.id}-{k + 1}", group=comp.id,
                                origin=("components", pos))

    def aids(self) -> Iterator[PrintItem]:
        lines = [f"{r.number}. {self.t(r.title)}" for r in self.data.rules if "." not in r.number]
        consts = [f"{self.t(c.name)}: {c.value if c.value != UNKNOWN else '?'}" for c in self.data.constants[:12]]
        body = lines + ([""] if lines and consts else []) + consts
        for pos, comp, count in self.printable("aid"):
            face = F.aid_sheet(self.t(self.data.game.title), self.t(comp.name), body, AID_SIZE, METRICS)
            for k in range(count):
                yield PrintItem(comp.id, "aids", AID_SIZE, face, label=f"{comp.id}-{k + 1}", group=comp.id,
                                origin=("components", pos))

    # -- tiles -------------------------------------------------------------------------------------
    def tiles(self) -> Iterator[PrintItem]:
        tiles_pos = {id(t): i for i, t in enumerate(self.data.tiles)}
        for pos, comp, _count in self.printable("tile"):
            tiles = self.index.tiles_by_component.get(comp.id, [])
            printed = 0
            for tile in tiles:
                copies = 1 if tile.copies == UNKNOWN else tile.copies
                item = self.tile_item(tile, comp, ("tiles", tiles_pos[id(tile)]))
                for k in range(copies):
                    printed += 1
                    yield PrintItem(**{**item, "label": f"{tile.id}-{k + 1}"})
            if comp.count != UNKNOWN and printed < comp.count:
                size = DEFAULT_TILE
                note = "kształt i treść nieznane · shape and content unknown"
                face = F.unknown_shape_tile(self.t(comp.name), size, note, METRICS)
                for k in range(comp.count - printed):
                    yield PrintItem(comp.id, "tiles", size, face, label=f"{comp.id}-proxy-{k + 1}",
                                    group=f"{comp.id}-proxy", origin=("components", pos))

    def tile_item(self, tile, comp: Component, origin: tuple) -> dict:
        name = self.t(tile.name)
        base = dict(component=comp.id, kind="tiles", group=comp.id, origin=origin)
        if tile.shape in ("square", "rect"):
            size = size_of(tile.size, DEFAULT_TILE)
            front = F.square_tile(name, size, tile.exits, tile.terrain, tile.symbol, METRICS)
            back = self._tile_back(tile, size)
            return dict(base, size=size, front=front, back=back)
        hexes = [tuple(h) for h in tile.hexes or []]
        size_mm = tile.hex_size_mm or DEFAULT_HEX_MM
        if hexes:
            try:
                shape = F.hex_shape(hexes, size_mm, tile.orientation)
            except HexTileError:
                shape = None
            if shape is not None:
                labels = {tuple(h): a.id for a in tile.areas for h in a.hexes}
                front = F.hex_tile(name, shape, tile.terrain, labels, METRICS, hexes)
                back = None
                if tile.back:
                    mirrored = [(-q - r, r) if tile.orientation == "pointy" else (-q, q + r) for q, r in hexes]
                    mshape = F.hex_shape(mirrored, size_mm, tile.orientation)
                    back = F.hex_tile(self.t(tile.back), mshape, None, {}, METRICS, mirrored)
                return dict(base, size=shape.size, front=front, back=back, cut=shape.outline)
        size = Size(DEFAULT_TILE.w, DEFAULT_TILE.h)
        note = "kształt nieznany (heksy nie podane) · shape unknown (hexes not given)"
        return dict(base, size=size, front=F.unknown_shape_tile(name, size, note, METRICS))

    def _tile_back(self, tile, size: Size):
        if not tile.back:
            return None
        return F.square_tile(self.t(tile.back), size, [], None, None, METRICS)

    def all_items(self) -> dict[str, list[PrintItem]]:
        return {"cards": list(self.cards()), "tokens": list(self.tokens()), "dice": list(self.dice()),
                "tiles": list(self.tiles()), "aids": list(self.aids())}
