"""What Thornwood's battle screen shows, as plain data (no pygame), for the side looking ([TW-SPOT-1]): its own
figures and the enemies it has spotted, the Furs Markers, the log as it may read it, and the odds of each shot
the orders offer — asked of the rules, never restated. The kernel's screen (game.ui.scenes.system_battle) draws
these; ``HIDDEN`` tells it to draw one side's view and to hand the seat over between sides in hotseat.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.decisions import Decision
from game.systems.thornwood import movement, shooting
from game.systems.thornwood.combat_table import card, cell
from game.systems.thornwood.kinds import TwDecision, facts
from game.systems.thornwood.odds import damage_odds, hit_chance
from game.systems.thornwood.state import MARKER_RADIUS, FigureState, Phase, Status, TwState

HIDDEN = True


@dataclass(frozen=True)
class Token:
    id: str
    side: int
    x: float
    y: float
    radius: float
    facing: float
    name: str
    marks: tuple[str, ...]  # "fallen", "ambush", "pinned", "ducked"
    boxes: tuple[int, int]  # CV lost, CV at the start
    active: bool


@dataclass(frozen=True)
class MarkerView:
    id: str
    x: float
    y: float
    radius: float
    label: str
    owner: int | None  # who set it out


def visible(state: TwState, f: FigureState, viewer: int | None) -> bool:
    """[TW-SPOT-1]: a side sees its own figures and the enemies it has spotted; None sees everything."""
    return f.on_table and (viewer is None or f.side == viewer or f.id in state.sides[viewer].known)


def tokens(state: TwState, viewer: int | None = None) -> list[Token]:
    out = []
    for f in state.figures.values():
        if not visible(state, f, viewer):
            continue
        own = viewer is None or f.side == viewer
        marks = tuple(m for m, on in (("fallen", f.fallen), ("ambush", f.ambush and own), ("pinned", bool(f.pinned)),
                                      ("ducked", f.duck_back and own)) if on)
        out.append(Token(f.id, f.side, f.x, f.y, f.radius, f.facing, f.name, marks, (f.cv_lost, f.profile.cv),
                         f.id in state.acting))
    return out


def markers(state: TwState, viewer: int | None = None) -> list[MarkerView]:
    """The Furs Markers still lying on the table (everyone knows where they are: [TW-FURS-1])."""
    return [MarkerView(m.id, m.x, m.y, MARKER_RADIUS, f"Furs {m.id}", m.placed_by) for m in state.markers
            if m.on_table]


def log_lines(state: TwState, viewer: int | None = None) -> list[str]:
    """The log as ``viewer`` may read it: a line that tells of what it has not seen is left out."""
    return [e.text for e in state.log if viewer is None or e.data.get("hidden_from") != viewer]


def headline(state: TwState) -> str:
    if state.phase is Phase.SETUP:
        return "Set-up"
    if state.phase is Phase.OVER:
        return "The battle is over"
    side = "" if state.active_side is None else f": {state.sides[state.active_side].name}"
    return (f"Turn {state.turn} of {state.scenario.turns}{side} · Furs {state.collected(0)}–{state.collected(1)}")


def status(state: TwState, viewer: int | None = None) -> list[tuple[int, str]]:
    """A line a side (its Inspiration and markers), then a line a figure the viewer may see."""
    out = []
    for s in state.sides:
        out.append((s.index, f"{s.name}: {s.inspiration.value}, {state.collected(s.index)} Furs Markers"
                    + (", defeated" if s.defeated else "")))
    for f in state.figures.values():
        if viewer is not None and f.side != viewer and not visible(state, f, viewer):
            continue
        if f.status is Status.UNDEPLOYED:
            how = "not set up yet"
        elif f.status is Status.OUT:
            how = "gory death" if f.gory else "out of the battle"
        elif f.status is Status.FLED:
            how = "fled the table"
        else:
            how = f"CV {f.cv}/{f.profile.cv}" + (", fallen" if f.fallen else "") + (", pinned" if f.pinned else "")
        out.append((f.side, f"{f.name} ({f.id}, {f.profile.type}): {how}"))
    return out


def zone(state: TwState, decision: Decision) -> tuple[str, float] | None:
    if decision.kind != TwDecision.tw_deploy:
        return None
    return state.edges[decision.side], state.scenario.depth


def _shot_of(state: TwState, decision: Decision, key: str) -> tuple[shooting.Shot, FigureState] | None:
    if decision.kind != TwDecision.tw_target or key in ("none", "no", "back"):
        return None
    f = state.figure(decision.context["model"])
    t = state.figures.get(key)
    if t is None:
        return None
    shot = shooting.shot_for(state, f, t, facts(decision).get("moving", ""), bool(facts(decision).get("reacting")))
    return None if shot is None else (shot, t)


def option_tip(state: TwState, decision: Decision, key: str) -> str:
    """A shot's exact odds with every shift; a card's row of the table; "" for any other option."""
    found = _shot_of(state, decision, key)
    if found is not None:
        shot, t = found
        dmg = damage_odds(shot, t)
        parts = ", ".join(f"{name.replace('_', ' ')} {float(p):.0%}" for name, p in dmg.items())
        return f"hit {float(hit_chance(shot.need.need)):.0%} ({shot.explain()}); if hit: {parts}"
    if decision.kind == TwDecision.tw_card:
        role = facts(decision).get("role")
        if role == "attack":
            return "; ".join(f"v {card(d, 'defence').title} {cell(key, d).printed()}"
                             for d in ("counter_blow", "leap_aside", "jump_back", "duck", "parry", "huh"))
        if role == "defence":
            return "; ".join(f"{card(a, 'attack').title} {cell(a, key).printed()}"
                             for a in ("swing", "cut", "lunge", "bash", "taunt", "huh"))
    return ""


def option_badge(state: TwState, decision: Decision, key: str) -> str:
    found = _shot_of(state, decision, key)
    if found is None:
        return ""
    return f"{float(hit_chance(found[0].need.need)):.0%} hit"


def outcome(state: TwState) -> str:
    if state.phase is not Phase.OVER:
        return ""
    who = "A draw" if state.winner is None else f"{state.sides[state.winner].name} wins"
    return f"{who}: {state.result}."


def preview(state: TwState, decision: Decision, point: tuple[float, float]
            ) -> tuple[tuple[tuple[float, float], ...], str]:
    """A move's route to ``point`` as the rules would take it, or why they would refuse it ([TW-MOVE-5])."""
    if decision.kind != TwDecision.tw_move_to:
        return (), ""
    f = state.figure(decision.context["model"])
    found = movement.route(state, f, point, decision.context["allowance"])
    if isinstance(found, str):
        return ((f.x, f.y), point), found
    return tuple((p.x, p.y) for p in found), ""


def lane(state: TwState, decision: Decision, key: str) -> tuple[tuple[tuple[float, float], ...], bool]:
    """A charge order's line to the group it would charge ([TW-CC-1])."""
    kind, _, target = key.partition(":")
    if decision.kind != TwDecision.tw_order or kind != "charge":
        return (), False
    f, t = state.figure(decision.context["model"]), state.figures.get(target)
    if t is None:
        return (), False
    return ((f.x, f.y), (t.x, t.y)), True

