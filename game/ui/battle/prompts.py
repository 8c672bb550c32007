"""How a player answers each kind of Decision on the table: click a model, a point or a direction.

The options and every legality verdict come from the Decision itself (its options, its ``check``),
and route previews from the engine's own route finder: nothing here decides a rule. A prompt only
turns the mouse into a candidate answer and shows what the engine says about it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules import board
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Decision
from game.rules.state import PRISONER, GameState
from game.ui import theme
from game.ui.table_view import Camera


def unavailable_lines(decision: Decision) -> list[str]:
    """Why options the rules leave out are not offered (the decision's context "unavailable": each
    {key, label, why}), e.g. an enhancement or a weapon that would leave no eligible target."""
    return [f"Not offered: {u.get('label', u.get('key', '?'))} — {u.get('why', '')}"
            for u in decision.context.get("unavailable") or ()]


@dataclass
class Verdict:
    """What the engine says about the point under the mouse."""

    point: tuple[float, float]
    why_not: str | None
    route: Any = None  # a geometry Route for moves
    snap: Any = None  # the 1″ rule's two ends (contact / stop short) when the move ends too near an enemy


class Prompt:
    """The table side of one pending decision."""

    hint = ""

    def __init__(self, state: GameState, decision: Decision):
        self.state = state
        self.decision = decision

    def model_options(self) -> dict[str, str]:
        """Model id -> option key, for the options a click on a base answers."""
        return {}

    def hover(self, at: tuple[float, float] | None) -> None:
        """The mouse is over the table at ``at`` (inches), or off it."""

    def settle(self) -> None:
        """Once a frame: work out the verdict for the latest hover (mouse motion only records it)."""

    def click(self, at: tuple[float, float]) -> Answer | None:
        """A left click on the table: the answer it gives, or None."""
        return None

    def default(self) -> Answer | None:
        """What Enter answers."""
        return None

    def refusal(self) -> str | None:
        """Why the answer under the mouse would be refused, to show beside the cursor."""
        return None

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        """Previews on the table."""


class ChoicePrompt(Prompt):
    """Options; those naming a model can also be picked by clicking its base."""

    def __init__(self, state: GameState, decision: Decision):
        super().__init__(state, decision)
        self._models = {o.key: o.key for o in decision.options if o.key in state.models}
        if self._models:
            self.hint = "Click a highlighted model, or pick from the list."
        elif decision.kind.hint:  # (the plan's)
            self.hint = decision.kind.hint
        else:
            self.hint = "Pick an option (keys 1-9 or click)."

    def model_options(self) -> dict[str, str]:
        return self._models

    def click(self, at: tuple[float, float]) -> Answer | None:
        mid = model_at(self.state, at, list(self._models))
        return self._models.get(mid) if mid else None

    def default(self) -> Answer | None:
        keys = self.decision.choices()
        for safe in ("pass", "stop", "end"):
            if safe in keys:
                return safe
        return keys[0] if len(keys) == 1 else None


class PointPrompt(Prompt):
    """A free point: the engine's check gives the verdict under the mouse; moves show their route."""

    def __init__(self, state: GameState, decision: Decision):
        super().__init__(state, decision)
        self.hint = decision.kind.hint or "Click a point on the table."
        self.verdict: Verdict | None = None
        ctx = decision.context
        self.model = state.models.get(ctx.get("model", ""))
        self.candidates = [(c["x"], c["y"]) for c in ctx.get("candidates") or []]
        self.allowance = ctx.get("allowance")
        self._want: tuple[float, float] | None = None
        self._raw: tuple[float, float] | None = None  # the point under the mouse when _want snapped to a contact
        self.engaging: str | None = None  # the enemy the snapped point engages

    def hover(self, at: tuple[float, float] | None) -> None:
        if at is None:
            self._want, self.verdict = None, None
            return
        target = self.state.models.get(self.decision.context.get("target", ""))
        if self.decision.kind is DecisionKind.charge_end and target is not None and self.model is not None:
            # a charge ends in base contact ([DIG-MOVE-4]): the cursor snaps to the ring of contact points
            dx, dy = at[0] - target.x, at[1] - target.y
            d = math.hypot(dx, dy) or 1.0
            reach = target.radius + self.model.radius
            self._want = (target.x + dx / d * reach, target.y + dy / d * reach)
            return
        self._want = (round(at[0] * 20) / 20, round(at[1] * 20) / 20)  # 0.05″: what a hand can place
        self._raw, self.engaging = None, None
        if self.decision.kind is DecisionKind.move_to and self.model is not None:
            self._snap_to_contact()

    def _snap_to_contact(self) -> None:
        """Pointing at an enemy's base or within 1″ of touching it means to engage it ([DIG-MOVE-3]): the end
        snaps to the contact point the engine would offer, as a charge's does (``settle`` falls back to the point
        itself when that contact cannot be reached)."""
        from game.core.vec import Vec2
        from game.geometry.routes import engaging_end

        assert self._want is not None and self.model is not None
        found = engaging_end(board.battlefield(self.state), self.model.id, Vec2(*self._want))
        if found is not None:
            self._raw, self._want = self._want, (found[1].x, found[1].y)
            self.engaging = found[0]

    def settle(self) -> None:
        at = self._want
        if at is None or (self.verdict is not None and self.verdict.point == at):
            return
        why = self.decision.check({"x": at[0], "y": at[1]}) if self.decision.check else None
        if why is not None and self._raw is not None:  # the contact cannot be had: the point itself, as it is
            self._want, self._raw, self.engaging = self._raw, None, None
            self.settle()
            return
        route = None
        if self.decision.kind is DecisionKind.move_to and self.model is not None and self.allowance is not None:
            from game.geometry.routes import end_options
            from game.rules.movement import route_to

            bf = board.battlefield(self.state)
            route = route_to(bf, self.model.id, at, float(self.allowance))
            snap = end_options(bf, self.model.id, route) if why is None else None
            self.verdict = Verdict(at, why, route, snap)
            return
        self.verdict = Verdict(at, why, route)

    def click(self, at: tuple[float, float]) -> Answer | None:
        self.hover(at)
        self.settle()
        if self.verdict is None or self.verdict.why_not:
            return None
        return {"x": self.verdict.point[0], "y": self.verdict.point[1]}

    def refusal(self) -> str | None:
        return self.verdict.why_not if self.verdict else None

    def default(self) -> Answer | None:
        d = self.decision.context.get("default")
        if d:
            return {"x": d["x"], "y": d["y"]}
        if self.candidates:
            middle = self.decision.kind is DecisionKind.deploy  # (a deployment's spots run along its zone)
            x, y = self.candidates[len(self.candidates) // 2] if middle else self._towards_the_fight()
            return {"x": x, "y": y}
        return None

    def _towards_the_fight(self) -> tuple[float, float]:
        """A move's suggestion: the offered end nearest the nearest enemy (by the rules' distance), or the
        farthest from it for a Disengage; the first offered end when there is no enemy."""
        from game.rules import board

        foe = board.nearest_enemy(self.state, self.model) if self.model is not None else None
        if foe is None:
            return self.candidates[0]
        away = self.decision.context.get("action") == "disengage"
        pool = self._ready_for_the_rest() or self.candidates
        return (max if away else min)(pool, key=lambda c: math.hypot(c[0] - foe.x, c[1] - foe.y))

    def _ready_for_the_rest(self) -> list[tuple[float, float]]:
        """The offered ends from which the rest of the declared plan could succeed, as the rules' readiness
        judges it there (a walk before an aimed shot: the ends with an enemy in sight and range), in a what-if
        on a copy of the state; none when nothing follows the move."""
        from game.rules.events import EventKind
        from game.rules.readiness import why_not_now

        model, action = self.model, self.decision.context.get("action")
        if model is None or not action:
            return []
        plan = next((list(e.data.get("plan") or []) for e in reversed(self.state.log)
                     if e.kind == EventKind.PlanDeclared and e.data.get("model") == model.id), [])
        later = plan[plan.index(action) + 1:] if action in plan else []
        if not later:
            return []
        what_if = self.state.copy()
        there = what_if.model(model.id)
        ready = []
        for c in self.candidates[:40]:
            there.x, there.y = c
            if all(why_not_now(what_if, there, kind) is None for kind in later):
                ready.append(c)
        return ready

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        from game.rules.movement import rough_note
        from game.ui.battle import previews

        for x, y in self.candidates[:400]:
            pygame.draw.circle(surface, (255, 255, 255), cam.to_px((x, y)), 2)
        v = self.verdict
        if v is None:
            return
        radius = self.model.radius if self.model is not None else 0.5
        facing = self.model.facing if self.model is not None else 0.0
        route = v.route
        if route is not None and route.move is not None and self.allowance is not None:
            warning = rough_note(self.model, route.move) if self.model is not None else ""
            previews.draw_route(surface, cam, [(p.x, p.y) for p in route.waypoints], route.cost,
                                float(self.allowance), v.why_not is None, warning)
        previews.draw_ghost_base(surface, cam, v.point[0], v.point[1], radius, facing, v.why_not is None)
        f = theme.font(max(11, round(cam.scale * 0.6)), bold=True)
        if self.engaging is not None and v.why_not is None:  # snapped: the end engages that enemy
            foe = self.state.models.get(self.engaging)
            self._caption(surface, cam, f, v.point, f"engage {foe.name if foe else ''}".strip(), radius)
        if v.snap is not None:  # [DIG-MOVE-3]: the move will end in contact or 1″ short, the player's choice
            ends = [(v.snap.stop_short, "stop 1″ short")]
            if v.snap.contact is not None:
                ends.append((v.snap.contact, "or engage"))
            for p, text in ends:
                c = cam.to_px((p.x, p.y))
                pygame.draw.circle(surface, theme.ACCENT, c, max(3, round(radius * cam.scale)), 2)
                self._caption(surface, cam, f, (p.x, p.y), text, radius)

    def _caption(self, surface: pygame.Surface, cam: Camera, font: Any, at: tuple[float, float], text: str,
                 radius: float) -> None:
        """A caption beside an end point, on the first side where it covers no model's base."""
        label = font.render(text, True, theme.ACCENT, (0, 0, 0))
        c = cam.to_px(at)
        gap = round(radius * cam.scale) + 4
        w, h = label.get_size()
        spots = [(c[0] + gap, c[1] - h // 2), (c[0] - gap - w, c[1] - h // 2), (c[0] - w // 2, c[1] + gap),
                 (c[0] - w // 2, c[1] - gap - h)]
        tokens = [(cam.to_px((m.x, m.y)), m.radius * cam.scale) for m in self.state.models.values()
                  if m.on_table and (self.model is None or m.id != self.model.id)]
        pick = next((s for s in spots if not any(_covers(pygame.Rect(s, (w, h)), tc, tr) for tc, tr in tokens)),
                    spots[0])
        surface.blit(label, pick)


def _covers(rect: pygame.Rect, centre: tuple[int, int], radius: float) -> bool:
    """Whether a rectangle overlaps a disc (a token on the table)."""
    nx = min(max(centre[0], rect.left), rect.right)
    ny = min(max(centre[1], rect.top), rect.bottom)
    return (nx - centre[0]) ** 2 + (ny - centre[1]) ** 2 < radius * radius


class AnglePrompt(Prompt):
    """A facing: the direction from the model to the mouse."""

    hint = "Move the mouse to turn the model, click to set its facing; Enter keeps the current facing."

    def __init__(self, state: GameState, decision: Decision):
        super().__init__(state, decision)
        self.model = state.models.get(decision.context.get("model", ""))
        self.angle: float | None = None

    def hover(self, at: tuple[float, float] | None) -> None:
        if at is None or self.model is None:
            self.angle = None
            return
        dx, dy = at[0] - self.model.x, at[1] - self.model.y
        if math.hypot(dx, dy) < 0.05:
            return
        self.angle = round(math.degrees(math.atan2(dy, dx)) % 360.0, 1)

    def click(self, at: tuple[float, float]) -> Answer | None:
        self.hover(at)
        return self.angle

    def default(self) -> Answer | None:
        return float(self.decision.context.get("current", self.model.facing if self.model else 0.0))

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        if self.model is None or self.angle is None:
            return
        from game.ui.battle import previews

        previews.draw_front_arc(surface, cam, self.model, self.angle)  # the arc as the answer would turn it
        c = cam.to_px((self.model.x, self.model.y))
        length = (self.model.radius + 1.5) * cam.scale
        tip = (c[0] + math.cos(math.radians(self.angle)) * length, c[1] + math.sin(math.radians(self.angle)) * length)
        pygame.draw.line(surface, theme.ACCENT, c, tip, 3)
        label = theme.font(14, bold=True).render(f"{self.angle:.0f}°", True, theme.ACCENT, (0, 0, 0))
        surface.blit(label, (tip[0] + 4, tip[1] - 8))



def prompt_for(state: GameState, decision: Decision) -> Prompt:
    if decision.free == "point":
        return PointPrompt(state, decision)
    if decision.free == "angle":
        return AnglePrompt(state, decision)
    return ChoicePrompt(state, decision)


def model_at(state: GameState, at: tuple[float, float], among: list[str] | None = None) -> str | None:
    """The base under a table point (the nearest centre if bases touch)."""
    best, best_d = None, math.inf
    for m in state.models.values():
        if among is not None and m.id not in among:
            continue
        if not (m.on_table or m.status == PRISONER):
            continue
        d = math.hypot(m.x - at[0], m.y - at[1])
        if d <= m.radius + 0.15 and d < best_d:
            best, best_d = m.id, d
    return best
