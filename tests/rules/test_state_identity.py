"""One identity rule for the state, by construction: copies are whole, snapshots cover every field, the driver moves
the version at every decision boundary, a what-if puts everything back, a model changes only through its fields."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass

import pytest

from game.core.copies import immutable, plain, whole_copy
from game.lab import ai_soak
from game.rules import conditions
from game.rules.decisions import Decision, Option
from game.rules.driver import Driver
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import MODEL_CHANGES, GameState, ModelState


def _played(decisions: int = 150) -> GameState:
    from game.ai import registry

    parties, battle_map, scenario = ai_soak._content(("lantern_adventuring_co", "northmen_raiding_party"),
                                                     "village_ruins", "signal_fires")
    state = new_game((parties[0], parties[1]), battle_map, 5, scenario=scenario)
    game = Game(state, [registry.make("normal", 11), registry.make("normal", 12)])
    for _ in range(decisions):
        game.step()
    return state


def _shared_mutables(a: object, b: object, path: str = "state") -> list[str]:
    """Paths where the copy ``b`` holds the very mutable object ``a`` holds."""
    if immutable(type(a)):
        return []
    found = [path] if a is b and not isinstance(a, tuple) else []  # a tuple is a value
    if isinstance(a, list | tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found += _shared_mutables(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        for k in a:
            found += _shared_mutables(a[k], b[k], f"{path}[{k!r}]")
    elif is_dataclass(a):
        for f in fields(a):
            found += _shared_mutables(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    return found


def test_a_frame_shares_nothing_that_can_change_and_equals_its_original() -> None:
    state = _played()
    frame = state.frame()
    assert _shared_mutables(state, frame) == []
    assert frame.snapshot() == state.snapshot() and frame.version == state.version
    assert "_field" not in frame.__dict__  # caches stay behind


def test_the_snapshot_covers_every_field_of_the_state() -> None:
    state = _played()
    picture = state.snapshot()
    assert set(picture) == {f.name for f in fields(GameState)} - {"version"}
    assert picture["log"] == len(state.log)
    for model in picture["models"].values():
        assert set(model) == {f.name for f in fields(ModelState)}
    assert set(picture["encounter"]) == {f.name for f in fields(type(state.encounter))}


def test_a_field_nobody_listed_is_copied_and_pictured() -> None:
    @dataclass
    class Later:
        kept: list[int] = field(default_factory=list)
        added_later: dict[str, list[int]] = field(default_factory=dict)

    a = Later([1], {"beacon": [3]})
    b = whole_copy(a)
    b.added_later["beacon"].append(4)
    assert a.added_later == {"beacon": [3]} and plain(b) == {"kept": [1], "added_later": {"beacon": [3, 4]}}


def test_a_copy_to_change_has_its_own_version_and_a_frame_shares_it() -> None:
    state = _played(40)
    assert state.frame().version == state.version
    assert state.copy().version != state.version


def test_a_what_if_puts_everything_back_the_version_included() -> None:
    state = _played(60)
    m = state.on_table()[0]
    before, version = state.snapshot(), state.version
    with state.trying(m, x=18.0, y=18.0, facing=90.0):
        assert (m.x, m.y, m.facing) == (18.0, 18.0, 90.0)
        assert state.version != version  # answers worked out here are keyed apart
    assert state.snapshot() == before and state.version == version


def test_a_model_changes_only_through_its_fields() -> None:
    state = _played(20)
    m = state.on_table()[0]
    with pytest.raises(TypeError):
        m.conditions["stunned"] = True  # type: ignore[index]
    with pytest.raises(TypeError):
        m.conditions.clear()
    with pytest.raises(AttributeError):
        m.jammed.append(0)  # type: ignore[attr-defined]
    count = MODEL_CHANGES[0]
    conditions.STUNNED.put(m)
    assert MODEL_CHANGES[0] > count and conditions.STUNNED.on(m)
    count = MODEL_CHANGES[0]
    m.jammed = [0]  # a list given is kept as a tuple
    assert MODEL_CHANGES[0] > count and m.jammed == (0,)
    count = MODEL_CHANGES[0]
    conditions.STUNNED.lift(m)
    assert MODEL_CHANGES[0] > count and not conditions.STUNNED.on(m)


def test_the_driver_moves_the_version_at_each_boundary_whatever_the_rules_changed_unlogged() -> None:
    state = _played(30)

    def rules():
        state.weapons_used.append("A1:0")  # a change no event reports
        yield Decision("full_defense", 0, "first?", "DIG-ACT-3", [Option("ok", "OK")])
        state.weapons_used.append("A1:1")
        yield Decision("full_defense", 0, "second?", "DIG-ACT-3", [Option("ok", "OK")])

    versions = [state.version]
    driver = Driver(state, rules())
    d = driver.first()
    while d is not None:
        versions.append(state.version)
        d = driver.send("ok")
    versions.append(state.version)
    assert len(set(versions)) == len(versions) == 4
