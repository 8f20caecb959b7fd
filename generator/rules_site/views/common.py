"""What every page view shares: the game as the site sees it (``SiteGame``), the base of the views
(``GameBase``: names, links, labels, the sibling views of one game and language) and the helpers that write
values and their provenance in the page's language (``text``, ``value``, ``cite`` …).

Templates only lay things out; every value they print comes from the views, already in the page's language.
Data text arrives as plain ``str`` (the jinja environment escapes it) or as ``Markup`` produced by
``markup.TextLinks`` (escaped, with links). Setup numbers come from ``model.reports.setup_report`` and
the validator's ``consumption`` — the site never recomputes them its own way.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, TypeVar

from markupsafe import Markup

from generator.i18n import has, tn
from generator.model.index import GameIndex
from generator.model.values import local
from generator.rules_site.glossary import text_links
from generator.rules_site.i18n import LANGS, t
from generator.rules_site.markup import TextLinks, component_anchor, md_escape, safe_id, safe_title
from generator.schema.base import UNKNOWN, L10n, Source
from generator.validate.run import GameResult
from generator.write.manifest import Artifact

PAGES = ("index", "quick", "components", "setup", "rules", "glossary", "az", "cards", "print", "findings")
PAGE_TITLE_KEYS = {"index": "overview", "quick": "quick", "components": "components", "setup": "setup",
                   "rules": "rules", "glossary": "glossary", "az": "az", "cards": "cards", "print": "print",
                   "findings": "findings"}


@dataclass
class SiteGame:
    """One game as the site sees it: the model, the validator's result and what earlier targets wrote."""

    index: GameIndex
    result: GameResult | None = None
    artifacts: list[Artifact] = field(default_factory=list)   # manifest entries of this game
    previews: dict[str, str] = field(default_factory=dict)  # card id → SVG text from the print engine
    downloads: dict[str, str] = field(default_factory=dict)  # artifact path → file name under <game>/files/

    @property
    def game_id(self) -> str:
        return self.index.game_id


def text(value: L10n | str | None, lang: str) -> str:
    if value is None:
        return ""
    if isinstance(value, L10n):
        return getattr(value, lang)
    return str(value)


# The data's editorial notes (``source.note``, ``source.assumption``, ``print.reason``, readings' notes) are
# free text written in one language, English; pages in any other language show what is structured
# (section, page, the fact that a value is assumed) in their own words and leave the English prose to
# the English pages, so no page mixes languages.
NOTES_LANG = "en"


def notes_shown(lang: str) -> bool:
    return lang == NOTES_LANG


def cite(source: Source | None, lang: str) -> Markup:
    """A source in the page's language: 'ZAWARTOŚĆ PUDEŁKA, s. 2' or 'założenie: …'."""
    if source is None:
        return Markup("—")
    if source.is_designer:  # an original game: the designer's own decision, not a rulebook fact
        return md_escape(source.note or t("designer_choice", lang))
    if source.is_owner and not source.section:  # filled in by the kit's owner (an overlay)
        return md_escape(t("owner_source", lang, where=source.owner))
    label = Markup(f'<span class="pnp-assumption">{t("assumption", lang)}</span>')
    if source.is_assumption:
        if notes_shown(lang):
            return label + Markup(": ") + md_escape(source.assumption)
        return label + Markup(" ") + md_escape(t("assumption_elsewhere", lang))
    out = md_escape(cite_plain(source, lang))
    if source.assumption:  # a cited section whose value we still had to choose
        out += Markup(" (") + label + (Markup(": ") + md_escape(source.assumption) if notes_shown(lang)
                                       else Markup("")) + Markup(")")
    return out


UNKNOWN_MARK = {lang: Markup(f'<span class="pnp-unknown" title="{t("unknown_title", lang)}">'
                             f'{t("unknown", lang)}</span>') for lang in LANGS}


def value(v: Any, lang: str) -> Markup:
    if v is None or v == UNKNOWN:
        return UNKNOWN_MARK[lang]
    if not isinstance(v, (str, int, float)):  # a localized value ({pl, en}) picks the page's language
        return md_escape(local(v, lang))
    if isinstance(v, str):
        return data_text(v, lang)
    return md_escape(show_value(v, lang))


# Words that mark a free-text value as English prose (none of them is a Polish word).
ENGLISH_WORDS = frozenset(["the", "and", "of", "is", "are", "per", "with", "from", "when", "each", "not", "this", "that", "stated", "derived", "step", "says", "only", "which", "has", "have", "been", "or", "but", "its", "it", "for", "as", "at", "least", "above", "below", "next", "any", "every", "all", "more", "than", "yes", "no", "none", "must", "own", "player", "players", "card", "cards", "round", "rounds", "turn", "turns", "strength", "influence", "could", "would", "include", "includes", "also", "there", "their", "then", "into", "onto", "over", "under", "after", "before", "between", "both", "either", "other", "some", "such", "what", "where", "who", "why", "how", "instead", "until", "while", "within", "without", "city", "cities", "used", "takes", "gives", "get", "gets", "may", "can", "will", "should", "first", "last", "whoever", "built", "heal", "train", "move"])
_WORD = re.compile(r"[^\W\d_]+")


def looks_english(text_value: str) -> bool:
    """A data string that is English prose, not a name or a number (the data's free-text values — table
    cells, constants, readings — are single-language strings): two English words, or one in a phrase of
    plain ASCII words (Polish prose nearly always has a letter with a diacritic)."""
    words = [w.lower() for w in _WORD.findall(text_value)]
    hits = sum(1 for w in words if w in ENGLISH_WORDS)
    return hits >= 2 or (hits == 1 and all(w.isascii() for w in words))


def split_bilingual(text_value: str, lang: str) -> str | None:
    """'karta do zasadzki / card to ambush' — the data's 'pl / en' convention → the page's half."""
    parts = text_value.split(" / ")
    if len(parts) == 2 and all(_WORD.search(p) for p in parts) and looks_english(parts[1]) \
            and not looks_english(parts[0]):
        return parts[0] if lang == "pl" else parts[1]
    return None


_PAREN = re.compile(r"\s*\(([^()]*)\)")


def free_text(text_value: str, lang: str) -> str | None:
    """A free-text value from the data as a page in ``lang`` shows it: its half of a 'pl / en' pair, the
    text without English asides in brackets, or None when it is English prose on a page in another
    language (the caller says so in the page's words)."""
    half = split_bilingual(text_value, lang)
    if half is not None:
        return half
    if lang == NOTES_LANG:
        return text_value
    stripped = _PAREN.sub(lambda m: "" if looks_english(m.group(1)) else m.group(0), text_value).strip()
    if not stripped or looks_english(stripped):
        return None
    return stripped


def data_text(text_value: str, lang: str) -> Markup:
    shown = free_text(text_value, lang)
    if shown is None:
        return Markup(f'<span class="pnp-unknown">{md_escape(t("text_in_english", lang))}</span>')
    return md_escape(shown)


UNITS = ("cards", "strength", "rounds", "areas", "units", "steps", "piles", "influence", "VP", "years", "uses",
         "tokens", "stages", "points", "heroes", "figures", "gold", "damage", "cities", "actions", "Seas",
         "Regions", "squares", "knowledge", "percent", "resource cards", "dragon runes", "same-faction cards",
         "free men (max)", "cards per player", "per round", "per card per round", "influence per card")


def unit_text(unit: str, n: Any, lang: str) -> str | None:
    """A constant's unit (an English word in the data) in the page's language, or None when it is prose."""
    if lang == NOTES_LANG:
        return unit
    key = "unit." + unit.lower().replace(" ", "_").replace("(", "").replace(")", "")
    if unit not in UNITS or not has(lang, f"site.{key}"):
        return None
    count = n if isinstance(n, int) and not isinstance(n, bool) else 5
    return tn(lang, f"site.{key}", count)


def range_text(lo: int | None, hi: int | None) -> str:
    if lo is None:
        return ""
    return str(lo) if hi is None or hi == lo else f"{lo}–{hi}"


def show_value(v: Any, lang: str) -> str:
    """A value from the data as a reader sees it: localized text in the page's language."""
    if isinstance(v, L10n):
        return getattr(v, lang)
    if isinstance(v, dict) and lang in v:
        return str(v[lang])
    if v == UNKNOWN or v is None:
        return t("unknown", lang)
    if isinstance(v, str):
        shown = free_text(v, lang)
        return t("text_in_english", lang) if shown is None else shown
    return str(v)


def cite_plain(source: Source | None, lang: str) -> str:
    if source is None:
        return ""
    if source.is_assumption:
        return t("assumption", lang) + (f": {source.assumption}" if notes_shown(lang) else "")
    out = source.section or ""
    if source.page:
        out += f", {t('pages_short', lang)} {source.page}"
    if source.note and notes_shown(lang):
        out += f" — {source.note}"
    return out


def cite_json(source: dict | None, lang: str) -> Markup:
    """A source from a report's JSON (``reports.source_json``) shown like ``cite``."""
    if not source:
        return Markup("—")
    return cite(Source(section=source.get("section"), page=source.get("page"), note=source.get("note"),
                       assumption=source.get("assumption"), designer=bool(source.get("designer"))), lang)


V = TypeVar("V", bound="GameBase")


@dataclass
class _Shared:
    """What the views of one game and language compute once and share: the text linker, the labels of
    traits and values, and the page views themselves."""

    links: TextLinks | None = None
    labels: Any = None
    views: dict[type, GameBase] = field(default_factory=dict)


@dataclass
class GameBase:
    """The base of every page view: the game's names and facts in the page's language, the text linker,
    and ``view(cls)`` — a sibling page view of the same game and language (built once, shared)."""

    game: SiteGame
    lang: str
    shared: _Shared = field(default_factory=_Shared, repr=False, compare=False)

    def view(self, cls: type[V]) -> V:
        found = self.shared.views.get(cls)
        if found is None:
            found = self.shared.views[cls] = cls(self.game, self.lang, self.shared)
        return found  # type: ignore[return-value]

    @property
    def data(self):
        return self.game.index.data

    @property
    def index(self) -> GameIndex:
        return self.game.index

    @property
    def id(self) -> Markup:
        return safe_id(self.game.game_id)

    @property
    def title(self) -> str:
        return text(self.data.game.title, self.lang)

    @property
    def title_yaml(self) -> Markup:
        """The game's page title for front matter: a JSON string (valid YAML), markup-proof."""
        return Markup(json.dumps(safe_title(self.title), ensure_ascii=False))

    def links(self, page: str, prefix: str = "") -> TextLinks:
        if self.shared.links is None:
            self.shared.links = text_links(self.index, self.lang, "index")
        return self.shared.links.for_page(page, prefix)

    @property
    def labels(self):
        """Traits and enum-like values in the page's language — the same labels the printed cards use."""
        if self.shared.labels is None:
            from generator.plan.context import PlanContext

            self.shared.labels = PlanContext(self.index, self.lang)
        return self.shared.labels

    def t(self, key: str, **fields) -> str:
        return t(key, self.lang, **fields)

    def comp_name(self, comp_id: str) -> str:
        comp = self.index.components.get(comp_id)
        return text(comp.name, self.lang) if comp else comp_id

    def comp_link(self, comp_id: str, page: str) -> Markup:
        name = md_escape(self.comp_name(comp_id))
        if comp_id not in self.index.components:
            return name
        href = f"#{component_anchor(comp_id)}" if page == "components" else \
            f"components.md#{component_anchor(comp_id)}"
        return Markup(f"[{name}]({href})")

    def module_name(self, module_id: str | None) -> str:
        if not module_id:
            return ""
        mod = next((m for m in self.data.modules if m.id == module_id), None)
        return text(mod.name, self.lang) if mod else module_id

    def faction_name(self, faction_id: str | None) -> str:
        if not faction_id:
            return ""
        fac = next((f for f in self.data.factions if f.id == faction_id), None)
        return text(fac.name, self.lang) if fac else faction_id

    @property
    def players(self) -> str:
        p = self.data.game.players
        return range_text(p.min, p.max)

    @property
    def play_time(self) -> str:
        pt = self.data.game.play_time
        if pt is None:
            return ""
        return f"{range_text(pt.min_minutes, pt.max_minutes)} {self.t('minutes')}"

    def item_name(self, item_id: str) -> str:
        if item_id in self.index.components:
            return self.comp_name(item_id)
        for card in self.data.cards:
            if card.id == item_id:
                return text(card.name, self.lang)
        for const in self.data.constants:
            if const.id == item_id:
                return text(const.name, self.lang)
        return item_id
