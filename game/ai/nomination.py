"""Who activates, and what it means to do: the nomination and each model's opportunity, with the one nominated
appraised once (its activation's start finds the nomination's answer while the table stands as it did)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from game.ai import candidates
from game.ai.candidates import Intent
from game.core.copies import value_key
from game.rules import board
from game.rules.decisions import Answer, Decision
from game.rules.events import EventKind
from game.rules.state import GameState, ModelState

if TYPE_CHECKING:
    from game.ai.tactical import Tactical

# what a model's candidates never read: the story so far, the dice, the activation's own bookkeeping; and the
# models' activated flags, read below with the one now activating counted as before its activation
APPRAISAL_BLIND = frozenset({"log", "version", "dice", "ap_left", "active_model", "activated", "phase"})

Scored = tuple[float, Intent]


def standing(state: GameState, activating: str | None = None) -> tuple:
    """Everything a model's candidates read, as a value key of the state (every field but ``APPRAISAL_BLIND``:
    a new field is in at once); which models have activated counts the one now activating as before its
    activation (its own flag is read by none of them)."""
    done = tuple(o.activated and o.id != activating for o in state.models.values())
    return value_key(state, APPRAISAL_BLIND), done


class Nominations:
    """One controller's nominations and the opportunities it weighs; ``cache`` holds what the chosen model meant
    to do, until the table changes (a cache: a resumed game appraises again, to the same answer). Levels that do
    not ``reappraise`` keep ``remembered`` (their ranking) and ``started`` (what the chosen one meant to do, until
    it first acts) in a save's memory: their answers follow from them."""

    TRANSIENT = frozenset({"ai", "cache", "seen", "unacted"})

    def __init__(self, ai: Tactical):
        self.ai = ai
        self.cache: tuple[tuple, dict[str, Scored]] | None = None
        self.seen: dict[str, float] = {}  # each model's score at its last nomination: the order to appraise them in
        self.remembered = Remembered()
        self.started: tuple[int, str, float, Intent] | None = None  # (turn, model, score, intent) of the nominated
        self.unacted: tuple[int, str, int] | None = None  # (the log's id, model, length): no action of it yet (acted)

    def nominate(self, state: GameState, d: Decision) -> Answer:
        """The model with the best opportunity (of equal scores, the last key). A model is appraised only as far
        as it can still beat the leader so far (candidates.best's ``floor``): one that cannot is not kept. Levels
        that do not ``reappraise`` rank by remembered scores instead (:class:`Remembered`)."""
        if not self.ai.difficulty.reappraise:
            key, (score, intent) = self.remembered.leader(self.ai.appraiser, state, d.choices(),
                                                          self.ai.difficulty.contenders)
            self.started = (state.turn, key, score, intent)
            return key
        now = standing(state)  # the same for every choice that has not activated (its own flag is not read)
        found: dict[str, Scored] = {}
        leader: tuple[float, str] | None = None
        # the best of the last nomination first (a table seldom changes much between two), engaged models next:
        # a higher leader early prunes more of the rest (the answer is the same in any order: the leader is the
        # greatest (score, key)). The last nomination's own answers are stale: each model is appraised anew.
        seen = self.seen
        for k in sorted(d.choices(), key=lambda k: (-seen.get(k, math.inf),
                                                    not board.engaged_enemies(state, state.model(k)))):
            m = state.model(k)
            floor = -math.inf if leader is None else leader[0]
            scored = candidates.best(self.ai.appraiser, state, m, floor)
            seen[k] = scored[0]
            if scored[0] < floor:
                continue  # below the leader: its own best is too (not kept: it is not exact)
            found[k] = scored
            if leader is None or (scored[0], k) > leader:
                leader = scored[0], k
        assert leader is not None
        self.cache = (now, found)  # what the chosen one meant to do, until the table changes
        return leader[1]

    def opportunity(self, state: GameState, m: ModelState, standing_now: tuple | None = None,
                    floor: float = -math.inf) -> Scored:
        """The best thing this model can do now, as (expected value, intent): the best candidate. The model
        just nominated is appraised once: its activation's start (Greater Purpose, the plan) finds the answer
        of the nomination while the table, the bag and the other models stand as they did (``standing_now``:
        that table, when the caller has it); to levels that do not ``reappraise``, until it first acts (the Fate
        spent or reset at the activation's start, a condition it sheds then, do not count: looking at the whole
        table again costs more than what it changes). With ``floor``, exact only when its score is at least
        ``floor`` (candidates.best)."""
        appraiser = self.ai.appraiser
        if not self.ai.difficulty.reappraise:
            return self.at_start(state, m) or candidates.best(appraiser, state, m, floor)
        nominated = self.cache
        if nominated is None or m.id not in nominated[1]:
            return candidates.best(appraiser, state, m, floor)
        now = standing_now or standing(state, m.id)
        if nominated[0] != now:  # its activation's start changed the table (this activation's Fate and weapons)
            self.cache = nominated = (now, {m.id: candidates.best(appraiser, state, m)})
        score, intent = nominated[1][m.id]
        return score, replace(intent, notes=list(intent.notes))

    def at_start(self, state: GameState, m: ModelState) -> Scored | None:
        """The nomination's appraisal of ``m`` while its activation has not yet acted (levels that do not
        ``reappraise``), else None."""
        started = self.started
        if started is None or started[:2] != (state.turn, m.id) or state.active_model != m.id \
                or self.acted(state, m):
            return None
        return started[2], replace(started[3], notes=list(started[3].notes))

    def acted(self, state: GameState, m: ModelState) -> bool:
        """Whether ``m`` has taken an action in its current activation (plan_choice.done_actions is not empty): the
        log read back only as far as the last time it was asked found nothing yet (asked at every decision of the
        activation; the log only grows)."""
        log = state.log
        seen = self.unacted
        stop = seen[2] if seen is not None and seen[:2] == (id(log), m.id) and seen[2] <= len(log) else 0
        for i in range(len(log) - 1, stop - 1, -1):
            e = log[i]
            if e.data.get("model") != m.id:
                continue
            if e.kind == EventKind.Activation:
                break
            if e.kind == EventKind.ActionStarted:
                return True
        self.unacted = (id(log), m.id, len(log))
        return False


class Remembered:
    """How levels that do not ``reappraise`` rank their models: by each model's score as last appraised (this
    turn or an earlier one), as an estimate. Every model activates once a turn whatever the order, so the order
    may rest on estimates: only the models that may still lead are appraised afresh, the greatest estimate
    first, until the best fresh score is at least every estimate left (the leader always afresh, its intent
    exact). A score that has fallen since (its target gone, the model wounded) is found out when it would lead;
    one that has risen (an enemy come into reach) waits its turn: head to head, the order lost nothing that
    showed (normal v normal appraising afresh, 96 seeded games: 43 wins to 34, 19 draws)."""

    def __init__(self) -> None:
        self.scores: dict[str, float] = {}  # model id -> its last score (below the leader, the best offer asked)

    def leader(self, appraiser: candidates.Appraiser, state: GameState, choices: list[str],
               contenders: bool = True) -> tuple[str, Scored]:
        """The model to nominate, with its fresh best (of equal scores, the last key). Without ``contenders``, the
        greatest estimate is appraised afresh and none after it, however far its fresh score fell (a model never
        appraised still is): the order of the activations rests on estimates."""
        estimate = {k: self.scores.get(k, math.inf) for k in choices}
        lead: tuple[float, str] | None = None
        found: Scored | None = None
        waiting = set(choices)
        trusted = False
        while waiting:
            k = max(waiting, key=lambda k: (estimate[k], k))
            if lead is not None and (estimate[k], k) <= lead:
                break  # no estimate left can beat the fresh leader
            if trusted and estimate[k] < math.inf:
                break  # estimates trusted: past the greatest, only a model never appraised is asked
            waiting.discard(k)
            trusted = not contenders and estimate[k] < math.inf
            floor = -math.inf if lead is None else lead[0]
            scored = candidates.best(appraiser, state, state.model(k), floor)
            self.scores[k] = scored[0]  # below the floor, the best of the offers asked: an estimate
            if scored[0] >= floor and (lead is None or (scored[0], k) > lead):
                lead, found = (scored[0], k), scored
        assert lead is not None and found is not None
        return lead[1], found
