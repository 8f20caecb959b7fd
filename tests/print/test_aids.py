"""Player aids are double-sided: the turn and key numbers on the front, the base game's setup for every
player count (read from the setup table) and the common terms on the back — in the kit's language."""
from __future__ import annotations

from generator.geom.scene import Group, TextBlock
from generator.model.setup import row_value
from generator.plan import plan_game
from generator.validate.run import validate_folder
from tests.conftest import CARDS_DATA


def _blocks(items):
    for item in items:
        if isinstance(item, Group):
            yield from _blocks(item.items)
        elif isinstance(item, TextBlock):
            yield " ".join(item.fitted.lines)


def _text(face) -> str:
    return "\n".join(_blocks(face(0.0)))


def test_battalia_aid_back_gives_setup_per_player_count():
    index = validate_folder(CARDS_DATA / "battalia").index
    for lang, heading in (("pl", "graczy: 2 · 3 · 4"), ("en", "players: 2 · 3 · 4")):
        aids = [i for i in plan_game(index, lang).items["aids"] if i.back is not None]
        assert aids, "every aid sheet has a back"
        back = _text(aids[0].back)
        assert heading in back
        rows = [r for r in index.data.setup.rows if not r.scenario and not r.module
                and all(row_value(r, n) is not None for n in (2, 3, 4))]
        assert len(rows) >= 5
        for row in rows[:5]:  # the first rows always fit the back
            name = next(c for c in index.data.components if c.id == row.component).name.get(lang)
            values = " · ".join(str(row_value(row, n)) for n in (2, 3, 4))
            assert f"{name}" in back and values in back, (name, values)
        front = _text(aids[0].front)
        assert heading not in front  # the front keeps the turn outline and the key numbers
