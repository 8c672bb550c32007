"""A save names the rule system and its optional rules (issue 38): new saves write them, saves made before the
cut load as Iron & Honor, and a system or option this game does not have is refused with its key path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import ContentError
from game.core.rule_system import OptionalRule, RuleSystem
from game.saves.playback import play_back
from game.saves.record import read_save
from game.systems import DEFAULT, SYSTEMS, get
from game.ui.session import HOTSEAT, BattleSession, BattleSetup
from tests.saves.test_saves import Players, a_save


def test_a_new_save_names_its_rule_system_and_options(tmp_path: Path) -> None:
    data = a_save(tmp_path / "s.json", upto=4)
    assert data["setup"]["system"] == "iron-honor"
    assert data["setup"]["options"] == []
    assert read_save(tmp_path / "s.json").setup["system"] == "iron-honor"


def test_a_save_made_before_systems_loads_and_plays_back_as_iron_and_honor(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    data = a_save(path, upto=10)
    del data["setup"]["system"], data["setup"]["options"]
    path.write_text(json.dumps(data), encoding="utf-8")
    record = read_save(path)
    assert record.setup["system"] == DEFAULT == "iron-honor"
    assert record.setup["options"] == []
    played = play_back(record.setup, record.answers, record.checks)
    assert played.divergence is None
    assert len(played.game.answers) == 10
    resumed = BattleSession.from_save(record, autosave=False)
    assert resumed.setup.system == "iron-honor"
    Players(2).play(resumed, upto=14)
    assert resumed.record().setup["system"] == "iron-honor"


@pytest.mark.parametrize(("key", "value", "expect"), [
    ("setup.system", "iron-kingdoms",
     "setup.system: no rule system 'iron-kingdoms'; this game plays: gearfall, iron-honor"),
    ("setup.options", ["fog-of-war"], "setup.options[0]: Iron & Honor has no optional rule 'fog-of-war'; its "
     "optional rules: heroic-duel"),
    ("setup.system", 7, "setup.system"),
])
def test_a_system_or_option_this_game_lacks_is_refused_with_its_key(tmp_path: Path, key: str, value: object,
                                                                     expect: str) -> None:
    path = tmp_path / "s.json"
    a_save(path, upto=3, **{key: value})
    with pytest.raises(ContentError) as caught:
        read_save(path)
    text = caught.value.describe()
    assert "s.json" in text and expect in text, text


def test_the_systems_are_found_by_id_and_a_wrong_one_names_those_played() -> None:
    assert get("iron-honor") is SYSTEMS["iron-honor"]
    assert get("iron-honor").cite("CC-5") == "IH:CC-5"
    assert get("iron-honor").cite("IH:CC-5") == "IH:CC-5"
    with pytest.raises(KeyError, match="this game plays: gearfall, iron-honor"):
        get("brimstone")


def test_the_first_system_is_the_game_the_kernel_played_before_the_cut() -> None:
    """Its state and rules are the ones every client used directly: the same game from the same seed."""
    system = get("iron-honor")
    s = BattleSession(BattleSetup(seed=4, mode=HOTSEAT, system=system.id))
    Players(4).play(s, upto=30)
    before = BattleSession(BattleSetup(seed=4, mode=HOTSEAT))
    Players(4).play(before, upto=30)
    assert s.state.snapshot() == before.state.snapshot()
    assert {k.value for k in system.decision_kinds} >= {"plan", "nominate"}
    assert "engagement" not in system.controllers() and {"random", "normal", "hard"} <= set(system.controllers())


def test_a_rule_system_s_id_prefix_and_options_are_checked() -> None:
    kw = dict(title="T", new_state=None, play=None, decision_kinds=None, event_kinds=None, parse_party=None,
              rules_reference=None, controllers=dict)
    with pytest.raises(ValueError, match="lower case"):
        RuleSystem(id="Iron Honor", prefix="IH", **kw)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="upper-case"):
        RuleSystem(id="iron-honor", prefix="ih", **kw)  # type: ignore[arg-type]
    duel = OptionalRule("heroic-duel", "Heroic duel", "HD-1", "hero against hero by Combat Score")
    with pytest.raises(ValueError, match="share an id"):
        RuleSystem(id="x", prefix="X", options=(duel, duel), **kw)  # type: ignore[arg-type]
    system = RuleSystem(id="x", prefix="X", options=(duel,), **kw)  # type: ignore[arg-type]
    assert system.option("heroic-duel") is duel
    with pytest.raises(KeyError, match="its optional rules: heroic-duel"):
        system.option("nope")


def test_fight_plays_the_system_named_and_a_wrong_name_lists_those_played(capsys: pytest.CaptureFixture) -> None:
    from game.cli import main

    assert main(["fight", "--system", "nope", "--parties", "ghrim_company", "hollow_court"]) == 2
    assert "no rule system 'nope'; this game plays: gearfall, iron-honor" in capsys.readouterr().err
    args = ["fight", "--parties", "ghrim_company", "hollow_court", "--scenario", "engagement", "--seed", "3"]
    assert main([*args, "--system", "iron-honor"]) == 0
    named = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == named and "Game over" in named
