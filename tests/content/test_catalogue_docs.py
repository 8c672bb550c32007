"""The modders' catalogues in docs/ are made from the game's data and cannot drift from it."""

from __future__ import annotations

import pytest

from game.content.catalog import catalog
from game.content.catalogue_docs import PAGES
from game.content.maps import STYLES
from tests.conftest import ROOT


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_catalogue_page_is_what_the_data_makes(name: str) -> None:
    written = (ROOT / name).read_text(encoding="utf-8")
    assert written == PAGES[name](), f"{name} is out of date: run PYTHONPATH=. python tools/build_catalogues.py"


def test_every_trait_skill_and_style_is_listed() -> None:
    traits = (ROOT / "docs/traits.md").read_text(encoding="utf-8")
    assert all(f"| `{t}` |" in traits for t in catalog().traits)
    rest = (ROOT / "docs/skills-and-styles.md").read_text(encoding="utf-8")
    assert all(f"| `{s}` |" in rest for s in (*catalog().skills, *STYLES))


def test_a_style_the_game_cannot_draw_is_refused_with_the_list(tmp_path) -> None:
    from game.content.validate import check_file

    bad = tmp_path / "m.yaml"
    bad.write_text("format: iron-honor/map@1\nname: T\nterrain:\n"
                   "  - {id: a, kind: area, style: lava, polygon: [[1, 1], [3, 1], [3, 3]]}\n")
    [problem] = check_file(str(bad)).problems
    assert (problem.where, problem.line) == ("terrain[0].style", 4)
    assert "'forest'" in problem.message and "found the text 'lava'" in problem.message


def test_a_word_of_a_trait_id_is_suggested_before_a_near_spelling() -> None:
    from game.core.ids import suggest

    assert suggest("leader", catalog().traits) == "; did you mean 'leader_of_men'?"
    assert suggest("Giant Slayer", catalog().traits) == "; did you mean 'giant_slayer'?"


def test_a_quality_no_trait_buys_names_the_traits_that_give_it(tmp_path) -> None:
    from game.content.validate import check_file

    party = tmp_path / "p.yaml"
    party.write_text("format: iron-honor/party@1\nname: X\nsize: small\nmodels:\n"
                     "  - {name: A, type: hero, attributes: {MA: 4, RA: 3, PD: 3, WP: 3},\n"
                     "     weapons: [{name: Sword, skill: 1h_edged}], traits: [fearless]}\n")
    problem = check_file(str(party)).problems[0]  # then the deeper checks of the rest (attribute points)
    assert problem.message == "unknown trait 'fearless'; traits that give it: non_living, undead, veteran"
