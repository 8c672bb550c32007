"""A trait written only in YAML (tests/data/mods/traits/frost.yaml) is shown like any other: its modifiers and
extra dice in the odds card and in the log's opened roll, with its rule ID and, the rule being no part of the
rules reference, its text."""

from __future__ import annotations

import pytest

from game.ai.odds import attack_odds
from game.content import library
from game.rules import combat
from game.ui.battle import previews
from game.ui.battle.log_panel import roll_details
from tests.conftest import ROOT
from tests.rules.harness import Script, figure, table

MODS = ROOT / "tests" / "data" / "mods"
D = 25 / 25.4
SUMMARY = "Frostborn: One more die in close combat attacks"


@pytest.fixture(autouse=True)
def mod_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(library.MODS_ENV, str(MODS))


def test_the_odds_card_shows_a_yaml_traits_dice_and_modifiers_with_their_rule_text() -> None:
    close = table((0, figure("Att", traits=("frostborn",)), 10, 10, 90), (1, figure("Def"), 10, 10 + D, 270))
    card = previews.odds_summary(close, "A1", "B1", "standard_attack")
    assert "Frostborn: +1 die to the attack [X-FROST-1]" in card.lines()
    attack = combat.Attack(close.model("A1"), close.model("B1"), "close", "standard_attack", 0)
    assert card.p_win == attack_odds(close, attack).p_win  # the card's figure is the exact odds
    shot = table((0, figure("Att", weapons=(("Bow", "2h_ranged"),)), 10, 10, 90),
                 (1, figure("Def", traits=("frostborn",)), 10, 18, 270))
    card = previews.odds_summary(shot, "A1", "B1", "ranged_attack")
    assert {"value": 2, "rule": "X-FROST-2", "source": "Frostborn hide"} in card.defence_mods
    rows = [r.text for r in previews.odds_rows(card)]
    at = next(i for i, t in enumerate(rows) if "Frostborn hide  [X-FROST-2]" in t)
    assert rows[at + 1].strip().startswith(SUMMARY)


def test_the_log_opens_a_roll_with_a_yaml_traits_die_and_its_rule_text() -> None:
    state = table((0, figure("Att", traits=("frostborn",)), 10, 10, 90), (1, figure("Def"), 10, 10 + D, 270))
    state.dice.force(6, 6, 5, 1, 1)
    Script([]).run(combat.resolve_attack(state, combat.Attack(state.model("A1"), state.model("B1"), "close",
                                                              "standard_attack", 0)))
    index = next(i for i, e in enumerate(state.log) if e.kind == "DiceRolled")
    lines = [text for text, _links in roll_details(state.log, index)]
    assert lines[0] == "dice [6] [6] [5]"
    at = lines.index("+1 die Frostborn [X-FROST-1]")
    assert lines[at + 1].strip().startswith(SUMMARY)


def test_a_yaml_traits_rule_opens_in_the_rules_reference(tmp_path, monkeypatch) -> None:
    import pygame

    from game.ui.scenes.rules import RulesScene
    from tests.ui.driver import frames, menu_app

    app = menu_app(tmp_path, monkeypatch, folders=("CONFIG", "REPLAYS"))  # the mod folder stays the test one
    ref = app.push(RulesScene(app, "X-FROST-2"))
    frames(app, 3)
    assert ref.focus == "X-FROST-2"
    assert ref.ref.chapters[-1].title == "Traits from the mod folder"
    pygame.image.save(pygame.display.get_surface(), tmp_path / "rules_mod_trait.png")  # looked at: the last chapter
