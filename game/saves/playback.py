"""Playing a save back: the setup from its texts, then its answers one by one, each checked.

A game is setup + seed + answers ([DIG-ACT-4]); the checks make a playback that drifts stop at
the first decision whose events differ from the ones recorded, and say so.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from game.content.maps import parse_map
from game.content.yaml_loader import format_where
from game.core.errors import ContentError, IllegalAction, Problem
from game.rules.decisions import Answer, Decision
from game.rules.engine import Game
from game.rules.state import GameState
from game.systems import DEFAULT as DEFAULT_SYSTEM
from game.systems import get as rule_system


def check_of(previous: str, events: list) -> str:
    """The check of one decision: a digest of the events it led to, chained to the one before."""
    body = json.dumps([e.to_dict() for e in events], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha1((previous + body).encode("utf-8", "surrogatepass")).hexdigest()[:10]


class Recorder:
    """Keeps the answers and their checks while a game is played (live, or played back)."""

    def __init__(self, state: GameState):
        self.state = state
        self.answers: list[Answer] = []
        self.checks: list[str] = []
        self.sides: list[int] = []  # who gave each answer
        self.rolls_before: list[int] = []  # dice drawn from the game's one source when each was asked
        self._seen = len(state.log)
        self._rolls = len(state.dice.history)

    @classmethod
    def kept(cls, state: GameState, answers: list[Answer], checks: list[str]) -> Recorder:
        """The record of a game rebuilt from its kept state (not played back): its answers and checks; who gave
        each is not kept (-1), and no die is revealed since any of them (nothing to take back in a finished game)."""
        recorder = cls(state)
        recorder.answers, recorder.checks = list(answers), list(checks)
        recorder.sides = [-1] * len(answers)
        recorder.rolls_before = [len(state.dice.history)] * len(answers)
        return recorder

    def note(self, answer: Answer, side: int = -1) -> str:
        events = self.state.log[self._seen:]
        self._seen = len(self.state.log)
        check = check_of(self.checks[-1] if self.checks else "", events)
        self.answers.append(answer)
        self.checks.append(check)
        self.sides.append(side)
        self.rolls_before.append(self._rolls)
        self._rolls = len(self.state.dice.history)
        return check

    def note_aside(self) -> None:
        """Events logged outside the rules (a take-back's line): shown, never part of a check."""
        self._seen = len(self.state.log)

    def revealed_nothing_since(self, index: int) -> bool:
        """No die rolled or drawn from the bag since answer ``index`` was asked for."""
        return len(self.state.dice.history) == self.rolls_before[index]


def setup_state(setup: dict[str, Any], source: str = "<save>") -> Any:
    """The game at its first decision, from a save's setup block (texts parsed like the files they were), by the
    rule system the save names (its parties, scenario and settings are that system's).

    A content text that no longer loads (a save edited by hand, or rules data that changed) is a
    ContentError naming the save, the key of the text in it, and the problem with its own file and line."""
    system = rule_system(setup.get("system", DEFAULT_SYSTEM))
    parties = tuple(_parsed(system.parse_party, p, source, ("setup", "parties", i))
                    for i, p in enumerate(setup["parties"]))
    battle_map = _parsed(parse_map, setup["map"], source, ("setup", "map"))
    kept = setup.get("scenario_parties") or []
    scenario = None
    if system.parse_scenario is not None:
        parse = system.parse_scenario
        scenario = _parsed(lambda text, file: parse(text, file, kept), setup["scenario"], source,
                           ("setup", "scenario"))
    return system.new_state((parties[0], parties[1]), battle_map, setup["seed"], settings=system.settings_of(setup),
                            scenario=scenario)


def start_game(setup: dict[str, Any], source: str = "<save>") -> Game:
    """The game at the save's first answer: a new battle from the setup's texts, or a script's position
    (docs/script-mode.md) kept by value, its own answers given."""
    if setup.get("script") is None:
        system = rule_system(setup.get("system", DEFAULT_SYSTEM))
        return Game(setup_state(setup, source), [_Nobody(), _Nobody()], rules=system.play)
    from game.content.script_file import parse_script
    from game.rules.script_mode import build_state, friendly

    text, key = setup["script"], ("setup", "script")
    script = _parsed(parse_script, text, source, key)
    try:
        game = Game(build_state(script), [_Nobody(), _Nobody()])
    except ContentError as exc:  # a position the rules refuse (overlapping bases, a base off the table)
        raise _kept(exc, text, source, key) from None
    for i, answer in enumerate(script.raw.answers):
        pending = game.pending
        if game.over or pending is None:
            break
        try:
            game.answer(friendly(pending, answer))
        except IllegalAction as exc:
            why = Problem(format_where((*key, "text")), None, f"the {text['file']} kept in this save: "
                                                                f"its answers[{i}] is refused: {exc}")
            raise ContentError(source, [why]) from None
    return game


def _parsed(parse: Callable[[str, str], Any], content: dict[str, str], source: str, key: tuple) -> Any:
    try:
        return parse(content["text"], content["file"])
    except ContentError as exc:
        raise _kept(exc, content, source, key) from None


def _kept(exc: ContentError, content: dict[str, str], source: str, key: tuple) -> ContentError:
    """A problem of a text kept in a save: the save and the text's key, then the problem in its own file and line."""
    where = format_where((*key, "text"))
    return ContentError(source, [Problem(where, None, f"the {content['file']} kept in this save: "
                                                      f"{p.describe(content['file'])}") for p in exc.problems])


@dataclass
class Divergence:
    """Where a playback left the recorded game, and how."""

    decision: int  # 0-based index of the answer
    kind: str  # the decision's kind
    why: str

    def describe(self) -> str:
        return f"decision {self.decision + 1} ({self.kind}): {self.why}"


class _Nobody:
    def decide(self, state: Any, decision: Decision) -> Answer:
        raise RuntimeError("a played-back game is answered from its record")


@dataclass
class Played:
    game: Game
    recorder: Recorder
    divergence: Divergence | None


Ask = Callable[[GameState, Decision], Any]


def play_back(setup: dict[str, Any], answers: list[Any], checks: list[str] | None = None, upto: int | None = None,
              ask: Ask | None = None, source: str = "<save>") -> Played:
    """Feed the recorded answers (the first ``upto``) to a new game from the setup.

    ``ask`` is called with every decision before its recorded answer is given — a resumed game's
    AI controllers answer it again, so their own state moves on exactly as when it was played.
    Stops at the first answer the rules refuse or whose check differs from the record.
    """
    steps = playing(setup, answers, checks, upto, ask, source)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            played: Played = done.value
            return played


def playing(setup: dict[str, Any], answers: list[Any], checks: list[str] | None = None, upto: int | None = None,
            ask: Ask | None = None, source: str = "<save>") -> Generator[int, None, Played]:
    """:func:`play_back` a decision at a time: yields the index of each answer given, returns the Played (a
    caller with a time budget, the results screen checking a kept state, steps it between frames)."""
    game = start_game(setup, source)
    state = game.state
    recorder = Recorder(state)
    end = len(answers) if upto is None else min(upto, len(answers))
    for i in range(end):
        decision = game.pending
        if decision is None:
            return Played(game, recorder, Divergence(i, "-", "the game ended before this answer"))
        if ask is not None:
            ask(state, decision)
        try:
            game.answer(answers[i])
        except IllegalAction as exc:
            return Played(game, recorder, Divergence(i, decision.kind, f"the rules refuse the answer: {exc}"))
        check = recorder.note(game.answers[-1], decision.side)
        if checks is not None and i < len(checks) and checks[i] != check:
            return Played(game, recorder, Divergence(i, decision.kind, "its events differ from the recorded ones"))
        yield i
    return Played(game, recorder, None)


def summary_of(game: Game, setup: dict[str, Any], decisions: int, fallback: str | None = None) -> dict[str, Any]:
    """A save's summary, from the game itself (the session writes it, the Load screen checks a file's by it).

    The encounter is the scenario's name; a game without one (a script's position) takes ``fallback``
    or "Position <script>"."""
    st = game.state
    scenario = getattr(getattr(st, "encounter", None), "scenario", None) or getattr(st, "scenario", None)
    name = getattr(scenario, "name", None) or fallback
    if not name:
        script = setup.get("script")
        name = f"Position {PurePath(script['file']).stem}" if script else "A fight"
    return {"encounter": name, "parties": [side.name for side in st.sides], "map": st.battle_map.name,
            "turn": st.turn, "scores": [side.score for side in st.sides], "finished": game.over,
            "winner": st.winner, "mode": setup["mode"], "ai_level": setup.get("ai_level", "normal"),
            "decisions": decisions}
