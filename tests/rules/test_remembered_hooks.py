"""A profile's hooks and standing flags (traits.base.trait_hooks, any_hook) are remembered, and follow the
registries: a trait registered or replaced is seen at once."""

from __future__ import annotations

from tests.rules.harness import figure, table


def test_remembered_hooks_follow_the_registries() -> None:
    """A profile's hooks and standing flags are remembered until a trait is registered or replaced."""
    from game.rules.traits.base import TRAITS, TraitRule, any_hook, hooks_of, load_all, trait_hooks

    load_all()
    state = table((0, figure("Flier", traits=("flight",)), 10, 10, 0), (1, figure("Foe"), 20, 20, 0))
    flier = state.model("A1")
    assert any_hook(flier, "flies") and trait_hooks(flier) == [*trait_hooks(flier)]
    old = TRAITS["flight"]

    class Grounded(TraitRule):
        flies = False

    try:
        TRAITS["flight"] = Grounded()
        assert not any_hook(flier, "flies") and TRAITS["flight"] in hooks_of(flier)
    finally:
        TRAITS["flight"] = old
    assert any_hook(flier, "flies") and old in hooks_of(flier)
