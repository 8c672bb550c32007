"""Fairness: a map judged by AI games of an encounter, each side's record by the edge it deployed at."""

from __future__ import annotations

import time
from dataclasses import replace

from game.editor import transform as tf
from game.editor.document import MapState, Piece
from game.editor.fairness import Fairness, FairnessRun, judge

PARTIES = ("ghrim_company", "northmen_raiding_party")
# a pond across the table in front of the bottom edge: the side deploying there walks round it, piecemeal
POND = Piece("pond", "impassable", ((3.0, 22.0), (33.0, 22.0), (33.0, 33.5), (3.0, 33.5)), "pond", False, None, True)
ONE_SIDED = MapState("One-sided", "", (POND,))
MIRRORED = replace(ONE_SIDED, name="Mirrored",
                   pieces=(POND, POND.copy("pond_twin").moved(tf.mirror(POND.polygon, "rotate180"))))


def row(winner: int | None, edges: tuple[str, str] = ("top", "bottom"), deaths: list | None = None) -> dict:
    return {"error": None, "winner_side": winner, "edges": list(edges), "deaths": deaths or []}


def test_each_side_is_counted_at_the_edge_it_deployed_at_with_its_interval() -> None:
    f = Fairness()
    for winner in (0, 0, 0, 1, None):
        f.add_row(row(winner))
    f.add_row(row(1, ("bottom", "top"), deaths=[[2, 0, "Aurat", "companion", 10.5, 30.0]]))
    f.add_row({"error": "ValueError('x')"})
    top, bottom = f.edges["top"], f.edges["bottom"]
    assert (top.wins, top.draws, top.losses) == (4, 1, 1) and (bottom.wins, bottom.draws, bottom.losses) == (1, 1, 4)
    assert f.leader() == ("top", top) and (f.games, f.errors) == (6, 1)
    assert f.deaths == [(10.5, 30.0, "bottom")]  # side 0 deployed at the bottom in that game
    lo, hi = top.interval
    assert lo < 0.5 < hi and not f.one_sided()
    assert f.verdict().startswith("The side at the top edge won 4 of 5 decided games (80%, 95 % ")
    for _ in range(10):
        f.add_row(row(0))
    assert f.one_sided() and "ONE-SIDED" in f.verdict()
    assert Fairness().verdict() == "No game played yet."


def test_a_deliberately_one_sided_map_is_found_one_sided_and_its_mirrored_map_is_not() -> None:
    one_sided = judge(ONE_SIDED, "engagement", PARTIES, 10, jobs=1)
    assert one_sided.one_sided() and one_sided.leader()[0] == "top"
    assert len(one_sided.deaths) > 10
    mirrored = judge(MIRRORED, "engagement", PARTIES, 10, jobs=1)
    assert not mirrored.one_sided()


def test_a_run_away_from_the_window_takes_in_games_as_they_end_and_can_be_cancelled() -> None:
    run = FairnessRun(MIRRORED, "engagement", PARTIES, 2, thread=True)
    deadline = time.monotonic() + 120
    while not run.done and time.monotonic() < deadline:
        run.poll()
        time.sleep(0.05)
    assert run.done and run.result.games == 2 and run.fatal is None
    stopped = FairnessRun(MIRRORED, "engagement", PARTIES, 50, thread=True)
    stopped.cancel()
    assert stopped.done and stopped.cancelled
