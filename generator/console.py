"""Rich consoles for the CLI: tables on stdout, messages on stderr; markup in data is never interpreted.

Terminal safety: every string that reaches a console goes through ``escape_controls`` first (the consoles
override ``render_str``, which rich uses for printed strings, table cells and titles), so a component name
or an error message carrying ``\\x1b[2J`` or a bidi override shows as text instead of steering the terminal.
``safe_text`` also shortens very long values for messages."""
from __future__ import annotations

import re
from functools import lru_cache

from rich.console import Console

# C0 controls except tab and newline, DEL, C1 controls (\x9b is a one-byte CSI), bidi overrides/isolates
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
MAX_QUOTE = 200


def _escape_one(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """``text`` with control characters written out (``\\x1b`` → ``\\\\x1b``); tabs and newlines kept."""
    return _CONTROL.sub(_escape_one, text) if _CONTROL.search(text) else text


_JSON_RAW = re.compile("[\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def json_terminal_safe(text: str) -> str:
    """JSON text with the controls json.dumps leaves raw (DEL, C1, bidi) written as \\u escapes —
    still the same JSON, but harmless on a terminal."""
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def shorten(text: str, limit: int = MAX_QUOTE) -> str:
    """At most ``limit`` characters of ``text``, with how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def safe_text(text: str, limit: int | None = MAX_QUOTE) -> str:
    """A value from data made safe to show in a terminal: controls escaped, length capped."""
    text = escape_controls(str(text))
    return shorten(text, limit) if limit else text


class SafeConsole(Console):
    """A rich Console that escapes control characters in every string it renders."""

    def render_str(self, text: str, *args, **kwargs):
        return super().render_str(escape_controls(text), *args, **kwargs)


@lru_cache(maxsize=1)
def out_console() -> Console:
    return SafeConsole(highlight=False, soft_wrap=True, emoji=False)  # :moon: is an icon id, never an emoji


@lru_cache(maxsize=1)
def err_console() -> Console:
    return SafeConsole(stderr=True, highlight=False, soft_wrap=True, emoji=False)
