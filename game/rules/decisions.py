"""The decision protocol: the engine asks, a controller answers ([DIG-ACT-3]).

Every choice the rules give a player is a :class:`Decision` with the legal options
the rules generated. An answer is plain data (an option key, or a point / angle for
the free-form kinds) so a game is setup + seed + ordered answers ([DIG-ACT-4]).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.errors import IllegalAction
from game.rules.decision_kinds import DecisionKind
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

    kind: DecisionKind  # the rules may name it ("plan"): it is made the member, an unknown name fails here
    side: int
    prompt: str
    rule: str
    options: list[Option] = field(default_factory=list)
    free: str | None = None  # "point" | "angle" when the answer is not an option
    context: DecisionContext = field(default_factory=lambda: DecisionContext())
    check: Callable[[Any], str | None] | None = None  # for free answers: None if legal, else why not

    def __post_init__(self) -> None:
        self.kind = DecisionKind.of(self.kind)

    def choices(self) -> list[str]:
        return [o.key for o in self.options]

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(key)

    def validate(self, answer: Answer) -> Answer:
        """Normalise a legal answer or raise IllegalAnswer naming the decision and rule."""
        where = f"{self.kind} ({self.prompt})"
        if self.free == "point":
            point = _as_point(answer)
            if point is None:
                raise IllegalAnswer(self.rule, f"{where}: expected a point {{x: .., y: ..}}, got {answer!r}")
            why = self.check(point) if self.check else None
            if why:
                raise IllegalAnswer(self.rule, f"{where}: {uncited(why, self.rule)}")
            return point
        if self.free == "angle":
            if isinstance(answer, bool) or not isinstance(answer, int | float) or not math.isfinite(answer):
                raise IllegalAnswer(self.rule, f"{where}: expected an angle in degrees, got {answer!r}")
            return float(answer) % 360.0
        if not isinstance(answer, str) or answer not in self.choices():
            raise IllegalAnswer(self.rule, f"{where}: {answer!r} is not offered; options: {', '.join(self.choices())}")
        return answer


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
