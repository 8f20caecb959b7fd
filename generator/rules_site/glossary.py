"""The glossary as the site uses it: link targets and tooltips, auto-link forms, search forms, order.

lunr has no Polish stemmer, so ``karta``, ``karty`` and ``kart`` never match each other. The data lists
every inflected form a reader might type (``forms``); the glossary writes them into each term's heading
(hidden on screen, indexed by search and boosted as title text) and links them in the rules text.
"""
from __future__ import annotations

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
    icons = {i.id: (getattr(i.label, lang), i.glyph, i.color) for i in data.icons}
    # definitions' tooltips are plain text: strip their own markup with a links-free renderer first
    plain_renderer = TextLinks(lang=lang, page=page, rules=rules, icons=icons,
                               terms={t.id: (getattr(t.term, lang), "") for t in data.glossary})
    terms = {t.id: (getattr(t.term, lang), plain_renderer.plain(getattr(t.definition, lang))) for t in data.glossary}
    forms: dict[str, str] = {}
    for term in data.glossary:  # data order: an ambiguous form links to the first term that lists it
        for form in term_forms(term, lang):
            forms.setdefault(form.lower(), term.id)
    return TextLinks(lang=lang, page=page, rules=rules, terms=terms, icons=icons, forms=forms)
