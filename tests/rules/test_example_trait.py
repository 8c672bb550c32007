"""Adding a trait touches only its own class (and the trait data): this test adds one without
editing the engine, and the engine uses it (README, "Adding a trait")."""

from __future__ import annotations

from game.core.dice import Modifier
from game.rules import actions
from game.rules.traits.base import TRAITS, TraitRule, load_all, trait
from tests.rules.harness import Script, figure, rolls, table

D = 25 / 25.4


def test_a_new_trait_is_one_class() -> None:
    load_all()

    @trait("iron_skin")
    class IronSkin(TraitRule):
        name = "Iron Skin"
        rule = "T-IRONSKIN-1"

        def defence_modifiers(self, state, attack):
            return [Modifier(1, "T-IRONSKIN-1", "Iron Skin")] if attack.kind == "close" else []

    try:
        state = table((0, figure("Attacker"), 10, 10, 0), (1, figure("Skin", traits=["iron_skin"]), 10 + D, 10, 180))
        state.dice.force(3, 3, 1, 2)
        Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
        assert {"value": 1, "rule": "T-IRONSKIN-1", "source": "Iron Skin"} in rolls(state)[1]["modifiers"]
    finally:
        TRAITS.pop("iron_skin", None)
