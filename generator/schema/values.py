"""Values that may need a translation: a number, an untranslatable text (a name, a symbol), or {pl, en}.

Table cells, constant values and units and card stat values use it, so that a word like "cards" is not
printed in English on a Polish page: write ``unit: {pl: karty, en: cards}``."""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from generator.schema.base import L10n

LocalValue = Annotated[int | float | L10n | str, Field(union_mode="left_to_right")]
LocalText = Annotated[L10n | str, Field(union_mode="left_to_right")]
