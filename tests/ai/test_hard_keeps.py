"""What ``hard`` keeps that it used to give up: a control target it leads at while the enemies near could take it
back (Difficulty.keep_control, game.ai.control), and a Stunned model's activation, not spent on Full Defense turn
after turn while it could shake the Stun off and act (Difficulty.shake_stun)."""

from __future__ import annotations

from dataclasses import replace

from game.ai import candidates, control
from game.ai.difficulty import HARD
from game.ai.tactical import Tactical
from game.content.scenario_file import parse_scenario
from game.rules import conditions
from game.rules.encounter import start_encounter
from game.rules.state import GameState
from tests.content.test_scenario_ai_hints import BASE
from tests.rules.harness import figure, table

# the hints scenario with its knoll scored as the Relief's crossing is: each Maintenance, more models on it
HELD = BASE.replace("  - {kind: kills}\n", "  - {kind: kills}\n  - kind: control\n    name: the knoll held\n"
                    "    targets: {regions: [{name: the knoll top, circle: {centre: [18, 23], diameter: 6}}]}\n"
                    "    count: {within: 0, not_engaged: true}\n    points: 1\n")


def held(*placements: tuple[int, object, float, float, float]) -> GameState:
    """A hand-set table (side 0 the Attacker, side 1 the Holder) under HELD."""
    state = table(*placements)  # type: ignore[arg-type]
    spots = {m.id: (m.x, m.y) for m in state.models.values()}
    start_encounter(state, parse_scenario(HELD, "held.yaml"))
    for mid, (x, y) in spots.items():
        state.model(mid).x, state.model(mid).y = x, y
    state.encounter.higher = 0
    state.encounter.deployed = True
    state.turn = 1
    state.touch()
    return state


def test_hard_keeps_a_model_on_the_region_it_leads_while_the_enemy_could_take_it_back() -> None:
    """Two Holders on the knoll, two raiders a charge away outside it: 2 to 0 looks safe, but both raiders can get
    on it by the next Maintenance, so the guard does not charge off it; without keep_control it does."""
    placements = ((0, figure("Raider"), 18, 15, 90), (0, figure("Raider"), 24, 15, 90),
                  (1, figure("Guard"), 18, 21, 270), (1, figure("Guard"), 20, 24, 270))
    state = held(*placements)
    guard = state.model("B1")
    loose = candidates.Appraiser(replace(HARD, keep_control=0.0))
    _, chase = candidates.best(loose, state, guard)
    assert chase.kind == "charge"  # the knoll looks won: off after the raider
    assert control.posts(state, guard)
    _, stay = candidates.best(candidates.Appraiser(HARD), state, guard)
    assert stay.kind == "advance"  # it keeps the knoll
    probe = replace(guard, x=stay.goal[0], y=stay.goal[1])
    assert 14 <= probe.x <= 22 and 20 <= probe.y <= 26


def test_a_model_not_needed_on_the_region_is_free_to_chase() -> None:
    """Three Holders on the knoll and one raider near: the lead holds without any one of them."""
    state = held((0, figure("Raider"), 18, 14, 90), (1, figure("Guard"), 18, 21, 270),
                 (1, figure("Guard"), 16, 24, 270), (1, figure("Guard"), 20, 24, 270))
    assert not control.posts(state, state.model("B1"))
    assert candidates.Appraiser(HARD).chase_factor(state, state.model("B1"), state.model("A1")) == 1.0


def test_a_stunned_model_weighs_the_activation_that_would_free_it_against_full_defense() -> None:
    """A Stunned guard charged: its activation is more than its Shake Off (0.1 before); it is what it could do
    once free, so Full Defense, which keeps it Stunned a turn more, gains less."""
    state = table((0, figure("Raider"), 10, 10, 0), (1, figure("Guard"), 12.2, 10, 180),
                  (1, figure("Archer"), 20, 10, 180), (0, figure("Raider"), 28, 10, 180))
    guard, raider = state.model("B1"), state.model("A1")
    conditions.STUNNED.put(guard)
    state.touch()
    hard = Tactical(1, "hard")
    plain = Tactical(1, replace(HARD, shake_stun=False))
    assert plain.fate.given_up(state, guard) == 0.1 * 1  # its Shake Off alone
    assert hard.fate.given_up(state, guard) > 0.1
    assert hard.fate.full_defense_gain(state, guard, raider) < plain.fate.full_defense_gain(state, guard, raider)
    assert conditions.STUNNED.on(guard)  # weighed on a copy



def test_hard_weighs_an_escape_by_what_the_scenario_pays_for_it() -> None:
    """The Chokepoint pays a Raider follower's escape 6 ExP, its kill 1: hard's escape offer reads the 6."""
    from tests.ai.test_objective_routes import gorge

    state = gorge((0, figure("Raider"), 28, 24, 90), (1, figure("Guard"), 5, 5, 270))
    raider = state.model("A1")
    plain = candidates.Appraiser(replace(HARD, escape_scoring=False))
    assert plain.escape_worth(state, raider) == 1.0
    assert candidates.Appraiser(HARD).escape_worth(state, raider) == 6.0
    escapes = [s for s, i in candidates.all_offers(candidates.Appraiser(HARD), state, raider) if i.kind == "escape"]
    assert escapes == [HARD.escape * 6.0]


def test_hard_goes_for_the_raider_about_to_escape() -> None:
    """Two raiders as near the Defender's guard, one a step from the edge it escapes off: taking it out denies its
    escape too, so hard charges it; without deny_escapes, the two are worth the same."""
    from tests.ai.test_objective_routes import gorge

    state = gorge((0, figure("Raider"), 20, 27, 90), (0, figure("Raider"), 20, 33, 90),
                  (1, figure("Guard"), 20, 30, 270), turn=4)
    guard, far, near = state.model("B1"), state.model("A1"), state.model("A2")
    plain = candidates.Appraiser(replace(HARD, deny_escapes=False))
    assert plain.worth(state, near) == plain.worth(state, far)
    hard = candidates.Appraiser(HARD)
    assert hard.worth(state, near) > hard.worth(state, far) > plain.worth(state, far)
    charges = {i.target: s for s, i in candidates.all_offers(hard, state, guard) if i.kind in ("charge", "fight")}
    assert max(charges, key=charges.__getitem__) == "A2"


def test_the_look_ahead_counts_an_escape_lost_to_the_clock() -> None:
    """A raider 30″ from its edge: on turn 1 it has the turns to get there, on turn 5 it has not, and the
    look-ahead (game.ai.lookahead.late) counts the escape's worth as lost; levels without escape_urgency do not."""
    from game.ai import lookahead
    from tests.ai.test_objective_routes import gorge

    for turn, lost in ((1, 0.0), (5, 6.0)):
        state = gorge((0, figure("Raider"), 28, 5, 90), (1, figure("Guard"), 5, 30, 270), turn=turn)
        raider = state.model("A1")
        hard = candidates.Appraiser(HARD)
        goal = hard.escape_goal(state, raider)
        assert goal is not None
        assert lookahead.late(state, raider, goal, hard) == lost
        plain = candidates.Appraiser(replace(HARD, escape_urgency=False))
        gap = lookahead.evaluate(state, 0, "A1", plain) - lookahead.evaluate(state, 0, "A1", hard)
        assert abs(gap - lost) < 1e-9
