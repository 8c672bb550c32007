"""The lockfiles (issue 41): made from pyproject.toml's dependencies, every pin hashed and inside its range, and a
change of pyproject.toml alone caught before anything is installed."""

from __future__ import annotations

import re

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tools import run

PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")


def _pins(with_tests: bool) -> dict[str, list[tuple[str, str | None]]]:
    """Each package pinned: its versions, each with its environment marker (one per Python, where they split)."""
    out: dict[str, list[tuple[str, str | None]]] = {}
    for line in run.lockfile(with_tests).read_text(encoding="utf-8").splitlines():
        m = PIN.match(line)
        if m:
            out.setdefault(canonicalize_name(m.group(1)), []).append((m.group(2), m.group(3)))
    return out


@pytest.mark.parametrize("with_tests", [False, True])
def test_each_lockfile_is_made_from_the_dependencies_pyproject_lists_now(with_tests: bool) -> None:
    assert run.lock_problem(with_tests) is None


@pytest.mark.parametrize("with_tests", [False, True])
def test_every_dependency_is_pinned_inside_its_range_with_hashes(with_tests: bool) -> None:
    pins = _pins(with_tests)
    for spec in run._requirements(with_tests):
        req = Requirement(spec)
        found = pins.get(canonicalize_name(req.name))
        assert found, f"{req.name} is not pinned"
        for version, _marker in found:
            assert req.specifier.contains(version, prereleases=True), f"{req.name}=={version} is outside {spec}"
    text = run.lockfile(with_tests).read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text)
    for block in blocks:
        if PIN.match(block.splitlines()[0]):
            assert "--hash=sha256:" in block, f"no hash for {block.splitlines()[0]}"


def test_the_play_lockfile_holds_no_test_tool() -> None:
    assert "pytest" not in _pins(False) and "pytest" in _pins(True)


def test_a_change_of_pyproject_alone_stops_the_install_with_the_command_to_pin_anew(
        monkeypatch: pytest.MonkeyPatch) -> None:
    listed = run._requirements

    def wider(with_tests: bool) -> list[str]:
        return [*listed(with_tests), "rich>=13"]

    monkeypatch.setattr(run, "_requirements", wider)
    problem = run.lock_problem(False)
    assert problem is not None and "python3 tools/run.py lock" in problem and "locks/play.txt" in problem
    with pytest.raises(SystemExit) as stopped:
        run.ensure_environment(False)
    assert "python3 tools/run.py lock" in str(stopped.value)
