"""Names compare trimmed and case-folded; ids are lowercase with underscores; vectors in inches."""

from __future__ import annotations

import math

from game.core.ids import is_id, name_key, suggest
from game.core.vec import Vec2


def test_name_key_trims_and_casefolds() -> None:
    assert name_key("  Raensleyar ") == name_key("RAENSLEYAR") == "raensleyar"
    assert name_key("Straße") == name_key("STRASSE")


def test_ids() -> None:
    assert is_id("good_karma") and is_id("non_living")
    assert not is_id("Good_Karma") and not is_id("good-karma") and not is_id("")


def test_suggestions() -> None:
    assert suggest("sorcry", ["sorcery", "slayer"]) == "; did you mean 'sorcery'?"
    assert suggest("Sorcery", ["sorcery"]) == "; did you mean 'sorcery'?"
    assert suggest("zzzz", ["sorcery"]) == ""


def test_vec2() -> None:
    v = Vec2(3, 4)
    assert v.length() == 5 and v + (1, 1) == Vec2(4, 5) and v - (1, 1) == Vec2(2, 3)
    assert 2 * v == Vec2(6, 8) and v.dot((1, 0)) == 3
    assert math.isclose(Vec2.from_angle(90).y, 1.0) and math.isclose(Vec2(0, 1).angle(), 90.0)
    assert Vec2(0, 0).normalized() == Vec2(0, 0) and math.isclose(v.normalized().length(), 1.0)
    assert v.distance_to((0, 0)) == 5
