"""The New battle screen's strip of options under the columns: hotseat or the AI, the AI's level, the side the
player plays, the seed, whether plans are declared up front and the rule system's optional rules (a toggle
each, game.core.rule_system). Its groups wrap to new rows in a narrow window.

Part of SetupScene (game/ui/scenes/setup.py): the choices are the scene's BattleSetup and seed text, so a
rebuild keeps them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.systems import get as rule_system
from game.ui.scenes import common
from game.ui.scenes.setup_party import SIDE_NAMES
from game.ui.session import AI_LEVELS, HOTSEAT, VS_AI

if TYPE_CHECKING:
    from game.ui.scenes.setup import SetupScene

Option = tuple[str, str, int, bool | None, str | None]  # (key, text, width, chosen or None for a label, tooltip)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


class OptionStrip:
    """Lays out and answers the option buttons (it keeps nothing of its own)."""

    def __init__(self, scene: SetupScene):
        self.scene = scene

    def groups(self) -> list[list[Option]]:
        """The option groups of the strip, each kept on one row."""
        s, px = self.scene.setup, self.scene.px
        state = "on" if s.declare_plan_upfront else "off"
        options: list[list[Option]] = [
            [(f"option:{o.id}", f"{o.title}: {'on' if o.id in s.options else 'off'}", px(200), o.id in s.options,
              f"[{o.rule}] An optional rule: {o.summary}")] for o in rule_system(s.system).options]
        return [
            [("mode_label", "Mode", px(60), None, None),
             ("mode:hotseat", "Hotseat (two players)", px(190), s.mode == HOTSEAT,
              "Two players at one screen, passing the seat"),
             ("mode:ai", "Against the AI", px(150), s.mode == VS_AI, "You command one side, the computer the other")],
            [("level_label", "AI", px(36), None, None)]
            + [(f"level:{lv}", lv.capitalize(), px(84), s.ai_level == lv, None) for lv in AI_LEVELS],
            [("human_label", "You play", px(84), None, None)]
            + [(f"human:{i}", SIDE_NAMES[i], px(90), s.human_side == i, None) for i in (0, 1)],
            [("seed_label", "Seed", px(60), None, None), ("seed", "", px(130), None, None),
             ("new_seed", "New seed", px(110), False, "A new random seed: the same seed replays the same dice")],
            [("declare", f"Declare plans up front: {state}", px(260), s.declare_plan_upfront,
              "[DIG-ACT-2] Each model declares its whole action plan when it activates (on), "
              "or chooses action by action (off)")],
            *options,
        ]

    def flow(self, width: int, gap: int) -> list[tuple[int, int, list[Option]]]:
        """Groups placed left to right, wrapping to a new row when one does not fit: (row, x, group)."""
        out: list[tuple[int, int, list[Option]]] = []
        row, x = 0, 0
        for group in self.groups():
            need = sum(item[2] + gap for item in group)
            if x > 0 and x + need > width:
                row, x = row + 1, 0
            out.append((row, x, group))
            x += need + self.scene.px(24)
        return out

    def height(self, width: int, gap: int) -> int:
        """The strip's height at ``width``: its rows, each with the gap below it."""
        rows = 1 + max(n for n, _, _ in self.flow(width, gap))
        return (self.scene.px(34) + gap) * rows

    def build(self, r: pygame.Rect, gap: int) -> int:
        """The strip's rows from the top of ``r``; returns the edge below them (the gap included)."""
        scene = self.scene
        row = scene.px(34)
        y = r.y
        for n, x0, group in self.flow(r.w, gap):
            x, y = r.x + x0, r.y + n * (row + gap)
            for key, text, width, chosen, tip in group:
                self._option(key, text, pygame.Rect(x, y, width, row), chosen, tip)
                x += width + gap
        return y + row + gap

    def _option(self, key: str, text: str, rect: pygame.Rect, chosen: bool | None, tip: str | None) -> None:
        """One item of a group: the seed's entry, a label, or a toggle (no AI's level nor side in hotseat)."""
        scene = self.scene
        if key == "seed":
            entry = pygame_gui.elements.UITextEntryLine(rect, scene.manager, container=common.parent(scene),
                                                        initial_text=scene.seed_text)
            entry.set_allowed_characters("numbers")
            entry.set_text_length_limit(9)
            scene.widgets["seed"] = entry
        elif chosen is None:
            el = common.label(scene, key, rect, text)
            el.text_horiz_alignment = "left"
            el.rebuild()
        else:
            b = common.button(scene, key, rect, text, tip)
            common.select(b, chosen)
            if scene.setup.mode == HOTSEAT and key.startswith(("level:", "human:")):
                b.disable()

    def press(self, el: pygame_gui.core.UIElement) -> bool:
        """A button of the strip pressed: the choice it makes is taken (True), else False."""
        scene = self.scene
        w, s = scene.widgets, scene.setup
        if el is w.get("mode:hotseat"):
            s.mode = HOTSEAT
        elif el is w.get("mode:ai"):
            s.mode = VS_AI
        elif any(el is w.get(f"level:{level}") for level in AI_LEVELS):
            s.ai_level = next(level for level in AI_LEVELS if el is w.get(f"level:{level}"))
        elif el is w.get("human:0") or el is w.get("human:1"):
            s.human_side = 0 if el is w.get("human:0") else 1
        elif el is w.get("new_seed"):
            scene.seed_text = str(new_seed())
        elif el is w.get("declare"):
            s.declare_plan_upfront = not s.declare_plan_upfront
        elif (option := next((o.id for o in rule_system(s.system).options if el is w.get(f"option:{o.id}")),
                             None)) is not None:
            s.options = tuple(o for o in s.options if o != option) if option in s.options else (*s.options, option)
        else:
            return False
        return True
