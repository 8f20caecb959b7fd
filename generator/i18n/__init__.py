"""The one i18n mechanism: every string shown to a person that is not the data's own text.

Catalogs are gettext ``.po`` files in ``generator/i18n/locales/<lang>.po`` (read with Babel, compiled
in memory to gettext's machine format, so plural forms follow each language's own ``Plural-Forms``
rule — Polish has three). Message ids are stable keys (``site.home``, ``print.proxy``); the English
catalog holds the English text. A missing key is a bug and raises ``KeyError``; a language without a
catalog falls back to English (a designer's game in another language still gets its labels).

    t("pl", "site.home")                  -> "Start"
    tn("pl", "count.cards", 5)            -> "5 kart"
"""
from __future__ import annotations

import gettext
import io
from functools import cache
from importlib import resources

FALLBACK = "en"


def available() -> tuple[str, ...]:
    root = resources.files("generator.i18n") / "locales"
    return tuple(sorted(p.name[:-3] for p in root.iterdir() if p.name.endswith(".po")))


@cache
def _translations(lang: str) -> tuple[gettext.GNUTranslations, frozenset[str]]:
    """The catalog compiled to gettext's machine format — once per version of the ``.po`` file (the compiled
    form is kept in the user cache, ``write/usercache.py``; Babel compiles it when there is none)."""
    from generator.write import usercache

    if lang not in available():
        lang = FALLBACK
    source = (resources.files("generator.i18n") / "locales" / f"{lang}.po").read_bytes()
    name = f"catalog-{lang}-{usercache.key(source)}.mo"
    compiled = usercache.load(name)
    if compiled is not None:
        try:
            trans = gettext.GNUTranslations(io.BytesIO(compiled))
            return trans, _keys(trans)
        except (OSError, ValueError, UnicodeDecodeError, IndexError):
            pass  # a damaged entry: compile again
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(source), locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    usercache.store(name, buf.getvalue())
    buf.seek(0)
    trans = gettext.GNUTranslations(buf)
    return trans, _keys(trans)


def _keys(trans: gettext.GNUTranslations) -> frozenset[str]:
    """The message ids of a compiled catalog (a plural entry by its singular id)."""
    return frozenset(k if isinstance(k, str) else k[0] for k in trans._catalog if k)


def has(lang: str, key: str) -> bool:
    return key in _translations(lang)[1]


def t(lang: str, key: str, **fields) -> str:
    """The message ``key`` in ``lang``, formatted with ``fields`` (str.format)."""
    trans, keys = _translations(lang)
    if key not in keys:
        raise KeyError(f"message {key!r} is missing from the {lang!r} catalog")
    text = trans.gettext(key)
    return text.format(**fields) if fields else text


def tn(lang: str, key: str, n: int, **fields) -> str:
    """A counted message: ``key`` is the singular id of a plural entry; ``{n}`` is filled in."""
    trans, keys = _translations(lang)
    if key not in keys:
        raise KeyError(f"message {key!r} is missing from the {lang!r} catalog")
    text = trans.ngettext(key, key + ".plural", n)
    return text.format(n=n, **fields)


def label(lang: str, group: str, value: str) -> str:
    """The shown name of an enum value (``group.value``), e.g. ``label("pl", "kind", "token")``.

    An unlisted value is a bug in the catalogs, not something to print raw."""
    return t(lang, f"{group}.{value}")
