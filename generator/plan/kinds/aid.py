"""Player aids: reference sheets that help at the table, and dials as dials.

A sheet (``kind: sheet``/``other``) is printed on both sides: the front holds the turn outline — every
top-level rule's title with the first sentence of its own text (the data's own words) — and the key numbers
(``constants``); the back the base game's setup for each player count and the most used glossary terms.
Each side is fitted at 6 pt or more (what does not fit is left out, least useful first). A dial
(``kind: dial``) prints as a disc with its segments and a pin hole; values the rulebook does not give
print as blanks, and the disc is marked as a proxy."""
from __future__ import annotations

import re
from collections.abc import Iterator

from generator.geom.shapes import Size
from generator.i18n import label, t
from generator.model.setup import row_value
from generator.plan import draw as F
from generator.plan.context import PlanContext
from generator.plan.items import PrintItem
from generator.plan.kinds.base import Kind
from generator.schema.base import UNKNOWN

AID_SIZE = Size(99.0, 130.0)  # A6-like, trimmed so four fit a home A4 or Letter sheet inside 5 mm margins (assumption)
DIAL_SIZE = Size(70.0, 70.0)  # assumption: the rulebooks give no dial size
SENTENCE = re.compile(r"(?<=[.!?])\s+")


def plan(ctx: PlanContext) -> Iterator[PrintItem]:
    sections, back_sections = _sections(ctx)
    for pos, comp, count in ctx.printable("aid"):
        factions = [f for f, n in (comp.per_faction or {}).items() if isinstance(n, int) for _ in range(n)]
        for k in range(count):
            faction = ctx.factions.get(factions[k]) if k < len(factions) else None
            heading = ctx.t(comp.name) + (f" — {ctx.t(faction.name)}" if faction else "")
            color = faction.color if faction and faction.color else "#6b5b3e"
            if comp.kind == "dial":
                face = F.dial_face(heading, 8, DIAL_SIZE, color, ctx.metrics,
                                   ctx.proxy_label("aid.dial_proxy"), lang=ctx.lang)
                yield PrintItem(comp.id, "aids", DIAL_SIZE, face, cut=F.circle_cut(DIAL_SIZE),
                                label=f"{comp.id}-{k + 1}", group=comp.id, origin=("components", pos))
                continue
            face, back = (F.aid_sheet(ctx.t(ctx.data.game.title), heading, part, AID_SIZE, ctx.metrics,
                                      color=color, proxy=ctx.proxy_label(), term_name=ctx.term_name,
                                      icons=ctx.icons, lang=ctx.lang) if part else None
                          for part in (sections or back_sections, back_sections if sections else []))
            yield PrintItem(comp.id, "aids", AID_SIZE, face, back, label=f"{comp.id}-{k + 1}", group=comp.id,
                            origin=("components", pos))


def _first_sentence(text: str) -> str:
    first = SENTENCE.split(text.strip(), maxsplit=1)[0]
    if first.count("**") % 2 or first.count("[") != first.count("]") or first.count("`") % 2:
        return ""  # the sentence cuts a markup span: the title alone is shown
    return first


def _sections(ctx: PlanContext) -> tuple[list[list[str]], list[list[str]]]:
    """The aid's content as sections of lines, most useful first (the fitter drops from the end): the
    front holds the turn and the key numbers, the back the setup per player count and the common terms."""
    lang = ctx.lang
    turn = [f"**{t(lang, 'aid.turn')}**"]
    for rule in ctx.data.rules:
        if "." in rule.number:
            continue
        sentence = _first_sentence(ctx.t(rule.text))
        turn.append(f"**{rule.number}. {ctx.t(rule.title)}**" + (f" — {sentence}" if sentence else ""))
    numbers = [f"**{t(lang, 'aid.numbers')}**"]
    for c in ctx.data.constants[:14]:
        value = "?" if c.value == UNKNOWN else str(c.value)
        numbers.append(f"{ctx.t(c.name)}: **{value}**")
    setup = _setup_lines(ctx)
    terms = _top_terms(ctx, 8)
    glossary = [f"**{t(lang, 'aid.terms')}**", ", ".join(terms)] if terms else []
    front = [s for s in (turn, numbers) if len(s) > 1]
    back = [s for s in (setup, glossary) if len(s) > 1]
    return front, back


def _setup_lines(ctx: PlanContext) -> list[str]:
    """What the base game's setup takes for each player count, one line per component
    (``Gold 1: 14 · 16 · 18``), then what every player gets — the table a player looks up while setting up."""
    setup, lang = ctx.data.setup, ctx.lang
    if setup is None or not (setup.rows or setup.per_player):
        return []
    players = ctx.data.game.players
    counts = list(setup.player_counts or range(players.min, players.max + 1))
    if not counts:
        return []
    names = {c.id: ctx.t(c.name) for c in ctx.data.components}
    lines = [f"**{t(lang, 'aid.setup')}** — {t(lang, 'aid.players', counts=' · '.join(map(str, counts)))}"]
    for row in setup.rows:
        if row.scenario or row.module or row.component not in names:
            continue
        values = [row_value(row, n) for n in counts]
        if all(v is None for v in values):
            continue
        shown = " · ".join("?" if v is None else str(v) for v in values)
        action = "" if row.action == "use" else f" ({label(lang, 'action', row.action)})"
        lines.append(f"{names[row.component]}{action}: **{shown}**")
    for each in setup.per_player:
        if each.scenario or each.module or each.component not in names or each.count == UNKNOWN:
            continue
        lines.append(t(lang, "aid.per_player", name=names[each.component], count=f"**{each.count}**"))
    return lines if len(lines) > 1 else []


def _top_terms(ctx: PlanContext, n: int) -> list[str]:
    """The glossary terms the rules mention most often (by name, in this language)."""
    body = " ".join(ctx.t(r.text).lower() for r in ctx.data.rules)
    scored = []
    for term in ctx.data.glossary:
        name = ctx.t(term.term)
        scored.append((-body.count(name.lower()[:max(4, len(name) - 2)]), name))
    return [name for _, name in sorted(scored)[:n]]


KIND = Kind(name="aid", method="aid", sheet="aids", plan=plan, components=("sheet", "dial", "other"))
