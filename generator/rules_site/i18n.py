"""The site's own words: thin helpers over the one catalog mechanism (``generator.i18n``)."""
from __future__ import annotations

from generator.i18n import has, tn
from generator.i18n import t as _t

LANGS = ("pl", "en")
LANG_NAMES = {"pl": "Polski", "en": "English"}


def t(key: str, lang: str, **fields) -> str:
    return _t(lang, f"site.{key}", **fields)


def kind_name(kind: str, lang: str) -> str:
    return _t(lang, f"kind.{kind}")


def method_name(method: str, lang: str) -> str:
    return _t(lang, f"method.{method}")


def action_name(action: str, lang: str) -> str:
    return _t(lang, f"action.{action}") if has(lang, f"action.{action}") else action


def counted(n: int, key: str, lang: str) -> str:
    """'3 ustalenia', '5 ustaleń', '1 finding' — the plural form the number needs."""
    return tn(lang, f"count.{key}", n)


def players_label(n: int, lang: str) -> str:
    return t("one_player", lang) if n == 1 else t("n_players", lang, n=n)


# Polish alphabetical order (ą after a, ł after l …); other characters sort after, by code point.
_PL_ORDER = "aąbcćdeęfghijklłmnńoóprsśtuvwxyzźż"
_PL_RANK = {ch: i for i, ch in enumerate(_PL_ORDER)}


def collation_key(text: str, lang: str) -> tuple:
    """Sort key for glossary order: Polish letters in their alphabet place, case-insensitive."""
    folded = text.casefold()
    if lang != "pl":
        return tuple(folded)
    return tuple((0, _PL_RANK[ch]) if ch in _PL_RANK else (1, ord(ch)) for ch in folded)
