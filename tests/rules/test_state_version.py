"""``state.version``: the driver moves it at every decision boundary, so a cache keyed on it is never stale when
a controller or the UI asks (at every decision), whether or not the change before was logged; pure questions
and what-ifs leave it as it was."""

from __future__ import annotations

import json

import pytest

from game.lab import ai_soak
from game.rules import board
from game.rules.engine import Game
from game.rules.events import EventKind
from game.rules.setup import new_game


def _picture(state) -> str:
    return json.dumps(state.snapshot(), sort_keys=True, default=str)


@pytest.mark.parametrize("task", [
    ai_soak.Task(0, 3, ("normal", "random"), False, "engagement", "village_ruins",
                 ("lantern_adventuring_co", "northmen_raiding_party")),
    ai_soak.Task(1, 5, ("random", "normal"), True, "rescue", "forest_crossing",
                 ("sundered_elve_warband", "lantern_adventuring_co")),
    ai_soak.Task(2, 8, ("normal", "random"), False, "breakthrough", "river_ford",
                 ("thornwood_wildkin", "northmen_raiding_party")),
])
def test_every_decision_is_put_under_a_new_version(task: ai_soak.Task) -> None:
    from game.ai import registry

    parties, battle_map, scenario = ai_soak._content(task.parties, task.map, task.scenario)
    state = new_game((parties[0], parties[1]), battle_map, task.seed, scenario=scenario)
    names = (task.ai[1], task.ai[0]) if task.swapped else task.ai
    game = Game(state, [registry.make(names[s], task.seed * 2 + 1 + s) for s in (0, 1)])
    seen: dict[int, str] = {}  # version -> the state as it was under it
    steps = changed_unlogged = 0
    picture, log = _picture(state), len(state.log)
    while not game.over and steps < 400:
        assert state.version not in seen or seen[state.version] == picture
        seen[state.version] = picture
        before = state.version
        game.step()
        steps += 1
        now, now_log = _picture(state), len(state.log)
        assert state.version != before, f"decision {steps}: put under the version of the one before"
        changed_unlogged += now != picture and now_log == log
        picture, log = now, now_log
    assert steps > 50
    assert changed_unlogged  # changes no event reports (a weapon marked used) are covered all the same


def test_questions_leave_the_version_alone_and_frames_share_it_until_they_change() -> None:
    parties, battle_map, scenario = ai_soak._content(("lantern_adventuring_co", "northmen_raiding_party"),
                                                     "village_ruins", "engagement")
    state = new_game((parties[0], parties[1]), battle_map, 1, scenario=scenario)
    before = state.version
    board.battlefield(state)
    state.snapshot()
    assert state.version == before
    copy = state.frame()  # a picture shares the version until either changes
    assert copy.version == state.version
    copy.emit(EventKind.Stealth, "a change to the copy only")
    state.emit(EventKind.Stealth, "a change to the original only")
    assert len({before, copy.version, state.version}) == 3  # the two never meet on one number


def test_the_geometry_index_follows_a_model_moved_by_hand_and_skips_the_comparison_when_nothing_moved() -> None:
    from game.rules.setup import simple_deployment

    parties, battle_map, _ = ai_soak._content(("lantern_adventuring_co", "northmen_raiding_party"), "village_ruins",
                                              "engagement")
    state = new_game((parties[0], parties[1]), battle_map, 1)
    simple_deployment(state)
    bf = board.battlefield(state)
    revision = bf.revision
    assert board.battlefield(state) is bf and bf.revision == revision  # nothing moved: nothing touched
    m = state.on_table()[0]
    home = m.x, m.y
    m.x, m.y = 18.0, 18.0  # as the AI's what-ifs stand a model somewhere (no event)
    assert tuple(board.battlefield(state).base(m.id).centre) == (18.0, 18.0)
    m.x, m.y = home
    assert tuple(board.battlefield(state).base(m.id).centre) == home


def test_a_later_process_never_draws_a_version_this_one_had() -> None:
    """An AI's caches keyed on versions are kept in a save; loaded in a later process, none may match."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    parties, battle_map, _ = ai_soak._content(("lantern_adventuring_co", "northmen_raiding_party"), "village_ruins",
                                              "engagement")
    state = new_game((parties[0], parties[1]), battle_map, 1)
    state.touch()
    out = subprocess.run([sys.executable, "-c", "from game.rules.state import _VERSIONS; print(next(_VERSIONS))"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, env={"PYTHONPATH": str(ROOT)})
    assert int(out.stdout) > state.version
