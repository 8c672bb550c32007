"""setuptools' build_py, which also puts the shipped content into the wheel (pyproject.toml's
``[tool.setuptools.cmdclass]``; ``python3 tools/run.py wheel`` builds it).

The content folders (``game.paths.SHIPPED``: assets, scenarios, campaigns) stay where a checkout has always had
them, beside the package; this copies them into the built package as ``game/_shipped/``, where ``game.paths``
finds them once the wheel is installed. The list is read from game/paths.py itself (standard library only), so the
wheel carries exactly the folders the game looks for. An editable install reads the checkout and copies nothing.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent.parent
PATHS = ROOT / "game" / "paths.py"
TARGET = Path("game") / "_shipped"  # inside the built package; game.paths.INSTALLED


def shipped_folders(paths_module: Path = PATHS) -> tuple[str, ...]:
    """``SHIPPED`` of game/paths.py, read without importing the game (its dependencies need not be installed)."""
    for node in ast.parse(paths_module.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "SHIPPED" for t in node.targets):
            value = ast.literal_eval(node.value)
            if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
                return value
    raise ValueError(f"{paths_module} names no SHIPPED folders")


def _junk(part: str) -> bool:
    return part == "__pycache__" or part.startswith(".") or part.endswith((".pyc", "~"))


def content_files(root: Path = ROOT) -> list[tuple[Path, Path]]:
    """Each shipped file with its place in the built package: (source, path below the build folder). Caches,
    editors' backups and hidden files (``.DS_Store``) are left out."""
    out = []
    for name in shipped_folders(root / "game" / "paths.py"):
        folder = root / name
        if not folder.is_dir():
            raise FileNotFoundError(f"{folder} is missing: the wheel would ship without it")
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and not any(_junk(part) for part in rel.parts):
                out.append((path, TARGET / rel))
    return out


class BuildPy(build_py):
    """build_py, then the shipped content into ``game/_shipped`` of the build folder (afresh: nothing stale)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        shutil.rmtree(Path(self.build_lib) / TARGET, ignore_errors=True)
        for source, dest in content_files():
            out = Path(self.build_lib) / dest
            self.mkpath(str(out.parent))
            self.copy_file(str(source), str(out), preserve_mode=False)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not getattr(self, "editable_mode", False):
            outputs += [str(Path(self.build_lib) / dest) for _source, dest in content_files()]
        return outputs
