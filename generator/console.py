"""Rich consoles for the CLI: tables on stdout, messages on stderr; markup in data is never interpreted."""
from __future__ import annotations

from functools import lru_cache

from rich.console import Console


@lru_cache(maxsize=1)
def out_console() -> Console:
    return Console(highlight=False, soft_wrap=True)


@lru_cache(maxsize=1)
def err_console() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)
