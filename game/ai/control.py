"""Control targets kept, for levels that keep control (Difficulty.keep_control): a region, a marker or a quarter
scored by the side with more models counting there ([ENC-LMK-2], [ENC-SCT-3]) is held only at the Maintenance
Phase, so a side ahead there keeps it needed while the enemies that can get there by then could take the lead
back, and a model whose leaving would give the lead up does not walk off it to chase an enemy elsewhere.

Read from the scenario's scoring (game.rules.scoring); nothing here changes the state.
"""

from __future__ import annotations

from game.content.scenario_schema import ScoringEntry
from game.rules import board, movement, scoring
from game.rules.scoring import Target
from game.rules.state import GameState, ModelState


def coming(state: GameState, entry: ScoringEntry, t: Target, side: int) -> int:
    """``side``'s models on the table that do not count at ``t`` now but stand within a Run of counting there
    (engaged ones too: they may come free), so may count by the next scoring."""
    rule = entry.count
    within = rule.within if rule is not None and rule.within is not None else 0.0
    found = 0
    for o in state.on_table(side):
        if scoring.counts_for(state, entry, t, o):
            continue
        if scoring.distance_to(state, o, t) <= within + movement.allowance(state, o, "run")[0]:
            found += 1
    return found


def posts(state: GameState, m: ModelState) -> list[tuple[ScoringEntry, Target]]:
    """The control targets ``m`` counts at (as if not engaged) whose lead its side would give up, or not gain, by
    its leaving: its side's count less one is not more than the enemy's count and the enemies coming
    (:func:`coming`). Kept with the table (state.table_memo: while no model changes)."""
    memo = state.table_memo()
    key = ("ai control posts", m.id)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _posts(state, m)
    return found


def _posts(state: GameState, m: ModelState) -> list[tuple[ScoringEntry, Target]]:
    enc = state.encounter
    if enc is None or not m.on_table:
        return []
    found = []
    for entry in enc.scenario.scoring:
        if entry.kind != "control" or not scoring.scores_for(state, entry, m.side):
            continue
        for t in scoring.targets(state, entry):
            if not _counts_free(state, entry, t, m):
                continue
            counts = scoring.model_counts(state, entry, t)
            mine = counts[m.side] + (not scoring.counts_for(state, entry, t, m))  # itself, as if free
            if mine - 1 <= counts[1 - m.side] + coming(state, entry, t, 1 - m.side):
                found.append((entry, t))
    return found


def _counts_free(state: GameState, entry: ScoringEntry, t: Target, m: ModelState) -> bool:
    """Whether ``m`` would count at ``t`` were it not engaged (where it stands)."""
    if scoring.counts_for(state, entry, t, m):
        return True
    rule = entry.count
    if rule is None or not rule.not_engaged or not board.is_engaged(state, m):
        return False
    return scoring.distance_to(state, m, t) <= (rule.within or 0.0) + 1e-9 if not rule.inside else False


def posted(state: GameState, m: ModelState, e: ModelState) -> bool:
    """Whether going after enemy ``e`` takes ``m`` off a control target it is needed on: ``e`` does not stand
    where it would count there (a fight on the target keeps ``m`` on it)."""
    return any(not _stands_on(state, entry, t, e) for entry, t in posts(state, m))


def _stands_on(state: GameState, entry: ScoringEntry, t: Target, e: ModelState) -> bool:
    rule = entry.count
    if rule is not None and rule.inside:
        return scoring.counts_for(state, entry, t, e) or (
            board.is_engaged(state, e) and scoring.distance_to(state, e, t) <= 0.0)
    within = rule.within if rule is not None and rule.within is not None else 0.0
    return scoring.distance_to(state, e, t) <= within + 1e-9
