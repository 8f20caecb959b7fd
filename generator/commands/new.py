"""Start your own game: write a small, valid, ORIGINAL game into <data>/<GAME>/ that builds at once.

It has one deck (a spreadsheet, cards.csv), one kind of token, a die, a board with a score track around
its edge, setup for two player counts, one rule and one glossary term — in the languages you ask for
(--lang, repeatable; default English). Change the files, then run `pnp validate GAME` and `pnp print GAME`.
Nothing is written when the folder already exists."""
from __future__ import annotations

import csv
import io
import os
import re
import shutil
import tempfile
from pathlib import Path

from generator.console import out_console
from generator.errors import UsageError, display_path

HELP = "start your own game: write a small valid original game to edit"
ID = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")
LANG = re.compile(r"^[a-z]{2}$")
CARDS = (("spark", 4, 1, "1", "fast"), ("bolt", 4, 2, "2", "fast;bold"), ("shield", 4, 2, "0", "calm"))


def add_arguments(parser) -> None:
    parser.add_argument("game", metavar="GAME", help="the new game's id: lowercase letters, digits, '_' or '-'")
    parser.add_argument("--lang", action="append", metavar="LANG",
                        help="a language of the game (ISO 639-1, repeatable; default: en)")


def run(args) -> int:
    game = args.game
    if not ID.fullmatch(game) or len(game) > 80:
        raise UsageError(f"'{game}' is not a game id; use lowercase letters, digits, '_' and '-' (e.g. my_game)")
    langs = list(dict.fromkeys(args.lang or ["en"]))
    bad = [x for x in langs if not LANG.fullmatch(x)]
    if bad:
        raise UsageError(f"--lang {bad[0]}: expected a two-letter ISO 639-1 code such as en, pl, de")
    data: Path = args.data
    target = data / game
    if target.exists():
        raise UsageError(f"{display_path(target)} already exists; choose another name or remove it")
    files = starter_files(game, langs)
    data.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{game}-", dir=data))
    try:
        for name, text in files.items():
            (staging / name).write_text(text, encoding="utf-8", newline="")
        os.replace(staging, target)  # all files appear at once, or none
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shown = display_path(target)
    data_arg = "" if data == Path("cards_data") else f" --data {display_path(data)}"
    console = out_console()
    console.print(f"created {shown}: {', '.join(files)}", highlight=False)
    console.print(f"next: pnp validate {game}{data_arg} && pnp print {game}{data_arg} && pnp boards {game}{data_arg}",
                  highlight=False)
    return 0


def starter_files(game: str, langs: list[str]) -> dict[str, str]:
    """The files of a starter game in ``langs`` (texts from the ``new.*`` catalog entries)."""
    from generator.i18n import t

    def text(key: str, **fields) -> str:
        return "{" + ", ".join(f"{lang}: {_q(t(lang, 'new.' + key, **fields))}" for lang in langs) + "}"

    title = game.replace("_", " ").replace("-", " ").title()
    files = {
        "game.yaml": f"""# {title}: your own game (origin: original), so values need no rulebook 'source'.
# The data format: docs/DATA.md. Check it with `pnp validate {game}`.
game:
  id: {game}
  title: {{{", ".join(f"{lang}: {_q(title)}" for lang in langs)}}}
  players: {{min: 2, max: 3}}
  play_time: {{min_minutes: 15, max_minutes: 30}}
  languages: [{", ".join(langs)}]
  origin: original
  summary: {text("summary")}
""",
        "components.yaml": f"""components:
  - id: cards
    name: {text("cards")}
    kind: card
    count: 12
    print: {{method: deck}}
  - id: coins
    name: {text("coins")}
    kind: token
    count: 30
    print: {{method: token, shape: circle, size: {{w: 18, h: 18}}, label: {text("coin_label")}}}
  - id: die
    name: {text("die")}
    kind: die
    count: 1
    print: {{method: die, size: {{w: 16, h: 16}}, faces: ["1", "2", "3", "4", "5", "6"]}}
  - id: board
    name: {text("board")}
    kind: board
    count: 1
    print: {{method: board}}

decks:
  - id: main
    name: {text("deck")}
    component: cards
    size: poker
    back: {{title: {text("deck")}, color: "#2d5f8a"}}
    cards_csv: cards.csv     # one row a card: edit it in any spreadsheet

boards:
  - id: board
    name: {text("board_name")}
    component: board
    size: {{w: 280, h: 280}}
    tracks:
      - {{id: score, name: {text("track")}, spaces: 41, start: 0, path: perimeter}}
    spaces:
      - {{id: market, name: {text("market")}}}
""",
        "cards.csv": _cards_csv(langs),
        "setup.yaml": f"""setup:
  player_counts: [2, 3]
  rows:
    - component: coins
      action: place
      values: {{2: 20, 3: 30}}
      formula: "10*N"
  per_player:
    - {{component: cards, count: 3}}
  steps:
    - number: 1
      text: {text("step1")}
""",
        "rules.yaml": f"""rules:
  - number: "1"
    title: {text("rule_title")}
    text: {text("rule_text")}

glossary:
  - id: coin
    term: {text("term")}
    definition: {text("term_definition")}
""",
    }
    return files


def _cards_csv(langs: list[str]) -> str:
    from generator.i18n import t

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", *(f"name.{x}" for x in langs), "copies", "cost", *(f"text.{x}" for x in langs),
                     "stats.points", "traits"])
    for card_id, copies, cost, points, traits in CARDS:
        writer.writerow([card_id, *(t(x, f"new.card.{card_id}") for x in langs), copies, cost,
                         *(t(x, f"new.card.{card_id}.text") for x in langs), points, traits])
    return out.getvalue()


def _q(text: str) -> str:
    """A YAML double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
