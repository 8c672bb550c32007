"""Campaign files (iron-honor/campaign@1), progress files, and a whole campaign played headless."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.cli import main
from game.content import library
from game.content.campaign_file import load_campaign, parse_campaign
from game.content.validate import check_file
from game.content.yaml_loader import load_yaml
from game.core.errors import ContentError
from game.rules import campaign as cmp
from game.saves import campaigns as store

GOOD = """\
format: iron-honor/campaign@1
name: Two Fights
games:
  - {scenario: engagement, map: village_ruins}
  - {scenario: breakthrough, map: forest_crossing, text: Again.}
"""


def problems(text: str) -> list[str]:
    with pytest.raises(ContentError) as info:
        parse_campaign(text, "bad.yaml")
    return [p.describe("bad.yaml") for p in info.value.problems]


def test_the_shipped_campaign_loads_and_is_listed():
    campaign = load_campaign(library.CAMPAIGNS_DIR / "border_feud.yaml")
    assert [g.scenario for g in campaign.games] == ["the_granary", "the_ford_raid"]
    assert campaign.carry_over.injuries == "roll" and campaign.carry_over.bank_exp
    assert "border_feud" in library.campaigns().names()
    assert check_file(str(library.CAMPAIGNS_DIR / "border_feud.yaml")).ok


def test_defaults():
    campaign = parse_campaign(GOOD)
    assert campaign.carry_over.injuries == "roll" and campaign.games[1].text == "Again." and campaign.epilogue is None


@pytest.mark.parametrize(("text", "expected"), [
    (GOOD.replace("engagement", "engagment"),
     "bad.yaml:4: games[0].scenario: no scenario named 'engagment' (known: "),
    (GOOD.replace("forest_crossing", "forest"), "bad.yaml:5: games[1].map: no map named 'forest'"),
    (GOOD.replace("text: Again.", "txt: Again."), "bad.yaml:5: games[1].txt: unknown key 'txt'; did you mean 'text'?"),
    (GOOD + "carry_over: {injuries: maybe}\n", "bad.yaml:6: carry_over.injuries: expected 'roll' or 'none'"),
    (GOOD + "carry_over: {bank_exp: 1}\n", "bad.yaml:6: carry_over.bank_exp: expected true or false, found the "
                                           "integer 1"),
    ("format: iron-honor/campaign@1\nname: X\ngames: []\n", "bad.yaml:3: games: a campaign has 1 to 12 games"),
    ("format: iron-honor/campaign@2\nname: X\ngames: []\n", "bad.yaml:1: format: expected 'iron-honor/campaign@1'"),
    ("format: iron-honor/campaign@1\ngames: []\n", "missing required key 'name'"),
])
def test_a_bad_campaign_file_is_located(text, expected):
    assert any(expected in p for p in problems(text)), problems(text)


def test_every_problem_at_once_and_a_bad_mod_file_is_skipped(tmp_path, monkeypatch):
    text = GOOD.replace("engagement", "nope").replace("forest_crossing", "nowhere")
    assert len(problems(text)) == 2
    mods = tmp_path / "mods"
    (mods / "campaigns").mkdir(parents=True)
    (mods / "campaigns" / "broken.yaml").write_text(text, encoding="utf-8")
    (mods / "campaigns" / "mine.yaml").write_text(GOOD, encoding="utf-8")
    lib = library.campaigns(mods)
    assert "mine" in lib.names() and "broken" not in lib.names()
    assert [Path(str(e.file)).name for e in lib.skipped] == ["broken.yaml"]


def new_progress(seed: int = 3) -> cmp.Progress:
    campaign = load_campaign(library.CAMPAIGNS_DIR / "border_feud.yaml")
    parties = tuple(load_yaml(library.lookup("parties", n).path).data
                    for n in ("ghrim_company", "northmen_raiding_party"))
    return cmp.start("border_feud", campaign.name, len(campaign.games), (parties[0], parties[1]), seed)


def test_progress_is_saved_atomically_and_read_back(tmp_path):
    progress = new_progress()
    path = store.new_progress_path(progress.title, tmp_path)
    store.save_progress(progress, path)
    assert path.name.startswith("border-feud-") and [p.name for p in tmp_path.iterdir()] == [path.name]
    again = store.read_progress(path)
    assert store.to_dict(again) == store.to_dict(progress)
    assert [x.path for x in store.listing(tmp_path)] == [path]


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "iron-honor/campaign-progress@1"}',
                                  '{"format": "iron-honor/campaign-progress@1", "campaign": "x", "title": "x", '
                                  '"games": 2, "seed": 1, "sides": [{"party": {"name": "X"}, "banked": 0}, '
                                  '{"party": {}, "banked": 0}], "results": []}'])
def test_a_broken_progress_file_is_a_located_error_never_a_crash(tmp_path, text):
    path = tmp_path / "p.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        store.read_progress(path)
    assert info.value.problems and str(path) in str(info.value.file)
    listed = store.listing(tmp_path)
    assert listed[0].progress is None and listed[0].error is not None


@pytest.mark.rule("CMP-1", "CMP-2", "CMP-3", "CMP-5", "CMP-7")
def test_a_whole_campaign_played_headless_carries_the_parties_over(tmp_path):
    campaign = load_campaign(library.CAMPAIGNS_DIR / "border_feud.yaml")
    progress = new_progress(seed=3)
    path = tmp_path / "p.json"
    states = []
    while not progress.finished:
        before = [len(s.party["models"]) for s in progress.sides]
        result, state = store.play_next(progress, campaign, ("aggressive", "aggressive"))
        store.save_progress(progress, path)
        states.append(state)
        assert state.phase == "over" and result.scores == [s.score for s in state.sides]
        for side in (0, 1):
            lost = sum(f.lost for f in result.fates[side])
            assert len(progress.sides[side].party["models"]) == before[side] - lost
            assert len(result.fates[side]) == before[side]
        # the next game fields exactly the survivors
    assert len(states) == 2 and len(states[1].side_models(0)) == len(states[0].side_models(0)) - sum(
        f.lost for f in progress.results[0].fates[0])
    assert sum(f.roll is not None for r in progress.results for side in r.fates for f in side) > 0  # injuries rolled
    assert progress.sides[0].banked == 8 + sum(r.scores[0] for r in progress.results)
    again = store.read_progress(path)
    assert again.finished and store.to_dict(again) == store.to_dict(progress)
    text = "\n".join(store.report(again, campaign))
    assert "Standing [CMP-7]" in text and "banked" in text


def test_the_campaign_command_plays_resumes_and_reports(tmp_path, capsys):
    path = tmp_path / "p.json"
    args = ["campaign", "border_feud", "--parties", "ghrim_company", "northmen_raiding_party", "--ai", "aggressive",
            "aggressive", "--seed", "3", "--progress", str(path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Game 1 (The Granary)" in out and "Game 2 (The Fords)" in out
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "iron-honor/campaign-progress@1" and len(data["results"]) == 2
    # a campaign stopped after its first game resumes from its file with the next game: as if played straight
    campaign = load_campaign(library.CAMPAIGNS_DIR / "border_feud.yaml")
    half = new_progress(seed=3)
    store.play_next(half, campaign, ("aggressive", "aggressive"))
    store.save_progress(half, tmp_path / "half.json")
    assert main(["campaign", "--ai", "aggressive", "aggressive", "--progress", str(tmp_path / "half.json")]) == 0
    capsys.readouterr()
    resumed = json.loads((tmp_path / "half.json").read_text(encoding="utf-8"))
    assert resumed["results"] == data["results"]
    assert [s["party"] for s in resumed["sides"]] == [s["party"] for s in data["sides"]]
    (tmp_path / "half.json").unlink()
    assert main(["campaign", "--report", "--progress", str(path)]) == 0
    assert "finished" in capsys.readouterr().out
    assert main(["campaign", "border_feud", "--parties", "ghrim_company", "nobody"]) == 1
    assert "no party named 'nobody'" in capsys.readouterr().err
    assert main(["campaign", "--report", "--progress", str(tmp_path / "none.json")]) == 1
    assert os.listdir(tmp_path) == ["p.json"]


def test_the_modding_guide_example_loads_and_plays(tmp_path):
    """docs/modding-campaigns.md: its campaign file is accepted and played to the end; its error lines are the
    loader's own."""
    import re

    from tests.conftest import ROOT

    text = (ROOT / "docs" / "modding-campaigns.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    assert len(blocks) == 1
    campaign = parse_campaign(blocks[0], "my_campaign.yaml")
    parties = tuple(load_yaml(library.lookup("parties", n).path).data for n in ("ghrim_company", "hollow_court"))
    progress = cmp.start("doc", campaign.name, len(campaign.games), (parties[0], parties[1]), 4)
    while not progress.finished:
        store.play_next(progress, campaign, ("aggressive", "aggressive"))
    assert len(progress.results) == 2
    bad = blocks[0].replace("scenario: engagement", "scenario: engagment").replace("injuries: roll   ",
                                                                                     "injuries: maybe  ")
    with pytest.raises(ContentError) as info:
        parse_campaign(bad, "my_campaign.yaml")
    found = [p.describe("my_campaign.yaml") for p in info.value.problems]
    shown = re.findall(r"^my_campaign\.yaml:\d+: .*$", text, re.M)
    assert len(shown) == 2
    for line in shown:
        head = line.split(" (known")[0].removesuffix("...)")
        assert any(p.startswith(head) for p in found), (line, found)
