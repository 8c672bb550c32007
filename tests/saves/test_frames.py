"""Replay frames are whole copies: every frame of a Timeline is, field for field, the state as it stood live when
that decision was put (a frame that shared a field with the live game once showed Signal Fires' beacon lit two
turns before it was), over a seeded game of every encounter: every other one by default (Signal Fires among them),
all of them with ``-m slow`` (tests.sampling)."""

from __future__ import annotations

import json
import re

import pytest

from game.lab import ai_soak
from game.lab.soak_replay import setup_of
from game.saves.timeline import Timeline
from tests.sampling import sampled

GAMES = [
    ai_soak.Task(0, 5, ("normal", "normal"), False, "signal_fires", "village_ruins",
                 ("lantern_adventuring_co", "northmen_raiding_party")),
    ai_soak.Task(1, 3, ("normal", "random"), False, "engagement", "river_ford",
                 ("order_of_the_grey_lance", "hollow_court")),
    ai_soak.Task(2, 7, ("random", "normal"), True, "rescue", "forest_crossing",
                 ("sundered_elve_warband", "lantern_adventuring_co")),
    ai_soak.Task(3, 8, ("normal", "random"), False, "breakthrough", "river_ford",
                 ("thornwood_wildkin", "northmen_raiding_party")),
    ai_soak.Task(4, 9, ("normal", "normal"), True, "landmark", "village_ruins",
                 ("lantern_adventuring_co", "thornwood_wildkin")),
    ai_soak.Task(5, 11, ("normal", "random"), False, "salvage", "forest_crossing",
                 ("northmen_raiding_party", "hollow_court")),
    ai_soak.Task(6, 13, ("random", "normal"), False, "scouting_run", "village_ruins",
                 ("order_of_the_grey_lance", "sundered_elve_warband")),
    ai_soak.Task(7, 17, ("normal", "normal"), False, "the_relief", "river_ford",
                 ("lantern_adventuring_co", "northmen_raiding_party")),
]


class Pictures:
    """Snapshots as text, each content fingerprint (a map, a party) named by the order it first appeared in: the
    live game loaded its content from files and the replay from the save's texts, so the same map has another
    source name, but a piece added in play must show as a new map at the same decision in both."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def __call__(self, state) -> str:
        text = json.dumps(state.snapshot(), sort_keys=True, default=str)
        return re.sub(r'"(\w+):([0-9a-f]{16})"', self._name, text)

    def _name(self, found: re.Match) -> str:
        return '"' + self.names.setdefault(found[0], f"{found[1]} #{len(self.names)}") + '"'


@pytest.mark.parametrize("task", sampled(GAMES, 2, ids=lambda t: t.scenario))
def test_every_replay_frame_is_the_state_as_it_stood_live_at_that_decision(task: ai_soak.Task) -> None:
    live: list[str] = []
    live_picture, frame_picture = Pictures(), Pictures()
    record = ai_soak.play(task, check=False, keep_answers=True,
                          watch=lambda game, _: live.append(live_picture(game.state)))
    assert not record.get("error"), record.get("error")
    timeline = Timeline(setup_of(task), record["answers"])
    assert len(timeline) == len(record["answers"]) == len(live)
    for i, picture in enumerate(live):
        frame = frame_picture(timeline.pictures[i][0])
        assert frame == picture, f"{task.scenario}: frame {i} differs from the live state at that decision"
