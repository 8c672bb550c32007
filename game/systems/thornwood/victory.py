"""Thornwood's victory points at the end of a game ([TW-WIN-2], FF-R-5).

Plain inputs, no game state: how far the band met its mission, the casualties it caused and suffered (each a
figure type and an outcome), and the renown its Key Characters lost. The values are the victory table of
``data/tables.yaml``; every line of the sum is kept, so the end screen can show how the total came about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from game.systems.thornwood.band import FigureType
from game.systems.thornwood.tables import CHIEF_RENOWN_FACTOR, MISSION_POINTS, victory_value

Mission = Literal["complete", "partial", "none"]


@dataclass(frozen=True)
class VictoryLine:
    """One term of the sum: what it is for, its points (signed) and the rule."""

    source: str
    points: int
    rule: str = "TW-WIN-2"


@dataclass(frozen=True)
class VictoryPoints:
    lines: tuple[VictoryLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def explain(self) -> str:
        terms = " ".join(f"{line.points:+d} {line.source}" for line in self.lines)
        return f"victory points: {terms} = {self.total} [TW-WIN-2]"


def victory_points(mission: Mission, enemy_losses: Sequence[tuple[str, str]] = (),
                   own_losses: Sequence[tuple[str, str]] = (),
                   renown_lost: Sequence[tuple[str, int]] = ()) -> VictoryPoints:
    """[TW-WIN-2]: 100 for a mission complete, 50 partly done (even for the loser); plus each enemy casualty by
    the table, minus each of the band's own; minus the renown its Key Characters lost, the chief's counted
    twice. ``enemy_losses``/``own_losses``: (figure type, outcome) pairs; ``renown_lost``: (figure type, RP)."""
    if mission not in MISSION_POINTS:
        raise ValueError(f"a mission is complete, partial or none, not '{mission}'")
    lines = [VictoryLine(f"mission {mission}", MISSION_POINTS[mission])] if MISSION_POINTS[mission] else []
    lines += [VictoryLine(f"enemy {ftype} {outcome}", victory_value(ftype, outcome))
              for ftype, outcome in enemy_losses if victory_value(ftype, outcome)]
    lines += [VictoryLine(f"own {ftype} {outcome}", -victory_value(ftype, outcome))
              for ftype, outcome in own_losses if victory_value(ftype, outcome)]
    for ftype, rp in renown_lost:
        if ftype not in FigureType.__members__ or not FigureType(ftype).key:  # Key Characters alone
            raise ValueError(f"only Key Characters carry renown, not a '{ftype}'")
        if rp < 0:
            raise ValueError(f"renown lost is not negative, found {rp}")
        factor = CHIEF_RENOWN_FACTOR if FigureType(ftype) is FigureType.chief else 1
        if rp:
            twice = f" x{factor}" if factor != 1 else ""
            lines.append(VictoryLine(f"renown lost by the {ftype}{twice}", -rp * factor))
    return VictoryPoints(tuple(lines))
