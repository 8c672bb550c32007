"""A move interrupted on its way: reactions at points along a path, each able to stop it there (issue 39).

Some rules act in the middle of a move, not before or after it: Gearfall's free strike as the mover leaves an
enemy's reach, Flint and Feather's Ambush as a figure comes into sight. The kernel's part is the walk itself:
the mover is put at each stop in turn, the stop's reaction is run (asking its decisions through the rules'
generator like any other rule), and the walk ends there if the reaction says so. Which stops a move has, and
what a reaction does, is the system's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.core.vec import Vec2

T = TypeVar("T")


@dataclass(frozen=True)
class Stop(Generic[T]):
    """A point of a path where something may happen: ``along`` inches from its start, and what (the system's)."""

    along: float
    what: T


def cut(path: Sequence[Vec2], along: float) -> tuple[tuple[Vec2, ...], tuple[Vec2, ...]]:
    """The path walked up to ``along`` inches and the rest from there (both hold the point at ``along``)."""
    walked, rest_from = [path[0]], len(path)
    at = path[0]
    done = 0.0
    for i in range(1, len(path)):
        seg = math.dist(path[i - 1], path[i])
        if done + seg >= along:
            t = 0.0 if seg == 0 else (along - done) / seg
            a, b = path[i - 1], path[i]
            at = Vec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            rest_from = i
            break
        done += seg
        walked.append(path[i])
        at = path[i]
    if rest_from == len(path):
        return tuple(walked), (at,)
    if at != walked[-1]:
        walked.append(at)
    return tuple(walked), (at, *path[rest_from:])


def walk(path: Sequence[Vec2], stops: Sequence[Stop[T]], place: Callable[[Vec2], None],
         react: Callable[[Stop[T]], Generator[Any, Any, bool]]) -> Generator[Any, Any, Vec2]:
    """Walk ``path`` (its first point where the mover stands), putting the mover at each stop in the order of
    ``along`` and running its reaction there; a reaction that returns True ends the walk where it stands. The
    mover ends at the path's last point otherwise. Returns where the walk ended."""
    end = path[-1]
    for stop in sorted(stops, key=lambda s: s.along):
        walked, _ = cut(path, stop.along)
        place(walked[-1])
        if (yield from react(stop)):
            return walked[-1]
    place(end)
    return end
