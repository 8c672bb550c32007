"""Every trait's category, cost and who may take it, as traits.md and errata.md state them."""

from __future__ import annotations

from typing import Any

import pytest

from game.content.catalog import catalog
from game.core.errors import ContentError
from tests.content.factory import build, model, party, problems

# id: (category, cost) — typed from traits.md, independent of the data file under test
EXPECTED: dict[str, tuple[str, int]] = {
    "arcane_armor": ("heroic", 5), "arcane_attunement": ("heroic", 5), "blessed_weapon": ("heroic", 5),
    "drain": ("heroic", 5), "gargantuan": ("heroic", 10), "giant_slayer": ("heroic", 5), "holy": ("heroic", 5),
    "inspiring": ("heroic", 5), "leader_of_men": ("heroic", 5), "monster_hunter": ("heroic", 5),
    "witch_hunter": ("heroic", 3),
    "ambush": ("rare", 4), "dual_wield": ("rare", 6), "flight": ("rare", 7), "healer": ("rare", 5),
    "mounted": ("rare", 7), "quick_fire": ("rare", 5), "slayer": ("rare", 5), "sorcery": ("rare", 8),
    "spray": ("rare", 5), "sweeping_attack": ("rare", 5),
    "agile": ("common", 4), "amphibious": ("common", 1), "arcane_resistance": ("common", 2),
    "assassin": ("common", 3), "bastion": ("common", 2), "berserker": ("common", 3), "blast": ("common", 6),
    "fast": ("common", 4), "good_karma": ("common", 7), "guard": ("common", 4), "hard_charger": ("common", 5),
    "indecisive": ("common", -3), "ineptitude": ("common", -3), "large": ("common", 7), "lumbering": ("common", -2),
    "marksman": ("common", 2), "monstrous": ("common", 5), "natural_aptitude": ("common", 5),
    "non_living": ("common", 6), "pet": ("common", -2), "ranger": ("common", 3), "reach": ("common", 4),
    "shield_slam": ("common", 2), "slow": ("common", -3), "swift": ("common", 4), "tough": ("common", 4),
    "undead": ("common", 6), "veteran": ("common", 4),
}
WHO = {"heroic": {"hero"}, "rare": {"hero", "companion"}, "common": {"hero", "companion", "follower"}}


def test_the_catalog_holds_exactly_the_49_traits() -> None:
    assert set(catalog().traits) == set(EXPECTED)
    assert len(EXPECTED) == 49


def _subject(kind: str, trait: str) -> dict[str, Any]:
    """A model of the given type that meets the trait's prerequisites."""
    m = model(kind, "Subject", traits=[trait])
    if trait in ("blast", "spray", "marksman", "quick_fire"):
        m["weapons"] = [{"name": "Longbow", "skill": "2h_ranged"}]
    elif trait == "shield_slam":
        m["weapons"] = [*m["weapons"], {"name": "Shield", "skill": "shield"}]
    elif trait == "dual_wield":
        m["weapons"] = [{"name": "Left", "skill": "1h_edged"}, {"name": "Right", "skill": "1h_edged"}]
    elif trait == "blessed_weapon":
        m["blessed_weapon"] = m["weapons"][0]["name"]
    elif trait == "pet":
        m["pet_of"] = "Hero"
    attrs = dict(m["attributes"])
    if trait == "natural_aptitude":
        attrs["RA"] += 1
    elif trait == "ineptitude":
        attrs["WP"] -= 1
    m["attributes"] = attrs
    return m


def _party_with(kind: str, trait: str) -> dict[str, Any]:
    subject = _subject(kind, trait)
    if kind == "hero":
        subject["name"] = "Hero"
        return party("small", [subject, model("follower")])
    return party("medium", [model("hero"), subject, model("follower", "F1"), model("follower", "F2"),
                            model("follower", "F3")])


@pytest.mark.rule("PARTY-2", "PARTY-8", "T-BUILD-2")
@pytest.mark.parametrize("trait", sorted(EXPECTED))
@pytest.mark.parametrize("kind", ["hero", "companion", "follower"])
def test_trait_cost_and_eligibility(trait: str, kind: str) -> None:
    category, cost = EXPECTED[trait]
    data_trait = catalog().trait(trait)
    assert (data_trait.category, data_trait.cost) == (category, cost)
    allowed = WHO[category] - ({"hero", "companion"} if trait == "pet" else set())
    data = _party_with(kind, trait)
    if kind in allowed:
        p = build(data)
        subject = next(m for m in p.models if m.name == ("Hero" if kind == "hero" else "Subject"))
        assert subject.trait_cost == cost
        base = {"hero": 0, "companion": 20, "follower": 15}[kind]
        assert subject.cost == max(0, base + subject.skill_cost + cost)
    else:
        msgs = problems(data)
        assert any("[T-BUILD-2]" in m and f"a {kind} cannot take it" in m for m in msgs), msgs
        # a hero cannot be its own Pet's master: the only other possible complaint
        assert len(msgs) == 1 or (trait == "pet" and kind == "hero" and len(msgs) == 2), msgs


@pytest.mark.rule("PARTY-9", "T-KARMA-1")
def test_only_good_karma_adds_fate() -> None:
    assert {t.id for t in catalog().traits.values() if t.fate} == {"good_karma"}
    plain = build(party(models=[model("hero"), model("follower")]))
    karma = build(party(models=[model("hero", traits=["good_karma"]), model("follower", traits=["good_karma"])]))
    assert (plain.fate, karma.fate) == (4, 6)


def test_a_broken_rules_data_file_is_reported_located(tmp_path) -> None:
    import shutil

    from game.content.catalog import DATA_DIR, load_catalog

    for f in ("skills.yaml", "traits.yaml"):
        shutil.copy(DATA_DIR / f, tmp_path / f)
    text = (tmp_path / "traits.yaml").read_text()
    (tmp_path / "traits.yaml").write_text(text.replace("excludes: [spray]", "excludes: [sprey]")
                                          .replace("cost: 10", "cost: ten"))
    with pytest.raises(ContentError) as err:
        load_catalog(tmp_path)
    msgs = [(p.where, p.message) for p in err.value.problems]
    assert any(w.endswith(".cost") and "expected an integer" in m for w, m in msgs), msgs
    (tmp_path / "traits.yaml").write_text(text.replace("excludes: [spray]", "excludes: [sprey]"))
    with pytest.raises(ContentError) as err:
        load_catalog(tmp_path)
    assert [p.message for p in err.value.problems] == ["unknown trait 'sprey'; did you mean 'spray'?"]
    assert err.value.problems[0].line is not None
