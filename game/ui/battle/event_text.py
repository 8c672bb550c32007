"""Lines the battle screen words itself from the state and the events' data, so each says one thing one way.

A model's wounds read the same in the log, the dice tray and its card ("1 of 3 wounds left"), from
the numbers the engine recorded, never from its text; and the player who did not choose the table
edge is told why the other side chose it.
"""

from __future__ import annotations

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


def edge_choice_reason(state: GameState, chooser: int, rule: str = "ENC-ENG-1") -> str:
    """Why ``chooser`` picks the table edge: its place in the set-up roll, with both totals."""
    enc = state.encounter
    if enc is None:
        return ""
    roll = next((e for e in reversed(state.log) if e.kind == EventKind.SetupRoll), None)
    totals = roll.data.get("totals") or roll.data.get("dice") if roll is not None else None
    names = [s.name for s in state.sides]
    scores = f" ({names[0]} {totals[0]}, {names[1]} {totals[1]})" if totals and len(totals) == 2 else ""
    return (f"{names[chooser]} rolled {enc.ref(chooser)} in the set-up roll{scores}, so it chooses the table "
            f"edge to deploy along [{rule}].")
