"""The debug render draws every shipped map (with a demo scene) to a PNG without a window."""

from __future__ import annotations

import importlib.util

import pytest

from game.content.maps import load_map, shipped_maps
from tests.conftest import ROOT


def _tool():
    spec = importlib.util.spec_from_file_location("render_map", ROOT / "tools" / "render_map.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.stem)
def test_render_each_shipped_map(path, tmp_path) -> None:
    tool = _tool()
    bases, sight, routes = tool.demo_scene(load_map(path))
    out = tool.render(load_map(path), tmp_path / "map.png", bases, sight, routes)
    assert out.stat().st_size > 10_000
    assert sight and routes
