"""Every id is unique and every reference resolves (decks, factions, components, modules, rules, terms)."""
from __future__ import annotations

from generator.model import markup
from generator.schema.base import UNKNOWN
from generator.validate.context import CheckContext


def check_unique_ids(ctx: CheckContext) -> None:
    data = ctx.data
    for key in ("factions", "modules", "components", "decks", "cards", "tiles", "boards", "icons", "layouts",
                "scenarios", "constants", "tables", "cost_rules", "recipes", "glossary", "contradictions"):
        seen: dict[str, int] = {}
        for i, item in enumerate(getattr(data, key)):
            if item.id in seen:
                ctx.error((key, i, "id"), f"duplicate id '{item.id}' (first at {key}[{seen[item.id]}])",
                          code="duplicate-id")
            seen.setdefault(item.id, i)
    seen_rules: dict[str, int] = {}
    for i, rule in enumerate(data.rules):
        if rule.number in seen_rules:
            ctx.error(("rules", i, "number"), f"duplicate rule number '{rule.number}'", code="duplicate-id")
        seen_rules.setdefault(rule.number, i)
    numbers = set(seen_rules)
    for i, rule in enumerate(data.rules):
        if "." in rule.number:
            parent = rule.number.rsplit(".", 1)[0]
            if parent not in numbers:
                ctx.error(("rules", i, "number"), f"rule {rule.number} has no parent section {parent}",
                          code="reference")


def check_references(ctx: CheckContext) -> None:
    data, idx = ctx.data, ctx.index
    factions = {f.id for f in data.factions}
    modules = set(idx.module_ids)
    components = set(idx.components)
    decks = set(idx.decks)
    scenarios = {s.id for s in data.scenarios}
    tables = {t.id: t for t in data.tables}
    layouts = {lay.id for lay in data.layouts} | {"standard", "minimal"}
    cards = {c.id for c in data.cards}
    for i, comp in enumerate(data.components):
        ctx.ref(("components", i, "parent"), comp.parent, components, "component")
        ctx.ref(("components", i, "module"), comp.module, modules, "module")
        for fid in comp.per_faction or {}:
            ctx.ref(("components", i, "per_faction", fid), fid, factions, "faction")
    for i, deck in enumerate(data.decks):
        ctx.ref(("decks", i, "component"), deck.component, components, "component")
        ctx.ref(("decks", i, "faction"), deck.faction, factions, "faction")
        ctx.ref(("decks", i, "layout"), deck.layout, layouts, "card layout")
    for i, card in enumerate(data.cards):
        ctx.ref(("cards", i, "deck"), card.deck, decks, "deck")
        ctx.ref(("cards", i, "faction"), card.faction, factions, "faction")
        if card.module != UNKNOWN:
            ctx.ref(("cards", i, "module"), card.module, modules, "module")
    for i, lay in enumerate(data.layouts):
        ctx.ref(("layouts", i, "extends"), lay.extends, layouts - {lay.id}, "card layout")
    for i, tile in enumerate(data.tiles):
        ctx.ref(("tiles", i, "component"), tile.component, components, "component")
        ctx.ref(("tiles", i, "module"), tile.module, modules, "module")
        ctx.ref(("tiles", i, "faction"), tile.faction, factions, "faction")
    tile_ids = {t.id for t in data.tiles}
    for b, board in enumerate(data.boards):
        ctx.ref(("boards", b, "component"), board.component, components, "component")
        regions = {r.id for r in board.regions}
        for r, region in enumerate(board.regions):
            for a, other in enumerate(region.adjacent if region.adjacent != UNKNOWN else []):
                ctx.ref(("boards", b, "regions", r, "adjacent", a), other, regions, "region")
        _check_unplaced(ctx, b, board)
        for m, layout in enumerate(board.maps):
            for p, place in enumerate(layout.placements):
                ctx.ref(("boards", b, "maps", m, "placements", p, "tile"), place.tile, tile_ids, "tile")
    _check_setup_refs(ctx, components, scenarios, modules)
    for i, scen in enumerate(data.scenarios):
        for m, mod in enumerate(scen.modules):
            ctx.ref(("scenarios", i, "modules", m), mod, modules, "module")
    for i, rule in enumerate(data.cost_rules):
        ctx.ref(("cost_rules", i, "deck"), rule.deck, decks, "deck")
        if ctx.ref(("cost_rules", i, "table"), rule.table, tables, "table"):
            ctx.ref(("cost_rules", i, "column"), rule.column, {c.id for c in tables[rule.table].columns}, "column")
    for t, table in enumerate(data.tables):
        columns = {c.id for c in table.columns}
        for r, row in enumerate(table.rows):
            for col in row.values:
                ctx.ref(("tables", t, "rows", r, "values", col), col, columns, "column")
    items = components | cards | {c.id for c in data.constants}
    for i, recipe in enumerate(data.recipes):
        ctx.ref(("recipes", i, "output"), recipe.output, items, "component or card")
        for j, part in enumerate(recipe.inputs):
            ctx.ref(("recipes", i, "inputs", j, "item"), part.item, items, "component or card")
    _check_text_refs(ctx)
    check_icons(ctx)
    _report_conflicts(ctx)


def _check_unplaced(ctx: CheckContext, b: int, board) -> None:
    """Unplaced marks: their player counts are the game's, and they do not repeat a placed mark's count."""
    if board.grid is None:
        return
    counts = set(ctx.index.player_counts)
    for u, item in enumerate(board.grid.unplaced):
        for p, n in enumerate(item.players or []):
            if n not in counts:
                ctx.error(("boards", b, "grid", "unplaced", u, "players", p),
                          f"{n} players is not a player count of this game ({sorted(counts)})", code="reference")
        placed = [m for m in board.grid.marks if m.mark == item.mark
                  and (item.players is None or m.players is None or set(item.players) & set(m.players))]
        if placed:
            ctx.warning(("boards", b, "grid", "unplaced", u, "mark"),
                        f"mark '{item.mark}' is both placed ({len(placed)} cell(s)) and listed as unplaced "
                        "for the same players", hint="keep the cells the book shows, or the count it states",
                        code="board")


def _report_conflicts(ctx: CheckContext) -> None:
    """Contradictions recorded on the game's players, on factions and on scenarios are findings too."""
    data = ctx.data
    groups: list[tuple[tuple, str, object]] = [(("game", "players"), "players", data.game.players)]
    groups += [(("factions", i), f.id, f) for i, f in enumerate(data.factions)]
    groups += [(("scenarios", i), s.id, s) for i, s in enumerate(data.scenarios)]
    for base, name, item in groups:
        for j, reading in enumerate(item.conflicts):
            current = getattr(item, reading.field, None)
            shown = current.pl if hasattr(current, "pl") else ("(see data)" if current is None else current)
            cited = item.source.cite() if item.source else "the data"
            ctx.finding(base + ("conflicts", j),
                        f"rulebook contradiction for '{name}'.{reading.field}: {shown} per {cited}, but "
                        f"{reading.value} per {reading.source.cite()}" + (f" — {reading.note}" if reading.note
                                                                             else ""))


def _check_setup_refs(ctx: CheckContext, components, scenarios, modules) -> None:
    setup = ctx.data.setup
    if setup is None:
        return
    for group in ("rows", "per_player"):
        for i, row in enumerate(getattr(setup, group)):
            ctx.ref(("setup", group, i, "component"), row.component, components, "component")
            ctx.ref(("setup", group, i, "scenario"), row.scenario, scenarios, "scenario")
            ctx.ref(("setup", group, i, "module"), row.module, modules, "module")
    for i, row in enumerate(setup.rows):
        for n, module in row.value_modules.items():
            path = ("setup", "rows", i, "value_modules", n)
            ctx.ref(path, module, modules, "module")
            if n not in row.values:
                ctx.error(path, f"value_modules names {n} players, but values has no entry for {n}",
                          hint=f"values: {{{n}: …}}", code="setup")
    for i, step in enumerate(setup.steps):
        ctx.ref(("setup", "steps", i, "scenario"), step.scenario, scenarios, "scenario")


def _check_text_refs(ctx: CheckContext) -> None:
    data = ctx.data
    numbers = {r.number for r in data.rules}
    terms = {t.id for t in data.glossary}
    icons = {i.id for i in data.icons}
    for i, rule in enumerate(data.rules):
        for j, num in enumerate(rule.see):
            ctx.ref(("rules", i, "see", j), num, numbers, "rule number")
        for lang in data.game.languages:
            _scan_text(ctx, ("rules", i, "text", lang), rule.text.get(lang), numbers, terms, icons)
    for i, term in enumerate(data.glossary):
        for j, other in enumerate(term.see_also):
            ctx.ref(("glossary", i, "see_also", j), other, terms, "glossary term")
        ctx.ref(("glossary", i, "rule"), term.rule, numbers, "rule number")
        for lang in data.game.languages:
            _scan_text(ctx, ("glossary", i, "definition", lang), term.definition.get(lang), numbers, terms,
                       icons)
    for i, card in enumerate(data.cards):
        if card.text is not None and card.text != "unknown":
            for lang in data.game.languages:
                _scan_text(ctx, ("cards", i, "text", lang), card.text.get(lang), numbers, terms, icons)


def _scan_text(ctx: CheckContext, path: tuple, text: str, numbers, terms, icons) -> None:
    parsed = markup.parse(text)
    for problem in parsed.problems:
        ctx.error(path, f"markup: {problem}", hint="markup is [[term]], [[term|label]], §4.2, **bold**, :icon:",
                  code="markup")
    for node in markup.walk(parsed.nodes):
        if isinstance(node, markup.RuleRef):
            ctx.ref(path, node.number, numbers, "rule number")
        elif isinstance(node, markup.TermRef):
            ctx.ref(path, node.term, terms, "glossary term")
        elif isinstance(node, markup.IconRef):
            ctx.ref(path, node.icon, icons, "inline icon")


# --- icons ----------------------------------------------------------------------------------------

def check_icons(ctx: CheckContext) -> None:
    """Every icon's image is a safe, readable .svg (the vector subset) or .png inside the game folder, and
    every ``:icon:`` on a die face, token label, tile name, symbol or text, or board text names a defined
    icon (did-you-mean otherwise)."""
    data = ctx.data
    if ctx.raw is not None and ctx.raw.folder is not None:
        from generator.load.svg_icons import SvgIconError, load_icon

        for i, icon in enumerate(data.icons):
            if icon.image:
                try:
                    load_icon(ctx.raw.folder, icon.image, icon.id, icon.color)
                except SvgIconError as exc:
                    ctx.error(("icons", i, "image"), f"icon image '{icon.image}' {exc.reason}",
                              hint="an icon is a small .svg (path, rect, circle, ellipse, polygon, polyline, "
                                   "line, g; plain colours) or .png inside the game folder", code="asset")
    icons = {i.id for i in data.icons}
    for path, text in icon_texts(data):
        if text and ":" in text:
            for ref in markup.icon_refs(text):
                ctx.ref(path, ref.icon, icons, "icon")


def icon_texts(data):
    """(data path, text) of every printed text outside rules, glossary and card texts where an ``:icon:``
    may stand: die faces, token labels and backs, tile names, symbols, texts and backs, board names."""
    langs = data.game.languages
    for i, comp in enumerate(data.components):
        spec = comp.print
        if spec is None:
            continue
        for j, face in enumerate(spec.faces or []):
            yield ("components", i, "print", "faces", j), face
        for key in ("label", "back"):
            value = getattr(spec, key)
            if value is not None:
                for lang in langs:
                    yield ("components", i, "print", key, lang), value.get(lang)
    for i, tile in enumerate(data.tiles):
        if tile.symbol and tile.symbol != UNKNOWN:
            yield ("tiles", i, "symbol"), tile.symbol
        for key in ("name", "text", "back"):
            value = getattr(tile, key, None)
            if value is not None and value != UNKNOWN:
                for lang in langs:
                    yield ("tiles", i, key, lang), value.get(lang)
    for b, board in enumerate(data.boards):
        for group in ("spaces", "tracks", "regions", "wheels"):
            for k, part in enumerate(getattr(board, group)):
                for lang in langs:
                    yield ("boards", b, group, k, "name", lang), part.name.get(lang)
        for k, wheel in enumerate(board.wheels):
            for m, label in enumerate(wheel.labels):
                yield ("boards", b, "wheels", k, "labels", m), label
