"""The map generator: symmetric by construction, clear passages, the same map from the same choices."""

from __future__ import annotations

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.maps import load_map
from game.editor import transform as tf
from game.editor.files import map_text
from game.editor.generate import DEFAULT_KINDS, DENSITIES, EDGE, GAP, IMPASSABLE_EDGE, TABLE, Recipe, fair_map, generate
from game.editor.presets import BY_KEY
from game.editor.problems import check, warnings

recipes = st.builds(Recipe, st.sampled_from(sorted(DENSITIES)),
                    st.lists(st.sampled_from(sorted(BY_KEY)), min_size=1, max_size=5, unique=True).map(tuple),
                    st.sampled_from(sorted(tf.AXES)), st.integers(0, 10_000))


@settings(max_examples=25, deadline=None)
@given(recipes)
def test_every_map_drawn_is_symmetric_clear_and_valid(recipe: Recipe) -> None:
    state = generate(recipe)
    assert check(state) == [] and warnings(state) == []
    assert state.symmetry == recipe.axis
    pieces = {p.uid: p for p in state.pieces}
    twinned = {u for pair in state.twins for u in pair}
    for a, b in state.twins:  # each twin is its piece's exact image
        assert sorted(tf.mirror(pieces[a].polygon, recipe.axis)) == sorted(pieces[b].polygon)
        assert (pieces[a].kind, pieces[a].style) == (pieces[b].kind, pieces[b].style)
    for p in state.pieces:
        if p.uid not in twinned:  # a centrepiece: its own image
            assert sorted(tf.mirror(p.polygon, recipe.axis)) == sorted(p.polygon)
        x0, y0, x1, y1 = p.bounds
        edge = IMPASSABLE_EDGE if p.kind == "impassable" else EDGE
        assert edge - 1e-6 <= min(x0, y0) and max(x1, y1) <= TABLE - edge + 1e-6
    shapes = [shapely.Polygon(p.polygon) for p in state.pieces]
    for i, a in enumerate(shapes):  # the widest base passes between any two pieces
        for b in shapes[i + 1:]:
            assert a.distance(b) >= GAP - 1e-3


def test_the_same_choices_draw_the_same_map_and_other_seeds_others() -> None:
    a, b = generate(Recipe(seed=7)), generate(Recipe(seed=7))
    assert a.same_file(b)
    assert not a.same_file(generate(Recipe(seed=8)))


def test_density_is_how_much_of_the_table_the_terrain_covers() -> None:
    def cover(density: str) -> float:
        states = [generate(Recipe(density, seed=s)) for s in range(1, 5)]
        return sum(shapely.Polygon(p.polygon).area for s in states for p in s.pieces) / (4 * TABLE * TABLE)

    sparse, medium, dense = cover("sparse"), cover("medium"), cover("dense")
    assert 0.06 < sparse < medium < dense


def test_only_the_kinds_chosen_are_drawn() -> None:
    state = generate(Recipe(kinds=("forest", "wall")))
    assert {p.style for p in state.pieces} == {"forest", "wall"}


def test_a_drawn_map_saves_and_loads_as_any_map(tmp_path) -> None:
    path = tmp_path / "drawn.yaml"
    path.write_text(map_text(generate(Recipe("dense", DEFAULT_KINDS, "vertical", 3))), encoding="utf-8")
    loaded = load_map(path)
    assert len(loaded.pieces) == len(generate(Recipe("dense", DEFAULT_KINDS, "vertical", 3)).pieces)


def test_bad_choices_are_named() -> None:
    wrong = Recipe("packed", ("forest", "lava"), "sideways").problems()
    assert wrong == ["density 'packed' is none of sparse, medium, dense", "no terrain preset named lava",
                     "axis 'sideways' is none of " + ", ".join(tf.AXES)]
    assert Recipe(kinds=()).problems() == ["choose at least one kind of terrain"]


def test_an_unfair_draw_is_redrawn_with_the_next_seed_until_one_is_fair() -> None:
    seen: list[str] = []

    def judge(state) -> bool:  # the third draw is the first the judge finds fair
        seen.append(state.name)
        return len(seen) == 3

    state, draws = fair_map(Recipe(seed=40), judge)
    assert (draws, seen) == (3, ["Generated map 40", "Generated map 41", "Generated map 42"])
    assert state.name == "Generated map 42"
    state, draws = fair_map(Recipe(seed=40), lambda s: False, redraws=2)
    assert (draws, state.name) == (2, "Generated map 41")
