"""An encounter's scoring, game length and victory ([TURN-8] (a) and (g), [ENC-4], [ENC-5], [SEQ-15], [SEQ-16]).

Kills and escapes are standing scores: recomputed from the models' fates whenever
scores are shown ([SEQ-15]: whatever killed a model). Control and secure entries
award points when they trigger (each Maintenance, once, or at the end); the
Rescue check ([ENC-RES-4]) runs first in Maintenance so a rescued Prisoner's die
joins the bag at step (d). A game without an encounter scores kill values only.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from game.content.maps import TABLE_SIZE as TABLE
from game.content.scenario_schema import RollTable, ScoringEntry, VariablePoints
from game.geometry.battlefield import Battlefield
from game.rules import board, scenario_events, scenario_triggers
from game.rules.decisions import Decision
from game.rules.encounter import EncounterState, distance_to_marker, inside_polygon
from game.rules.events import EventKind
from game.rules.state import ESCAPED, KILLED, ON_TABLE, REMOVED, GameState, ModelState

Gen = Generator[Decision, Any, Any]
KILL_VALUES = {"hero": 3, "companion": 2, "follower": 1}  # [ENC-5]
QUARTER_NAMES = ("the top-left quarter", "the top-right quarter", "the bottom-left quarter",
                 "the bottom-right quarter")


def kill_values(state: GameState) -> dict[str, int]:
    return dict(state.encounter.scenario.kill_values) if state.encounter is not None else dict(KILL_VALUES)


def entry_values(state: GameState, entry: ScoringEntry) -> dict[str, int]:
    """What each model type is worth to a kills or escapes entry: its own values, else the encounter's."""
    return {str(k): v for k, v in entry.values.items()} if entry.values else kill_values(state)


def standing(state: GameState, side: int) -> int:
    """Kill values of enemies killed or removed ([ENC-5], [SEQ-15]) and of own models escaped ([ENC-BRK-3])."""
    enc = state.encounter
    entries = enc.scenario.scoring if enc is not None else [ScoringEntry(kind="kills")]
    total = 0
    for entry in entries:
        if enc is not None and (enc.named_side(entry.side) not in (None, side)  # one-sided: the other's only
                                or not scenario_events.pays_now(state, entry)):  # switched off, or its 'if' fails
            continue
        values = entry_values(state, entry)
        if entry.kind == "kills":
            total += sum(values[m.profile.type] for m in state.side_models(1 - side) if m.status in (KILLED, REMOVED))
        elif entry.kind == "escapes":
            total += sum(values[m.profile.type] for m in state.side_models(side) if m.status == ESCAPED)
    return total


def breakdown(state: GameState, side: int) -> list[tuple[str, int]]:
    """A side's score item by item: each enemy killed, each own model escaped, each award, the victory."""
    enc = state.encounter
    entries = enc.scenario.scoring if enc is not None else [ScoringEntry(kind="kills")]
    items: list[tuple[str, int]] = []
    for entry in entries:
        if enc is not None and (enc.named_side(entry.side) not in (None, side)
                                or not scenario_events.pays_now(state, entry)):
            continue
        values = entry_values(state, entry)
        if entry.kind == "kills":
            items += [(f"{m.name} killed ({m.profile.type})", values[m.profile.type])
                      for m in state.side_models(1 - side) if m.status in (KILLED, REMOVED)]
        elif entry.kind == "escapes":
            items += [(f"{m.name} escaped ({m.profile.type})", values[m.profile.type])
                      for m in state.side_models(side) if m.status == ESCAPED]
    if enc is not None:
        awards: dict[str, list[int]] = {}  # the same award every turn: one item, with how many times
        for e in state.log:
            if e.kind in ("Scored", "Victory") and e.data.get("side") == side and e.data.get("points"):
                awards.setdefault(str(e.data.get("label", "victory")), []).append(int(e.data["points"]))
        items += [(label if len(pts) == 1 else f"{label} ×{len(pts)}", sum(pts)) for label, pts in awards.items()]
    return items


def update_scores(state: GameState) -> None:
    enc = state.encounter
    for s in state.sides:
        s.score = standing(state, s.index) + (enc.awarded[s.index] if enc is not None else 0)


# -- targets and counts -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    key: str
    name: str
    kind: str  # piece | marker | quarter | region (a polygon) | circle (a round region) | prisoner
    ref: Any = None


def targets(state: GameState, entry: ScoringEntry) -> list[Target]:
    enc = state.encounter
    t = entry.targets
    if t is None:
        return []
    if t.piece is not None:  # a piece of the scenario's or of the map it was made for (absent: nothing to score)
        present = any(p.id == t.piece for p in state.battle_map.pieces)
        return [Target(t.piece, entry.name or t.piece, "piece", t.piece)] if present else []
    if t.markers:
        return [Target(m.id, f"marker {m.id}", "marker", m) for m in enc.markers]
    if t.quarters is not None:
        return [Target(f"Q{q}", QUARTER_NAMES[q], "quarter", q) for q in range(4)]
    if t.regions:
        return [Target(r.name, r.name, "circle", (*r.circle.centre, r.circle.diameter / 2)) if r.circle is not None
                else Target(r.name, r.name, "region", tuple((float(x), float(y)) for x, y in r.polygon or ()))
                for r in t.regions]
    if t.prisoner and enc.prisoner is not None:
        return [Target("prisoner", "the Prisoner", "prisoner", enc.prisoner)]
    return []


def target_centre(state: GameState, t: Target) -> tuple[float, float] | None:
    """Where a target is, as one point (where a side heads to take it)."""
    if t.kind == "marker":
        return t.ref.x, t.ref.y
    if t.kind == "prisoner":
        p = state.model(t.ref)
        return p.x, p.y
    if t.kind == "quarter":
        lo, hi = TABLE / 4, TABLE * 3 / 4
        return (lo, hi)[t.ref % 2], (lo, hi)[t.ref // 2]
    if t.kind == "circle":
        return t.ref[0], t.ref[1]
    if t.kind == "region":
        xs, ys = zip(*t.ref, strict=True)
        return sum(xs) / len(xs), sum(ys) / len(ys)
    if t.kind == "piece":
        piece = next((p for p in state.battle_map.pieces if p.id == t.ref), None)
        if piece is not None:
            return (sum(v.x for v in piece.polygon) / len(piece.polygon),
                    sum(v.y for v in piece.polygon) / len(piece.polygon))
    return None


def scores_for(state: GameState, entry: ScoringEntry, side: int) -> bool:
    """Whether the entry can pay this side now: switched on, its `if` holding, not another side's one-sided entry."""
    enc = state.encounter
    return scenario_events.pays_now(state, entry) and enc.named_side(entry.side) in (None, side)


def distance_to(state: GameState, model: ModelState, target: Target) -> float:
    """Edge of the base to the target (0 when touching or overlapping)."""
    if target.kind == "piece":
        return board.battlefield(state).distance_to_piece(model.id, target.ref)
    if target.kind == "marker":
        return distance_to_marker(model, target.ref)
    if target.kind == "prisoner":
        return board.distance(model, state.model(target.ref))
    if target.kind == "circle":  # edge of the base to the circle's edge, exactly
        cx, cy, r = target.ref
        return max(0.0, math.hypot(model.x - cx, model.y - cy) - float(r) - model.radius)
    if target.kind == "region":
        if inside_polygon(target.ref, model.x, model.y, 0.0):
            return 0.0
        from game.geometry import shapes as geo

        n = len(target.ref)
        return max(0.0, min(geo.segment_point_distance(target.ref[i], target.ref[(i + 1) % n], (model.x, model.y))
                            for i in range(n)) - model.radius)
    return math.inf


def counts_for(state: GameState, entry: ScoringEntry, target: Target, model: ModelState) -> bool:
    """Whether a model counts for its side at the target ([ENC-LMK-2], [ENC-SCT-2])."""
    rule = entry.count
    assert rule is not None  # (a control entry always has its count: checked when the file is read)
    if rule.types is not None and model.profile.type not in rule.types:
        return False
    if rule.not_engaged and board.is_engaged(state, model):
        return False
    if rule.inside:
        if target.kind == "quarter":
            quarters = entry.targets.quarters if entry.targets is not None else None
            assert quarters is not None  # (a quarter target comes from the entry's quarters)
            q = Battlefield.quarter_of((model.x, model.y), model.radius, quarters.min_from_centre)
            return bool(q == target.ref)
        if target.kind == "region":
            return inside_polygon(target.ref, model.x, model.y, model.radius)
        if target.kind == "circle":  # the whole base inside the circle
            cx, cy, r = target.ref
            return math.hypot(model.x - cx, model.y - cy) + model.radius <= float(r) + 1e-9
        return False
    assert rule.within is not None  # (a count is 'within: N' or 'inside: true': checked when read)
    return distance_to(state, model, target) <= rule.within + 1e-9


def model_counts(state: GameState, entry: ScoringEntry, target: Target) -> list[int]:
    return [sum(counts_for(state, entry, target, m) for m in state.on_table(side)) for side in (0, 1)]


def controller(state: GameState, entry: ScoringEntry, target: Target) -> tuple[int | None, list[int]]:
    """[ENC-LMK-2] / [ENC-SCT-3]: the side with more models counting; equal counts mean nobody."""
    n = model_counts(state, entry, target)
    return (0 if n[0] > n[1] else 1 if n[1] > n[0] else None), n


def securer(state: GameState, entry: ScoringEntry, target: Target) -> list[int]:
    """[ENC-SAL-3] / [ENC-RES-4]: sides with a model in contact and no enemy model within the distance."""
    out = []
    for side in (0, 1):
        touching = [m for m in state.on_table(side) if distance_to(state, m, target) <= board.CONTACT_TOLERANCE]
        if not touching:
            continue
        if entry.no_enemy_within is not None and any(distance_to(state, e, target) <= entry.no_enemy_within + 1e-9
                                                     for e in state.on_table(1 - side)):
            continue
        out.append(side)
    return out


def points_for(state: GameState, entry: ScoringEntry, side: int, target: Target) -> int:
    if isinstance(entry.points, RollTable):  # [ENC-SAL-4]
        value = state.dice.d6(f"{state.sides[side].name}: {target.name}")
        pts = entry.points.table[value]
        state.emit(EventKind.ScoreRoll, f"{state.sides[side].name} rolls {value} for {target.name}: {pts} ExP",
                   side=side, dice=[value], points=pts, target=target.key, rule=entry.rule or "ENC-SAL-4")
        return pts
    return points_now(state, entry)


def points_now(state: GameState, entry: ScoringEntry) -> int:
    """What one target of the entry would pay now, without rolling: its points, a variable's value, or what a d6
    table pays on a middle face (a 3; [ENC-SAL-4]'s 2)."""
    if isinstance(entry.points, RollTable):
        return entry.points.table[3]
    if isinstance(entry.points, VariablePoints):  # [ENC-VAR-1]: the variable's value now (a flag: 1 or 0)
        return int(scenario_triggers.variable(state, entry.points.variable))
    return entry.points


def award(state: GameState, entry: ScoringEntry, index: int, side: int, target: Target, why: str) -> None:
    enc = state.encounter
    if enc.named_side(entry.side) not in (None, side):  # a one-sided entry pays only its side
        return
    if entry.when == "once":
        key = f"{side}:{index}:{target.key}"
        if key in enc.once:
            return
        enc.once.append(key)
    pts = points_for(state, entry, side, target)
    enc.awarded[side] += pts
    state.emit(EventKind.Scored, f"{state.sides[side].name} {why} {target.name}: {pts:+d} ExP", side=side, points=pts,
               target=target.key, entry=index, label=f"{why} {target.name}", rule=entry.rule or "ENC-4")


def run_entries(state: GameState, moments: tuple[str, ...]) -> None:
    enc = state.encounter
    for index, entry in enumerate(enc.scenario.scoring):
        if entry.when not in moments or entry.kind in ("kills", "escapes") or not scenario_events.pays_now(state,
                                                                                                       entry):
            continue
        for target in targets(state, entry):
            if entry.kind == "control":
                side, n = controller(state, entry, target)
                state.emit(EventKind.Control, f"{target.name}: {n[0]} to {n[1]} models"
                           + (f", {state.sides[side].name} controls it" if side is not None else ", uncontrolled"),
                           target=target.key, counts=n, side=side, rule=entry.rule or "ENC-LMK-2")
                if side is not None:
                    award(state, entry, index, side, target, "controls")
            else:
                for side in securer(state, entry, target):
                    award(state, entry, index, side, target, "secures")


# -- Maintenance and the end -----------------------------------------------------------------------------

def maintenance_scoring(state: GameState) -> Gen:
    """[TURN-8] (a): the encounter scores and checks its conditions (the Rescue first)."""
    enc = state.encounter
    if enc is not None:
        rescue_check(state, enc)
        run_entries(state, ("maintenance", "once"))
        track_holds(state)
    update_scores(state)
    state.emit(EventKind.Scores,
               f"Scores after turn {state.turn}: " + ", ".join(f"{s.name} {s.score}" for s in state.sides),
               scores=[s.score for s in state.sides], rule="ENC-4")
    return
    yield  # pragma: no cover


def track_holds(state: GameState) -> None:
    """For each control entry a sudden win counts: who controls every one of its targets, and for how many
    Maintenance Phases in a row."""
    state.encounter.held.update(holds_now(state))


def hold_entries(state: GameState) -> list[ScoringEntry]:
    """The control entries a sudden win by holding counts ([ENC-4] ``hold``); none outside an encounter."""
    enc = state.encounter
    if enc is None:
        return []
    names = {w.hold.entry for w in enc.scenario.victory.sudden if w.hold is not None}
    return [e for e in enc.scenario.scoring if e.name in names]


def holds_now(state: GameState) -> dict[str, list[Any]]:
    """What :func:`track_holds` would record at a Maintenance Phase now, each control entry a sudden win counts
    as [the side holding every target or None, Maintenances in a row], the encounter left as it is (the AI asks)."""
    enc = state.encounter
    found: dict[str, list[Any]] = {}
    for entry in hold_entries(state):
        name = entry.name
        assert name is not None  # (a hold names its entry: the entries are found by name)
        sides = {controller(state, entry, t)[0] for t in targets(state, entry)}
        side = sides.pop() if len(sides) == 1 else None
        before = enc.held.get(name, [None, 0])
        in_a_row = before[1] + 1 if side is not None and before[0] == side else int(side is not None)
        found[name] = [side, in_a_row]
    return found


def sudden_winner(state: GameState) -> tuple[int, str] | None:
    """The first sudden win a side has met at this Maintenance Phase, as (side, why), or None."""
    enc = state.encounter
    if enc is None:
        return None
    from game.rules.state import RESERVE

    for win in enc.scenario.victory.sudden:
        only = enc.named_side(win.side)
        for side in (0, 1):
            if only is not None and side != only:
                continue
            enemy_left = any(m.status in (ON_TABLE, RESERVE) for m in state.side_models(1 - side))
            # a side whose last models escaped was not wiped out: it got away ([ENC-BRK-2]: not killed)
            enemy_got_away = any(m.status == ESCAPED for m in state.side_models(1 - side))
            if win.wipe_out and not enemy_left and not enemy_got_away:
                return side, "the enemy is wiped out"
            if win.escaped is not None and sum(m.status == ESCAPED for m in state.side_models(side)) >= win.escaped:
                return side, f"{win.escaped} of its models escaped"
            if win.first_to is not None and state.sides[side].score >= win.first_to:
                return side, f"its score reached {win.first_to} ExP"
            if win.if_ is not None and scenario_triggers.holds(state, win.if_):  # [ENC-VAR-1]
                return side, "its condition was met"
            if win.hold is not None:
                held = enc.held.get(win.hold.entry, [None, 0])
                if held[0] == side and held[1] >= win.hold.turns:
                    return side, f"it held {win.hold.entry} for {win.hold.turns} turns in a row"
    return None


def rescue_blockers(state: GameState, enc: EncounterState) -> list[ModelState]:
    """[ENC-RES-4]: the Kidnapper's models near enough to the Prisoner (3″ in the book) to stop its rescue."""
    assert enc.scenario.prisoner is not None and enc.prisoner is not None
    prisoner, rescuer = state.model(enc.prisoner), enc.side(enc.scenario.prisoner.taken_from)
    near = enc.scenario.prisoner.rescue_no_enemy_within
    return [m for m in state.on_table(1 - rescuer) if board.within(m, prisoner, near)]


def rescue_check(state: GameState, enc: EncounterState) -> None:
    """[ENC-RES-4]: a Rescuer in base contact and no Kidnapper within 3″: the Prisoner is rescued."""
    if enc.scenario.prisoner is None or enc.prisoner is None or enc.rescued:
        return
    prisoner = state.model(enc.prisoner)
    if prisoner.x < 0:
        return
    rescuer = enc.side(enc.scenario.prisoner.taken_from)
    near = enc.scenario.prisoner.rescue_no_enemy_within
    if not any(board.in_contact(m, prisoner) for m in state.on_table(rescuer)):
        return
    if rescue_blockers(state, enc):
        state.emit(EventKind.RescueBlocked,
                   f"{prisoner.name} cannot be rescued: a {enc.role(state, 1 - rescuer)} model is "
                   f"within {near:g}″", model=prisoner.id, rule="ENC-RES-4")
        return
    prisoner.status = ON_TABLE
    enc.rescued = True
    state.emit(EventKind.Rescued, f"{prisoner.name} is rescued: its die joins the bag", model=prisoner.id, side=rescuer,
               rule="ENC-RES-4")
    board.battlefield(state)


def game_ends(state: GameState) -> Gen:
    """[TURN-8] (g): the fixed duration, then any extra-turn rolls ([ENC-ENG-3])."""
    enc = state.encounter
    if enc is None:
        return state.turn >= state.settings.turns
    duration = enc.scenario.duration
    if state.turn < duration.turns + enc.extra_turns:
        return False
    extra = duration.extra_turn
    if extra is None or enc.extra_turns >= extra.max:
        return True
    value = state.dice.d6("one more turn?")
    more = value >= extra.need
    state.emit(EventKind.ExtraTurnRoll, f"Roll for one more turn: {value} (needs {extra.need}+): "
               + ("one more turn is played" if more else "the game ends"), dice=[value], need=extra.need,
               success=more, rule=extra.rule or "ENC-ENG-3")
    if more:
        enc.extra_turns += 1
    return not more
    yield  # pragma: no cover


def final_scoring(state: GameState) -> None:
    """The end of the game ([SEQ-16]: also when a side is wiped out): end scoring, then the winner ([ENC-4])."""
    enc = state.encounter
    if enc is None:
        update_scores(state)
        a, b = (s.score for s in state.sides)
        state.winner = 0 if a > b else 1 if b > a else None
        return
    run_entries(state, ("end",))
    victory = enc.scenario.victory
    if enc.decided is not None:  # a sudden win: whatever the score
        state.winner, why = enc.decided
        state.emit(EventKind.Victory,
                   f"{enc.role(state, state.winner)} wins at once: {why}", label=why, side=state.winner,
                   points=0, rule="ENC-4")
        update_scores(state)
        return
    if victory.by == "prisoner":  # [ENC-RES-5]
        rescuer = enc.side(enc.scenario.prisoner.taken_from)
        alive = enc.rescued and enc.prisoner is not None and state.model(enc.prisoner).on_table
        state.winner = rescuer if alive else 1 - rescuer
        enc.awarded[state.winner] += victory.points
        why = "the Prisoner was rescued and is alive" if alive else "the Prisoner was not rescued alive"
        state.emit(EventKind.Victory, f"{enc.role(state, state.winner)} wins: {why} (+{victory.points} ExP)", label=why,
                   side=state.winner, points=victory.points, rule="ENC-RES-5")
        update_scores(state)
        return
    update_scores(state)
    a, b = (s.score for s in state.sides)
    if a != b:
        state.winner = 0 if a > b else 1
    elif victory.ties == "draw":
        state.winner = None
    else:
        state.winner = enc.side(victory.ties)
        state.emit(EventKind.TieBroken, f"Equal scores: {state.sides[state.winner].name} wins the tie ({victory.ties})",
                   side=state.winner, rule="ENC-4")
