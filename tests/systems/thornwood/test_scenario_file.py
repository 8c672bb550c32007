"""Thornwood's scenario file: the shipped Furs Markers equals the built-in one and its markers fit the table; a bad
file is refused whole with a located message for broken, binary, huge and hostile input ([TW-SET-1],
[TW-FURS-1])."""

from __future__ import annotations

import dataclasses
import math
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.maps import TABLE_SIZE, load_map, shipped_maps
from game.core.errors import ContentError
from game.systems.thornwood.scenario import (
    FURS_MARKERS,
    load_scenario,
    marker_places,
    parse_scenario,
    shipped_scenarios,
)
from tests.sampling import examples
from tests.systems.thornwood.test_band import ALIAS_BOMB

HEAD = "format: thornwood/scenario@1\nname: X\n"


def refused(text: str | bytes) -> str:
    with pytest.raises(ContentError) as caught:
        parse_scenario(text, "bad.yaml")
    return caught.value.describe()


@pytest.mark.rule("TW-SET-1", "TW-FURS-1", "TW-TURN-1")
def test_the_shipped_furs_markers_is_the_built_in_one() -> None:
    assert [p.name for p in shipped_scenarios()] == ["furs_markers.yaml"]
    shipped = load_scenario(shipped_scenarios()[0])
    assert dataclasses.replace(shipped, file="<built in>") == FURS_MARKERS
    s = FURS_MARKERS
    assert (s.map, s.turns, s.edges, s.depth) == ("forest_crossing", 8, ("bottom", "top"), 6.0)
    assert (s.markers_per_side, s.marker_spacing, s.edge_spacing) == (3, 10.0, 9.0)
    assert s.zone_text(1) == "within 6″ of the top edge"
    assert s.map in {p.stem for p in shipped_maps()}
    assert load_map(next(p for p in shipped_maps() if p.stem == s.map)).size == TABLE_SIZE


@pytest.mark.rule("TW-FURS-1")
def test_six_markers_twelve_inches_apart_fit_only_away_from_a_twelve_inch_border() -> None:
    """The seed's 12″ from every edge leaves a 12″ square on the 36″ table: four markers, not six."""
    assert marker_places(6, 12, 12) == [] and len(marker_places(4, 12, 12)) == 4
    for count, spacing, edge in ((6, 12, 6), (6, 12, 7), (9, 12, 6), (1, 12, 18), (3, 0, 10)):
        places = marker_places(count, spacing, edge)
        assert len(places) == count
        for x, y in places:
            assert edge - 1e-9 <= x <= TABLE_SIZE - edge + 1e-9 and edge - 1e-9 <= y <= TABLE_SIZE - edge + 1e-9
        assert all(math.dist(p, q) >= spacing - 1e-9 for p, q in combinations(places, 2))
    assert "6 Furs Markers 12″ apart and 12″ from every edge do not fit on the 36″ table [TW-FURS-1]" in \
        refused(HEAD + "marker_spacing: 12\nedge_spacing: 12\n")
    assert parse_scenario(HEAD + "marker_spacing: 12\nedge_spacing: 12\nmarkers_per_side: 2\n").markers_per_side == 2


@pytest.mark.rule("TW-SET-1")
def test_a_bad_scenario_is_refused_naming_the_file_the_key_and_the_line() -> None:
    text = refused(HEAD + "turns: 40\nedges: [top, left]\nmap: forest_crosing\n")
    assert "bad.yaml:3: turns" in text and "bad.yaml:5: map: no shared map is called 'forest_crosing'; did you " \
        "mean 'forest_crossing'?" in text
    assert "bad.yaml:4: edges: the two sides start across the table from each other: 'top' and 'bottom', not " \
        "'left' [TW-SET-1]" in text
    assert "expected 'thornwood/scenario@1', found 'gearfall/scenario@1'" in refused("format: gearfall/scenario@1\n")
    assert "edges" in refused(HEAD + "edges: [top]\n")
    assert "depth" in refused(HEAD + "depth: 0\n") and "name" in refused("format: thornwood/scenario@1\n")
    assert "unknown key 'turn'" in refused(HEAD + "turn: 3\n")
    assert parse_scenario(HEAD + "map: my_maps/glade.yaml\n").map == "my_maps/glade.yaml"
    assert parse_scenario(HEAD).turns == 8


@pytest.mark.parametrize("text", [b"\x00\x01\x02binary", b"\xff\xfe not utf-8",
                                  b"format: thornwood/scenario@1\nname: " + b"x" * 3_000_000,
                                  "a: &a [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n" * 3, ALIAS_BOMB, "format: [unclosed\n",
                                  "!!python/object:os.system {}\n", "", "- a list\n"],
                         ids=["binary", "not-utf8", "huge", "self-alias", "alias-bomb", "broken", "hostile", "empty",
                              "a-list"])
def test_binary_huge_and_hostile_text_is_refused_not_crashed(text: str | bytes) -> None:
    assert "bad.yaml" in refused(text)


values = st.none() | st.booleans() | st.integers(-3, 50) | st.floats(-5, 50) | st.text(max_size=10) | \
    st.lists(st.sampled_from(["top", "bottom", "left", "right", "up"]), max_size=3)


@given(key=st.sampled_from(["name", "briefing", "map", "turns", "edges", "depth", "markers_per_side",
                            "marker_spacing", "edge_spacing", "format", "other"]), value=values)
@settings(max_examples=examples(120), deadline=None)
def test_no_damaged_scenario_crashes_the_checker(key: str, value: object) -> None:
    import yaml

    data = {**yaml.safe_load(shipped_scenarios()[0].read_text(encoding="utf-8")), key: value}
    try:
        parse_scenario(yaml.safe_dump(data, allow_unicode=True), "fuzz.yaml")
    except ContentError as exc:
        assert "fuzz.yaml" in exc.describe()


@given(text=st.text(max_size=200) | st.binary(max_size=200))
@settings(max_examples=examples(150), deadline=None)
def test_any_text_parses_or_is_a_content_error(text: str | bytes) -> None:
    try:
        parse_scenario(text, "any.yaml")
    except ContentError as exc:
        assert "any.yaml" in exc.describe()


@pytest.mark.rule("TW-FURS-1")
def test_a_vanishing_marker_spacing_is_answered_at_once():
    """A spacing of 5e-324″ once filled the memory with grid points (the fuzz's crashed worker)."""
    assert len(marker_places(6, 5e-324, 9.0)) == 6
    assert marker_places(6, 12.0, 9.0) == []  # six 12″ apart, 9″ from the edges: no room
