"""Resuming fast and exactly: the AI's memory kept in the save (old saves ask the AI again); take-backs
against the AI; a script's position saved by value ([DIG-ACT-4])."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from game.ai.registry import make, names
from game.core.errors import ContentError
from game.saves.controllers import digest, kept, restore, resume, snapshot
from game.saves.record import read_save
from game.ui.session import HOTSEAT, VS_AI, BattleSession, BattleSetup

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


class Players:
    """Answers a session's human decisions as the easy AI would (stands in for clicks)."""

    def __init__(self, seed: int):
        self.ais = [make("easy", seed), make("easy", seed + 1)]

    def play(self, s: BattleSession, upto: int | None = None) -> None:
        while not s.over and (upto is None or len(s.recorder.answers) < upto):
            if s.human_turn():
                d = s.pending
                assert s.answer(self.ais[d.side].decide(s.state, d)) is None
            else:
                s.step_ai()


def table(s: BattleSession) -> tuple:
    """The state and the rules' log (a take-back's own line left out)."""
    table = {k: v for k, v in s.state.snapshot().items() if k != "log"}  # the log is compared below, less its note
    return table, [e.to_dict() for e in s.state.log if e.kind != "TakenBack"]


@pytest.mark.rule("DIG-ACT-4")
@pytest.mark.parametrize("name", names())
def test_every_controller_goes_on_from_its_kept_memory_as_if_never_stopped(name: str) -> None:
    s = BattleSession(BattleSetup(seed=12, mode=HOTSEAT))
    s.humans = set()
    s.controllers = [make(name, 5), make(name, 6)]
    for _ in range(70):
        s.step_ai()
    memory = json.loads(json.dumps(kept(s.controllers, 70)))  # as written to and read from the file
    played, controllers, used = resume(s.setup_block, s.recorder.answers, s.recorder.checks,
                                       lambda: [make(name, 77), make(name, 78)], memory)  # other seeds: overwritten
    assert used and played.divergence is None
    game = played.game
    for _ in range(40):
        if s.over:
            break
        d = s.step_ai()
        ours = controllers[d.side].decide(game.state, game.pending)
        assert ours == s.recorder.answers[-1], f"{name}: decision {len(s.recorder.answers)} ({d.kind})"
        game.answer(ours)


def test_a_memory_that_cannot_be_kept_is_left_out_and_the_save_asks_again() -> None:
    ai = make("normal", 3)
    ai.inner.scratch = object()  # a controller that remembers something of a kind a save cannot hold
    assert snapshot(ai) is None and kept([None, ai], 10) is None
    assert kept([None, None], 10) is None  # hotseat: nothing to keep


def test_a_memory_of_another_kind_or_shape_does_not_fit() -> None:
    hard = make("hard", 1)
    snap = json.loads(json.dumps(snapshot(hard)))
    assert restore(make("hard", 2), snap)
    assert not restore(make("random", 2), snap)  # another kind of controller
    bad_intent = json.loads(json.dumps(snap))
    bad_intent["v"]["inner"]["v"]["intent"]["v"]["kind"] = 5  # a number where the AI keeps a word
    assert not restore(make("hard", 2), bad_intent)
    bad_rng = json.loads(json.dumps(snap))
    bad_rng["v"]["inner"]["v"]["rng"] = {"rng": "not base64!", "gauss": None}
    assert not restore(make("hard", 2), bad_rng)
    extra = json.loads(json.dumps(snap))
    extra["v"]["inner"]["v"]["plans"] = {"l": []}  # a field this version does not have
    assert not restore(make("hard", 2), extra)


@pytest.mark.rule("DIG-ACT-4")
def test_old_saves_without_the_memory_and_saves_whose_memory_does_not_fit_ask_the_ai_again(tmp_path: Path) -> None:
    setup = BattleSetup(scenario="salvage", parties=("hollow_court", "order_of_the_grey_lance"), mode=VS_AI,
                        ai_level="normal", seed=31)
    s = BattleSession(setup)
    Players(31).play(s, upto=120)
    s.save_to(tmp_path / "new.json")
    data = json.loads((tmp_path / "new.json").read_text(encoding="utf-8"))
    assert data["controllers"]["decisions"] == 120 and data["controllers"]["sides"][0] is None
    old = {k: v for k, v in data.items() if k != "controllers"}  # as the first saves were written
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    other = dict(data, controllers=dict(data["controllers"], decisions=119))  # not this save's memory
    (tmp_path / "other.json").write_text(json.dumps(other), encoding="utf-8")
    damaged = json.loads(json.dumps(data))
    damaged["controllers"]["sides"][1]["v"]["inner"]["v"]["level"] = "hard"  # its digest no longer matches
    (tmp_path / "damaged.json").write_text(json.dumps(damaged), encoding="utf-8")
    data["controllers"]["sides"][1]["o"] = "SomeOtherAI"
    data["controllers"]["digest"] = digest(data["controllers"]["sides"])
    (tmp_path / "foreign.json").write_text(json.dumps(data), encoding="utf-8")
    ends = []
    for name, fast in (("new", True), ("old", False), ("other", False), ("damaged", False), ("foreign", False)):
        resumed = BattleSession.from_save(read_save(tmp_path / f"{name}.json"))
        assert resumed.resumed_from_memory is fast, name
        Players(31).play(resumed, upto=170)
        ends.append(table(resumed))
    assert all(end == ends[0] for end in ends)


@pytest.mark.rule("DIG-ACT-4")
def test_a_take_back_against_the_ai_then_the_same_answer_is_the_game_never_taken_back() -> None:
    setup = BattleSetup(scenario="engagement", mode=VS_AI, ai_level="normal", seed=17)
    straight = BattleSession(setup)
    Players(17).play(straight, upto=160)
    s = BattleSession(setup)
    players = Players(17)
    players.play(s, upto=100)
    while not s.human_turn():
        s.step_ai()
    d = s.pending
    answer = players.ais[d.side].decide(s.state, d)
    assert s.answer(answer) is None
    s.step_ai()
    assert s.undo("casual") is None and s.resumed_from_memory  # the AI as it was, not asked again
    assert s.answer(answer) is None
    players.play(s, upto=160)
    assert table(s) == table(straight)


@pytest.mark.rule("DIG-ACT-4")
@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_a_position_opened_from_a_script_is_saved_by_value_and_plays_back(tmp_path: Path, script: str) -> None:
    s = BattleSession.from_script(str(EXAMPLES / script))
    Players(4).play(s, upto=25)
    s.save_to(tmp_path / "pos.json")
    data = json.loads((tmp_path / "pos.json").read_text(encoding="utf-8"))
    assert set(data["setup"]) >= {"script", "seed"} and "parties" not in data["setup"]
    assert data["summary"]["encounter"]  # the encounter, or the position's script, for the Load list
    assert data["setup"]["script"]["file"] == script and "iron-honor/script@1" in data["setup"]["script"]["text"]
    resumed = BattleSession.from_save(read_save(tmp_path / "pos.json"))
    assert table(resumed) == table(s)
    Players(4).play(s, upto=45)
    Players(4).play(resumed, upto=45)
    assert table(resumed) == table(s)


def test_a_kept_script_that_names_a_file_is_refused_with_the_key(tmp_path: Path) -> None:
    s = BattleSession.from_script(str(EXAMPLES / "furious_attack.yaml"))
    s.save_to(tmp_path / "pos.json")
    data = json.loads((tmp_path / "pos.json").read_text(encoding="utf-8"))
    kept_script = yaml.safe_load(data["setup"]["script"]["text"])
    kept_script["map"] = "village_ruins"  # by name: the map of whatever machine plays it back
    data["setup"]["script"]["text"] = yaml.safe_dump(kept_script)
    (tmp_path / "named.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        BattleSession.from_save(read_save(tmp_path / "named.json", "named.json"))
    text = exc.value.describe()
    assert "named.json" in text and "setup.script.text" in text and "inline, not a file's name" in text
    both = dict(data, setup=dict(data["setup"], map={"file": "m.yaml", "text": "x"}))
    (tmp_path / "both.json").write_text(json.dumps(both), encoding="utf-8")
    with pytest.raises(ContentError, match="keeps its content in 'script' only"):
        read_save(tmp_path / "both.json")


def _leaves(node: object, path: tuple = ()) -> list[tuple]:
    if isinstance(node, dict):
        return [leaf for k, v in node.items() for leaf in _leaves(v, (*path, k))]
    if isinstance(node, list):
        return [leaf for i, v in enumerate(node) for leaf in _leaves(v, (*path, i))]
    return [path]


def test_a_damaged_memory_never_crashes_the_resume(tmp_path: Path) -> None:
    import random

    s = BattleSession(BattleSetup(mode=VS_AI, ai_level="hard", seed=8))
    Players(8).play(s, upto=40)
    s.save_to(tmp_path / "s.json")
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    rng = random.Random(3)
    leaves = _leaves(data["controllers"])
    for n in range(10):
        mutant = json.loads(json.dumps(data))
        *parent, last = rng.choice(leaves)
        node = mutant["controllers"]
        for k in parent:
            node = node[k]
        node[last] = rng.choice([None, 7, -1.5, "x", [], {}, True])
        (tmp_path / f"m{n}.json").write_text(json.dumps(mutant), encoding="utf-8")
        try:
            resumed = BattleSession.from_save(read_save(tmp_path / f"m{n}.json"))
        except ContentError:
            continue  # refused with the reason (a block that is not a memory at all)
        assert not resumed.resumed_from_memory
        Players(8).play(resumed, upto=60)


def test_a_human_answer_saves_the_ai_memory_without_walking_it_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI's memory moves only when it is asked: after a human's answer the autosave keeps the snapshot taken
    after the AI last answered, and it is the memory a fresh walk finds."""
    import game.saves.controllers as kept_memory

    s = BattleSession(BattleSetup(seed=3, mode=VS_AI), autosave=True)
    me = make("easy", 11)
    walks: list[int] = []
    real = kept_memory.snapshot
    monkeypatch.setattr(kept_memory, "snapshot", lambda c: walks.append(1) or real(c))
    humans = 0
    while not s.over and humans < 12:
        if s.human_turn():
            before = len(walks)
            assert s.answer(me.decide(s.state, s.pending)) is None
            humans += 1
            assert len(walks) == before, "a human's answer walked the AI's memory again"
        else:
            before = len(walks)
            s.step_ai()
            assert len(walks) == before + 1, "the AI's answer is snapshot once, for its autosave"
        record = s.record()
        assert record is not None and record.controllers == kept(s.controllers, len(s.recorder.answers))
    assert humans == 12
