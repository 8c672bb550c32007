"""How ``hard`` weighs its way off the table: by the route to its exit edge (Difficulty.escape_route), so a raider
on the gorge's lip, nearer its edge in a straight line but a long way round from either bridge, counts as further
from it than one at a bridge's mouth."""

from __future__ import annotations

from dataclasses import replace

from game.ai import candidates, lookahead
from game.ai.difficulty import HARD
from tests.ai.test_objective_routes import gorge
from tests.rules.harness import figure


def _value(x: float, y: float, level: object) -> float:
    """The look-ahead's value of the raider standing at (x, y), the one defender far off in a corner."""
    state = gorge((0, figure("Raider"), x, y, 90), (1, figure("Guard"), 2, 34, 270), turn=2)
    return lookahead.evaluate(state, 0, "A1", candidates.Appraiser(level))  # type: ignore[arg-type]


def test_the_way_to_the_exit_is_weighed_by_its_route_not_the_straight_line() -> None:
    """On the lip of the gorge's middle (13.5″ from the edge in a straight line, the bridges 9″ to either side) and at
    the east bridge's mouth (15″ straight, the way across it): by the straight line the lip is better; by the route
    (escape_route) the bridge is."""
    lip, bridge = (19.0, 13.5), (28.2, 12.0)
    plain = replace(HARD, escape_route=0.0)
    assert _value(*lip, plain) > _value(*bridge, plain)
    assert _value(*bridge, HARD) > _value(*lip, HARD)


def test_an_escape_that_pays_its_kill_value_is_weighed_as_before() -> None:
    """Breakthrough's escapes pay the kill value ([ENC-BRK-3]): there the way is weighed by the straight line still
    (the route's weight lost hard games there), so the lip and the bridge compare as they did without the field."""
    def value(x: float, y: float, level: object) -> float:
        state = gorge((0, figure("Raider"), x, y, 90), (1, figure("Guard"), 2, 34, 270), turn=2)
        enc = state.encounter
        assert enc is not None
        scoring = [e.model_copy(update={"values": {}}) if e.kind == "escapes" else e for e in enc.scenario.scoring]
        enc.scenario = enc.scenario.model_copy(update={"scoring": scoring})
        return lookahead.evaluate(state, 0, "A1", candidates.Appraiser(level))  # type: ignore[arg-type]

    lip, bridge = (19.0, 13.5), (28.2, 12.0)
    plain = replace(HARD, escape_route=0.0)
    for at in (lip, bridge):
        assert value(*at, HARD) == value(*at, plain)
    assert value(*lip, HARD) > value(*bridge, HARD)
