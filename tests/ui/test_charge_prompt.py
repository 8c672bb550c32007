"""The charge_end click ring over a screened centre line: the cursor keeps to base contact, the engine's check
refuses the screened end and takes one on a clear arc, and the default is legal ([MOVE-4], [DIG-MOVE-4])."""

from __future__ import annotations

import math

import pytest

from game.rules import actions
from game.ui.battle.prompts import PointPrompt, prompt_for
from tests.rules.harness import figure, square, table

D = 25 / 25.4


@pytest.mark.rule("DIG-MOVE-4", "MOVE-4")
def test_the_charge_end_ring_refuses_the_screened_lane_and_takes_a_clear_one() -> None:
    state = table((0, figure("Charger"), 5, 10, 0), (1, figure("Target"), 11, 10, 180),
                  (1, figure("Other"), 30, 30, 0), pieces=[square("post", "impassable", 9.4, 9.9, 9.6, 10.1)])
    gen = actions.resolve(state, state.model("A1"), "charge")
    d = next(gen)
    assert d.kind == "target" and d.choices() == ["B1"]
    d = gen.send(d.validate("B1"))
    prompt = prompt_for(state, d)
    assert isinstance(prompt, PointPrompt) and d.kind == "charge_end"
    assert prompt.click((9.5, 10.0)) is None and "impassable" in (prompt.refusal() or "")  # the screened centre
    at = (11 - 1.5 * math.cos(math.radians(60)), 10 + 1.5 * math.sin(math.radians(60)))  # off the ring, 60° round
    answer = prompt.click(at)
    assert answer is not None, prompt.refusal()
    assert math.hypot(answer["x"] - 11, answer["y"] - 10) == pytest.approx(D, abs=1e-9)  # snapped to contact
    default = prompt.default()
    assert default is not None and d.check(default) is None
    assert len(prompt.candidates) > 4  # the dots drawn on the clear arcs, each a legal end
