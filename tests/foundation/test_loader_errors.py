"""Every loader error kind: exact file:line:column message, exit 1, no traceback."""
from __future__ import annotations

import pytest

from tests.conftest import edit


def _only_error(result):
    assert result.code == 1, result.err
    assert "Traceback" not in result.err + result.out
    lines = [line for line in result.err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, result.err
    return lines[0]


@pytest.mark.parametrize(
    "old, new, expected",
    [
        ("  - id: cards\n", "  - id: cards\n    id: cards2\n", "components.yaml:3:5: duplicate key 'id'"),
        ("    count: 30\n", "\tcount: 30\n", "components.yaml:5:1: YAML syntax error: found character '\\t'"),
        ("    count: 30\n", "    count: [30\n", "components.yaml:6:11: YAML syntax error: expected ',' or ']', but got ':'"),
        ("    count: 30\n", "    count: &n 30\n", "components.yaml:5:12: anchor '&n' is not allowed"),
        ("    count: 30\n", "    count: !!python/object:os.system 30\n",
         "components.yaml:5:12: tag 'tag:yaml.org,2002:python/object:os.system' is not allowed"),
    ],
)
def test_yaml_level_errors(run_cli, demo_data, old, new, expected):
    edit(demo_data / "demo" / "components.yaml", old, new)
    line = _only_error(run_cli("validate", "--data", demo_data))
    assert expected in line


@pytest.mark.parametrize(
    "old, new, expected",
    [
        ("    count: 30\n", "    count: abc\n",
         "components.yaml:5:12: components[0].count: expected an integer from 0 to 10000 or 'unknown', got 'abc'"),
        ("    count: 30\n", "    count: -3\n",
         "components.yaml:5:12: components[0].count: expected an integer from 0 to 10000 or 'unknown', got -3"),
        ("    count: 30\n", "    count: 2.5\n",
         "components.yaml:5:12: components[0].count: expected an integer from 0 to 10000 or 'unknown', got 2.5"),
        ("    kind: card\n    count: 30\n", "    kind: cardboard\n    count: 30\n",
         "components.yaml:4:11: components[0].kind: expected one of 'card', 'tile'"),
        ("  - id: cards\n", "  - id: Cards!\n",
         "components.yaml:2:9: components[0].id: expected an id (lowercase letters, digits, '_' and '-'), got 'Cards!'"),
    ],
)
def test_schema_errors_are_located(run_cli, demo_data, old, new, expected):
    edit(demo_data / "demo" / "components.yaml", old, new)
    line = _only_error(run_cli("validate", "--data", demo_data))
    assert expected in line


def test_missing_field_points_at_its_mapping(run_cli, demo_data):
    edit(demo_data / "demo" / "components.yaml", "    kind: card\n    count: 30\n", "    count: 30\n")
    line = _only_error(run_cli("validate", "--data", demo_data))
    assert "components.yaml:2:5: components[0].kind: required field 'kind' is missing" in line


def test_empty_file(run_cli, demo_data):
    (demo_data / "demo" / "extra.yaml").write_text("", encoding="utf-8")
    line = _only_error(run_cli("validate", "--data", demo_data))
    assert "extra.yaml:1:1: file is empty" in line


def test_bom_and_bad_utf8(run_cli, demo_data):
    path = demo_data / "demo" / "rules.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert "rules.yaml:1:1: file starts with a byte-order mark" in _only_error(run_cli("validate", "--data", demo_data))
    path.write_bytes(path.read_bytes()[3:].replace(b"Przebieg", b"Prz\xffebieg"))
    line = _only_error(run_cli("validate", "--data", demo_data))
    assert "rules.yaml:3:20: bytes are not valid UTF-8 (byte 0xff)" in line


def test_top_level_key_twice_across_files(run_cli, demo_data):
    (demo_data / "demo" / "zz.yaml").write_text("setup:\n  rows: []\n", encoding="utf-8")
    line = _only_error(run_cli("validate", "--data", demo_data))
    assert "zz.yaml:1:1: setup: top-level key 'setup' is already defined in another file" in line


def test_unknown_top_level_key(run_cli, demo_data):
    (demo_data / "demo" / "more.yaml").write_text("componets: []\n", encoding="utf-8")
    line = _only_error(run_cli("validate", "--data", demo_data))
    assert "more.yaml:1:1: componets: unknown field 'componets' (did you mean 'components'?)" in line


def test_directory_where_file_expected(run_cli, demo_data):
    (demo_data / "demo" / "cards.yaml").mkdir()
    line = _only_error(run_cli("validate", "--data", demo_data))
    assert "cards.yaml: is a directory, expected a YAML file" in line


def test_unknown_game_is_a_usage_error(run_cli, demo_data):
    result = run_cli("validate", "dmo", "--data", demo_data)
    assert result.code == 2
    assert "unknown game 'dmo'" in result.err and "did you mean 'demo'" in result.err


def test_list_keys_merge_across_files_with_positions(run_cli, demo_data):
    (demo_data / "demo" / "zz_more_cards.yaml").write_text(
        "cards:\n  - id: extra\n    deck: gld\n    name: {pl: A, en: A}\n    copies: 1\n"
        "    source: {section: X}\n", encoding="utf-8")
    result = run_cli("validate", "--data", demo_data)
    assert result.code == 1
    assert "zz_more_cards.yaml:3:11: cards[6].deck: unknown deck 'gld' (did you mean 'gold'?)" in result.err


def test_unknown_field_reports_did_you_mean_and_the_missing_field(run_cli, demo_data):
    edit(demo_data / "demo" / "components.yaml", "    kind: card\n    count: 30\n", "    kidn: card\n    count: 30\n")
    result = run_cli("validate", "--data", demo_data)
    assert result.code == 1 and "Traceback" not in result.err
    assert "components.yaml:4:5: components[0].kidn: unknown field 'kidn' (did you mean 'kind'?)" in result.err
    assert "components.yaml:2:5: components[0].kind: required field 'kind' is missing" in result.err
