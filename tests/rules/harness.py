"""Hand-set tables for rule tests: models placed by hand, dice forced, decisions answered in order."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from game.content.maps import BattleMap, TerrainPiece
from game.content.party_building import TYPE_RULES, BuiltModel, BuiltParty, Weapon
from game.core.dice import Dice
from game.core.vec import Vec2
from game.rules.decisions import Decision
from game.rules.state import GameState, ModelState, SideState

WOUND_BONUS = {"large": 1, "mounted": 1, "gargantuan": 2}
BASE_MM = {"large": 40.0, "mounted": 40.0, "gargantuan": 60.0}


def figure(name: str, kind: str = "follower", MA: int = 3, RA: int = 3, PD: int = 3, WP: int = 3,
           weapons: Sequence[tuple[str, str]] = (("Sword", "1h_edged"),), traits: Sequence[str] = (),
           pet_of: str | None = None, base_mm: float | None = None) -> BuiltModel:
    """A model profile without the building rules (tests need odd numbers such as the examples')."""
    wounds = TYPE_RULES[kind].wounds + sum(WOUND_BONUS.get(t, 0) for t in traits)
    mm = base_mm or max([BASE_MM.get(t, 25.0) for t in traits], default=25.0)
    return BuiltModel(name, kind, {"MA": MA, "RA": RA, "PD": PD, "WP": WP},
                      tuple(Weapon(n, s) for n, s in weapons), tuple(traits), 0, 0, 0, wounds, mm,
                      TYPE_RULES[kind].qualities, pet_of)


def square(piece_id: str, kind: str, x0: float, y0: float, x1: float, y1: float, **kw: Any) -> TerrainPiece:
    poly = (Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1))
    return TerrainPiece(piece_id, kind, poly, kw.pop("style", kind), **kw)


def table(*placements: tuple[int, BuiltModel, float, float, float], fate: tuple[int, int] = (0, 0),
          pieces: Sequence[TerrainPiece] = (), seed: int = 1) -> GameState:
    """A game in its Main Phase with the given models at (x, y) facing the given angle."""
    parties = []
    for side in (0, 1):
        models = tuple(p[1] for p in placements if p[0] == side)
        parties.append(BuiltParty("test", f"Side {'AB'[side]}", "large", 275, 0, fate[side], models))
    sides = [SideState(i, parties[i], fate=fate[i]) for i in (0, 1)]
    models: dict[str, ModelState] = {}
    counters = [0, 0]
    for side, profile, x, y, facing in placements:
        counters[side] += 1
        mid = f"{'AB'[side]}{counters[side]}"
        models[mid] = ModelState(mid, side, profile, x, y, facing)
    state = GameState(sides, models, Dice(seed), battle_map=BattleMap("test", tuple(pieces)))
    state.phase = "main"
    state.bag = sorted(m.side for m in models.values())
    return state


class Script:
    """Drive a rules generator with answers in order; keep every decision asked."""

    def __init__(self, answers: Sequence[Any] = ()):
        self.answers = list(answers)
        self.asked: list[Decision] = []

    def run(self, gen: Generator[Decision, Any, Any]) -> Any:
        try:
            decision = next(gen)
            while True:
                self.asked.append(decision)
                if not self.answers:
                    raise AssertionError(f"no answer left for {decision.kind}: {decision.prompt} "
                                         f"(options {decision.choices()})")
                decision = gen.send(decision.validate(self.answers.pop(0)))
        except StopIteration as stop:
            assert not self.answers, f"answers left over: {self.answers}"
            return stop.value

    def kinds(self) -> list[str]:
        return [d.kind for d in self.asked]


def events(state: GameState, kind: str) -> list[Any]:
    return [e for e in state.log if e.kind == kind]


def rolls(state: GameState) -> list[dict[str, Any]]:
    return [e.data for e in state.log if e.kind == "DiceRolled"]
