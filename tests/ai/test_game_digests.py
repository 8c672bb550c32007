"""The committed digests of seeded AI games (benchmarks/game_digests.json) still hold: the first games of the plan,
played again, give the same log, final state and answers. A change that means to alter the AI's answers or a
rule writes the file anew (``tools/game_digests.py --out benchmarks/game_digests.json``) and says why in its note;
any other change that alters a game fails here."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT

BASELINE = ROOT / "benchmarks" / "game_digests.json"


def test_the_first_seeded_games_are_the_committed_ones() -> None:
    out = subprocess.run([sys.executable, "tools/game_digests.py", "--check", str(BASELINE), "--games", "6"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "6 of 6 games identical" in out.stdout


def test_the_check_says_which_game_changed(tmp_path) -> None:
    import json

    data = json.loads(BASELINE.read_text(encoding="utf-8"))
    log, state, answers = data["games"][1]["digest"].split(":")
    data["games"][1]["digest"] = f"{log}:{state}:{'0' * len(answers)}"  # as if another answer had been given
    changed = tmp_path / "digests.json"
    changed.write_text(json.dumps(data), encoding="utf-8")
    out = subprocess.run([sys.executable, "tools/game_digests.py", "--check", str(changed), "--games", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 1
    assert f"CHANGED: {data['games'][1]['game']}" in out.stdout and "1 of 2 games identical" in out.stdout
