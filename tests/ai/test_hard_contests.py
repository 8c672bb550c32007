"""What ``hard`` no longer gives away as the Relief's Defender: the crossing, left to Attackers a Maintenance from
the sudden win their hold makes, for a kill (Difficulty.hold_stakes), and the charge that would take one of them
out of the count, never tried when the look-ahead's two best plans are shots (contest_tries), the ground
itself, left at deployment for spots further back (deploy_hold), and a counted place on it, left by a shooter's
step back from the raiders after its shot (stay_counted); and as the Attacker, the way onto the crossing, given
up for an aimed shot from afar (hold_pull)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from game.ai import candidates, lookahead
from game.ai.deployment import held_ground
from game.ai.difficulty import HARD, Difficulty
from game.ai.tactical import Tactical
from game.content.scenario_file import load_scenario
from game.rules import movement
from game.rules.encounter import EncounterState
from game.rules.state import KILLED, GameState
from tests.rules.harness import figure, table

RELIEF = Path(__file__).resolve().parents[2] / "scenarios" / "the_relief.yaml"


def relief(*placements: tuple[int, Any, float, float, float], turn: int = 3,
           held: tuple[int | None, int] = (0, 1)) -> GameState:
    """The Relief, side 0 the Attacker; the crossing (centre 18, 18; 8″ across) held by ``held`` = (side,
    Maintenances in a row) at the last Maintenance."""
    state = table(*placements)
    state.encounter = EncounterState(load_scenario(RELIEF), higher=0)
    state.settings.turns = state.encounter.scenario.duration.turns
    state.turn = turn
    state.encounter.held["the crossing"] = list(held)
    return state


def test_a_hold_counts_by_the_maintenances_it_would_make_in_a_row() -> None:
    """As the rules would count a Maintenance now: none held so far, half the two the Relief asks (a quarter,
    squared); one held, the game; contested, nothing; for the other side the sign turned. The memory is untouched."""
    raider = (0, figure("Raider"), 18.0, 16.0, 90.0)
    assert lookahead.hold_stakes(relief(raider, held=(None, 0)), 0) == 0.25
    assert lookahead.hold_stakes(relief(raider, held=(1, 1)), 0) == 0.25  # their streak broken by ours
    state = relief(raider, held=(0, 1))
    assert (lookahead.hold_stakes(state, 0), lookahead.hold_stakes(state, 1)) == (1.0, -1.0)
    assert state.encounter is not None and state.encounter.held["the crossing"] == [0, 1]
    contested = relief(raider, (1, figure("Guard"), 18.0, 20.5, 270.0), held=(0, 1))
    assert lookahead.hold_stakes(contested, 1) == 0.0
    assert lookahead.holders_counting(contested, 0) == {"A1"}


def test_the_defender_contests_the_crossing_a_second_hold_would_win_rather_than_take_a_kill() -> None:
    """The Attacker held the crossing at the last Maintenance; holding it at this one wins it the game. Our guard
    either stood back and felled their champion (the raider still holds the crossing alone) or stepped onto the
    crossing (one to one: nobody holds it). As a control point the crossing is worth less than the kill; as the
    game, more."""
    placements = ((0, figure("Raider"), 18.0, 16.0, 90.0), (0, figure("Champion", "companion"), 30.0, 5.0, 90.0))
    back = relief(*placements, (1, figure("Guard"), 18.0, 26.0, 270.0))
    back.model("A2").status = KILLED
    on = relief(*placements, (1, figure("Guard"), 18.0, 20.5, 270.0))
    plain = candidates.Appraiser(replace(HARD, hold_stakes=0.0))
    assert lookahead.evaluate(back, 1, "B1", plain) > lookahead.evaluate(on, 1, "B1", plain)
    hard = candidates.Appraiser(HARD)
    assert lookahead.evaluate(on, 1, "B1", hard) > lookahead.evaluate(back, 1, "B1", hard)


def _tried(level: Difficulty, state: GameState, model: str) -> list[tuple[str, str | None]]:
    """The intents the look-ahead plays out at ``model``'s plan decision (3 AP), on copies."""
    from game.rules.turn import run_plan

    la = Tactical(1, level).lookahead
    seen: list[tuple[str, str | None]] = []
    original = la.outcome

    def outcome(state: GameState, model_id: str, d: Any, intent: candidates.Intent, key: str, seed: int) -> float:
        seen.append((intent.kind, intent.target))
        return float(original(state, model_id, d, intent, key, seed))

    la.outcome = outcome
    la.plan(state, next(run_plan(state, state.model(model), 3)))
    return seen


def test_with_their_hold_a_maintenance_from_the_game_the_look_ahead_tries_the_charge_that_breaks_it() -> None:
    """Two raiders hold the crossing, a Maintenance from the game; our archer on it has a shot at their wounded
    chief far better than any charge by the candidates' scores, so the look-ahead plays out that shot and the
    advance alone. Charging a raider on the crossing takes it out of the count (engaged models do not count):
    hard plays that out too."""
    bow = figure("Archer", RA=5, weapons=(("Bow", "2h_ranged"), ("Knife", "1h_edged")))
    state = relief((0, figure("Raider"), 18.0, 17.0, 90.0), (0, figure("Raider"), 16.0, 15.0, 90.0),
                   (0, figure("Chief", "hero", PD=2), 26.0, 12.0, 90.0),
                   (0, figure("Champion", "companion", PD=2), 10.0, 12.0, 90.0), (1, bow, 18.0, 21.0, 270.0))
    for hurt in ("A3", "A4"):
        state.model(hurt).wounds_taken = state.model(hurt).max_wounds - 1
    state.touch()
    offers = candidates.all_offers(candidates.Appraiser(HARD), state, state.model("B1"))
    assert (offers[0][1].kind, offers[0][1].target) == ("shoot", "A3")

    def contests(tried: list[tuple[str, str | None]]) -> bool:
        return any(kind in ("charge", "fight") and target in ("A1", "A2") for kind, target in tried)

    assert not contests(_tried(replace(HARD, contest_tries=False), state, "B1"))
    assert contests(_tried(HARD, state, "B1"))


def test_the_defender_deploys_on_the_crossing_a_hold_wins_the_attacker() -> None:
    """Two guards already on the crossing's near side: the third model's spots, by the middle, depth and room
    alone, lie back off it (out of the row the guards make); with deploy_hold, one from which it counts on the
    crossing scores best: a hold by the Attacker needs more models on it than ours."""
    bow = figure("Archer", RA=5, weapons=(("Bow", "2h_ranged"), ("Knife", "1h_edged")))
    state = relief((1, figure("Guard"), 18.0, 21.0, 270.0), (1, figure("Guard"), 15.0, 21.0, 270.0),
                   (1, bow, 30.0, 26.0, 270.0), turn=1, held=(None, 0))
    archer = state.model("B3")
    on, off = (21.0, 21.0), (21.0, 24.0)

    def prefers_on(level: Difficulty) -> bool:
        placed, _ = Tactical(1, level).deployment.scorer(state, archer, 1)
        return placed(*on) > placed(*off)

    assert not prefers_on(replace(HARD, deploy_hold=0.0))
    assert prefers_on(HARD)


def test_a_defender_on_the_crossing_steps_after_its_shot_to_a_spot_still_on_it() -> None:
    """Three of ours on the crossing, three raiders 8″ off: the archer's walk after its shot trades ground toward
    their chief against their reply, and without stay_counted that is a step out to the side, off the crossing
    (one fewer in the count the Attacker's hold is measured by); hard keeps it where it still counts."""
    bow = figure("Archer", RA=5, weapons=(("Bow", "2h_ranged"), ("Knife", "1h_edged")))
    state = relief((0, figure("Raider"), 18.0, 13.0, 90.0), (0, figure("Raider"), 14.0, 12.0, 90.0),
                   (0, figure("Raider"), 22.0, 12.5, 90.0), (1, bow, 19.5, 21.5, 270.0),
                   (1, figure("Guard"), 17.0, 19.0, 270.0), (1, figure("Guard"), 15.0, 20.0, 270.0),
                   turn=2, held=(None, 0))
    archer = state.model("B1")
    counts = held_ground(state, archer)
    assert counts is not None and counts(archer.x, archer.y)

    def step(level: Difficulty) -> dict[str, float]:
        ai = Tactical(1, level)
        ai.intent = candidates.Intent("shoot", "A1")
        d = next(movement.walk(state, archer, "walk"))
        point = ai.steering.on_move_to(state, d)
        assert point is not None and d.check is not None and d.check(point) is None
        return point

    off = step(replace(HARD, stay_counted=0.0))
    assert not counts(off["x"], off["y"])
    on = step(HARD)
    assert counts(on["x"], on["y"])


def test_the_attackers_gunner_walks_on_the_crossing_a_hold_wins_rather_than_aim_from_afar() -> None:
    """Turn 1, three axemen on the crossing's near side; our gunner 10″ short of it with 2 AP. Weighing an inch
    toward the crossing as an inch toward any objective, the look-ahead takes an aimed shot from where it stands;
    but the crossing is the game to the Attacker (held twice in a row, it wins at once) and every model more on
    it counts before the lead turns: with hold_pull hard walks on toward it and shoots."""
    from game.rules.turn import run_plan

    def plan(level: Difficulty) -> str:
        gunner = figure("Gunner", RA=4, weapons=(("Firelock", "2h_ranged_bp"),))
        axemen = [(1, figure("Axeman", MA=4, weapons=(("Axe", "2h_edged"),)), x, y, 270.0)
                  for x, y in ((16.5, 20.5), (19.5, 21.5), (22.5, 20.5))]
        state = relief((0, gunner, 22.5, 10.0, 90.0), *axemen, turn=1, held=(None, 0))
        state.ap_left = 2
        state.touch()
        assert lookahead.hold_nearness(state, state.model("A1"), [(18.0, 18.0)]) > 0
        return Tactical(1, level).plans.on_plan(state, next(run_plan(state, state.model("A1"), 2)))

    assert plan(replace(HARD, hold_pull=0.0)) == "aimed_shot"
    assert plan(HARD) == "walk,ranged_attack"
