"""Battlefield geometry: distances, arcs, LOS and cover, paths, charges and pushes on a pymunk index.

Only this package imports pymunk; nothing here is game state.
"""

from game.geometry.battlefield import CONTACT_TOLERANCE, BaseRecord, Battlefield, base_radius
from game.geometry.charges import ChargeEnds, ChargeLane, charge_ends, charge_lane, chosen_lane
from game.geometry.los import LosResult, SightLine, line_of_sight, line_of_sight_turned
from game.geometry.paths import MoveCheck, check_move
from game.geometry.pushes import SHOVE, SPELL, PushResult, push, quake
from game.geometry.reach import free_end
from game.geometry.routes import Route, end_options, shortest_route

__all__ = [
    "CONTACT_TOLERANCE", "SHOVE", "SPELL", "BaseRecord", "Battlefield", "ChargeEnds", "ChargeLane", "LosResult",
    "MoveCheck", "PushResult", "Route", "SightLine", "base_radius", "charge_ends", "charge_lane", "check_move",
    "chosen_lane", "end_options", "free_end", "line_of_sight", "line_of_sight_turned", "push", "quake",
    "shortest_route",
]
