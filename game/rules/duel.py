"""The heroic duel, an optional rule ([HD-1]-[HD-6], docs/heroic-duel.md): a close combat attack between two
enemy heroes decided by each fighter's Combat Score instead of [CC-5]'s steps (2)-(5).

The attack's :class:`~game.rules.attack_profile.AttackProfile` carries the duel (its ``duel``), so the odds and
the preview read the same profile; the score, the hits and the charts are the profile module's
(:func:`~game.rules.attack_profile.combat_score`, :meth:`~game.rules.attack_profile.Duel.outcome`,
:func:`~game.rules.attack_profile.duel_effects`); here they meet the live table and the log.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.core.dice import ResolutionRoll
from game.rules.attack_profile import AttackProfile, Duel, RollSide, combat_score, duel_effects, score_part
from game.rules.combat import Attack, AttackResult, OnTheTable, kill, reroll_window
from game.rules.decisions import Decision
from game.rules.events import EventKind
from game.rules.state import KILLED, GameState, ModelState
from game.rules.traits.base import hooks_of

Gen = Generator[Decision, Any, Any]


class DuelOnTheTable(OnTheTable):
    """The live table for a duel's effects: the target's wounds left, the charts' d6s, a kill outright."""

    def wounds_left(self) -> int:
        return self.target.max_wounds - self.target.wounds_taken

    def d6(self, why: str, rule: str, classes: tuple[Any, ...] = ()) -> Gen:
        return self.state.dice.d6(f"{self.target.name}: {why} [{rule}]")
        yield  # pragma: no cover

    def note(self, kind: EventKind, text: str, rule: str, data: dict[str, Any] | None = None, **who: str) -> None:
        """The charts' lines name whose roll it is: the injury roll the target's, the critical the winner's."""
        if kind in (EventKind.DuelInjury, EventKind.DuelCritical):
            who_rolls = self.target if kind == EventKind.DuelInjury else self.source
            assert who_rolls is not None
            text = f"{who_rolls.name}'s {text}"
        super().note(kind, text, rule, data, **who)

    def kill(self, why: str, rule: str) -> None:
        t = self.target
        t.wounds_taken = t.max_wounds
        self.state.emit(EventKind.Wounded, f"{t.name} is taken out of action ({why})", model=t.id,
                        wounds_taken=t.wounds_taken, rule=rule)
        kill(self.state, t, "killed", rule)


def _roll(state: GameState, model: ModelState, side: RollSide, why: str) -> ResolutionRoll:
    """One fighter's dice ([HD-2]: the dice [CC-5] gives its roll), logged with each modifier's rule and source."""
    dice = state.dice.roll(side.dice, f"{model.name}: {why}")
    result = ResolutionRoll(dice, side.attribute, side.value, side.modifiers)
    mods = "".join(f", {m.describe()}" for m in result.applied)
    more = ""
    if side.trait_dice:
        more = " (" + ", ".join(f"+{m.value} {'die' if m.value == 1 else 'dice'} {m.source} [{m.rule}]"
                                for m in side.trait_dice) + ")"
    state.emit(EventKind.DiceRolled, f"{model.name} {why}: dice {'+'.join(map(str, dice))} ({side.attribute} "
               f"{side.value}{mods}){more}", model=model.id, roll=why, dice=list(dice), attribute=side.attribute,
               value=side.value, modifiers=[{"value": m.value, "rule": m.rule, "source": m.source}
                                            for m in result.applied],
               total=score_part(dice) + side.total, rule="HD-2")
    return result


def judge(duel: Duel) -> Any:
    """The re-roll window's judge for a duel ([SEQ-1] read with [HD-2], [HD-4]): each side's Combat Score, and
    whether the attacker lands hits (a stand-off is the attacker's losing roll, not the defender's)."""
    def scores(a: ResolutionRoll, d: ResolutionRoll) -> tuple[int, int, bool]:
        a_score = combat_score(a.dice, a.total - sum(a.dice), d.dice)
        d_score = combat_score(d.dice, d.total - sum(d.dice), a.dice)
        return a_score, d_score, duel.outcome(a_score, d_score)[0] > 0
    return scores


def explain(model: ModelState, mine: ResolutionRoll, other: ResolutionRoll, other_name: str) -> str:
    """A Combat Score as the log tells it: highest die, extra 6s, attribute, each modifier, the other's 1s."""
    sixes = max(0, mine.dice.count(6) - 1)
    parts = [f"highest die {max(mine.dice)}"]
    if sixes:
        parts.append(f"+{sixes} extra 6{'s' if sixes > 1 else ''}")
    parts.append(f"{mine.attribute} {mine.attribute_value}")
    parts += [m.describe() for m in mine.applied]
    if other.dice.count(1):
        parts.append(f"+{other.dice.count(1)} for {other_name}'s 1{'s' if other.dice.count(1) > 1 else ''}")
    score = combat_score(mine.dice, mine.total - sum(mine.dice), other.dice)
    return f"{model.name}'s Combat Score: {' '.join(parts)} = {score}"


def fight_duel(state: GameState, attack: Attack, profile: AttackProfile, result: AttackResult) -> Gen:
    """[HD-1]-[HD-6]: both fighters roll ([HD-2]), the re-roll window ([SEQ-1]), the higher Combat Score lands
    the difference as hits ([HD-4]) with a critical on a 6 ([HD-5]) and the injury chart at 0 wounds ([HD-6]).
    Fills and returns ``result``: ``hit`` when the attacker landed hits, ``wounds_dealt`` those the defender took."""
    a, d = attack.attacker, attack.defender
    duel = profile.duel
    assert duel is not None
    state.emit(EventKind.DuelScore, f"{a.name} and {d.name} fight a heroic duel", attacker=a.id, defender=d.id,
               rule="HD-1")
    a_roll = _roll(state, a, profile.attack, "duel attack")
    d_roll = _roll(state, d, profile.defence, "duel defence")
    scores = judge(duel)
    a_roll, d_roll = yield from reroll_window(state, a, a_roll, d, d_roll, ("attack", "defence"), attack,
                                              attack.no_fate, scores)
    result.attack_roll, result.defence_roll = a_roll, d_roll
    a_score, d_score, _ = scores(a_roll, d_roll)
    who, hits = duel.outcome(a_score, d_score)
    state.emit(EventKind.DuelScore, explain(a, a_roll, d_roll, d.name), model=a.id, score=a_score, rule="HD-2")
    state.emit(EventKind.DuelScore, explain(d, d_roll, a_roll, a.name), model=d.id, score=d_score, rule="HD-2")
    if who == 0:
        text = f"{a.name} {a_score} vs {d.name} {d_score}: a stand-off, nobody is hurt"
    else:
        winner = a if who > 0 else d
        tie = f" (a tie: the higher MA, {max(duel.attacker_ma, duel.defender_ma)})" if a_score == d_score else ""
        text = (f"{a.name} {a_score} vs {d.name} {d_score}: {winner.name} lands {hits} "
                f"hit{'s' if hits > 1 else ''}{tie}")
    result.hit = who > 0
    state.emit(EventKind.AttackResolved, text, attacker=a.id, defender=d.id, attack=a_score, defence=d_score,
               hit=result.hit, hits=hits, winner=None if who == 0 else (a.id if who > 0 else d.id), rule="HD-4")
    if who == 0:
        return result
    winner, loser = (a, d) if who > 0 else (d, a)
    win_roll = a_roll if who > 0 else d_roll
    chart = (duel.attacker_chart if who > 0 else duel.defender_chart) if 6 in win_roll.dice else None
    table = DuelOnTheTable(state, loser, winner)
    out = yield from duel_effects(table, profile.after.saves if who > 0 else duel.counter_saves, hits, chart,
                                  profile.after.extra_wounds if who > 0 else (), profile.after.no_fate)
    if who > 0:
        result.wounds_dealt = out.wounds
        result.killed = d.status == KILLED
        for h in sorted(hooks_of(a), key=lambda h: h.after_priority):
            yield from h.after_attack(state, attack, result)
    return result
