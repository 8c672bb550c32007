"""Script mode: the engine's black-box interface ([DIG-ACT-3], [DIG-ACT-4])."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.content.script_file import load_script
from game.core.errors import ContentError
from game.rules.script_mode import run_script
from tests.conftest import ROOT

EXAMPLE = ROOT / "docs" / "examples" / "furious_attack.yaml"


@pytest.mark.rule("DIG-ACT-4", "EX-8")
def test_the_documented_example_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "run", str(EXAMPLE)], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["error"] is None and result["answers_used"] == 6
    raens = result["state"]["models"]["B1"]
    assert raens["name"] == "Raensleyar" and raens["wounds"] == 2 and raens["conditions"] == ["stunned"]
    attack = next(e for e in result["events"] if e["kind"] == "DiceRolled")
    assert attack["data"]["dice"] == [6, 6, 3, 4] and attack["data"]["total"] == 23
    assert result["pending"]["kind"] == "winds_of_kismet"


def write(tmp_path, text: str):
    path = tmp_path / "script.yaml"
    path.write_text(text)
    return path


INLINE = """format: iron-honor/script@1
seed: 3
parties:
  A: {path}
  B:
    format: iron-honor/party@1
    name: Inline
    size: small
    models:
      - {{name: Brute, type: hero, attributes: {{MA: 6, RA: 3, PD: 5, WP: 4}}, weapons: [], traits: []}}
      - {{name: Lackey, type: follower, attributes: {{MA: 4, RA: 2, PD: 3, WP: 3}}, weapons: [], traits: [{trait}]}}
map:
  format: iron-honor/map@1
  name: Wall
  terrain:
    - {{id: wall, kind: impassable, blocks_los: true, polygon: [[15, 10], [16, 10], [16, 20], [15, 20]]}}
fate: {{A: 0, B: 0}}
bag: [B]
models:
  Brute: {{x: 10, y: 15, facing: 0}}
dice: [6]
answers: [B1, "walk", [14, 15], 90, {extra}]
"""


@pytest.mark.rule("DIG-ACT-3")
def test_inline_parties_and_maps_and_an_illegal_answer(tmp_path) -> None:
    path = write(tmp_path, INLINE.format(path=ROOT / "assets/parties/lantern_adventuring_co.yaml", trait="",
                                         extra="fly"))
    result = run_script(load_script(path))
    assert result["state"]["models"]["B1"]["x"] == 14 and result["state"]["models"]["B1"]["facing"] == 90
    assert result["error"]["answer_index"] == 4 and "fly" in result["error"]["message"]
    assert result["pending"] is not None


def test_a_bad_inline_party_is_located(tmp_path) -> None:
    path = write(tmp_path, INLINE.format(path="assets/parties/lantern_adventuring_co.yaml", trait="sorcery",
                                         extra="x"))
    with pytest.raises(ContentError) as err:
        load_script(path)
    where = [p.where for p in err.value.problems]
    assert where == ["parties.B.models[1].traits[0]"]
    assert err.value.problems[0].line == 11


def test_bad_scripts_give_json_errors_and_exit_1(tmp_path) -> None:
    path = write(tmp_path, "format: iron-honor/script@1\nparties: {A: nowhere.yaml, B: x.yaml}\n")
    out = subprocess.run([sys.executable, "-m", "game", "run", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert json.loads(out.stdout)["errors"][0]["message"] == "no such file"
    path = write(tmp_path, INLINE.format(path="assets/parties/lantern_adventuring_co.yaml", trait="",
                                         extra="x").replace("Brute: {x: 10", "Brute: {x: 0.1"))
    with pytest.raises(ContentError) as err:
        load_and_build(path)
    assert "off the table" in err.value.describe()


def load_and_build(path):
    from game.rules.script_mode import build_state

    return build_state(load_script(path))
