"""The party builder's buttons as typed commands, and the one part that carries them out.

Every button, widget or drawn, carries its ``Command`` (``SetSize("small")``, ``Step("MA", +1)``,
``Tool.UNDO``); ``BuilderActions.run`` matches on its type. A command's ``key`` names its button for the
tests and the tools ("size:small", "step:MA:+", "undo"); it is never read back into a command.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame_gui

from game.builder.document import SIZES
from game.builder.verdict import judge
from game.content.catalog import catalog
from game.ui.scenes import common

if TYPE_CHECKING:
    from game.ui.scenes.builder import BuilderScene


@dataclass(frozen=True)
class OpenRule:
    """The rules reference at this rule (a rule ID in brackets clicked)."""

    rule: str

    @property
    def key(self) -> str:
        return f"rule:{self.rule}"


@dataclass(frozen=True)
class SetSize:
    size: str

    @property
    def key(self) -> str:
        return f"size:{self.size}"


@dataclass(frozen=True)
class AddModel:
    kind: str

    @property
    def key(self) -> str:
        return f"add:{self.kind}"


@dataclass(frozen=True)
class SelectModel:
    index: int

    @property
    def key(self) -> str:
        return f"model:{self.index}"


@dataclass(frozen=True)
class GoToProblem:
    index: int

    @property
    def key(self) -> str:
        return f"problem:{self.index}"


@dataclass(frozen=True)
class SetType:
    kind: str

    @property
    def key(self) -> str:
        return f"type:{self.kind}"


@dataclass(frozen=True)
class Step:
    """An attribute of the chosen model one up (+1) or down (-1)."""

    attribute: str
    delta: int

    @property
    def key(self) -> str:
        return f"step:{self.attribute}:{'+' if self.delta > 0 else '-'}"


@dataclass(frozen=True)
class ChooseSkill:
    """The skill of the next weapon entry."""

    skill: str

    @property
    def key(self) -> str:
        return f"skill:{self.skill}"


@dataclass(frozen=True)
class DeleteWeapon:
    index: int

    @property
    def key(self) -> str:
        return f"weapon_del:{self.index}"


@dataclass(frozen=True)
class DeleteTrait:
    index: int

    @property
    def key(self) -> str:
        return f"trait_del:{self.index}"


@dataclass(frozen=True)
class SetChoice:
    """A named choice of the chosen model: its master (``pet_of``) or its blessed weapon (``blessed_weapon``)."""

    field: str
    name: str

    @property
    def key(self) -> str:
        return f"{self.field}:{self.name}"


@dataclass(frozen=True)
class PickTrait:
    """A trait in the trait picker's list: shown, or taken when it is the one shown."""

    trait: str

    @property
    def key(self) -> str:
        return f"trait:{self.trait}"


class Tool(enum.Enum):
    """The buttons that take no argument. The value names the button."""

    ADD_WEAPON = "add_weapon"
    ADD_TRAIT = "add_trait"
    UP = "up"
    DOWN = "down"
    COPY = "dup"
    REMOVE = "remove"
    UNDO = "undo"
    REDO = "redo"
    SAVE = "save"
    ROSTER = "roster"
    TRY = "try"
    BACK = "back"
    TAKE_TRAIT = "take"  # the trait picker's Take it
    CLOSE = "close"  # a dialog's Close

    @property
    def key(self) -> str:
        return self.value


Command = (OpenRule | SetSize | AddModel | SelectModel | GoToProblem | SetType | Step | ChooseSkill | DeleteWeapon
           | DeleteTrait | SetChoice | PickTrait | Tool)


class BuilderActions:
    """Carries out the builder's commands on its document and selection."""

    def __init__(self, scene: BuilderScene):
        self.scene = scene

    def run(self, cmd: Command) -> None:
        s = self.scene
        if not isinstance(cmd, OpenRule):
            s.status, s.status_bad = "", False
        match cmd:
            case OpenRule(rule):  # the rules reference at that rule, as the battle's rule links open it
                from game.ui.scenes.rules import open_rules

                open_rules(s.app, rule)
                return
            case SetSize(size):
                self._size(size)
            case AddModel(kind):
                s.selected = s.doc.add_model(kind)
            case SelectModel(index):
                s.selected = index
            case GoToProblem(index):
                s.go_to_problem(index)
                return
            case SetType(kind):
                s.doc.set_type(s.selected, kind)
            case Step(attribute, delta):
                s.doc.step_attribute(s.selected, attribute, delta)
            case ChooseSkill(skill):
                s.weapon_skill = skill
            case DeleteWeapon(index):
                s.doc.remove_weapon(s.selected, index)
            case DeleteTrait(index):
                s.doc.remove_trait(s.selected, index)
            case SetChoice(field, name):
                s.doc.set_model(s.selected, field, name)
            case Tool():
                self._tool(cmd)
                return
            case PickTrait():  # the trait picker's own (TraitPicker.run)
                return
        s.refresh()

    def _tool(self, tool: Tool) -> None:
        s = self.scene
        match tool:
            case Tool.ADD_WEAPON:
                self._add_weapon()
            case Tool.ADD_TRAIT:
                self._add_trait()
            case Tool.UP | Tool.DOWN:
                s.selected = s.doc.move_model(s.selected, s.selected + (-1 if tool is Tool.UP else 1))
                s.refresh()
            case Tool.COPY:
                s.selected = s.doc.duplicate_model(s.selected)
                s.refresh()
            case Tool.REMOVE:
                s.doc.remove_model(s.selected)
                s.selected = min(s.selected, len(s.doc.models()) - 1)
                s.refresh()
            case Tool.UNDO | Tool.REDO:
                s.undo(redo=tool is Tool.REDO)
            case Tool.SAVE:
                s.files.save()
            case Tool.ROSTER:
                from game.ui.scenes.builder_roster import RosterScene

                s.app.push(RosterScene(s.app, s))
            case Tool.TRY if s.campaign is not None and not judge(s.doc.data).playable:
                s.say("Try it plays party files: this campaign party is beyond a new party's budget or numbers "
                      "[CMP-6]", bad=True)
            case Tool.TRY:
                from game.ui.scenes.builder_trial import TrialScene

                s.app.push(TrialScene(s.app, s))
            case Tool.BACK:
                s.files.leave()
            case Tool.TAKE_TRAIT | Tool.CLOSE:  # the trait picker's own
                pass

    def _size(self, size: str) -> None:
        s = self.scene
        s.doc.set_party("size", size)
        for other in SIZES:
            button = s.widgets[SetSize(other).key]
            if isinstance(button, pygame_gui.elements.UIButton):
                common.select(button, other == size)

    def _add_weapon(self) -> None:
        s = self.scene
        name = s.weapon_name.strip() or catalog().skills[s.weapon_skill].name.capitalize()
        s.doc.add_weapon(s.selected, name, s.weapon_skill)
        s.weapon_name = ""
        entry = s.widgets.get("weapon_name")
        if isinstance(entry, pygame_gui.elements.UITextEntryLine):  # the field empty again, for the next weapon
            entry.set_text("")
        s.refresh()

    def _add_trait(self) -> None:
        from game.ui.scenes.builder_traits import TraitPicker

        s = self.scene
        if 0 <= s.selected < len(s.doc.models()):
            s.app.push(TraitPicker(s.app, s))
