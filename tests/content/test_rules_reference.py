"""The in-game rules reference: it ships inside the game, loads and validates like other content, and
every rule ID the engine records (in its code, its registries, its data and the logs of real games)
resolves to an entry of it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.content.catalog import catalog
from game.content.rules_reference import RULE_ID, load_rules_reference, rules_reference
from game.core.errors import ContentError

ROOT = Path(__file__).resolve().parents[2]
FULL_ID = re.compile(rf"^{RULE_ID}$")


SYSTEM_REFERENCES = sorted((ROOT / "game" / "systems").glob("*/data/rules.yaml"))  # a system's own rules


def _source_ids(under: Path | None = None) -> dict[str, str]:
    """Every string constant of the game's code (or of the package ``under``) that is a whole rule ID, with where it
    was found; a system with a rules reference of its own is left out of the game's (it is checked against its
    own)."""
    out: dict[str, str] = {}
    own = [ref.parent.parent for ref in SYSTEM_REFERENCES]
    for path in sorted((under or ROOT / "game").rglob("*.py")):
        if under is None and any(path.is_relative_to(home) for home in own):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and FULL_ID.match(node.value):
                out.setdefault(node.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


def _rules_in(value, found: set[str]) -> None:
    """Every value under a "rule" key, and every modifier's rule, anywhere in an event's data."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "rule" and isinstance(v, str) and v:
                found.add(v)
            else:
                _rules_in(v, found)
    elif isinstance(value, list | tuple):
        for v in value:
            _rules_in(v, found)


def test_the_reference_ships_in_the_game_and_groups_rules_like_the_book():
    ref = rules_reference()
    from game.content.rules_reference import DATA_FILE

    assert DATA_FILE.is_relative_to(ROOT / "game")  # shipped inside the package, never read from elsewhere
    assert [c.id for c in ref.chapters] == ["core", "digital", "traits", "encounters", "errata", "examples"]
    core = ref.chapters[0]
    assert core.sections[0].title.startswith("1. Table")
    assert ref.entry("FATE-2").text.startswith("Winds of Kismet")
    assert ref.section_of(ref.entry("FATE-2")).title == "3. Fate"
    assert ref.entry("[cc-5]") is ref.entry("CC-5")  # brackets and case do not matter
    prefixes = {i.split("-")[0] for i in ref.by_id}
    assert {"BASE", "DICE", "FATE", "PARTY", "TURN", "MOVE", "CC", "RNG", "AOE", "MOD", "SORC", "SPELL", "COND",
            "TERR", "CAS", "HERO", "SEQ", "DIG", "T", "ENC", "EX"} <= prefixes
    assert len(ref.by_id) >= 270
    for entry in ref.entries:  # every cross-reference inside the text leads somewhere
        assert all(r in ref.by_id for r in entry.refs())


def test_search_by_id_and_words():
    ref = rules_reference()
    assert ref.search("fate-2")[0].id == "FATE-2"  # the rule itself first
    assert ref.search("FATE 2")[0].id == "FATE-2"
    hits = [e.id for e in ref.search("winds kismet")]
    assert "FATE-2" in hits and "EX-2" in hits
    armor = ref.search("arcane armor")  # words of the trait heading find the trait's rule
    assert any(e.id == "T-ARCARMOR-1" for e in armor)
    assert ref.search("no such words here at all") == []
    assert len(ref.search("")) == len(ref.entries)


def test_every_rule_id_of_the_engine_code_and_registries_resolves():
    from game.rules.plans import ACTIONS
    from game.rules.traits.base import QUALITIES, TRAITS, load_all

    ref = rules_reference()
    found = _source_ids()
    load_all()
    for reg in (TRAITS, QUALITIES):
        for key, hook in reg.items():
            if hook.rule:
                found.setdefault(hook.rule, f"trait class {key}")
            for a in hook.actions:
                found.setdefault(a.rule, f"action {a.id} of {key}")
    for a in ACTIONS.values():
        found.setdefault(a.rule, f"action {a.id}")
    for t in catalog().traits.values():  # the trait data
        for r in t.rules:
            found.setdefault(r, f"traits.yaml {t.id}")
    for path in sorted((ROOT / "scenarios").glob("*.yaml")):  # the shipped encounters name their rules too
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in re.finditer(rf"\brule: *({RULE_ID})\b", line):
                found.setdefault(m.group(1), f"{path.name}:{n}")
    assert len(found) > 150
    missing = {i: where for i, where in found.items() if ref.entry(i) is None}
    assert not missing, missing


@pytest.mark.parametrize("reference", SYSTEM_REFERENCES, ids=lambda p: p.parent.parent.name)
def test_every_rule_id_of_a_system_s_code_resolves_in_its_own_reference(reference: Path) -> None:
    ref = load_rules_reference(reference)
    found = _source_ids(reference.parent.parent)
    assert found, "a system's code cites its rules"
    missing = {i: where for i, where in found.items() if ref.entry(i) is None}
    assert not missing, missing


@pytest.mark.parametrize("scenario, map_name, seed", [("engagement", "village_ruins", 3), ("rescue", "open_field", 5),
                                                      ("salvage", "river_ford", 8), ("breakthrough", "forest_crossing",
                                                                                     13)])
def test_every_rule_id_a_headless_game_records_resolves(scenario, map_name, seed):
    """Events (their data and modifiers) and decisions of an AI game: each rule ID names an entry."""
    from game.ai import registry
    from game.lab import ai_soak
    from game.rules.engine import Game
    from game.rules.setup import new_game

    parties, battle_map, scen = ai_soak._content(ai_soak.PARTIES[seed % len(ai_soak.PARTIES)], map_name, scenario)
    state = new_game((parties[0], parties[1]), battle_map, seed, scenario=scen)
    game = Game(state, [registry.make("random", seed), registry.make("random", seed + 1)])
    found: set[str] = set()
    steps = 0
    while not game.over and steps < 20_000:
        found.add(game.pending.rule)
        game.step()
        steps += 1
    assert game.over
    for e in state.log:
        _rules_in(e.data, found)
    found.discard("")
    ref = rules_reference()
    assert len(found) > 20
    assert {i for i in found if ref.entry(i) is None} == set()


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "rules.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def test_a_bad_reference_file_is_rejected_with_file_key_path_and_line(tmp_path):
    path = _write(tmp_path, """format: iron-honor/rules@1
chapters:
- id: core
  title: Core
  sections:
  - title: One
    entries:
    - {id: A-1, text: "first"}
    - {id: A-1, text: "again"}
    - {id: A-2, text: "see [B-9]"}
    - {id: A-3}
""")
    with pytest.raises(ContentError) as info:
        load_rules_reference(path)
    text = info.value.describe()
    assert "rules.yaml:9: chapters[0].sections[0].entries[1].id: duplicate rule id 'A-1'" in text
    assert "chapters[0].sections[0].entries[2].text: refers to [B-9], which is no rule of the reference" in text
    assert "rules.yaml:11: chapters[0].sections[0].entries[3]: rule A-3 has no text" in text
    bad = _write(tmp_path, "format: iron-honor/rules@1\nchapters:\n- {id: core, title: Core, sections: [], x: 1}\n")
    with pytest.raises(ContentError, match=r"chapters\[0\]\.x: unknown key 'x'"):
        load_rules_reference(bad)
