"""Fit card text into a box: word wrap, Polish hyphenation, shrink to fit, or a clear failure.

Measuring is injected (`FontMetrics`) so this module stays pure and testable with fake metrics; the
real measurer lives in render/fonts.py. Markup is deliberately tiny: `**bold**` and `:icon:` tokens,
a newline forces a line break. Lines come back as runs so every backend draws exactly what was measured.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import lru_cache
from typing import Protocol, runtime_checkable

import pyphen

from generator.geom.scene import FittedText, Run
from generator.geom.shapes import EPS, Size
from generator.geom.units import pt_to_mm
from generator.model import markup

_CORE_RE = re.compile(r"^(\W*)(.*?)(\W*)$", re.DOTALL)
HYPHEN = "-"


@runtime_checkable
class FontMetrics(Protocol):
    """What layout needs to know about a font, in millimetres."""

    def width(self, text: str, font: str, size_pt: float) -> float: ...

    def line_height(self, font: str, size_pt: float) -> float: ...


class TextDoesNotFit(ValueError):
    """Even at the smallest allowed size the text needs more room than the box has."""

    def __init__(self, text: str, box: Size, min_pt: float, reason: str) -> None:
        self.text, self.box, self.min_pt, self.reason = text, box, min_pt, reason
        short = text if len(text) <= 60 else text[:57] + "..."
        super().__init__(f"text {short!r} does not fit in {box.w:g} x {box.h:g} mm "
                         f"even at {min_pt:g} pt: {reason}")


class UnknownIcon(ValueError):
    def __init__(self, name: str, text: str, known: Iterable[str]) -> None:
        self.name, self.text, self.known = name, text, frozenset(known)
        import difflib

        close = difflib.get_close_matches(name, sorted(self.known), n=1, cutoff=0.6)
        hint = (f"did you mean '{close[0]}'?" if close else
                f"known icons: {', '.join(sorted(self.known))}" if self.known else "the game defines no icons")
        super().__init__(f"unknown icon :{name}: in {text!r}; {hint}")


class MarkupError(ValueError):
    """Malformed markup (an unclosed ``**`` or ``[[``) in a printed text."""


Word = tuple[Run, ...]  # pieces with no space between them
_BREAK: Word = ()


def parse_markup(text: str, known_icons: Iterable[str] = frozenset(),
                 term_name: Callable[[str], str] | None = None, lang: str | None = None) -> list[Word]:
    """Split text into words (tuples of styled pieces); an empty tuple marks a forced line break. With a
    ``lang``, the words its typesetting keeps together are one unit (``glue_words``).

    Cached per text, icons and the names its term references resolve to (the same texts recur)."""
    known = frozenset(known_icons)
    names = tuple((ref.term, term_name(ref.term)) for ref in markup.term_refs(text)) if term_name else ()
    return list(_words_of(text, known, names, lang))


@lru_cache(maxsize=1 << 12)  # small: a deck of unique texts never hits, a repeated label does at once
def _words_of(text: str, known: frozenset, names: tuple, lang: str | None = None) -> tuple[Word, ...]:
    lookup = dict(names)
    term_name = lookup.get if names else None
    return tuple(glue_words(_parse_markup(text, known, term_name), lang))


# --- words that may not end a line ---------------------------------------------------------------------
#
# Polish typesetting never ends a line with a one-letter word (the conjunctions a, i, o, u and the
# prepositions w, z): it goes to the next line with the word after it. Such a word is set as one unit
# with that word, the space between them kept; a unit wider than the box is set as its words again.

CLINGING: dict[str, frozenset[str]] = {"pl": frozenset("aiouwzAIOUWZ")}


def glue_plain(words: list[str], lang: str | None) -> list[str]:
    """Plain words, each one-letter word of ``lang`` that may not end a line joined by a space to the
    next (a run of them to the first longer word); the last word stays as it is."""
    letters = CLINGING.get(lang or "")
    if not letters:
        return words
    out: list[str] = []
    carry = ""
    for word in words:
        unit = f"{carry} {word}" if carry else word
        if len(word) == 1 and word in letters:
            carry = unit
        else:
            out.append(unit)
            carry = ""
    if carry:
        out.append(carry)
    return out


def glue_words(words: list[Word], lang: str | None) -> list[Word]:
    """``glue_plain`` for words of styled runs: two plain runs of one style become one run (measured as
    the plain path measures it), anything else keeps its runs with a space run between."""
    letters = CLINGING.get(lang or "")
    if not letters:
        return words
    out: list[Word] = []
    carry: Word | None = None
    for word in words:
        if word == _BREAK:
            if carry is not None:
                out.append(carry)
                carry = None
            out.append(word)
            continue
        unit = word if carry is None else _joined(carry, word)
        if len(word) == 1 and not word[0].icon and word[0].text in letters:
            carry = unit
        else:
            out.append(unit)
            carry = None
    if carry is not None:
        out.append(carry)
    return out


def _joined(left: Word, right: Word) -> Word:
    a, b = left[-1], right[0]
    if not a.icon and not b.icon and a.bold == b.bold:
        return (*left[:-1], Run(f"{a.text} {b.text}", a.bold), *right[1:])
    return (*left, Run(" ", bold=a.bold and b.bold and not a.icon and not b.icon), *right)


def _parts(word: Word) -> list[Word]:
    """A glued unit's words again (split at its spaces; a word of other text has none)."""
    parts: list[Word] = []
    current: list[Run] = []
    for run in word:
        if run.icon or " " not in run.text:
            current.append(run)
            continue
        pieces = run.text.split(" ")
        for k, piece in enumerate(pieces):
            if k:
                _flush(parts, current)
            if piece:
                current.append(Run(piece, bold=run.bold))
    _flush(parts, current)
    return parts


def _parse_markup(text: str, known_icons: Iterable[str] = frozenset(),
                  term_name: Callable[[str], str] | None = None) -> list[Word]:
    """Split text into words (tuples of styled pieces); an empty tuple marks a forced line break.

    The text is parsed by the one markup grammar (``model.markup``): a ``[[term|label]]`` reference sets its
    label (or the term's name), ``§4.2`` sets as written, ``**bold**`` is bold, ``:icon:`` is an icon run."""
    parsed = markup.parse(text)
    if parsed.problems:
        raise MarkupError(f"{parsed.problems[0]} in {text!r}")
    words: list[Word] = []
    current: list[Run] = []
    _emit(parsed.nodes, False, words, current, frozenset(known_icons), term_name, text)
    _flush(words, current)
    return words


def _emit(nodes, bold: bool, words: list[Word], current: list[Run], known: frozenset,
          term_name: Callable[[str], str] | None, text: str) -> None:
    """The words of parsed markup nodes (a plain function, not a recursive closure: a closure that calls
    itself is a reference cycle, garbage only the cyclic collector frees, made once per text set)."""
    for node in nodes:
        if isinstance(node, markup.Text):
            for i, piece in enumerate(node.text.split("\n")):
                if i:
                    _flush(words, current)
                    words.append(_BREAK)
                _split_words(piece, bold, words, current)
        elif isinstance(node, markup.Bold):
            _emit(node.children, True, words, current, known, term_name, text)
        elif isinstance(node, markup.TermRef):
            _split_words(node.label or (term_name(node.term) if term_name else node.term), bold, words, current)
        elif isinstance(node, markup.RuleRef):
            _split_words(f"§{node.number}", bold, words, current)
        else:
            if node.icon not in known:
                raise UnknownIcon(node.icon, text, known)
            current.append(Run("", bold=bold, icon=node.icon))


def fit_text(text: str, box: Size, metrics: FontMetrics, font: str, max_pt: float, min_pt: float,
             lang: str = "pl", step: float = 0.5, *, bold_font: str | None = None,
             known_icons: Iterable[str] = frozenset(), icon_em: float = 1.2,
             term_name: Callable[[str], str] | None = None) -> FittedText:
    """Largest size from max_pt down to min_pt (in `step`s) at which the text fits the box.

    Words wider than the box are hyphenated (pyphen, `lang`); anything else wraps at spaces.
    Raises TextDoesNotFit, UnknownIcon or MarkupError.

    A text is set once per distinct (text, box, fonts, sizes, icons, term names): the result is frozen, so
    every card that repeats a label, a stat or an ability shares it.
    """
    key = (text, box, metrics, font, max_pt, min_pt, lang, step, bold_font, frozenset(known_icons), icon_em,
           term_name)
    try:
        found = _FITTED.get(key)
    except TypeError:  # an unhashable metrics or term_name: set it without the cache
        return _fit_text(text, box, metrics, font, max_pt, min_pt, lang, step, bold_font, known_icons, icon_em,
                         term_name)
    if found is None:
        found = _fit_text(text, box, metrics, font, max_pt, min_pt, lang, step, bold_font, key[9], icon_em,
                          term_name)
        if len(_FITTED) >= _FITTED_MAX:
            _FITTED.clear()
        _FITTED[key] = found
    return found


_FITTED: dict[tuple, FittedText] = {}
_MEASURED: dict[tuple, Word] = {}
_MEASURED_MAX = 1 << 14  # words recur (measured once per size); whole texts rarely do, so their caches stay small
_FITTED_MAX = 1 << 11


def _fit_text(text, box, metrics, font, max_pt, min_pt, lang, step, bold_font, known_icons, icon_em,
              term_name) -> FittedText:
    if not 0 < min_pt <= max_pt or step <= 0:
        raise ValueError(f"need 0 < min_pt <= max_pt and step > 0, got {min_pt}, {max_pt}, {step}")
    sizes = _sizes(max_pt, min_pt, step)  # largest first
    if _MARKUP_CHARS.search(text) is None:  # plain words (most texts): set without runs until the end
        fitted = _fit_plain(glue_plain(text.split(), lang), box, metrics, font, bold_font or f"{font}-Bold",
                            icon_em, sizes)
        if fitted is not None:
            return fitted
    words = parse_markup(text, known_icons, term_name, lang)
    setter = _Setter(box, metrics, font, bold_font or f"{font}-Bold", icon_em, lang)
    first = setter.set(words, sizes[0])
    if isinstance(first, FittedText):  # the common case: room to spare
        return first
    last = setter.set(words, sizes[-1]) if len(sizes) > 1 else first
    if not isinstance(last, FittedText):
        raise TextDoesNotFit(text, box, min_pt, last)
    # a text that fits at some size fits at every smaller one: bisect for the largest that fits
    lo, hi, best = 1, len(sizes) - 1, last
    while lo < hi:
        mid = (lo + hi) // 2
        result = setter.set(words, sizes[mid])
        if isinstance(result, FittedText):
            best, hi = result, mid
        else:
            lo = mid + 1
    return best if best.size_pt == sizes[lo] else setter.set(words, sizes[lo])


def _fit_plain(words: list[str], box: Size, metrics: FontMetrics, font: str, bold_font: str, icon_em: float,
               sizes: tuple[float, ...]) -> FittedText | None:
    """``_fit_text`` for a text of plain words: the same search over sizes and the same greedy breaking,
    with the same float sums in the same order (so the same FittedText, bit for bit), but on strings and
    floats instead of runs. None when a word needs hyphenation, or when even the smallest size fails: the
    general setter then decides and words the reason."""
    first = _set_plain(words, box, metrics, font, bold_font, icon_em, sizes[0])
    if first is None or first.__class__ is FittedText:
        return first
    last = _set_plain(words, box, metrics, font, bold_font, icon_em, sizes[-1]) if len(sizes) > 1 else first
    if last is None or last is False:
        return None
    lo, hi, best = 1, len(sizes) - 1, last
    while lo < hi:
        mid = (lo + hi) // 2
        result = _set_plain(words, box, metrics, font, bold_font, icon_em, sizes[mid])
        if result is None:
            return None
        if result is not False:
            best, hi = result, mid
        else:
            lo = mid + 1
    return best if best.size_pt == sizes[lo] else _set_plain(words, box, metrics, font, bold_font, icon_em,
                                                              sizes[lo]) or None


def _set_plain(words: list[str], box: Size, metrics: FontMetrics, font: str, bold_font: str, icon_em: float,
               size: float) -> FittedText | bool | None:
    """Plain words at one size: the FittedText, False when they do not fit, None when a word is wider than
    the box (hyphenation: the general setter's work). Mirrors ``_Setter.set``/``_place``/``_finish``."""
    space = metrics.width(" ", font, size)
    line_h = metrics.line_height(font, size)
    max_lines = int((box.h + EPS) / line_h) if line_h > 0 else 1 << 30
    limit = box.w + EPS
    width = metrics.width
    texts: list[str] = []
    widths: list[float] = []
    current: list[str] = []
    used = 0.0
    for word in words:
        w = width(word, font, size)
        if current and used + space + w <= limit:
            current.append(word)
            used = used + space + w
        elif w <= limit:
            if current:
                texts.append(" ".join(current))
                widths.append(used)
            current = [word]
            used = 0 + w
        else:
            return None
        if len(texts) + 1 > max_lines:  # the general setter's early stop: too tall already
            return False
    if current:
        texts.append(" ".join(current))
        widths.append(used)
    if len(texts) * line_h > box.h + EPS:
        return False
    return FittedText(size, tuple(texts), tuple((Run(t, False, None, w),) for t, w in zip(texts, widths)),
                      tuple(widths), line_h, font, bold_font, icon_em * pt_to_mm(size))


# --- parsing helpers ------------------------------------------------------------------------------

def _flush(words: list[Word], current: list[Run]) -> None:
    if current:
        words.append(tuple(current))
        current.clear()


def _split_words(token: str, bold: bool, words: list[Word], current: list[Run]) -> None:
    for part in re.split(r"(\s+)", token):
        if not part:
            continue
        if part.isspace():
            _flush(words, current)
        else:
            current.append(Run(part, bold=bold))


@lru_cache(maxsize=256)  # a handful of (max, min, step) per game, asked for by every text on every face
def _sizes(max_pt: float, min_pt: float, step: float) -> tuple[float, ...]:
    n = int((max_pt - min_pt) / step + 1e-9)
    sizes = [round(max_pt - k * step, 6) for k in range(n + 1)]
    if sizes[-1] > min_pt + 1e-9:
        sizes.append(min_pt)
    return tuple(sizes)


@lru_cache(maxsize=8)
def _hyphenator(lang: str) -> pyphen.Pyphen | None:
    found = pyphen.language_fallback(lang)
    return pyphen.Pyphen(lang=found) if found else None


def break_points(word: str, lang: str) -> list[tuple[str, str]]:
    """(head, tail) splits, longest head first; heads get a hyphen unless they end with one."""
    points = {i + 1 for i, ch in enumerate(word[:-1]) if ch == HYPHEN and i > 0}
    dic = _hyphenator(lang)
    if dic is not None:
        prefix, core, _ = _CORE_RE.match(word).groups()  # type: ignore[union-attr]
        points |= {len(prefix) + p for p in dic.positions(core)}
    out = []
    for p in sorted(points, reverse=True):
        head, tail = word[:p], word[p:]
        out.append((head if head.endswith(HYPHEN) else head + HYPHEN, tail))
    return out


# --- line setting -----------------------------------------------------------------------------

class _Setter:
    """Sets words into lines at one size; returns FittedText or the reason it failed."""

    def __init__(self, box: Size, metrics: FontMetrics, font: str, bold_font: str, icon_em: float,
                 lang: str) -> None:
        self.box, self.metrics, self.font, self.bold_font = box, metrics, font, bold_font
        self.icon_em, self.lang = icon_em, lang

    def set(self, words: list[Word], size: float) -> FittedText | str:
        self.size = size
        self.icon_w = self.icon_em * pt_to_mm(size)
        self.space = self.metrics.width(" ", self.font, size)
        self.bold_space = self.metrics.width(" ", self.bold_font, size)
        self._cur_line, self._cur_used = None, 0.0
        line_h = self.metrics.line_height(self.font, size)
        max_lines = int((self.box.h + EPS) / line_h) if line_h > 0 else 1 << 30
        lines: list[list[Run]] = [[]]
        for word in words:
            if word == _BREAK:
                lines.append([])
                continue
            problem = self._place(self._measure(word), lines)
            if problem:
                return problem
            if len(lines) > max_lines + 1 or (len(lines) > max_lines and lines[-1]):  # stop early: too tall
                return f"more than {max_lines} lines at {size:g} pt do not fit {self.box.h:.1f} mm of height"
        return self._finish(lines)

    def _measure(self, word: Word) -> Word:
        """The word's runs with their widths at this size (once per distinct word, fonts and size: the
        same words recur on every card). Run(...) directly: dataclasses.replace cost more than measuring."""
        key = (word, self.font, self.bold_font, self.size, self.icon_w, self.metrics)
        found = _MEASURED.get(key)
        if found is None:
            found = tuple(Run(r.text, r.bold, r.icon, self.icon_w if r.icon else self._text_width(r.text, r.bold))
                          for r in word)
            if len(_MEASURED) >= _MEASURED_MAX:
                _MEASURED.clear()
            _MEASURED[key] = found
        return found

    def _text_width(self, text: str, bold: bool) -> float:
        return self.metrics.width(text, self.bold_font if bold else self.font, self.size)

    def _place(self, word: Word, lines: list[list[Run]]) -> str | None:
        width = sum(r.width for r in word)
        line = lines[-1]
        if line is not self._cur_line:  # the width of the line being filled, kept as words are added
            self._cur_line, self._cur_used = line, _line_width(line)
        used = self._cur_used
        if line and used + self.space + width <= self.box.w + EPS:
            gap = self._space_between(line[-1], word[0])
            line.extend((gap, *word))
            self._cur_used = used + gap.width + width
            return None
        if width <= self.box.w + EPS:
            if line:
                lines.append([])
            lines[-1].extend(word)
            self._cur_line, self._cur_used = lines[-1], _line_width(lines[-1])
            return None
        parts = _parts(word)
        if len(parts) > 1:  # a glued unit wider than the box: its words are set one by one
            for part in parts:
                problem = self._place(self._measure(part), lines)
                if problem:
                    return problem
            return None
        return self._hyphenate(word, lines)

    def _space_between(self, left: Run, right: Run) -> Run:
        """A space inside a bold phrase is bold, so the phrase stays one run of the measured width."""
        if left.bold and right.bold and not left.icon and not right.icon:
            return Run(" ", bold=True, width=self.bold_space)
        return Run(" ", width=self.space)

    def _hyphenate(self, word: Word, lines: list[list[Run]]) -> str | None:
        if len(word) != 1 or word[0].icon:
            return f"'{_plain(word)}' is wider than the box and cannot be hyphenated"
        run = word[0]
        remaining = run.text
        while self._text_width(remaining, run.bold) > self.box.w + EPS:
            split = self._best_split(remaining, run.bold, lines)
            if split is None:
                return f"'{run.text}' is wider than the box even when hyphenated"
            _head, remaining = split
        return self._place((replace(run, text=remaining, width=self._text_width(remaining, run.bold)),),
                           lines)

    def _best_split(self, text: str, bold: bool, lines: list[list[Run]]) -> tuple[str, str] | None:
        """Put the longest fitting head on the current line (or a fresh one); return (head, tail)."""
        self._cur_line = None  # lines change here: the running width is measured again
        for fresh in (False, True):
            line = [] if fresh else lines[-1]
            lead = _line_width(line) + (self.space if line else 0.0)
            for head, tail in break_points(text, self.lang):
                w = self._text_width(head, bold)
                if lead + w <= self.box.w + EPS:
                    if fresh and lines[-1]:
                        lines.append([])
                    target = lines[-1]
                    if target:
                        target.append(self._space_between(target[-1], Run(head, bold=bold)))
                    target.append(Run(head, bold=bold, width=w))
                    lines.append([])
                    return head, tail
        return None

    def _finish(self, lines: list[list[Run]]) -> FittedText | str:
        while lines and not lines[-1]:  # a trailing newline adds no visible line
            lines.pop()
        line_h = self.metrics.line_height(self.font, self.size)
        if len(lines) * line_h > self.box.h + EPS:
            return f"{len(lines)} lines at {self.size:g} pt need {len(lines) * line_h:.1f} mm of height"
        runs = tuple(_merge(line) for line in lines)
        return FittedText(self.size, tuple(_plain(r) for r in runs), runs,
                          tuple(_line_width(list(r)) for r in runs), line_h, self.font, self.bold_font,
                          self.icon_w)


def _line_width(line: list[Run]) -> float:
    return sum(r.width for r in line)


def _merge(line: list[Run]) -> tuple[Run, ...]:
    """Join neighbouring text runs of one style so backends draw few, whole strings."""
    out: list[Run] = []
    for r in line:
        prev = out[-1] if out else None
        joinable = prev and not prev.icon and not prev.text.isspace()  # no run starts with a space
        if joinable and not r.icon and prev.bold == r.bold:
            out[-1] = Run(prev.text + r.text, prev.bold, prev.icon, prev.width + r.width)
        else:
            out.append(r)
    return tuple(out)


def _plain(runs: Iterable[Run]) -> str:
    return "".join(f":{r.icon}:" if r.icon else r.text for r in runs)


# --- the quick check ------------------------------------------------------------------------------

_MARKUP_CHARS = re.compile(r"[\[\]*§:\n\r\t]")
_CONSTANTS: dict[tuple, tuple[float, float, float]] = {}


def _quick_constants(metrics, font: str, bold_font: str, size: float, icon_em: float) -> tuple[float, float, float]:
    """(icon width, widest space, line height) at one size, in mm — once per fonts and size."""
    key = (metrics, font, bold_font, size, icon_em)
    found = _CONSTANTS.get(key)
    if found is None:
        space = max(metrics.width(" ", font, size), metrics.width(" ", bold_font, size))
        found = _CONSTANTS[key] = (icon_em * pt_to_mm(size), space, metrics.line_height(font, size))
    return found


def quick_fits(text: str, box: Size, metrics: FontMetrics, font: str, min_pt: float, *, bold_font: str,
               known_icons: frozenset = frozenset(), icon_em: float = 1.2,
               term_name: Callable[[str], str] | None = None,
               lang: str | None = "pl") -> tuple[tuple[str, str], ...] | None:
    """Prove cheaply that ``fit_text`` will succeed for this text, without setting it.

    The check is a bound on greedy line breaking at ``min_pt`` (where ``fit_text`` fails if anywhere): in a
    paragraph of total width W whose widest word is M, every line but the last is filled to more than
    ``box.w - space - M`` (else the next word would have joined it), so it needs at most
    ``floor(W / (box.w - space - M)) + 1`` lines. When that many lines fit the height, the text fits.

    Returns the characters per font, ``((text, font), …)`` (for the glyph check) when it provably fits, or None when
    this cannot tell (a word that needs hyphenation, a tight bound, markup or icon problems): then the caller
    sets the text for real, which decides and words its errors."""
    size = min_pt
    if _MARKUP_CHARS.search(text) is None:  # plain words: most names, labels and many texts
        units = getattr(metrics, "units", None)
        if units is not None:
            return _quick_plain(text, box, metrics, units, font, bold_font, size, icon_em, lang)
        paragraphs = [[(word, False, None) for word in glue_plain(text.split(), lang)]]
    else:
        try:
            words = parse_markup(text, known_icons, term_name, lang)
        except ValueError:
            return None
        paragraphs, current = [], []
        for word in words:
            if word == _BREAK:
                paragraphs.append(current)
                current = []
            else:
                current.append(word)
        paragraphs.append(current)
        paragraphs = [[(None, None, w) for w in para] for para in paragraphs]
    icon_w, space, line_h = _quick_constants(metrics, font, bold_font, size, icon_em)
    units = getattr(metrics, "units", None)  # the real metrics: widths in 1/1000 em, cached per word
    if units is not None:
        k = pt_to_mm(0.001 * size)
        measure = lambda text, f: units(text, f) * k  # noqa: E731
    else:
        measure = lambda text, f: metrics.width(text, f, size)  # noqa: E731
    limit = box.w - 1e-3  # a hair of slack for the rounding of summed widths
    regular_parts: list[str] = []
    bold_parts: list[str] = []
    lines = 0
    trailing_empty = 0
    for para in paragraphs:
        total, widest, n = 0.0, 0.0, 0
        for plain, _bold, runs in para:
            if runs is None:
                width = measure(plain, font)
                regular_parts.append(plain)
            else:
                width = 0.0
                for run in runs:
                    if run.icon:  # drawn as a frame with the icon's initial in the bold font
                        width += icon_w
                        bold_parts.append(run.icon[:1].upper())
                    elif run.bold:
                        width += measure(run.text, bold_font)
                        bold_parts.append(run.text)
                    else:
                        width += measure(run.text, font)
                        regular_parts.append(run.text)
            if width > limit:
                return None  # needs hyphenation: let the line breaker decide
            total += width
            widest = max(widest, width)
            n += 1
        if n == 0:
            lines += 1
            trailing_empty += 1
            continue
        trailing_empty = 0
        total += space * (n - 1)
        if total <= limit:
            lines += 1
            continue
        room = limit - space - widest
        if room <= 0:
            return None
        lines += int(total / room) + 1
    if line_h <= 0:
        return None
    if lines > int((box.h + EPS) / line_h) + 1:  # the breaker gives up early on a run of trailing breaks
        return None
    lines -= trailing_empty
    if lines * line_h > box.h + EPS - 1e-6:
        return None
    if font == bold_font:
        return (("".join(regular_parts) + "".join(bold_parts), font),)
    return tuple((text, f) for text, f in (("".join(regular_parts), font), ("".join(bold_parts), bold_font)) if text)


def _quick_plain(text: str, box: Size, metrics, units, font: str, bold_font: str, size: float,
                 icon_em: float, lang: str | None = None) -> tuple[tuple[str, str], ...] | None:
    """``quick_fits`` of one paragraph of plain words with the real metrics: the same bound, the same sums,
    without building runs."""
    _icon_w, space, line_h = _quick_constants(metrics, font, bold_font, size, icon_em)
    k = pt_to_mm(0.001 * size)
    limit = box.w - 1e-3
    total, widest, n = 0.0, 0.0, 0
    for word in glue_plain(text.split(), lang):  # the units the line breaker keeps whole
        width = units(word, font) * k
        if width > limit:
            return None  # needs hyphenation: let the line breaker decide
        total += width
        if width > widest:
            widest = width
        n += 1
    if n == 0:
        lines = 1
    else:
        total += space * (n - 1)
        if total <= limit:
            lines = 1
        else:
            room = limit - space - widest
            if room <= 0:
                return None
            lines = int(total / room) + 1
    if line_h <= 0 or lines > int((box.h + EPS) / line_h) + 1:
        return None
    if n == 0:
        lines = 0  # an empty paragraph is a trailing break: no visible line
    if lines * line_h > box.h + EPS - 1e-6:
        return None
    return (("".join(text.split()), font),) if n else ()
