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


ANSWERED = ("roll_modifiers", "move_bonus", "attack_modifiers", "defence_modifiers", "target_modifiers",
            "ally_attack_modifiers", "ally_defence_modifiers", "extra_dice", "grants_terror_immunity")


def test_a_hook_that_does_not_answer_a_question_would_have_answered_nothing() -> None:
    """traits.base.hooks_answering leaves out only hooks whose class keeps the base's answer, and that is none."""
    from game.content.library import resolve
    from game.content.party_building import load_party
    from game.rules.traits.base import TraitRule, answers, hooks_answering, hooks_of, load_all

    load_all()
    base = TraitRule()
    for name in ANSWERED:
        assert not getattr(base, name)(*([None] * (getattr(TraitRule, name).__code__.co_argcount - 1)))
    parties = [load_party(resolve("parties", p)) for p in ("order_of_the_grey_lance", "hollow_court",
                                                           "lantern_adventuring_co", "northmen_raiding_party")]
    asked = 0
    for party in parties:
        for k, profile in enumerate(party.models):
            model = table((0, profile, 2.0 + k, 2.0, 0)).model("A1")
            model.conditions = {"stunned": True, "ran": True}
            for name in ANSWERED:
                kept = hooks_answering(model, name)
                assert kept == [h for h in hooks_of(model) if answers(h, name)] == hooks_answering(model, name)
                left = [h for h in hooks_of(model) if h not in kept]
                assert all(getattr(type(h), name) is getattr(TraitRule, name) for h in left)
                asked += len(left)
    assert asked > 0


def test_remembered_answering_hooks_follow_the_registries() -> None:
    from game.rules.traits.base import TRAITS, TraitRule, hooks_answering, load_all

    load_all()
    state = table((0, figure("Flier", traits=("flight",)), 10, 10, 0), (1, figure("Foe"), 20, 20, 0))
    flier = state.model("A1")
    before = hooks_answering(flier, "move_bonus")
    old = TRAITS["flight"]

    class Swift(TraitRule):
        def move_bonus(self, state, model, action):
            return []

    try:
        TRAITS["flight"] = Swift()
        assert TRAITS["flight"] in hooks_answering(flier, "move_bonus")
    finally:
        TRAITS["flight"] = old
    assert hooks_answering(flier, "move_bonus") == before
