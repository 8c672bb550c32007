"""A battle as the UI plays it: the engine's Game, which sides are human, and what the screen needs
to know about whose turn it is. No pygame here: the scenes draw it, the tests drive it directly.

The UI never decides a rule: it shows the pending Decision and hands the player's answer to
``Game.answer``, which validates it exactly as it would a script's or the AI's.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.content.library import resolve
from game.content.maps import BattleMap, load_map
from game.content.party_building import BuiltParty, load_party
from game.content.scenario_file import kept_parties, load_scenario
from game.content.scenario_schema import ScenarioFile
from game.core.errors import ContentError, IllegalAction, os_problem
from game.paths import DEFAULT_MAP, DEFAULT_MATCHUP, DEFAULT_SCENARIO
from game.rules.decisions import Answer, Controller, Decision
from game.rules.deployment import auto_answer
from game.rules.engine import Game
from game.rules.events import EventKind
from game.rules.state import GameState, Settings
from game.saves import kept_state
from game.saves.controllers import Memories, block, memories, resume
from game.saves.playback import Played, Recorder, start_game, summary_of
from game.saves.record import SaveRecord, write_save
from game.saves.state_value import encode
from game.saves.store import divergence_headline, new_autosave_path, prune_autosaves, vouch
from game.systems import DEFAULT as DEFAULT_SYSTEM
from game.systems import get as rule_system
from game.ui.battle.event_text import answer_words

HOTSEAT = "hotseat"
VS_AI = "ai"
AI_LEVELS = ("easy", "normal", "hard")


@dataclass
class BattleSetup:
    """Everything a battle starts from: with the seed and the answers, the whole game ([DIG-ACT-4])."""

    scenario: str = DEFAULT_SCENARIO
    map: str = DEFAULT_MAP
    parties: tuple[str, str] = DEFAULT_MATCHUP
    mode: str = VS_AI
    ai_level: str = "normal"
    human_side: int = 0  # against the AI: the side the player commands
    seed: int = field(default_factory=lambda: random.SystemRandom().randrange(1, 1_000_000))
    declare_plan_upfront: bool = True
    system: str = DEFAULT_SYSTEM  # the rule system played (game.systems)
    options: tuple[str, ...] = ()  # its optional rules chosen for this battle

    def humans(self) -> set[int]:
        return {0, 1} if self.mode == HOTSEAT else {self.human_side}


@dataclass
class Loaded:
    parties: tuple[BuiltParty, BuiltParty]
    battle_map: BattleMap
    scenario: ScenarioFile
    texts: dict[str, Any] = field(default_factory=dict)  # the files as read: a save keeps them by value


def _text(path: Path) -> dict[str, str]:
    return {"file": path.name, "text": path.read_bytes().decode("utf-8-sig")}


def load_setup(setup: BattleSetup) -> Loaded:
    """Load the chosen files; a broken one raises ContentError naming file, key path and line."""
    party_paths = [resolve("parties", p) for p in setup.parties]
    map_path, scenario_path = resolve("maps", setup.map), resolve("scenarios", setup.scenario)
    parties = tuple(load_party(p) for p in party_paths)
    battle_map = load_map(map_path)
    scenario = load_scenario(scenario_path)
    texts = {"parties": [_text(p) for p in party_paths], "map": _text(map_path), "scenario": _text(scenario_path),
             "scenario_parties": kept_parties(scenario)}
    return Loaded((parties[0], parties[1]), battle_map, scenario, texts)


class BattleSession:
    """One battle in the UI: the Game, the AI controllers, and the score after every turn."""

    def __init__(self, setup: BattleSetup, loaded: Loaded | None = None, state: GameState | None = None,
                 autosave: bool = False, played: Played | None = None,
                 controllers: list[Controller | None] | None = None):
        self.setup = setup
        self.campaign: Any = None  # the campaign this battle is a game of (game.ui.campaign_run.CampaignRun)
        self.setup_block: dict[str, Any] | None = None  # the setup by value, for saves (None: a script position)
        if played is not None:
            state = played.game.state
        elif state is None:
            loaded = loaded or load_setup(setup)
            settings = Settings(declare_plan_upfront=setup.declare_plan_upfront, options=tuple(setup.options))
            state = rule_system(setup.system).new_state(loaded.parties, loaded.battle_map, setup.seed,
                                                        settings=settings, scenario=loaded.scenario)
            if loaded.texts:
                self.setup_block = setup_block(setup, loaded.texts)
        self.state: GameState = state
        self.humans = setup.humans()
        self._asks = 0  # the AI controllers asked so far: their memory moves only then
        self._memories: tuple[int, Memories | None] | None = None  # their snapshot after that many asks
        self.controllers = controllers if controllers is not None else make_controllers(setup)
        self.game = played.game if played is not None else Game(self.state, [_Unused() for _ in (0, 1)])
        self.recorder = played.recorder if played is not None else Recorder(self.state)
        self.autosave = autosave
        self.save_error: str | None = None  # why the last autosave failed (shown, never raised)
        self.last_human: int | None = None  # the side that last answered from the UI (for the hotseat handoff)
        self.ai_times: list[float] = []
        self._asked_side = -1
        self.taken_back: list[str] = []  # what take-backs undid, for the log
        self._memory: dict[int, str] = {}  # the AI's memory as each player's answer was given: fast take-backs
        self.resumed_from_memory = False  # the last load or take-back put the AI's kept memory back (not re-asked)
        self.autosave_file: Path | None = None  # this battle's own autosave slot (chosen at its first write)
        self.unchecked: kept_state.Check | None = None  # built from a save's kept state: not yet checked
        self.kept_problem: str | None = None  # how that state differed from the game its answers play
        self._kept: tuple[int, dict[str, Any] | None] | None = None  # the state block of the finished game
        self._memory_kept: tuple[int, dict[str, Any] | None] | None = None  # the AI's memory, as a save kept it
        if autosave and self.setup_block is not None:
            self._write_autosave()  # Continue finds a battle left before its first decision

    @classmethod
    def from_save(cls, record: SaveRecord, autosave: bool = False, slot: Path | None = None) -> BattleSession:
        """A saved battle at its last decision, with the same controllers in the same state.

        A finished game whose save keeps its state (docs/save-format.md) is built from that state at once,
        and left ``unchecked``: whoever shows it checks it against the game its answers play (``check_kept``),
        and a difference is reported, never trusted. Any other save is played back: the AI's memory kept in
        the save is put back into its controllers; a save without it (an older one, a branch from a replay)
        has the AI answer every recorded decision again on the way (their answers replaced by the recorded
        ones) — either way the game goes on exactly as if it had never stopped. Raises SaveProblem when the
        save no longer plays back, ContentError (file and key path) when its kept state is not what the game
        keeps."""
        s = record.setup
        named = "script" not in s  # a script's position keeps no file names to start a rematch from
        setup = BattleSetup(scenario=s["scenario"]["file"] if named else "", map=s["map"]["file"] if named else "",
                            parties=(s["parties"][0]["file"], s["parties"][1]["file"]) if named else ("", ""),
                            mode=s["mode"], ai_level=s["ai_level"], human_side=s["human_side"], seed=s["seed"],
                            declare_plan_upfront=s["declare_plan_upfront"],
                            system=s.get("system", DEFAULT_SYSTEM), options=tuple(s.get("options", ())))
        state = kept_state.load(record) if kept_state.usable(record) else None
        if state is not None:
            game = Game(state, [_Unused(), _Unused()])  # over: the rules ask nothing more
            game.answers = list(record.answers)
            # no controller: the game is over, so none is ever asked (a rematch makes its own)
            session = cls(setup, played=Played(game, Recorder.kept(state, record.answers, record.checks), None),
                          autosave=autosave, controllers=[None, None])
            session.setup_block = s
            session.autosave_file = slot
            session.unchecked = kept_state.Check(record, state)
            session._kept = (len(record.answers), record.state)
            session._memory_kept = (len(record.answers), record.controllers)  # saved again as it was
            return session
        played, controllers, used = resume(s, record.answers, record.checks, lambda: make_controllers(setup),
                                           record.controllers, source=record.source)
        if played.divergence is not None:
            raise SaveProblem(f"{divergence_headline(record)} (It stops at {played.divergence.describe()}.)")
        session = cls(setup, played=played, autosave=autosave)
        session.controllers = controllers
        session.setup_block = s
        session.resumed_from_memory = used
        session.autosave_file = slot
        if autosave and not session.over:  # a battle left before its next decision can be continued
            session._write_autosave()  # (a finished one, a replay opened, makes no new autosave)
        return session

    def check_kept(self, budget: float | None = None) -> str | None:
        """Check a state built from a save against the game its answers play, for about ``budget`` seconds (None:
        to the end); the problem once it is known. When the answers play to another game, that game is the
        one shown from then on (the answers are the game, [DIG-ACT-4]); ``kept_problem`` says what differed."""
        check = self.unchecked
        if check is None or not check.step(budget):
            return None
        self.unchecked = None
        self.kept_problem = check.problem
        played = check.played
        if check.problem is not None and played is not None and played.divergence is None:
            self.game, self.recorder, self.state = played.game, played.recorder, played.game.state
            self._kept = None
        return check.problem

    def rematch(self, seed: int | None = None, autosave: bool = True) -> BattleSession:
        """The same battle from its start, from this one's setup *by value* (the texts it was played with, never
        files looked up by name), with ``seed`` or the same one. A position from a script keeps its script's
        seed. Raises SaveProblem without a setup to keep, ContentError when a kept text no longer loads."""
        block = self.setup_block
        if block is None:
            raise SaveProblem("this battle was built without a setup to keep, so it cannot be played again")
        if "script" in block and seed is not None and seed != block["seed"]:
            raise SaveProblem("a position from a script is played again with its own seed")
        block = dict(block, seed=block["seed"] if seed is None else seed)
        game = start_game(block)
        setup = replace(self.setup, seed=block["seed"])
        session = type(self)(setup, played=Played(game, Recorder(game.state), None), autosave=autosave)
        session.setup_block = block
        if autosave:
            session._write_autosave()
        return session

    def record(self, name: str = "") -> SaveRecord | None:
        """The battle so far as a save (None only for a game built without a setup to keep)."""
        if self.setup_block is None:
            return None
        return SaveRecord(setup=self.setup_block, summary=self.summary(), answers=list(self.recorder.answers),
                          checks=list(self.recorder.checks), name=name, controllers=self._memory_block(),
                          state=self._state_block())

    @property
    def controllers(self) -> list[Controller | None]:
        """Each side's AI (None for a human side)."""
        return self._controllers

    @controllers.setter
    def controllers(self, controllers: list[Controller | None]) -> None:
        self._controllers = controllers
        self._asks += 1  # other controllers: their memory is snapshot anew

    def _memory_block(self) -> dict[str, Any] | None:
        decisions = len(self.recorder.answers)
        if self._memory_kept is not None and self._memory_kept[0] == decisions:
            return self._memory_kept[1]  # a finished game opened from its state has no controllers of its own
        return self._ai_memory(decisions)

    def _ai_memory(self, decisions: int) -> dict[str, Any] | None:
        """The AI's memory for a save of ``decisions`` answers. A controller's memory moves only when it is
        asked (``step_ai``), so after a human's answer the snapshot taken after the AI last answered still
        holds: it is kept, not walked again (the autosave after every decision cost a snapshot each)."""
        if self._memories is None or self._memories[0] != self._asks:
            self._memories = (self._asks, memories(self.controllers))
        memory = self._memories[1]
        return None if memory is None else block(memory, decisions)

    def _state_block(self) -> dict[str, Any] | None:
        """A finished game's state by value, for its save (an unfinished one is played back: the rules must be
        driven to the pending decision, so its state would be written after every decision for nothing)."""
        if not self.over:
            return None
        decisions = len(self.recorder.answers)
        if self._kept is None or self._kept[0] != decisions:
            self._kept = (decisions, encode(self.state, kept_state.kept_roots(self.state), decisions))
        return self._kept[1]

    # -- take-backs ----------------------------------------------------------------------------
    def undo_target(self, policy: str = "strict") -> int | None:
        """The answer a take-back returns to: the player's last one, under the table's policy.

        strict: only while nothing new was revealed since it was asked (no die rolled, none drawn
        from the bag); casual: any earlier answer of a player; none: never.
        """
        rec = self.recorder
        if policy == "none" or self.setup_block is None:
            return None
        for j in range(len(rec.answers) - 1, -1, -1):
            if rec.sides[j] in self.humans:
                if policy == "casual" or rec.revealed_nothing_since(j):
                    return j
                return None
        return None

    def undo(self, policy: str = "strict") -> str | None:
        """Take back the player's last decision (and the AI's answers after it); the reason if it cannot be."""
        j = self.undo_target(policy)
        if j is None:
            if policy == "none":
                return "take-backs are off (Settings)"
            if self.setup_block is None or not any(side in self.humans for side in self.recorder.sides):
                return "nothing to take back"
            return ("dice have been rolled or drawn since your last decision, so it stands "
                    "(Settings can allow casual take-backs)")
        taken = self.recorder.answers[j]
        memory = self._memory.get(j)
        block = self.setup_block
        assert block is not None  # undo_target finds nothing without it
        played, controllers, self.resumed_from_memory = resume(
            block, self.recorder.answers[:j], self.recorder.checks[:j],
            lambda: make_controllers(self.setup), json.loads(memory) if memory else None)
        assert played.divergence is None, played.divergence  # the game's own answers always play back
        self._memory = {k: v for k, v in self._memory.items() if k < j}
        self.game, self.recorder, self.state, self.controllers = played.game, played.recorder, played.game.state, \
            controllers
        asked = played.game.pending
        label = asked.option(taken).label if asked is not None and isinstance(taken, str) \
            and taken in asked.choices() else None
        said = answer_words(asked.kind if asked is not None else "", taken, label)
        self.taken_back.append(f"Taken back: {asked.prompt if asked is not None else ''} (your answer: {said})")
        # the log says so; the line is the table's, not the rules', so no check or replay counts it
        self.state.emit(EventKind.TakenBack, self.taken_back[-1], rule="DIG-ACT-4", answer=taken)
        self.recorder.note_aside()
        if self.autosave:
            self._write_autosave()
        return None

    def summary(self) -> dict[str, Any]:
        block = self.setup_block or {}
        setup = {"mode": self.setup.mode, "ai_level": self.setup.ai_level,
                 **({"script": block["script"]} if "script" in block else {})}
        return summary_of(self.game, setup, len(self.recorder.answers), self.setup.scenario or None)

    def save_to(self, path: Path, name: str = "") -> None:
        """Write the battle as a save file, atomically; OSError when the folder cannot be written."""
        record = self.record(name)
        if record is None:
            raise SaveProblem("this battle was built without a setup to keep, so it cannot be saved")
        write_save(path, record)

    def _answered(self) -> None:
        """Every answer, from the UI or an AI: recorded with its check, then the autosave rewritten."""
        self.recorder.note(self.game.answers[-1], self._asked_side)
        if self.autosave:
            self._write_autosave()

    def _write_autosave(self) -> None:
        """This battle's own autosave slot rewritten (the first write picks a new slot: another battle's is
        never replaced)."""
        if self.setup_block is None:
            return
        try:
            if self.autosave_file is None:
                prune_autosaves()
                self.autosave_file = new_autosave_path()
            record = self.record()
            assert record is not None
            write_save(self.autosave_file, record, durable=False)
            vouch(self.autosave_file, record.summary)
            self.save_error = None
        except OSError as exc:
            self.save_error = f"the autosave could not be written: {os_problem(exc)}"

    @classmethod
    def from_script(cls, path: str, mode: str = HOTSEAT, ai_level: str = "normal",
                    autosave: bool = False) -> BattleSession:
        """A position from a script file (docs/script-mode.md), its answers already given: play on from there.

        The save keeps the script by value, the files it names put inline, so it plays back like any
        other. A bad script raises ContentError (file, key path, line); an answer the rules refuse
        raises IllegalAction naming the decision and the rule."""
        import yaml

        from game.content.script_file import load_script, parse_script
        from game.rules.script_mode import build_state, friendly

        script = load_script(path)
        text = yaml.safe_dump(script.by_value(), sort_keys=False, allow_unicode=True, width=120)
        # played from the text the save keeps, so it plays back the same, down to the lines its events cite
        state = build_state(parse_script(text, Path(path).name))
        setup = BattleSetup(scenario=script.scenario_ref, map=str(script.battle_map.file or ""), parties=("", ""),
                            mode=mode, ai_level=ai_level, seed=script.seed,
                            declare_plan_upfront=state.settings.declare_plan_upfront)
        session = cls(setup, state=state, autosave=autosave)
        for answer in script.raw.answers:
            pending = session.game.pending
            if pending is None:  # the game is over
                break
            session.game.answer(friendly(pending, answer))
        session.recorder = Recorder(state)  # the save's answers start after the script's own
        session.setup_block = {"system": setup.system, "options": list(setup.options), "seed": setup.seed,
                               "mode": mode, "ai_level": ai_level, "human_side": setup.human_side,
                               "declare_plan_upfront": setup.declare_plan_upfront,
                               "script": {"file": Path(path).name, "text": text}}
        if autosave:  # Continue finds the position even before its first answer
            session._write_autosave()
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
        return d is not None and d.kind.setup

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
        self._asked_side = d.side
        if any(c is not None for c in self.controllers):
            memory = self._ai_memory(len(self.recorder.answers))
            if memory is not None:
                self._memory[len(self.recorder.answers)] = json.dumps(memory)
        self._answered()
        self.last_human = d.side
        return None

    def auto_answer(self) -> str | None:
        """The deployment helper's answer for a human's set-up decision (the auto-deploy button)."""
        d = self.game.pending
        if d is None or not d.kind.setup:
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
        self._asks += 1  # its memory moves: the next save snapshots it anew
        value = controller.decide(self.state, d)
        self.ai_times.append(time.perf_counter() - start)
        self.game.answer(value)
        self._asked_side = d.side
        self._answered()
        return d

    # -- what the screens show ------------------------------------------------------------
    def score_history(self) -> list[tuple[int, list[int]]]:
        """(turn, scores) after each turn's Maintenance, from the log's Scores events."""
        out = []
        for e in self.state.log:
            if e.kind == EventKind.Scores and "scores" in e.data:
                out.append((e.turn, list(e.data["scores"])))
        return out

    def save_replay(self, path: Path) -> None:
        """A replay is the save of a finished game: setup by value, seed and answers ([DIG-ACT-4])."""
        self.save_to(path, name="replay")


class SaveProblem(Exception):
    """A save that cannot be written or played back; the text says why."""


def make_controllers(setup: BattleSetup) -> list[Controller | None]:
    """The AI controller of each side the player does not command (None for a human side)."""
    from game.ai.registry import make

    humans = setup.humans()
    return [None if side in humans else make(setup.ai_level, setup.seed * 2 + 1 + side) for side in (0, 1)]


def setup_block(setup: BattleSetup, texts: dict[str, Any]) -> dict[str, Any]:
    """The save's setup: the choices and the content files by value."""
    return {"system": setup.system, "options": list(setup.options), "seed": setup.seed, "mode": setup.mode,
            "ai_level": setup.ai_level, "human_side": setup.human_side,
            "declare_plan_upfront": setup.declare_plan_upfront, "parties": texts["parties"], "map": texts["map"],
            "scenario": texts["scenario"],
            **({"scenario_parties": texts["scenario_parties"]} if texts.get("scenario_parties") else {})}


class _Unused:
    """The Game's controllers are never asked: the session answers for humans and AIs alike."""

    def decide(self, state: Any, decision: Decision) -> Answer:
        raise RuntimeError("the UI session answers every decision itself")


def try_load(setup: BattleSetup) -> tuple[Loaded | None, str | None]:
    try:
        return load_setup(setup), None
    except ContentError as exc:
        return None, exc.describe()
