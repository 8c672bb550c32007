"""One source for every rule (#16): nothing outside a rule's home asks for a trait or a condition by its
name, or restates the table's size.

- a trait is asked by a flag or hook its class declares, never ``model.has("<trait id>")`` (or
  ``"<trait id>" in model.profile.traits``) outside ``game/rules/traits/``; inside it, a trait that asks what
  another model is asks a tag the other's traits declare (``tagged(model, "large")``, OpenRA's TargetTypes),
  never ``.has(...)`` (a mod's data trait names traits by id: that is its file format, data_traits.py);
- a condition is named by its class's object (``STUNNED.on(model)``), never by its string, outside
  ``game/rules/conditions/``: no ``m.conditions["stunned"]``, ``.get/.pop/.setdefault("…")``,
  ``"…" in m.conditions``, ``conditions={"…": …}``, a table keyed by condition ids, or a ``Literal`` of them;
- the 36″ table comes from the map (``BattleMap.size``, ``game/content/maps.py``): no ``36`` / ``36.0``
  elsewhere in the engine, the editor's model or the code that draws the table.

Each checker is also run on a bad snippet, so a checker that finds nothing cannot pass silently.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.rules.conditions import CONDITIONS
from game.rules.traits.base import QUALITIES, TRAITS, load_all

GAME = Path(__file__).resolve().parent.parent / "game"
TRAIT_HOME = GAME / "rules" / "traits"
CONDITION_HOME = GAME / "rules" / "conditions"
TABLE_HOME = GAME / "content" / "maps.py"
# where a 36 would be the table: the engine, the editor's model, the code that draws or clicks on the table
# (elsewhere in the UI a 36 is pixels)
TABLE_CODE = [*(GAME / layer for layer in ("core", "content", "geometry", "rules", "ai", "saves", "builder", "editor")),
              *(GAME / "ui" / p for p in ("table_view.py", "scenes/battle.py", "battle/previews.py", "battle/hover.py",
                                          "scenes/editor.py", "scenes/editor_view.py", "scenes/editor_mouse.py",
                                          "scenes/editor_drawing.py"))]
TABLE_SIZE = 36
# where a party file's trait list is data, validated by name (the content and builder layers)
TRAIT_LIST_HOMES = (GAME / "content", GAME / "builder", TRAIT_HOME)


def trait_ids() -> set[str]:
    load_all()
    return set(TRAITS) | set(QUALITIES)


def condition_ids() -> set[str]:
    load_all()
    return set(CONDITIONS)


def _const(node: ast.AST | None, names: set[str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
        return node.value
    return None


def _is_attr(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name


# -- the checkers: each returns (line, what) for every offence in a module's source --------------------

def traits_by_name(source: str, traits: set[str], lists_too: bool = True) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _is_attr(node.func, "has") and node.args:
            name = _const(node.args[0], traits)
            if name:
                out.append((node.lineno, f'.has("{name}")'))
        elif lists_too and isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)) \
                and _is_attr(node.comparators[0], "traits"):
            name = _const(node.left, traits)
            if name:
                out.append((node.lineno, f'"{name}" in ….traits'))
    return out


def conditions_by_name(source: str, conds: set[str]) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(ast.parse(source)):
        found = None
        if isinstance(node, ast.Subscript) and _is_attr(node.value, "conditions"):
            found = _const(node.slice, conds)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("get", "pop", "setdefault") and _is_attr(node.func.value, "conditions") \
                and node.args:
            found = _const(node.args[0], conds)
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)) \
                and _is_attr(node.comparators[0], "conditions"):
            found = _const(node.left, conds)
        elif isinstance(node, (ast.keyword, ast.Assign)) and isinstance(node.value, ast.Dict) and (
                (isinstance(node, ast.keyword) and node.arg == "conditions")
                or (isinstance(node, ast.Assign) and any(_is_attr(t, "conditions") for t in node.targets))):
            found = next((n for k in node.value.keys if (n := _const(k, conds))), None)
        elif isinstance(node, ast.Dict):  # a table keyed by conditions (names, marks, texts ...)
            keyed = [n for k in node.keys if (n := _const(k, conds))]
            found = keyed[0] if len(keyed) >= 2 else None
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Literal":
            listed = [n for e in ast.walk(node.slice) if (n := _const(e, conds))]  # ("rough" alone: a terrain kind)
            found = listed[0] if len(listed) >= 2 else None
        if found:
            out.append((node.lineno, f'condition "{found}" by its string'))
    return out


def table_sizes(source: str) -> list[tuple[int, str]]:
    return [(node.lineno, repr(node.value)) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value == TABLE_SIZE]


# -- the checkers find what they look for ------------------------------------------------------------

BAD_TRAITS = ['if model.has("flight"):\n    pass\n', 'x = "ambush" in m.profile.traits\n']
BAD_CONDITIONS = ['m.conditions["stunned"] = True\n', 'if m.conditions.get("entangled"):\n    pass\n',
                  'm.conditions.pop("full_defense", None)\n', 'ok = "stealth" not in m.conditions\n',
                  'ModelState("A1", 0, p, conditions={"ran": True})\n', 'm.conditions = {"rough": True}\n',
                  'MARKS = {"stunned": "S", "stealth": "H"}\n', 'c: list[Literal["stunned", "ran"]] = []\n']
BAD_TABLE = ["x = min(36 - r, x)\n", "TABLE = 36.0\n"]
GOOD = ['if any_hook(model, "flies"):\n    pass\n', "STUNNED.put(m)\n", "x = min(state.battle_map.size - r, x)\n",
        'KINDS = ("rough", "obstacle")\n', 'Decision("full_defense", side, "?", "SPEC-2")\n', "w = px(35) + 1\n"]


@pytest.mark.parametrize("snippet", BAD_TRAITS)
def test_the_trait_checker_finds_a_trait_asked_by_name(snippet: str) -> None:
    assert traits_by_name(snippet, trait_ids())


@pytest.mark.parametrize("snippet", BAD_CONDITIONS)
def test_the_condition_checker_finds_a_condition_by_its_string(snippet: str) -> None:
    assert conditions_by_name(snippet, condition_ids())


@pytest.mark.parametrize("snippet", BAD_TABLE)
def test_the_table_checker_finds_the_table_size(snippet: str) -> None:
    assert table_sizes(snippet)


@pytest.mark.parametrize("snippet", GOOD)
def test_the_checkers_pass_asking_by_flag_object_or_map(snippet: str) -> None:
    assert not traits_by_name(snippet, trait_ids())
    assert not conditions_by_name(snippet, condition_ids())
    assert not table_sizes(snippet)


# -- the game keeps to them ------------------------------------------------------------------------------

def _modules(roots: list[Path] | tuple[Path, ...]) -> list[Path]:
    return sorted(p for r in roots for p in ([r] if r.is_file() else r.rglob("*.py")))


def _under(path: Path, home: Path) -> bool:
    return path == home or home in path.parents


def _report(found: dict[Path, list[tuple[int, str]]]) -> str:
    return "; ".join(f"{p.relative_to(GAME.parent)}:{line} {what}" for p, hits in found.items() for line, what in hits)


def test_no_trait_is_asked_by_name_outside_its_class() -> None:
    traits = trait_ids()
    found = {}
    for path in _modules([GAME]):
        if _under(path, TRAIT_HOME):
            continue
        hits = traits_by_name(path.read_text(encoding="utf-8"), traits,
                              lists_too=not any(_under(path, h) for h in TRAIT_LIST_HOMES))
        if hits:
            found[path] = hits
    assert not found, f"ask the trait's class by a flag or hook it declares: {_report(found)}"


def traits_asked_by_has(source: str) -> list[tuple[int, str]]:
    """Every ``.has(...)`` call: in a trait's module, another model's traits are asked by their tags."""
    return [(node.lineno, ".has(…)") for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and _is_attr(node.func, "has")]


def test_no_trait_names_another_trait() -> None:
    assert traits_asked_by_has('if attack.defender.has(quarry):\n    pass\n')  # the checker finds one
    assert not traits_asked_by_has('if tagged(attack.defender, "large"):\n    pass\n')
    found = {p: hits for p in _modules([TRAIT_HOME]) if p.name != "data_traits.py"
             and (hits := traits_asked_by_has(p.read_text(encoding="utf-8")))}
    assert not found, f"ask a tag the other model's traits declare (TraitRule.tags): {_report(found)}"


def test_no_condition_is_named_by_its_string_outside_its_class() -> None:
    conds = condition_ids()
    found = {p: hits for p in _modules([GAME]) if not _under(p, CONDITION_HOME)
             if (hits := conditions_by_name(p.read_text(encoding="utf-8"), conds))}
    assert not found, f"name the condition by its object in game.rules.conditions: {_report(found)}"


def test_the_table_size_has_one_home() -> None:
    found = {p: hits for p in _modules(TABLE_CODE) if p != TABLE_HOME
             if (hits := table_sizes(p.read_text(encoding="utf-8")))}
    assert not found, f"take the table's size from the map (BattleMap.size / TABLE_SIZE): {_report(found)}"
