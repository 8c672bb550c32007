"""Thornwood's Nerve, pure: the points of a melee, the loser's test, what its margin does, ties, and the other
nerve tests ([TW-NERVE-1] … [TW-NERVE-5], FF-R-13, FF-R-7).

Plain numbers in, frozen results out, each test carrying its die, every modifier with its rule and source, and
what the result makes each side do, so the lead's sequence, the AI and the log read the same answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from game.core.dice import Dice, Modifier
from game.systems.thornwood.band import FigureType
from game.systems.thornwood.melee import SIDES, FightResult, Side

BACK_INCHES = 2.0  # a passed loser's test: both sides step back ([TW-NERVE-3])
InspirationLevel = Literal["inspired", "standard", "demoralized"]


@dataclass(frozen=True)
class NervePoints:
    """The Nerve Points one side scored on the other, item by item ([TW-NERVE-1])."""

    items: tuple[Modifier, ...] = ()

    @property
    def total(self) -> int:
        return sum(m.value for m in self.items)

    def __add__(self, other: NervePoints) -> NervePoints:
        return NervePoints(self.items + other.items)

    def explain(self) -> str:
        return " ".join(m.describe() for m in self.items) + f" = {self.total}" if self.items else "0"


def nerve_points(cv_lost: int = 0, knocked_down: int = 0, bonus_target: bool = False, taunt_rp: int = 0,
                 who: str = "") -> NervePoints:
    """Points for what was done to one enemy figure: one per CV it lost (FF-R-13: not per wound), one if it was
    knocked down, one more if either befell a chief, companion or youth, one per Renown Point taunted away."""
    of = f" ({who})" if who else ""
    items = []
    if cv_lost:
        items.append(Modifier(cv_lost, "TW-NERVE-1", f"{cv_lost} CV lost{of}"))
    if knocked_down:
        items.append(Modifier(knocked_down, "TW-NERVE-1", f"knocked down{of}"))
    if bonus_target and (cv_lost or knocked_down):
        items.append(Modifier(1, "TW-NERVE-1", f"a chief, companion or youth{of}"))
    if taunt_rp:
        items.append(Modifier(taunt_rp, "TW-NERVE-1", f"{taunt_rp} Renown Point(s) taunted away{of}"))
    return NervePoints(tuple(items))


def fight_nerve_points(result: FightResult, scorer: Side) -> NervePoints:
    """The points ``scorer`` earned in one fight, from what its opponent took ([TW-NERVE-1]).

    A slip is no knock-down (nobody knocked him); Renown lost to one's own Huh! is no taunt.
    """
    victim: Side = "defender" if scorer == "attacker" else "attacker"
    took = result.side(victim)
    facts = result.fight.facts(victim)
    taunted = took.renown_lost if scorer == "attacker" and result.fight.cell.attack == "taunt" else 0
    return nerve_points(took.cv_lost, 1 if took.knocked_down else 0, _nerve_bonus(facts.figure_type),
                        taunted, facts.name)


def _nerve_bonus(figure_type: str) -> bool:
    """Whether the type named scores one point more when hurt ([TW-NERVE-1]); a fight's facts may name none."""
    return figure_type in FigureType.__members__ and FigureType(figure_type).row.nerve_bonus


def melee_points(results: Iterable[FightResult]) -> dict[Side, NervePoints]:
    """Each side's points over every fight of a melee."""
    total: dict[Side, NervePoints] = {s: NervePoints() for s in SIDES}
    for r in results:
        for s in SIDES:
            total[s] = total[s] + fight_nerve_points(r, s)
    return total


def ratio_modifier(winner: int, loser: int) -> Modifier | None:
    """The loser's CV modifier by the score ([TW-NERVE-2]): −1 at 2 to 1 or more, −2 at 3 to 1 or more."""
    if winner <= loser:
        raise ValueError(f"{winner} to {loser} has no loser")
    if winner >= 3 * loser:
        return Modifier(-2, "TW-NERVE-2", f"lost {winner} to {loser}: 3 to 1 or more")
    if winner >= 2 * loser:
        return Modifier(-1, "TW-NERVE-2", f"lost {winner} to {loser}: 2 to 1 or more")
    return None


def best_standing_cv(figures: Iterable[tuple[int, bool]]) -> int:
    """The best CV among (cv, fallen) figures still standing; 0 when none stands ([TW-NERVE-2])."""
    return max((cv for cv, fallen in figures if not fallen and cv > 0), default=0)


@dataclass(frozen=True)
class NerveResult:
    """What a loser's test does ([TW-NERVE-3]); each field one thing the sequence carries out."""

    name: Literal["pass", "fail_by_1", "fail_by_2", "fail_by_3"]
    text: str
    both_step_back: float = 0.0  # inches both sides move back from the spot of the melee
    losers_move: Literal["", "move", "run"] = ""  # one action at a walk (Move) or at a Run
    fallen_left_behind: bool = False  # else each fallen figure needs a standing comrade to drag it clear
    winners_inspired: bool = False  # the winners' war band goes up one level
    losers_demoralized: bool = False  # the losers' war band goes down one level
    winners_may_pursue: bool = False  # remain (and bind prisoners) or pursue at a run


RESULTS = {
    "pass": NerveResult("pass", "both sides move back 2″ from the melee; each fallen figure needs a standing "
                                "comrade to drag it clear", both_step_back=BACK_INCHES),
    "fail_by_1": NerveResult("fail_by_1", "the losers retire one action at a walk with their casualties (each "
                                          "fallen figure dragged by a standing comrade); the winners stay",
                             losers_move="move"),
    "fail_by_2": NerveResult("fail_by_2", "the losers retire one action at a walk, leaving every fallen figure; "
                                          "the winners stay and become Inspired, and may bind prisoners",
                             losers_move="move", fallen_left_behind=True, winners_inspired=True),
    "fail_by_3": NerveResult("fail_by_3", "the losers flee one action at a Run, abandoning every fallen figure, "
                                          "and are Demoralized; the winners become Inspired and may stay and bind "
                                          "prisoners or pursue at a run", losers_move="run", fallen_left_behind=True,
                             winners_inspired=True, losers_demoralized=True, winners_may_pursue=True),
}


def result_of(margin: int) -> NerveResult:
    """The loser's result by how much the test failed (roll − modified CV; ≤ 0 passes); 3 means 3 or more
    (FF-R-13) [TW-NERVE-3]."""
    if margin <= 0:
        return RESULTS["pass"]
    return RESULTS[f"fail_by_{min(margin, 3)}"]


@dataclass(frozen=True)
class NerveTest:
    """A nerve test as rolled ([TW-TEST-1]): the die, the CV, every modifier, and the result."""

    kind: str  # "loser" or the cause of another test
    roll: int
    cv: int
    modifiers: tuple[Modifier, ...]
    result: NerveResult | OtherResult

    @property
    def target(self) -> int:
        return self.cv + sum(m.value for m in self.modifiers)

    @property
    def margin(self) -> int:
        """How much the test failed by: roll − modified CV (FF-R-7); 0 or less is a pass."""
        return self.roll - self.target

    @property
    def passed(self) -> bool:
        return self.roll <= self.target

    def explain(self) -> str:
        mods = " ".join(m.describe() for m in self.modifiers)
        verdict = "passes" if self.passed else f"fails by {self.margin}"
        return f"nerve test ({self.kind}): d6 {self.roll} against CV {self.cv}{' ' + mods if mods else ''} " \
               f"= {self.target}: {verdict}: {self.result.text}"


def loser_test(dice: Dice, winner_points: int, loser_points: int, best_cv: int, reason: str = "") -> NerveTest:
    """The loser of a melee tests against its best standing figure's CV, less the ratio modifier
    ([TW-NERVE-2], [TW-NERVE-3])."""
    mod = ratio_modifier(winner_points, loser_points)
    mods = (mod,) if mod else ()
    roll = dice.d6(reason or "loser's nerve test")
    target = best_cv + sum(m.value for m in mods)
    return NerveTest("loser", roll, best_cv, mods, result_of(roll - target))


@dataclass(frozen=True)
class Tie:
    """A tied melee ([TW-NERVE-4]): even, it goes on with the roles switched; odd, both withdraw."""

    score: int
    continues: bool  # fight again at once, the defender now the attacker
    both_withdraw: Literal["", "move"]  # one action at Move, each carrying its fallen if it can
    text: str


def tie_of(score: int) -> Tie:
    """What a tie of ``score`` to ``score`` does; no Inspiration changes either way ([TW-NERVE-4])."""
    if score % 2 == 0:
        return Tie(score, True, "", f"tied {score} to {score}, even: the fight goes on, the cards switched "
                                    "(the defender now attacks)")
    return Tie(score, False, "move", f"tied {score} to {score}, odd: both sides withdraw one action at Move, "
                                     "taking their fallen if a standing figure can carry each")


# -- other nerve tests ----------------------------------------------------------------------------------------------

OtherCause = Literal["leader_fell", "gory_death", "surprise", "frightening"]
OTHER_CAUSES: dict[str, str] = {
    "leader_fell": "its leader (a chief or companion) fell from a shot",
    "gory_death": "one of its figures died a Gory Death",
    "surprise": "an unseen enemy attacked it from within 6″",
    "frightening": "it charged within 3″ of a seer, who is Frightening",
}


@dataclass(frozen=True)
class OtherResult:
    """What another nerve test does ([TW-NERVE-5]): the opponent picks one of the options."""

    name: Literal["pass", "fail_by_1_or_2", "fail_by_3"]
    text: str
    options: tuple[tuple[str, int], ...] = ()  # (what the group does, its CV modifier while pinned)


OTHER_RESULTS = {
    "pass": OtherResult("pass", "carry on as normal"),
    "fail_by_1_or_2": OtherResult("fail_by_1_or_2", "the opponent chooses: retreat one action at Move, or pinned "
                                                    "in place at CV−1", (("retreat", 0), ("pinned", -1))),
    "fail_by_3": OtherResult("fail_by_3", "the opponent chooses: rout off the table, or pinned in place at CV−2",
                             (("rout", 0), ("pinned", -2))),
}


def other_result_of(margin: int) -> OtherResult:
    if margin <= 0:
        return OTHER_RESULTS["pass"]
    return OTHER_RESULTS["fail_by_1_or_2" if margin <= 2 else "fail_by_3"]


def inspiration_modifier(level: str) -> Modifier | None:
    """Inspired +1, Demoralized −1 on other nerve tests ([TW-NERVE-5])."""
    if level == "inspired":
        return Modifier(1, "TW-NERVE-5", "war band Inspired")
    if level == "demoralized":
        return Modifier(-1, "TW-NERVE-5", "war band Demoralized")
    return None


def other_test(dice: Dice, leader_cv: int, inspiration: str, cause: OtherCause) -> NerveTest:
    """A group's test against its leader's CV for a fall, a Gory Death or a surprise ([TW-NERVE-5])."""
    if cause not in OTHER_CAUSES:
        raise ValueError(f"no nerve test for '{cause}'")
    mod = inspiration_modifier(inspiration)
    mods = (mod,) if mod else ()
    roll = dice.d6(f"nerve test: {OTHER_CAUSES[cause]}")
    target = leader_cv + sum(m.value for m in mods)
    return NerveTest(cause, roll, leader_cv, mods, other_result_of(roll - target))
