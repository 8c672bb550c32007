"""The hook points a trait or quality may implement, and the registries."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from game.core.dice import Modifier, ResolutionRoll
from game.rules.state import Conditions

if TYPE_CHECKING:
    from game.rules.action_kinds import ActionKind
    from game.rules.attack_profile import ExtraWound, WoundSave
    from game.rules.combat import Attack, AttackResult
    from game.rules.decisions import Decision, Option
    from game.rules.readiness import Obstacle
    from game.rules.state import GameState, ModelState



class Registry(dict[str, Any]):
    """A registry of rule objects that counts its changes, so that answers drawn from it (a profile's hooks)
    can be remembered until it changes (a trait registered, a test's stand-in put in and taken out)."""

    changes = 0

    def __setitem__(self, key: Any, value: Any) -> None:
        self.changes += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self.changes += 1
        super().__delitem__(key)

    def pop(self, *args: Any) -> Any:
        self.changes += 1
        return super().pop(*args)

    def popitem(self) -> Any:
        self.changes += 1
        return super().popitem()

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self.changes += 1
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.changes += 1
        super().update(*args, **kwargs)

    def clear(self) -> None:
        self.changes += 1
        super().clear()

    def __ior__(self, other: Any) -> Registry:  # type: ignore[override,misc]  # (dict's own |= is typed Self)
        self.changes += 1
        super().__ior__(other)
        return self


TRAITS: Registry = Registry()  # trait id -> rule object
QUALITIES: Registry = Registry()  # quality id -> rule object
CONDITIONS: Registry = Registry()  # condition id -> its hook object (game.rules.conditions.base fills it)


class TraitRule:
    """Base: every hook is a no-op. Subclasses override only what their rule changes."""

    id: str = ""
    rule: str = ""  # the rule ID the class implements (for modifier sources)
    name: str = ""

    # -- standing flags ---------------------------------------------------------
    fearless: bool = False  # [COND-7]
    terror_immune: bool = False  # [COND-5]
    causes_terror: bool = False  # [COND-5]
    can_run: bool = True  # [MOVE-2] Lumbering
    can_sneak: bool = True  # [MOVE-5] Large, Gargantuan, Mounted
    strikes_freely: bool = True  # may make a free strike at a disengaging enemy ([MOVE-9]; not while Stunned)
    has_tough: bool = False  # Tough, Undead, Non-Living
    extra_move_actions: int = 0  # Fast
    extra_combat_actions: int = 0  # Dual Wield
    flies: bool = False  # Flight: only fliers charge it ([T-FLIGHT-3]); routes price obstacles at 0 ([T-FLIGHT-1])
    slips_past_enemies: bool = False  # Agile: enemies do not block it, no free strikes ([T-AGILE-1])
    never_in_cover: bool = False  # Gargantuan ([T-GARG-5]): the line of sight gives it no cover
    casts_spells: bool = False  # Sorcery ([T-SORC-1])
    deploys_in_reserve: bool = False  # Ambush ([T-AMBUSH-1]): kept off the table at deployment
    distinct_weapons: bool = False  # Dual Wield ([T-DUAL-1]): each combat action uses another weapon entry
    ignores_rough: str = ""  # the rule by which it crosses rough ground without the -2 ([TERR-6]: Ranger, Flight)
    ignores_rough_water: str = ""  # the same for rough ground that is water only (Amphibious)
    after_priority: int = 0  # order of after_attack hooks ([SEQ-6]: after Slayer's extra wound, Drain before spreads)
    actions: tuple[ActionKind, ...] = ()  # actions the trait offers ([SPEC-5]); performed by ``perform``
    # -- how the model's token shows the trait (game/ui/tokens.py; art only, no rule reads these) -----
    emblem: str = ""  # shown instead of the weapon's emblem: what the model is ("mount", "wings", "staff")
    emblem_rank: int = 0  # the highest-ranked trait emblem wins (a mounted sorcerer shows its mount)
    token_mark: str = ""  # a small mark beside the emblem ("skull" for Undead)
    token_big: bool = False  # a toothed ring round the base: a bigger creature (Large, Gargantuan)
    # -- what the model is, for the rules that ask of another model (OpenRA's TargetTypes) -------------
    tags: frozenset[str] = frozenset()  # asked with ``tagged(model, tag)``, never by another trait's id

    def available_actions(self, state: GameState, model: ModelState) -> tuple[ActionKind, ...]:
        """The trait's actions the model may declare now (Sorcery: not once burnt out)."""
        return self.actions

    def action_obstacles(self, state: GameState, model: ModelState, kind: str) -> list[Obstacle]:
        """Conditions of the model that stop one of its actions now, each with what may lift it within the
        plan ([SEQ-2]; Sorcery: no casting while engaged, until an earlier blow frees it)."""
        return []

    def missing_target(self, state: GameState, model: ModelState, kind: str) -> Obstacle | None:
        """No target for one of this trait's own actions now (checked when it resolves, never at declaration:
        [SEQ-2], [DIG-ACT-1]), with what may bring one within the plan; the UI marks it, the AI avoids it."""
        return None

    def most_uses(self, state: GameState, model: ModelState, kind: str) -> int | None:
        """The most times one of this trait's own actions can succeed this activation (readiness.most_uses)."""
        return None

    def perform(self, state: GameState, model: ModelState, kind: str) -> Generator[Decision, Any, bool]:
        """Resolve one of this trait's own actions; True if it was carried out."""
        raise KeyError(kind)
        yield  # pragma: no cover

    def stun_immune(self, state: GameState, model: ModelState, source: ModelState | None) -> bool:
        """[COND-2]: True when this rule makes the model immune to a Stun from ``source``."""
        return False

    # -- activation ---------------------------------------------------------------
    def activation_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        return []

    def ally_activation_modifiers(self, state: GameState, holder: ModelState, model: ModelState) -> list[Modifier]:
        """Aura on a friendly model's activation roll (Inspiring)."""
        return []

    # -- every roll ------------------------------------------------------------------
    def roll_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        """Modifiers on every resolution roll of the holder ([MOD-12], [MOD-13], [T-PET-3])."""
        return []

    # -- movement -----------------------------------------------------------------
    def move_bonus(self, state: GameState, model: ModelState, action: str) -> list[Modifier]:
        """Inches added to (or taken from) a move action's allowance ([MOVE-11])."""
        return []

    def moved(self, state: GameState, model: ModelState, length: float) -> None:
        """Bookkeeping after the holder moved ``length`` inches (Flight's PD bonus, [T-FLIGHT-2])."""

    # -- combat ------------------------------------------------------------------------
    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        """Modifiers on the attack roll when the holder attacks."""
        return []

    def defence_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        """Modifiers on the defence roll when the holder defends."""
        return []

    def target_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        """Modifiers on an attack roll against the holder (a shot at a Large or Gargantuan model, [MOD-8])."""
        return []

    def resist_modifiers(self, state: GameState, model: ModelState, attribute: str,
                         caster: ModelState) -> list[Modifier]:
        """Modifiers on the holder's roll resisting ``caster``'s spell (WP or PD): an enemy's, or a friend's whose
        area caught the holder ([SEQ-8]), so a rule for enemy spells alone asks whose it is ([T-ARCRES-1])."""
        return []

    def ally_attack_modifiers(self, state: GameState, holder: ModelState, attack: Attack) -> list[Modifier]:
        """Aura on a friendly model's attack (Giant Slayer, Holy ...)."""
        return []

    def ally_defence_modifiers(self, state: GameState, holder: ModelState, attack: Attack) -> list[Modifier]:
        """Aura on a friendly model's defence (Guard)."""
        return []

    # -- re-rolls ([SEQ-1], [DICE-5]) -------------------------------------------------------
    def reroll_options(self, state: GameState, model: ModelState, roll: ResolutionRoll, role: str,
                       attack: Attack | None) -> list[Option]:
        """Re-rolls of the dice showing 1 this trait offers on one of the holder's rolls.

        ``role`` is "attack", "defence", "cast" or "resist".
        """
        return []

    def rerolled(self, state: GameState, model: ModelState) -> None:
        """Bookkeeping after the holder used this trait's re-roll (Arcane Armor: once per turn)."""

    # -- wounds ([SEQ-6]): data in the attack profile, so the exact odds run them as the engine does
    def wound_saves(self, state: GameState, model: ModelState, source: ModelState | None,
                    attack: Attack | None) -> list[WoundSave]:
        """Saves offered before each wound the holder would take from ``source`` (Tough)."""
        return []

    def extra_dice(self, state: GameState, attack: Attack, role: str) -> list[Modifier]:
        """Dice the holder adds to its ``role`` ("attack" or "defence") roll of ``attack`` ([DICE-1]); each
        Modifier's value is a number of dice, with its rule and source for the log and the odds card."""
        return []

    def extra_wounds(self, state: GameState, attack: Attack) -> list[ExtraWound]:
        """Rolls for one more wound after the holder's ``attack`` wounded (Slayer)."""
        return []

    # -- generators: hooks that may ask a decision (``return x; yield`` when they ask nothing)

    def after_attack(self, state: GameState, attack: Attack, result: AttackResult) -> Generator[Decision, Any, None]:
        """Called after the holder's attack has dealt its wounds, Stun and extra wounds (Drain, Spray).

        What it does to the target is invisible to the exact odds: a rule that changes the target's wounds
        belongs in ``wound_saves`` / ``extra_wounds`` (tests/rules/test_attack_profile.py checks it)."""
        return None
        yield  # pragma: no cover

    def prepare_attack(self, state: GameState, attack: Attack) -> None:
        """Adjust the holder's attack before it is resolved (Blast's area, Spray ignoring cover)."""

    def gives_area(self, attack: Attack) -> bool:
        """Whether this trait gives the holder's ``attack`` an area of effect ([AOE-1]); asked by the odds too."""
        return False

    def after_spell(self, state: GameState, caster: ModelState, target: ModelState,
                    wounds: int) -> Generator[Decision, Any, None]:
        """Called after the holder's spell took effect on a target (Drain)."""
        return None
        yield  # pragma: no cover

    def at_maintenance(self, state: GameState, model: ModelState) -> Generator[Decision, Any, None]:
        """Called for every model at the end of each Maintenance Phase (Ambush arrivals)."""
        return None
        yield  # pragma: no cover

    # -- conditions from others ------------------------------------------------------------
    def grants_fearless(self, state: GameState, holder: ModelState, other: ModelState) -> bool:
        """Inspiring Presence: a friendly model near the holder is Fearless."""
        return False

    def grants_terror_immunity(self, state: GameState, holder: ModelState, other: ModelState) -> bool:
        """Leader of Men: a friendly model near the holder is immune to Terror."""
        return False

    def describe(self) -> str:
        return self.name or self.id


def trait(trait_id: str) -> Callable[[type[TraitRule]], type[TraitRule]]:
    """Register a trait's rule class under its trait id."""

    def register(cls: type[TraitRule]) -> type[TraitRule]:
        if trait_id in TRAITS:
            raise ValueError(f"trait '{trait_id}' registered twice")
        obj = cls()
        obj.id = trait_id
        TRAITS[trait_id] = obj
        return cls

    return register


def quality(quality_id: str) -> Callable[[type[TraitRule]], type[TraitRule]]:
    """Register an inherent quality of heroes or companions ([PARTY-5], [PARTY-6])."""

    def register(cls: type[TraitRule]) -> type[TraitRule]:
        obj = cls()
        obj.id = quality_id
        QUALITIES[quality_id] = obj
        return cls

    return register


_loaded = False


def load_all() -> None:
    """Import every module of the traits package once, which registers its classes, and the conditions."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import game.rules.traits as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.name != "base":
            importlib.import_module(f"{package.__name__}.{info.name}")
    importlib.import_module("game.rules.conditions")  # registers the conditions' classes
    from game.rules.traits.data_traits import register_shipped

    register_shipped()  # the game's traits written as data (traits.yaml ``effects``)


# (qualities, traits) of a profile -> (the registries' change counts, its rule objects): a profile's hooks are
# asked for hundreds of thousands of times a game and follow from the registries alone (mod traits aside)
_PROFILE_HOOKS: dict[tuple[Any, ...], tuple[tuple[int, int], tuple[TraitRule, ...]]] = {}


# id of a profile -> (the profile, the registries' change counts, its rule objects): the same answers as
# _PROFILE_HOOKS, found without hashing the profile's qualities and traits (a profile is frozen)
_BY_PROFILE: dict[int, tuple[Any, int, int, tuple[TraitRule, ...]]] = {}


def trait_hooks(model: ModelState) -> list[TraitRule]:
    """The rule objects a model's profile gives it: its inherent qualities, then its traits."""
    profile = model.profile
    hit = _BY_PROFILE.get(id(profile))
    if hit is not None and hit[0] is profile and hit[1] == QUALITIES.changes and hit[2] == TRAITS.changes:
        return list(hit[3])
    key: tuple[Any, ...] | None = (profile.qualities, profile.traits)
    try:
        found = _PROFILE_HOOKS.get(key) if key is not None else None
    except TypeError:  # a hand-made profile holding lists
        key, found = None, None
    if found is not None and found[0] == (QUALITIES.changes, TRAITS.changes):
        _remember_profile(profile, found[1])
        return list(found[1])
    load_all()
    out = [QUALITIES[q] for q in profile.qualities if q in QUALITIES]
    for t in profile.traits:
        rule = TRAITS.get(t) or _mod_rule(t)
        if rule is not None:
            out.append(rule)
    if key is not None and all(t in TRAITS for t in profile.traits):  # a mod trait's rule follows the catalog
        if len(_PROFILE_HOOKS) > 4096:  # the party builder may try many profiles
            _PROFILE_HOOKS.clear()
        _PROFILE_HOOKS[key] = ((QUALITIES.changes, TRAITS.changes), tuple(out))
        _remember_profile(profile, tuple(out))
    return out


def _remember_profile(profile: Any, hooks: tuple[TraitRule, ...]) -> None:
    if len(_BY_PROFILE) > 4096:
        _BY_PROFILE.clear()
    _BY_PROFILE[id(profile)] = (profile, QUALITIES.changes, TRAITS.changes, hooks)


# id of a profile -> (the profile, the registries' change counts, the tags its hooks declare)
_TAGS: dict[int, tuple[Any, int, int, frozenset[str]]] = {}


def tags_of(model: ModelState) -> frozenset[str]:
    """The tags the model's own hooks (qualities and traits) declare: what a rule about another model asks
    ("is the attacker large?"), so that no trait names another trait."""
    profile = model.profile
    hit = _TAGS.get(id(profile))
    if hit is not None and hit[0] is profile and hit[1] == QUALITIES.changes and hit[2] == TRAITS.changes:
        return hit[3]
    tags = frozenset(t for h in trait_hooks(model) for t in h.tags)
    if len(_TAGS) > 4096:
        _TAGS.clear()
    _TAGS[id(profile)] = (profile, QUALITIES.changes, TRAITS.changes, tags)
    return tags


def tagged(model: ModelState, tag: str) -> bool:
    """Whether one of the model's traits declares ``tag`` (:attr:`TraitRule.tags`)."""
    return tag in tags_of(model)


def hooks_of(model: ModelState) -> list[TraitRule]:
    """Every rule object a model carries: its qualities, its traits, then the conditions it is under."""
    out = trait_hooks(model)
    if model.conditions:
        from game.rules.conditions.base import condition_hooks

        out += condition_hooks(model)
    return out
def _mod_rule(trait_id: str) -> TraitRule | None:
    """A trait the mod folder adds, written as data (game/rules/traits/data_traits.py)."""
    from game.rules.traits.data_traits import mod_rule

    return mod_rule(trait_id)


def any_hook(model: ModelState, flag: str) -> bool:
    """Whether any of the model's hooks (``hooks_of``) raises the standing flag (Flight, Terror ...)."""
    profile = model.profile
    hit = _FLAG_BY_PROFILE.get((id(profile), flag))  # _profile_flag's remembered answer, looked up here at once
    if hit is not None and hit[0] is profile and hit[1] == QUALITIES.changes and hit[2] == TRAITS.changes:
        if hit[3]:
            return True
    elif _profile_flag(model, flag):
        return True
    if not model.conditions:
        return False
    from game.rules.conditions.base import condition_hooks

    return any(getattr(h, flag) for h in condition_hooks(model))


# (qualities, traits, flag) -> (the registries' change counts, whether a hook of that profile raises the flag)
_PROFILE_FLAGS: dict[tuple[Any, ...], tuple[tuple[int, int], bool]] = {}


def _profile_flag(model: ModelState, flag: str) -> bool:
    """Whether one of the profile's own hooks (``trait_hooks``) raises ``flag``; remembered like its hooks."""
    profile = model.profile
    hit = _FLAG_BY_PROFILE.get((id(profile), flag))
    if hit is not None and hit[0] is profile and hit[1] == QUALITIES.changes and hit[2] == TRAITS.changes:
        return hit[3]
    key = (profile.qualities, profile.traits, flag)
    try:
        found = _PROFILE_FLAGS.get(key)
    except TypeError:  # a hand-made profile holding lists
        return any(getattr(h, flag) for h in trait_hooks(model))
    if found is not None and found[0] == (QUALITIES.changes, TRAITS.changes):
        value = found[1]
    else:
        value = any(getattr(h, flag) for h in trait_hooks(model))
        if not all(t in TRAITS for t in profile.traits):  # a mod trait's rule follows the catalog
            return value
        if len(_PROFILE_FLAGS) > 4096:
            _PROFILE_FLAGS.clear()
        _PROFILE_FLAGS[key] = ((QUALITIES.changes, TRAITS.changes), value)
    if len(_FLAG_BY_PROFILE) > 4096:
        _FLAG_BY_PROFILE.clear()
    _FLAG_BY_PROFILE[(id(profile), flag)] = (profile, QUALITIES.changes, TRAITS.changes, value)
    return value


# (id of a profile, flag) -> (the profile, the registries' change counts, the answer): _PROFILE_FLAGS's answers
# found without hashing the profile's qualities and traits
_FLAG_BY_PROFILE: dict[tuple[int, str], tuple[Any, int, int, bool]] = {}


def collect(model: ModelState, method: str, *args: Any) -> list[Modifier]:
    out: list[Modifier] = []
    for h in hooks_answering(model, method):
        out += getattr(h, method)(*args)
    return out


def answers(hook: TraitRule, method: str) -> bool:
    """Whether the hook's own class (or the object itself) answers ``method``; one that does not gives the base's
    answer, which is always nothing ([], False, None), so a caller gathering answers may pass it over."""
    return getattr(type(hook), method) is not getattr(TraitRule, method) or method in vars(hook)


# (id of a profile, method) -> (the profile, the registries' change counts, its trait hooks that answer it)
_ANSWERING: dict[tuple[int, str], tuple[Any, int, int, tuple[TraitRule, ...]]] = {}


def trait_hooks_answering(model: ModelState, method: str) -> list[TraitRule]:
    """``trait_hooks`` less the hooks that do not answer ``method`` (``answers``), in the same order; remembered
    per profile like its hooks. Asked where every hook of every friend is asked for a modifier, thousands of times
    a game, when few of them have one."""
    profile = model.profile
    hit = _ANSWERING.get((id(profile), method))
    if hit is not None and hit[0] is profile and hit[1] == QUALITIES.changes and hit[2] == TRAITS.changes:
        return list(hit[3])
    found = [h for h in trait_hooks(model) if answers(h, method)]
    remembered = _BY_PROFILE.get(id(profile))
    if remembered is not None and remembered[0] is profile and remembered[1] == QUALITIES.changes and \
            remembered[2] == TRAITS.changes:  # trait_hooks remembered it: the profile's rule objects are settled
        if len(_ANSWERING) > 4096:
            _ANSWERING.clear()
        _ANSWERING[(id(profile), method)] = (profile, QUALITIES.changes, TRAITS.changes, tuple(found))
    return found


# (id of a model's conditions, method) -> (those conditions, the conditions registry's change count, the condition
# hooks that answer it): a model's conditions are an immutable value (state.Conditions), kept alive by the entry
_COND_ANSWERING: dict[tuple[int, str], tuple[Any, int, tuple[TraitRule, ...]]] = {}


def condition_hooks_answering(model: ModelState, method: str) -> list[TraitRule]:
    """The model's conditions (``condition_hooks``, in their order) that answer ``method``; remembered per value of
    its conditions (a plain dict put there by hand is asked afresh) while the conditions registry stands."""
    conds = model.conditions
    if not conds:
        return []
    hit = _COND_ANSWERING.get((id(conds), method))
    if hit is not None and hit[0] is conds and hit[1] == CONDITIONS.changes:
        return list(hit[2])
    from game.rules.conditions.base import condition_hooks

    found: list[TraitRule] = [c for c in condition_hooks(model) if answers(c, method)]
    if type(conds) is Conditions:
        if len(_COND_ANSWERING) > 4096:
            _COND_ANSWERING.clear()
        _COND_ANSWERING[(id(conds), method)] = (conds, CONDITIONS.changes, tuple(found))
    return found


# (id of a profile, id of the conditions, method) -> (the profile, the conditions, the three registries' change
# counts, the hooks that answer it): ``hooks_answering`` in one look-up, where both halves are remembered
_HOOKS_ANSWERING: dict[tuple[int, int, str], tuple[Any, Any, int, int, int, tuple[TraitRule, ...]]] = {}


def hooks_answering(model: ModelState, method: str) -> list[TraitRule]:
    """``hooks_of`` less the hooks that do not answer ``method``: what a caller gathering answers needs ask (asked
    of every friend for its auras on every attack: remembered per profile and value of the conditions, as their
    halves are)."""
    conds = model.conditions
    if not conds:
        return trait_hooks_answering(model, method)
    profile = model.profile
    key = (id(profile), id(conds), method)
    hit = _HOOKS_ANSWERING.get(key)
    if hit is not None and hit[0] is profile and hit[1] is conds and hit[2] == TRAITS.changes and \
            hit[3] == QUALITIES.changes and hit[4] == CONDITIONS.changes:
        return list(hit[5])
    out = trait_hooks_answering(model, method) + condition_hooks_answering(model, method)
    settled = _ANSWERING.get((id(profile), method))  # the traits' half is remembered only once settled
    if settled is not None and settled[0] is profile and settled[1] == QUALITIES.changes and \
            settled[2] == TRAITS.changes and (id(conds), method) in _COND_ANSWERING:
        if len(_HOOKS_ANSWERING) > 8192:
            _HOOKS_ANSWERING.clear()
        _HOOKS_ANSWERING[key] = (profile, conds, TRAITS.changes, QUALITIES.changes, CONDITIONS.changes, tuple(out))
    return out
