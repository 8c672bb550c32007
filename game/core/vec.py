"""A small immutable 2D vector in table inches (x right, y down; [DIG-1])."""

from __future__ import annotations

import math
from typing import NamedTuple


class Vec2(NamedTuple):
    x: float
    y: float

    def __add__(self, other: tuple[float, float]) -> Vec2:  # type: ignore[override]  # (a tuple's + joins)
        return Vec2(self.x + other[0], self.y + other[1])

    def __sub__(self, other: tuple[float, float]) -> Vec2:
        return Vec2(self.x - other[0], self.y - other[1])

    def __mul__(self, k: float) -> Vec2:  # type: ignore[override]  # (a tuple's * repeats)
        return Vec2(self.x * k, self.y * k)

    def __rmul__(self, k: float) -> Vec2:  # type: ignore[override]
        return Vec2(self.x * k, self.y * k)

    def length(self) -> float:
        return math.hypot(self.x, self.y)

    def dot(self, other: tuple[float, float]) -> float:
        return self.x * other[0] + self.y * other[1]

    def normalized(self) -> Vec2:
        n = self.length()
        return Vec2(0.0, 0.0) if n == 0 else Vec2(self.x / n, self.y / n)

    def distance_to(self, other: tuple[float, float]) -> float:
        return math.hypot(self.x - other[0], self.y - other[1])

    @staticmethod
    def from_angle(degrees: float, length: float = 1.0) -> Vec2:
        """Facing angles are degrees, 0 = +x, 90 = +y ([DIG-1])."""
        r = math.radians(degrees)
        return Vec2(math.cos(r) * length, math.sin(r) * length)

    def angle(self) -> float:
        return math.degrees(math.atan2(self.y, self.x)) % 360.0
