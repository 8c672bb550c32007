"""A map drawn with the editor's own commands (presets, wall tool, symmetric mirror copy) plays through the AI soak."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.validate import check_file
from game.editor import commands as cmd
from game.editor.document import Piece, ellipse, rectangle, thick_polyline
from game.editor.presets import BY_KEY
from game.editor.session import EditorSession
from game.lab import ai_soak


def drawn_map(mods: Path) -> Path:
    """The kind of map a player draws: a wood, ruins, a house, walls, a stream with a ford, rocks, mirrored."""
    s = EditorSession.new(mods)

    def add(preset: str, polygon) -> None:
        p = BY_KEY[preset]
        s.do(cmd.AddPieces([Piece(p.key, p.kind, tuple(polygon), p.style, p.blocks_los, p.cross_cost, p.water)]))

    add("forest", ((3, 6), (9, 5), (10, 10), (6, 12), (3, 10)))
    add("ruins", rectangle((12, 12), (15, 16)))
    add("building", rectangle((5, 20), (9, 24)))
    add("wall", thick_polyline([(10, 2), (16, 2), (16, 5)], 0.5))
    add("hedge", thick_polyline([(2, 30), (8, 31), (12, 29)], 0.75))
    add("rocks", ellipse((13, 26), 1.5, 1.2))
    add("marsh", ((2, 14), (5, 15), (4, 18), (1.5, 17)))
    s.select(s.state.uids())
    s.do(cmd.Mirror(None, "rotate180", copy=True))  # a balanced table: every piece and its twin
    add("stream", thick_polyline([(18, 0.5), (17, 12), (19, 24), (18, 35.5)], 1.0))
    add("ford", rectangle((16.5, 16.5), (19.5, 19.5)))
    s.do(cmd.SetMeta("Drawn Soak Field", "Drawn with the editor's commands for the AI soak."))
    assert not s.problems(), s.problems()
    saved = s.save()
    assert not saved.draft and check_file(str(saved.path)).ok
    return saved.path


def soak(path: Path, encounters: list[str], pairings: list[tuple[str, str]]) -> None:
    tasks = ai_soak.plan(len(encounters) * len(pairings), seed=40, pairings=pairings, encounters=encounters,
                         maps=[str(path)])
    records = ai_soak.run(tasks)
    broken = [r for r in records if r["outcome"] == "error"]
    assert not broken, broken[0]["traceback"]
    assert all(r["result"] for r in records)


def test_a_drawn_map_plays_an_engagement_and_a_landmark_through_the_soak(tmp_path: Path) -> None:
    soak(drawn_map(tmp_path / "mods"), ["engagement", "landmark"], [("normal", "random")])


@pytest.mark.slow
def test_a_drawn_map_plays_every_encounter_through_the_soak(tmp_path: Path) -> None:
    soak(drawn_map(tmp_path / "mods"), list(ai_soak.ENCOUNTERS), [("hard", "normal"), ("normal", "random")])
