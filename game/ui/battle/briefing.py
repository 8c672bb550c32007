"""What the players read of the scenario: its briefing and each side's objectives on a card before the battle
(after the set-up choices, before the first model is deployed) and on request (the Objectives button, O); in
hotseat each side's own objectives on the hand-off that first passes it the seat while deploying; and the story
a scenario event tells (EventKind.StoryTold) on a card the players dismiss, its text in the log as well.

Part of BattleScene (game/ui/scenes/battle.py): the LogFeed hands it the new events, and each frame it is asked
whether a card is due before a question is shown. The texts are the scenario file's; the sides are named by the
encounter (``named_side``), never worked out here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.content.scoring_text import entry_lines, side_name
from game.rules import scenario_events
from game.rules.decision_kinds import DecisionKind
from game.rules.events import Event, EventKind
from game.rules.state import GameState
from game.ui import theme
from game.ui.scenes.common import readable
from game.ui.scenes.story_card import Section, StoryCard

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene

# the questions that begin the deployment: the briefing comes before the first of them (after the edge choice)
DEPLOYING = (DecisionKind.deploy, DecisionKind.deploy_facing, DecisionKind.place_marker, DecisionKind.place_prisoner)
OBJECTIVES_KEY = pygame.K_o


def objectives_of(state: GameState, side: int) -> str:
    """The scenario's objectives text for a side (named as higher, lower or its role), or ""."""
    enc = state.encounter
    if enc is None:
        return ""
    return next((text for name, text in enc.scenario.objectives.items() if enc.named_side(name) == side), "")


def side_heading(state: GameState, side: int, you: bool) -> str:
    """"Northmen Raiding Party — Raider (you)": the party, the role its side plays (a scenario with roles), whether
    it is the player's."""
    enc = state.encounter
    role = side_name(enc.scenario, enc.ref(side)) if enc is not None and enc.scenario.roles is not None else ""
    return f"{state.sides[side].name}{f' — {role}' if role else ''}{' (you)' if you else ''}"


def briefing_sections(state: GameState, humans: set[int], colour_blind: bool, scoring: bool = False) -> list[Section]:
    """The briefing (else the description), then each side's objectives, the player's side first; with
    ``scoring``, what each scoring entry pays as the game stands (switched on or off by its events)."""
    enc = state.encounter
    if enc is None:
        return []
    scenario = enc.scenario
    out = [Section("", scenario.briefing or scenario.description or "")] \
        if scenario.briefing or scenario.description else []
    you = len(humans) == 1
    for side in sorted((0, 1), key=lambda s: s not in humans):
        text = objectives_of(state, side)
        if text:
            out.append(Section(side_heading(state, side, you and side in humans), text,
                               readable(theme.side_colour(side, colour_blind))))
    if scoring and scenario.scoring:
        lines = []
        for entry in scenario.scoring:
            facts = entry_lines(scenario, entry, scenario_events.is_active(state, entry),
                                lambda s: side_heading(state, enc.named_side(s) or 0, False))
            said = "; ".join([facts[0], *(f[:1].lower() + f[1:] for f in facts[1:])])
            lines.append(f"{entry.name[:1].upper() + entry.name[1:] + ': ' if entry.name else ''}{said}.")
        out.append(Section("How it scores", "\n".join(lines)))
    return out


def has_briefing(state: GameState) -> bool:
    enc = state.encounter
    return enc is not None and bool(enc.scenario.briefing or enc.scenario.objectives)


class Briefing:
    """Owns what the players have been shown: the briefing card (once), the stories still to show, and the sides
    whose objectives a hand-off showed."""

    def __init__(self, scene: BattleScene):
        self.scene = scene
        self.briefed = False
        self.stories: list[Event] = []
        self.handed: set[int] = set()

    def note(self, events: list[Event]) -> None:
        """New events: each story told waits for its card."""
        self.stories += [e for e in events if e.kind == EventKind.StoryTold]

    def story(self) -> bool:
        """A story told and not yet read: shown on a card, and True (the battle, or its results, wait under it)."""
        scene = self.scene
        if not self.stories:
            return False
        e = self.stories.pop(0)
        enc = scene.state.encounter
        title = str(e.data.get("title") or "") or (enc.name if enc is not None else "") or "The story goes on"
        scene.app.push(StoryCard(scene.app, title, [Section("", str(e.data.get("text") or e.text))],
                                 note=str(e.data.get("cite") or "")))
        return True

    def brief(self) -> bool:
        """The briefing before the first deployment question (once): shown on a card, and True."""
        scene = self.scene
        d = scene.session.pending
        if self.briefed or d is None or d.kind not in DEPLOYING or not scene.session.humans \
                or not has_briefing(scene.state):
            return False
        self.briefed = True
        scene.app.push(StoryCard(scene.app, f"{scene.state.encounter.name}: the briefing", self._sections(),
                                 button="To the deployment"))
        return True

    def show_objectives(self) -> None:
        """The Objectives button (O): the briefing, every side's objectives and the scoring as it stands."""
        scene = self.scene
        if scene.state.encounter is None:
            scene.flash("This battle has no encounter: no objectives to show.")
            return
        scene.app.push(StoryCard(scene.app, f"{scene.state.encounter.name}: objectives",
                                 self._sections(scoring=True), close_key=OBJECTIVES_KEY))

    def on_handoff(self, side: int) -> str:
        """Hotseat: the side's own objectives, on the first hand-off to it while deploying ("" after, and before:
        the edge and the roles are chosen first)."""
        d = self.scene.session.pending
        if side in self.handed or d is None or d.kind not in DEPLOYING:
            return ""
        self.handed.add(side)
        return objectives_of(self.scene.state, side)

    def _sections(self, scoring: bool = False) -> list[Section]:
        scene = self.scene
        return briefing_sections(scene.state, scene.session.humans, scene.app.settings.colour_blind, scoring)
