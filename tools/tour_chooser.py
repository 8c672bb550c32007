"""A chooser for the screenshot tour: the normal AI, nudged towards decisions the tour has not seen yet.

The AI rarely disengages, casts with spare AP, sweeps or picks Weakness, so those prompts would
seldom appear; while their kind is still missing, this controller prefers the option that leads
there. It also remembers its last answer, so the tour can hover the answer before the autopilot
asks for it again (and gets the same one).
"""

from __future__ import annotations

from typing import Any

from game.rules.decisions import Answer, Controller, Decision

# the action in a plan that leads to a kind of decision, tried in this order
LEADS_TO = (("disengage", "free_strike"), ("sweeping_attack", "strike_order"), ("cast_3", "enhancement"),
            ("cast_2", "enhancement"))


class CuriousChooser:
    """Wraps an AI controller; ``missing`` is the live set of kinds still wanted."""

    def __init__(self, base: Controller, missing: set[str]):
        self.base = base
        self.missing = missing
        self._last: tuple[Decision, Answer] | None = None

    def decide(self, state: Any, decision: Decision) -> Answer:
        if self._last is not None and self._last[0] is decision:
            return self._last[1]
        answer = self._nudge(decision, state)
        if answer is None:
            answer = self.base.decide(state, decision)
        self._last = (decision, answer)
        return answer

    def _nudge(self, d: Decision, state: Any) -> Answer | None:
        keys = d.choices()
        if d.kind == "nominate" and "strike_order" in self.missing:  # a sweeper first, while its sweep is wanted
            sweepers = [k for k in keys if state.models[k].has("sweeping_attack")]
            if sweepers:
                return sweepers[0]
        if d.kind == "spell" and "weakness" in self.missing and "weakness" in keys:
            return "weakness"
        if d.kind in ("plan", "next_action", "impetus_action"):
            for action, kind in LEADS_TO:
                if kind not in self.missing:
                    continue
                for key in keys:
                    if action in key.split(","):
                        return key
        return None
