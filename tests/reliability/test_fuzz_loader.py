"""Fuzzing: mutated and generated game data never crashes the loader or validator.

Whatever hypothesis feeds in, the outcome is either a clean result or located Issues — never another
exception. Budget: see FUZZ_EXAMPLES (kept small for the 2-core CI; raise PNP_FUZZ_EXAMPLES locally)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import DataErrors
from generator.load.yaml_source import read_yaml_text
from generator.validate.run import validate_folder
from tests.conftest import FIXTURES

FUZZ_EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
DEMO_FILES = sorted((FIXTURES / "demo").glob("*.yaml"))
DEMO_TEXT = {p.name: p.read_text(encoding="utf-8") for p in DEMO_FILES}

yaml_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                         st.text(max_size=30), st.sampled_from(["unknown", "base", "gold", "poker", "#123456"]))
yaml_values = st.recursive(
    yaml_scalars,
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(st.text(max_size=12) | st.sampled_from(
                                   ["id", "name", "count", "kind", "parent", "source", "pl", "en", "deck",
                                    "copies", "values", "formula", "section"]), children, max_size=4)),
    max_leaves=25)


def _validate_tree(folder: Path) -> None:
    result = validate_folder(folder)
    for issue in result.issues:
        assert issue.span.file, issue
        assert issue.message


@FUZZ
@given(text=st.text(max_size=400))
def test_random_text_is_refused_or_read_cleanly(text):
    try:
        read_yaml_text(text, "fuzz.yaml")
    except DataErrors as exc:
        assert exc.issues and all(i.span.file == "fuzz.yaml" for i in exc.issues)


@FUZZ
@given(data=st.data())
def test_mutated_demo_files_never_crash(tmp_path_factory, data):
    name = data.draw(st.sampled_from(sorted(DEMO_TEXT)))
    text = DEMO_TEXT[name]
    kind = data.draw(st.sampled_from(["delete", "insert", "replace", "swap_lines"]))
    pos = data.draw(st.integers(0, len(text)))
    if kind == "delete":
        text = text[:pos] + text[pos + data.draw(st.integers(1, 40)):]
    elif kind == "insert":
        text = text[:pos] + data.draw(st.sampled_from(
            [":", "- ", "  ", "{", "]", "unknown", "-1", "&a ", "*a", "!!str ", "\t", "'", "\n", "x: 1\n"])) + text[pos:]
    elif kind == "replace":
        text = text[:pos] + data.draw(st.text(max_size=8)) + text[pos + 8:]
    else:
        lines = text.splitlines(keepends=True)
        i, j = data.draw(st.integers(0, len(lines) - 1)), data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
        text = "".join(lines)
    folder = tmp_path_factory.mktemp("fuzz") / "demo"
    shutil.copytree(FIXTURES / "demo", folder)
    (folder / name).write_text(text, encoding="utf-8")
    _validate_tree(folder)


@FUZZ
@given(doc=st.dictionaries(st.sampled_from(["components", "cards", "decks", "setup", "rules", "glossary",
                                             "tiles", "boards", "tables", "nonsense"]), yaml_values, max_size=3))
def test_generated_documents_never_crash(tmp_path_factory, doc):
    folder = tmp_path_factory.mktemp("gen") / "demo"
    shutil.copytree(FIXTURES / "demo", folder)
    (folder / "zz_fuzz.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    _validate_tree(folder)


@FUZZ
@given(count=yaml_values, parent=yaml_values, values=yaml_values, formula=st.text(max_size=30))
def test_generated_field_values_never_crash(tmp_path_factory, count, parent, values, formula):
    folder = tmp_path_factory.mktemp("fld") / "demo"
    shutil.copytree(FIXTURES / "demo", folder)
    doc = {"components": [{"id": "fz", "name": {"pl": "a", "en": "a"}, "kind": "token", "count": count,
                           "parent": parent, "source": {"section": "X"}}]}
    setup = yaml.safe_load(DEMO_TEXT["setup.yaml"])
    setup["setup"]["rows"].append({"component": "fz", "values": values, "formula": formula,
                                   "source": {"section": "X"}})
    (folder / "setup.yaml").write_text(yaml.safe_dump(setup, allow_unicode=True), encoding="utf-8")
    (folder / "zz_fuzz.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    _validate_tree(folder)
