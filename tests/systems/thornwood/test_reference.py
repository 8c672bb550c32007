"""Thornwood's rules reference: the spec's IDs exactly, loaded by the kernel's reader, and every ID cited by the
system's code and tests present in it (issue 42)."""

from __future__ import annotations

import re
from pathlib import Path

from game.content.rules_reference import load_rules_reference
from game.systems.thornwood.tables import DATA

RULES = DATA / "rules.yaml"
PACKAGE = DATA.parent
TESTS = Path(__file__).resolve().parent
CITED = re.compile(r"TW-[A-Z]+-\d+")

# the fixed list of the shared spec: the reference holds exactly these
SPEC_IDS = {
    "TW-TEST-1", "TW-CV-1", "TW-BAND-1", "TW-BAND-2", "TW-BAND-3", "TW-BAND-4", "TW-ABIL-1", "TW-ABIL-2",
    "TW-ABIL-3", "TW-SET-1", "TW-TURN-1", "TW-TURN-2", "TW-INSP-1", "TW-ACT-1", "TW-ACT-2", "TW-ACT-3",
    "TW-GRP-1", "TW-GRP-2", "TW-ACTN-1", "TW-ACTN-2", *(f"TW-MOVE-{n}" for n in range(1, 8)),
    *(f"TW-SPOT-{n}" for n in range(1, 6)), "TW-TGT-1", *(f"TW-SHOOT-{n}" for n in range(1, 6)),
    *(f"TW-DMG-{n}" for n in range(1, 5)), *(f"TW-CC-{n}" for n in range(1, 14)),
    *(f"TW-NERVE-{n}" for n in range(1, 6)), "TW-REACT-1", "TW-REACT-2", "TW-AMB-1", "TW-AMB-2", "TW-FALL-1",
    "TW-HEAL-1", "TW-MED-1", "TW-FURS-1", "TW-FURS-2", "TW-FURS-3", "TW-WIN-1", "TW-WIN-2", "TW-END-1",
}


def _rule_marks() -> set[str]:
    """Every TW-* ID named by a ``@pytest.mark.rule(...)`` in the system's tests."""
    return {rule for p in TESTS.rglob("*.py")
            for mark in re.findall(r"@pytest\.mark\.rule\(([^)]*)\)", p.read_text(encoding="utf-8"))
            for rule in re.findall(r'"(TW-[A-Z]+-\d+)"', mark)}


def test_the_reference_holds_exactly_the_ids_of_the_spec_in_one_chapter() -> None:
    ref = load_rules_reference(RULES)
    assert set(ref.by_id) == SPEC_IDS and len(SPEC_IDS) == 73
    assert [c.id for c in ref.chapters] == ["thornwood"] and ref.chapters[0].title == "Thornwood"
    intro = " ".join(ref.chapters[0].intro)
    assert "Flint and Feather" in intro and "inch" in intro and "base contact" in intro
    assert "format: iron-honor/rules@1" in RULES.read_text(encoding="utf-8")


def test_every_ruling_names_itself_and_every_ff_ruling_cited_exists() -> None:
    ref = load_rules_reference(RULES)
    texts = [e.text or "" for e in ref.entries]
    assert all(1 <= int(n) <= 16 for t in texts for n in re.findall(r"FF-R-(\d+)", t))
    for rule in ("TW-SPOT-1", "TW-SPOT-4", "TW-END-1", "TW-DMG-4", "TW-ACT-3", "TW-TGT-1", "TW-ABIL-3"):
        assert "RULING" in (ref.entry(rule).text or ""), rule  # type: ignore[union-attr]


def test_every_id_the_code_data_and_tests_cite_is_in_the_reference() -> None:
    ref = load_rules_reference(RULES)
    files = [*PACKAGE.rglob("*.py"), *DATA.glob("*.yaml"), *TESTS.rglob("*.py")]
    cited = {m for p in files for m in CITED.findall(p.read_text(encoding="utf-8"))}
    assert cited, "the system's code cites its rules"
    assert sorted(rule for rule in cited if ref.entry(rule) is None) == []


def test_every_rule_of_the_reference_is_named_by_a_test() -> None:
    assert _rule_marks() <= SPEC_IDS, "a test names a rule the reference does not hold"
    assert sorted(SPEC_IDS - _rule_marks()) == []
