"""The set-up's matchup warnings: the figures of both parties, nothing for an even pair."""

from game.content.matchup import matchup_warnings
from game.content.party_building import load_party
from game.paths import DEFAULT_MATCHUP, PARTIES_DIR


def party(name: str):
    return load_party(PARTIES_DIR / f"{name}.yaml")


def test_the_default_matchup_is_even() -> None:
    assert matchup_warnings(*(party(n) for n in DEFAULT_MATCHUP)) == []


def test_a_cheap_party_against_a_full_one_is_named_with_its_costs() -> None:
    (line,) = matchup_warnings(party("lantern_adventuring_co"), party("northmen_raiding_party"))
    assert "Northmen Raiding Party costs 200 ExP" in line and "Lantern Adventuring Co. 126 ExP" in line
    assert "74 ExP more" in line


def test_a_large_party_against_a_medium_one_names_both_sizes() -> None:
    lines = matchup_warnings(party("hollow_court"), party("ghrim_company"))
    assert any("large party (275 ExP budget)" in s and "medium one (200 ExP)" in s for s in lines)
