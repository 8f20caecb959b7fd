"""libyaml and the pure-Python parser give the same data, events, positions and errors.

The loader reads with libyaml's C parser when PyYAML has it and falls back to the Python parser; a file
the C path refuses is parsed again in Python so every message reads the same. These tests hold the two
parsers to that on every shipped game and on a set of hostile snippets."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.errors import DataErrors
from generator.load.yaml_source import HAVE_LIBYAML, read_yaml_text
from tests.conftest import CARDS_DATA, FIXTURES

pytestmark = pytest.mark.skipif(not HAVE_LIBYAML, reason="PyYAML without libyaml: only one parser to test")

FILES = sorted(CARDS_DATA.rglob("*.yaml")) + sorted(FIXTURES.rglob("*.yaml"))

BAD = {
    "unclosed-flow": "a:\n  - {x: [1, 2\n  - y\n",
    "bad-indent": "a:\n    b: 1\n  c: 2\n",
    "unclosed-quote": 'a: "x\nb: 2\n',
    "tab": "a:\n\tb: 1\n",
    "duplicate": "a: 1\nb: 2\na: 3\n",
    "anchor": "a: &x 1\n",
    "alias": "a: [1]\nb: *x\n",
    "tag": "a: !!python/object:os.system 1\n",
    "local-tag": "a: !foo 1\n",
    "two-docs": "a: 1\n---\nb: 2\n",
    "deep": "x: " + "[" * 100 + "]" * 100 + "\n",
    "complex-key": "? [a, b]\n: 1\n",
    "mapping-key": "{a: 1}: 2\n",
    "control-char": "a: b\x07c\n",
    "del-char": "a: b\x7fc\n",
    "c1-char": "a: b\x85c\x86\n",
    "bad-escape": 'a: "\\q"\n',
    "lone-colon": ": :\n:\n",
    "directive": "%YAML 1.1\n%TAG ! tag:x,2000:\n--- !x 1\n",
    "unicode-pos": "zażółć: gęślą\n  jaźń: 1\n",
}

GOOD = {
    "types": "a: 1\nb: 1.5\nc: true\nd: null\ne: '1'\nf: 2001-01-01\ng: 0x1f\nh: ~\ni: .inf\nj: yes\n",
    "unicode": "nazwa: Żółw\nopis: \"ąę\\u00e9\"\nlista: [ą, ę, {ł: ó}]\n",
    "block": "t: |\n  line one\n  line two\nu: >\n  folded\n  text\n",
    "empty-values": "a:\nb: []\nc: {}\nd: ''\n",
    "non-specific-tag": "a: ! 12\n",
}


def _result(text: str, parser: str):
    try:
        data, tree = read_yaml_text(text, "f.yaml", parser)
    except DataErrors as exc:
        return ("error", [(i.span, i.message, i.hint, i.code) for i in exc.issues])
    return ("ok", data, tree.spans, tree.key_spans)


def _events(text: str, loader) -> list:
    return [(type(e).__name__, e.start_mark.line, e.start_mark.column, e.end_mark.line, e.end_mark.column,
             getattr(e, "value", None), getattr(e, "implicit", None), getattr(e, "tag", None),
             getattr(e, "anchor", None)) for e in yaml.parse(text, Loader=loader)]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_files_parse_the_same(path: Path):
    text = path.read_text(encoding="utf-8")
    python, c = _result(text, "python"), _result(text, "c")
    assert python[0] == "ok"
    assert c == python
    assert _events(text, yaml.CSafeLoader) == _events(text, yaml.SafeLoader)


@pytest.mark.parametrize("case", sorted(GOOD))
def test_good_snippets_parse_the_same(case):
    text = GOOD[case]
    assert _result(text, "c") == _result(text, "python")
    assert _result(text, "auto") == _result(text, "python")


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_snippets_give_the_same_errors(case):
    text = BAD[case]
    python = _result(text, "python")
    assert _result(text, "auto") == python  # the message the user sees does not depend on libyaml
    c = _result(text, "c")
    assert c[0] == python[0], (c, python)  # and the C parser alone refuses (or accepts) the same files
    if python[0] == "error" and python[1][0][3] in ("alias", "tag", "duplicate-key", "depth"):
        assert c == python  # our own refusals come from the events: identical
