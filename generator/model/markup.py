"""The one markup grammar of every text in the data, parsed into a small AST.

    [[term]] / [[term|label]]   a glossary reference (label shown instead of the term's name)
    §4.2 / § 4.2                a reference to a numbered rule
    **bold**                    emphasis (may hold the other inline forms)
    :icon:                      an icon defined in the game's ``icons``

Validation (references resolve), print (cards, boards, posters, aids) and the site all read this AST;
nothing else parses markup, so nothing prints brackets or asterisks literally. Malformed markup (an
unclosed ``[[`` or ``**``) stays literal text and is reported in ``Parsed.problems`` for the validator.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class Text:
    text: str


@dataclass(frozen=True, slots=True)
class TermRef:
    term: str
    label: str | None = None


@dataclass(frozen=True, slots=True)
class RuleRef:
    number: str


@dataclass(frozen=True, slots=True)
class IconRef:
    icon: str


@dataclass(frozen=True, slots=True)
class Bold:
    children: tuple[Node, ...]


Node = Text | TermRef | RuleRef | IconRef | Bold


@dataclass(frozen=True, slots=True)
class Parsed:
    nodes: tuple[Node, ...]
    problems: tuple[str, ...] = ()


_INLINE = re.compile(
    r"\[\[(?P<term>[^\]|\n]+?)(?:\|(?P<label>[^\]\n]*))?\]\]"
    r"|§\s?(?P<rule>\d+(?:\.\d+)*)"
    r"|(?<![\w:]):(?P<icon>[a-z0-9][a-z0-9_\-]*):(?![\w:])"
)
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.DOTALL)


def _inline(text: str) -> list[Node]:
    if "[[" not in text and "§" not in text and ":" not in text:  # plain text: most of every card
        return [Text(text)] if text else []
    out: list[Node] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append(Text(text[pos:m.start()]))
        if m.group("term") is not None:
            label = m.group("label")
            out.append(TermRef(m.group("term").strip(), label.strip() if label else None))
        elif m.group("rule") is not None:
            out.append(RuleRef(m.group("rule")))
        else:
            out.append(IconRef(m.group("icon")))
        pos = m.end()
    if pos < len(text):
        out.append(Text(text[pos:]))
    return out


@lru_cache(maxsize=1 << 12)
def parse(text: str) -> Parsed:
    """Parse one text (cached: the same string is parsed once per process)."""
    nodes: list[Node] = []
    pos = 0
    for m in (_BOLD.finditer(text) if "**" in text else ()):
        nodes.extend(_inline(text[pos:m.start()]))
        nodes.append(Bold(tuple(_inline(m.group(1)))))
        pos = m.end()
    nodes.extend(_inline(text[pos:]))
    problems = []
    literal = "".join(_literal(nodes))
    if "[[" in literal or "]]" in literal:
        problems.append("an unclosed or empty '[[term]]' reference")
    if "**" in literal:
        problems.append("an unclosed '**' (bold needs a closing '**')")
    return Parsed(tuple(nodes), tuple(problems))


def _literal(nodes) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, Text):
            yield node.text
        elif isinstance(node, Bold):
            yield from _literal(node.children)


def walk(nodes) -> Iterator[Node]:
    """Every node, depth first (bold's children included)."""
    for node in nodes:
        yield node
        if isinstance(node, Bold):
            yield from walk(node.children)


def term_refs(text: str) -> list[TermRef]:
    return [n for n in walk(parse(text).nodes) if isinstance(n, TermRef)]


def rule_refs(text: str) -> list[RuleRef]:
    return [n for n in walk(parse(text).nodes) if isinstance(n, RuleRef)]


def icon_refs(text: str) -> list[IconRef]:
    return [n for n in walk(parse(text).nodes) if isinstance(n, IconRef)]


def plain(text: str, term_name: Callable[[str], str] | None = None,
          icon_label: Callable[[str], str] | None = None, rule_prefix: str = "§") -> str:
    """The text as a reader sees it without styling: references become their labels."""
    return "".join(_plain_pieces(parse(text).nodes, term_name, icon_label, rule_prefix))


def _plain_pieces(nodes, term_name, icon_label, rule_prefix: str) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, Text):
            yield node.text
        elif isinstance(node, Bold):
            yield from _plain_pieces(node.children, term_name, icon_label, rule_prefix)
        elif isinstance(node, TermRef):
            yield node.label or (term_name(node.term) if term_name else node.term)
        elif isinstance(node, RuleRef):
            yield f"{rule_prefix}{node.number}"
        else:
            yield icon_label(node.icon) if icon_label else node.icon
