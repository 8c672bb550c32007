"""What ``hard`` does that ``normal`` does not: close in on an enemy it cannot charge, stay on a target it alone
secures, spread over the objectives (game.ai.difficulty: close_in, hold_secured, spread)."""

from __future__ import annotations

import pytest

from game.ai import candidates, steering
from game.ai import prisoner as rescue
from game.ai.difficulty import HARD, NORMAL
from game.ai.futile import Futility
from game.ai.tactical import Tactical
from game.rules import board
from tests.rules.encounter_harness import Policy
from tests.rules.harness import figure, table
from tests.rules.test_encounters import MARKERS, TOP, start


@pytest.mark.rule("CC-1", "MOVE-3")
def test_hard_walks_into_contact_and_strikes_an_enemy_too_near_to_charge() -> None:
    state = table((0, figure("Raider"), 10, 10, 0), (1, figure("Guard"), 12.5, 10, 180))
    raider = state.model("A1")
    hard, normal = candidates.Appraiser(HARD), candidates.Appraiser(NORMAL)
    assert "B1" not in hard.chargeable(state, raider)  # nearer than 3″: no charge ([MOVE-3])
    fights = [i for _, i in candidates.all_offers(hard, state, raider) if i.kind == "fight"]
    assert [i.target for i in fights] == ["B1"]
    assert not [i for _, i in candidates.all_offers(normal, state, raider) if i.kind == "fight"]
    ai = Tactical(1, "hard")
    _, ai.intent = candidates.best(hard, state, raider)
    assert (ai.intent.kind, ai.intent.target) == ("fight", "B1")
    futility = Futility(state, raider)
    assert futility.count(["walk", "standard_attack"]) == 0  # the walk reaches its base
    assert ai.plans.plan_score(state, raider, ["walk", "standard_attack"], futility) > \
        ai.plans.plan_score(state, raider, ["walk"], futility)


@pytest.mark.rule("CC-1", "DIG-MOVE-2")
def test_hard_does_not_mean_to_close_in_on_an_enemy_no_route_of_its_walk_reaches() -> None:
    """A guard 2″ away behind an impassable wall it cannot walk round within its 4″: closing in would end in a
    plan of nothing (the blow has no contact to follow), so it is not offered."""
    from tests.rules.harness import square

    wall = square("wall", "impassable", 11.0, 0.5, 11.5, 35.5)  # the length of the table, between them
    state = table((0, figure("Raider"), 10, 10, 0), (1, figure("Guard"), 12.5, 10, 180), pieces=[wall])
    raider = state.model("A1")
    hard = candidates.Appraiser(HARD)
    assert not [i for _, i in candidates.all_offers(hard, state, raider) if i.kind == "fight"]
    assert (candidates.best(hard, state, raider)[1].kind) != "fight"


def set_up(game, policy: Policy):
    """The encounter's set-up played by ``policy`` for both sides: the state with the first activation pending."""
    game.controllers = [policy, policy]
    while game.state.phase == "setup":
        game.step()
    return game.state


def salvage_table():
    """Salvage set up (markers at MARKERS, both parties on their edges), the first activation pending."""
    return set_up(start("salvage", 6, 1), Policy(TOP, markers=MARKERS))


@pytest.mark.rule("ENC-SAL-3")
def test_hard_stays_on_a_marker_it_alone_secures_and_normal_walks_off() -> None:
    state = salvage_table()
    a2 = state.model("A2")
    a2.x, a2.y = 12.0, 24.0  # on marker M3, no enemy within 3″
    state.touch()
    hard = candidates.Appraiser(HARD)
    assert hard.holding(state, a2)
    _, intent = candidates.best(hard, state, a2)
    assert (intent.kind, intent.goal) == ("advance", (12.0, 24.0))
    ai = Tactical(1, "hard")
    ai.intent = intent
    futility = Futility(state, a2)
    assert ai.plans.arrived(state, a2)
    assert ai.plans.plan_score(state, a2, [], futility) > ai.plans.plan_score(state, a2, ["walk"], futility)
    _, plain = candidates.best(candidates.Appraiser(NORMAL), state, a2)
    assert plain.goal != (12.0, 24.0)  # the marker it holds is no longer "needed": normal leaves it
    a3 = state.model("A3")
    a3.x, a3.y = 14.0, 21.0  # nearer M3 than any other marker, but a friend holds M3: hard goes elsewhere
    state.touch()
    assert hard.goal_for(state, a3) != (12.0, 24.0)
    b1 = state.model("B1")
    b1.x, b1.y = 14.5, 24.0  # an enemy within 3″: it no longer secures M3 alone
    state.touch()
    assert not hard.holding(state, a2)


def rescue_table():
    """Rescue set up: Red the Kidnapper (top), Blue the Rescuer, the Prisoner at (18, 18); play not begun."""
    from tests.rules.test_encounters import RESCUE, rescue_until_placed

    return set_up(rescue_until_placed(), Policy(RESCUE, prisoner=(18, 18)))


@pytest.mark.rule("ENC-RES-4")
def test_a_hard_rescuer_at_the_prisoner_fights_the_kidnapper_that_stops_the_rescue_then_stays() -> None:
    from game.ai.lookahead import evaluate

    state = rescue_table()
    prisoner = state.model(state.encounter.prisoner)
    rescuer = next(m for m in state.on_table(1) if m.id != prisoner.id)
    rescuer.x, rescuer.y = prisoner.x, prisoner.y + prisoner.radius + rescuer.radius  # in base contact, below
    kidnapper = state.model("A2")
    kidnapper.x, kidnapper.y = prisoner.x + 2.6, prisoner.y  # within 3″ of the Prisoner: the rescue is stopped
    state.touch()
    hard = candidates.Appraiser(HARD)
    assert [e.id for e in rescue.blockers(state, rescuer)] == ["A2"]
    _, intent = candidates.best(hard, state, rescuer)
    assert (intent.kind, intent.target) in {("fight", "A2"), ("charge", "A2")}
    blocked = evaluate(state, 1, rescuer.id, hard)
    kidnapper.x, kidnapper.y = 30.0, 5.0  # gone from the Prisoner: stay in contact for the Maintenance Phase
    state.touch()
    assert rescue.blockers(state, rescuer) == []
    _, intent = candidates.best(hard, state, rescuer)
    assert (intent.kind, intent.goal) == ("advance", (rescuer.x, rescuer.y))
    assert evaluate(state, 1, rescuer.id, hard) > blocked  # the look-ahead sees the rescue nearer
    assert rescue.blockers(state, rescuer) == []  # a question anyone may ask ...
    assert not NORMAL.clear_prisoner  # ... that only hard acts on


@pytest.mark.rule("ENC-RES-4")
def test_hard_rescuer_weighs_the_kidnappers_within_3_inches_of_the_prisoner_most() -> None:
    import dataclasses
    import itertools

    from game.ai.lookahead import BLOCK, evaluate

    state = rescue_table()
    prisoner = state.model(state.encounter.prisoner)
    rescuer = next(m for m in state.on_table(1) if m.id != prisoner.id)
    rescuer.x, rescuer.y = prisoner.x, prisoner.y + prisoner.radius + rescuer.radius  # in base contact
    guard, other = state.model("A2"), state.model("A3")
    guard.x, guard.y = prisoner.x + 2.5, prisoner.y  # within 3″ of the Prisoner: it stops the rescue
    other.x, other.y = prisoner.x - 6.0, prisoner.y  # beyond 3″: an ordinary enemy
    state.touch()
    hard, normal = candidates.Appraiser(HARD), candidates.Appraiser(NORMAL)
    assert hard.blocker_bonus(state, rescuer, guard) == HARD.prisoner_guard > normal.blocker_bonus(
        state, rescuer, guard) == 2.0
    assert hard.blocker_bonus(state, rescuer, other) == normal.blocker_bonus(state, rescuer, other) == 1.0
    assert hard.blocker_bonus(state, guard, rescuer) == 1.0  # the Kidnapper's targets: no such weight
    # the look-ahead counts every Kidnapper that stops the rescue, the fourth as the first (and more danger)
    fourth = dataclasses.replace(other, id="A4")
    state.models[fourth.id] = fourth
    values = []
    for near in range(5):
        for i, m in enumerate(state.on_table(0)):
            m.x, m.y = (prisoner.x + 2.0, prisoner.y - 3.0 + 1.5 * i) if i < near else (30.0, 3.0 + 2.0 * i)
        state.touch()
        values.append(evaluate(state, 1, rescuer.id, hard))
    steps = [a - b for a, b in itertools.pairwise(values)]
    assert len(state.on_table(0)) == 4 and all(step >= BLOCK for step in steps)


@pytest.mark.rule("ENC-RES-4", "MOVE-8")
def test_hard_moves_to_touch_the_prisoner_on_a_spot_clear_of_the_enemy() -> None:
    from types import SimpleNamespace

    from game.rules import board

    state = rescue_table()
    prisoner = state.model(state.encounter.prisoner)
    rescuer = next(m for m in state.on_table(1) if m.id != prisoner.id)
    rescuer.x, rescuer.y = prisoner.x, prisoner.y + 4.0  # 4″ below it
    kidnapper = state.model("A2")
    kidnapper.x, kidnapper.y = prisoner.x, prisoner.y + 2 * prisoner.radius + 0.5  # right where it would touch
    state.touch()
    spot = steering.touch_spot(state, rescuer, (prisoner.x, prisoner.y), 6.0, SimpleNamespace(check=None))
    assert spot is not None
    rescuer.x, rescuer.y = spot["x"], spot["y"]
    assert board.in_contact(rescuer, prisoner)  # base contact ([ENC-RES-4])
    assert board.distance(rescuer, kidnapper) >= 1.0  # and not stopped short by the 1″ rule ([MOVE-8])
    assert steering.touch_spot(state, rescuer, (30.0, 30.0), 6.0, SimpleNamespace(check=None)) is None  # no objective


def test_hard_never_answers_illegally_in_the_encounters_it_plays_differently() -> None:
    """Strict (the tests set IRON_HONOR_AI_STRICT): an answer the decision refuses raises AIBug, recorded as an
    error; the invariants are checked after every decision."""
    from game.lab import ai_soak

    tasks = ai_soak.plan(3, seed=5, pairings=[("hard", "normal")], encounters=["rescue", "salvage", "engagement"],
                         maps=["village_ruins"])
    for record in ai_soak.run(tasks):
        assert record["outcome"] != "error", record.get("traceback")
        assert record["result"]


@pytest.mark.rule("DIG-3", "ENC-RES-4")
@pytest.mark.parametrize("gap", [0.015, 0.04, 0.06])
def test_a_model_a_hair_short_of_the_prisoner_steps_into_base_contact(gap: float) -> None:
    """Every level: 'already there' is the rules' base contact (within 0.02″, [DIG-3]); a model 0.04″ short of
    the Prisoner used to stay put (a walk of 0″) and never touched it."""
    from types import SimpleNamespace

    from game.rules import board

    state = rescue_table()
    prisoner = state.model(state.encounter.prisoner)
    rescuer = next(m for m in state.on_table(1) if m.id != prisoner.id)
    rescuer.x, rescuer.y = prisoner.x, prisoner.y + prisoner.radius + rescuer.radius + gap
    state.touch()
    point, reaches = steering.direct_step(state, rescuer, (prisoner.x, prisoner.y), 6.0, SimpleNamespace(check=None))
    assert reaches and point is not None
    rescuer.x, rescuer.y = point["x"], point["y"]
    assert board.in_contact(rescuer, prisoner)
    assert board.distance(rescuer, prisoner) >= 0.0  # touching, not overlapping


@pytest.mark.rule("ENC-RES-4", "MOD-3")
def test_a_hard_rescuer_storms_the_guard_nearest_to_falling_not_the_prisoner() -> None:
    """While Kidnappers within 3″ stop the rescue, hard's Rescuer models away from the Prisoner go at a guard (the
    one with fewest wounds left, then the one most of its friends already fight), not round them to the Prisoner,
    which frees nobody; normal walks to the Prisoner as before. With the ring empty, the Prisoner again."""
    state = rescue_table()
    prisoner = state.model(state.encounter.prisoner)
    rescuer, friend = [m for m in state.on_table(1) if m.id != prisoner.id][:2]
    rescuer.x, rescuer.y = prisoner.x, prisoner.y + 12.0  # far below it: no charge, no blow
    friend.x, friend.y = 5.0, 33.0
    a2, a3 = state.model("A2"), state.model("A3")
    a2.x, a2.y = prisoner.x + 2.0, prisoner.y  # both within 3″ of the Prisoner
    a3.x, a3.y = prisoner.x - 2.0, prisoner.y
    a3.wounds_taken = a3.max_wounds - 1  # one wound from falling
    assert a2.max_wounds == a3.max_wounds > 1
    state.touch()
    hard, normal = candidates.Appraiser(HARD), candidates.Appraiser(NORMAL)
    assert rescue.storm_target(state, rescuer).id == "A3"
    stormed = list(candidates.Storm().offers(hard, state, rescuer))
    assert [(i.kind, i.target, i.storm) for _, i in stormed] == [("fight", "A3", True)]
    assert not list(candidates.Objective().offers(hard, state, rescuer))  # the Prisoner waits
    assert not list(candidates.Storm().offers(normal, state, rescuer))
    assert [i.goal for _, i in candidates.Objective().offers(normal, state, rescuer)] == [(prisoner.x, prisoner.y)]
    # equal wounds: the guard a friend already fights (gang up, [MOD-3])
    a3.wounds_taken = 0
    friend.x, friend.y = a2.x + a2.radius + friend.radius, a2.y
    state.touch()
    assert rescue.storm_target(state, rescuer).id == "A2"
    assert rescue.storm_target(state, friend) is None  # engaged: it fights where it stands
    # the ring emptied: on to the Prisoner
    a2.x, a2.y, a3.x, a3.y = 30.0, 3.0, 33.0, 3.0
    friend.x, friend.y = 5.0, 33.0
    state.touch()
    assert rescue.storm_target(state, rescuer) is None
    assert [i.goal for _, i in candidates.Objective().offers(hard, state, rescuer)] == [(prisoner.x, prisoner.y)]


@pytest.mark.rule("DIG-MOVE-2", "MOVE-1")
def test_a_storming_model_walks_round_a_wall_along_the_shortest_route() -> None:
    """A guard behind a wall: the walk toward it follows the engine's shortest route round the wall's end and
    gains the walk's whole 6″ along it (the nearest straight-line point would leave it facing the wall)."""
    from game.ai.storm import storm_step
    from game.geometry.routes import shortest_route
    from game.rules import board, movement
    from tests.rules.harness import square

    wall = square("wall", "impassable", 11.0, 0.5, 11.5, 22.0)
    state = table((0, figure("Raider"), 9, 15, 0), (1, figure("Guard"), 14, 15, 180), pieces=[wall])
    raider, guard = state.model("A1"), state.model("B1")
    assert rescue.storm_target(state, raider) is None  # no Rescue here: nothing storms
    contact = (guard.x - guard.radius - raider.radius - 0.01, guard.y)

    def left() -> float:
        return shortest_route(board.battlefield(state), raider.id, contact).cost

    before = left()
    assert not movement.route_to(board.battlefield(state), raider.id, contact, 6.0).legal  # too far to get there
    point = storm_step(state, raider, guard, 6.0)
    assert point is not None and point["y"] > raider.y  # toward the wall's end at y 22
    assert movement.route_to(board.battlefield(state), raider.id, (point["x"], point["y"]), 6.0).legal
    raider.x, raider.y = point["x"], point["y"]
    state.touch()
    assert before - left() >= 5.5  # the walk went along the route


@pytest.mark.rule("ENC-RES-4", "DIG-3")
def test_a_storming_model_ends_touching_its_guard_and_the_prisoner_while_no_friend_does() -> None:
    from game.ai.storm import storm_step
    from game.rules import board

    state = rescue_table()
    prisoner = state.model(state.encounter.prisoner)
    rescuer, friend = [m for m in state.on_table(1) if m.id != prisoner.id][:2]
    rescuer.x, rescuer.y = prisoner.x + 1.0, prisoner.y + 4.5
    friend.x, friend.y = 5.0, 33.0
    guard = state.model("A2")
    guard.x, guard.y = prisoner.x + prisoner.radius + guard.radius, prisoner.y  # touching the Prisoner
    state.touch()
    point = storm_step(state, rescuer, guard, 6.0)
    rescuer.x, rescuer.y = point["x"], point["y"]
    state.touch()
    assert board.in_contact(rescuer, guard) and board.in_contact(rescuer, prisoner)
    # a friend already touches the Prisoner: the nearest side of the guard will do
    rescuer.x, rescuer.y = prisoner.x + 1.0, prisoner.y + 4.5
    friend.x, friend.y = prisoner.x - prisoner.radius - friend.radius, prisoner.y
    state.touch()
    point = storm_step(state, rescuer, guard, 6.0)
    rescuer.x, rescuer.y = point["x"], point["y"]
    state.touch()
    assert board.in_contact(rescuer, guard) and not board.in_contact(rescuer, prisoner)


@pytest.mark.rule("ENC-RES-4", "FATE-2", "FATE-3", "FATE-5")
def test_a_hard_rescuer_spends_its_fate_on_blows_at_the_guards_not_on_ap_or_turns() -> None:
    """While the Prisoner is held, hard's Rescuer puts its Fate on its blows (Inner Reserve, even its last one):
    the guards fall only to blows. Greater Purpose gets only the Fate beyond one for each activation still in
    the bag, Winds of Kismet none. The Kidnapper, and the Rescuer once the Prisoner is freed, spend as before."""
    import dataclasses

    from game.rules import combat
    from game.rules.decisions import Decision
    from game.rules.fate import YES_NO

    state = rescue_table()
    prisoner = state.model(state.encounter.prisoner)
    rescuer = next(m for m in state.on_table(1) if m.id != prisoner.id)
    guard = state.model("A2")
    guard.x, guard.y = prisoner.x + 2.5, prisoner.y  # within 3″ of the Prisoner: it stops the rescue
    rescuer.x, rescuer.y = guard.x, guard.y + guard.radius + rescuer.radius  # in base contact with it
    guard.wounds_taken = guard.max_wounds - 1  # a blow may fell it: worth a turn taken early, before
    state.active_model = rescuer.id
    state.touch()
    plain = dataclasses.replace(HARD, name="hard-plain", rescue_fate=False)
    hard, before = Tactical(1, HARD, strict=True), Tactical(1, plain, strict=True)
    assert hard.fate.freeing(state, 1) and not hard.fate.freeing(state, 0) and not before.fate.freeing(state, 1)
    blow = combat.Attack(rescuer, guard, "close", "standard_attack", combat.melee_weapons(rescuer)[0])

    def ask(ai: Tactical, kind: str, side: int = 1, **context) -> str:
        return ai.decide(state, Decision(kind, side, "?", "FATE-5", options=list(YES_NO), context=context))

    state.sides[1].fate = 1  # its last Fate: kept back for defence before, now on the blow
    assert ask(hard, "inner_reserve", attack=blow) == "spend"
    assert ask(before, "inner_reserve", attack=blow) == "pass"
    state.sides[1].fate = 6
    assert ask(hard, "winds_of_kismet") == "pass"
    assert ask(before, "winds_of_kismet") == "spend"
    state.sides[1].fate, state.bag = 3, [1, 1, 1, 0]  # no Fate beyond one for each activation in the bag
    assert ask(hard, "greater_purpose") == "pass"
    assert ask(before, "greater_purpose") == "spend"
    state.bag = [1, 0]  # one activation left: the spare Fate buys the AP
    assert ask(hard, "greater_purpose") == "spend"
    state.encounter.rescued = True  # freed: Fate as before
    assert not hard.fate.freeing(state, 1)


@pytest.mark.rule("ENC-RES-4", "ENC-RES-5")
def test_the_rescuers_bow_shoots_the_last_guard_its_hero_fights_rather_than_run_at_the_ring() -> None:
    """The last turn: one guard, at its last wound, stands between the Prisoner and our hero fighting it. Our bow
    13″ off has a shot at it (at −3: it is engaged) and 2 AP. The look-ahead, valuing the position one
    activation leaves (its danger, its ground toward the Prisoner), ran at the ring with both AP unspent but
    one; the candidates' scores, tuned for the Rescue (rescue_by_scores), take the shot that may free it."""
    from dataclasses import replace

    from game.rules.turn import run_plan

    def plan(level) -> str:
        state = rescue_table()
        state.turn = state.settings.turns
        prisoner = state.model(state.encounter.prisoner)
        guard, hero, bow = state.model("A2"), state.model("B1"), state.model("B3")
        guard.x, guard.y = prisoner.x, prisoner.y - prisoner.radius - guard.radius  # in contact: the rescue waits
        guard.wounds_taken = guard.max_wounds - 1
        hero.x, hero.y = guard.x, guard.y - guard.radius - hero.radius  # fighting it
        bow.profile = figure("Blue Bow", RA=4, weapons=(("Bow", "2h_ranged"), ("Knife", "1h_edged")))
        bow.x, bow.y = 26.0, 28.0
        state.touch()
        assert [e.id for e in rescue.blockers_of(state, bow)] == ["A2"] and board.engaged_enemies(state, hero)
        return Tactical(1, level).plans.on_plan(state, next(run_plan(state, bow, 2)))

    assert plan(replace(HARD, rescue_by_scores=False)) == "run"
    assert plan(HARD) == "aimed_shot"
