"""What Gearfall's battle screen shows, as plain data (no pygame): its tokens, its status lines, the deployment
zone, and the exact odds of each attack the turn offers — asked of the rules (actions.strike_for and the odds),
never restated. The kernel's screen (game.ui.scenes.system_battle) draws these for any system that has them.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.decisions import Decision
from game.systems.gearfall import actions, attacks
from game.systems.gearfall.attacks import Strike
from game.systems.gearfall.kinds import GfDecision
from game.systems.gearfall.movement import charge_lane
from game.systems.gearfall.odds import attack_odds
from game.systems.gearfall.state import CharacterState, GearfallState, Phase, Status
from game.systems.gearfall.table import battlefield


@dataclass(frozen=True)
class Token:
    id: str
    side: int
    x: float
    y: float
    radius: float
    facing: float
    name: str
    marks: tuple[str, ...]  # "down", "prone"
    boxes: tuple[int, int]  # damage marked, boxes in all
    active: bool


def tokens(state: GearfallState) -> list[Token]:
    return [Token(c.id, c.side, c.x, c.y, c.radius, c.facing, c.name,
                  tuple(m for m, on in (("down", c.knocked_down), ("prone", c.prone)) if on),
                  (c.damage, c.profile.damage_boxes), c.id == state.active)
            for c in state.characters.values() if c.on_table]


def headline(state: GearfallState) -> str:
    if state.phase is Phase.SETUP:
        return "Set-up"
    if state.phase is Phase.OVER:
        return "The battle is over"
    return f"Round {state.round} of {state.scenario.rounds}"


def status(state: GearfallState) -> list[tuple[int, str]]:
    """One line a character, by side: its name, damage boxes left, and how it stands."""
    out = []
    for c in state.characters.values():
        if c.status is Status.UNDEPLOYED:
            how = "not set up yet"
        elif c.status is Status.DISABLED:
            how = "disabled"
        else:
            how = f"{c.boxes_left}/{c.profile.damage_boxes} boxes" + (", knocked down" if c.knocked_down else "") \
                + (", prone" if c.prone else "")
        out.append((c.side, f"{c.name} ({c.id}): {how}"))
    return out


def zone(state: GearfallState, decision: Decision) -> tuple[str, float] | None:
    """The set-up zone a deployment question is about: its edge and depth in inches."""
    if decision.kind != GfDecision.gf_deploy:
        return None
    side = decision.side
    return state.scenario.edges[side], state.scenario.depth


def _strike_of(state: GearfallState, decision: Decision, key: str) -> tuple[Strike, CharacterState] | None:
    """The strike an option would make (and its target), read off the table by the rules; None for any other."""
    kind, _, rest = key.partition(":")
    if decision.kind == GfDecision.gf_step and kind == "attack" and state.active is not None:
        weapon_index, target = rest.split(":")
        attacker, free = state.active, False
    elif decision.kind == GfDecision.gf_free_strike and kind == "strike":
        weapon_index, target, attacker, free = rest, decision.context["target"], decision.context["model"], True
    else:
        return None
    c, t = state.character(attacker), state.character(target)
    return actions.strike_for(state, c, c.profile.weapons[int(weapon_index)], t, free=free), t


def option_tip(state: GearfallState, decision: Decision, key: str) -> str:
    """The exact odds of an attack the turn offers, with every modifier; "" for any other option."""
    found = _strike_of(state, decision, key)
    if found is None:
        return ""
    s, t = found
    o = attack_odds(s)
    mods = [m.describe() for m in attacks.attack_modifiers(s)] + [m.describe() for m in attacks.defence_modifiers(s)]
    return (f"hit {float(o.p_hit):.0%} (against DEF {attacks.target_number(s)}), critical {float(o.p_critical):.0%}"
            + (f", knockdown {float(o.p_knockdown):.0%}" if o.p_knockdown else "")
            + f"; expected damage {float(o.expected_damage):.1f}, "
              f"disables {float(o.chance_of_at_least(t.boxes_left)):.0%}"
            + (f"; {', '.join(mods)}" if mods else ""))


def option_badge(state: GearfallState, decision: Decision, key: str) -> str:
    """An attack option's odds in a few characters, for its button: "58% · 2.4 dmg" (hit, expected damage)."""
    found = _strike_of(state, decision, key)
    if found is None:
        return ""
    o = attack_odds(found[0])
    return f"{float(o.p_hit):.0%} · {float(o.expected_damage):.1f} dmg"


def outcome(state: GearfallState) -> str:
    """Who won and why, once the battle is over."""
    if state.phase is not Phase.OVER:
        return ""
    who = "A draw" if state.winner is None else f"{state.sides[state.winner].name} wins"
    return f"{who}: {state.result}."


def preview(state: GearfallState, decision: Decision, point: tuple[float, float]
            ) -> tuple[tuple[tuple[float, float], ...], str]:
    """A move's route to ``point`` as the rules would take it, or why they would refuse it ([GF-MOVE-3])."""
    if decision.kind != GfDecision.gf_move_to:
        return (), ""
    c = state.character(decision.context["model"])
    found = actions.route(state, c, point, decision.context["allowance"])
    if isinstance(found, str):
        return ((c.x, c.y), point), found
    return tuple((p.x, p.y) for p in found), ""


def lane(state: GearfallState, decision: Decision, key: str) -> tuple[tuple[tuple[float, float], ...], bool]:
    """A charge option's straight lane, where it would stop, and whether it would end in reach ([GF-CHG-1],
    [GF-CHG-2]; a free strike on the way may still stop it)."""
    kind, _, target = key.partition(":")
    if decision.kind != GfDecision.gf_step or kind != "charge" or state.active is None:
        return (), False
    c = state.character(state.active)
    reach = any(w.reach for _, w in actions.melee_weapons(c))
    found = charge_lane(battlefield(state), c.id, target, c.profile.speed, reach)
    return ((found.start.x, found.start.y), (found.end.x, found.end.y)), found.success
