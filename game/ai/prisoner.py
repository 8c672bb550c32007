"""The Rescue's questions the AI asks of the table ([ENC-RES-4], [ENC-RES-5]): who is rescuing, which Kidnappers
stop the rescue, which of them a Rescuer goes at, and where the freed Prisoner takes refuge. Read only."""

from __future__ import annotations

import math

from game.rules import board, movement
from game.rules.state import PRISONER, GameState, ModelState


def blockers(state: GameState, m: ModelState) -> list[ModelState] | None:
    """For a Rescuer model in base contact with the Prisoner not yet freed: the Kidnapper's models near enough
    to stop the rescue ([ENC-RES-4]); None for any other model."""
    found = blockers_of(state, m)
    if found is None or not board.in_contact(m, state.model(state.encounter.prisoner)):
        return None
    return found


def storm_target(state: GameState, m: ModelState, focus: bool = False) -> ModelState | None:
    """Levels that storm the ring: for a Rescuer model neither engaged nor at the Prisoner, the Kidnapper
    stopping the rescue ([ENC-RES-4]) to go at: one its walk reaches first (a blow this activation), then the
    one nearest to falling (wounds left; with ``focus``, less one for each of our models already fighting it:
    their blows and their gang up, [MOD-3], fell it sooner), then the one most of our models already fight,
    then the nearest. None while no Kidnapper stops it."""
    blockers = blockers_of(state, m)
    if not blockers or board.in_contact(m, state.model(state.encounter.prisoner)) \
            or board.engaged_enemies(state, m):
        return None
    ours = state.friends_of(m)
    walk = movement.allowance(state, m, "walk")[0]

    def cost(e: ModelState) -> tuple[bool, float, int, float, str]:
        ganged = sum(board.in_contact(f, e) for f in ours)
        gap = board.distance(m, e)
        return gap > walk, e.max_wounds - e.wounds_taken - focus * ganged, -ganged, gap, e.id

    return min(blockers, key=cost)


def blockers_of(state: GameState, m: ModelState) -> list[ModelState] | None:
    """For a model of the Rescuer while the Prisoner is held: the Kidnappers stopping the rescue
    ([ENC-RES-4]); None for any other model or encounter."""
    if not rescuing(state, m.side):
        return None
    from game.rules.scoring import rescue_blockers

    return rescue_blockers(state, state.encounter)


def rescuing(state: GameState, side: int) -> bool:
    """Whether ``side`` is the Rescuer and the Prisoner is still held ([ENC-RES-4])."""
    enc = state.encounter
    return not (enc is None or enc.prisoner is None or enc.rescued or enc.scenario.prisoner is None
                or enc.side(enc.scenario.prisoner.taken_from) != side
                or state.model(enc.prisoner).status != PRISONER)


def last_chance(state: GameState, m: ModelState) -> bool:
    """``m`` is the Rescuer's, the Prisoner still held, in the last turn ([ENC-RES-5]), and not touching the
    Prisoner: unless this turn's Maintenance Phase frees it the Rescue is lost, so ``m`` standing at the end is
    worth nothing beside what its activation can do toward that ([ENC-RES-4])."""
    enc = state.encounter
    return rescuing(state, m.side) and state.turn >= enc.scenario.duration.turns \
        and not board.in_contact(m, state.model(enc.prisoner))


def rescued(state: GameState, m: ModelState) -> bool:
    """The freed Prisoner, whose survival decides the Rescue ([ENC-RES-5])."""
    enc = state.encounter
    return enc is not None and enc.rescued and enc.prisoner == m.id


def refuge(state: GameState, m: ModelState) -> tuple[float, float]:
    """A point on the table away from the enemy, weighting the nearest enemies most."""
    foes = state.enemies_of(m)
    if not foes:
        return m.x, m.y
    ax = ay = 0.0
    for e in foes:
        gap = max(0.5, math.hypot(m.x - e.x, m.y - e.y))
        ax += (m.x - e.x) / gap ** 2
        ay += (m.y - e.y) / gap ** 2
    norm = math.hypot(ax, ay) or 1.0
    x, y = m.x + 12 * ax / norm, m.y + 12 * ay / norm
    far = state.battle_map.size - m.radius - 0.5
    return min(far, max(m.radius + 0.5, x)), min(far, max(m.radius + 0.5, y))
