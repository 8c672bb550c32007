"""Seeded AI-against-AI games of any rule system, every decision checked against the system's invariants, and
saves of them played back from their answers alone (issue 39: a second system proves the kernel).

A game here is what a save keeps: the set-up block (the system, the seed, the content by value), then the
answers. So the soak plays each game from the same set-up the save will hold, and a replay is the save written,
read back and played back: the final state and the whole log must be the game that was played ([DIG-ACT-4]).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.lab.ai_soak import state_digest
from game.rules.engine import Game
from game.saves.playback import Recorder, play_back, setup_state, summary_of
from game.saves.record import SaveRecord, read_save, write_save
from game.saves.setup_block import setup_block
from game.systems import get as rule_system


@dataclass
class Played:
    seed: int
    controllers: tuple[str, str]
    winner: int | None
    decisions: int
    broken: list[str] = field(default_factory=list)  # the first invariant breaks, with the decision they followed
    replay: str = ""  # "identical", or how the save's playback differed ("" when not replayed)


def play_one(setup: dict[str, Any], names: tuple[str, str], replay: bool = False, cap: int = 20_000) -> Played:
    """One game from ``setup`` between the system's named controllers, checked after every answer."""
    system = rule_system(setup["system"])
    made = system.controllers()
    seed = setup["seed"]
    state = setup_state(setup)
    game = Game(state, [made[names[0]](seed * 2 + 1), made[names[1]](seed * 2 + 2)], rules=system.play)
    recorder = Recorder(state)
    out = Played(seed, names, None, 0)
    while not game.over and len(game.answers) < cap:
        try:
            decision = game.step()
        except Exception as exc:  # a crash is a soak's finding like a broken invariant: recorded, the soak goes on
            out.broken.append(f"raised at decision {len(game.answers) + 1}: {type(exc).__name__}: {exc}")
            out.winner, out.decisions = state.winner, len(game.answers)
            return out
        assert decision is not None
        recorder.note(game.answers[-1], decision.side)
        problems = system.invariants(state)
        if problems and not out.broken:
            out.broken = [f"after decision {len(game.answers)} ({decision.kind}): {p}" for p in problems]
    if not game.over:
        out.broken.append(f"the game did not end within {cap} decisions")
    out.winner, out.decisions = state.winner, len(game.answers)
    if replay:
        out.replay = replayed(setup, game, recorder)
    return out


def replayed(setup: dict[str, Any], game: Game, recorder: Recorder) -> str:
    """The game's save written to disk, read back and played back: "identical", or how it differed."""
    with tempfile.TemporaryDirectory(prefix="system-soak-") as folder:
        path = Path(folder) / "game.json"
        write_save(path, SaveRecord(setup=setup, summary=summary_of(game, setup, len(recorder.answers)),
                                    answers=list(recorder.answers), checks=list(recorder.checks)), durable=False)
        saved = read_save(path)
    played = play_back(saved.setup, saved.answers, saved.checks, source=str(path))
    if played.divergence is not None:
        return f"diverged at {played.divergence.describe()}"
    if not played.game.over:
        return "ended early"
    return "identical" if state_digest(played.game.state) == state_digest(game.state) else "different final state"


def seeded_games(system_id: str, parties: tuple[Path, Path], battle_map: Path, scenario: Path | None,
                 pairing: tuple[str, str], games: int, seed: int = 1, replays: int = 0) -> list[Played]:
    """``games`` seeded games of ``pairing``, the parties and controllers changing sides every other game; the
    first ``replays`` of them saved and played back."""
    out = []
    for i in range(games):
        swap = i % 2 == 1
        names = (pairing[1], pairing[0]) if swap else pairing
        pair = (parties[1], parties[0]) if i % 4 >= 2 else parties
        out.append(play_one(setup_block(system_id, seed + i, pair, battle_map, scenario), names, replay=i < replays))
    return out


def first_wins(played: list[Played]) -> tuple[int, int, int]:
    """Wins, draws and losses of the pairing's first controller (it sits on side 1 in the odd games)."""
    w = d = lose = 0
    for i, p in enumerate(played):
        if p.winner is None:
            d += 1
        elif p.winner == i % 2:
            w += 1
        else:
            lose += 1
    return w, d, lose
