"""The builder's model agrees with ``party check`` on every party, keeps every file's content, builds the book's
Northmen, and marks and files drafts."""

from __future__ import annotations

import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.builder.document import ATTRIBUTES, PartyDocument, Refused, new_party
from game.builder.files import drafts_dir, listing, open_party, party_text, save_party, user_parties_dir
from game.builder.verdict import judge, trait_options
from game.cli import party_check
from game.content import library
from game.content.catalog import catalog
from game.content.yaml_loader import load_yaml, parse_yaml
from game.paths import PARTIES_DIR
from tests.sampling import examples

TRAITS = sorted(catalog().traits)
SKILLS = sorted(catalog().skills)
SHIPPED = sorted(PARTIES_DIR.glob("*.yaml"))


def check_json(path: Path) -> dict[str, Any]:
    out = io.StringIO()
    party_check([str(path)], out=out)
    return json.loads(out.getvalue())


def assert_agrees(doc: PartyDocument, path: Path) -> None:
    """The model's verdict on the data is ``party check``'s verdict on the file it saved."""
    verdict = judge(doc.data)
    record = check_json(path)
    if verdict.playable:
        assert "errors" not in record, record
        assert verdict.summary is not None
        assert {**verdict.summary, "file": record["file"]} == record
        assert verdict.cost == record["cost"] and verdict.fate == record["fate"]
        assert [(m.name, m.cost, m.wounds) for m in verdict.models] == \
            [(m["name"], m["cost"], m["wounds"]) for m in record["models"]]
    else:
        assert [(p.where, p.message) for p in verdict.problems] == \
            [(e["where"], e["message"]) for e in record["errors"]]


# -- random parties built through the model's own edits -------------------------------------------------------

@st.composite
def edits(draw) -> PartyDocument:
    doc = PartyDocument(new_party(draw(st.sampled_from(["Raiders", "Hollow Men", "Yes", "a: b"])),
                                  draw(st.sampled_from(["small", "medium", "large"]))))
    doc.add_model("hero")
    for kind in draw(st.lists(st.sampled_from(["companion", "follower", "follower"]), max_size=10)):
        doc.add_model(kind)
    for _ in range(draw(st.integers(0, 40))):
        models = doc.models()
        if not models:
            doc.add_model("follower")
            continue
        i = draw(st.integers(0, len(models) - 1))
        op = draw(st.integers(0, 11))
        try:
            if op <= 3:
                doc.step_attribute(i, draw(st.sampled_from(ATTRIBUTES)), draw(st.sampled_from([1, 1, 1, -1])))
            elif op == 4:
                doc.add_weapon(i, draw(st.sampled_from(["Sword", "Bow", "Shield", "sword "])),
                               draw(st.sampled_from(SKILLS)))
            elif op <= 6:
                doc.add_trait(i, draw(st.sampled_from(TRAITS)))
            elif op == 7 and doc.model(i)["traits"]:
                doc.remove_trait(i, draw(st.integers(0, len(doc.model(i)["traits"]) - 1)))
            elif op == 8:
                doc.set_type(i, draw(st.sampled_from(["hero", "companion", "follower"])))
            elif op == 9:
                doc.move_model(i, draw(st.integers(0, len(models))))
            elif op == 10:
                doc.set_model(i, draw(st.sampled_from(["name", "notes", "pet_of", "blessed_weapon"])),
                              draw(st.sampled_from(["Hero", "Follower 2", "Sword", "", "Tom\n\"x\""])))
            else:
                doc.remove_model(i)
        except Refused:
            pass
    if draw(st.booleans()):
        doc.set_party("size", draw(st.sampled_from(["small", "medium", "large"])))
    return doc


@pytest.mark.rule("PARTY-1", "PARTY-2", "PARTY-3", "PARTY-8", "PARTY-9", "PARTY-10", "SKILL-1", "SKILL-2",
                  "T-BUILD-1", "T-BUILD-2")
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=edits())
def test_builder_and_party_check_agree(doc: PartyDocument) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        saved = save_party(doc, None, Path(tmp))
        assert saved.draft == (not judge(doc.data).playable)
        assert load_yaml(saved.path).data == doc.data  # what was saved is what was built
        assert_agrees(doc, saved.path)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_parties_round_trip_unchanged(path: Path, tmp_path: Path) -> None:
    doc = open_party(path)
    saved = save_party(doc, path, tmp_path)
    assert saved.path.parent == user_parties_dir(tmp_path)  # a copy: the shipped file is never written
    assert saved.path.stem == f"{path.stem}_copy"
    assert load_yaml(saved.path).data == load_yaml(path).data
    assert_agrees(doc, saved.path)
    assert open_party(saved.path).header == doc.header  # the file's comment too


# -- the book's Northmen Raiding Party, from nothing ----------------------------------------------------------

NORTHMEN = [  # name, type, attributes, weapons, traits (the party as errata.md prices it)
    ("Raensleyar", "hero", (6, 3, 4, 5), [("Sword", "1h_edged")], ["arcane_armor", "ranger", "slayer", "hard_charger"]),
    ("Aurat", "companion", (2, 2, 5, 5), [("Spear", "2h_edged")], ["good_karma", "natural_aptitude", "ranger",
                                                                     "sorcery"]),
    ("Alfgrim", "companion", (5, 2, 4, 2), [("Sword", "1h_edged")], ["ambush", "berserker", "ranger", "tough"]),
    ("Sigrun", "follower", (4, 2, 3, 3), [("Northmen Battle Axe", "2h_edged")], ["agile", "bastion", "pet", "ranger"]),
    ("Botmundr", "follower", (4, 2, 3, 3), [("Northmen Battle Axe", "2h_edged")], ["ranger", "tough"]),
    ("Bothvatr", "follower", (4, 2, 3, 3), [("Northmen Battle Axe", "2h_edged")], ["ranger", "tough"]),
    ("Frokn", "follower", (4, 2, 3, 3), [("Northmen Battle Axe", "2h_edged")], ["ranger", "veteran"]),
]
ERRATA_COSTS = {"Raensleyar": 19, "Aurat": 46, "Alfgrim": 35, "Sigrun": 25, "Botmundr": 25, "Bothvatr": 25,
                "Frokn": 25}


def build_northmen(doc: PartyDocument) -> None:
    """The way a player builds it: a model at a time, steppers up from the starting ratings."""
    doc.set_party("name", "Northmen Raiding Party")
    doc.set_party("size", "medium")
    for name, kind, ratings, weapons, traits in NORTHMEN:
        i = doc.add_model(kind)
        doc.set_model(i, "name", name)
        for key, value in zip(ATTRIBUTES, ratings, strict=True):
            while doc.model(i)["attributes"][key] < value:
                assert doc.step_attribute(i, key, +1)
        for w, skill in weapons:
            doc.add_weapon(i, w, skill)
        for t in traits:
            option = next(o for o in trait_options(doc.data, i) if o.trait.id == t)
            assert option.allowed, (name, t, option.forbidden)
            doc.add_trait(i, t)


@pytest.mark.rule("PARTY-2", "PARTY-9", "SKILL-1", "SKILL-2")
def test_northmen_from_nothing_costs_what_errata_says(tmp_path: Path) -> None:
    doc = PartyDocument()
    build_northmen(doc)
    verdict = judge(doc.data)
    assert verdict.playable, verdict.problems
    assert {m.name: m.cost for m in verdict.models} == ERRATA_COSTS
    assert (verdict.cost, verdict.budget, verdict.fate) == (200, 200, 8)  # errata: 200 / 8, a medium party
    assert doc.model(3)["pet_of"] == "Raensleyar"  # the Pet named its master, the hero
    saved = save_party(doc, None, tmp_path)
    assert not saved.draft and saved.path == user_parties_dir(tmp_path) / "northmen_raiding_party_2.yaml"
    assert check_json(saved.path)["cost"] == 200
    shipped = load_yaml(PARTIES_DIR / "northmen_raiding_party.yaml").data
    built = load_yaml(saved.path).data
    for m in shipped["models"]:
        m.pop("notes", None)
    assert built == shipped


# -- availability of traits: greyed with the rule that forbids it ------------------------------------------------

@pytest.mark.rule("T-BUILD-1", "T-BUILD-2", "PARTY-8")
def test_trait_options_name_the_forbidding_rule() -> None:
    doc = PartyDocument()
    doc.add_model("hero")
    f = doc.add_model("follower")
    options = {o.trait.id: o for o in trait_options(doc.data, f)}
    assert "[T-BUILD-2]" in options["slayer"].forbidden[0] and "follower" in options["slayer"].forbidden[0]
    assert any("[T-BUILD-1]" in r for r in options["marksman"].forbidden)
    assert options["pet"].allowed and options["ranger"].allowed
    for t in ("ranger", "tough", "veteran", "agile"):
        doc.add_trait(f, t)
    options = {o.trait.id: o for o in trait_options(doc.data, f)}
    assert options["ranger"].taken
    assert any("[PARTY-8]" in r for r in options["swift"].forbidden)
    options = {o.trait.id: o for o in trait_options(doc.data, 0)}
    assert options["natural_aptitude"].allowed  # the extra point is for the steppers, not a reason to refuse


# -- broken files: every problem listed, nothing lost ------------------------------------------------------------

BROKEN = """# a party someone wrote by hand
format: iron-honor/party@1
name: Broken Band
size: huge
cost: 12
models:
  - name: Ulf
    type: hero
    attributes: {MA: 6, RA: "three", PD: 4, WP: 5}
    weapons: [{name: Sword, skill: 1h_edgy}]
    traits: [ranger, fireball]
    banner: red
  - just text
  - name: Ulf
    type: follower
    attributes: {MA: 4, RA: 2, PD: 3, WP: 3}
    weapons: []
    traits: []
"""


def test_a_broken_file_opens_with_its_problems_and_saves_unchanged(tmp_path: Path) -> None:
    src = tmp_path / "broken.yaml"
    src.write_text(BROKEN, encoding="utf-8")
    doc = open_party(src)
    verdict = judge(doc.data)
    record = check_json(src)
    assert [(p.where, p.message) for p in verdict.problems] == [(e["where"], e["message"]) for e in record["errors"]]
    assert {p.where for p in verdict.problems} >= {"size", "cost", "models[0].attributes.RA", "models[0].traits[1]",
                                                  "models[0].banner", "models[1]"}
    assert verdict.models[2].cost == 15  # the entries that fit the format are priced
    saved = save_party(doc, src, tmp_path / "mods")
    assert saved.draft and saved.path.parent == drafts_dir(tmp_path / "mods")
    assert load_yaml(saved.path).data == load_yaml(src).data
    assert saved.path.name == "broken_copy.yaml" and src.read_text(encoding="utf-8") == BROKEN  # a copy
    assert "a party someone wrote by hand" in saved.path.read_text(encoding="utf-8")
    with pytest.raises(Refused):
        doc.step_attribute(1, "MA", 1)  # "just text" is no model to edit


def test_a_file_yaml_cannot_read_is_refused_and_left_alone(tmp_path: Path) -> None:
    from game.core.errors import ContentError

    src = tmp_path / "bad.yaml"
    src.write_text("format: iron-honor/party@1\nname: [unclosed\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        open_party(src)
    assert err.value.problems[0].line is not None
    assert src.read_text(encoding="utf-8").endswith("[unclosed\n")


# -- drafts: saved, listed, never offered for play -----------------------------------------------------------------

def test_drafts_are_kept_apart_and_become_parties_when_fixed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv(library.MODS_ENV, str(tmp_path))
    doc = PartyDocument()
    build_northmen(doc)
    doc.set_party("name", "Wolves")
    doc.step_attribute(0, "MA", -1)  # a point unspent: [PARTY-3]
    assert any("PARTY-3" in p.rules for p in judge(doc.data).problems)
    saved = save_party(doc, None)
    assert saved.draft and saved.path == drafts_dir() / "wolves.yaml"
    assert saved.path.read_text(encoding="utf-8").startswith("# DRAFT: 1 problem(s)")
    assert "wolves" not in library.parties().items  # the battle set-up never sees it
    assert not library.parties().skipped  # nor reports it as a broken mod file
    assert [e.origin for e in listing() if e.path == saved.path] == ["draft"]
    doc.step_attribute(0, "MA", +1)
    fixed = save_party(doc, saved.path)
    assert not fixed.draft and fixed.path == user_parties_dir() / "wolves.yaml"
    assert not saved.path.exists()
    assert "wolves" in library.parties().items
    assert not fixed.path.read_text(encoding="utf-8").startswith("#")


# -- the writer: any data reads back as itself ------------------------------------------------------------------

texts = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)
scalars = st.none() | st.booleans() | st.integers(-2**63 + 1, 2**63 - 1) | \
    st.floats(allow_nan=False, allow_infinity=False) | texts
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(texts | st.integers(0, 9), inner, max_size=3), max_leaves=12)


@settings(max_examples=examples(300), deadline=None)
@given(st.dictionaries(st.sampled_from(["format", "name", "size", "models", "extra"]), values, max_size=5),
       st.lists(st.dictionaries(st.sampled_from(["name", "type", "weapons", "notes", "x"]), values), max_size=3))
def test_party_text_reads_back_as_the_same_data(top: dict[str, Any], models: list[dict[str, Any]]) -> None:
    data = {**top, "models": models}
    assert parse_yaml(party_text(data, "a comment\nand another")).data == data


# -- edits: undo, typing, and the keys that follow a trait or a name ------------------------------------------------

def test_undo_redo_and_typing_in_one_step() -> None:
    doc = PartyDocument()
    start = doc.data
    doc.add_model("hero")
    for text in ("R", "Ra", "Rae"):
        doc.set_model(0, "name", text, typing=True)
    assert doc.model(0)["name"] == "Rae"
    doc.undo()
    assert doc.model(0)["name"] == "Hero"  # the letters typed were one step
    doc.undo()
    assert doc.data == start and not doc.undo()
    doc.redo()
    doc.redo()
    assert doc.model(0)["name"] == "Rae"
    doc.mark_saved()
    assert not doc.dirty
    doc.step_attribute(0, "MA", +1)
    assert doc.dirty


@pytest.mark.rule("T-BUILD-1", "PARTY-3")
def test_keys_follow_their_trait_and_their_names() -> None:
    doc = PartyDocument()
    doc.add_model("hero", "Ulf")
    f = doc.add_model("follower", "Wolf")
    doc.add_trait(f, "pet")
    assert doc.model(f)["pet_of"] == "Ulf"
    doc.set_model(0, "name", "Ulfar")
    assert doc.model(f)["pet_of"] == "Ulfar"  # the master renamed, the Pet still names him
    doc.remove_trait(f, 0)
    assert "pet_of" not in doc.model(f)  # no Pet, no master: else [T-BUILD-1]
    doc.add_weapon(0, "Shield", "shield")
    doc.add_weapon(0, "Axe", "1h_blunt")
    doc.add_trait(0, "blessed_weapon")
    assert doc.model(0)["blessed_weapon"] == "Axe"  # a shield makes no attack rolls
    doc.set_weapon(0, 1, name="Skullsplitter")
    assert doc.model(0)["blessed_weapon"] == "Skullsplitter"
    doc.set_type(f, "hero")
    assert doc.model(f)["attributes"] == dict.fromkeys(ATTRIBUTES, 2)  # kept: the verdict names the problem
    assert any("below the hero's starting 3" in p.message for p in judge(doc.data).problems)
    assert not doc.step_attribute(f, "MA", -1)  # never further out of the type's range
    assert doc.step_attribute(f, "MA", +1) and doc.model(f)["attributes"]["MA"] == 3  # back inside, one step
    for _ in range(3):
        doc.step_attribute(f, "MA", +1)
    assert doc.model(f)["attributes"]["MA"] == 6 and not doc.step_attribute(f, "MA", +1)


def test_a_copy_of_a_copy_is_numbered_on_not_appended() -> None:
    doc = PartyDocument()
    doc.add_model("follower", "Wolfcub")
    a = doc.duplicate_model(0)
    b = doc.duplicate_model(a)
    c = doc.duplicate_model(b)
    assert doc.names() == ["Wolfcub", "Wolfcub 2", "Wolfcub 3", "Wolfcub 4"]
    doc.duplicate_model(c)
    assert doc.names()[-1] == "Wolfcub 5" and doc.free_name("Wolfcub 2") == "Wolfcub 6"


def test_changing_the_type_and_back_keeps_the_ratings() -> None:
    doc = PartyDocument()
    h = doc.add_model("hero", "Ulf")
    doc.set_attributes(h, {"MA": 6, "RA": 3, "PD": 5, "WP": 4})
    doc.set_type(h, "follower")
    assert doc.model(h)["attributes"]["MA"] == 6  # kept, and named as a problem [PARTY-3]
    assert any("MA 6 is above the follower maximum" in p.message for p in judge(doc.data).problems)
    doc.set_type(h, "hero")
    assert doc.model(h)["attributes"] == {"MA": 6, "RA": 3, "PD": 5, "WP": 4}
