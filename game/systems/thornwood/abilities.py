"""Thornwood's abilities: the advantages and disadvantages a figure may have ([TW-ABIL-1], [TW-ABIL-2]) and the
two the seed uses without defining, Sure Shot and Stealthy ([TW-ABIL-3], ruled: FF-R-15.4).

Each ability is one registered class whose hooks say what it changes; every hook defaults to "no effect", so a
caller asks every ability a figure has the same question and adds the answers (one source for each rule: the
shooting, movement and melee code never names an ability). The hooks only say what an ability allows; the
callers decide when it is used (Lucky's re-roll, Cursed's demanded re-roll, Tough Skin's changed die).

Card names are the melee's: attacks ``swing cut lunge bash taunt huh``, defences ``counter_blow leap_aside
jump_back duck parry huh``; ``role`` is ``"attack"`` or ``"defence"``. Movement kinds are ``run move cautious``.
A shot's ``weapon`` is the item loosed or thrown: ``bow spear axe club knife`` (band.py's ``Figure.missiles``);
the damage hooks need the item, since the weapon table's one "thrown axe/club" row does not tell an axe from a club.

Every ability of the seed's charts works in stage 1: none is left out (Great Shield keeps its die and drops its
"+3 armour", which has no armour rating to raise). An ability whose mechanism waits for a later stage would set
``available = False`` and ``why_not``, and a band file naming it is refused with that reason.

The random roll ([TW-BAND-4]; the seed's ¶9): 1–4 an advantage, 5–6 a disadvantage; then 1–3 the first chart
(attacks), 4–6 the second (defence); then the entry. The last entry of each second chart rolls again (FF-R-16.12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal, Protocol

from game.core.dice import Dice

Role = Literal["attack", "defence"]
MoveKind = Literal["run", "move", "cautious"]
# what Thrower helps ("tomahawk, club, spear or knife"), by item or by the weapon table's row
THROWN = frozenset({"spear", "axe", "club", "knife", "thrown_spear", "thrown_axe", "thrown_knife"})

ADVANTAGE, DISADVANTAGE, RULED = "advantage", "disadvantage", "ruled"

# what roll_ability may answer besides an ability's name (the seed's "roll again" entries)
PICK_TWO_ADVANTAGES = "pick any two advantages"
NO_DISADVANTAGE = "no disadvantage"
CHOOSE_DISADVANTAGE = "choose a disadvantage"


class Ability:
    """One ability: its name, kind, rule, and hooks that all default to no effect."""

    name: ClassVar[str] = ""
    kind: ClassVar[str] = ADVANTAGE  # advantage | disadvantage | ruled (Sure Shot, Stealthy)
    rule: ClassVar[str] = "TW-ABIL-1"
    effect: ClassVar[str] = ""  # the player's words
    available: ClassVar[bool] = True  # False: its mechanism is not in stage 1 (a band file refuses it)
    why_not: ClassVar[str] = ""  # what a refused ability waits for

    def applies_to(self, figure: object) -> bool:
        """Whether the figure can use it at all with what it carries (Great Shield needs a shield)."""
        return True

    # -- close combat (the melee helper asks) ---------------------------------------------------------------
    def melee_dice(self, card: str, role: Role, *, shield: bool = True) -> int:
        """Dice added (or, negative, lost) fighting with ``card`` in ``role``; ``shield``: the figure holds one
        (:func:`figure_abilities` already leaves out what a figure's kit cannot use)."""
        return 0

    def free_rerolls_per_turn(self) -> int:
        """Re-rolls of its own dice the figure may take in a turn, at any time (Lucky)."""
        return 0

    def enemy_rerolls_per_fight(self) -> int:
        """Re-rolls an opponent may demand of this figure in each round of close combat (Cursed)."""
        return 0

    def worsen_enemy_die(self, value: int) -> int | None:
        """What one attack die rolled against this figure may be changed to, or None (Tough Skin)."""
        return None

    # -- movement ------------------------------------------------------------------------------------------
    def move_dice(self, kind: MoveKind) -> int:
        """Dice added to (or taken from) the movement roll of ``kind`` (Fleet of Foot, Lame)."""
        return 0

    def move_adjust(self, kind: MoveKind, dice: tuple[int, ...]) -> tuple[int, ...]:
        """The figure's own movement dice after the ability (Slow): the group's roll is shared, this is not."""
        return dice

    def move_inches(self, kind: MoveKind) -> int:
        """Inches added to (or taken from) a movement of ``kind``, before any minimum (Lame on Cautious)."""
        return 0

    def ignores_rough(self) -> bool:
        """Whether rough ground costs this figure nothing extra (Nimble)."""
        return False

    # -- shooting ------------------------------------------------------------------------------------------
    def to_hit_columns_as_shooter(self, weapon: str = "bow") -> int:
        """Columns the figure's own shot moves on the to-hit grid: negative is to the left, easier (Sure Shot)."""
        return 0

    def to_hit_columns_as_target(self) -> int:
        """Columns a shot at this figure moves: positive is to the right, harder (Stealthy)."""
        return 0

    def to_hit_number_mod(self, weapon: str = "bow") -> int:
        """Steps added to the figure's own to-hit number (Misses the Moose −1)."""
        return 0

    def damage_shift_as_shooter(self, weapon: str) -> int:
        """Columns the damage of the figure's own shot moves: positive is right, worse for the target (Thrower)."""
        return 0

    def damage_mod_as_shooter(self, weapon: str) -> int:
        """Added to the damage roll of the figure's own shot with ``weapon`` (Scrawny Arms, Awkward, Palsied)."""
        return 0

    def damage_mod_as_target(self) -> int:
        """Added to the damage roll of a shot that hits this figure (Feeble +1)."""
        return 0

    def __repr__(self) -> str:
        return f"<{self.name}>"


ABILITIES: dict[str, type[Ability]] = {}
_INSTANCES: dict[str, Ability] = {}


def register(cls: type[Ability]) -> type[Ability]:
    """Adds an ability class to the registry; a second class of the same name is a programming error."""
    if not cls.name or cls.name in ABILITIES:
        raise ValueError(f"ability {cls.name!r} is registered twice or has no name")
    ABILITIES[cls.name] = cls
    _INSTANCES[cls.name] = cls()
    return cls


def ability(name: str) -> Ability:
    """The ability of that name (its hooks hold no state, so one instance serves every figure)."""
    try:
        return _INSTANCES[name]
    except KeyError:
        raise KeyError(f"no ability is called {name!r}") from None


class HasAbilities(Protocol):
    @property
    def abilities(self) -> tuple[str, ...]: ...


def figure_abilities(figure: HasAbilities) -> tuple[Ability, ...]:
    """The abilities the figure can use, in the order its band file gives them (one it has no kit for, such
    as Great Shield without a shield, is left out: it stays on the figure's sheet and does nothing)."""
    return tuple(a for a in (ability(n) for n in figure.abilities) if a.applies_to(figure))


def total(abilities: tuple[Ability, ...], hook: Callable[[Ability], int]) -> int:
    """The sum of one hook over abilities: ``total(abs, lambda a: a.move_dice("run"))``."""
    return sum(hook(a) for a in abilities)


# -- a helper for the one-card dice abilities ------------------------------------------------------------

class _CardDice(Ability):
    cards: ClassVar[frozenset[str]] = frozenset()
    role: ClassVar[Role] = "attack"
    dice: ClassVar[int] = 1

    def melee_dice(self, card: str, role: Role, *, shield: bool = True) -> int:
        return self.dice if role == self.role and card in self.cards else 0


class _ThrownDamage(Ability):
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    items: ClassVar[frozenset[str]] = frozenset()

    def damage_mod_as_shooter(self, weapon: str) -> int:
        """Ruled: close combat has no damage roll (FF-R-16.9), so the "−1 damage" is the thrown weapon's."""
        return -1 if weapon in self.items else 0


# -- advantages, first chart: attacks ([TW-ABIL-1]) -------------------------------------------------------

@register
class PowerfulSwing(_CardDice):
    name = "Powerful Swing"
    effect = "+1 die attacking with Swing"
    cards = frozenset({"swing"})


@register
class HeavyHand(_CardDice):
    name = "Heavy Hand"
    effect = "+1 die attacking with Bash"
    cards = frozenset({"bash"})


@register
class SerpentsBlade(_CardDice):
    name = "Serpent's Blade"
    effect = "+1 die attacking with Lunge"
    cards = frozenset({"lunge"})


@register
class Thrower(Ability):
    """FF-R-15.1: "one column to the left" would hurt its owner on our chart, so it is the thrower's way: right."""

    name = "Thrower"
    effect = "damage one column worse for the target when throwing a spear, axe, club or knife"

    def damage_shift_as_shooter(self, weapon: str) -> int:
        return 1 if weapon in THROWN else 0


@register
class FleetOfFoot(Ability):
    """+1 movement die on foot, whatever the movement: a Cautious move with a die more reads the lower of its
    two highest (the rules reference's [TW-MOVE-3] ruling), so the die helps there too."""

    name = "Fleet of Foot"
    effect = "+1 movement die"

    def move_dice(self, kind: MoveKind) -> int:
        return 1


@register
class ThickWristed(_CardDice):
    name = "Thick Wristed"
    effect = "+1 die attacking with Cut"
    cards = frozenset({"cut"})


# -- advantages, second chart: defence --------------------------------------------------------------------

@register
class Nimble(Ability):
    name = "Nimble"
    effect = "rough ground costs no extra movement"

    def ignores_rough(self) -> bool:
        return True


@register
class Agile(_CardDice):
    name = "Agile"
    effect = "+1 die defending with Jump Back or Leap Aside"
    cards = frozenset({"jump_back", "leap_aside"})
    role = "defence"


@register
class FoxsGuile(_CardDice):
    name = "Fox's Guile"
    effect = "+1 die defending with Counter Blow"
    cards = frozenset({"counter_blow"})
    role = "defence"


@register
class GreatShield(Ability):
    """Only the die: its "+3 armour" has no armour rating to raise in this game (FF-R-16.9)."""

    name = "Great Shield"
    effect = "+1 die defending with Parry while holding a shield"

    def applies_to(self, figure: object) -> bool:
        return bool(getattr(figure, "shield", True))

    def melee_dice(self, card: str, role: Role, *, shield: bool = True) -> int:
        return 1 if shield and role == "defence" and card == "parry" else 0


@register
class ToughSkin(Ability):
    name = "Tough Skin"
    effect = "once a fight, one attack die against him one step worse: a 1 becomes a 2, a 2 to 5 a 6"

    def worsen_enemy_die(self, value: int) -> int | None:
        return 2 if value == 1 else (6 if 2 <= value <= 5 else None)


@register
class Lucky(Ability):
    name = "Lucky"
    effect = "one free re-roll a turn, at any time"

    def free_rerolls_per_turn(self) -> int:
        return 1


# -- disadvantages, first chart: attacks ([TW-ABIL-2]) ----------------------------------------------------

@register
class ScrawnyArms(_ThrownDamage):
    name = "Scrawny Arms"
    effect = "−1 damage throwing an axe"
    items = frozenset({"axe"})


@register
class Clumsy(_CardDice):
    name = "Clumsy"
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    effect = "−1 die defending with Jump Back or Leap Aside"
    cards = frozenset({"jump_back", "leap_aside"})
    role = "defence"
    dice = -1


@register
class TangleFoot(_CardDice):
    name = "Tangle-foot"
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    effect = "−1 die defending with Counter Blow"
    cards = frozenset({"counter_blow"})
    role = "defence"
    dice = -1


@register
class Cripplehand(_CardDice):
    name = "Cripplehand"
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    effect = "−1 die attacking with Swing"
    cards = frozenset({"swing"})
    dice = -1


@register
class Awkward(_ThrownDamage):
    name = "Awkward"
    effect = "−1 damage throwing a spear"
    items = frozenset({"spear"})


@register
class DelicateWrist(_CardDice):
    name = "Delicate Wrist"
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    effect = "−1 die attacking with Cut"
    cards = frozenset({"cut"})
    dice = -1


# -- disadvantages, second chart: defence -----------------------------------------------------------------

@register
class Slow(Ability):
    """Ruled: "change one die to a one" takes his best die, the one that would have carried him furthest."""

    name = "Slow"
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    effect = "his highest movement die counts as a 1"

    def move_adjust(self, kind: MoveKind, dice: tuple[int, ...]) -> tuple[int, ...]:
        if not dice:
            return dice
        best = dice.index(max(dice))
        return (*dice[:best], 1, *dice[best + 1:])


@register
class Lame(Ability):
    """"1 die less, or −1 (minimum 1 die or 1″)": a die less where one more is kept (Run, Move); a Cautious
    move keeps the lower die, where a die less would help him, so it is −1″ there (at least 1″)."""

    name = "Lame"
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    effect = "one movement die fewer to Run or Move (at least one); −1″ Cautious (at least 1″)"

    def move_dice(self, kind: MoveKind) -> int:
        return -1 if kind in ("run", "move") else 0

    def move_inches(self, kind: MoveKind) -> int:
        return -1 if kind == "cautious" else 0


@register
class Feeble(Ability):
    name = "Feeble"
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    effect = "+1 to every damage roll against him"

    def damage_mod_as_target(self) -> int:
        return 1


@register
class MissesTheMoose(Ability):
    """FF-R-15.5: "−1 modifier when firing missiles" is −1 on the to-hit number."""

    name = "Misses the Moose"
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    effect = "−1 on his to-hit number"

    def to_hit_number_mod(self, weapon: str = "bow") -> int:
        return -1


@register
class Palsied(_ThrownDamage):
    name = "Palsied"
    effect = "−1 damage throwing a club"
    items = frozenset({"club"})


@register
class Cursed(Ability):
    name = "Cursed"
    kind = DISADVANTAGE
    rule = "TW-ABIL-2"
    effect = "an opponent may demand one re-roll in each round of close combat he fights"

    def enemy_rerolls_per_fight(self) -> int:
        return 1


# -- used by the seed, never defined: ruled ([TW-ABIL-3]) -------------------------------------------------

@register
class SureShot(Ability):
    """FF-R-15.4 and the seed's to-hit example: his shots one column to the left."""

    name = "Sure Shot"
    kind = RULED
    rule = "TW-ABIL-3"
    effect = "his shots one column to the left (easier)"

    def to_hit_columns_as_shooter(self, weapon: str = "bow") -> int:
        return -1


@register
class Stealthy(Ability):
    """The seed's shooting modifiers list "Target has the Stealthy advantage": one column right (FF-R-3)."""

    name = "Stealthy"
    kind = RULED
    rule = "TW-ABIL-3"
    effect = "shots at him one column to the right (harder)"

    def to_hit_columns_as_target(self) -> int:
        return 1


# -- the random roll ([TW-BAND-4]) ----------------------------------------------------------------------

ADVANTAGE_CHARTS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("Powerful Swing", "Heavy Hand", "Serpent's Blade", "Thrower", "Fleet of Foot", "Thick Wristed"),
    ("Nimble", "Agile", "Fox's Guile", "Great Shield", "Tough Skin", "roll again"),
)
DISADVANTAGE_CHARTS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("Scrawny Arms", "Clumsy", "Tangle-foot", "Cripplehand", "Awkward", "Delicate Wrist"),
    ("Slow", "Lame", "Feeble", "Misses the Moose", "Palsied", "roll again"),
)


def _entry(dice: Dice, charts: tuple[tuple[str, ...], tuple[str, ...]], what: str) -> str:
    chart = charts[0] if dice.d6(f"{what}: chart (1-3 attacks, 4-6 defence)") <= 3 else charts[1]
    return chart[dice.d6(f"{what}: entry") - 1]


def roll_ability(dice: Dice) -> str:
    """One random ability by the seed's charts: an ability's name, or what the player does instead
    (:data:`PICK_TWO_ADVANTAGES`, :data:`NO_DISADVANTAGE`, :data:`CHOOSE_DISADVANTAGE`)."""
    if dice.d6("random ability: 1-4 advantage, 5-6 disadvantage") <= 4:
        found = _entry(dice, ADVANTAGE_CHARTS, "advantage")
        if found != "roll again":
            return found
        again = dice.d6("advantage, roll again: 1-2 Lucky, 3-4 pick two, 5-6 a disadvantage")
        if again <= 2:
            return "Lucky"
        if again <= 4:
            return PICK_TWO_ADVANTAGES
    found = _entry(dice, DISADVANTAGE_CHARTS, "disadvantage")
    if found != "roll again":
        return found
    again = dice.d6("disadvantage, roll again: 1-2 Cursed, 3-4 none, 5-6 choose")
    return "Cursed" if again <= 2 else (NO_DISADVANTAGE if again <= 4 else CHOOSE_DISADVANTAGE)
