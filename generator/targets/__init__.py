"""One target per output kind (print sheets, boards, site); each turns the model into artifacts."""
from __future__ import annotations


def registry() -> list:
    """Generators in build order. Imported lazily so `pnp validate` never loads reportlab."""
    return []
