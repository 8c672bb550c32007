"""Scripted encounters: small parties, set-up answered from a plan, a policy that walks chosen models to goals."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.content.maps import BattleMap
from game.content.party_building import BuiltParty
from game.content.scenario_file import load_scenario
from game.rules.decisions import Decision
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import GameState
from tests.conftest import ROOT
from tests.rules.harness import figure

SCENARIOS = ROOT / "scenarios"


def parties() -> tuple[BuiltParty, BuiltParty]:
    """Red (hero WP 4) and Blue (hero WP 3), a hero and two followers each."""
    red = (figure("Red Hero", "hero", WP=4), figure("Red Spear"), figure("Red Bow"))
    blue = (figure("Blue Hero", "hero", WP=3), figure("Blue Axe"), figure("Blue Club"))
    return (BuiltParty("test", "Red", "large", 275, 0, 0, red), BuiltParty("test", "Blue", "large", 275, 0, 0, blue))


class Policy:
    """Answers every decision: set-up from fixed places, goals walked (or run) to, everything else passive.

    ``hooks[turn]`` runs once when that turn's first decision comes (stand-ins for off-screen events);
    ``last_facing`` runs at the last facing decision of a turn (to force the dice of the Maintenance Phase).
    """

    def __init__(self, places: dict[str, tuple[float, float]], edge: str = "top",
                 markers: list[tuple[float, float]] = (), prisoner: tuple[float, float] = (18, 18),
                 goals: dict[str, Callable[[GameState], tuple[float, float]]] | None = None,
                 hooks: dict[int, Callable[[GameState], None]] | None = None,
                 maintenance_dice: dict[int, tuple[int, ...]] | None = None, run: bool = False):
        self.places, self.edge, self.markers, self.prisoner = places, edge, list(markers), prisoner
        self.goals = goals or {}
        self.hooks = dict(hooks or {})
        self.maintenance_dice = dict(maintenance_dice or {})
        self.run = run

    def decide(self, state: GameState, d: Decision) -> Any:
        if state.phase == "main" and state.turn in self.hooks:
            self.hooks.pop(state.turn)(state)
        k = d.kind
        if k == "choose_edge":
            return self.edge
        if k == "deploy":
            x, y = self.places[d.context["model"]]
            return {"x": x, "y": y}
        if k == "place_marker":
            x, y = self.markers.pop(0)
            return {"x": x, "y": y}
        if k == "place_prisoner":
            return {"x": self.prisoner[0], "y": self.prisoner[1]}
        if k in ("deploy_facing", "facing"):
            if k == "facing" and not state.bag and state.turn in self.maintenance_dice:
                state.dice.force(*self.maintenance_dice.pop(state.turn))
            return d.context.get("current", 0.0)
        if k == "plan":
            model = d.context["model"]
            if model in self.goals:
                for want in ("escape", "run" if self.run else "walk", "walk"):
                    if want in d.choices():
                        return want
            return "nothing"
        if k == "move_to":
            goal = self.goals[d.context["model"]](state)
            point = {"x": goal[0], "y": goal[1]}
            if d.check is None or d.check(point) is None:
                return point
            return min(d.context["candidates"], key=lambda p: math.dist((p["x"], p["y"]), goal))
        if k == "end_point":
            return "contact" if "contact" in d.choices() else d.choices()[0]
        return "pass" if "pass" in d.choices() else d.choices()[0]


def scripted(scenario: str, policy: Policy, setup_dice: tuple[int, ...] = (6, 1), seed: int = 7,
             battle_map: BattleMap | None = None) -> Game:
    """A whole encounter played by the policy for both sides; Red rolls higher unless told otherwise."""
    sc = load_scenario(SCENARIOS / f"{scenario}.yaml") if "/" not in scenario else load_scenario(scenario)
    state = new_game(parties(), battle_map or BattleMap("open", ()), seed, scenario=sc)
    state.dice.force(*setup_dice)
    game = Game(state, [policy, policy])
    game.run()
    return game


def contact_point(state: GameState, mover_id: str, target_id: str) -> tuple[float, float]:
    """Where the mover's base touches the target's, on the side facing the mover."""
    m, t = state.model(mover_id), state.model(target_id)
    d = math.dist((m.x, m.y), (t.x, t.y)) or 1.0
    reach = m.radius + t.radius
    return (t.x + (m.x - t.x) / d * reach, t.y + (m.y - t.y) / d * reach)
