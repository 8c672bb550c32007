"""Lines the battle screen words itself from the state and the events' data, so each says one thing one way.

A model's wounds read the same in the log, the dice tray and its card ("1 of 3 wounds left"), from
the numbers the engine recorded, never from its text; the result that floats over a base on the table
("wound", "saved by Tough") is worded from the event's kind and data too; and the player who did not
choose the table edge is told why the other side chose it.
"""

from __future__ import annotations

from typing import Any, cast

from game.rules.decision_kinds import DecisionKind
from game.rules.deployment import edge_rule
from game.rules.events import Event, EventKind
from game.rules.state import GameState


def wounds_left(taken: int, most: int) -> str:
    """The one way the UI words a model's wounds: what it has left of its most."""
    return f"{max(0, most - taken)} of {most} wounds left"


def shown_text(event: Event, state: GameState | None) -> str:
    """The event's line as the battle screen shows it: its own text, but a wound from its numbers."""
    data = event.data
    model = state.models.get(data.get("model") or "") if state is not None else None
    if event.kind == EventKind.Wounded and model is not None and isinstance(data.get("wounds_taken"), int):
        return f"{model.name} takes a wound: {wounds_left(data['wounds_taken'], model.max_wounds)}"
    return event.text


_PLACED: dict[str, str] = {  # (a DecisionKind is its name: a recorded kind's text finds it)
    DecisionKind.move_to: "moved to", DecisionKind.end_point: "moved to", DecisionKind.charge_end: "charged to",
    DecisionKind.deploy: "placed at", DecisionKind.place_marker: "placed the marker at",
    DecisionKind.place_prisoner: "placed the Prisoner at", DecisionKind.ambush_place: "arrived from ambush at",
    DecisionKind.arrive_place: "arrived at"}


def answer_words(kind: str, answer: object, label: str | None = None) -> str:
    """An answer as a player reads it: the option's own label, a point as where it went ("moved to (11.9″,
    20.8″)"), an angle as a facing ("faced 33°"); never the raw data the save keeps."""
    if isinstance(answer, dict) and {"x", "y"} <= set(answer):
        where = f"({float(answer['x']):.1f}″, {float(answer['y']):.1f}″)"
        return f"{_PLACED.get(str(kind), 'chose the point')} {where}"
    if isinstance(answer, bool) or answer is None:
        return label or "answered"
    if isinstance(answer, int | float):
        return f"faced {round(float(answer)) % 360}°"
    if label:
        return label
    return str(answer).replace("_", " ")


def edge_choice_reason(state: GameState, chooser: int) -> str:
    """Why ``chooser`` picks the table edge: its place in the set-up roll, with both totals, and the
    encounter's rule for it."""
    standing = setup_roll_standing(state, chooser)
    if not standing:
        return ""
    return f"{standing}, so it chooses the table edge to deploy along [{edge_rule(state)}]."


def setup_roll_standing(state: GameState, chooser: int) -> str:
    """``chooser``'s place in the set-up roll, with both totals ([ENC-1]): what the edge prompt says beside its
    own question (which names the rule)."""
    enc = state.encounter
    if enc is None:
        return ""
    roll = next((e for e in reversed(state.log) if e.kind == EventKind.SetupRoll), None)
    totals = roll.data.get("totals") or roll.data.get("dice") if roll is not None else None
    names = [s.name for s in state.sides]
    scores = f" ({names[0]} {totals[0]}, {names[1]} {totals[1]})" if totals and len(totals) == 2 else ""
    return f"{names[chooser]} rolled {enc.ref(chooser)} in the set-up roll{scores}"


# What floats over a base when something happens to it: (event kind, the data key naming the model, words, tone).
# The tone picks the colour (motion.TONES): harm (red), bad (amber), good (green), info (white).
_FLOATS: dict[str, tuple[str, str, str]] = {
    EventKind.Wounded: ("model", "wound", "harm"),
    EventKind.Brutal: ("defender", "brutal", "harm"),
    EventKind.Killed: ("model", "killed", "harm"),
    EventKind.Removed: ("model", "removed", "harm"),
    EventKind.Escaped: ("model", "escaped", "info"),
    EventKind.Misfire: ("model", "misfire", "bad"),
    EventKind.StunIgnored: ("model", "no Stun", "good"),
    EventKind.ShookOff: ("model", "Stun shaken off", "good"),
    EventKind.Healed: ("model", "healed", "good"),
    EventKind.AreaHit: ("model", "caught in the blast", "harm"),
    EventKind.AreaMiss: ("model", "escapes the blast", "good"),
    EventKind.SpellResisted: ("model", "resisted", "good"),
    EventKind.BurnOut: ("model", "burnt out", "bad"),
}
# events that put a condition on a model float the condition's name as the tooltips write it
_CONDITION_EVENTS = {EventKind.Stunned: "stunned", EventKind.FullDefense: "full_defense",
                     EventKind.Entangled: "entangled", EventKind.Confused: "confused", EventKind.Weakened: "weakness"}


def floating_result(event: Event) -> tuple[str, str, str] | None:
    """(model id, words, tone) of the result an event floats over a base ("wound", "Stunned", "saved by
    Tough", "misfire"), from the event's kind and data, never its text; None when nothing floats."""
    data, kind = event.data, event.kind
    if kind in _FLOATS:
        key, words, tone = _FLOATS[kind]
        found = cast("dict[str, Any]", data).get(key)  # (the key the kind names: a variable)
        return (found, words, tone) if isinstance(found, str) else None
    model = data.get("model")
    if kind in _CONDITION_EVENTS and isinstance(model, str):
        from game.ui.battle.tooltips import CONDITION_TEXT

        return model, CONDITION_TEXT[_CONDITION_EVENTS[kind]][0], "bad" if kind != EventKind.FullDefense else "info"
    if kind == EventKind.TraitRoll and data.get("success") and isinstance(model, str) and model:
        trait = str(data.get("trait", ""))
        return (model, f"saved by {trait}", "good") if data.get("saves_wound") else (model, trait, "info")
    if kind == EventKind.AttackResolved and data.get("hit") is False and isinstance(data.get("defender"), str):
        return data["defender"], "defended", "info"
    if kind == EventKind.SpellResolved and data.get("success") is False and isinstance(data.get("target"), str):
        return data["target"], "resisted", "good"
    if kind == EventKind.ActivationRoll and isinstance(model, str) and isinstance(data.get("ap"), int):
        return model, f"{data['ap']} AP", "info"
    if kind == EventKind.Pushed and isinstance(model, str) and isinstance(data.get("distance"), int | float):
        return model, f"pushed {data['distance']:.1f}″", "info"
    return None
