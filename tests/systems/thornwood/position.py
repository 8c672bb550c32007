"""Hand-made Thornwood positions for the turn's tests: figures placed where a test wants them, forced dice, and
a driver that answers each question from a script of (kind, answer) pairs, checking every question's kind."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any

from game.content.maps import BattleMap, TerrainPiece
from game.core.vec import Vec2
from game.rules.decisions import Decision
from game.rules.driver import Driver
from game.systems.thornwood.band import WarBand, parse_band
from game.systems.thornwood.scenario import FURS_MARKERS, TwScenario
from game.systems.thornwood.setup import new_state
from game.systems.thornwood.state import Marker, Phase, Status, TwState

BAND_A = """
format: thornwood/warband@1
name: The Test Heron
figures:
  - {name: Grey Heron, type: chief, items: [spear, shield, chest_armour]}
  - {name: Stone Pike, type: companion, items: [bow, axe]}
  - {name: Reed One, type: warrior, items: [bow, axe]}
  - {name: Reed Two, type: warrior, items: [spear, shield]}
  - {name: Reed Three, type: warrior, items: [bow, club]}
  - {name: Small Fry, type: youth, items: [bow]}
"""
BAND_B = """
format: thornwood/warband@1
name: The Test Badger
figures:
  - {name: Black Badger, type: chief, items: [spear, shield, chest_armour]}
  - {name: Wet Stone, type: companion, items: [bow, axe]}
  - {name: Mud One, type: warrior, items: [bow, axe]}
  - {name: Mud Two, type: warrior, items: [spear, shield]}
  - {name: Mud Three, type: warrior, items: [bow, club]}
  - {name: Tadpole, type: youth, items: [bow]}
  - {name: Owl Eye, type: seer}
"""
OPEN = BattleMap("open table", ())


def piece(pid: str, kind: str, style: str, box: tuple[float, float, float, float], **kw: Any) -> TerrainPiece:
    x0, y0, x1, y1 = box
    poly = (Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1))
    return TerrainPiece(pid, kind, poly, style, **kw)


def bands() -> tuple[WarBand, WarBand]:
    return parse_band(BAND_A, "heron.yaml"), parse_band(BAND_B, "badger.yaml")


def position(at: dict[str, tuple[float, float]], battle_map: BattleMap = OPEN, scenario: TwScenario = FURS_MARKERS,
             seed: int = 1, known: Sequence[str] = (), markers: Sequence[tuple[float, float, int]] = ()) -> TwState:
    """A battle under way: the figures named in ``at`` stand there (the rest are not on the table), each side
    knowing the enemies in ``known``, the markers set out."""
    state = new_state(bands(), battle_map, seed, scenario=scenario)
    for fid, (x, y) in at.items():
        f = state.figure(fid)
        f.x, f.y, f.status = x, y, Status.TABLE
    for fid in known:
        state.sides[1 - state.figure(fid).side].known.add(fid)
    for i, (x, y, side) in enumerate(markers):
        state.markers.append(Marker(f"M{i + 1}", x, y, side))
    state.phase = Phase.BATTLE
    state.touch()
    return state


Answerer = Callable[[Decision], Any]


class Script:
    """Drives a rules generator: each question gets the next scripted answer, whose kind must match."""

    def __init__(self, state: TwState, rules: Generator[Any, Any, Any]):
        self.state = state
        self.driver = Driver(state, rules)  # type: ignore[arg-type]
        self.asked: list[Decision] = []
        self.pending = self.driver.first()

    def answer(self, kind: str, answer: Any) -> Script:
        d = self.pending
        assert d is not None, f"the rules ended; expected a {kind} question"
        assert d.kind == kind, f"expected a {kind} question, got {d.kind}: {d.prompt} {d.choices()}"
        self.asked.append(d)
        self.pending = self.driver.send(d.validate(answer))
        return self

    def until(self, kind: str, answer: Answerer = lambda d: d.choices()[0] if d.options else d.context["default"],
              limit: int = 200) -> Decision:
        """Answer every question (by ``answer``) until one of ``kind`` is put; return it unanswered."""
        for _ in range(limit):
            d = self.pending
            assert d is not None, f"the rules ended before a {kind} question"
            if d.kind == kind:
                return d
            self.asked.append(d)
            self.pending = self.driver.send(d.validate(answer(d)))
        raise AssertionError(f"no {kind} question in {limit}")

    @property
    def done(self) -> bool:
        return self.pending is None
