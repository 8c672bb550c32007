"""The layers of ARCHITECTURE.md: imports only point down, pygame and pymunk stay in their layers."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"

# each layer may import itself and the layers listed after it; the top-level modules are layers too:
# ``paths`` (where the game's folders are: standard library only) under everything, ``cli`` (the command line)
# and ``__main__`` over everything; the lab (the harness of soaks, audits and balance sweeps) plays games with the
# layers under the UI, and no layer of the game imports it but the command line (``python -m game lab``, imported
# by that command only)
ORDER = ["__main__", "cli", "lab", "ui", "editor", "builder", "saves", "systems", "ai", "rules", "geometry", "content",
         "core", "paths"]
BELOW_UI = {"core", "paths", "content", "geometry", "rules", "ai", "systems", "saves"}
ALLOWED = {
    "paths": {"paths"},
    "core": {"core", "paths"},
    "content": {"core", "paths", "content"},
    "geometry": {"core", "paths", "content", "geometry"},
    "rules": {"core", "paths", "content", "geometry", "rules"},
    "ai": {"core", "paths", "content", "geometry", "rules", "ai"},
    # the rule systems (issue 38): each a package that reaches its rules, AI and content; the kernel's clients
    # above find them through game.systems alone
    "systems": {"core", "paths", "content", "geometry", "rules", "ai", "systems"},
    "saves": BELOW_UI,
    "builder": BELOW_UI | {"builder"},
    "editor": BELOW_UI | {"editor"},  # the editor's model never draws: the map editor scene is ui's
    "ui": BELOW_UI | {"ui", "editor", "builder"},
    "cli": BELOW_UI | {"ui", "editor", "builder", "cli", "lab"},
    "__main__": {"cli"},
    "__init__": set(),
    "lab": BELOW_UI | {"lab"},
}
THIRD_PARTY_ONLY_IN = {"pygame": {"ui"}, "pygame_gui": {"ui"}, "pymunk": {"geometry"}}


def _modules():
    for path in sorted(GAME.rglob("*.py")):
        rel = path.relative_to(GAME)
        layer = rel.parts[0] if len(rel.parts) > 1 else rel.stem
        yield path, layer


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: a relative import; the layers are checked by absolute names"
            if node.module:
                yield node.module


@pytest.mark.parametrize(("path", "layer"), list(_modules()), ids=lambda v: str(v))
def test_imports_point_down(path: Path, layer: str) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        if top == "game":
            parts = name.split(".")
            target = parts[1] if len(parts) > 1 else "__init__"  # the package itself: its version, for everyone
            if target == "__init__":
                continue
            assert layer in ALLOWED, f"{path}: a module of no known layer (add it to ORDER and ALLOWED)"
            assert target in ORDER, f"{path}: imports '{name}', of no known layer"
            assert target in ALLOWED[layer], f"{path}: layer '{layer}' imports '{name}' (upward)"
        elif top in THIRD_PARTY_ONLY_IN:
            assert layer in THIRD_PARTY_ONLY_IN[top], f"{path}: '{name}' may only be imported in " \
                f"{sorted(THIRD_PARTY_ONLY_IN[top])}"


@pytest.mark.parametrize("path", [p for p, layer in _modules() if layer in ("core", "paths")], ids=str)
def test_core_is_standard_library_only(path: Path) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        assert top == "game" or top in sys.stdlib_module_names or top == "__future__", \
            f"{path}: core imports third-party '{name}'"


def _system_of(name: str) -> str | None:
    """The rule system a dotted module name belongs to (game.systems.X...), else None."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["game", "systems"] else None


@pytest.mark.parametrize("path", [p for p, layer in _modules() if layer == "systems"
                                  and len(p.relative_to(GAME).parts) > 2], ids=str)
def test_no_rule_system_imports_another(path: Path) -> None:
    own = path.relative_to(GAME).parts[1]
    for name in _imports(path):
        other = _system_of(name)
        assert other in (None, own), f"{path}: the rule system '{own}' imports '{name}', of the system " \
            f"'{other}'; systems share only the kernel"


# The kernel a system plugs into (issue 38). Its protocol modules still sit in game/rules, where Iron & Honor grew
# them; they are listed here by name, so a system reaching into Iron & Honor's own rules fails at once.
KERNEL = ("game.core", "game.geometry", "game.paths", "game.content.maps", "game.content.schema",
          "game.content.yaml_loader", "game.content.rules_reference", "game.rules.decisions", "game.rules.driver",
          "game.rules.engine", "game.rules.events", "game.rules.payloads", "game.ai.random_legal")


@pytest.mark.parametrize("path", [p for p, layer in _modules() if layer == "systems"
                                  and len(p.relative_to(GAME).parts) > 2
                                  and p.relative_to(GAME).parts[1] != "iron_honor"], ids=str)
def test_a_system_other_than_the_first_imports_only_the_kernel(path: Path) -> None:
    own = f"game.systems.{path.relative_to(GAME).parts[1]}"
    for name in _imports(path):
        if not name.startswith("game"):
            continue
        assert name == own or name.startswith(own + ".") or any(name == k or name.startswith(k + ".")
                                                                 for k in KERNEL), \
            f"{path}: '{name}' is neither the kernel nor its own system"


def test_the_system_check_sees_a_system_importing_another(tmp_path: Path) -> None:
    """The check above reads dotted names; a system module importing a sibling is what it must catch."""
    assert _system_of("game.systems.iron_kingdoms.combat") == "iron_kingdoms"
    assert _system_of("game.systems") is None
    assert _system_of("game.rules.combat") is None
