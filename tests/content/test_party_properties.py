"""Property tests: the validator accepts a party exactly when an independent reading of the
building rules finds nothing wrong with it, and then computes the same cost and Fate."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.errors import ContentError
from tests.content.factory import build
from tests.content.test_party_building import SKILL_COSTS
from tests.content.test_traits_data import EXPECTED
from tests.sampling import examples

SIZES = {"small": (125, 0, 1, 1), "medium": (200, 0, 2, 3), "large": (275, 1, 2, 5)}
TYPES = {"hero": (0, 3, 6, 6), "companion": (20, 2, 5, 5), "follower": (15, 2, 4, 4)}  # cost, base, points, max
RANGED = {"thrown", "1h_ranged", "1h_ranged_bp", "2h_ranged", "2h_ranged_bp"}
ONE_HANDED = {"1h_edged", "1h_blunt", "thrown", "1h_ranged", "1h_ranged_bp"}
EXCLUSIVE = [{"blast", "spray"}, {"large", "gargantuan"}, {"undead", "non_living"}]
TRAITS = sorted(EXPECTED)
SKILLS = sorted(SKILL_COSTS)
NAMES = ["Ada", "Bran", "Cass", "Dov", "Eir", "Finn", "Gus", "Hal", "Ivo", "Jun", "Kai", "Lee", "Mo"]


def oracle(p: dict[str, Any]) -> tuple[list[str], int, int]:
    """Every building rule, read straight from the rules text: (violations, cost, fate)."""
    bad: list[str] = []
    models = p["models"]
    budget, cmin, cmax, fmin = SIZES[p["size"]]
    kinds = [m["type"] for m in models]
    if kinds.count("hero") != 1:
        bad.append("PARTY-1 hero")
    if not cmin <= kinds.count("companion") <= cmax:
        bad.append("PARTY-1 companions")
    if not fmin <= kinds.count("follower") <= 9:
        bad.append("PARTY-1 followers")
    keys = [m["name"].strip().casefold() for m in models]
    if len(set(keys)) != len(keys):
        bad.append("names")
    masters = {m["name"].strip().casefold(): m["type"] for m in models}
    total = 0
    for m in models:
        cost0, base, points, top = TYPES[m["type"]]
        traits = m["traits"]
        skills = [w["skill"] for w in m["weapons"]]
        total += max(0, cost0 + sum(SKILL_COSTS[s] for s in skills) + sum(EXPECTED[t][1] for t in traits))
        attrs = list(m["attributes"].values())
        points += traits.count("natural_aptitude") - traits.count("ineptitude")
        if any(a < base or a > top for a in attrs) or sum(a - base for a in attrs) != points:
            bad.append("PARTY-3")
        if attrs.count(top) > (2 if "natural_aptitude" in traits else 1):
            bad.append("PARTY-3 max")
        if len(set(skills)) > 3:
            bad.append("SKILL-2")
        if len(set(traits)) != len(traits):
            bad.append("twice")
        cats = [EXPECTED[t][0] for t in set(traits)]
        if (m["type"] != "hero" and "heroic" in cats) or cats.count("heroic") > 1:
            bad.append("heroic")
        if (m["type"] == "follower" and "rare" in cats) or cats.count("rare") > 1:
            bad.append("rare")
        if cats.count("common") > 4:
            bad.append("common")
        if "pet" in traits and m["type"] != "follower":
            bad.append("pet type")
        if "tough" in traits and ({"undead", "non_living"} & set(traits)):
            bad.append("granted")
        if any(pair <= set(traits) for pair in EXCLUSIVE):
            bad.append("exclusive")
        if {"blast", "spray", "marksman"} & set(traits) and not RANGED & set(skills):
            bad.append("ranged skill")
        if "quick_fire" in traits and not {"2h_ranged", "2h_ranged_bp"} & set(skills):
            bad.append("quick_fire")
        if "shield_slam" in traits and "shield" not in skills:
            bad.append("shield_slam")
        if "dual_wield" in traits and sum(s in ONE_HANDED for s in skills) < 2:
            bad.append("dual_wield")
        pet_of = m.get("pet_of")
        if ("pet" in traits) != (pet_of is not None):
            bad.append("pet_of")
        elif pet_of is not None:
            key = pet_of.strip().casefold()
            if masters.get(key) not in ("hero", "companion") or key == m["name"].strip().casefold():
                bad.append("pet master")
        blessed = m.get("blessed_weapon")
        if ("blessed_weapon" in traits) != (blessed is not None):
            bad.append("blessed key")
        elif blessed is not None:
            named = [w["skill"] for w in m["weapons"] if w["name"].strip().casefold() == blessed.strip().casefold()]
            if not named or all(s == "shield" for s in named):
                bad.append("blessed weapon")
    if total > budget:
        bad.append("PARTY-2")
    followers = kinds.count("follower")
    fate = 3 * kinds.count("hero") + kinds.count("companion") + math.ceil(followers / 3) + sum(
        m["traits"].count("good_karma") for m in models)
    return bad, total, fate


@st.composite
def legal_model(draw, kind: str, name: str, hero: str) -> dict[str, Any]:
    """A model that keeps every per-model rule (its cost may still break the budget)."""
    by_cat = {c: [t for t in TRAITS if EXPECTED[t][0] == c and t != "pet"] for c in ("heroic", "rare", "common")}
    traits: list[str] = []
    if kind == "hero" and draw(st.booleans()):
        traits.append(draw(st.sampled_from(by_cat["heroic"])))
    if kind != "follower" and draw(st.booleans()):
        traits.append(draw(st.sampled_from(by_cat["rare"])))
    commons = draw(st.lists(st.sampled_from(by_cat["common"]), max_size=4, unique=True))
    if kind == "follower" and draw(st.integers(0, 3)) == 0:
        commons = [*commons[:3], "pet"]
    for t in commons:
        clash = any({t, o} in EXCLUSIVE for o in traits) or (t == "tough" and {"undead", "non_living"} & set(traits))
        clash = clash or (t in ("undead", "non_living") and "tough" in traits)
        if not clash:
            traits.append(t)
    skills = [draw(st.sampled_from(["1h_edged", "1h_blunt", "2h_edged", "2h_blunt"]))]
    if {"blast", "spray", "marksman", "quick_fire"} & set(traits):
        skills.append("2h_ranged")
    if "shield_slam" in traits:
        skills.append("shield")
    if "dual_wield" in traits:
        skills[0] = "1h_edged"
        skills.append("1h_edged")
    weapons = [{"name": f"W{i}", "skill": s} for i, s in enumerate(skills)]
    _, base, points, top = TYPES[kind]
    points += traits.count("natural_aptitude") - traits.count("ineptitude")
    at_max = 2 if "natural_aptitude" in traits else 1
    values = [base] * 4
    order = draw(st.permutations([0, 1, 2, 3]))
    first = min(points, draw(st.integers(0, top - base)))
    values[order[0]] += first
    points -= first
    i = 0
    while points:  # round-robin; capacity always suffices, so this ends
        j = order[i % 4]
        if values[j] + 1 < top or (values[j] + 1 == top and values.count(top) < at_max):
            values[j] += 1
            points -= 1
        i += 1
    m: dict[str, Any] = {"name": name, "type": kind, "weapons": weapons, "traits": traits,
                         "attributes": dict(zip(["MA", "RA", "PD", "WP"], values, strict=True))}
    if "pet" in traits:
        m["pet_of"] = hero.upper()
    if "blessed_weapon" in traits:
        m["blessed_weapon"] = " w0 "
    return m


def _mutate(p: dict[str, Any], draw) -> None:
    """One random change that may or may not break a rule."""
    models = p["models"]
    m = draw(st.sampled_from(models))
    kind = draw(st.integers(0, 9))
    if kind == 0:
        m["attributes"][draw(st.sampled_from(["MA", "RA", "PD", "WP"]))] += draw(st.sampled_from([-1, 1]))
    elif kind == 1:
        m["traits"].append(draw(st.sampled_from(TRAITS)))
    elif kind == 2 and m["weapons"]:
        m["weapons"].pop(draw(st.integers(0, len(m["weapons"]) - 1)))
    elif kind == 3:
        m["weapons"].append({"name": "Extra", "skill": draw(st.sampled_from(SKILLS))})
    elif kind == 4:
        m["type"] = draw(st.sampled_from(sorted(TYPES)))
    elif kind == 5:
        m["name"] = " " + draw(st.sampled_from(models))["name"].lower()
    elif kind == 6:
        m["pet_of"] = draw(st.sampled_from([x["name"] for x in models]))
    elif kind == 7:
        m["blessed_weapon"] = draw(st.sampled_from(["W0", "W1", "Extra", "nothing"]))
    elif kind == 8:
        models.remove(m)
    else:
        p["size"] = draw(st.sampled_from(sorted(SIZES)))


@st.composite
def parties(draw) -> dict[str, Any]:
    """Mostly legal parties, then up to two random changes."""
    size = draw(st.sampled_from(sorted(SIZES)))
    _, cmin, cmax, fmin = SIZES[size]
    kinds = ["hero"] + ["companion"] * draw(st.integers(cmin, cmax)) + ["follower"] * draw(st.integers(fmin, 9))
    names = NAMES[: len(kinds)]
    models = [draw(legal_model(k, n, names[0])) for k, n in zip(kinds, names, strict=True)]
    p = {"format": "iron-honor/party@1", "name": "Generated", "size": size, "models": models}
    for _ in range(draw(st.sampled_from([0, 0, 1, 1, 2]))):
        _mutate(p, draw)
    return p


@pytest.mark.rule("PARTY-10", "PARTY-1", "PARTY-2", "PARTY-3", "PARTY-8", "PARTY-9", "SKILL-2", "T-BUILD-1",
                  "T-BUILD-2")
@settings(max_examples=examples(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(parties())
def test_accepted_exactly_when_every_rule_holds(data: dict[str, Any]) -> None:
    violations, cost, fate = oracle(data)
    try:
        built = build(data)
    except ContentError as exc:
        assert violations, f"rejected a legal party: {exc.describe()}"
        assert all("[" in p.message or "duplicate model name" in p.message for p in exc.problems)
        return
    assert not violations, f"accepted a party breaking {violations}"
    assert built.cost == cost and built.fate == fate


@st.composite
def legal_parties(draw) -> dict[str, Any]:
    """Parties legal by construction: plain models with affordable Common traits."""
    size = draw(st.sampled_from(sorted(SIZES)))
    _, cmin, cmax, fmin = SIZES[size]
    companions = draw(st.integers(cmin, cmax))
    followers = draw(st.integers(fmin, fmin + 2))
    kinds = ["hero"] + ["companion"] * companions + ["follower"] * followers
    cheap = ["agile", "amphibious", "assassin", "bastion", "ranger", "reach", "veteran", "lumbering", "slow"]
    models = []
    for kind, name in zip(kinds, NAMES, strict=False):
        _, base, points, _top = TYPES[kind]
        values = [base] * 4
        order = draw(st.permutations([0, 1, 2, 3]))
        for i in range(points):  # spread over three attributes: never two at the maximum
            values[order[i % 3]] += 1
        traits = draw(st.lists(st.sampled_from(cheap), max_size=1, unique=True))
        models.append({"name": name, "type": kind, "attributes": dict(zip(["MA", "RA", "PD", "WP"], values,
                                                                          strict=True)),
                       "weapons": [{"name": "Knife", "skill": "1h_edged"}], "traits": traits})
    return {"format": "iron-honor/party@1", "name": "Legal", "size": size, "models": models}


@pytest.mark.rule("PARTY-1", "PARTY-3", "PARTY-9")
@settings(max_examples=examples(150), deadline=None)
@given(legal_parties())
def test_legal_parties_are_accepted(data: dict[str, Any]) -> None:
    violations, cost, fate = oracle(data)
    assert not violations, violations
    built = build(data)
    assert (built.cost, built.fate) == (cost, fate)
