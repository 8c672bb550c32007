"""Map files: the shipped maps load and suit the encounters; bad files give located errors, never a traceback."""

from __future__ import annotations

import pytest

from game.content.maps import load_map, parse_map, shipped_maps
from game.core.errors import ContentError
from game.paths import MAPS_DIR

HEAD = "format: iron-honor/map@1\nname: Test\nterrain:\n"


def errors(text: str | bytes) -> list:
    with pytest.raises(ContentError) as info:
        parse_map(text, "bad.yaml")
    assert info.value.problems
    return info.value.problems


@pytest.mark.rule("TERR-1", "TERR-4", "BASE-1")
def test_shipped_maps_are_valid_and_varied() -> None:
    files = shipped_maps()
    assert len(files) >= 4
    for f in files:
        m = load_map(f)
        kinds = {p.kind for p in m.pieces}
        assert kinds == {"rough", "obstacle", "impassable", "area"}, f.name
        imp = [p for p in m.pieces if p.kind == "impassable"]
        assert any(p.blocks_los for p in imp) and any(not p.blocks_los for p in imp), f.name
        assert any(p.water for p in m.pieces), f.name
        assert len({p.style for p in m.pieces}) >= 4


def test_shipped_maps_leave_room_for_every_encounter() -> None:
    """Every edge strip and the central marker square have enough clear ground for a party."""
    from game.geometry import Battlefield
    from game.geometry.battlefield import CAT_IMPASSABLE, CAT_OBSTACLE

    r = 0.787  # a 40 mm base
    for f in shipped_maps():
        bf = Battlefield(load_map(f))

        def free(x: float, y: float, bf: Battlefield = bf) -> bool:
            return not bf.pieces_overlapping((x, y), r, CAT_IMPASSABLE | CAT_OBSTACLE)

        grid = [i * 0.5 + 1 for i in range(69)]
        for edge in ("top", "bottom", "left", "right"):
            spots = [(x, y) for x in grid for y in grid
                     if Battlefield.in_edge_zone((x, y), r, edge, 6) and free(x, y)]
            assert len(spots) > 150, (f.name, edge)  # room for ten bases with space to spare
        centre = [(x, y) for x in grid for y in grid if 12 <= x <= 24 and 12 <= y <= 24 and free(x, y)]
        assert len(centre) > 400, f.name  # Salvage markers go in the central 12″ square


def test_good_map_with_defaults() -> None:
    m = parse_map(HEAD + "  - {id: w, kind: obstacle, polygon: [[1, 1], [2, 1], [2, 2]]}\n"
                         "  - {id: h, kind: impassable, polygon: [[5, 5], [6, 5], [6, 6]], blocks_los: true}\n")
    assert m.pieces[0].cross_cost == 1.0 and m.pieces[0].style == "wall"
    assert m.pieces[1].blocks_sight and not m.pieces[0].blocks_sight


@pytest.mark.parametrize(
    ("body", "where", "line", "needle"),
    [
        ("  - {id: a, kind: rough, polygon: [[1, 1], [5, 5], [5, 1], [1, 5]]}\n", "terrain[0].polygon", 4,
         "intersect itself"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [40, 1], [5, 5]]}\n", "terrain[0].polygon[1]", 4, "off the table"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, -0.5], [5, 5]]}\n", "terrain[0].polygon[1]", 4,
         "off the table"),
        ("  - {id: a, kind: swamp, polygon: [[1, 1], [2, 1], [2, 2]]}\n", "terrain[0].kind", 4, "expected"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, 1]]}\n", "terrain[0].polygon", 4, "at least 3 points"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, 1], [2, 1], [3, 3]]}\n", "terrain[0].polygon", 4,
         "same point"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, 2], [3, 3]]}\n", "terrain[0].polygon", 4, ""),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, 1, 3], [2, 2]]}\n", "terrain[0].polygon[1]", 4,
         "a point [x, y]"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [two, 1], [2, 2]]}\n", "terrain[0].polygon[1][0]", 4,
         "expected a number"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, 1], [2, 2]], blocks_los: true}\n", "terrain[0].blocks_los",
         4, "impassable pieces only"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, 1], [2, 2]], cross_cost: 2}\n", "terrain[0].cross_cost",
         4, "obstacles only"),
        ("  - {id: a, kind: obstacle, polygon: [[1, 1], [2, 1], [2, 2]], cross_cost: -1}\n",
         "terrain[0].cross_cost", 4, "crossing cost"),
        ("  - {id: a, kind: impassable, polygon: [[1, 1], [2, 1], [2, 2]], blocks_los: 'yes'}\n",
         "terrain[0].blocks_los", 4, "true or false"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, 1], [2, 2]], water: 1}\n", "terrain[0].water", 4,
         "true or false"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, 1], [2, 2]], colour: red}\n", "terrain[0].colour", 4,
         "unknown key 'colour'"),
        ("  - {id: a, kind: rough, polygon: [[1, 1], [2, 1], [2, 2]]}\n  - {id: a, kind: rough, polygon: "
         "[[5, 5], [6, 5], [6, 6]]}\n", "terrain[1].id", 5, "duplicate terrain id 'a'"),
        ("  - {kind: rough, polygon: [[1, 1], [2, 1], [2, 2]]}\n", "terrain[0].id", 4, "missing required key 'id'"),
        ("  - just text\n", "terrain[0]", 4, "expected a mapping"),
        ("  - {id: a, kind: rough, polygon: 7}\n", "terrain[0].polygon", 4, "expected a list"),
    ],
)
def test_bad_pieces_are_located(body: str, where: str, line: int, needle: str) -> None:
    problems = errors(HEAD + body)
    assert any(p.where == where and p.line == line and needle in p.message for p in problems), problems


@pytest.mark.parametrize("text", [b"\x00\x01garbage", b"\xff\xfe", "", "[1, 2", "- a\n- b\n", "format: x\n",
                                  "format: iron-honor/map@1\nname: x\nterrain: {a: 1}\n"])
def test_garbage_is_a_content_error(text: str | bytes) -> None:
    assert errors(text)


def test_all_problems_at_once_and_the_file_is_rejected_whole() -> None:
    body = ("  - {id: a, kind: rough, polygon: [[1, 1], [50, 1], [2, 2]]}\n"
            "  - {id: a, kind: rough, polygon: [[1, 1], [5, 5], [5, 1], [1, 5]]}\n"
            "  - {id: b, kind: obstacle, polygon: [[1, 1], [2, 1], [2, 2]]}\n")
    problems = errors(HEAD + body)
    assert {p.where for p in problems} == {"terrain[0].polygon[1]", "terrain[1].id", "terrain[1].polygon"}
    assert "bad.yaml:5" in ContentError("bad.yaml", problems).describe()


def test_missing_file(tmp_path) -> None:
    with pytest.raises(ContentError, match="no such file"):
        load_map(tmp_path / "nope.yaml")


def test_overlapping_pieces_and_slivers_load_with_located_warnings(tmp_path, capsys) -> None:
    from game.cli import main

    path = tmp_path / "m.yaml"
    path.write_text("format: iron-honor/map@1\nname: T\nterrain:\n"
                    "  - {id: a, kind: area, style: forest, polygon: [[1, 1], [6, 1], [6, 6], [1, 6]]}\n"
                    "  - {id: b, kind: rough, style: field, polygon: [[5, 5], [9, 5], [9, 9], [5, 9]]}\n"
                    "  - {id: c, kind: obstacle, style: wall, polygon: [[10, 10], [15, 10], [15, 10.2], [10, 10.2]]}\n")
    assert main(["validate", str(path)]) == 0  # warnings, not errors: a ford laid over a river is meant
    out = capsys.readouterr().out
    assert f"warning: {path}:5: terrain[1]: 'b' (rough) overlaps 'a' (area) by 1.00 sq in" in out
    assert f"warning: {path}:6: terrain[2]: 'c' is thinner than 0.25″ everywhere" in out
    assert main(["validate", str(MAPS_DIR)]) == 0
    assert "warning" not in capsys.readouterr().out  # the shipped maps are clean
