"""The JSON contracts of `pnp inventory` and `pnp setup`, and the schema export."""
from __future__ import annotations

import json

from generator.schema.components import ComponentKind
from tests.conftest import FIXTURES


def test_inventory_contract(run_cli):
    result = run_cli("inventory", "demo", "--data", FIXTURES, "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert report["game"] == "demo" and report["players"] == {"min": 2, "max": 4}
    first = report["components"][0]
    assert {"id", "name", "kind", "count", "parent", "module", "source"} <= set(first)
    assert set(first["name"]) == {"pl", "en"}
    by_id = {c["id"]: c for c in report["components"]}
    assert by_id["gold_cards"]["parent"] == "cards" and by_id["gold_cards"]["count"] == 20
    assert by_id["bonus_gold"]["count"] is None  # unknown is null, never a guess
    assert by_id["cards"]["source"]["cite"] == "ZAWARTOŚĆ PUDEŁKA, p. 2"
    # totals count wholes once (cards 30, not 30 + 20 + 10); the unknown bonus gold adds nothing
    assert report["totals"] == {"board": 1, "card": 30, "die": 1, "dial": 4, "figure": 4, "marker": 1,
                                "sheet": 4, "tile": 5, "token": 12}


def test_inventory_per_module(run_cli):
    report = run_cli("inventory", "demo", "--data", FIXTURES, "--json", "--module", "kickstarter").json()
    assert {c["id"] for c in report["components"]} == {"road_tiles", "bonus_gold"}
    assert report["totals"] == {"tile": 2}
    assert run_cli("inventory", "demo", "--data", FIXTURES, "--module", "nope").code == 2


def test_setup_contract(run_cli):
    report = run_cli("setup", "demo", "--data", FIXTURES, "--json").json()
    assert report["game"] == "demo" and report["player_counts"] == [2, 3, 4]
    rows = {r["component"]: r for r in report["rows"]}
    assert rows["gold_cards"]["values"] == {"2": 8, "3": 10, "4": 12}
    assert rows["gold_cards"]["formula"] == "2*N + 4"
    per = {p["component"]: p["count"] for p in report["per_player"]}
    assert per == {"castle_cards": 2, "heroes": 1, "rules_sheet": 1}


def test_setup_scenario_and_player_filter(run_cli):
    report = run_cli("setup", "demo", "--data", FIXTURES, "--json", "--players", "3", "--scenario", "siege").json()
    assert report["player_counts"] == [3]
    per = {p["component"]: p["count"] for p in report["per_player"]}
    assert per["gold_cards"] == 0  # the siege scenario's own allotment
    assert run_cli("setup", "demo", "--data", FIXTURES, "--players", "7").code == 2
    assert run_cli("setup", "demo", "--data", FIXTURES, "--scenario", "nope").code == 2


def test_text_reports_render(run_cli):
    inv = run_cli("inventory", "demo", "--data", FIXTURES)
    assert inv.code == 0 and "gold_cards" in inv.out and "ZAWARTOŚĆ" in inv.out
    setup = run_cli("setup", "demo", "--data", FIXTURES)
    assert setup.code == 0 and "castle_cards (each player)" in setup.out


def test_schema_export(run_cli, tmp_path):
    target = tmp_path / "schema.json"
    assert run_cli("schema", "-o", target).code == 0
    schema = json.loads(target.read_text())
    assert schema["title"].startswith("pnpforge") and "components" in schema["properties"]
    kinds = schema["$defs"]["Component"]["properties"]["kind"]["enum"]
    assert set(kinds) == set(ComponentKind.__args__)


def test_every_component_kind_loads_from_the_fixture(run_cli):
    report = run_cli("inventory", "demo", "--data", FIXTURES, "--json").json()
    assert {c["kind"] for c in report["components"]} == set(ComponentKind.__args__)


def test_data_and_out_options_and_usage_errors(run_cli, tmp_path):
    assert run_cli("validate", "--data", tmp_path / "missing").code == 2
    assert run_cli("frobnicate").code == 2
    assert run_cli().code == 2
