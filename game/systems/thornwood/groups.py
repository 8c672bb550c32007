"""Groups and their leaders ([TW-GRP-1], [TW-GRP-2]).

A group is a side's figures on the table each within 2″ (base edge to base edge) of another member: the chains
of 2″ gaps, found afresh whenever the rules ask, so a group re-forms as its figures move ([TW-GRP-1]: a figure
that strays beyond 2″ of every friend is a group of its own until it rejoins one).
"""

from __future__ import annotations

import math
from collections.abc import Collection

from game.systems.thornwood.band import FigureType
from game.systems.thornwood.state import FigureState, TwState

GROUP_GAP = 2.0  # [TW-GRP-1]


def gap(a: FigureState, b: FigureState) -> float:
    return math.dist((a.x, a.y), (b.x, b.y)) - a.radius - b.radius


def chains(figures: list[FigureState], within: float = GROUP_GAP) -> list[list[FigureState]]:
    """The figures split into chains of gaps of at most ``within`` inches, each in the given order, the chains
    by their first figure."""
    order = {f.id: i for i, f in enumerate(figures)}
    left = list(figures)
    out: list[list[FigureState]] = []
    while left:
        group = [left.pop(0)]
        grew = True
        while grew:
            near = [f for f in left if any(gap(f, g) <= within + 1e-9 for g in group)]
            grew = bool(near)
            group += near
            taken = {f.id for f in near}
            left = [f for f in left if f.id not in taken]
        out.append(sorted(group, key=lambda f: order[f.id]))
    return out


def groups_of(state: TwState, side: int, among: list[str] | None = None) -> list[list[FigureState]]:
    """The side's groups as its figures stand ([TW-GRP-1]); ``among``: only these figures (the activated)."""
    figures = [f for f in state.side_figures(side) if f.on_table and (among is None or f.id in among)]
    return chains(figures)


def leader(group: list[FigureState], stood: Collection[str] = ()) -> FigureState:
    """[TW-GRP-2]: the chief, else a companion, standing; else the best CV standing; else the best CV.
    ``stood``: figures counted as standing (who led the group before they fell)."""
    standing = [f for f in group if f.standing or f.id in stood] or group
    return min(standing, key=lambda f: (_rank(f.profile.type.row.lead), -f.cv, group.index(f)))


def _rank(lead: int | None) -> int:
    return 9 if lead is None else lead


def led(group: list[FigureState]) -> bool:
    """Led by a chief or a companion still standing ([TW-ACT-2], [TW-CC-1], [TW-CC-2])."""
    return any(f.standing and f.profile.type.row.lead is not None for f in group)


def has_chief(group: list[FigureState]) -> bool:
    return any(f.standing and f.profile.type is FigureType.chief for f in group)


def name_of(group: list[FigureState]) -> str:
    """How a player reads a group: its leader's, and how many more."""
    lead = leader(group)
    return lead.name if len(group) == 1 else f"{lead.name}'s group ({len(group)})"


def group_of(state: TwState, fid: str) -> list[FigureState]:
    f = state.figure(fid)
    for g in groups_of(state, f.side):
        if any(m.id == fid for m in g):
            return g
    return [f]
