"""A battle as the UI plays it: the engine's Game, which sides are human, and what the screen needs
to know about whose turn it is. No pygame here: the scenes draw it, the tests drive it directly.

The UI never decides a rule: it shows the pending Decision and hands the player's answer to
``Game.answer``, which validates it exactly as it would a script's or the AI's.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.library import resolve
from game.content.maps import BattleMap, load_map
from game.content.party_building import BuiltParty, load_party
from game.content.scenario_file import ScenarioFile, load_scenario
from game.core.errors import ContentError, IllegalAction
from game.rules.decisions import Answer, Controller, Decision
from game.rules.deployment import DEPLOYMENT_KINDS, auto_answer
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import GameState, Settings

HOTSEAT = "hotseat"
VS_AI = "ai"
AI_LEVELS = ("easy", "normal", "hard")


@dataclass
class BattleSetup:
    """Everything a battle starts from: with the seed and the answers, the whole game ([DIG-ACT-4])."""

    scenario: str = "engagement"
    map: str = "village_ruins"
    parties: tuple[str, str] = ("lantern_adventuring_co", "northmen_raiding_party")
    mode: str = VS_AI
    ai_level: str = "normal"
    human_side: int = 0  # against the AI: the side the player commands
    seed: int = field(default_factory=lambda: random.SystemRandom().randrange(1, 1_000_000))
    declare_plan_upfront: bool = True

    def humans(self) -> set[int]:
        return {0, 1} if self.mode == HOTSEAT else {self.human_side}


@dataclass
class Loaded:
    parties: tuple[BuiltParty, BuiltParty]
    battle_map: BattleMap
    scenario: ScenarioFile


def load_setup(setup: BattleSetup) -> Loaded:
    """Load the chosen files; a broken one raises ContentError naming file, key path and line."""
    parties = tuple(load_party(resolve("parties", p)) for p in setup.parties)
    battle_map = load_map(resolve("maps", setup.map))
    scenario = load_scenario(resolve("scenarios", setup.scenario))
    return Loaded((parties[0], parties[1]), battle_map, scenario)


class BattleSession:
    """One battle in the UI: the Game, the AI controllers, and the score after every turn."""

    def __init__(self, setup: BattleSetup, loaded: Loaded | None = None, state: GameState | None = None):
        from game.ai.registry import make

        self.setup = setup
        if state is None:
            loaded = loaded or load_setup(setup)
            settings = Settings(declare_plan_upfront=setup.declare_plan_upfront)
            state = new_game(loaded.parties, loaded.battle_map, setup.seed, settings=settings,
                             scenario=loaded.scenario)
        self.state: GameState = state
        self.humans = setup.humans()
        self.controllers: list[Controller | None] = [
            None if side in self.humans else make(setup.ai_level, setup.seed * 2 + 1 + side) for side in (0, 1)]
        self.game = Game(self.state, [_Unused() for _ in (0, 1)])
        self.last_human: int | None = None  # the side that last answered from the UI (for the hotseat handoff)
        self.ai_times: list[float] = []

    @classmethod
    def from_script(cls, path: str, mode: str = HOTSEAT, ai_level: str = "normal") -> BattleSession:
        """A position from a script file (docs/script-mode.md), its answers already given: play on from there.

        A bad script raises ContentError (file, key path, line); an answer the rules refuse raises
        IllegalAction naming the decision and the rule."""
        from game.content.script_file import load_script
        from game.rules.script_mode import build_state, friendly

        script = load_script(path)
        state = build_state(script)
        setup = BattleSetup(scenario=script.scenario_ref, map=str(script.battle_map.file or ""), parties=("", ""),
                            mode=mode, ai_level=ai_level, seed=script.seed,
                            declare_plan_upfront=state.settings.declare_plan_upfront)
        session = cls(setup, state=state)
        for answer in script.raw.answers:
            if session.game.over:
                break
            session.game.answer(friendly(session.game.pending, answer))
        return session

    # -- what is asked ---------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        return self.game.pending

    @property
    def over(self) -> bool:
        return self.game.over

    def human_turn(self) -> bool:
        d = self.game.pending
        return d is not None and d.side in self.humans

    def needs_handoff(self) -> bool:
        """Hotseat: the next question is for the other player, who should take the seat first."""
        d = self.game.pending
        return (len(self.humans) == 2 and d is not None and self.last_human is not None
                and d.side != self.last_human)

    def deploying(self) -> bool:
        d = self.game.pending
        return d is not None and d.kind in DEPLOYMENT_KINDS

    # -- answering ---------------------------------------------------------------------------
    def answer(self, value: Answer) -> str | None:
        """The player's answer; None if taken, else the reason it was refused (the game is unchanged)."""
        d = self.game.pending
        if d is None:
            return "the game is over"
        try:
            self.game.answer(value)
        except IllegalAction as exc:
            return str(exc)
        self.last_human = d.side
        return None

    def auto_answer(self) -> str | None:
        """The deployment helper's answer for a human's set-up decision (the auto-deploy button)."""
        d = self.game.pending
        if d is None or d.kind not in DEPLOYMENT_KINDS:
            return "nothing to deploy now"
        return self.answer(auto_answer(self.state, d))

    def step_ai(self) -> Decision | None:
        """Let the AI answer the pending decision if it is the AI's; returns that decision."""
        d = self.game.pending
        if d is None or d.side in self.humans:
            return None
        controller = self.controllers[d.side]
        assert controller is not None
        start = time.perf_counter()
        value = controller.decide(self.state, d)
        self.ai_times.append(time.perf_counter() - start)
        self.game.answer(value)
        return d

    # -- what the screens show ------------------------------------------------------------
    def score_history(self) -> list[tuple[int, list[int]]]:
        """(turn, scores) after each turn's Maintenance, from the log's Scores events."""
        out = []
        for e in self.state.log:
            if e.kind == "Scores" and "scores" in e.data:
                out.append((e.turn, list(e.data["scores"])))
        return out

    def save_replay(self, path: Path) -> None:
        """Setup + seed + answers: enough to replay the game exactly ([DIG-ACT-4])."""
        import json

        from game.core.atomic import write_text_atomic

        write_text_atomic(path, json.dumps({"format": "iron-honor/replay@1", "setup": self.setup.__dict__,
                                            "answers": self.game.answers}, default=list, indent=1))


class _Unused:
    """The Game's controllers are never asked: the session answers for humans and AIs alike."""

    def decide(self, state: Any, decision: Decision) -> Answer:
        raise RuntimeError("the UI session answers every decision itself")


def try_load(setup: BattleSetup) -> tuple[Loaded | None, str | None]:
    try:
        return load_setup(setup), None
    except ContentError as exc:
        return None, exc.describe()
