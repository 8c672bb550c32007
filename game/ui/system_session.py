"""A battle of a rule system other than the first, as the UI plays it: the kernel's Game on the system's rules,
which sides are human, and an autosave after every answer. No pygame here: the scene draws it, tests drive it.

The set-up block is the one a save keeps (game.lab.system_soak.setup_block): the content by value, the seed;
so the autosave is an ordinary save, listed and resumed like any other, and played back by its system.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import IllegalAction
from game.core.rule_system import RuleSystem
from game.rules.decisions import Answer, Decision, ScriptedController
from game.rules.engine import Game
from game.saves.playback import Recorder, play_back, setup_state, summary_of
from game.saves.record import SaveRecord, write_save
from game.saves.store import new_autosave_path
from game.systems import get as rule_system

HOTSEAT, VS_AI = "hotseat", "ai"


@dataclass
class SystemSetup:
    system: str
    parties: tuple[Path, Path]
    battle_map: Path
    scenario: Path | None
    mode: str = VS_AI
    human_side: int = 0
    ai: str = "normal"
    seed: int = 1

    def humans(self) -> set[int]:
        return {0, 1} if self.mode == HOTSEAT else {self.human_side}

    def block(self) -> dict[str, Any]:
        from game.saves.setup_block import setup_block

        out = setup_block(self.system, self.seed, self.parties, self.battle_map, self.scenario)
        out.update(mode=self.mode, human_side=self.human_side, ai_level=self.ai)
        return out


class SystemSession:
    """One battle on screen: the game, its record and its autosave."""

    def __init__(self, setup: dict[str, Any], autosave: Path | None = None, answers: list[Answer] | None = None,
                 watch: list[Answer] | None = None):
        self.setup = setup
        self.system: RuleSystem = rule_system(setup["system"])
        self.humans = {0, 1} if setup.get("mode") == HOTSEAT else {int(setup.get("human_side", 0))}
        self.watching = watch is not None  # a saved battle watched from the start: its answers given in turn
        self.to_watch = len(watch or [])
        if watch is not None:
            self.humans = set()
        made = self.system.controllers()
        level = setup.get("ai_level", "normal")
        level = level if level in made else "normal"
        seed = int(setup["seed"])
        controllers = [made[level](seed * 2 + 1 + side) for side in (0, 1)]
        if answers:  # the AI is asked every question it answered, so it goes on as it would have
            def ask(state: Any, decision: Decision) -> None:
                if decision.side not in self.humans:
                    controllers[decision.side].decide(state, decision)
            played = play_back(setup, answers, ask=ask)
            if played.divergence is not None:
                raise IllegalAction("DIG-ACT-4", f"the save does not play back: {played.divergence.describe()}")
            self.game, self.recorder = played.game, played.recorder
        else:
            state = setup_state(setup)
            self.game = Game(state, [], rules=self.system.play)
            self.recorder = Recorder(state)
        self.game.controllers = [ScriptedController(watch)] * 2 if watch is not None else controllers
        self.autosave = None if watch is not None else autosave
        self.error = ""

    @classmethod
    def start(cls, setup: SystemSetup, autosave: bool = True) -> SystemSession:
        return cls(setup.block(), new_autosave_path() if autosave else None)

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def pending(self) -> Decision | None:
        return self.game.pending

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def watched_all(self) -> bool:
        """Watching, and every answer the save holds given (an unfinished battle stops here)."""
        return self.watching and len(self.recorder.answers) >= self.to_watch

    def human_to_answer(self) -> bool:
        return self.pending is not None and self.pending.side in self.humans

    def answer(self, answer: Answer) -> bool:
        """The player's answer; False (and ``error`` says why) when the rules refuse it, the game unchanged."""
        decision = self.pending
        if decision is None:
            return False
        try:
            self.game.answer(answer)
        except IllegalAction as exc:
            self.error = str(exc)
            return False
        self.error = ""
        self._noted(decision)
        return True

    def step_ai(self) -> Decision | None:
        """One answer of the AI's, when it is the AI's to give."""
        decision = self.pending
        if decision is None or decision.side in self.humans or self.watched_all:
            return None
        self.game.step()
        self._noted(decision)
        return decision

    def _noted(self, decision: Decision) -> None:
        self.recorder.note(self.game.answers[-1], decision.side)
        self.save()

    def record(self) -> SaveRecord:
        return SaveRecord(setup=self.setup, summary=summary_of(self.game, self.setup, len(self.recorder.answers)),
                          answers=list(self.recorder.answers), checks=list(self.recorder.checks))

    def save(self, path: Path | None = None) -> None:
        target = path or self.autosave
        if target is None:
            return
        try:
            write_save(target, self.record())
        except OSError as exc:  # a full disk: the battle goes on, the player is told
            self.error = f"the autosave could not be written: {exc.strerror or exc}"
