"""Exact odds of an attack or a spell as the engine would resolve it, read from the engine's own objects.

The modifiers come from :func:`game.rules.combat.attack_modifiers` / ``defence_modifiers`` and
:func:`game.rules.sorcery.casting_modifiers` / ``resist_modifiers`` (never re-derived here); the
trait re-rolls come from the models' own ``reroll_options`` hooks. The dice arithmetic is in
:mod:`game.ai.dice_odds` (see there for the re-roll policies).

Fate assumptions, stated because the window cannot know a player's future mind:
Inner Reserve is whatever the caller says (``*_inner_reserve``); Hand of Fortune is on offer when
[FATE-7] allows it and Inner Reserve was not taken; Tough and Slayer spend Fate on every roll while
the side has Fate left (``tough_fate`` / ``slayer_fate`` override), not counting Fate the window
itself may spend.

An area of effect's victims ([AOE-1], [SEQ-8]) each roll with their own Fate: Inner Reserve as the
caller says for one victim (:func:`victim_odds`), none in :func:`area_odds`; Hand of Fortune on offer
while their side still has its one use of the activation ([FATE-7]) — the first window's uses and
earlier victims' are followed exactly, by the re-roll policy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game.ai.dice_odds import CRITICAL, DOUBLE, TWO_ONES, HoldOdds, Roller, RollOdds, against_total, opposed
from game.content.catalog import catalog
from game.core.dice import Modifier, ResolutionRoll, effective_modifiers
from game.rules import board, combat, conditions, fate, sorcery
from game.rules.state import GameState, ModelState
from game.rules.traits.base import any_hook, hooks_of
from game.rules.traits.slayer import STANDARD as SLAYER_ACTIONS


@dataclass(frozen=True)
class Odds:
    """An attack's exact outcome. ``wounds`` maps wounds actually taken (after Tough) to their chance."""

    p_win: Fraction
    p_misfire: Fraction
    p_brutal: Fraction  # the attack wins and is brutal ([CC-6], [SKILL-4])
    p_stun: Fraction  # the target ends the attack newly Stunned by it (doubles, 2h blunt, Tough), immunity honoured
    p_kill: Fraction
    wounds: dict[int, Fraction] = field(default_factory=dict)
    roll: RollOdds | None = None
    attack_total: int = 0  # attribute + modifiers
    defence_total: int = 0

    @property
    def expected_wounds(self) -> Fraction:
        return sum((k * p for k, p in self.wounds.items()), Fraction(0))


@dataclass(frozen=True)
class SpellOdds:
    p_success: Fraction
    p_burn_out: Fraction  # two natural 1s on the final casting dice ([SORC-6])
    expected_wounds: Fraction  # Ravage only, after Tough
    roll: RollOdds | None = None


def _total(model: ModelState, attr: str, mods: list[Modifier]) -> int:
    applied = effective_modifiers([*mods, *combat.weakness_modifiers(model, attr)])
    return combat.attribute(model, attr) + sum(m.value for m in applied)


def _trait_reroll(state: GameState, model: ModelState, attr: str, dice: int, role: str,
                  attack: combat.Attack | None) -> bool:
    """Whether one of the model's traits would offer to re-roll the 1s of this roll (asked with a probe roll)."""
    probe = ResolutionRoll((1,) * dice, attr, combat.attribute(model, attr))
    return any(h.reroll_options(state, model, probe, role, attack) for h in hooks_of(model))


def has_tough(attacker: ModelState | None, defender: ModelState) -> bool:
    """Tough, Undead or Non-Living; lost against a Holy attacker's attack on Undead (as tough.py checks, [T-HOLY-1])."""
    if not any_hook(defender, "has_tough"):
        return False
    return not (attacker is not None and attacker.has("holy") and defender.has("undead"))


def attack_odds(state: GameState, attack: combat.Attack, *, attacker_inner_reserve: bool = False,
                defender_inner_reserve: bool = False, hand_of_fortune: tuple[bool, bool] | None = None,
                policies: tuple[str, str] = ("optimal", "optimal"), tough_fate: int | None = None,
                slayer_fate: bool | None = None) -> Odds:
    """The exact odds of ``attack`` resolved now by :func:`game.rules.combat.resolve_attack`.

    ``hand_of_fortune`` (attacker, defender) overrides whether each side may use it (default: [FATE-7]/[FATE-8]
    allow it and that side took no Inner Reserve). ``attack`` should already be prepared by the traits
    (Blast, Spray), as the action does before resolving it.
    """
    a, d = attack.attacker, attack.defender
    a_attr = "MA" if attack.kind == "close" else "RA"
    a_dice = 2 + attack.extra_dice + attacker_inner_reserve
    d_dice = 2 + (attack.kind == "close" and bool(d.conditions.get("full_defense"))) + defender_inner_reserve
    if hand_of_fortune is None:
        hand_of_fortune = (not attacker_inner_reserve and fate.reroll_fate_allowed(state, a.side, attack.no_fate),
                           not defender_inner_reserve and fate.reroll_fate_allowed(state, d.side, attack.no_fate))
    a_total = _total(a, a_attr, combat.attack_modifiers(state, attack))
    d_total = _total(d, "PD", combat.defence_modifiers(state, attack))
    active = Roller(a_dice, a_total, _trait_reroll(state, a, a_attr, a_dice, "attack", attack), hand_of_fortune[0],
                    policies[0])
    reactive = Roller(d_dice, d_total, _trait_reroll(state, d, "PD", d_dice, "defence", attack), hand_of_fortune[1],
                      policies[1])
    skill = attack.weapon_skill()
    black_powder = attack.kind == "ranged" and skill is not None and catalog().skill(skill).black_powder
    roll = opposed(active, reactive, misfire=black_powder)
    if attack.pushes:  # Shove and Shield Slam: the caller pushes; no wound, no Stun by doubles
        return Odds(roll.win, roll.misfire, Fraction(0), Fraction(0), Fraction(0), {0: Fraction(1)}, roll,
                    a_total, d_total)
    side_fate = [s.fate for s in state.sides]
    if tough_fate is None:
        tough_fate = 0 if attack.no_fate else max(0, side_fate[d.side] - defender_inner_reserve)
    if slayer_fate is None:
        slayer_fate = not attack.no_fate and side_fate[a.side] - attacker_inner_reserve >= 1
    effects = Effects(
        wounds_left=d.max_wounds - d.wounds_taken,
        tough=has_tough(a, d),
        tough_fate=tough_fate,
        stun_immune=conditions.stun_immune(state, d, a),
        slayer=a.has("slayer") and attack.action in SLAYER_ACTIONS,
        slayer_fate=slayer_fate,
    )
    brutal_by_weapon = attack.furious and skill == "2h_edged"  # [SKILL-4]
    stun_by_weapon = attack.furious and skill == "2h_blunt"  # [SKILL-5]
    wounds: dict[int, Fraction] = {}
    p_stun = p_kill = p_brutal = Fraction(0)
    if roll.misfire:
        wounds[0] = roll.misfire
    for (hit, cat), p in roll.joint.items():
        brutal = hit and (bool(cat & CRITICAL) or brutal_by_weapon)
        if brutal:
            p_brutal += p
        stun_source = bool(cat & DOUBLE) or stun_by_weapon
        for (taken, left, stunned), q in effects.outcomes(2 if brutal else (1 if hit else 0), stun_source).items():
            wounds[taken] = wounds.get(taken, Fraction(0)) + p * q
            p_stun += p * q * stunned
            p_kill += p * q * (left <= 0)
    return Odds(roll.win, roll.misfire, p_brutal, p_stun, p_kill, wounds, roll, a_total, d_total)


@dataclass(frozen=True)
class Effects:
    """[SEQ-6] after the roll: wounds one at a time with Tough, then Stun, then Slayer (Tough again)."""

    wounds_left: int
    tough: bool = False
    tough_fate: int = 0
    stun_immune: bool = False
    slayer: bool = False
    slayer_fate: bool = False

    def outcomes(self, wounds: int, stun_source: bool) -> dict[tuple[int, int, bool], Fraction]:
        """(wounds taken, wounds left, Stunned by this attack) -> probability."""
        dist = {(0, self.wounds_left, self.tough_fate, False): Fraction(1)}
        dist = self._deal(dist, wounds)
        if stun_source and not self.stun_immune:
            dist = _merge(((t, left, f, s or left > 0), p) for (t, left, f, s), p in dist.items())
        if self.slayer:
            p6 = Fraction(2 if self.slayer_fate else 1, 6)
            out: dict = {}
            for key, p in dist.items():
                if key[0] >= 1 and key[1] > 0:
                    for k2, q in self._deal({key: Fraction(1)}, 1).items():
                        out[k2] = out.get(k2, Fraction(0)) + p * p6 * q
                    out[key] = out.get(key, Fraction(0)) + p * (1 - p6)
                else:
                    out[key] = out.get(key, Fraction(0)) + p
            dist = out
        return _merge(((t, left, s), p) for (t, left, _f, s), p in dist.items())

    def _deal(self, dist: dict, wounds: int) -> dict:
        for _ in range(wounds):
            out: dict = {}
            for (taken, left, f, stunned), p in dist.items():
                if left <= 0:  # killed: the rest of the wounds fall on nothing
                    out[(taken, left, f, stunned)] = out.get((taken, left, f, stunned), Fraction(0)) + p
                    continue
                save = Fraction(2 if f > 0 else 1, 6) if self.tough else Fraction(0)
                f2 = f - 1 if self.tough and f > 0 else f
                if save:
                    k = (taken, left, f2, stunned or not self.stun_immune)
                    out[k] = out.get(k, Fraction(0)) + p * save
                k = (taken + 1, left - 1, f2, stunned)
                out[k] = out.get(k, Fraction(0)) + p * (1 - save)
            dist = out
        return dist


def _merge(items) -> dict:
    out: dict = {}
    for k, p in items:
        out[k] = out.get(k, Fraction(0)) + p
    return out


def spell_odds(state: GameState, caster: ModelState, target: ModelState, spell_id: str, enhancement: str = "none",
               *, caster_inner_reserve: bool = False, target_inner_reserve: bool = False,
               hand_of_fortune: tuple[bool, bool] | None = None,
               policies: tuple[str, str] = ("optimal", "optimal"), tough_fate: int | None = None) -> SpellOdds:
    """The exact odds of casting ``spell_id`` at ``target`` now, as :func:`game.rules.sorcery.cast` resolves it."""
    spell = sorcery.SPELLS[spell_id]
    c_dice = 2 + (enhancement == "sorcerers_gambit") + caster_inner_reserve
    t_dice = 2 + target_inner_reserve
    if hand_of_fortune is None:
        hand_of_fortune = (not caster_inner_reserve and fate.reroll_fate_allowed(state, caster.side, False),
                           not target_inner_reserve and fate.reroll_fate_allowed(state, target.side, False))
    c_total = _total(caster, "WP", sorcery.casting_modifiers(state, caster, target, enhancement == "greater_focus"))
    t_total = _total(target, spell.resist, sorcery.resist_modifiers(state, target, spell))
    active = Roller(c_dice, c_total, _trait_reroll(state, caster, "WP", c_dice, "cast", None), hand_of_fortune[0],
                    policies[0])
    reactive = Roller(t_dice, t_total, _trait_reroll(state, target, spell.resist, t_dice, "resist", None),
                      hand_of_fortune[1], policies[1])
    roll = opposed(active, reactive)
    wounds = Fraction(0)
    if spell.id == "ravage":
        if tough_fate is None:
            tough_fate = max(0, state.sides[target.side].fate - target_inner_reserve)
        effects = Effects(target.max_wounds - target.wounds_taken, has_tough(caster, target), tough_fate,
                          conditions.stun_immune(state, target, caster))
        wounds = roll.win * sum((t * q for (t, _, _), q in effects.outcomes(1, False).items()), Fraction(0))
    return SpellOdds(roll.win, roll.p(has=TWO_ONES), wounds, roll)


# -- area of effect ------------------------------------------------------------------------------

@dataclass(frozen=True)
class VictimOdds:
    """One victim of an area of effect: P(the spread beats its roll), wounds after Tough, kill, Stun (Tough)."""

    model: str
    p_hit: Fraction
    wounds: dict[int, Fraction]
    p_kill: Fraction
    p_stun: Fraction
    p_hand_of_fortune: Fraction = Fraction(0)  # P(its side spends Hand of Fortune on this roll)

    @property
    def expected_wounds(self) -> Fraction:
        return sum((k * p for k, p in self.wounds.items()), Fraction(0))


def spread_attack(attack: combat.Attack, victim: ModelState) -> combat.Attack:
    """The attack as it reaches one victim, as :func:`game.rules.combat.area_of_effect` builds it."""
    return combat.Attack(attack.attacker, victim, attack.kind, attack.action, attack.weapon,
                         range_band=attack.range_band)


def _victim_roller(state: GameState, spread: combat.Attack, inner_reserve: bool, hand_of_fortune: bool,
                   policy: str) -> Roller:
    v = spread.defender
    dice = 2 + inner_reserve
    return Roller(dice, _total(v, "PD", combat.area_defence_modifiers(state, spread)),
                  _trait_reroll(state, v, "PD", dice, "defence", spread), hand_of_fortune, policy)


def _victim_effects(state: GameState, spread: combat.Attack, tough_fate: int | None) -> Effects:
    v = spread.defender
    if tough_fate is None:
        tough_fate = 0 if spread.no_fate else state.sides[v.side].fate
    return Effects(v.max_wounds - v.wounds_taken, has_tough(spread.attacker, v), tough_fate,
                   conditions.stun_immune(state, v, spread.attacker))


def _one_wound(effects: Effects) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """Wounds taken, P(kill), P(Stunned by Tough) of one wound through Tough ([SEQ-6]); no doubles effects."""
    wounds: dict[int, Fraction] = {}
    kill = stun = Fraction(0)
    for (taken, left, stunned), q in effects.outcomes(1, False).items():
        wounds[taken] = wounds.get(taken, Fraction(0)) + q
        kill += q * (left <= 0)
        stun += q * stunned
    return wounds, kill, stun


def victim_odds(state: GameState, spread: combat.Attack, total: int, *, inner_reserve: bool = False,
                hand_of_fortune: bool | None = None, policy: str = "optimal",
                tough_fate: int | None = None) -> VictimOdds:
    """One victim's roll against the attack's ``total`` ([AOE-1]), as :func:`game.rules.combat.hold_against`
    resolves it: ``hand_of_fortune`` defaults to [FATE-7]/[FATE-9] allowing it and no Inner Reserve taken."""
    v = spread.defender
    if hand_of_fortune is None:
        hand_of_fortune = not inner_reserve and fate.reroll_fate_allowed(state, v.side, spread.no_fate)
    hold = against_total(_victim_roller(state, spread, inner_reserve, hand_of_fortune, policy), total)
    wounds, kill, stun = _one_wound(_victim_effects(state, spread, tough_fate))
    hit = hold.beaten
    return VictimOdds(v.id, hit, _scale(wounds, hit), kill * hit, stun * hit, hold.hand_of_fortune)


def _scale(wounds: dict[int, Fraction], hit: Fraction) -> dict[int, Fraction]:
    out = {k: p * hit for k, p in wounds.items() if k}
    out[0] = 1 - sum(out.values(), Fraction(0))
    return out


def area_odds(state: GameState, attack: combat.Attack, *, attacker_inner_reserve: bool = False,
              defender_inner_reserve: bool = False, policies: tuple[str, str] = ("optimal", "optimal"),
              victim_policy: str = "optimal") -> list[VictimOdds]:
    """Every victim of an area attack ([AOE-1], [T-BLAST-1]) resolved now, nearest first as the engine takes
    them: the spread follows a first-target hit with the attack's final total; each victim's Hand of Fortune
    is on offer while its side has not used its one Inner Reserve or Hand of Fortune of the activation
    ([FATE-7]) — in the first window or on an earlier victim."""
    first = attack.defender
    victims = [spread_attack(attack, v) for v in board.affected_within(state, first, 3)]
    if not attack.area or not victims:
        return []
    a, d = attack.attacker, first
    odds = attack_odds(state, attack, attacker_inner_reserve=attacker_inner_reserve,
                       defender_inner_reserve=defender_inner_reserve, policies=policies)
    assert odds.roll is not None
    open_a = not attacker_inner_reserve and fate.reroll_fate_allowed(state, a.side, attack.no_fate)
    open_d = not defender_inner_reserve and fate.reroll_fate_allowed(state, d.side, attack.no_fate)
    effects = [_one_wound(_victim_effects(state, s, None)) for s in victims]
    hit = [Fraction(0)] * len(victims)
    hof = [Fraction(0)] * len(victims)
    for (dice_sum, a_hof, d_hof), p in odds.roll.wins_by.items():
        total = odds.attack_total + dice_sum
        unused = {a.side: open_a and not a_hof, d.side: open_d and not d_hof}
        states = {(unused.get(0, False), unused.get(1, False)): p}  # which sides still have their use
        for i, spread in enumerate(victims):
            side = spread.defender.side
            after: dict[tuple[bool, bool], Fraction] = {}
            for key, q in states.items():
                hold = against_total(_victim_roller(state, spread, False, key[side], victim_policy), total)
                hit[i] += q * hold.beaten
                hof[i] += q * hold.hand_of_fortune
                spent = tuple(False if s == side else key[s] for s in (0, 1))
                after[key] = after.get(key, Fraction(0)) + q * (1 - hold.hand_of_fortune)
                if hold.hand_of_fortune:
                    after[spent] = after.get(spent, Fraction(0)) + q * hold.hand_of_fortune  # type: ignore[index]
            states = after
    out = []
    for i, spread in enumerate(victims):
        wounds, kill, stun = effects[i]
        out.append(VictimOdds(spread.defender.id, hit[i], _scale(wounds, hit[i]), kill * hit[i], stun * hit[i],
                              hof[i]))
    return out


def area_spell_hold(state: GameState, caster: ModelState, victim: ModelState, spell_id: str, total: int, *,
                    inner_reserve: bool = False, hand_of_fortune: bool | None = None,
                    policy: str = "optimal") -> HoldOdds:
    """A More than One victim's resisting roll against the casting ``total`` ([SEQ-8]), as
    :func:`game.rules.sorcery.more_than_one` resolves it: P(the spell takes it) and P(Hand of Fortune spent)."""
    spell = sorcery.SPELLS[spell_id]
    if hand_of_fortune is None:
        hand_of_fortune = not inner_reserve and fate.reroll_fate_allowed(state, victim.side, False)
    dice = 2 + inner_reserve
    mods = sorcery.resist_modifiers(state, victim, spell, area=True)
    return against_total(Roller(dice, _total(victim, spell.resist, mods),
                                _trait_reroll(state, victim, spell.resist, dice, "resist", None), hand_of_fortune,
                                policy), total)


def victim_beaten(state: GameState, context: dict, inner_reserve: bool = False) -> Fraction:
    """P(an area of effect's victim is beaten), read from its Fate decision's context (Blast or More than One):
    with or without Inner Reserve, Hand of Fortune kept for after the roll when [FATE-7] allows it."""
    victim, total = state.model(context["model"]), context["against"]
    if "area_attack" in context:
        return victim_odds(state, context["area_attack"], total, inner_reserve=inner_reserve).p_hit
    return area_spell_hold(state, state.model(context["caster"]), victim, context["area_spell"], total,
                           inner_reserve=inner_reserve).beaten


def rerolled_beaten(dice: list[int], total: int, against: int) -> Fraction:
    """P(``against`` still beats a roll of ``total`` after all its ``dice`` are rolled again ([FATE-6], [DICE-4]))."""
    return against_total(Roller(len(dice), total - sum(dice)), against).beaten
