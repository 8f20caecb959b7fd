"""Player aids: reference sheets that help at the table, and dials as dials.

A sheet (``kind: sheet``/``other``) holds the turn outline — every top-level rule's title with the first
sentence of its own text (the data's own words) — the key numbers (``constants``), the setup rows per
player count and the most used glossary terms, fitted to the sheet at 6 pt or more (what does not fit is
left out, least useful first). A dial (``kind: dial``) prints as a disc with its segments and a pin
hole; values the rulebook does not give print as blanks, and the disc is marked as a proxy."""
from __future__ import annotations

import re
from collections.abc import Iterator

from generator.geom.shapes import Size
from generator.i18n import t
from generator.plan import draw as F
from generator.plan.context import PlanContext
from generator.plan.items import PrintItem
from generator.plan.kinds.base import Kind
from generator.schema.base import UNKNOWN

AID_SIZE = Size(99.0, 130.0)  # A6-like, trimmed so four fit a home A4 or Letter sheet inside 5 mm margins (assumption)
DIAL_SIZE = Size(70.0, 70.0)  # assumption: the rulebooks give no dial size
SENTENCE = re.compile(r"(?<=[.!?])\s+")


def plan(ctx: PlanContext) -> Iterator[PrintItem]:
    sections = _sections(ctx)
    for pos, comp, count in ctx.printable("aid"):
        factions = [f for f, n in (comp.per_faction or {}).items() if isinstance(n, int) for _ in range(n)]
        for k in range(count):
            faction = ctx.factions.get(factions[k]) if k < len(factions) else None
            heading = ctx.t(comp.name) + (f" — {ctx.t(faction.name)}" if faction else "")
            color = faction.color if faction and faction.color else "#6b5b3e"
            if comp.kind == "dial":
                face = F.dial_face(heading, 8, DIAL_SIZE, color, ctx.metrics,
                                   ctx.proxy_label("aid.dial_proxy"))
                yield PrintItem(comp.id, "aids", DIAL_SIZE, face, cut=F.circle_cut(DIAL_SIZE),
                                label=f"{comp.id}-{k + 1}", group=comp.id, origin=("components", pos))
                continue
            face = F.aid_sheet(ctx.t(ctx.data.game.title), heading, sections, AID_SIZE, ctx.metrics,
                               color=color, proxy=ctx.proxy_label(), term_name=ctx.term_name,
                               icons=ctx.icons)
            yield PrintItem(comp.id, "aids", AID_SIZE, face, label=f"{comp.id}-{k + 1}", group=comp.id,
                            origin=("components", pos))


def _first_sentence(text: str) -> str:
    first = SENTENCE.split(text.strip(), maxsplit=1)[0]
    if first.count("**") % 2 or first.count("[") != first.count("]") or first.count("`") % 2:
        return ""  # the sentence cuts a markup span: the title alone is shown
    return first


def _sections(ctx: PlanContext) -> list[list[str]]:
    """The aid's content as sections of lines, most useful first (the fitter drops from the end)."""
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
    setup = []
    if ctx.data.setup and getattr(ctx.data.setup, "per_player_count", None):
        setup = [f"**{t(lang, 'aid.setup')}**"]
    terms = _top_terms(ctx, 8)
    glossary = [f"**{t(lang, 'aid.terms')}**", ", ".join(terms)] if terms else []
    return [s for s in (turn, numbers, setup, glossary) if len(s) > 1]


def _top_terms(ctx: PlanContext, n: int) -> list[str]:
    """The glossary terms the rules mention most often (by name, in this language)."""
    body = " ".join(ctx.t(r.text).lower() for r in ctx.data.rules)
    scored = []
    for term in ctx.data.glossary:
        name = ctx.t(term.term)
        scored.append((-body.count(name.lower()[:max(4, len(name) - 2)]), name))
    return [name for _, name in sorted(scored)[:n]]


KIND = Kind(name="aid", method="aid", sheet="aids", plan=plan, components=("sheet", "dial", "other"))
