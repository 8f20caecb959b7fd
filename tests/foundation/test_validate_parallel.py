"""`pnp validate` checks games in worker processes (one per CPU by default); the report must be exactly the
serial one — the same issues in the same order, the same exit code — whatever the scheduling."""
from __future__ import annotations

import os
import shutil

import pytest

from tests.conftest import CARDS_DATA, FIXTURES


@pytest.fixture
def forks(monkeypatch):
    """Games really go to forked children here (the test runner's own threads would make it serial)."""
    from generator.validate import run

    made = []
    fork = os.fork

    def counted():
        pid = fork()
        if pid:
            made.append(pid)
        return pid

    monkeypatch.setattr(run, "_can_fork", lambda: True)
    monkeypatch.setattr(os, "fork", counted)
    return made


def test_parallel_report_equals_serial(run_cli, forks):
    serial = run_cli("validate", "--json", "--jobs", "1")
    assert not forks
    parallel = run_cli("validate", "--json", "--jobs", "3")
    assert len(forks) == 2  # three shares: two children and this process
    assert serial.code == parallel.code == 0
    assert parallel.out == serial.out
    assert len(serial.json()["games"]) == 5


def test_parallel_errors_and_exit_code(run_cli, tmp_path, forks):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    shutil.copytree(CARDS_DATA / "rune_age", data / "rune_age")
    game = data / "demo" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("id: demo", "id: demo_typo", 1), encoding="utf-8")
    serial = run_cli("validate", "--data", data, "--jobs", "1")
    parallel = run_cli("validate", "--data", data, "--jobs", "2")
    assert serial.code == parallel.code == 1
    assert parallel.err == serial.err and "demo_typo" in serial.err


def test_bad_jobs_is_a_usage_error(run_cli):
    assert run_cli("validate", "--jobs", "0").code == 2


def test_a_big_games_later_languages_checked_in_a_child_report_the_same(demo_data, monkeypatch, run_cli):
    """The text-fit check forks for a big game's other languages: the same errors, each once, in the
    first language that shows it — a problem only in English, one in both, and a glyph only in English."""
    from generator.plan import check
    from tests.conftest import edit

    decks = demo_data / "demo" / "decks.yaml"
    long_en = "Gives a great deal of gold " * 60
    edit(decks, 'en: "Gives 1 :gold: in the buy phase."', f'en: "{long_en}"')
    edit(decks, "en: Northern Castle}", "en: Northern Castle 漢}")
    edit(decks, "text: unknown", 'text: {pl: "' + "bardzo długi tekst " * 60 + '", en: "' + "a very long text " * 60 + '"}')
    serial = run_cli("validate", "--data", demo_data, "--json", "--jobs", "1")
    forks = []
    in_child = check._in_child
    monkeypatch.setattr(check, "_fork_worthwhile", lambda ctx: True)  # the demo is small (and xdist has threads)
    monkeypatch.setattr(check, "_in_child", lambda *a: forks.append(a) or in_child(*a))
    forked = run_cli("validate", "--data", demo_data, "--json", "--jobs", "1")
    assert forks, "the later languages were checked in a child"
    assert serial.code == forked.code == 1
    assert forked.out == serial.out
    fits = [i for i in serial.json()["games"][0]["issues"] if i["code"] in ("text-fit", "glyph")]
    assert {i["code"] for i in fits} == {"text-fit", "glyph"}
    assert sum("(en)" in i["message"] for i in fits) >= 1 and sum("(pl)" in i["message"] for i in fits) >= 1


def test_a_child_that_fails_has_its_share_checked_here(run_cli, forks, monkeypatch):
    """A child that dies sends nothing: its games are validated in this process, the report unchanged."""
    serial = run_cli("validate", "--json", "--jobs", "1")
    real_exit = os._exit
    parent = os.getpid()
    monkeypatch.setattr(os, "_exit", lambda code: real_exit(7 if os.getpid() != parent else code))
    parallel = run_cli("validate", "--json", "--jobs", "2")
    assert forks and parallel.out == serial.out and parallel.code == 0


def test_a_big_games_print_checks_text_fit_beside_it_and_puts_nothing_in_place_on_errors(demo_data, monkeypatch,
                                                                                        run_cli, tmp_path):
    """`pnp print` of a big game prints while a child checks every language's text fit; the errors it finds
    are the ones `pnp validate` reports (all of them, located), the exit code is 1 and the earlier outputs
    stay as they were. With the data fixed, the print is put in place."""
    from generator.plan import check
    from tests.conftest import edit

    out = tmp_path / "out"
    assert run_cli("print", "demo", "--data", demo_data, "--out", out).code == 0
    before = {p: p.read_bytes() for p in out.rglob("*.pdf")}
    decks = demo_data / "demo" / "decks.yaml"
    edit(decks, 'en: "Gives 1 :gold: in the buy phase."', 'en: "' + "Gives a great deal of gold " * 60 + '"')
    edit(decks, "text: unknown", 'text: {pl: "' + "bardzo długi tekst " * 60 + '", en: "a"}')
    expected = run_cli("validate", "demo", "--data", demo_data, "--jobs", "1")
    forks = []
    in_child = check._in_child
    monkeypatch.setattr(check, "_fork_worthwhile", lambda ctx: True)  # the demo is small (and xdist has threads)
    monkeypatch.setattr(check, "_in_child", lambda *a: forks.append(a[1]) or in_child(*a))
    printed = run_cli("print", "demo", "--data", demo_data, "--out", out)
    assert forks == [["pl", "en"]], "every language checked beside the print"
    assert printed.code == expected.code == 1
    errors = sorted(line for line in expected.err.splitlines() if line.startswith("error:"))
    assert errors and sorted(line for line in printed.err.splitlines() if line.startswith("error:")) == errors
    assert {p: p.read_bytes() for p in out.rglob("*.pdf")} == before  # nothing put in place
    edit(decks, 'text: {pl: "' + "bardzo długi tekst " * 60 + '", en: "a"}', "text: unknown")
    edit(decks, 'en: "' + "Gives a great deal of gold " * 60 + '"', 'en: "Gives 1 :gold: in the buy phase."')
    forks.clear()
    assert run_cli("print", "demo", "--data", demo_data, "--out", out).code == 0 and forks


def test_an_interrupted_big_print_only_waits_for_its_check(demo_data, monkeypatch, run_cli, tmp_path):
    """Ctrl-C during a big game's print: the checking child is waited for, its languages are not checked
    again here even when it failed, and the command stops as interrupted."""
    from generator.plan import check
    from generator.targets import card_sheets

    monkeypatch.setattr(check, "_fork_worthwhile", lambda ctx: True)
    parent = os.getpid()
    real_exit = os._exit
    monkeypatch.setattr(os, "_exit", lambda code: real_exit(7 if os.getpid() != parent else code))  # child fails
    checked_here = []
    real_check = check._check_language
    monkeypatch.setattr(check, "_check_language",
                        lambda *a: (checked_here.append(a[1]) if os.getpid() == parent else None) or real_check(*a))

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(card_sheets, "print_game", interrupted)
    result = run_cli("print", "demo", "--data", demo_data, "--out", tmp_path / "out")
    assert result.code == 130 and checked_here == []


def test_a_big_games_print_meeting_a_character_its_font_lacks_reports_the_located_error(demo_data, monkeypatch,
                                                                                       run_cli, tmp_path):
    """The print draws while the check runs beside it, so the drawing may meet a character the font lacks
    first: the command reports the check's located error (exit 1), not an internal error."""
    from generator.plan import check
    from tests.conftest import edit

    edit(demo_data / "demo" / "decks.yaml", "{pl: Zamek Północy,", "{pl: Zamek Północy 漢,")
    expected = run_cli("validate", "demo", "--data", demo_data, "--jobs", "1")
    monkeypatch.setattr(check, "_fork_worthwhile", lambda ctx: True)  # the demo is small (and xdist has threads)
    printed = run_cli("print", "demo", "--data", demo_data, "--out", tmp_path / "out")
    assert printed.code == expected.code == 1, printed.err
    glyph = [line for line in expected.err.splitlines() if line.startswith("error:") and "U+6F22" in line]
    assert glyph and glyph[0] in printed.err and "internal error" not in printed.err
    assert not (tmp_path / "out" / "demo").exists()
