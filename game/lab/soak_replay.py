"""The AI soak with the saves' checks (tools/soak_ai.py --replay, --resume).

Replay: every game saved by value and played back from its answers alone. Resume: at seeded
random decisions of every game the save is taken as the live game would write it (answers,
checks, the AI's memory), written to disk, read back and continued with the same controllers to
the end; the final state and the whole log must be the game that was never saved ([DIG-ACT-4]).
Module-level functions, so the soak's worker processes can run them.
"""

from __future__ import annotations

import random
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

from game.ai import registry
from game.content.library import lookup, resolve
from game.content.scenario_file import kept_parties
from game.lab import ai_soak
from game.lab.soak import run_checked
from game.saves.controllers import kept, resume
from game.saves.playback import Recorder, play_back
from game.saves.record import SaveRecord, read_save, write_save


def _text(kind: str, name: str) -> dict[str, str]:
    path = resolve(kind, name)
    return {"file": path.name, "text": path.read_bytes().decode("utf-8-sig")}


def setup_of(task: ai_soak.Task) -> dict[str, Any]:
    """The soak game's setup as a save keeps it: the content by value, the seed, no human side."""
    return {"seed": task.seed, "mode": "ai", "ai_level": "normal", "human_side": 0, "declare_plan_upfront": True,
            "parties": [_text("parties", p) for p in task.parties], "map": _text("maps", task.map),
            "scenario": _text("scenarios", task.scenario),
            **({"scenario_parties": kept} if (kept := kept_parties(lookup("scenarios", task.scenario).value)) else {})}


def play_and_replay(task: ai_soak.Task) -> dict[str, Any]:
    """Play the soak game, then play its answers back from the save's setup; ``replay`` says if they match."""
    return play_replay_and_resume(task, cuts=0)


def with_cuts(cuts: int) -> partial:
    """The soak's player for ``cuts`` resumes per game (a picklable callable for the worker processes)."""
    return partial(play_replay_and_resume, cuts=cuts)


class _Cutter:
    """Watches a soak game and keeps ``n`` decisions chosen uniformly at random (reservoir sampling,
    seeded by the game): at each, the save the live game would write there."""

    def __init__(self, task: ai_soak.Task, n: int):
        self.task, self.n = task, n
        self.rng = random.Random(f"cuts:{task.seed}:{task.index}")
        self.recorder: Recorder | None = None
        self.side = -1
        self.seen = 0
        self.kept: list[tuple[int, dict[str, Any], dict[str, Any] | None]] = []  # decision, summary, AI memory

    def __call__(self, game: Any, controllers: list[Any]) -> None:
        if self.recorder is None:
            self.recorder = Recorder(game.state)
        else:
            self.recorder.note(game.answers[-1], self.side)
        self.side = game.pending.side
        i, self.seen = self.seen, self.seen + 1
        slot = i if i < self.n else self.rng.randrange(i + 1)
        if slot < self.n:
            st = game.state
            summary = {"encounter": self.task.scenario, "parties": [s.name for s in st.sides],
                       "map": st.battle_map.name, "turn": st.turn, "scores": [s.score for s in st.sides],
                       "finished": False, "winner": None, "mode": "ai", "ai_level": "normal", "decisions": i}
            cut = (i, summary, kept(controllers, i))
            if slot < len(self.kept):
                self.kept[slot] = cut
            else:
                self.kept.append(cut)


def _controllers(task: ai_soak.Task) -> list[Any]:
    names = (task.ai[1], task.ai[0]) if task.swapped else task.ai
    return [registry.make(names[s], task.seed * 2 + 1 + s) for s in (0, 1)]


def play_replay_and_resume(task: ai_soak.Task, cuts: int = 1) -> dict[str, Any]:
    """The soak game; then its replay from the save's setup and answers (``replay``); then, for each
    of ``cuts`` random decisions, the save there written, read back and continued (``resume``)."""
    cutter = _Cutter(task, cuts) if cuts else None
    record = ai_soak.play(task, keep_answers=True, watch=cutter)
    answers, digest = record.pop("answers", None), record.pop("digest", None)
    if answers is None:
        return record
    setup = setup_of(task)
    played = play_back(setup, answers)
    if played.divergence is not None:
        record["replay"] = f"diverged at {played.divergence.describe()}"
    elif not played.game.over:
        record["replay"] = "ended early"
    else:
        same = ai_soak.state_digest(played.game.state) == digest
        record["replay"] = "identical" if same else "different final state"
    if cutter is not None:
        checks = cutter.recorder.checks if cutter.recorder else []
        record["resumes"] = [_resume(task, setup, answers, checks, cut, digest) for cut in sorted(cutter.kept)]
    return record


def _resume(task: ai_soak.Task, setup: dict[str, Any], answers: list[Any], checks: list[str],
            cut: tuple[int, dict[str, Any], dict[str, Any] | None], digest: str) -> dict[str, Any]:
    """The save taken at decision ``at`` — to disk, read back, continued with the same controllers."""
    at, summary, memory = cut
    out: dict[str, Any] = {"at": at, "memory": memory is not None}
    with tempfile.TemporaryDirectory(prefix="soak-resume-") as folder:
        path = Path(folder) / "cut.json"
        write_save(path, SaveRecord(setup=setup, summary=summary, answers=answers[:at], checks=checks[:at],
                                    controllers=memory), durable=False)
        saved = read_save(path)
    played, controllers, used = resume(saved.setup, saved.answers, saved.checks, lambda: _controllers(task),
                                       saved.controllers, source=str(path))
    out["memory_used"] = used
    if played.divergence is not None:
        out["result"] = f"the save did not play back: {played.divergence.describe()}"
        return out
    game = played.game
    game.controllers = [c for c in controllers if c is not None]  # all of them: _controllers makes two AIs
    try:
        run_checked(ai_soak._Capped(game), f"resumed at decision {at}")
    except Exception as exc:  # recorded, never lost: the soak goes on
        out["result"] = f"broke when continued: {exc!r}"
        return out
    out["result"] = "identical" if ai_soak.state_digest(game.state) == digest else "different final state or log"
    return out
