"""Thornwood's war band files: the shipped bands load and obey the type table; a bad file is refused whole, each
problem with its file, key path, line and rule; no input crashes the checker."""

from __future__ import annotations

import copy

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import ContentError
from game.systems.thornwood import abilities
from game.systems.thornwood.band import (
    BAND_FORMAT,
    TYPES,
    Figure,
    FigureType,
    Item,
    load_band,
    missile_weapon,
    parse_band,
    shipped_bands,
)
from tests.sampling import examples

GOOD = {"format": BAND_FORMAT, "name": "Test band", "figures": [
    {"name": "Chief", "type": "chief", "items": ["spear", "club", "shield", "chest_armour"],
     "abilities": ["Powerful Swing", "Fleet of Foot"]},
    {"name": "Comp", "type": "companion", "items": ["bow", "axe", "shield"], "abilities": ["Sure Shot"]},
    {"name": "Vet", "type": "veteran", "items": ["spear", "club", "shield"], "abilities": ["Clumsy"]},
    {"name": "Healer", "type": "healer", "abilities": ["Agile"]},
    *({"name": f"Warrior {i}", "type": "warrior", "items": ["spear", "shield"]} for i in range(3)),
    {"name": "Youth", "type": "youth", "items": ["bow"]},
]}


# six levels of ten aliases each: a million values from a few hundred bytes
ALIAS_BOMB = "a: &a [" + ", ".join("x" * 10) + "]\n" + "".join(
    f"{n}: &{n} [{', '.join([f'*{p}'] * 10)}]\n" for p, n in zip("abcde", "bcdef", strict=True))


def _text(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def refused(data: dict | str | bytes, file: str = "bad.yaml") -> str:
    with pytest.raises(ContentError) as caught:
        parse_band(data if isinstance(data, str | bytes) else _text(data), file)
    return caught.value.describe()


@pytest.mark.rule("TW-BAND-1", "TW-BAND-2", "TW-BAND-3", "TW-BAND-4")
def test_the_shipped_bands_load_spend_their_furs_and_differ() -> None:
    bands = [load_band(p) for p in shipped_bands()]
    assert len(bands) == 2
    for band in bands:
        assert band.furs == band.furs_budget == 200 and 6 <= len(band.figures) <= 15
        assert band.chief.type is FigureType.chief
        assert all(f.notes for f in band.figures), "a line of flavour each"
    bows = [sum("bow" in f.missiles for f in b.figures) for b in bands]
    shields = [sum(f.shield for f in b.figures) for b in bands]
    assert bows[0] > bows[1] and shields[1] > shields[0], "one of bows, one of spears and shields"


@pytest.mark.rule("TW-BAND-1", "TW-BAND-2")
def test_the_worked_examples_kit_is_in_the_shipped_bands() -> None:
    figures = [f for p in shipped_bands() for f in load_band(p).figures]
    kits = {(f.type, f.items, f.abilities) for f in figures}
    # the seed's chief's kit, its archer companion with Sure Shot, its spear companion with Serpent's Blade
    assert any(t is FigureType.chief and set(i) == {Item.spear, Item.club, Item.shield, Item.chest_armour}
               for t, i, _ in kits)
    assert any(t is FigureType.companion and set(i) == {Item.bow, Item.axe, Item.shield} and a == ("Sure Shot",)
               for t, i, a in kits)
    assert any(t is FigureType.companion and set(i) == {Item.spear, Item.axe, Item.shield}
               and a == ("Serpent's Blade",) for t, i, a in kits)
    # the lightly armoured veteran the thrown axes hit, and war-bearers with bow and axe
    assert any(f.type is FigureType.veteran and f.armour == "chest" for f in figures)
    assert any(f.type is FigureType.warrior and set(f.items) == {Item.bow, Item.axe} for f in figures)


@pytest.mark.rule("TW-BAND-1", "TW-BAND-2")
def test_a_figure_reads_its_type_and_kit() -> None:
    band = parse_band(_text(GOOD), "good.yaml")
    chief, comp, _vet, healer, warrior, *_rest, youth = band.figures
    assert (chief.cv, chief.key, chief.furs, chief.renown, chief.ep_spent) == (5, True, 50, 50, 5)
    assert (chief.shield, chief.armour, chief.melee_weapon, chief.missiles) == \
        (True, "chest", "spear", ("spear", "club", "knife"))
    assert (comp.cv, comp.melee_weapon, comp.missiles) == (4, "axe", ("bow", "axe", "knife"))
    assert (healer.cv, healer.key, healer.renown, healer.melee_weapon, healer.missiles) == \
        (2, True, 25, "knife", ("knife",))
    assert (warrior.cv, warrior.key, warrior.renown, warrior.furs) == (3, False, 0, 10)
    assert (youth.cv, youth.furs, youth.armour) == (2, 5, "none")
    assert band.furs == 50 + 25 + 15 + 25 + 3 * 10 + 5
    assert [missile_weapon(m) for m in comp.missiles] == ["bow", "thrown_axe", "thrown_knife"]
    assert Figure("X", FigureType.warrior, (Item.huge_club, Item.axe), ()).melee_weapon == "huge_club"
    assert Figure("X", FigureType.chief, (Item.full_armour, Item.chest_armour), ()).armour == "full"
    assert {t: (r.cv, r.furs, r.ep) for t, r in TYPES.items()} == {
        FigureType.chief: (5, 50, 5), FigureType.companion: (4, 25, 4), FigureType.veteran: (4, 15, 4),
        FigureType.warrior: (3, 10, 3), FigureType.youth: (2, 5, 2), FigureType.healer: (2, 25, 0),
        FigureType.seer: (2, 25, 0)}


@pytest.mark.rule("TW-BAND-1", "TW-BAND-2", "TW-BAND-3", "TW-BAND-4")
def test_a_bad_band_is_refused_with_every_rule_broken_named() -> None:
    bad = copy.deepcopy(GOOD)
    f = bad["figures"]
    f[0]["abilities"] = ["Powerful Swing", "Fleet of Foot", "Nimble"]          # chief: at most two
    f[1]["items"] = ["bow", "spear"]                                           # bow with spear, 4 EP ok
    f[2]["items"] = ["spear", "club", "shield", "axe"]                         # 5 EP for a veteran's 4
    f[3]["items"] = ["axe"]                                                    # healer: knife only
    f[4]["items"] = ["spear", "shield", "shield"]                              # one shield
    f[4]["abilities"] = ["Lucky"]                                              # warrior: none
    f[5]["items"] = ["knife", "clubb"]                                         # knife is free; unknown item
    f[6]["items"] = ["chest_armour", "full_armour"]                            # not both armours
    f[7]["items"] = ["chest_armour"]                                           # youth: no armour
    f[1]["abilities"] = ["Sure Shoot"]                                         # unknown ability
    f.append({"name": "chief", "type": "chief"})                               # two chiefs, a name twice
    f += [{"name": f"Youth {i}", "type": "youth"} for i in range(2)]           # three youths
    f += [{"name": f"Seer {i}", "type": "seer"} for i in range(2)]             # two seers
    f.append({"name": "Who", "type": "sachem"})                                # unknown type
    text = refused(bad)
    for expect in ("figures[0].abilities: Chief (chief) has at most 2 abilities, not 3 [TW-BAND-4]",
                   "figures[1].items: Comp (companion) cannot carry a bow with a spear [TW-BAND-2]",
                   "figures[2].items: Vet (veteran) has 4 Equipment Points, and spear 2 + club 1 + shield 1 + axe 1"
                   " = 5 [TW-BAND-2]",
                   "figures[3].items: Healer (healer) carries only the knife",
                   "figures[4].items[2]: shield is listed twice",
                   "figures[4].abilities: Warrior 0 (warrior) has no abilities, not 1 [TW-BAND-4]",
                   "figures[5].items[0]: the knife is free", "figures[5].items[1]: 'clubb' is no item; did you mean",
                   "figures[6].items: Warrior 2 (warrior) wears chest or full armour, not both [TW-BAND-2]",
                   "figures[7].items: Youth (youth) wears no armour",
                   "figures[1].abilities[0]: 'Sure Shoot' is no ability; did you mean 'Sure Shot'?",
                   "figures[8].type: a war band has exactly one chief, not 2 [TW-BAND-3]",
                   "figures[8].name: 'chief' is already the name of figures[0]",
                   "figures[10].type: a war band has at most 2 youth figure(s), not 3 [TW-BAND-1]",
                   "figures[12].type: a war band has at most 1 seer figure(s), not 2 [TW-BAND-1]",
                   "figures[13].type: 'sachem' is no figure type",
                   "figures: the figures cost 260 furs, over the budget of 200 [TW-BAND-3]"):
        assert expect in text, (expect, text)
    assert "bad.yaml:" in text.split("\n")[0] or "bad.yaml" in text
    few = {**GOOD, "figures": GOOD["figures"][:5]}
    assert "figures: a war band has 6 to 15 figures, not 5 [TW-BAND-3]" in refused(few)
    many = {**GOOD, "furs_budget": 1000, "figures": [*GOOD["figures"], *(
        {"name": f"More {i}", "type": "warrior"} for i in range(8))]}
    assert "a war band has 6 to 15 figures, not 16" in refused(many)
    none = {**GOOD, "figures": GOOD["figures"][1:] + [{"name": "W", "type": "warrior"}]}
    assert "figures: a war band has exactly one chief, not 0" in refused(none)
    assert "over the budget of 140" in refused({**GOOD, "furs_budget": 140})


@pytest.mark.rule("TW-BAND-4")
def test_a_random_roll_may_let_a_figure_pick_two_advantages() -> None:
    two = copy.deepcopy(GOOD)
    two["figures"][2]["abilities"] = ["Agile", "Thrower"]
    assert parse_band(_text(two)).figures[2].abilities == ("Agile", "Thrower")
    two["figures"][2]["abilities"] = ["Agile", "Clumsy"]
    assert "figures[2].abilities: Vet (veteran) has at most 1 ability (two only when its random roll let it " \
        "pick two advantages), not 2 [TW-BAND-4]" in refused(two)
    two["figures"][3]["type"] = "seer"
    two["figures"][3]["abilities"] = ["Agile", "Thrower"]
    assert "figures[3].abilities: Healer (seer) has at most 1 ability, not 2" in refused(two)


@pytest.mark.rule("TW-BAND-4")
def test_the_refused_line_names_the_line_of_the_key() -> None:
    text = _text(GOOD).replace("- Sure Shot", "- Sure Shoot")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "Sure Shoot" in ln)
    assert f"bad.yaml:{line}: figures[1].abilities[0]" in refused(text)


@pytest.mark.rule("TW-BAND-4")
def test_an_ability_not_in_this_stage_is_refused_saying_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(abilities.Lucky, "available", False)
    monkeypatch.setattr(abilities.Lucky, "why_not", "its re-roll waits for stage 2")
    bad = copy.deepcopy(GOOD)
    bad["figures"][2]["abilities"] = ["Lucky"]
    assert "figures[2].abilities[0]: Lucky is not in this game yet: its re-roll waits for stage 2" in refused(bad)


def test_a_file_of_another_format_is_told_so() -> None:
    assert "expected 'thornwood/warband@1', found 'gearfall/squad@1'" in refused({**GOOD, "format": "gearfall/squad@1"})


@pytest.mark.parametrize("text", [b"\x00\x01\x02binary", b"\xff\xfe not utf-8",
                                  b"format: thornwood/warband@1\nname: " + b"x" * 3_000_000,
                                  "a: &a [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n" * 3,
                                  ALIAS_BOMB,
                                  "format: [unclosed\n", "!!python/object:os.system {}\n", "", "- just\n- a list\n",
                                  "format: thornwood/warband@1\n"],
                         ids=["binary", "not-utf8", "huge", "self-alias", "alias-bomb", "broken", "hostile", "empty",
                              "a-list", "no-figures"])
def test_binary_huge_and_hostile_text_is_refused_not_crashed(text: str | bytes) -> None:
    assert "bad.yaml" in refused(text)


json_values = st.recursive(st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=8)
                           | st.sampled_from(["chief", "youth", "bow", "spear", "shield", "Lucky", "knife"]),
                           lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids,
                                                                                    max_size=3), max_leaves=12)


@given(key=st.sampled_from(["name", "figures", "format", "furs_budget"]), value=json_values,
       who=st.integers(0, 7), field=st.sampled_from(["name", "type", "items", "abilities", "notes"]))
@settings(max_examples=examples(90), deadline=None)
def test_no_damaged_band_crashes_the_checker(key: str, value: object, who: int, field: str) -> None:
    for data in ({**GOOD, key: value},
                 {**GOOD, "figures": [{**f, field: value} if i == who else f for i, f in enumerate(GOOD["figures"])]}):
        try:
            parse_band(_text(data), "fuzz.yaml")
        except ContentError as exc:
            assert "fuzz.yaml" in exc.describe()


@given(text=st.text(max_size=200) | st.binary(max_size=200))
@settings(max_examples=examples(150), deadline=None)
def test_any_text_parses_or_is_a_content_error(text: str | bytes) -> None:
    try:
        parse_band(text, "any.yaml")
    except ContentError as exc:
        assert "any.yaml" in exc.describe()
