"""The layers of ARCHITECTURE.md: imports only point down, pygame and pymunk stay in their layers."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"

# each layer may import itself and the layers listed after it; the lab (the harness of soaks and audits that the
# tools and tests use) may import the layers it plays games with, and no layer of the game imports it
ORDER = ["lab", "ui", "editor", "builder", "saves", "ai", "rules", "geometry", "content", "core"]
ALLOWED = {
    "lab": {"core", "content", "geometry", "rules", "ai", "saves", "lab"},
    "core": {"core"},
    "content": {"core", "content"},
    "geometry": {"core", "content", "geometry"},
    "rules": {"core", "content", "geometry", "rules"},
    "ai": {"core", "content", "geometry", "rules", "ai"},
    "saves": {"core", "content", "geometry", "rules", "ai", "saves"},
    "builder": {"core", "content", "geometry", "rules", "ai", "saves", "builder"},
    "editor": {"core", "content", "geometry", "rules", "ai", "saves", "editor", "ui"},
    "ui": {"core", "content", "geometry", "rules", "ai", "saves", "ui", "editor", "builder"},
}
THIRD_PARTY_ONLY_IN = {"pygame": {"ui", "editor", "__main__"}, "pygame_gui": {"ui", "editor", "__main__"},
                       "pymunk": {"geometry"}}


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
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


@pytest.mark.parametrize(("path", "layer"), list(_modules()), ids=lambda v: str(v))
def test_imports_point_down(path: Path, layer: str) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        if top == "game":
            parts = name.split(".")
            target = parts[1] if len(parts) > 1 else ""
            if layer in ALLOWED and target in ORDER:
                assert target in ALLOWED[layer], f"{path}: layer '{layer}' imports '{name}' (upward)"
        elif top in THIRD_PARTY_ONLY_IN:
            assert layer in THIRD_PARTY_ONLY_IN[top], f"{path}: '{name}' may only be imported in " \
                f"{sorted(THIRD_PARTY_ONLY_IN[top])}"


@pytest.mark.parametrize("path", [p for p, layer in _modules() if layer == "core"], ids=str)
def test_core_is_standard_library_only(path: Path) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        assert top == "game" or top in sys.stdlib_module_names or top == "__future__", \
            f"{path}: core imports third-party '{name}'"
