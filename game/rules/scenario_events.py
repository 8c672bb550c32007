"""A scenario's reserves and events: when an event fires and what it does, each effect citing its line.

The vocabulary is small and declarative (docs/modding-scenarios.md): an event fires at a moment (a turn
starts or ends, a model is killed, escapes, is wounded or Stunned, enters or leaves a region, a marker is
taken or lost, control changes, the Prisoner is rescued) or when a state becomes true (a score, models
left, a variable, models in a region): game/rules/scenario_triggers.py. It brings a side's reserve on as
reinforcements, removes or adds a terrain piece, switches a scoring entry on or off, sets or adds to a
variable, or ends the game. What happened is noticed at the checks (after each activation, in the
Maintenance Phase, at a turn's start and end), so no combat code needs to know about events. An "end the
game" effect stops the Main Phase; the Maintenance Phase then scores and the game ends ([TURN-8]).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.content.scenario_schema import Arrival, Effect, Place, ScenarioEvent, ScoringEntry
from game.geometry.battlefield import EDGES, Battlefield
from game.rules import board, scenario_effects, scenario_triggers
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision
from game.rules.deployment import standing_problem
from game.rules.encounter import add_piece, edge_of
from game.rules.events import EventKind
from game.rules.state import ESCAPED, KILLED, ON_TABLE, REMOVED, RESERVE, GameState, ModelState, Phase

Gen = Generator[Decision, Any, Any]
ENEMY_GAP = 1.0  # RULING: arriving models stand at least 1″ from every enemy (not in contact, no free strike)
GRID = 0.5  # inches between the spots offered to an arriving model


# -- reserves ----------------------------------------------------------------------------------------

def hold_reserves(state: GameState) -> None:
    """At set-up, before deployment: each reserve's models are held back (the last of the party first)."""
    enc = state.encounter
    for index, reserve in enumerate(enc.scenario.reserves):
        side = enc.named_side(reserve.side)
        for m in scenario_effects.reserve_picks(state, index):  # named models, or the last of the party
            m.status = RESERVE
            enc.reserved.append(m.id)
            if reserve.arrival is not None:
                enc.reserve_of[m.id] = index
            state.emit(EventKind.HeldInReserve, f"{m.name} is held back as a reinforcement", model=m.id, side=side,
                       rule="ENC-3")


# -- firing --------------------------------------------------------------------------------------------

def is_active(state: GameState, entry: ScoringEntry) -> bool:
    """A scoring entry counts unless an event switched it off (or it starts off and none switched it on)."""
    enc = state.encounter
    if entry.name is not None and entry.name in enc.switched:
        return bool(enc.switched[entry.name])
    return entry.active


def pays_now(state: GameState, entry: ScoringEntry) -> bool:
    """A scoring entry scores now: switched on, and its ``if:`` condition (if any) holds ([ENC-VAR-1])."""
    return is_active(state, entry) and (entry.if_ is None or scenario_triggers.holds(state, entry.if_))


def fire(state: GameState, moment: str, value: Any = None) -> Gen:
    """A check at this moment (``turn_starts``/``turn_ends`` N): every event waiting for it, in file order (a
    'once' event fires only the first time), then what else the check notices ([ENC-TRG-1])."""
    enc = state.encounter
    if enc is None:
        return
    yield from _at(state, (moment, value))
    yield from check(state)


def _at(state: GameState, happening: scenario_triggers.Happening) -> Gen:
    """Every event whose moment this happening is (and whose states hold), in file order."""
    enc = state.encounter
    for i, event in enumerate(enc.scenario.events):
        if scenario_effects.is_decided(state):  # an event won or lost the game: no other fires
            return
        if (event.once and i in enc.fired) or not scenario_triggers.momentary(event.when) \
                or not scenario_triggers.true_at(state, event.when, happening):
            continue
        yield from _run(state, i, event)


def check(state: GameState) -> Gen:
    """The rest of a check: what changed on the table since the last (regions entered, wounds, markers, control)
    fires its events, then each event waiting for a state fires if it has become true ([ENC-TRG-2])."""
    enc = state.encounter
    if enc is None or not enc.scenario.events:
        return
    for happening in scenario_triggers.observe(state):
        yield from _at(state, happening)
    for i, event in enumerate(enc.scenario.events):
        if scenario_effects.is_decided(state):  # an event won or lost the game: no other fires
            return
        if scenario_triggers.momentary(event.when):
            continue
        if scenario_triggers.becomes_true(state, i, event.when) and not (event.once and i in enc.fired):
            yield from _run(state, i, event)


def _run(state: GameState, i: int, event: ScenarioEvent) -> Gen:
    enc = state.encounter
    enc.fired.append(i)
    where = f"events[{i}]"
    cite = enc.scenario.cite(where)
    state.emit(EventKind.ScenarioEvent, f"{event.name or 'Scenario event'} ({cite})", event=i, cite=cite,
               rule="ENC-4")
    for j, effect in enumerate(event.do):
        if scenario_effects.is_decided(state):  # an effect won or lost the game: nothing more happens
            return
        yield from apply(state, effect, f"{cite}, effect {j + 1}")


def notice_fates(state: GameState) -> Gen:
    """A check after an activation or in Maintenance: kills, escapes and a rescue since the last look fire their
    events (once per model), then the rest of the check ([ENC-TRG-1])."""
    enc = state.encounter
    if enc is None or not enc.scenario.events:
        return
    for m in sorted(state.models.values(), key=lambda m: m.id):
        if m.id in enc.noticed:
            continue
        if m.status in (KILLED, REMOVED):
            enc.noticed.append(m.id)
            yield from _at(state, ("killed", m.id))
        elif m.status == ESCAPED:
            enc.noticed.append(m.id)
            yield from _at(state, ("escaped", m.id))
    if enc.rescued and "rescued" not in enc.noticed:
        enc.noticed.append("rescued")
        yield from _at(state, ("rescued", None))
    yield from check(state)


# -- effects ---------------------------------------------------------------------------------------------

def apply(state: GameState, effect: Effect, cite: str) -> Gen:
    enc = state.encounter
    if effect.reinforcements is not None:
        yield from reinforce(state, effect.reinforcements, cite)
    elif effect.remove_piece is not None:
        remove_piece(state, effect.remove_piece, cite)
    elif effect.add_piece is not None:
        why = add_piece(state, effect.add_piece)
        if why:
            state.emit(EventKind.EventFailed, f"{effect.add_piece.id} cannot be added: {why} ({cite})", cite=cite,
                       rule="ENC-4", fault="events")
        else:
            state.emit(EventKind.PieceAdded, f"{effect.add_piece.id} is added to the table ({cite})",
                       piece=effect.add_piece.id, cite=cite, rule="ENC-4")
    elif effect.scoring_on is not None or effect.scoring_off is not None:
        name = effect.scoring_on if effect.scoring_on is not None else effect.scoring_off
        enc.switched[name] = effect.scoring_on is not None
        state.emit(EventKind.ScoringSwitched, f"Scoring '{name}' is {'on' if enc.switched[name] else 'off'} ({cite})",
                   entry=name, on=enc.switched[name], cite=cite, rule="ENC-4")
    elif effect.end_game:
        enc.ending = True
        state.bag.clear()
        state.emit(EventKind.GameEnding, f"The game ends after this turn's Maintenance Phase ({cite})", cite=cite,
                   rule="ENC-4")
    elif effect.story is not None:
        scenario_effects.tell(state, effect.story, cite)
    elif effect.roll is not None:
        key, row = scenario_effects.roll_row(state, effect.roll.d6, cite)
        for k, then in enumerate(row):
            if scenario_effects.is_decided(state):
                break
            yield from apply(state, then, f"{cite}, roll {key} effect {k + 1}")
    elif effect.win is not None or effect.lose is not None:
        outcome = effect.win if effect.win is not None else effect.lose
        assert outcome is not None
        scenario_effects.decide(state, outcome, effect.win is not None, cite)
    elif effect.replace_piece is not None:
        scenario_effects.replace_piece(state, effect.replace_piece, cite)
    elif effect.set_variable is not None or effect.add_variable is not None:
        scenario_triggers.change_variable(state, effect, cite)


def remove_piece(state: GameState, piece_id: str, cite: str) -> None:
    from game.content.maps import BattleMap

    pieces = [p for p in state.battle_map.pieces if p.id != piece_id]
    if len(pieces) == len(state.battle_map.pieces):
        state.emit(EventKind.EventFailed, f"no terrain piece '{piece_id}' on this map to remove ({cite})", cite=cite,
                   rule="ENC-4", fault="events")
        return
    m = state.battle_map
    state.battle_map = BattleMap(m.name, tuple(pieces), m.description, m.file)
    board.battlefield(state)
    gone = next(p for p in m.pieces if p.id == piece_id)
    state.emit(EventKind.PieceRemoved, f"{gone.name} is removed from the table ({cite})", piece=piece_id, cite=cite,
               rule="ENC-4")


def arrival_problem(state: GameState, model: ModelState, arrival: Arrival | Place, x: float, y: float) -> str | None:
    """Why a reinforcement cannot arrive at (x, y): wholly on the table and within reach of its edge or point,
    off impassable terrain, obstacles and other bases, and 1″ or more from every enemy."""
    r = model.radius
    if not Battlefield.on_table((x, y), r):
        return "the whole base must be on the table"
    if arrival.at is not None:
        gap = ((x - arrival.at[0]) ** 2 + (y - arrival.at[1]) ** 2) ** 0.5 + r
        if gap > arrival.within + 1e-9:
            return f"the whole base must be within {arrival.within:g}″ of ({arrival.at[0]:g}, {arrival.at[1]:g})"
    else:
        edge = arrival_edge(state, model, arrival)
        if Battlefield.distance_to_edge((x, y), -r, edge) > arrival.within + 1e-9:
            return f"the whole base must be within {arrival.within:g}″ of the {edge} edge"
    why = standing_problem(board.battlefield(state), model, x, y)  # as a deployed base ([ENC-3])
    if why:
        return why
    for e in state.enemies_of(model):
        if e.on_table and ((e.x - x) ** 2 + (e.y - y) ** 2) ** 0.5 - e.radius - r < ENEMY_GAP - 1e-9:
            return f"it must arrive at least {ENEMY_GAP:g}″ from every enemy ({e.name} is nearer)"
    return None


def arrival_edge(state: GameState, model: ModelState, arrival: Arrival | Place) -> str:
    enc = state.encounter
    if arrival.edge in EDGES:
        return arrival.edge
    own = enc.ref(model.side)
    ref = own if arrival.edge == "own" else ("lower" if own == "higher" else "higher")
    return edge_of(enc, ref) or "top"


def reinforce(state: GameState, given: Arrival, cite: str) -> Gen:
    """The side's held-back models (or a party file's, joining the side) arrive one by one where their player
    places them (its die joins the bag)."""
    enc = state.encounter
    side = enc.named_side(given.side)
    if given.party is not None:  # a party file's models join the side, held back until each is placed
        joining = scenario_effects.join_party(state, side, given.party, cite)
    else:
        joining = [state.model(mid) for mid in enc.reserved]
    for model in joining:
        if model.side != side or not scenario_effects.brought(model, given):  # only the models it names
            continue
        place = given if given.party is not None else scenario_effects.arrival_for(state, model, given)
        spots = [{"x": x * GRID, "y": y * GRID} for y in range(1, int(state.battle_map.size / GRID))
                 for x in range(1, int(state.battle_map.size / GRID))
                 if arrival_problem(state, model, place, x * GRID, y * GRID) is None]
        if not spots:
            state.emit(EventKind.ReinforcementWaits,
                       f"{model.name} finds no place to arrive and stays in reserve ({cite})",
                       model=model.id, cite=cite, rule="ENC-4")
            continue

        def check(point: dict[str, float], model: ModelState = model, place: Arrival | Place = place) -> str | None:
            return arrival_problem(state, model, place, point["x"], point["y"])

        point = yield Decision(DecisionKind.arrive_place, side, f"{model.name} arrives as a reinforcement: place it",
                               "ENC-4", free="point", check=check,
                               context={"model": model.id, "candidates": spots, "cite": cite})
        facing = yield Decision(DecisionKind.facing, side, f"{model.name}: facing on arrival", "ENC-4", free="angle",
                                context={"model": model.id, "current": model.facing})
        model.x, model.y, model.facing = point["x"], point["y"], facing
        model.status = ON_TABLE
        if state.phase == Phase.MAIN:
            state.bag.append(side)
            state.bag.sort()
        board.battlefield(state)
        state.emit(EventKind.ReinforcementArrives, f"{model.name} arrives at ({model.x:.1f}, {model.y:.1f}) ({cite})",
                   model=model.id, side=side, at=[model.x, model.y], cite=cite, rule="ENC-4")
