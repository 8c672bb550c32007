"""Every trait file in docs/modding-traits.md is accepted by ``validate`` from a mod folder, and a game plays to
its end with each of its traits on a model of each side."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
import yaml

from game.cli import main
from game.content import library
from game.content.catalog import catalog
from game.content.library import lookup
from game.lab.encounter_soak import play_encounter
from tests.conftest import ROOT

DOC = ROOT / "docs" / "modding-traits.md"


def examples() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def with_trait(party, trait_id: str):
    models = (dataclasses.replace(party.models[0], traits=(*party.models[0].traits, trait_id)), *party.models[1:])
    return dataclasses.replace(party, models=models)


@pytest.mark.parametrize("index", range(len(examples())))
def test_every_trait_file_of_the_guide_validates_and_plays(index: int, tmp_path: Path, monkeypatch, capsys) -> None:
    block = examples()[index]
    (tmp_path / "traits").mkdir()
    path = tmp_path / "traits" / f"example_{index}.yaml"
    path.write_text(block, encoding="utf-8")
    monkeypatch.setenv(library.MODS_ENV, str(tmp_path))
    assert main(["validate", str(path)]) == 0, capsys.readouterr().out
    assert not catalog().skipped
    ids = [t["id"] for t in yaml.safe_load(block)["traits"]]
    assert all(catalog().traits[t].origin == str(path) for t in ids)
    parties = [lookup("parties", "ghrim_company").value, lookup("parties", "hollow_court").value]
    for t in ids:
        parties = [with_trait(p, t) for p in parties]
    result = play_encounter(tuple(parties), lookup("maps", "open_field").value,
                            lookup("scenarios", "engagement").value, 5 + index)
    assert result.result


def test_the_guide_shows_every_kind_of_effect() -> None:
    from game.content.trait_effects import KINDS

    shown = {k for block in examples() for t in yaml.safe_load(block)["traits"] for e in t.get("effects", [])
             for k in e}
    assert shown == set(KINDS)
