"""Events: every change of the game state, with the numbers that explain it.

The battle log, the UI and many tests read these; ``text`` is the line a player
reads, ``data`` the structured detail (dice, modifiers with rule and source).
An event's ``kind`` is an :class:`EventKind`: clients compare it with the enum's
members, never with a string of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from game.core.kinds import EVENT_KINDS
from game.rules.payloads import EventData


class EventKind(StrEnum):
    """Every kind of event the rules emit. A member's name is its value, the string saves store, so a save
    written before the enum loads unchanged and a search for the kind finds every use. ``emit`` takes the
    name and turns it into the member (a kind missing here fails at once); a test keeps every name an
    emitter writes a member. Slayer is a trait roll's extra wound, logged under the trait's name."""

    ActionSkipped = "ActionSkipped"
    ActionStarted = "ActionStarted"
    Activation = "Activation"
    ActivationRoll = "ActivationRoll"
    AgileEscape = "AgileEscape"
    AmbushArrives = "AmbushArrives"
    AmbushRoll = "AmbushRoll"
    AmbushWaits = "AmbushWaits"
    AreaHit = "AreaHit"
    AreaMiss = "AreaMiss"
    AttackDeclared = "AttackDeclared"
    AttackResolved = "AttackResolved"
    BagEmpty = "BagEmpty"
    BlastAttack = "BlastAttack"
    Brutal = "Brutal"
    BurnOut = "BurnOut"
    ConditionsEnded = "ConditionsEnded"
    Confused = "Confused"
    Control = "Control"
    DeathOfAHero = "DeathOfAHero"
    Deployed = "Deployed"
    DeploymentDone = "DeploymentDone"
    DiceRerolled = "DiceRerolled"
    DiceRolled = "DiceRolled"
    DieDrawn = "DieDrawn"
    DieSetAside = "DieSetAside"
    DuelCritical = "DuelCritical"
    DuelInjury = "DuelInjury"
    DuelScore = "DuelScore"
    EdgeChosen = "EdgeChosen"
    EncounterChosen = "EncounterChosen"
    Entangled = "Entangled"
    Escaped = "Escaped"
    EventFailed = "EventFailed"
    EventRoll = "EventRoll"
    ExtraTurnRoll = "ExtraTurnRoll"
    FateSpent = "FateSpent"
    FullDefense = "FullDefense"
    GameDecided = "GameDecided"
    GameEnding = "GameEnding"
    GameOver = "GameOver"
    GameStarted = "GameStarted"
    Healed = "Healed"
    HeldInAmbush = "HeldInAmbush"
    HeldInReserve = "HeldInReserve"
    HeroicImpetus = "HeroicImpetus"
    Killed = "Killed"
    Maintenance = "Maintenance"
    MarkerNotPlaced = "MarkerNotPlaced"
    MarkerPlaced = "MarkerPlaced"
    Misfire = "Misfire"
    ModelMoved = "ModelMoved"
    NoPrisoner = "NoPrisoner"
    NoRoom = "NoRoom"
    PieceAdded = "PieceAdded"
    PieceMissing = "PieceMissing"
    PieceRemoved = "PieceRemoved"
    PieceReplaced = "PieceReplaced"
    PlanDeclared = "PlanDeclared"
    PrisonerNotPlaced = "PrisonerNotPlaced"
    PrisonerPlaced = "PrisonerPlaced"
    PrisonerTaken = "PrisonerTaken"
    Pushed = "Pushed"
    QuickFireLost = "QuickFireLost"
    ReinforcementArrives = "ReinforcementArrives"
    ReinforcementWaits = "ReinforcementWaits"
    Removed = "Removed"
    RescueBlocked = "RescueBlocked"
    Rescued = "Rescued"
    Role = "Role"
    RoleChosen = "RoleChosen"
    RoughIgnored = "RoughIgnored"
    RoughTerrain = "RoughTerrain"
    RunDeclared = "RunDeclared"
    ScenarioEvent = "ScenarioEvent"
    ScoreBreakdown = "ScoreBreakdown"
    ScoreRoll = "ScoreRoll"
    Scored = "Scored"
    Scores = "Scores"
    ScoringSwitched = "ScoringSwitched"
    SetupRoll = "SetupRoll"
    ShookOff = "ShookOff"
    SideWipedOut = "SideWipedOut"
    Slayer = "Slayer"
    SpellCast = "SpellCast"
    SpellNoEffect = "SpellNoEffect"
    SpellResisted = "SpellResisted"
    SpellResolved = "SpellResolved"
    Spray = "Spray"
    Stealth = "Stealth"
    StealthLost = "StealthLost"
    StoryTold = "StoryTold"
    StunIgnored = "StunIgnored"
    Stunned = "Stunned"
    TakenBack = "TakenBack"
    TieBroken = "TieBroken"
    ToughLost = "ToughLost"
    TraitRoll = "TraitRoll"
    TurnStarted = "TurnStarted"
    Turned = "Turned"
    VariableChanged = "VariableChanged"
    Victory = "Victory"
    VictoryMessage = "VictoryMessage"
    Weakened = "Weakened"
    WeaponCleared = "WeaponCleared"
    WindsOfKismet = "WindsOfKismet"
    Wounded = "Wounded"

    @classmethod
    def of(cls, kind: str) -> EventKind:
        """The member named ``kind`` (ValueError naming it when there is none)."""
        return EVENT_KINDS.of(kind)  # type: ignore[return-value]


EVENT_KINDS.add("iron-honor", EventKind, "game/rules/events.py")


@dataclass(frozen=True)
class Event:
    kind: EventKind  # e.g. EventKind.DiceRolled; a str only in an event of a save made by a later version
    text: str
    data: EventData = field(default_factory=lambda: EventData())
    turn: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "turn": self.turn, "text": self.text, "data": self.data}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        kind = d["kind"]
        known = EVENT_KINDS.of(kind) if kind in EVENT_KINDS else kind  # any system's kind, by the one registry
        return cls(cast(EventKind, known), d["text"], cast(EventData, dict(d.get("data", {}))), int(d.get("turn", 0)))
