"""How often a controller declares an action the engine then skips ([SEQ-2]), measured over headless games.

Two measures, for tools/plan_skips.py and the tests:

- *skips*: activations in which at least one of the model's actions was skipped (its AP lost), read from
  the log, per controller and per skipped action kind;
- *unready*: actions declared although the rules' readiness check (game.rules.readiness) says they cannot
  succeed from where the model stands and no earlier action of the plan could make them possible — the
  structural property, checked on every plan and every next action as it is chosen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai import registry
from game.lab import ai_soak
from game.rules import readiness
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Controller, Decision
from game.rules.events import EventKind
from game.rules.plans import action_kind
from game.rules.state import GameState, ModelState


def unready(state: GameState, model: ModelState, acts: Sequence[str]) -> list[str]:
    """The actions of ``acts`` that cannot succeed from the model's place now (its conditions or no target,
    readiness.obstacles / missing_target) and that no earlier action of ``acts`` could make possible."""
    out = []
    for i, kind in enumerate(acts):
        earlier = [action_kind(a, model) for a in acts[:i]]
        found = readiness.obstacles(state, model, kind)
        missing = readiness.missing_target(state, model, kind)
        if any(not o.lifted(earlier) for o in [*found, *([missing] if missing else [])]):
            out.append(kind)
    return out


class Audited:
    """Wraps a controller; records every plan or next action it chooses with an :func:`unready` action."""

    def __init__(self, inner: Controller):
        self.inner = inner
        self.unready: list[tuple[int, str, list[str], list[str]]] = []  # (turn, model, acts, the unready ones)
        self.choices = 0

    def decide(self, state: Any, decision: Decision) -> Answer:
        answer = self.inner.decide(state, decision)
        model, acts = None, []
        if decision.kind == DecisionKind.plan:
            model = state.model(decision.context["model"])
            acts = [] if answer == "nothing" else str(answer).split(",")
        elif decision.kind.actions and answer != "end":
            from game.ai.random_legal import RandomLegal

            model, acts = RandomLegal.actor(state, decision), [str(answer)]
        if model is not None:
            self.choices += 1
            bad = unready(state, model, acts)
            if bad:
                self.unready.append((state.turn, model.id, acts, bad))
        return answer


@dataclass
class Tally:
    acted: Counter[str] = field(default_factory=Counter)  # activations in which the model took an action
    skipped: Counter[str] = field(default_factory=Counter)  # of them, those with a skipped action
    kinds: Counter[tuple[str, str]] = field(default_factory=Counter)  # (controller, skipped action kind)
    escapes: Counter[str] = field(default_factory=Counter)  # escapes, and "<name> after a move" of them
    choices: Counter[str] = field(default_factory=Counter)  # plans and next actions chosen
    unready: Counter[str] = field(default_factory=Counter)  # of them, those with an unready action
    examples: list[tuple[str, Any]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("acted", "skipped", "kinds", "escapes", "choices", "unready"):
            getattr(self, name).update(getattr(other, name))
        self.examples += other.examples[:3]


def play(task: ai_soak.Task, upfront: bool = True) -> Tally:
    """One headless game of ``task``'s pairing, plans declared up front or one action at a time ([DIG-ACT-2])."""
    from game.rules.engine import Game
    from game.rules.setup import new_game

    names = (task.ai[1], task.ai[0]) if task.swapped else task.ai
    parties, battle_map, scenario = ai_soak._content(task.parties, task.map, task.scenario)
    state = new_game((parties[0], parties[1]), battle_map, task.seed, scenario=scenario)
    state.settings.declare_plan_upfront = upfront
    audited = [Audited(registry.make(names[s], task.seed * 2 + 1 + s)) for s in (0, 1)]
    Game(state, audited).run()
    tally = Tally()
    for s in (0, 1):
        tally.choices[names[s]] += audited[s].choices
        tally.unready[names[s]] += len(audited[s].unready)
        tally.examples += [(names[s], u) for u in audited[s].unready[:3]]
    side: int | None = None
    took = False
    lost: list[str] = []
    moved: set[str] = set()

    def close() -> None:
        if side is not None and took:
            tally.acted[names[side]] += 1
            tally.skipped[names[side]] += bool(lost)
            for k in lost:
                tally.kinds[(names[side], k)] += 1

    for e in state.log:
        if e.kind == EventKind.Activation:
            close()
            side, took, lost, moved = e.data["side"], False, [], set()
        elif e.kind == EventKind.ActionStarted:
            took = True
        elif e.kind == EventKind.ModelMoved and e.data.get("length", 0) > 0.1:
            moved.add(e.data["model"])
        elif e.kind == EventKind.Escaped and side is not None:
            tally.escapes[names[side]] += 1
            tally.escapes[names[side] + " after a move"] += e.data["model"] in moved
        elif e.kind == EventKind.ActionSkipped:
            lost.append(e.data["action"])
    close()
    return tally


def play_args(args: tuple[ai_soak.Task, bool]) -> Tally:
    return play(*args)


def measure(levels: Sequence[str], games: int, seed: int = 1, upfront: bool = True, jobs: int = 1,
            encounters: Sequence[str] = ai_soak.ENCOUNTERS) -> Tally:
    """``games`` games of each level against itself, cycling the encounters, maps and parties as the soak does."""
    tasks = []
    for level in levels:
        tasks += ai_soak.plan(games, seed, pairings=[(level, level)], encounters=encounters)
    work = [(t, upfront) for t in tasks]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            records = pool.map(play_args, work, chunksize=1)
    else:
        records = [play_args(w) for w in work]
    total = Tally()
    for r in records:
        total.add(r)
    return total
