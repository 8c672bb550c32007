"""The party-building rules ([PARTY-1]-[PARTY-10], [SKILL-1], [SKILL-2], [T-BUILD-1], [T-BUILD-2])."""

from __future__ import annotations

import pytest

from game.content.party_building import load_party
from tests.conftest import PARTIES
from tests.content.factory import build, model, party, problems


def only(msgs: list[str], *needles: str) -> None:
    """Exactly one problem, containing every needle."""
    assert len(msgs) == 1, msgs
    for n in needles:
        assert n in msgs[0], msgs


# -- the book's parties ([EX-11]) --------------------------------------------------

BOOK = {
    "lantern_adventuring_co.yaml": ("medium", 126, 6, {"Captain-Sister Anneviere": 12, "Morgain of Locksey": 36,
                                    "Brother Rupert": 26, "Sigil the Dwarf": 26, "Delia of the Green": 26}),
    "sundered_elve_warband.yaml": ("medium", 130, 5, {"Lady Eike": 13, "Kane": 34, "Junko": 28, "Nami": 28,
                                   "Tama": 27}),
    "ghrim_company.yaml": ("medium", 192, 7, {"Caterine Ghrim": 27, "Noemi Ghrim": 29, "Amelie": 46, "Marius": 30,
                           "Simon": 31, "Phillipe": 29}),
    "northmen_raiding_party.yaml": ("medium", 200, 8, {"Raensleyar": 19, "Aurat": 46, "Alfgrim": 35, "Sigrun": 25,
                                    "Botmundr": 25, "Bothvatr": 25, "Frokn": 25}),
}


@pytest.mark.rule("EX-11", "PARTY-2", "PARTY-9", "SKILL-1", "SKILL-2")
@pytest.mark.parametrize("file", sorted(BOOK))
def test_book_parties_cost_and_fate_as_errata(file: str) -> None:
    size, cost, fate, per_model = BOOK[file]
    p = load_party(PARTIES / file)
    assert (p.size, p.cost, p.fate) == (size, cost, fate)
    assert {m.name: m.cost for m in p.models} == per_model


@pytest.mark.rule("PARTY-4")
def test_book_wounds() -> None:
    p = load_party(PARTIES / "northmen_raiding_party.yaml")
    assert {m.name: m.wounds for m in p.models} == {"Raensleyar": 5, "Aurat": 3, "Alfgrim": 3, "Sigrun": 2,
                                                   "Botmundr": 2, "Bothvatr": 2, "Frokn": 2}


# -- [PARTY-1] composition ---------------------------------------------------------

@pytest.mark.rule("PARTY-1")
@pytest.mark.parametrize(
    ("size", "companions", "followers", "ok"),
    [("small", 0, 1, True), ("small", 1, 1, True), ("small", 2, 1, False), ("small", 0, 0, False),
     ("medium", 0, 3, True), ("medium", 2, 3, True), ("medium", 3, 3, False), ("medium", 0, 2, False),
     ("large", 1, 5, True), ("large", 2, 9, True), ("large", 0, 5, False), ("large", 1, 4, False),
     ("large", 1, 10, False), ("small", 0, 8, True), ("small", 0, 9, False)],
)
def test_composition_per_game_size(size: str, companions: int, followers: int, ok: bool) -> None:
    models = [model("hero")]
    models += [model("companion", f"C{i}", weapons=[], attributes={"MA": 3, "RA": 2, "PD": 3, "WP": 5})
               for i in range(companions)]
    models += [model("follower", f"F{i}", weapons=[]) for i in range(followers)]
    data = party(size, models)
    if ok:
        build(data)
    elif followers == 9:  # nine 15 ExP followers cannot fit a small game's 125 ExP
        only(problems(data), "costs 136 ExP", "[PARTY-2]")
    else:
        msgs = [m for m in problems(data) if "[PARTY-1]" in m]
        assert len(msgs) == 1, msgs
        assert msgs[0].startswith("models:")


@pytest.mark.rule("PARTY-1")
def test_exactly_one_hero() -> None:
    only(problems(party(models=[model("follower")])), "0 heroes", "exactly one hero", "[PARTY-1]")
    msgs = problems(party(models=[model("hero"), model("hero", "Second"), model("follower")]))
    only(msgs, "2 heroes")


@pytest.mark.rule("PARTY-1")
def test_at_most_nine_followers_even_in_a_large_game() -> None:
    models = [model("hero"), model("companion")] + [model("follower", f"F{i}", weapons=[]) for i in range(10)]
    only(problems(party("large", models)), "10 followers", "at most 9", "[PARTY-1]")


# -- [PARTY-2] costs and budget ------------------------------------------------------

@pytest.mark.rule("PARTY-2")
def test_base_costs() -> None:
    p = build(party("small", [model("hero", weapons=[]), model("companion", weapons=[]),
                              model("follower", weapons=[])]))
    assert [m.cost for m in p.models] == [0, 20, 15]
    assert p.cost == 35 and p.budget == 125


@pytest.mark.rule("PARTY-2")
@pytest.mark.parametrize(("size", "budget"), [("small", 125), ("medium", 200), ("large", 275)])
@pytest.mark.parametrize("over", [0, 1])
def test_budget(size: str, budget: int, over: int) -> None:
    """A party exactly at its budget is legal; one ExP more is not."""
    companions, followers = {"small": (0, 1), "medium": (0, 3), "large": (1, 5)}[size]
    models = [model("hero", weapons=[])]
    models += [model("companion", f"C{i}", weapons=[]) for i in range(companions)]
    models += [model("follower", f"F{i}", weapons=[]) for i in range(followers)]
    spent = 20 * companions + 15 * followers
    # fill the rest with 2 ExP shields and a 1 ExP dagger (two skill types)
    remaining = budget - spent + over
    for m in models[1:]:
        while remaining > 0:
            skill, cost = ("shield", 2) if remaining >= 2 else ("1h_edged", 1)
            m["weapons"].append({"name": "Kit", "skill": skill})
            remaining -= cost
    assert remaining == 0
    data = party(size, models)
    if over:
        only(problems(data), f"costs {budget + 1} ExP", f"at most {budget} ExP", "[PARTY-2]")
    else:
        assert build(data).cost == budget


@pytest.mark.rule("PARTY-2", "SEQ-17")
def test_cost_is_never_negative() -> None:
    hero = model("hero", weapons=[], traits=["indecisive", "slow", "ineptitude"],
                 attributes={"MA": 5, "RA": 3, "PD": 5, "WP": 4})
    p = build(party(models=[hero, model("follower", weapons=[], traits=["indecisive", "slow", "lumbering",
                                                                          "ineptitude"],
                                          attributes={"MA": 4, "RA": 2, "PD": 2, "WP": 3})]))
    assert [m.cost for m in p.models] == [0, 15 - 3 - 3 - 2 - 3]
    assert p.cost == 4


# -- [PARTY-3] attributes -----------------------------------------------------------

@pytest.mark.rule("PARTY-3")
@pytest.mark.parametrize(
    ("kind", "attrs", "needles"),
    [
        ("hero", {"MA": 6, "RA": 3, "PD": 5, "WP": 4}, None),
        ("hero", {"MA": 6, "RA": 6, "PD": 3, "WP": 3}, ["2 attributes at 6", "at most 1"]),
        ("hero", {"MA": 5, "RA": 5, "PD": 4, "WP": 4}, None),
        ("hero", {"MA": 5, "RA": 5, "PD": 5, "WP": 3}, None),
        ("hero", {"MA": 7, "RA": 3, "PD": 3, "WP": 5}, ["MA 7 is above the hero maximum 6"]),
        ("hero", {"MA": 6, "RA": 2, "PD": 5, "WP": 5}, ["RA 2 is below the hero's starting 3"]),
        ("hero", {"MA": 5, "RA": 3, "PD": 5, "WP": 4}, ["5 attribute points spent", "exactly 6"]),
        ("hero", {"MA": 5, "RA": 5, "PD": 5, "WP": 4}, ["7 attribute points spent", "exactly 6"]),
        ("companion", {"MA": 5, "RA": 2, "PD": 3, "WP": 3}, None),
        ("companion", {"MA": 5, "RA": 5, "PD": 2, "WP": 2}, ["2 attributes at 5"]),
        ("companion", {"MA": 6, "RA": 2, "PD": 2, "WP": 3}, ["MA 6 is above the companion maximum 5"]),
        ("companion", {"MA": 4, "RA": 4, "PD": 4, "WP": 2}, ["6 attribute points spent", "exactly 5"]),
        ("follower", {"MA": 4, "RA": 3, "PD": 2, "WP": 3}, None),
        ("follower", {"MA": 3, "RA": 3, "PD": 3, "WP": 3}, None),
        ("follower", {"MA": 4, "RA": 4, "PD": 2, "WP": 2}, ["2 attributes at 4"]),
        ("follower", {"MA": 5, "RA": 2, "PD": 2, "WP": 3}, ["MA 5 is above the follower maximum 4"]),
        ("follower", {"MA": 4, "RA": 1, "PD": 3, "WP": 4}, ["RA 1 is below the follower's starting 2"]),
        ("follower", {"MA": 3, "RA": 2, "PD": 3, "WP": 3}, ["3 attribute points spent", "exactly 4"]),
    ],
)
def test_attribute_ranges_and_points(kind: str, attrs: dict[str, int], needles: list[str] | None) -> None:
    models = [model("hero"), model("follower")]
    target = model(kind, "Subject", attributes=attrs)
    models = [target, model("follower")] if kind == "hero" else [*models, target]
    data = party("medium" if kind == "companion" else "small", models)
    if kind == "companion":
        data["models"] += [model("follower", f"F{i}") for i in range(2)]
    if needles is None:
        build(data)
        return
    msgs = problems(data)
    assert all("Subject" in m and "[PARTY-3]" in m for m in msgs), msgs
    for n in needles:
        assert any(n in m for m in msgs), (n, msgs)


@pytest.mark.rule("PARTY-3", "T-NATAPT-1")
def test_natural_aptitude_adds_a_point_and_a_second_maximum() -> None:
    apt = ["natural_aptitude"]
    build(party(models=[model("hero", traits=apt, attributes={"MA": 6, "RA": 6, "PD": 3, "WP": 4}),
                        model("follower")]))
    build(party(models=[model("hero"), model("follower", traits=apt, attributes={"MA": 4, "RA": 4, "PD": 2,
                                                                                   "WP": 3})]))
    msgs = problems(party(models=[model("hero", traits=apt, attributes={"MA": 6, "RA": 6, "PD": 6, "WP": 3}),
                                  model("follower")]))
    assert any("3 attributes at 6" in m and "at most 2" in m for m in msgs), msgs
    msgs = problems(party(models=[model("hero", traits=apt), model("follower")]))
    only(msgs, "6 attribute points spent", "exactly 7", "+1 Natural Aptitude")


@pytest.mark.rule("PARTY-3", "T-INEPT-1")
def test_ineptitude_takes_a_point_away() -> None:
    build(party(models=[model("hero", traits=["ineptitude"], attributes={"MA": 5, "RA": 3, "PD": 5, "WP": 4}),
                        model("follower")]))
    only(problems(party(models=[model("hero", traits=["ineptitude"]), model("follower")])),
         "6 attribute points spent", "exactly 5", "-1 Ineptitude")
    both = ["natural_aptitude", "ineptitude"]
    build(party(models=[model("hero"), model("follower", traits=both, attributes={"MA": 4, "RA": 4, "PD": 2,
                                                                                    "WP": 2})]))


# -- [PARTY-4] wounds and [DIG-2] bases --------------------------------------------

@pytest.mark.rule("PARTY-4", "T-GARG-1")
@pytest.mark.parametrize(
    ("kind", "traits", "wounds", "base_mm"),
    [("hero", [], 5, 25), ("companion", [], 3, 25), ("follower", [], 2, 25),
     ("hero", ["large"], 6, 40), ("hero", ["gargantuan"], 7, 60), ("companion", ["mounted"], 4, 40),
     ("hero", ["mounted", "large"], 7, 40), ("follower", ["large"], 3, 40), ("hero", ["gargantuan", "mounted"], 8, 60)],
)
def test_wounds_and_base_size(kind: str, traits: list[str], wounds: int, base_mm: int) -> None:
    subject = model(kind, "Subject", traits=traits)
    models = [subject, model("follower")] if kind == "hero" else [model("hero"), subject, model("follower", "F")]
    if kind == "companion":
        models += [model("follower", "F2"), model("follower", "F3")]
    p = build(party("medium" if kind == "companion" else "small", models))
    built = next(m for m in p.models if m.name == "Subject")
    assert built.wounds == wounds
    assert built.base_mm == base_mm and abs(built.base_diameter - base_mm / 25.4) < 1e-9


@pytest.mark.rule("PARTY-4")
def test_base_mm_in_the_file_wins() -> None:
    p = build(party(models=[model("hero", base_mm=32), model("follower", base_mm=28.5)]))
    assert [m.base_mm for m in p.models] == [32, 28.5]


# -- [PARTY-5]-[PARTY-7] inherent qualities ---------------------------------------------

@pytest.mark.rule("PARTY-5", "PARTY-6", "PARTY-7")
def test_inherent_qualities() -> None:
    p = build(party(models=[model("hero"), model("companion"), model("follower")]))
    hero, companion, follower = p.models
    assert hero.qualities == ("heros_will", "lionheart", "inspiring_presence", "heroic_impetus")
    assert companion.qualities == ("fearless", "terror_immune")
    assert follower.qualities == ()


# -- [PARTY-8] trait limits --------------------------------------------------------------

@pytest.mark.rule("PARTY-8")
def test_hero_takes_one_heroic_and_one_rare() -> None:
    build(party(models=[model("hero", traits=["holy", "slayer", "tough", "agile", "swift", "veteran"]),
                        model("follower")]))
    only(problems(party(models=[model("hero", traits=["holy", "drain"]), model("follower")])),
         "2 Heroic traits (Holy, Drain)", "at most 1", "[PARTY-8]")
    only(problems(party(models=[model("hero", traits=["slayer", "healer"]), model("follower")])),
         "2 Rare traits", "at most 1")


@pytest.mark.rule("PARTY-8", "PARTY-10")
def test_companion_takes_one_rare_and_no_heroic() -> None:
    msgs = problems(party("medium", [model("hero"), model("companion", "Kane", traits=["dual_wield", "slayer"]),
                                     *[model("follower", f"F{i}") for i in range(3)]]))
    assert any(m.startswith("models[1].traits:") and "Kane: 2 Rare traits" in m and "at most 1" in m
               for m in msgs), msgs
    msgs = problems(party("medium", [model("hero"), model("companion", "Kane", traits=["holy"]),
                                     *[model("follower", f"F{i}") for i in range(3)]]))
    only(msgs, "models[1].traits[0]", "Kane: Holy is a Heroic trait, for the hero only", "[T-BUILD-2]")


@pytest.mark.rule("PARTY-8", "T-BUILD-2")
def test_four_common_traits_counting_negative_ones() -> None:
    four = ["tough", "agile", "swift", "indecisive"]
    build(party(models=[model("hero"), model("follower", traits=four)]))
    only(problems(party(models=[model("hero"), model("follower", traits=[*four, "lumbering"])])),
         "5 Common traits", "at most 4", "negative Common traits count too", "[PARTY-8]")


@pytest.mark.rule("PARTY-8", "T-BUILD-2")
def test_followers_take_no_heroic_or_rare() -> None:
    msgs = problems(party(models=[model("hero"), model("follower", traits=["slayer", "inspiring"])]))
    assert len(msgs) == 2
    assert "Slayer is a Rare trait, for the hero and companions only" in msgs[0]
    assert "Inspiring is a Heroic trait, for the hero only" in msgs[1]


# -- [PARTY-9] Fate ---------------------------------------------------------------------

@pytest.mark.rule("PARTY-9", "T-KARMA-1")
@pytest.mark.parametrize(
    ("companions", "followers", "karma", "fate"),
    [(0, 1, 0, 4), (0, 3, 0, 4), (0, 4, 0, 5), (1, 6, 0, 6), (2, 7, 0, 8), (2, 9, 0, 8), (1, 3, 2, 7), (2, 9, 3, 11)],
)
def test_fate_pool(companions: int, followers: int, karma: int, fate: int) -> None:
    models = [model("hero")]
    models += [model("companion", f"C{i}", weapons=[], attributes={"MA": 3, "RA": 2, "PD": 3, "WP": 5})
               for i in range(companions)]
    models += [model("follower", f"F{i}", weapons=[], traits=["good_karma"] if i < karma else [])
               for i in range(followers)]
    size = "large" if companions and followers >= 5 else "medium" if followers >= 3 else "small"
    p = build(party(size, models))
    assert p.fate == fate


# -- [PARTY-10] all problems at once, each located and explained ---------------------------------

@pytest.mark.rule("PARTY-10")
def test_every_violation_is_reported_at_once() -> None:
    data = party("small", [
        model("hero", "Kane", traits=["holy", "drain", "spray"],
              attributes={"MA": 6, "RA": 6, "PD": 3, "WP": 3}),
        model("companion", "Bob", traits=["slayer", "pet"]),
        model("companion", "Bob "),
        model("follower", traits=["blast", "spray", "tough", "undead"]),
    ])
    msgs = problems(data)
    text = "\n".join(msgs)
    for needle in ["2 Heroic traits", "2 attributes at 6", "Spray needs one of the skills",
                   "Pet is for followers only", "duplicate model name 'Bob'", "2 companion(s); a small party has 0-1",
                   "Spray cannot be taken with Blast", "Tough is already granted by Undead",
                   "Pet needs pet_of", "Blast needs one of the skills"]:
        assert needle in text, (needle, text)
    assert len(msgs) >= 10


@pytest.mark.rule("PARTY-10")
def test_problems_carry_key_path_and_line() -> None:
    from game.content.party_building import parse_party
    from game.core.errors import ContentError

    text = """format: iron-honor/party@1
name: Located
size: small
models:
  - name: Hero
    type: hero
    attributes: {MA: 5, RA: 4, PD: 5, WP: 4}
    weapons: []
    traits: [tough, slayer, drain, sorcery]
  - name: Follower
    type: follower
    attributes: {MA: 4, RA: 2, PD: 3, WP: 3}
    weapons: []
    traits:
      - tough
      - healer
"""
    with pytest.raises(ContentError) as err:
        parse_party(text, "located.yaml")
    found = {(p.where, p.line) for p in err.value.problems}
    assert ("models[0].traits", 9) in found
    assert ("models[1].traits[1]", 16) in found
    assert "located.yaml:16: models[1].traits[1]: Follower: Healer is a Rare trait" in err.value.describe()


# -- [SKILL-1], [SKILL-2] ------------------------------------------------------------------

SKILL_COSTS = {"1h_edged": 1, "1h_blunt": 1, "2h_edged": 3, "2h_blunt": 3, "thrown": 1, "1h_ranged": 2,
               "1h_ranged_bp": 2, "2h_ranged": 3, "2h_ranged_bp": 3, "shield": 2}


@pytest.mark.rule("SKILL-1")
@pytest.mark.parametrize(("skill", "cost"), sorted(SKILL_COSTS.items()))
def test_skill_costs(skill: str, cost: int) -> None:
    p = build(party(models=[model("hero", weapons=[{"name": "W", "skill": skill}]), model("follower")]))
    assert p.models[0].cost == cost and p.models[0].skill_cost == cost


@pytest.mark.rule("SKILL-2")
def test_each_weapon_entry_pays_and_at_most_three_types() -> None:
    pistols = [{"name": "Pistol", "skill": "1h_ranged_bp"}, {"name": "Pistol", "skill": "1h_ranged_bp"}]
    assert build(party(models=[model("hero", weapons=pistols), model("follower")])).models[0].cost == 4
    three = [{"name": "A", "skill": "1h_edged"}, {"name": "B", "skill": "shield"}, {"name": "C", "skill": "thrown"},
             {"name": "D", "skill": "thrown"}]
    build(party(models=[model("hero", weapons=three), model("follower")]))
    four = [*three, {"name": "E", "skill": "2h_ranged"}]
    only(problems(party(models=[model("hero", weapons=four), model("follower")])),
         "models[0].weapons", "4 skill types", "at most 3", "[SKILL-2]")


# -- [T-BUILD-1], [T-BUILD-2] ------------------------------------------------------------------

@pytest.mark.rule("T-BUILD-1")
@pytest.mark.parametrize("trait", ["blast", "spray", "marksman"])
def test_ranged_traits_need_a_ranged_skill(trait: str) -> None:
    for skill in ("thrown", "1h_ranged", "1h_ranged_bp", "2h_ranged", "2h_ranged_bp"):
        build(party(models=[model("hero", traits=[trait], weapons=[{"name": "R", "skill": skill}]),
                            model("follower")]))
    only(problems(party(models=[model("hero", traits=[trait]), model("follower")])), "needs one of the skills",
         "[T-BUILD-1]")


@pytest.mark.rule("T-BUILD-1")
def test_quick_fire_needs_a_two_handed_ranged_skill() -> None:
    for skill in ("2h_ranged", "2h_ranged_bp"):
        build(party(models=[model("hero", traits=["quick_fire"], weapons=[{"name": "Gun", "skill": skill}]),
                            model("follower")]))
    only(problems(party(models=[model("hero", traits=["quick_fire"], weapons=[{"name": "P", "skill": "1h_ranged"}]),
                                model("follower")])), "Quick-fire needs one of the skills 2h_ranged, 2h_ranged_bp")


@pytest.mark.rule("T-BUILD-1")
def test_shield_slam_needs_a_shield() -> None:
    build(party(models=[model("hero"), model("follower", traits=["shield_slam"],
                                             weapons=[{"name": "S", "skill": "shield"}])]))
    only(problems(party(models=[model("hero"), model("follower", traits=["shield_slam"])])), "shield")


@pytest.mark.rule("T-BUILD-1")
def test_dual_wield_needs_two_one_handed_weapon_entries() -> None:
    for pair in (("1h_edged", "1h_edged"), ("1h_blunt", "thrown"), ("1h_ranged", "1h_edged"),
                 ("1h_ranged_bp", "1h_ranged_bp")):
        build(party(models=[model("hero", traits=["dual_wield"],
                                  weapons=[{"name": "A", "skill": pair[0]}, {"name": "B", "skill": pair[1]}]),
                            model("follower")]))
    for pair in (("1h_edged", "shield"), ("1h_edged", "2h_edged"), ("2h_ranged", "1h_blunt")):
        only(problems(party(models=[model("hero", traits=["dual_wield"],
                                          weapons=[{"name": "A", "skill": pair[0]}, {"name": "B", "skill": pair[1]}]),
                                    model("follower")])), "Dual Wield needs 2 weapon entries", "has 1")


@pytest.mark.rule("T-BUILD-1", "T-BUILD-2")
def test_pet_needs_a_hero_or_companion_master() -> None:
    def with_pet(**keys):
        return party("medium", [model("hero", "Wolf Lord"), model("companion", "Shaman"),
                                model("follower", "Hound", traits=["pet"], **keys), model("follower", "F1"),
                                model("follower", "F2")])

    assert build(with_pet(pet_of=" wolf LORD ")).models[2].pet_of == "Wolf Lord"
    assert build(with_pet(pet_of="Shaman")).models[2].pet_of == "Shaman"
    only(problems(with_pet()), "Hound: Pet needs pet_of")
    only(problems(with_pet(pet_of="F1")), "models[2].pet_of", "'F1' is a follower")
    only(problems(with_pet(pet_of="Nobody")), "names no model of this party")
    only(problems(with_pet(pet_of="Hound")), "cannot be its own master")
    msgs = problems(party(models=[model("hero", traits=["pet"], pet_of="Hero"), model("follower")]))
    assert any("Pet is for followers only" in m for m in msgs)


@pytest.mark.rule("T-BUILD-1")
def test_pet_of_without_pet_is_an_error() -> None:
    only(problems(party(models=[model("hero"), model("follower", pet_of="Hero")])), "models[1].pet_of",
         "no Pet trait")


@pytest.mark.rule("T-BUILD-1")
def test_blessed_weapon_names_one_of_its_weapons() -> None:
    weapons = [{"name": "Holy Mace", "skill": "1h_blunt"}, {"name": "Buckler", "skill": "shield"}]
    p = build(party(models=[model("hero", traits=["blessed_weapon"], weapons=weapons, blessed_weapon="holy mace"),
                            model("follower")]))
    assert p.models[0].blessed_weapon == "holy mace"
    only(problems(party(models=[model("hero", traits=["blessed_weapon"], weapons=weapons), model("follower")])),
         "needs blessed_weapon")
    only(problems(party(models=[model("hero", traits=["blessed_weapon"], weapons=weapons, blessed_weapon="Axe"),
                                model("follower")])), "models[0].blessed_weapon", "'Axe' is not one of its weapons")
    only(problems(party(models=[model("hero", traits=["blessed_weapon"], weapons=weapons, blessed_weapon="Buckler"),
                                model("follower")])), "is a shield")
    only(problems(party(models=[model("hero", weapons=weapons, blessed_weapon="Holy Mace"), model("follower")])),
         "no Blessed Weapon trait")


@pytest.mark.rule("T-BUILD-2")
@pytest.mark.parametrize(("a", "b"), [("blast", "spray"), ("large", "gargantuan"), ("undead", "non_living")])
def test_exclusive_pairs(a: str, b: str) -> None:
    bow = [{"name": "Bow", "skill": "2h_ranged"}]
    if "gargantuan" in (a, b):
        msgs = problems(party(models=[model("hero", traits=[a, b]), model("follower")]))
    elif "spray" in (a, b):  # Spray is Rare: the hero takes it
        msgs = problems(party(models=[model("hero", traits=[a, b], weapons=bow), model("follower")]))
    else:
        msgs = problems(party(models=[model("hero"), model("follower", traits=[a, b])]))
    assert len(msgs) == 1 and "cannot be taken with" in msgs[0] and "[T-BUILD-2]" in msgs[0], msgs


@pytest.mark.rule("T-BUILD-2")
@pytest.mark.parametrize("granter", ["undead", "non_living"])
def test_tough_cannot_be_bought_again(granter: str) -> None:
    only(problems(party(models=[model("hero"), model("follower", traits=[granter, "tough"])])),
         f"Tough is already granted by {'Undead' if granter == 'undead' else 'Non-Living'}")


@pytest.mark.rule("T-BUILD-2")
def test_same_trait_twice() -> None:
    msgs = problems(party(models=[model("hero"), model("follower", traits=["tough", "tough"])]))
    only(msgs, "models[1].traits[1]", "takes Tough twice")


def test_every_shipped_party_is_legal_and_there_are_at_least_six() -> None:
    files = sorted(PARTIES.glob("*.yaml"))
    assert len(files) >= 6
    used: set[str] = set()
    for f in files:
        p = load_party(f)
        assert 5 <= len(p.models) <= 12, f
        used |= {t for m in p.models for t in m.traits}
    assert {"large", "mounted", "undead", "sorcery", "blast", "gargantuan", "flight", "non_living"} <= used
