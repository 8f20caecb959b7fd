"""The glossary as the site uses it: link targets and tooltips, auto-link forms, search forms, order.

lunr has no Polish stemmer, so ``karta``, ``karty`` and ``kart`` never match each other. The data lists
every inflected form a reader might type (``forms``); the glossary writes them into each term's heading
(hidden on screen, indexed by search and boosted as title text) and links them in the rules text.
"""
from __future__ import annotations

import re

from generator.model.index import GameIndex
from generator.rules_site.i18n import collation_key
from generator.rules_site.markup import TextLinks
from generator.schema.rules import Term


def term_forms(term: Term, lang: str) -> list[str]:
    """Every form of a term in one language, the term itself first, without repeats (case-insensitive)."""
    raw = [term.term.pl, *term.forms] if lang == "pl" else [term.term.en, *term.forms_en]
    seen: set[str] = set()
    forms = []
    for form in raw:
        if not form:  # a game without this language
            continue
        key = form.strip().lower()
        if key and key not in seen:
            seen.add(key)
            forms.append(form.strip())
    return forms


def sorted_terms(terms: list[Term], lang: str) -> list[Term]:
    return sorted(terms, key=lambda t: (collation_key(getattr(t.term, lang), lang), t.id))


def text_links(index: GameIndex, lang: str, page: str) -> TextLinks:
    """Link targets for inline markup of one game and language (rules, terms, icons, auto-link forms)."""
    data = index.data
    rules = {r.number: getattr(r.title, lang) for r in data.rules}
    icons = {i.id: (getattr(i.label, lang), i.glyph or i.id[:1].upper(), i.color) for i in data.icons}
    # definitions' tooltips are plain text: strip their own markup with a links-free renderer first
    plain_renderer = TextLinks(lang=lang, page=page, rules=rules, icons=icons,
                               terms={t.id: (getattr(t.term, lang), "") for t in data.glossary})
    terms = {t.id: (getattr(t.term, lang), plain_renderer.plain(getattr(t.definition, lang))) for t in data.glossary}
    return TextLinks(lang=lang, page=page, rules=rules, terms=terms, icons=icons, forms=link_forms(data.glossary, lang))


_WORDS = re.compile(r"[^\W_]+")


def is_inflection(form: str, name: str) -> bool:
    """Whether a listed form is the term itself, inflected — not a narrower or looser word listed for
    search ('sześciokąt' under 'Kategoria jednostki', 'marker' under 'City level marker'): it has at
    least as many words as the term's name, and shares a stem with one of them."""
    fw = [w.casefold() for w in _WORDS.findall(form)]
    nw = [w.casefold() for w in _WORDS.findall(name)]
    if not fw or len(fw) < len(nw):
        return False
    return any(a[:n] == b[:n] for a in fw for b in nw if (n := min(3, len(b), len(a))) >= 2)


def link_forms(glossary: list[Term], lang: str) -> dict[str, str]:
    """lower-case form → term id, for auto-linking running text: only a term's own name and its
    inflections, and only forms no other term also lists (an ambiguous word links nowhere; the data
    can always say ``[[term]]``)."""
    owners: dict[str, set[str]] = {}
    for term in glossary:
        for form in term_forms(term, lang):
            owners.setdefault(form.lower(), set()).add(term.id)
    forms: dict[str, str] = {}
    for term in glossary:
        name = getattr(term.term, lang)
        for form in term_forms(term, lang):
            key = form.lower()
            if len(owners[key]) == 1 and is_inflection(form, name):
                forms[key] = term.id
    return forms
