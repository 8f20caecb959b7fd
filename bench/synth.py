"""A synthetic game for the bench: N cards in one deck, each with a unique Polish name and text, a cost,
two stats and one shared back. Written into a temp folder by the bench (never committed).

The same card list (``cards(n)``) feeds the floor script, so both draw identical content."""
from __future__ import annotations

import json
import random
from pathlib import Path

WORDS = ("rycerz", "zamek", "złoto", "smok", "wieża", "miecz", "tarcza", "łucznik", "kapłan", "runa", "ogień",
         "woda", "las", "góra", "rzeka", "król", "królowa", "żołnierz", "źródło", "ściana", "gwiazda", "księżyc",
         "zaklęcie", "mikstura", "skarb", "ruiny", "bagno", "pustynia", "wilk", "niedźwiedź", "orzeł", "jeleń")
VERBS = ("Dobierz", "Odrzuć", "Zagraj", "Wybierz", "Przesuń", "Zniszcz", "Odzyskaj", "Pokaż", "Ulepsz", "Zbadaj")


def cards(n: int, seed: int = 7) -> list[dict]:
    """n cards with unique names and texts (deterministic)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        w = rng.sample(WORDS, 6)
        name = f"{w[0].capitalize()} {w[1]} {i}"
        text = (f"{rng.choice(VERBS)} {rng.randint(1, 3)} karty {w[2]}. Każdy gracz, który posiada {w[3]}, "
                f"traci {rng.randint(1, 4)} {w[4]} i {w[5]} numer {i}.")
        out.append({"id": f"c{i:05d}", "name": name, "text": text, "cost": rng.randint(0, 9),
                    "attack": rng.randint(0, 6), "defence": rng.randint(0, 6)})
    return out


def _q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)  # JSON strings are valid YAML flow scalars


def write_game(root: Path, n: int, game_id: str = "synth") -> Path:
    """Write cards_data-style folder ``root/game_id`` with n cards; returns the data root."""
    folder = root / game_id
    folder.mkdir(parents=True, exist_ok=True)
    src = '{assumption: "synthetic benchmark data"}'
    (folder / "game.yaml").write_text(f"""game:
  id: {game_id}
  title: {{pl: Gra Testowa, en: Test Game}}
  players: {{min: 2, max: 4, source: {src}}}
  rulebook: {{file: "none", title: "brak"}}
  summary: {{pl: Syntetyczna gra do pomiarów., en: A synthetic game for measurements.}}
stats:
  - {{id: attack, name: {{pl: Atak, en: Attack}}}}
  - {{id: defence, name: {{pl: Obrona, en: Defence}}}}
""", encoding="utf-8")
    (folder / "components.yaml").write_text(f"""components:
  - id: deck_cards
    name: {{pl: karty, en: cards}}
    kind: card
    count: {n}
    print: {{method: deck}}
    source: {src}
""", encoding="utf-8")
    (folder / "decks.yaml").write_text(f"""decks:
  - id: main
    name: {{pl: Talia, en: Deck}}
    component: deck_cards
    size: {{w: 63, h: 88}}
    size_source: {src}
    back: {{title: {{pl: Gra Testowa, en: Test Game}}, color: "#8a6d1d"}}
""", encoding="utf-8")
    all_cards = cards(n)
    for part in range(0, n, 1000):  # files stay under the loader's size limit
        lines = ["cards:"]
        for c in all_cards[part:part + 1000]:
            lines.append(f"""  - id: {c['id']}
    deck: main
    name: {{pl: {_q(c['name'])}, en: {_q(c['name'])}}}
    copies: 1
    cost: {c['cost']}
    stats: {{attack: {c['attack']}, defence: {c['defence']}}}
    text: {{pl: {_q(c['text'])}, en: {_q(c['text'])}}}
    source: {src}""")
        (folder / f"cards_{part // 1000:02d}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root
