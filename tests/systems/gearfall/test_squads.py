"""Gearfall's squad files: the shipped squads load; a bad file is refused whole, each problem with its file, key
path, line and rule; no input crashes the checker."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import ContentError
from game.systems.gearfall.attacks import Kind
from game.systems.gearfall.characters import SQUAD_FORMAT, STATS, load_squad, parse_squad, shipped_squads
from tests.sampling import examples

GOOD = {"format": SQUAD_FORMAT, "name": "Test squad", "characters": [
    {"name": f"Hand {i}", "stats": dict.fromkeys(STATS, 4), "DEF": 13, "ARM": 14, "INIT": 13, "damage_boxes": 7,
     "skills": {"hand_weapon": 2, "rifle": 1},
     "weapons": [{"name": "Blade", "kind": "melee", "skill": "hand_weapon", "POW": 4},
                 {"name": "Carbine", "kind": "ranged", "skill": "rifle", "POW": 10, "range": 10}]}
    for i in range(3)]}


def _text(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False)


@pytest.mark.rule("GF-CHAR-1", "GF-CHAR-2", "GF-CHAR-4")
def test_the_shipped_squads_load_with_every_character_armed() -> None:
    squads = [load_squad(p) for p in shipped_squads()]
    assert len(squads) >= 2
    for squad in squads:
        assert 3 <= len(squad.characters) <= 5
        for c in squad.characters:
            assert set(c.stats) == set(STATS) and c.weapons
        assert any(w.critical == "knockdown" for c in squad.characters for w in c.weapons), "a knockdown weapon"


@pytest.mark.rule("GF-ATK-1")
def test_attack_scores_come_from_the_stat_the_skill_and_the_weapon() -> None:
    c = parse_squad(_text(GOOD), "good.yaml").characters[0]
    blade, carbine = c.weapons
    assert c.attack_score(blade) == ("MAT", 4 + 2 + 0)
    assert c.attack_score(carbine) == ("RAT", 4 + 1 + 0)
    assert carbine.kind is Kind.ranged and blade.kind is Kind.melee


@pytest.mark.rule("GF-CHAR-1", "GF-CHAR-2", "GF-CHAR-3", "GF-CHAR-4")
def test_a_bad_squad_is_refused_with_every_problem_named() -> None:
    bad = yaml.safe_load(_text(GOOD))
    bad["characters"] = bad["characters"][:2]
    bad["characters"][1]["name"] = "hand 0"
    c = bad["characters"][0]
    c["stats"]["PRW"] = 12
    del c["stats"]["PER"]
    c["stats"]["LUCK"] = 3
    c["skills"]["rifle"] = 7
    c["weapons"][0]["skill"] = "polearm"
    del c["weapons"][1]["range"]
    with pytest.raises(ContentError) as caught:
        parse_squad(_text(bad), "bad.yaml")
    text = caught.value.describe()
    for expect in ("a squad has 3 to 5 characters, not 2 [GF-CHAR-1]", "is already the name of characters[0]",
                   "characters[0].stats: missing PER", "characters[0].stats.LUCK: 'LUCK' is no stat",
                   "characters[0].stats.PRW: PRW 12 is outside 0 to 10 [GF-CHAR-2]",
                   "characters[0].skills.rifle: skill level 7 is outside 1 to 4 [GF-CHAR-3]",
                   "characters[0].weapons[0].skill: Hand 0 has no skill 'polearm'",
                   "characters[0].weapons[1]: missing required key 'range'"):
        assert expect in text, (expect, text)
    assert "bad.yaml" in text and ":" in text.split("\n")[0]


def test_a_file_of_another_format_is_told_so() -> None:
    with pytest.raises(ContentError, match="expected 'gearfall/squad@1', found 'iron-honor/party@1'"):
        parse_squad(_text({**GOOD, "format": "iron-honor/party@1"}), "party.yaml")


json_values = st.recursive(st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=8),
                           lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=8), kids,
                                                                                    max_size=3), max_leaves=12)


@given(key=st.sampled_from(["name", "characters", "format"]), value=json_values,
       who=st.integers(0, 2), field=st.sampled_from(["name", "stats", "DEF", "skills", "weapons", "damage_boxes"]))
@settings(max_examples=examples(90), deadline=None)
def test_no_damaged_squad_crashes_the_checker(key: str, value: object, who: int, field: str) -> None:
    for data in ({**GOOD, key: value},
                 {**GOOD, "characters": [{**c, field: value} if i == who else c
                                         for i, c in enumerate(GOOD["characters"])]}):
        try:
            parse_squad(_text(data), "fuzz.yaml")
        except ContentError as exc:
            assert "fuzz.yaml" in exc.describe()
