"""What a person reads on a built page: its visible text, by element, without scripts and styles.

Used by the language tests: text inside an element marked with another ``lang`` (the glossary's
"English: …" name) is that language's on purpose and is left out; ``<code>`` (data file locations,
formulas) is kept apart so a test can decide about it.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

_SKIP = {"script", "style", "svg", "template", "noscript"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Text(HTMLParser):
    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.stack: list[tuple[str, bool, bool]] = []   # (tag, skipped, code)
        self.text: list[str] = []
        self.code: list[str] = []
        self.attrs: list[str] = []   # title / aria-label / alt / placeholder values people read too

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        parent_skip = self.stack[-1][1] if self.stack else False
        parent_code = self.stack[-1][2] if self.stack else False
        other_lang = a.get("lang") not in (None, "", self.lang)
        skip = parent_skip or tag in _SKIP or other_lang or "hidden" in a
        if not skip:
            for key in ("title", "aria-label", "alt", "placeholder"):
                if a.get(key):
                    self.attrs.append(a[key])
        if tag in _VOID:
            return
        self.stack.append((tag, skip, parent_code or tag == "code"))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        if self.stack and self.stack[-1][1]:
            return
        (self.code if self.stack and self.stack[-1][2] else self.text).append(data)


def visible_text(html_text: str, lang: str) -> tuple[str, str, str]:
    """(text, code text, attribute text) of a page, whitespace collapsed."""
    parser = _Text(lang)
    parser.feed(html_text)
    squash = lambda parts: re.sub(r"\s+", " ", " ".join(parts)).strip()  # noqa: E731
    return squash(parser.text), squash(parser.code), squash(parser.attrs)
