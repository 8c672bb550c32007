"""What the shared maps' terrain means in Thornwood, on small hand-made maps with known answers: target types
([TW-TGT-1]), spotting classes ([TW-SPOT-3]), rough ground ([TW-MOVE-5]) and woods ([TW-MOVE-6])."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.maps import STYLES, BattleMap, TerrainPiece, load_map, shipped_maps
from game.core.vec import Vec2
from game.geometry import BaseRecord, Battlefield
from game.systems.thornwood import terrain
from game.systems.thornwood.terrain import (
    STYLE_COVER,
    SpotClass,
    TargetType,
    concealing_at,
    impassable,
    rough,
    spot_class,
    target_type,
    woods,
)
from tests.sampling import examples


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Vec2, ...]:
    return (Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1))


def piece(pid: str, kind: str, style: str, box: tuple[float, float, float, float], **kw: object) -> TerrainPiece:
    return TerrainPiece(pid, kind, rect(*box), style, **kw)  # type: ignore[arg-type]


def fig(bid: str, side: str, x: float, y: float) -> BaseRecord:
    return BaseRecord(bid, side, Vec2(x, y), 0.5)


SHOOTER = fig("shooter", "a", 18, 4)


def field(pieces: list[TerrainPiece], *figures: BaseRecord) -> Battlefield:
    return Battlefield(BattleMap("test", tuple(pieces)), [SHOOTER, *figures])


FOREST = piece("wood", "area", "forest", (14, 20, 22, 28))
WALL = piece("wall", "obstacle", "wall", (14, 19, 22, 19.5))
RUINS = piece("ruin", "area", "ruins", (14, 20, 22, 28))
HEDGE = piece("hedge", "obstacle", "hedge", (14, 19, 22, 19.5))
HOUSE = piece("house", "impassable", "building", (10, 12, 26, 16), blocks_los=True)
RUBBLE = piece("rubble", "rough", "rubble", (14, 20, 22, 28))
BRUSH = piece("brush", "rough", "brush", (14, 20, 22, 28))


@pytest.mark.rule("TW-TGT-1", "TW-SPOT-3")
@pytest.mark.parametrize(("pieces", "target", "expected"), [
    ([], (18, 24), TargetType.open),
    ([FOREST], (18, 24), TargetType.concealment),
    ([WALL], (18, 20.2), TargetType.cover),
    ([WALL], (18, 23), TargetType.open),  # the wall is 3″ away: no cover
    ([HEDGE], (18, 20.2), TargetType.concealment),
    ([RUINS], (18, 24), TargetType.fortified),
    ([RUBBLE], (18, 24), TargetType.cover),
    ([BRUSH], (18, 24), TargetType.concealment),
    ([WALL, FOREST], (18, 20.6), TargetType.cover),  # the best class counts
], ids=["open", "in-forest", "behind-wall", "far-from-wall", "behind-hedge", "in-ruins", "in-rubble", "in-brush",
        "wall-and-forest"])
def test_the_target_type_comes_from_the_terrain(pieces: list[TerrainPiece], target: tuple[float, float],
                                               expected: TargetType) -> None:
    bf = field(pieces, fig("target", "b", *target))
    assert target_type(bf, "shooter", "target") is expected
    assert spot_class(bf, "shooter", "target") is {
        TargetType.open: SpotClass.open, TargetType.concealment: SpotClass.concealed,
        TargetType.cover: SpotClass.cover, TargetType.fortified: SpotClass.hardest}[expected]


@pytest.mark.rule("TW-TGT-1")
def test_a_target_in_the_open_with_friends_bunched_is_easy() -> None:
    target = fig("target", "b", 18, 24)
    two = (fig("f1", "b", 19.2, 24), fig("f2", "b", 16.8, 24))
    assert target_type(field([], target, *two), "shooter", "target") is TargetType.easy
    assert spot_class(field([], target, *two), "shooter", "target") is SpotClass.open
    assert target_type(field([], target, two[0]), "shooter", "target") is TargetType.open  # one friend: not bunched
    apart = (fig("f1", "b", 21, 24), fig("f2", "b", 15, 24))
    assert target_type(field([], target, *apart), "shooter", "target") is TargetType.open
    enemies = (fig("e1", "a", 19.2, 24), fig("e2", "a", 16.8, 24))
    assert target_type(field([], target, *enemies), "shooter", "target") is TargetType.open
    assert target_type(field([FOREST], target, *two), "shooter", "target") is TargetType.concealment


@pytest.mark.rule("TW-TGT-1")
def test_a_target_out_of_sight_is_no_target() -> None:
    bf = field([HOUSE], fig("target", "b", 18, 24))
    assert target_type(bf, "shooter", "target") is None and spot_class(bf, "shooter", "target") is None
    # facing does not matter: the shooter turns to shoot
    bf = Battlefield(BattleMap("test", ()), [BaseRecord("shooter", "a", Vec2(18, 4), 0.5, 270.0),
                                             fig("target", "b", 18, 24)])
    assert target_type(bf, "shooter", "target") is TargetType.open


@pytest.mark.rule("TW-MOVE-5", "TW-MOVE-6", "TW-MOVE-7")
def test_rough_woods_and_impassable_by_kind_and_style() -> None:
    assert not rough(FOREST) and woods(FOREST)
    assert rough(RUINS) and not woods(RUINS)
    assert rough(RUBBLE) and rough(BRUSH) and not woods(BRUSH)
    assert woods(piece("thicket", "area", "brush", (0, 0, 2, 2))) and not rough(piece("t", "area", "brush",
                                                                                     (0, 0, 2, 2)))
    assert not rough(WALL) and not rough(HOUSE) and impassable(HOUSE) and not impassable(WALL)
    river = piece("river", "impassable", "river", (0, 0, 2, 2), water=True)
    ford = piece("ford", "rough", "ford", (0, 0, 2, 2), water=True)
    assert not rough(river) and rough(ford)
    by_id = {p.id: p for m in shipped_maps() for p in load_map(m).pieces}
    assert {i for i, p in by_id.items() if rough(p)} >= {"brambles", "stream", "marsh", "ford_centre", "reeds",
                                                         "wheat_field", "rubble_south", "fountain", "ruined_chapel"}
    assert not any(rough(by_id[i]) for i in ("big_wood", "south_wood", "north_wood", "copse_east", "ravine"))
    assert {i for i, p in by_id.items() if woods(p)} == {"big_wood", "south_wood", "west_thicket", "east_thicket",
                                                         "north_wood", "copse_east", "copse_west"}


def test_every_style_of_the_shared_maps_has_a_meaning_and_a_row_in_the_table() -> None:
    assert set(STYLE_COVER) == set(STYLES)
    rows = {line.split()[0] for line in (terrain.__doc__ or "").splitlines() if line and line[0].isalpha()}
    assert set(STYLES) <= rows


@pytest.mark.rule("TW-TGT-1")
def test_concealing_at_reads_the_ground_alone() -> None:
    bf = field([FOREST, piece("rub", "rough", "rubble", (2, 2, 6, 6))])
    assert concealing_at(bf, (18, 24)) is TargetType.concealment
    assert concealing_at(bf, (4, 4)) is TargetType.cover
    assert concealing_at(bf, (30, 30)) is TargetType.open


POOL = [FOREST, WALL, RUINS, HEDGE, RUBBLE, piece("rocks", "impassable", "rocks", (4, 20, 8, 24), blocks_los=True),
        piece("logs", "obstacle", "logs", (26, 22, 30, 22.6))]


@given(pieces=st.lists(st.sampled_from(POOL), max_size=3, unique_by=lambda p: p.id),
       x=st.floats(2, 34), y=st.floats(8, 34), friends=st.integers(0, 3))
@settings(max_examples=examples(60), deadline=None)
def test_moving_the_target_away_from_all_terrain_never_makes_it_harder_to_hit(
        pieces: list[TerrainPiece], x: float, y: float, friends: int) -> None:
    """The same target with the same friends around it, on the bare table: never a harder column."""
    def at(bf_pieces: list[TerrainPiece]) -> TargetType | None:
        target = fig("target", "b", x, y)
        near = [fig(f"f{i}", "b", x + 1.1 * (1 if i % 2 else -1), y + (i // 2) * 1.1) for i in range(friends)]
        return target_type(field(bf_pieces, target, *near), "shooter", "target")

    here, bare = at(pieces), at([])
    if here is not None and bare is not None:
        assert bare <= here


@pytest.mark.rule("TW-MOVE-5")
def test_the_movement_example_two_inches_of_loose_rock_take_four() -> None:
    """The seed's charge: crossing two inches of loose rock (rough ground) takes four inches of movement."""
    rock = piece("loose_rock", "rough", "rubble", (10, 10, 12, 20))
    bf = field([rock, FOREST])
    assert terrain.rough_length(bf, [(8, 15), (14, 15)]) == pytest.approx(2.0)
    assert terrain.move_cost(bf, [(10, 15), (12, 15)]) == pytest.approx(4.0)
    assert terrain.move_cost(bf, [(8, 15), (14, 15)]) == pytest.approx(2 + 4 + 2)
    assert terrain.move_cost(bf, [(8, 15), (14, 15)], ignores_rough=True) == pytest.approx(6.0)
    assert terrain.move_cost(bf, [(8, 12), (11, 12), (11, 18)]) == pytest.approx(2 + 2 * 1 + 2 * 6)
    assert terrain.move_cost(bf, [(15, 21), (21, 21)]) == pytest.approx(6.0), "woods are not rough"
    overlapping = field([rock, piece("more_rock", "rough", "rubble", (11, 10, 13, 20))])
    assert terrain.rough_length(overlapping, [(8, 15), (14, 15)]) == pytest.approx(3.0)


@pytest.mark.rule("TW-MOVE-6")
def test_full_armour_is_slowed_in_woods_and_on_rough_ground() -> None:
    bf = field([FOREST, piece("rub", "rough", "rubble", (2, 2, 6, 6)), WALL])
    assert terrain.slows_armour(bf, (18, 24)) and terrain.slows_armour(bf, (4, 4))
    assert not terrain.slows_armour(bf, (30, 30))


@pytest.mark.rule("TW-TGT-1")
def test_on_the_shared_maps() -> None:
    def on(map_name: str, target: tuple[float, float], shooter: tuple[float, float]) -> TargetType | None:
        battle_map = load_map(next(p for p in shipped_maps() if p.stem == map_name))
        bf = Battlefield(battle_map, [fig("shooter", "a", *shooter), fig("target", "b", *target)])
        return target_type(bf, "shooter", "target")

    assert on("forest_crossing", (8, 8), (8, 18)) is TargetType.concealment  # in the big wood
    assert on("forest_crossing", (31, 7), (31, 20)) is TargetType.concealment  # in the brambles
    assert on("forest_crossing", (16.5, 32.3), (16.5, 24)) is TargetType.concealment  # behind the hedge
    assert on("village_ruins", (22, 9), (22, 2)) is TargetType.fortified  # in the ruined chapel
    assert on("village_ruins", (18, 5.2), (18, 1)) is TargetType.cover  # behind the garden wall
    assert on("village_ruins", (16, 23), (16, 30)) is TargetType.cover  # in the rubble
    assert on("open_field", (18, 30), (18, 26)) is TargetType.open
