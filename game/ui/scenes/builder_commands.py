"""The party builder's buttons as typed commands, and the one part that carries them out.

A widget's name ("size:small", "step:str:+", "undo") is read once into a ``Command``; a table maps
each ``Verb`` to its handler, so the scene dispatches by type, not by comparing strings.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame_gui

from game.builder.document import SIZES
from game.content.catalog import catalog
from game.ui.scenes import common

if TYPE_CHECKING:
    from game.ui.scenes.builder import BuilderScene


class Verb(enum.Enum):
    RULE = "rule"
    SIZE = "size"
    ADD = "add"
    MODEL = "model"
    PROBLEM = "problem"
    TYPE = "type"
    STEP = "step"
    SKILL = "skill"
    ADD_WEAPON = "add_weapon"
    WEAPON_DEL = "weapon_del"
    TRAIT_DEL = "trait_del"
    ADD_TRAIT = "add_trait"
    PET_OF = "pet_of"
    BLESSED_WEAPON = "blessed_weapon"
    UP = "up"
    DOWN = "down"
    DUP = "dup"
    REMOVE = "remove"
    UNDO = "undo"
    REDO = "redo"
    SAVE = "save"
    ROSTER = "roster"
    TRY = "try"
    BACK = "back"


@dataclass(frozen=True)
class Command:
    verb: Verb
    arg: str = ""

    @staticmethod
    def of(key: str) -> Command | None:
        """The command a widget name stands for, or None for a widget that is no button."""
        head, _, arg = key.partition(":")
        try:
            return Command(Verb(head), arg)
        except ValueError:
            return None


class BuilderActions:
    """Carries out the builder's commands on its document and selection."""

    def __init__(self, scene: BuilderScene):
        self.scene = scene
        self.table: dict[Verb, Callable[[str], object]] = {
            Verb.RULE: self._rule, Verb.SIZE: self._size, Verb.ADD: self._add,
            Verb.MODEL: lambda a: scene.select(int(a)), Verb.PROBLEM: lambda a: scene.go_to_problem(int(a)),
            Verb.TYPE: self._type, Verb.STEP: self._step, Verb.SKILL: self._skill,
            Verb.ADD_WEAPON: self._add_weapon, Verb.WEAPON_DEL: self._weapon_del, Verb.TRAIT_DEL: self._trait_del,
            Verb.ADD_TRAIT: self._add_trait, Verb.PET_OF: self._pet_of, Verb.BLESSED_WEAPON: self._blessed,
            Verb.UP: lambda a: self._move(-1), Verb.DOWN: lambda a: self._move(1), Verb.DUP: self._dup,
            Verb.REMOVE: self._remove, Verb.UNDO: lambda a: scene.undo(), Verb.REDO: lambda a: scene.undo(redo=True),
            Verb.SAVE: lambda a: scene.save(), Verb.ROSTER: self._roster, Verb.TRY: self._try,
            Verb.BACK: lambda a: scene.leave_builder(),
        }

    def run(self, cmd: Command) -> None:
        if cmd.verb is not Verb.RULE:
            self.scene.status, self.scene.status_bad = "", False
        self.table[cmd.verb](cmd.arg)

    def _rule(self, arg: str) -> None:  # the rules reference at that rule, as the battle's rule links open it
        from game.ui.scenes.rules import open_rules

        open_rules(self.scene.app, arg)

    def _size(self, arg: str) -> None:
        s = self.scene
        s.doc.set_party("size", arg)
        for size in SIZES:
            button = s.widgets[f"size:{size}"]
            if isinstance(button, pygame_gui.elements.UIButton):
                common.select(button, size == arg)
        s.refresh()

    def _add(self, arg: str) -> None:
        self.scene.selected = self.scene.doc.add_model(arg)
        self.scene.refresh()

    def _type(self, arg: str) -> None:
        self.scene.doc.set_type(self.scene.selected, arg)
        self.scene.refresh()

    def _step(self, arg: str) -> None:
        attr, sign = arg.split(":")
        self.scene.doc.step_attribute(self.scene.selected, attr, 1 if sign == "+" else -1)
        self.scene.refresh()

    def _skill(self, arg: str) -> None:
        self.scene.weapon_skill = arg
        self.scene.refresh()

    def _add_weapon(self, arg: str) -> None:
        s = self.scene
        name = s.weapon_name.strip() or catalog().skills[s.weapon_skill].name.capitalize()
        s.doc.add_weapon(s.selected, name, s.weapon_skill)
        s.weapon_name = ""
        entry = s.widgets.get("weapon_name")
        if isinstance(entry, pygame_gui.elements.UITextEntryLine):  # the field empty again, for the next weapon
            entry.set_text("")
        s.refresh()

    def _weapon_del(self, arg: str) -> None:
        self.scene.doc.remove_weapon(self.scene.selected, int(arg))
        self.scene.refresh()

    def _trait_del(self, arg: str) -> None:
        self.scene.doc.remove_trait(self.scene.selected, int(arg))
        self.scene.refresh()

    def _add_trait(self, arg: str) -> None:
        from game.ui.scenes.builder_traits import TraitPicker

        s = self.scene
        if 0 <= s.selected < len(s.doc.models()):
            s.app.push(TraitPicker(s.app, s))

    def _pet_of(self, arg: str) -> None:
        self.scene.doc.set_model(self.scene.selected, "pet_of", arg)
        self.scene.refresh()

    def _blessed(self, arg: str) -> None:
        self.scene.doc.set_model(self.scene.selected, "blessed_weapon", arg)
        self.scene.refresh()

    def _move(self, step: int) -> None:
        s = self.scene
        s.selected = s.doc.move_model(s.selected, s.selected + step)
        s.refresh()

    def _dup(self, arg: str) -> None:
        self.scene.selected = self.scene.doc.duplicate_model(self.scene.selected)
        self.scene.refresh()

    def _remove(self, arg: str) -> None:
        s = self.scene
        s.doc.remove_model(s.selected)
        s.selected = min(s.selected, len(s.doc.models()) - 1)
        s.refresh()

    def _roster(self, arg: str) -> None:
        from game.ui.scenes.builder_roster import RosterScene

        self.scene.app.push(RosterScene(self.scene.app, self.scene))

    def _try(self, arg: str) -> None:
        from game.ui.scenes.builder_trial import TrialScene

        self.scene.app.push(TrialScene(self.scene.app, self.scene))
