"""Issue #16 point 3: event and decision kinds are typed; the UI and the AI name them by member.

`EventKind` and `DecisionKind` hold every kind; an event or decision made with a name outside them
fails at once. Clients (game/ui, game/ai) never write a kind as a bare string: an AST check finds a
kind's name where a kind is compared or matched, or in a collection of kinds. The checker is tried on
bad snippets too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision
from game.rules.events import Event, EventKind

ROOT = Path(__file__).resolve().parent.parent
CLIENTS = ("game/ui", "game/ai")
KNOWN: set[str] = set()  # files let off the check (none)
EVENT_NAMES = {k.value for k in EventKind}
DECISION_NAMES = {k.value for k in DecisionKind}


def _is_kind(node: ast.AST) -> bool:
    """An expression that reads a kind: ``x.kind``, ``kind``, ``x["kind"]``, ``x.get("kind")``."""
    if isinstance(node, ast.Attribute):
        return node.attr == "kind"
    if isinstance(node, ast.Name):
        return node.id == "kind"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "kind"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == "kind"
    return False


def _strings(node: ast.AST) -> list[ast.Constant]:
    """The string constants of an operand: itself, or the items of a literal collection."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [c for e in node.elts for c in _strings(e)]
    return []


def _kind_names(c: ast.Constant) -> bool:
    return c.value in EVENT_NAMES or c.value in DECISION_NAMES


def bare_kinds(source: str) -> list[tuple[int, str]]:
    """(line, name) of every kind written as a string in ``source``: compared with or matched against a kind,
    or in a collection (set, tuple, list, dict keys) of nothing but event kinds (or two or more decision kinds)."""
    tree = ast.parse(source)
    found: set[tuple[int, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_is_kind(o) for o in operands):
                found |= {(c.lineno, c.value) for o in operands for c in _strings(o) if _kind_names(c)}
        elif isinstance(node, ast.Match) and _is_kind(node.subject):
            for case in node.cases:
                for sub in ast.walk(case.pattern):
                    if isinstance(sub, ast.MatchValue):
                        found |= {(c.lineno, c.value) for c in _strings(sub.value) if _kind_names(c)}
        elif isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            strings = [c for e in items if e is not None for c in _strings(e)]
            if (strings and all(c.value in EVENT_NAMES for c in strings)) \
                    or (len(strings) > 1 and all(c.value in DECISION_NAMES for c in strings)):
                found |= {(c.lineno, c.value) for c in strings}
    return sorted(found)


def test_no_client_writes_a_kind_as_a_string() -> None:
    bad = []
    for folder in CLIENTS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in KNOWN:
                bad += [f"{rel}:{line} {name!r}" for line, name in bare_kinds(path.read_text(encoding="utf-8"))]
    assert not bad, "kinds as strings (use EventKind / DecisionKind members):\n" + "\n".join(bad)


@pytest.mark.parametrize("snippet", [
    'if e.kind == "ModelMoved": pass',
    'VISIBLE = {"DiceRolled", "Killed"}',
    'seen = {e.kind for e in log} & {"Scores"}',
    'NAMES = {"ActivationRoll": "activation roll", "ScoreRoll": "score roll"}',
    'HINTS = {"move_to": "Click where to move", "deploy": "Click inside your zone"}',
    'if d.kind in ("deploy", "deploy_facing"): pass',
    'if "plan" == decision.kind: pass',
    'ok = d.get("kind") != "choose_edge"',
    'match d.kind:\n    case "nominate": pass',
])
def test_the_checker_finds_a_kind_written_as_a_string(snippet: str) -> None:
    assert bare_kinds(snippet)


@pytest.mark.parametrize("snippet", [
    'if e.kind == EventKind.ModelMoved: pass',
    'if d.kind is DecisionKind.plan or d.kind.setup: pass',
    'if intent.kind == "charge": pass',  # an AI intent, not a decision kind
    'label = "Deploy"',  # a word, not compared with a kind
    'TEXT = {"stunned": ("Stunned", "COND-1")}',  # a condition's name that is also an event's
    'def f():\n    """ModelMoved events slide the base."""',
])
def test_the_checker_passes_members_and_other_strings(snippet: str) -> None:
    assert not bare_kinds(snippet)


def _named(call: ast.Call) -> list[str]:
    """The kind names a call's first argument writes: a member (``EventKind.Moved``), or either member of a
    conditional."""
    arg = call.args[0] if call.args else None
    options = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
    return [o.attr for o in options if isinstance(o, ast.Attribute) and isinstance(o.value, ast.Name)
            and o.value.id in ("EventKind", "DecisionKind")]


def _bare(call: ast.Call) -> list[str]:
    """Kinds a call's first argument writes as bare strings (the emitters name members)."""
    arg = call.args[0] if call.args else None
    options = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
    return [o.value for o in options if isinstance(o, ast.Constant) and isinstance(o.value, str)]


def test_every_name_an_emitter_writes_is_a_member() -> None:
    """The rules name kinds by member at their 90-odd emitters and 30-odd questions, never by a bare string;
    every member named exists, so the enums are the complete list."""
    emitted, asked, bare = set(), set(), []
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "emit" or (name == "note" and "rules" in path.parts):
                emitted |= set(_named(node))
                bare += [(path.name, node.lineno, k) for k in _bare(node)]
            elif name == "Decision":
                asked |= set(_named(node))
                bare += [(path.name, node.lineno, k) for k in _bare(node)]
    assert not bare, f"kinds named by a bare string: {bare}"
    assert emitted - EVENT_NAMES == set() and asked - DECISION_NAMES == set()
    assert len(emitted) > 80 and asked == DECISION_NAMES


def test_an_unknown_kind_fails_at_once_and_saves_keep_their_strings() -> None:
    from game.rules.state import GameState

    with pytest.raises(ValueError, match="ModelMovd"):
        GameState.emit(GameState.__new__(GameState), "ModelMovd", "typo")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="deplyo"):
        Decision("deplyo", 0, "where?", "DEP-1")  # type: ignore[arg-type]
    saved = {"kind": "ModelMoved", "turn": 2, "text": "A1 moves", "data": {"model": "A1"}}
    e = Event.from_dict(saved)
    assert e.kind is EventKind.ModelMoved and e.to_dict() == saved and type(e.to_dict()["kind"]) is str
    assert Decision("plan", 0, "plan?", "DIG-ACT-1").kind is DecisionKind.plan


def test_every_decision_kind_says_how_it_is_presented() -> None:
    for k in DecisionKind:
        assert k.heading and k.heading[0].isupper()
    setup = [k for k in DecisionKind if k.setup]
    assert DecisionKind.deploy in setup and DecisionKind.plan not in setup
    assert all(k.hint for k in (DecisionKind.deploy, DecisionKind.move_to, DecisionKind.charge_end, DecisionKind.plan))


def test_every_system_s_kinds_are_one_registry_and_a_name_keeps_one_meaning() -> None:
    """Issue 38: the kernel finds a kind across the systems; a second system cannot give a name another meaning."""
    from enum import StrEnum

    import game.systems  # noqa: F401  # every system registered, as saves and the screens have them
    from game.core.kinds import DECISION_KINDS, EVENT_KINDS, KindRegistry

    assert DECISION_KINDS.of("plan") is DecisionKind.plan and EVENT_KINDS.of("Wounded") is EventKind.Wounded
    assert DECISION_KINDS.owner(DecisionKind.plan) == "iron-honor"
    with pytest.raises(ValueError, match=r"kind 'charge_lane': add it to game/rules/decision_kinds\.py \(iron-honor\) "
                       r"or game/systems/gearfall/kinds\.py \(gearfall\)"):
        DECISION_KINDS.of("charge_lane")
    assert DECISION_KINDS.owner("gf_step") == "gearfall", "the second system's kinds are in the one registry"

    class Theirs(StrEnum):
        plan = "plan"
        initiative = "initiative"

    class Other(StrEnum):
        initiative = "initiative"

    kinds = KindRegistry("decision")
    kinds.add("iron-honor", DecisionKind, "game/rules/decision_kinds.py")
    with pytest.raises(ValueError, match="'plan' of 'iron-kingdoms' is already the kind of 'iron-honor'"):
        kinds.add("iron-kingdoms", Theirs, "elsewhere")
    assert "initiative" not in kinds, "a refused system registers none of its kinds"
    kinds.add("iron-kingdoms", Other, "elsewhere")
    assert kinds.of("initiative") is Other.initiative and kinds.owner("initiative") == "iron-kingdoms"
    assert kinds.of("plan") is DecisionKind.plan
