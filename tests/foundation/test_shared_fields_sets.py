"""Loaded models are frozen, so the set of fields each was given is shared between equal ones (a big game
holds tens of thousands of models and a dozen distinct sets); nothing may change one through another."""
from __future__ import annotations

from generator.schema.base import L10n
from generator.schema.components import Card


def _card(**extra) -> Card:
    base = {"id": "a", "deck": "d", "name": {"pl": "Karta"}, "copies": 1, "source": {"page": 3, "section": "Karty"}}
    return Card.model_validate({**base, **extra}, context={"languages": ("pl",)})


def test_equal_fields_sets_are_one_object_and_read_as_before():
    a, b, c = _card(), _card(id="b"), _card(id="c", cost=2)
    assert a.model_fields_set is b.model_fields_set
    assert a.name.model_fields_set is b.name.model_fields_set
    assert c.model_fields_set is not a.model_fields_set and "cost" in c.model_fields_set
    assert "cost" not in a.model_fields_set


def test_a_copy_with_changes_does_not_change_the_others():
    a, b = _card(), _card(id="b")
    changed = a.model_copy(update={"cost": 5})
    assert "cost" in changed.model_fields_set
    assert "cost" not in a.model_fields_set and "cost" not in b.model_fields_set


def test_localized_texts_share_theirs_too():
    one = L10n.model_validate({"pl": "tak"}, context={"languages": ("pl",)})
    two = L10n.model_validate({"pl": "nie"}, context={"languages": ("pl",)})
    assert one.model_fields_set is two.model_fields_set == {"pl"}
