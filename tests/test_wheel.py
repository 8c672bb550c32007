"""Where the shipped content lives (issue 41): game/paths.py alone knows, and finds it in a checkout (and the app)
beside the package, and in an installed wheel inside it."""

from __future__ import annotations

import re
from pathlib import Path

from game import paths

ROOT = Path(__file__).resolve().parent.parent


def _layout(root: Path, folders: tuple[str, ...]) -> None:
    (root / "game").mkdir(parents=True, exist_ok=True)
    for name in folders:
        (root / name).mkdir(parents=True)


def test_a_checkout_reads_its_content_beside_the_package() -> None:
    assert paths.ROOT == ROOT == paths.content_root()
    assert paths.ASSETS == ROOT / "assets" and paths.SCENARIOS_DIR == ROOT / "scenarios"
    assert paths.CAMPAIGNS_DIR == ROOT / "campaigns" and paths.SOUNDS_DIR == ROOT / "assets" / "sounds"
    assert paths.DATA_DIR == ROOT / "game" / "content" / "data"
    for name in paths.SHIPPED:
        assert (paths.ROOT / name).is_dir()


def test_an_installed_wheel_reads_its_own_copy_and_a_stray_folder_beside_it_changes_nothing(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    _layout(checkout, paths.SHIPPED)
    assert paths.content_root(checkout / "game") == checkout
    site = tmp_path / "site-packages"
    _layout(site / "game" / "_shipped", paths.SHIPPED)
    (site / "assets").mkdir()  # another distribution's top-level folder of that name
    assert paths.content_root(site / "game") == site / "game" / "_shipped"
    assert paths.INSTALLED == paths.PACKAGE / "_shipped"
    nowhere = tmp_path / "empty"
    (nowhere / "game").mkdir(parents=True)
    assert paths.content_root(nowhere / "game") == nowhere  # the checkout's place, named by messages


def test_only_the_paths_module_builds_paths_from_where_the_code_is() -> None:
    """A module finding its own files next to ``__file__`` would miss them in an installed wheel: game/paths.py
    alone decides, for the checkout, the app and the wheel."""
    own = re.compile(r"(?<![\w.])__file__")
    found = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "game").rglob("*.py"))
             if p != ROOT / "game" / "paths.py" and own.search(p.read_text(encoding="utf-8"))]
    assert found == []
