"""A scenario's ``ai:`` block: read whole, and each bad hint refused with its file, key path, line and what is
wrong (game/content/scenario_checks.py, _ai_problems)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.scenario_file import load_scenario, parse_scenario
from game.core.errors import ContentError

THE_HOLD = Path(__file__).resolve().parent.parent / "data" / "scenarios" / "the_hold.yaml"
BASE = """\
format: iron-honor/scenario@1
name: Hints
roles: {higher: Attacker, lower: Holder}
deployment:
  first: lower
  zones: {higher: {edge: top, depth: 6}, lower: {edge: bottom, depth: 6}}
regions:
  - {name: the knoll, polygon: [[14, 20], [22, 20], [22, 26], [14, 26]]}
scoring:
  - {kind: kills}
duration: {turns: 6}
"""
LINE = BASE.count("\n") + 1  # the line the ai: block starts on


def problems(ai: str) -> list[dict]:
    with pytest.raises(ContentError) as err:
        parse_scenario(BASE + ai, "bad.yaml")
    assert err.value.file == "bad.yaml"
    return [p.as_dict() for p in err.value.problems]


def test_the_hold_reads_its_hints_by_role() -> None:
    hints = load_scenario(THE_HOLD).ai
    assert [h.name for h in hints["Holder"].hold] == ["the knoll"] and hints["Holder"].hold[0].value == 2.0
    assert hints["Attacker"].hunt[0].type == "hero" and hints["Attacker"].caution == 0.7


def test_hints_may_name_a_region_or_draw_one_and_default_to_as_now() -> None:
    sc = parse_scenario(BASE + "ai:\n  lower:\n    hold: [{name: the knoll}]\n"
                               "    avoid: [{name: the ditch, circle: {centre: [18, 12], diameter: 4}, value: 3}]\n")
    hints = sc.ai["lower"]
    assert hints.hold[0].value == 1.0 and hints.avoid[0].circle is not None and hints.caution == 1.0
    assert parse_scenario(BASE).ai == {}


@pytest.mark.parametrize(("ai", "where", "says"), [
    ("ai: {Defender: {caution: 2}}", "ai.Defender", "unknown side 'Defender' (known: higher, lower, Attacker, Holder)"),
    ("ai: {Holder: {caution: 2}, lower: {caution: 1}}", "ai.lower", "'lower' and 'Holder' are the same side"),
    ("ai: {Holder: {hold: [{name: the hill}]}}", "ai.Holder.hold[0].name", "no region is named 'the hill'"),
    ("ai: {Holder: {avoid: [{name: x, circle: {centre: [1, 1], diameter: 2}, polygon: [[0, 0], [1, 0], [1, 1]]}]}}",
     "ai.Holder.avoid[0]", "at most one of 'polygon' or 'circle'"),
    ("ai: {Holder: {avoid: [{name: x, polygon: [[0, 0], [1, 0]]}]}}", "ai.Holder.avoid[0].polygon",
     "at least 3 points"),
    ("ai: {Attacker: {hunt: [{side: Holder, type: hero}]}}", "ai.Attacker.hunt[0].side", "leave 'side' out"),
    ("ai: {Holder: {protect: [{value: 2}]}}", "ai.Holder.protect[0]", "needs 'model'"),
    ("ai: {Attacker: {hunt: [{model: X, value: 0}]}}", "ai.Attacker.hunt[0].value", "greater than 0"),
    ("ai: {Attacker: {caution: 20}}", "ai.Attacker.caution", "less than or equal to 10"),
    ("ai: {Attacker: {hodl: []}}", "ai.Attacker.hodl", "unknown key 'hodl'"),
    ("ai: {Attacker: {avoid: [{name: the knoll, value: lots}]}}", "ai.Attacker.avoid[0].value", "expected a number"),
])
def test_a_bad_hint_is_located_and_explained(ai: str, where: str, says: str) -> None:
    found = problems(ai + "\n")
    assert [(p["where"], p["line"]) for p in found] == [(where, LINE)], found
    assert says in found[0]["message"]
