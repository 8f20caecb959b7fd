"""Data text → safe Markdown (or HTML) for the site.

Data is never markup: every character of card, rule and term text that Markdown, HTML or jinja2 could
read as syntax is written as an HTML character reference, so ``<script>``, ``**x**`` outside the few
supported forms, ``[link](url)`` and ``{{ x }}`` all show as the text they are. The data's own small
markup is then turned into real links:

- ``§4.2``              → a link to rule 4.2 (title attribute = the rule's title)
- ``[[term_id|label]]`` → a link to the glossary term (title attribute = its definition → tooltip)
- ``:icon_id:``         → an inline icon
- ``**bold**``          → bold (``<strong>``)
- an unambiguous inflected form of a glossary term (``forms``/``forms_en``, see ``glossary.link_forms``)
  → a link, the first use per section.

Every one of these comes from the one parser, ``generator.model.markup``; nothing here reads markup
with its own patterns.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from markupsafe import Markup

from generator.model.markup import Bold, IconRef, RuleRef, TermRef, Text, parse

# Characters Markdown (with our extensions), HTML or jinja2 could treat as syntax anywhere in a line.
_INLINE = {c: f"&#{ord(c)};" for c in "\\`*_{}[]|~^=$"}
_INLINE.update({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_INLINE_RE = re.compile("[" + re.escape("".join(_INLINE)) + "]")
# ... and at the start of a line only (headings, lists, quotes, admonitions, tabs, numbered lists).
_LINE_START = re.compile(r"^[#>+\-=*.!?:|~%0-9]")
_WS = re.compile(r"\s+")


def _esc(text: str) -> str:
    return _INLINE_RE.sub(lambda m: _INLINE[m.group(0)], text)


def md_escape(text: object) -> Markup:
    """Plain text → Markdown that renders exactly as that text, on one line."""
    return Markup(_esc(_WS.sub(" ", str(text)).strip()))


def escape_line_start(line: str) -> str:
    """Make sure a line of escaped text cannot open a Markdown block (list, heading, quote …)."""
    m = _LINE_START.match(line)
    return f"&#{ord(line[0])};{line[1:]}" if m else line


def attr_text(text: object) -> str:
    """Text for a Markdown link title: one line, no double quotes (Markdown would end the title)."""
    return _WS.sub(" ", str(text)).strip().replace('"', "”")


def tab_title(text: object) -> Markup:
    """A pymdownx.tabbed title (inside double quotes)."""
    return Markup(str(md_escape(text)).replace('"', "&quot;"))


def safe_title(text: object) -> str:
    """A title for mkdocs' nav and page titles, which Material prints unescaped (and into <title> through
    `striptags`, which unescapes entities): the three characters that could form markup become
    look-alikes, so no escaping, double or single, can turn data into a tag."""
    return _WS.sub(" ", str(text)).strip().replace("&", "＆").replace("<", "‹").replace(">", "›")


def truncate(text: str, limit: int = 240) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@dataclass
class TextLinks:
    """What inline markup can point at, for one game in one language, as seen from one page."""

    lang: str
    page: str                                          # the page being written, e.g. "rules"
    rules: dict[str, str] = field(default_factory=dict)          # number → title
    terms: dict[str, tuple[str, str]] = field(default_factory=dict)  # id → (name, plain definition)
    icons: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # id → (label, glyph, color)
    forms: dict[str, str] = field(default_factory=dict)          # lower-case form → term id
    prefix: str = ""                                   # path from the page's folder to the game's folder
    _forms_re: re.Pattern | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.forms:
            alternatives = sorted(self.forms, key=lambda f: (-len(f), f))
            self._forms_re = re.compile(r"(?<!\w)(" + "|".join(re.escape(f) for f in alternatives) + r")(?!\w)",
                                        re.IGNORECASE)

    def for_page(self, page: str, prefix: str = "") -> TextLinks:
        return TextLinks(self.lang, page, self.rules, self.terms, self.icons, self.forms, prefix)

    # ---- link targets -------------------------------------------------------------------------------
    def _url(self, page: str, anchor: str) -> str:
        return f"#{anchor}" if page == self.page and not self.prefix else f"{self.prefix}{page}.md#{anchor}"

    def rule_url(self, number: str) -> str:
        return self._url("rules", rule_anchor(number))

    def term_url(self, term_id: str) -> str:
        return self._url("glossary", term_anchor(term_id))

    def rule_link(self, number: str, label: str | None = None) -> Markup:
        label = label or f"§{number}"
        if number not in self.rules:
            return md_escape(label)
        title = attr_text(f"{number} {self.rules[number]}")
        return Markup(f'[{md_escape(label)}]({self.rule_url(number)} "{title}")' + "{.pnp-rule-ref}")

    def term_link(self, term_id: str, label: str | None = None) -> Markup:
        if term_id not in self.terms:
            return md_escape(label or term_id)
        name, definition = self.terms[term_id]
        title = attr_text(truncate(f"{name}: {definition}"))
        return Markup(f'[{md_escape(label or name)}]({self.term_url(term_id)} "{title}")' + "{.pnp-term}")

    def icon(self, icon_id: str) -> Markup:
        if icon_id not in self.icons:
            return md_escape(f":{icon_id}:")
        label, glyph, color = self.icons[icon_id]
        return Markup(f'<span class="pnp-icon" style="--pnp-icon: {html.escape(color)}" '
                      f'title="{html.escape(label)}" aria-label="{html.escape(label)}">{md_escape(glyph)}</span>')

    # ---- rendering (from the one markup AST, generator.model.markup) ----------------------------------
    def inline(self, text: str, linked: set | None = None, autolink: bool = True, skip_term: str | None = None
               ) -> Markup:
        """One line of Markdown. ``linked`` holds terms already linked in this section (first use only).
        Bold becomes ``<strong>`` (never ``**``, which a line-start escape could break into literal stars)."""
        linked = set() if linked is None else linked
        if skip_term:
            linked.add(skip_term)
        return Markup(self._md(parse(_WS.sub(" ", text).strip()).nodes, linked, autolink))

    def _md(self, nodes, linked: set, autolink: bool) -> str:
        out: list[str] = []
        for node in nodes:
            if isinstance(node, Text):
                out.append(self._autolink(node.text, linked) if autolink else _esc(node.text))
            elif isinstance(node, TermRef):
                linked.add(node.term)
                out.append(self.term_link(node.term, node.label))
            elif isinstance(node, RuleRef):
                out.append(self.rule_link(node.number))
            elif isinstance(node, IconRef):
                out.append(self.icon(node.icon))
            elif isinstance(node, Bold):
                out.append("<strong>" + self._md(node.children, linked, autolink) + "</strong>")
        return "".join(out)

    def block(self, text: str, linked: set | None = None, autolink: bool = True, skip_term: str | None = None
              ) -> Markup:
        """Paragraphs (blank-line separated) and '- ' bullet lines → Markdown blocks."""
        linked = set() if linked is None else linked
        blocks: list[str] = []
        for para in re.split(r"\n\s*\n", text.strip()):
            # runs of plain lines become one paragraph, runs of '- ' lines one list
            run_kind, run = None, []
            for line in [ln.strip() for ln in para.splitlines() if ln.strip()] + [None]:
                bullet = re.match(r"^[-•]\s+(.*)$", line) or re.match(r"^\*\s+(.*)$", line) \
                    if line is not None else None
                kind = None if line is None else ("item" if bullet else "text")
                if kind != run_kind and run:
                    if run_kind == "text":
                        blocks.append(escape_line_start(self.inline(" ".join(run), linked, autolink, skip_term)))
                    else:
                        blocks.append("\n".join("- " + escape_line_start(self.inline(i, linked, autolink, skip_term))
                                                for i in run))
                    run = []
                run_kind = kind
                if line is not None:
                    run.append(bullet.group(1) if bullet else line)
        return Markup("\n\n".join(blocks))

    def plain(self, text: str) -> str:
        """Markup stripped to readable text (tooltips, alt text)."""
        return self._plain_nodes(parse(_WS.sub(" ", text).strip()).nodes)

    def _plain_nodes(self, nodes) -> str:
        out: list[str] = []
        for node in nodes:
            if isinstance(node, Text):
                out.append(node.text)
            elif isinstance(node, TermRef):
                out.append(node.label or self.terms.get(node.term, (node.term, ""))[0])
            elif isinstance(node, RuleRef):
                out.append(f"§{node.number}")
            elif isinstance(node, IconRef):
                out.append(self.icons.get(node.icon, (f":{node.icon}:",))[0])
            elif isinstance(node, Bold):
                out.append(self._plain_nodes(node.children))
        return "".join(out)

    def html(self, text: str) -> Markup:
        """Markup → inline HTML (for raw-HTML blocks such as the card boxes): icons and bold, no links."""
        return Markup(self._html_nodes(parse(_WS.sub(" ", text).strip()).nodes))

    def _html_nodes(self, nodes) -> str:
        out: list[str] = []
        for node in nodes:
            if isinstance(node, Text):
                out.append(html.escape(node.text))
            elif isinstance(node, TermRef):
                label = node.label or self.terms.get(node.term, (node.term, ""))[0]
                out.append(f'<span class="pnp-term-text">{html.escape(label)}</span>')
            elif isinstance(node, RuleRef):
                out.append(html.escape(f"§{node.number}"))
            elif isinstance(node, IconRef):
                out.append(str(self.icon(node.icon)))
            elif isinstance(node, Bold):
                out.append(f"<strong>{self._html_nodes(node.children)}</strong>")
        return "".join(out)

    def _autolink(self, text: str, linked: set) -> str:
        if self._forms_re is None:
            return _esc(text)
        out: list[str] = []
        pos = 0
        for m in self._forms_re.finditer(text):
            term_id = self.forms.get(m.group(1).lower())
            if term_id is None or term_id in linked:
                continue
            linked.add(term_id)
            out.append(_esc(text[pos:m.start()]))
            out.append(self.term_link(term_id, m.group(1)))
            pos = m.end()
        out.append(_esc(text[pos:]))
        return "".join(out)


_SAFE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-/]*$")


def safe_id(text: str) -> Markup:
    """An id, anchor or path built from validated ids: used verbatim in Markdown (never escaped)."""
    if not _SAFE.match(text) or ".." in text:
        raise ValueError(f"not a safe id or path for the site: {text!r}")
    return Markup(text)


def rule_anchor(number: str) -> Markup:
    return safe_id("r-" + number.replace(".", "-"))


def term_anchor(term_id: str) -> Markup:
    return safe_id("g-" + term_id)


def component_anchor(comp_id: str) -> Markup:
    return safe_id("c-" + comp_id)


def deck_anchor(deck_id: str) -> Markup:
    return safe_id("d-" + deck_id)


def card_anchor(card_id: str) -> Markup:
    return safe_id("card-" + card_id)
