"""The site's search index: built from the finished pages, one small script per game and language.

Why not Material's lunr search: it downloads the whole index (every game) on every page, has no Polish
stemmer, is not diacritic-insensitive, cannot scope to a game and cannot load from ``file://``.

Here each page section (a rule, a glossary term, a setup tab for one player count, a card, a component
table …) is one document. Words are *folded* (lower case, no diacritics, ``ł`` → ``l``) and *stemmed*
by a light suffix stripper, so ``złoto``, ``zlota``, ``złotem`` all become ``zlot`` and ``wieży``,
``wiezy``, ``wieża`` become ``wiez`` — forms the data never lists included. The browser
(``site/assets/pnp-search.js``) applies the very same folding and stemming to the query: the rules
(suffix lists, stop words, minimum stem) are written into the page's search config from here, so the
two sides cannot drift apart.

``<site>/<lang>/search/<game>.js`` calls ``pnpSearch.add(game, docs)``; a page loads its game's file on
the first use of the search box (a ``<script>``, which also works from ``file://``), all games' files
only when the reader widens the search to every game. Findings pages are not indexed.
"""
from __future__ import annotations

import json
import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

# Longest first. Folded (no diacritics). A stem keeps at least MIN_STEM letters.
SUFFIXES = {
    "pl": ["owie", "ami", "ach", "ego", "emu", "ymi", "imi", "ych", "ich", "owi", "iem", "om", "ow", "em", "ej",
           "ie", "ia", "iu", "io", "y", "i", "a", "e", "u", "o"],
    "en": ["ies", "es", "s", "ing", "ed"],
}
# a Polish mobile 'e' before the final consonant: zamek/zamki, koniec/końca
MOBILE_E = {"pl": ["ek", "ec"], "en": []}
MIN_STEM = 3
STOP_WORDS = {
    "pl": "a albo ale co czy do dla gdy i ile jak jaki jaka jakie jest kiedy lub na nie o od oraz po przy sa sie "
          "tak to w we z za ze",
    "en": "a an and are do does for how in is many much of on or the to what with",
}
SKIPPED_PAGES = {"findings", "404.html", "search"}
TEXT_LIMIT = 360
_TOKEN = re.compile(r"\d+(?:\.\d+)+|[^\W_]+")


def fold(text: str) -> str:
    text = text.lower().replace("ł", "l")
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


def stem(token: str, lang: str) -> str:
    """The same steps as ``stem`` in pnp-search.js."""
    if token[:1].isdigit():
        return token
    for suffix in SUFFIXES.get(lang, []):
        if token.endswith(suffix) and len(token) - len(suffix) >= MIN_STEM:
            return token[: -len(suffix)]
    for ending in MOBILE_E.get(lang, []):
        if token.endswith(ending) and len(token) - 1 >= MIN_STEM + 1:
            return token[:-2] + token[-1]
    return token


def stems(text: str, lang: str) -> list[str]:
    return [stem(tok, lang) for tok in _TOKEN.findall(fold(text))]


def rules_for_browser(lang: str) -> dict:
    return {"suffixes": SUFFIXES.get(lang, []), "mobile_e": MOBILE_E.get(lang, []), "min_stem": MIN_STEM,
            "stop": STOP_WORDS.get(lang, "").split()}


class _Sections(HTMLParser):
    """Splits a page's article into sections at headings with ids and at ``data-search-title`` anchors."""

    _SKIP_CLASSES = {"headerlink", "pnp-source", "pnp-filter", "pnp-copy", "md-source-file"}
    _KEYWORD_CLASSES = {"pnp-term-meta"}
    _VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "source", "area", "col", "embed", "track"}

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.in_article = 0
        self.stack: list[tuple[str, bool, bool]] = []   # (tag, skipped, keywords only)
        self.sections: list[dict] = []
        self.heading: dict | None = None
        self.page_title = ""
        self._h1: list[str] | None = None

    def _skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def _keywords_only(self) -> bool:
        return bool(self.stack) and self.stack[-1][2]

    _BLOCKS = {"p", "li", "td", "th", "dt", "dd", "div", "br", "tr", "ul", "ol", "table", "figcaption", "figure",
               "blockquote", "details", "summary", "label"}

    def _gap(self) -> None:
        """Block and cell edges separate words ('Formy' | 'Twierdza' must not read 'FormyTwierdza')."""
        if self.sections and not self._skipping():
            target = self.sections[-1]
            (target["keywords"] if self._keywords_only() else target["text"]).append(" ")

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "article":
            self.in_article += 1
        if not self.in_article:
            return
        if tag in self._BLOCKS:
            self._gap()
        classes = set(a.get("class", "").split())
        skip = self._skipping() or tag in ("script", "style", "svg") or bool(classes & self._SKIP_CLASSES) \
            or "data-search-exclude" in a
        if tag == "h1" and not skip:
            self._h1 = []
        elif re.fullmatch(r"h[2-6]", tag) and a.get("id") and not skip:
            self._start(a["id"], None)
            self.heading = self.sections[-1]
        elif a.get("data-search-title") and a.get("id") and not skip:
            self._start(a["id"], a["data-search-title"])
            if a.get("data-search-text"):  # e.g. a card shown as a picture: its text is in the alt text
                self.sections[-1]["text"].append(a["data-search-text"])
        # the glossary's forms and its other-language name: found by search, not shown in previews
        keywords = (self._keywords_only() or bool(classes & self._KEYWORD_CLASSES)
                    or a.get("lang", self.lang) != self.lang)
        if tag not in self._VOID:
            self.stack.append((tag, skip, keywords))

    def _start(self, anchor: str, title: str | None) -> None:
        self.sections.append({"id": anchor, "title": title or "", "text": [], "keywords": []})

    def handle_endtag(self, tag):
        if not self.in_article:
            return
        if tag in self._BLOCKS:
            self._gap()
        if tag == "article":
            self.in_article -= 1
        if tag == "h1" and self._h1 is not None:
            self.page_title = " ".join("".join(self._h1).split())
            self._h1 = None
        if re.fullmatch(r"h[2-6]", tag):
            self.heading = None
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        if not self.in_article or self._skipping():
            return
        if self._h1 is not None:
            self._h1.append(data)
            return
        if not self.sections:
            self._start("", None)
        target = self.sections[-1]
        if self.heading is target:
            target["title"] += data
        elif self._keywords_only():
            target["keywords"].append(data)
        else:
            target["text"].append(data)


def page_documents(html_text: str, url: str, lang: str, weight: float) -> list[list]:
    """[url#anchor, title, page title, text, stems, weight] per section of one built page."""
    parser = _Sections(lang)
    parser.feed(html_text)
    docs = []
    for section in parser.sections:
        title = " ".join(section["title"].split()) or parser.page_title
        text = " ".join("".join(section["text"]).split())  # inline pieces join as written: "upgrades, +5"
        if not text and not section["title"]:
            continue
        words = sorted(set(stems(f"{title} {text} {' '.join(section['keywords'])}", lang)))
        title_words = sorted(set(stems(title, lang)))
        href = url + (f"#{section['id']}" if section["id"] else "")
        docs.append([href, title, parser.page_title, text[:TEXT_LIMIT], " ".join(words), " ".join(title_words),
                     weight])
    return docs


WEIGHTS = {"glossary": 3.0, "rules": 2.0, "setup": 2.0, "cards": 1.0, "components": 1.5, "index": 1.0,
           "print": 0.5}


def build_index(site_lang_dir: Path, lang: str, game_ids: list[str], old_site: Path | None = None) -> dict[str, int]:
    """Write search/<game>.js for every game; returns bytes written per game.

    ``old_site``: the same language's site of the last build, made by this engine: a page whose HTML is
    byte for byte the one there keeps the sections its index file lists for it, instead of being read again."""
    out_dir = site_lang_dir / "search"
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for game in game_ids:
        old = _old_documents(old_site / "search" / f"{game}.js", game) if old_site is not None else {}
        docs: list[list] = []
        for page in sorted((site_lang_dir / game).rglob("index.html")):
            rel = page.relative_to(site_lang_dir / game).parent.as_posix()
            name = "index" if rel == "." else rel.split("/")[0]
            if name in SKIPPED_PAGES:
                continue
            url = f"{game}/" if rel == "." else f"{game}/{rel}/"
            html_bytes = page.read_bytes()
            if url in old and _read(old_site / game / rel / "index.html") == html_bytes:
                docs.extend(old[url])
                continue
            docs.extend(page_documents(html_bytes.decode("utf-8"), url, lang, WEIGHTS.get(name, 1.0)))
        payload = json.dumps(docs, ensure_ascii=False, separators=(",", ":"))
        # '</' cannot end a script early; U+2028/9 are line ends in old JS parsers
        payload = payload.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
        body = f"{_ADD}({json.dumps(game)},{payload});\n"
        (out_dir / f"{game}.js").write_text(body, encoding="utf-8")
        sizes[game] = len(body.encode("utf-8"))
    return sizes


_ADD = "pnpSearch.add"


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _old_documents(path: Path, game: str) -> dict[str, list[list]]:
    """page url → its sections, read back from an index file ``build_index`` wrote ({} when unreadable).
    The escapes it adds are JSON's own ('\\/', '\\u2028'), so the list reads back as it was made."""
    head = f"{_ADD}({json.dumps(game)},"
    try:
        text = path.read_text(encoding="utf-8")
        if not (text.startswith(head) and text.endswith(");\n")):
            return {}
        docs = json.loads(text[len(head):-3])
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    pages: dict[str, list[list]] = {}
    for doc in docs if isinstance(docs, list) else []:
        if not (isinstance(doc, list) and doc and isinstance(doc[0], str)):
            return {}
        pages.setdefault(doc[0].split("#", 1)[0], []).append(doc)
    return pages
