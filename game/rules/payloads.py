"""The keys a decision's context and an event's data may hold, typed: what controllers, the odds, the UI and
saves read from the engine's questions and log.

Both are open dictionaries at run time (an event of a save made by a later version may carry more); these
TypedDicts declare every key a client reads, so a misspelt key or a wrong type is a type error where it is
read, not a silent ``None``. ``total=False``: each question or event fills the keys that concern it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:
    from game.rules.attack_profile import AttackProfile
    from game.rules.combat import Attack


class Unavailable(TypedDict, total=False):
    """An option the rules leave out, and why (a weapon, an enhancement)."""

    key: str
    label: str
    why: str


class DecisionContext(TypedDict, total=False):
    model: str  # the model the question is about (the mover, the shooter, the one deploying ...)
    target: str  # a charge's target
    mover: str  # the enemy whose move engages ``model`` (Full Defense)
    caster: str
    action: str  # the action the question belongs to (walk, run, charge, disengage, spell, heal ...)
    ap: int  # the AP a plan is declared for
    allowance: float  # a move's inches
    candidates: Sequence[dict[str, float]]  # offered points (moves, deployment, placement)
    default: dict[str, float] | None  # the suggested point
    current: float  # the model's facing now (a facing question)
    zone: str  # a deployment zone, described
    cite: str  # the rule a placement cites
    modifier: int  # an activation roll's modifier (Cursed Hand)
    unavailable: list[Unavailable]
    modifiers: list[str]  # a move's modifiers, described
    trait: str  # a trait's die (Tough, Slayer ...)
    saves_wound: bool  # that die ignores a wound
    roll: str  # the roll a Fate question is about
    fate: int  # the side's Fate when asked
    losing: bool  # a re-roll choice: the roll is losing
    dice: list[int]  # the dice a re-roll would pick up
    total: int  # the roll's total
    opposed: int  # the other side's total in an opposed roll
    active: bool  # the roll is the active (attacking or casting) side's
    against: int  # the total an area of effect's victim stands against
    attack: Attack  # the attack an Inner Reserve is for
    profile: AttackProfile  # that attack's profile as it stands when asked, with no Inner Reserve yet taken
    area_attack: Attack  # the spread of an area of effect a victim rolls against
    cast: dict[str, Any]  # the casting an Inner Reserve is for (caster, spell, enhancement, targets or target)
    area_spell: str  # the spell an area's victims resist
    system: dict[str, Any]  # a rule system's own facts about its question (another system's keys are its own)


class EventData(TypedDict, total=False):
    rule: str  # the rule the event follows
    model: str
    side: int
    attacker: str
    defender: str
    target: str
    action: str
    attack_kind: str
    roll: str
    attribute: str  # the attribute a roll adds ("RA")
    value: int  # its value
    need: int  # what a trait's die needs
    result: str
    higher: int | None  # the set-up roll's winner
    dice: list[int]
    before: list[int]
    trait_dice: list[dict[str, Any]]  # dice a trait added, each {value, rule, source}
    total: int
    totals: list[int]
    modifiers: list[dict[str, Any]]  # each {value, rule, source}
    success: bool
    hit: bool
    saves_wound: bool
    trait: str
    waypoints: list[list[float]]
    start: list[float]
    end: list[float]
    length: float
    distance: float
    plan: list[str]
    limits: list[str]
    ap: int
    wounds_taken: int
    scores: list[int]
    points: int  # Scored: what the entry awards
    label: str
    reason: str
    name: str
    edge: str
    ended: dict[str, list[str]]  # ConditionsEnded: model id -> the conditions lifted
    format: str
    fault: str
    title: str  # StoryTold: the story's title (may be empty) ...
    text: str  # ... and its text
    cite: str  # where in a scenario file an event's effect is written
    message: str  # GameDecided, GameOver: the scenario's text for the result
