"""`pnp todo`: every unknown, grouped and ranked by the printed items it leaves blank, with where to fill."""
from __future__ import annotations

from tests.conftest import CARDS_DATA, ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "overlay"


def _todo(run_cli, game, *extra):
    result = run_cli("todo", game, "--data", CARDS_DATA, "--json", *extra)
    assert result.code == 0, result.err
    return result.json()


def test_todo_ranks_by_blank_printed_items(run_cli):
    report = _todo(run_cli, "runewars")
    todo = report["todo"]
    blanks = [g["blank"] for g in todo]
    assert blanks == sorted(blanks, reverse=True)
    fate = next(g for g in todo if g["what"] == "Fate cards" and g["field"].startswith("stats."))
    assert fate["blank"] == 30 and fate["unit"] == "card"
    assert fate["summary"].startswith("Runewars — Fate cards: ") and fate["summary"].endswith("unknown on 30 cards")
    # every unknown is in exactly one group, each with the file:line to fill
    places = [p for g in todo for p in g["places"]]
    assert len(places) == report["completion"]["unknown"]
    assert len({p["path"] for p in places}) == len(places)
    for p in places:
        assert p["file"].startswith("cards_data/runewars/") and p["line"] > 0
    assert [g["rank"] for g in todo] == list(range(1, len(todo) + 1))
    assert todo[-1]["blank"] == 0  # values only the site shows come last


def test_todo_points_at_the_line_of_the_unknown(run_cli):
    todo = _todo(run_cli, "runewars")["todo"]
    heroes_text = next(g for g in todo if g["what"] == "Heroes cards" and g["field"] == "text")
    for place in heroes_text["places"]:
        line = (ROOT / place["file"]).read_text(encoding="utf-8").splitlines()[place["line"] - 1]
        assert "unknown" in line, (place, line)


def test_todo_drops_what_the_overlay_filled(run_cli):
    before = _todo(run_cli, "runewars")
    after = _todo(run_cli, "runewars", "--overlay", FIXTURE)
    assert after["completion"]["unknown"] == before["completion"]["unknown"] - 2
    assert after["completion"]["owner"] == 2

    def heroes_text(report):
        return next(g for g in report["todo"] if g["what"] == "Heroes cards" and g["field"] == "text")

    assert heroes_text(after)["blank"] == heroes_text(before)["blank"] - 1
    assert not any("hero_zjawa" in p["path"] for g in after["todo"] for p in g["places"])


def test_todo_text_output_and_errors(run_cli):
    result = run_cli("todo", "runewars", "--data", CARDS_DATA)
    assert result.code == 0 and "Fate cards" in result.out and "cards_data/runewars/" in result.out
    result = run_cli("todo", "runewar", "--data", CARDS_DATA)
    assert result.code == 2 and "did you mean 'runewars'" in result.err


GAMES = ["battalia", "korona_starego_krola", "lords_of_ragnarok", "rune_age", "runewars"]


def test_todo_lists_every_unknown_of_every_game(run_cli):
    for game in GAMES:
        report = _todo(run_cli, game)
        listed = sorted(p["path"] for g in report["todo"] for p in g["places"])
        result = run_cli("validate", game, "--data", CARDS_DATA, "--json")
        unknowns = sorted(u["path"] for u in result.json()["games"][0]["unknowns"])
        assert listed == unknowns, game
        assert report["completion"]["unknown"] == len(unknowns)


def test_unprinted_gaps_rank_last(run_cli):
    todo = _todo(run_cli, "battalia")["todo"]
    module = [g for g in todo if g["field"] == "module"]
    assert module and all(g["blank"] == 0 for g in module)  # which module holds a card prints nowhere
    assert all(g["blank"] > 0 for g in todo[: len([g for g in todo if g["blank"] > 0])])
