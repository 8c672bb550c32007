"""Scenario effects a designer asked for (#36 points 3-6): story text, a d6 table of effects, a game won or
lost at once with its message, a piece replaced or removed after an event added it, reserves that name their
models and say where they arrive, victory text, who plays which role, and escaped models not "wiped out"."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.maps import BattleMap
from game.content.scenario_file import load_scenario, parse_scenario
from game.core.errors import ContentError
from game.rules import scoring
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import ESCAPED, KILLED, ON_TABLE, RESERVE
from tests.rules.encounter_harness import Policy, parties
from tests.rules.harness import square

HEAD = """format: iron-honor/scenario@1
name: The Gorge
roles: {higher: Raider, lower: Defender}
deployment:
  first: lower
  zones:
    lower: {edge: bottom, depth: 6}
    higher: {edge: top, depth: 6}
scoring:
  - {kind: kills}
  - {kind: control, name: the bridge, targets: {regions: [{name: the bridge, circle: {centre: [18, 18], diameter: 6}}]},
     count: {inside: true}, points: 2, active: false}
duration: {turns: 3}
"""
PLACES = {"A1": (18, 3), "A2": (10, 3), "A3": (26, 3), "B1": (18, 33), "B2": (10, 33), "B3": (26, 33)}


def scenario(tmp_path: Path, text: str):
    path = tmp_path / "gorge.yaml"
    path.write_text(HEAD + text)
    return load_scenario(path)


def game_of(tmp_path: Path, text: str, dice: tuple[int, ...] = (6, 1), battle_map: BattleMap | None = None,
            policy: Policy | None = None) -> Game:
    state = new_game(parties(), battle_map or BattleMap("open", ()), 7, scenario=scenario(tmp_path, text))
    state.dice.force(*dice)  # the set-up roll: Red (side 0) is higher, the Raider, unless told otherwise
    policy = policy or Policy(PLACES)
    return Game(state, [policy, policy])


def problems(tmp_path: Path, text: str) -> dict[str, str]:
    with pytest.raises(ContentError) as caught:
        scenario(tmp_path, text)
    return {p.where: p.message for p in caught.value.problems}


@pytest.mark.rule("ENC-4")
def test_a_story_is_told_with_its_title_text_and_line(tmp_path: Path) -> None:
    game = game_of(tmp_path, """events:
  - name: Dawn
    when: {turn_starts: 1}
    do:
      - story: {title: Dawn, text: Mist fills the gorge.}
""")
    while not any(e.kind == "StoryTold" for e in game.state.log):
        game.step()
    [told] = [e for e in game.state.log if e.kind == "StoryTold"]
    assert told.data["title"] == "Dawn" and told.data["text"] == "Mist fills the gorge."
    assert told.data["cite"] == "gorge.yaml:15 (events[0]), effect 1"
    assert told.text == "Dawn: Mist fills the gorge. (gorge.yaml:15 (events[0]), effect 1)"


ROLL = """events:
  - name: The river rises
    when: {turn_starts: 1}
    do:
      - roll:
          d6:
            1: [{story: {text: The river floods.}}, {scoring_on: the bridge}]
            "2-5": [{story: {text: Nothing happens.}}]
            "6": [{end_game: true}]
"""


@pytest.mark.rule("ENC-4")
@pytest.mark.parametrize(("face", "row", "stories"), [(1, "1", ["The river floods."]),
                                                      (4, "2-5", ["Nothing happens."])])
def test_a_d6_table_rolls_the_games_dice_and_plays_that_rows_effects(tmp_path: Path, face: int, row: str,
                                                                     stories: list[str]) -> None:
    game = game_of(tmp_path, ROLL, dice=(6, 1, face))  # the set-up roll, then the event's die
    while not any(e.kind == "StoryTold" for e in game.state.log):
        game.step()
    state = game.state
    [rolled] = [e for e in state.log if e.kind == "EventRoll"]
    assert rolled.data["dice"] == [face] and rolled.data["result"] == row and rolled.data["rule"] == "ENC-4"
    assert rolled.data["cite"] == "gorge.yaml:15 (events[0]), effect 1"
    assert [e.data["text"] for e in state.log if e.kind == "StoryTold"] == stories
    on = [e for e in state.log if e.kind == "ScoringSwitched"]
    assert bool(on) == (face == 1)
    if on:
        assert on[0].data["cite"] == "gorge.yaml:15 (events[0]), effect 1, roll 1 effect 2"
    assert state.dice.history[2].value == face and state.dice.history[2].forced


def test_a_d6_table_covers_every_face_exactly_once(tmp_path: Path) -> None:
    found = problems(tmp_path, ROLL.replace('"2-5"', '"2-4"').replace('"6"', '"4-7"'))
    assert found["events[0].do[0].roll.d6.4-7"].startswith("'4-7' is not a face or range of faces of a d6")
    assert found["events[0].do[0].roll.d6"] == "faces 5, 6 are in no row: each face 1 to 6 needs one"
    found = problems(tmp_path, ROLL.replace('"6"', '"5-6"'))
    assert found["events[0].do[0].roll.d6.5-6"] == "face 5 is in two rows: '2-5' and '5-6'"
    found = problems(tmp_path, ROLL.replace("scoring_on: the bridge", "scoring_on: the brige"))
    assert found["events[0].do[0].roll.d6[1][1].scoring_on"].startswith("no scoring entry is named 'the brige'")


WIN = """escape: {edge: enemy, side: Raider}
events:
  - name: The chief gets away
    when: {model_escaped: Raider}
    do:
      - win: {side: Raider, message: The chief is over the bridge with the loot!}
      - story: {text: never told}
"""


@pytest.mark.rule("ENC-4", "ENC-BRK-2")
def test_a_win_ends_the_game_at_once_with_its_message(tmp_path: Path) -> None:
    game = game_of(tmp_path, WIN)
    state = game.state
    while state.phase.value != "main":
        game.step()
    chief = state.model("A1")
    chief.status = ESCAPED  # the Raider's hero got away this activation
    game.step()  # the next activation: its fates are noticed after it
    while not game.over:
        game.step()
    assert state.turn == 1 and state.winner == 0
    kinds = [e.kind for e in state.log]
    assert "StoryTold" not in kinds  # the game ended at the win: the next effect never ran
    assert "Maintenance" not in kinds and "BagEmpty" not in kinds  # at once: no Maintenance Phase
    [victory] = [e for e in state.log if e.kind == "Victory"]
    assert victory.text == "Red (Raider) wins at once: The chief is over the bridge with the loot!"
    assert state.log[-1].kind == "GameOver"
    assert state.log[-1].data["message"] == "The chief is over the bridge with the loot!"


@pytest.mark.rule("ENC-4")
def test_a_loss_at_the_start_of_a_turn_gives_the_other_side_the_game(tmp_path: Path) -> None:
    game = game_of(tmp_path, """events:
  - {when: {turn_starts: 2}, do: [{lose: {side: Defender}}]}
""")
    game.run()
    state = game.state
    assert state.turn == 2 and state.winner == 0
    [decided] = [e for e in state.log if e.kind == "GameDecided"]
    assert decided.data["side"] == 0
    [victory] = [e for e in state.log if e.kind == "Victory"]
    assert victory.text == "Red (Raider) wins at once: Blue (Defender) loses by an event (gorge.yaml:15 (events[0]), " \
                           "effect 1)"


def test_a_win_names_a_side(tmp_path: Path) -> None:
    found = problems(tmp_path, WIN.replace("win: {side: Raider", "win: {side: Raiders"))
    assert found["events[0].do[0].win.side"].startswith("unknown side 'Raiders'")


@pytest.mark.rule("ENC-4")
def test_victory_messages_are_told_for_the_result(tmp_path: Path) -> None:
    game = game_of(tmp_path, """victory:
  messages: {Raider: The gorge is ours., Defender: They shall not pass., draw: Both sides limp home.}
""")
    game.run()
    state = game.state
    expected = {0: "The gorge is ours.", 1: "They shall not pass.", None: "Both sides limp home."}[state.winner]
    [told] = [e for e in state.log if e.kind == "VictoryMessage"]
    assert told.text == expected and state.log[-1].data["message"] == expected
    assert problems(tmp_path, "victory: {messages: {Raiders: x}}")["victory.messages.Raiders"].startswith(
        "'Raiders' is neither a side nor 'draw'")


TERRAIN = """events:
  - name: The bridge is cut
    when: {turn_starts: 1}
    do:
      - replace_piece:
          id: bridge
          with: {id: gap, kind: impassable, polygon: [[14, 16], [22, 16], [22, 20], [14, 20]]}
      - add_piece: {id: rubble, kind: rough, polygon: [[4, 4], [9, 4], [9, 9], [4, 9]]}
  - name: The bridge is repaired
    when: {turn_starts: 2}
    do:
      - remove_piece: gap
      - remove_piece: rubble
"""


@pytest.mark.rule("ENC-4", "ENC-LMK-1")
def test_a_piece_is_replaced_and_pieces_added_by_events_are_removed_later(tmp_path: Path) -> None:
    bridge = square("bridge", "area", 15, 17, 21, 19)
    cairn = square("cairn", "obstacle", 8, 8, 10, 10)  # the added rubble touches it: an event's piece keeps it
    game = game_of(tmp_path, TERRAIN, battle_map=BattleMap("gorge", (bridge, cairn)))
    state = game.state
    while state.turn == 1 and not game.over:
        game.step()
        ids = {p.id for p in state.battle_map.pieces}
        if "gap" in ids:
            assert "bridge" not in ids and {"rubble", "cairn"} <= ids
    assert any(e.kind == "PieceReplaced" and e.data["piece"] == "bridge" for e in state.log)
    while not any(e.kind == "PieceRemoved" and e.data["piece"] == "rubble" for e in state.log):
        game.step()
    assert {p.id for p in state.battle_map.pieces} == {"cairn"}
    assert not any(e.kind == "EventFailed" for e in state.log)


def test_a_replacement_needs_a_piece_of_good_shape_and_a_map_piece_to_replace(tmp_path: Path) -> None:
    from game.content.scenario_checks import map_problems
    from game.content.yaml_loader import parse_yaml

    found = problems(tmp_path, TERRAIN.replace("polygon: [[14, 16], [22, 16], [22, 20], [14, 20]]",
                                               "polygon: [[14, 16], [22, 16]]"))
    assert found["events[0].do[0].replace_piece.with.polygon"] == "a polygon needs at least 3 points, found 2"
    found = problems(tmp_path, TERRAIN.replace("with:", "wiht:"))
    assert found["events[0].do[0].replace_piece.wiht"] == "unknown key 'wiht'; did you mean 'with'?"
    doc = parse_yaml(HEAD + TERRAIN, "gorge.yaml")
    data = scenario(tmp_path, TERRAIN)
    found = {p.where: p.message for p in map_problems(doc, data, BattleMap("gorge", ()))}
    # 'gap' and 'rubble', added by the first event, may be removed by the second: only 'bridge' is missing
    assert found == {"events[0].do[0].replace_piece.id": "no piece 'bridge' on the map 'gorge'"}


RESERVES = """reserves:
  - {side: Defender, models: [blue club], arrival: {at: [18, 30], within: 3}}
  - {side: Defender, models: [Blue Axe]}
events:
  - name: The watch arrives
    when: {turn_starts: 2}
    do:
      - reinforcements: {side: Defender, models: [Blue Club], edge: own}
"""


@pytest.mark.rule("ENC-3", "ENC-4")
def test_reserves_name_their_models_and_say_where_they_arrive(tmp_path: Path) -> None:
    from game.rules.deployment import AutoDeploy

    policy = AutoDeploy(Policy(PLACES))
    game = game_of(tmp_path, RESERVES, policy=policy)
    state = game.state
    while state.turn == 1:
        game.step()
    assert state.encounter.reserved == ["B3", "B2"]  # Blue Club and Blue Axe, by name
    while not any(e.kind == "ReinforcementArrives" for e in state.log):
        game.step()
    club, axe = state.model("B3"), state.model("B2")
    assert club.status == ON_TABLE and axe.status == RESERVE  # the event brings only the model it names
    assert ((club.x - 18) ** 2 + (club.y - 30) ** 2) ** 0.5 + club.radius <= 3 + 1e-9  # its reserve's place


def test_reserves_and_reinforcements_that_name_models_are_checked(tmp_path: Path) -> None:
    found = problems(tmp_path, RESERVES.replace("models: [Blue Axe]}", "models: [Blue Axe], count: 1}")
                     .replace("models: [Blue Club], edge: own", "models: [Blue Hero]"))
    assert found["reserves[1]"].startswith("a reserve holds back 'count' models")
    assert found["events[0].do[0].reinforcements.models[0]"] == ("no reserve of 'Defender' holds back a model "
                                                                 "named 'Blue Hero' (held back: blue club, Blue Axe)")
    assert found["events[0].do[0].reinforcements"].startswith("reinforcements arrive at an 'edge' or 'at' a point")


def test_a_name_the_party_does_not_have_is_said_in_the_log(tmp_path: Path) -> None:
    game = game_of(tmp_path, RESERVES.replace("[Blue Axe]", "[Blue Bow]"))
    while game.state.turn == 1 and game.state.phase.value != "main":
        game.step()
    [failed] = [e for e in game.state.log if e.kind == "EventFailed"]
    assert failed.data["fault"] == "reserves"
    assert failed.text == "Blue has no model named 'Blue Bow' to hold back (gorge.yaml:16 (reserves[1]))"


@pytest.mark.rule("ENC-1")
def test_the_set_up_rolls_winner_may_choose_its_role(tmp_path: Path) -> None:
    text = HEAD.replace("roles: {higher: Raider, lower: Defender}",
                        "roles: {higher: Raider, lower: Defender, chosen_by: winner}")
    state = new_game(parties(), BattleMap("open", ()), 7, scenario=parse_scenario(text, "gorge.yaml"))
    state.dice.force(6, 1)  # Red wins the roll ...
    game = Game(state, [])
    d = game.pending
    assert d.kind == "choose_role" and d.side == 0 and [(o.key, o.label) for o in d.options] == [
        ("higher", "Raider"), ("lower", "Defender")]
    game.answer("lower")  # ... and plays the Defender: it deploys first, along the bottom edge
    assert state.encounter.named_side("Defender") == 0 and state.encounter.named_side("Raider") == 1
    assert game.pending.kind == "deploy" and game.pending.side == 0
    assert [e.text for e in state.log if e.kind == "RoleChosen"] == ["Red chooses to play Defender"]


@pytest.mark.rule("ENC-1")
def test_a_role_may_be_given_to_the_side_that_brought_a_party(tmp_path: Path) -> None:
    text = HEAD.replace("roles: {higher: Raider, lower: Defender}",
                        "roles: {higher: Raider, lower: Defender, chosen_by: party, party: {Raider: blue}}")
    state = new_game(parties(), BattleMap("open", ()), 7, scenario=parse_scenario(text, "gorge.yaml"))
    state.dice.force(6, 1)  # Red wins the roll, but Blue brought the Raider's party
    Game(state, [])
    assert state.encounter.named_side("Raider") == 1
    assert [e.text for e in state.log if e.kind == "RoleChosen"] == ["Blue plays Raider: the scenario gives it "
                                                                      "that role"]
    bad = HEAD.replace("roles: {higher: Raider, lower: Defender}",
                       "roles: {higher: Raider, chosen_by: party, party: {Raiders: blue}}")
    with pytest.raises(ContentError) as caught:
        parse_scenario(bad, "gorge.yaml")
    messages = {p.where: p.message for p in caught.value.problems}
    assert messages["roles.chosen_by"] == "roles chosen by 'party' need both roles named ('higher' and 'lower')"
    assert messages["roles.party.Raiders"].startswith("'Raiders' is not one of this scenario's roles")


@pytest.mark.rule("ENC-4", "ENC-BRK-2", "SEQ-16")
def test_raiders_who_all_escaped_were_not_wiped_out(tmp_path: Path) -> None:
    """The issue's case: every Raider gets off the far edge; the Defenders must not win by wipe out."""
    text = """escape: {edge: enemy, side: Raider}
victory:
  sudden:
    - {wipe_out: true}
"""
    game = game_of(tmp_path, text)
    state = game.state
    while state.phase.value != "main":
        game.step()
    for m in state.side_models(0):
        m.status = ESCAPED
    assert scoring.sudden_winner(state) is None  # the Raiders got away: nobody wiped them out
    state.model("A1").status = KILLED  # one killed, the others escaped: still not wiped out
    assert scoring.sudden_winner(state) is None
    state.model("A1").status = ESCAPED
    game.run()  # the game ends as the book says ([SEQ-16]: nobody left on the table), by the score
    assert state.encounter.decided is None and not any(e.kind == "Victory" for e in state.log)
    assert any(e.kind == "SideWipedOut" for e in state.log)
    assert state.winner is None  # 0 to 0: nobody killed anybody
    for m in state.side_models(0):
        m.status = KILLED
    assert scoring.sudden_winner(state) == (1, "the enemy is wiped out")  # killed to the last: wiped out


def test_a_reserves_arrival_is_one_place_on_the_table(tmp_path: Path) -> None:
    found = problems(tmp_path, RESERVES.replace("arrival: {at: [18, 30], within: 3}",
                                                "arrival: {at: [18, 40], edge: own, within: 3}"))
    assert found["reserves[0].arrival"] == "a reserve arrives at an 'edge' or 'at' a point (exactly one)"
    assert found["reserves[0].arrival.at"] == "the point [18, 40] is off the 36″ table"


def test_roles_chosen_otherwise_than_by_the_roll_are_checked(tmp_path: Path) -> None:
    def roles(text: str) -> dict[str, str]:
        with pytest.raises(ContentError) as caught:
            parse_scenario(HEAD.replace("roles: {higher: Raider, lower: Defender}", text), "gorge.yaml")
        return {p.where: p.message for p in caught.value.problems}

    assert roles("roles: {higher: Raider, party: {Raider: blue}}") == {
        "roles.party": "'party' applies to 'chosen_by: party' only"}
    assert roles("roles: {higher: Raider, chosen_by: winner}") == {
        "roles.chosen_by": "roles chosen by 'winner' need both roles named ('higher' and 'lower')"}
    assert roles("roles: {higher: Raider, lower: Defender, chosen_by: party}") == {
        "roles": "roles chosen by party need 'party': {ROLE: party file name}"}


def test_script_mode_takes_a_role_by_its_name() -> None:
    from game.rules.decision_kinds import DecisionKind
    from game.rules.decisions import Decision, Option
    from game.rules.script_mode import friendly

    d = Decision(DecisionKind.choose_role, 0, "choose", "ENC-1", [Option("higher", "Raider"),
                                                                 Option("lower", "Defender")])
    assert friendly(d, "defender") == "lower" and friendly(d, "higher") == "higher"
