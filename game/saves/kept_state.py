"""A save's kept state (``state``, game/saves/state_value.py), put to use: built at once, then checked against the
answers. The answers are the game ([DIG-ACT-4]); the kept state only spares playing them back to show it. So
whatever opens a finished game from its state also checks it against the game its answers play (the results
screen a slice per frame, ``replay`` and the Load list at once), and a difference is reported with the file
and the first thing that differs, never taken on trust.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.core.errors import ContentError, Problem
from game.rules.state import GameState, Phase
from game.saves.playback import Played, _parsed, playing
from game.saves.record import SaveRecord, rules_hash
from game.saves.state_value import (
    STATE_FORMAT,
    StateProblem,
    StateUnfit,
    content_roots,
    decode,
    first_difference,
    picture,
)


def usable(record: SaveRecord) -> bool:
    """The save keeps a state of this format, taken after its last answer by this version of the game under these
    rules (any other is played back, as a save without one: its state could be of classes or rules since changed)."""
    import game

    block = record.state
    return (block is not None and block.get("format") == STATE_FORMAT and block.get("decisions") == len(record.answers)
            and record.game_version == game.__version__ and record.rules == rules_hash())


def roots_of(setup: dict[str, Any], source: str = "<save>") -> dict[str, Any]:
    """The content a save's setup texts build (parsed, not played), by the names kept references start with."""
    from game.content.party_building import parse_party
    from game.content.scenario_file import parse_scenario

    if setup.get("script") is not None:
        from game.content.script_file import parse_script

        script = _parsed(parse_script, setup["script"], source, ("setup", "script"))
        return content_roots(script.parties, script.scenario)
    parties = [_parsed(parse_party, p, source, ("setup", "parties", i)) for i, p in enumerate(setup["parties"])]
    kept = setup.get("scenario_parties") or []
    scenario = _parsed(lambda text, file: parse_scenario(text, file, kept), setup["scenario"], source,
                       ("setup", "scenario"))
    return content_roots(parties, scenario)


def kept_roots(state: GameState) -> dict[str, Any]:
    """The content a live game was built from, named as :func:`roots_of` names a save's."""
    encounter = state.encounter
    return content_roots([side.party for side in state.sides], encounter.scenario if encounter is not None else None)


def load(record: SaveRecord) -> GameState | None:
    """The finished game a save keeps; None when its classes are not this version's as they were (it is then
    played back). ContentError naming the file and the key path when the block is not what the game keeps (a
    kept state not of a finished game is refused too)."""
    assert record.state is not None
    try:
        state: GameState = decode(record.state, roots_of(record.setup, record.source))
        if state.phase != Phase.OVER:
            raise StateProblem(("state", "value"), "the kept state is not of a finished game")
        problems = _unsound(state)
        if problems:
            raise StateProblem(("state", "value"), f"the kept state is not a game's: {problems[0]}")
    except StateUnfit:
        return None
    except StateProblem as exc:
        from game.content.yaml_loader import format_where

        raise ContentError(record.source, [Problem(format_where(exc.where), None, exc.why)]) from None
    return state


def _unsound(state: GameState) -> list[str]:
    """What a screen could not show: sides and models that do not fit together (whatever else differs from the
    game its answers play, the check against them finds)."""
    out = []
    if len(state.sides) != 2 or any(side.index != i for i, side in enumerate(state.sides)):
        out.append("it does not have two sides, 0 and 1")
    if state.winner not in (None, 0, 1):
        out.append(f"its winner is side {state.winner}")
    return out + [f"model {key} is {m.id} of side {m.side}" for key, m in state.models.items()
                  if m.id != key or m.side not in (0, 1)]


def difference(kept: GameState, played: GameState) -> str | None:
    """The first thing in which a kept state is not the state its answers play to, or None."""
    return first_difference(picture(kept), picture(played))


def mismatch_message(record: SaveRecord, where: str) -> str:
    return (f"{record.source}: the result kept in this save is not the game its moves play "
            f"(the file was changed by hand or damaged): {where}")


class Check:
    """A kept state checked against the game its answers play, a slice at a time: ``step`` until ``done``, then
    ``problem`` says what differs (None: the same game) and ``played`` is the game the answers play."""

    def __init__(self, record: SaveRecord, kept: GameState):
        self.record, self.kept = record, kept
        self.done = False
        self.problem: str | None = None
        self.played: Played | None = None
        self._steps: Generator[int, None, Played] | None = None

    def step(self, budget: float | None = None) -> bool:
        """Play answers back for about ``budget`` seconds (None: to the end); whether the check is done."""
        import time

        if self.done:
            return True
        end = None if budget is None else time.perf_counter() + budget
        try:
            if self._steps is None:
                r = self.record
                self._steps = playing(r.setup, r.answers, r.checks, source=r.source)
            while end is None or time.perf_counter() < end:
                next(self._steps)
        except StopIteration as stop:
            self._finish(stop.value)
        except ContentError as exc:
            self.done, self.problem = True, f"{self.record.source}: its setup no longer loads: {exc.describe()}"
        return self.done

    def _finish(self, played: Played) -> None:
        from game.saves.store import divergence_headline

        self.done, self.played = True, played
        if played.divergence is not None:
            self.problem = (f"{self.record.source}: {divergence_headline(self.record)} "
                            f"(It stops at {played.divergence.describe()}.)")
            return
        where = difference(self.kept, played.game.state)
        if where is not None:
            self.problem = mismatch_message(self.record, where)
