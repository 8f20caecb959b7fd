"""Reading data values for one language, and telling where a value came from (rulebook or owner)."""
from __future__ import annotations

from typing import Any

from generator.schema.base import UNKNOWN, L10n, Source


def local(value: Any, lang: str) -> str:
    """A table cell, constant, unit or stat value as text in ``lang`` ({pl, en} picks one; numbers as is)."""
    if isinstance(value, L10n):
        return getattr(value, lang)
    if isinstance(value, dict) and lang in value:
        return str(value[lang])
    return str(value)


def is_unknown(value: Any) -> bool:
    return value == UNKNOWN


def owner_filled(source: Source | None) -> bool:
    """True when an owner's overlay filled the value this source belongs to (print/site may mark it)."""
    return bool(source is not None and source.owner)
