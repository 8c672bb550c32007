"""The decision protocol: the engine asks, a controller answers ([DIG-ACT-3]).

Every choice the rules give a player is a :class:`Decision` with the legal options
the rules generated. An answer is plain data (an option key, a list of keys for a subset, or a point /
angle for the free-form kinds) so a game is setup + seed + ordered answers ([DIG-ACT-4]).

Two shapes other rule systems need (issue 38) are the kernel's too: a *subset* of the options (``free="subset"``
with ``pick`` bounds: which figures shoot, which dice attack), and *secret simultaneous* decisions
(:class:`Simultaneous`): each side answers without seeing the other's, and the rules receive the answers
together.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.errors import IllegalAction
from game.core.kinds import DECISION_KINDS, ShownKind
from game.rules import decision_kinds  # noqa: F401  # Iron & Honor's kinds registered before any is named
from game.rules.payloads import DecisionContext

Answer = Any  # an option key (str), or {"x":..,"y":..} for points, or a number for angles


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    data: Any = None


class IllegalAnswer(IllegalAction):
    """An answer the decision does not offer; the game state is unchanged."""


@dataclass
class Decision:
    """One question to one side. ``options`` for choices; ``free`` for points and angles."""

    kind: ShownKind  # any system's kind; the rules may name it ("plan"): it is made the member, an unknown
    # name fails here
    side: int
    prompt: str
    rule: str
    options: list[Option] = field(default_factory=list)
    free: str | None = None  # "point" | "angle" | "subset" when the answer is not one option
    context: DecisionContext = field(default_factory=lambda: DecisionContext())
    check: Callable[[Any], str | None] | None = None  # for free answers: None if legal, else why not
    pick: tuple[int, int] = (0, 0)  # a subset's least and most options (free == "subset")
    secret: bool = False  # one of a Simultaneous group: nobody else sees the answer until all are given

    def __post_init__(self) -> None:
        self.kind = DECISION_KINDS.of(self.kind)  # type: ignore[assignment]  # the registry holds ShownKinds

    def choices(self) -> list[str]:
        return [o.key for o in self.options]

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(key)

    def validate(self, answer: Answer) -> Answer:
        """Normalise a legal answer or raise IllegalAnswer naming the decision and rule."""
        if self.free == "point":
            point = _as_point(answer)
            if point is None:
                raise IllegalAnswer(self.rule, f"{self.where()}: expected a point {{x: .., y: ..}}, got {answer!r}")
            why = self.check(point) if self.check else None
            if why:
                raise IllegalAnswer(self.rule, f"{self.where()}: {uncited(why, self.rule)}")
            return point
        if self.free == "subset":
            return self._subset(answer, self.where())
        if self.free == "angle":
            if isinstance(answer, bool) or not isinstance(answer, int | float) or not math.isfinite(answer):
                raise IllegalAnswer(self.rule, f"{self.where()}: expected an angle in degrees, got {answer!r}")
            return float(answer) % 360.0
        if not isinstance(answer, str) or answer not in self.choices():
            raise IllegalAnswer(self.rule, f"{self.where()}: {answer!r} is not offered; options: "
                                           f"{', '.join(self.choices())}")
        return answer

    def where(self) -> str:
        """The decision as an error names it (worked out only for an answer refused)."""
        return f"{self.kind} ({self.prompt})"

    def _subset(self, answer: Answer, where: str) -> list[str]:
        """A subset: distinct offered keys, as many as ``pick`` allows, put in the options' order (a set has
        no order, so two answers that name the same keys are one answer)."""
        least, most = self.pick
        if not isinstance(answer, list | tuple) or not all(isinstance(k, str) for k in answer):
            raise IllegalAnswer(self.rule, f"{where}: expected a list of options, got {answer!r}")
        offered = self.choices()
        unknown = [k for k in answer if k not in offered]
        if unknown:
            raise IllegalAnswer(self.rule, f"{where}: {unknown[0]!r} is not offered; options: {', '.join(offered)}")
        if len(set(answer)) != len(answer):
            raise IllegalAnswer(self.rule, f"{where}: an option is named twice in {list(answer)!r}")
        if not least <= len(answer) <= most:
            size = f"{least}" if least == most else f"{least} to {most}"
            raise IllegalAnswer(self.rule, f"{where}: choose {size} of the options, not {len(answer)}")
        return [k for k in offered if k in answer]


@dataclass
class Simultaneous:
    """Decisions put at once, one a side, answered in secret ([DIG-ACT-4] still: each answer is recorded in
    turn). The driver asks them one by one, each marked ``secret``; the rules receive the answers together,
    as a tuple in the same order, so nothing an answer changes can be seen before the last is given."""

    decisions: list[Decision]

    def __post_init__(self) -> None:
        if len(self.decisions) < 2:
            raise ValueError("a simultaneous decision puts two or more questions")
        for d in self.decisions:
            d.secret = True


def uncited(why: str, rule: str) -> str:
    """A check's refusal without a closing tag of the decision's own ``rule`` ("... would overlap B1 [ENC-3]"),
    which the error adds: the rule is said once. A refusal by another rule keeps its tag ("... within 9″ of the
    left edge [ENC-2]", then the decision's [ENC-3])."""
    tag = f" [{rule}]"
    return why[:-len(tag)] if why.endswith(tag) else why


def _as_point(answer: Any) -> dict[str, float] | None:
    if isinstance(answer, dict) and set(answer) == {"x", "y"}:
        x, y = answer["x"], answer["y"]
    elif isinstance(answer, list | tuple) and len(answer) == 2:
        x, y = answer
    else:
        return None
    if any(isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) for v in (x, y)):
        return None
    return {"x": float(x), "y": float(y)}


class Controller(Protocol):
    def decide(self, state: Any, decision: Decision) -> Answer: ...


class ScriptedController:
    """Answers from a list, in order (tests, replays, script mode)."""

    def __init__(self, answers: Sequence[Answer]):
        self.answers = list(answers)
        self.position = 0

    def decide(self, state: Any, decision: Decision) -> Answer:
        if self.position >= len(self.answers):
            raise OutOfAnswers(decision)
        answer = self.answers[self.position]
        self.position += 1
        return answer


class OutOfAnswers(Exception):
    """A scripted game ran out of answers: it stops here, cleanly."""

    def __init__(self, decision: Decision):
        self.decision = decision
        super().__init__(f"no answer left for {decision.kind}: {decision.prompt}")
