"""A save played back once and kept decision by decision, for the replay viewer.

The rules run as a generator that cannot be copied, so the viewer does not seek by replaying:
it plays the whole record once and keeps a light frame of the table as every decision was put
(models, sides, bag, encounter; the log shared and cut to its length). Seeking is then a
lookup, whatever the length of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.decisions import Decision
from game.rules.state import GameState
from game.saves.playback import Divergence, play_back


@dataclass(frozen=True)
class Step:
    """Decision ``index`` (0-based) and the table just after it was answered."""

    index: int
    kind: str
    side: int
    prompt: str
    turn: int
    log_len: int
    label: str | None = None  # the chosen option's label, when the answer is an option


class Timeline:
    def __init__(self, setup: dict[str, Any], answers: list[Any], checks: list[str] | None = None,
                 source: str = "<save>"):
        pictures: list[tuple[GameState, int, int]] = []  # as each decision was put: frame, log length, turn
        asked: list[tuple[str, int, str, str | None]] = []

        def ask(state: GameState, d: Decision) -> None:
            pictures.append((state.frame(), len(state.log), state.turn))
            given = answers[len(asked)] if len(asked) < len(answers) else None
            label = d.option(given).label if isinstance(given, str) and given in d.choices() else None
            asked.append((d.kind, d.side, d.prompt, label))

        played = play_back(setup, answers, checks, ask=ask, source=source)
        final = played.game.state
        answered = len(played.recorder.answers)
        del pictures[answered + 1:], asked[answered:]  # a refused answer was asked but not given
        pictures.append((final.frame(), len(final.log), final.turn))
        self.divergence: Divergence | None = played.divergence
        self.log = final.log
        self.pictures = pictures[:answered + 1]
        self.steps = [Step(i, *asked[i][:3], self.pictures[i + 1][2], self.pictures[i + 1][1], asked[i][3])
                      for i in range(answered)]
        self.answers = list(answers[:answered])
        self.over = played.game.over

    def __len__(self) -> int:
        return len(self.steps)

    def state_at(self, index: int) -> GameState:
        """The table after decision ``index`` (-1: before the first), its log cut to that moment."""
        frame, log_len, _ = self.pictures[index + 1]
        frame.log = self.log[:log_len]
        return frame

    def next_activation(self, index: int, direction: int) -> int:
        """Forward: the last decision before the next model is nominated; back: the same, one activation earlier."""
        j = index + direction
        while 0 <= j < len(self.steps) - 1 and self.steps[j + 1].kind != "nominate":
            j += direction
        return max(-1, min(len(self.steps) - 1, j))

    def turn_start(self, turn: int) -> int:
        """The decision whose answer began turn ``turn``: the table it shows is that turn's (-1, before the first
        decision, for the first turn)."""
        if turn <= 1:
            return -1
        return next((s.index for s in self.steps if s.turn >= turn), len(self.steps) - 1)

    @property
    def turns(self) -> int:
        return max((s.turn for s in self.steps), default=1)
