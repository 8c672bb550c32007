"""The AI's candidate actions: each looks at the table (read only) and offers what a model could set out to
do now as (score, intent): fight, charge, shoot, cast, take an objective (the Prisoner too: the rescue),
escape, keep the freed Prisoner away (retreat), or hold when it can do nothing. The best becomes the
activation's intent; the plan and the follow-up answers carry it out (game.ai.tactical's parts: plan_choice,
steering, targeting, fate_policy).

Scores are expected kill values from the exact odds (game.ai.odds, through game.ai.memo), weighted by
the level's :class:`~game.ai.difficulty.Difficulty`. Nothing here changes the state.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from game.ai import memo, prisoner, scenario_hints
from game.ai.difficulty import Difficulty
from game.ai.futile import Futility
from game.ai.objective_routes import RouteGoals
from game.ai.odds import Odds
from game.ai.threat import Threats, loss
from game.geometry.battlefield import Battlefield
from game.rules import board, combat, conditions, movement, sorcery
from game.rules.state import PRISONER, GameState, ModelState
from game.rules.traits.base import TraitRule, hooks_answering, hooks_of

VALUE = {"hero": 3.0, "companion": 2.0, "follower": 1.0}  # [ENC-5] kill values
SLACK = 1e-9  # a bound's margin over the float rounding of the score it bounds (relative and absolute)


@dataclass
class Intent:
    kind: str = "advance"  # fight | charge | shoot | cast | advance | hold | escape | withdraw
    target: str | None = None
    goal: tuple[float, float] | None = None
    spell: str | None = None
    notes: list[str] = field(default_factory=list)
    storm: bool = False  # a fight it walks to along the routes (the Rescuer storming the ring: game.ai.storm)
    rush: bool = False  # ... its target beyond a walk: no blow this activation, so the move goes as far as it can
    exit: bool = False  # an advance (or a Stunned model's hold) whose goal is its exit edge ([ENC-BRK-2]), as an
    # escape's is: a move on its way there is weighed as PlanWeights.diverted says


Scored = tuple[float, Intent]


def model_value(model: ModelState) -> float:
    return VALUE.get(model.profile.type, 1.0) + 0.1 * len(model.profile.traits)


def _above(bound: float) -> float:
    """``bound`` raised past any rounding the score it bounds may carry (the score sums in another order)."""
    return bound + abs(bound) * SLACK + SLACK


def spreads(m: ModelState) -> bool:
    """Whether some hook of ``m`` may give its attacks an area of effect ([AOE-1]): its shots then have no
    cheap bound (the spread's victims are worth more)."""
    return any(type(h).gives_area is not TraitRule.gives_area for h in hooks_of(m))


class Appraiser:
    """The values the candidates are scored by, for one level; caches live for one table position."""

    TRANSIENT = frozenset({"_reach", "_needed", "_denied"})  # caches: not kept in a save's memory

    def __init__(self, difficulty: Difficulty):
        self.level = difficulty
        self._danger: dict[tuple[int, str], float] = {}
        self._denied: dict[tuple[int, str], float] = {}
        self._lanes: dict[tuple[int, str], set[str]] = {}
        self._reach: dict[tuple[int, str], float | None] = {}  # a charge's reach, where an enemy is near it
        self._needed: tuple[tuple[int, int], list[tuple[float, float]]] | None = None  # needed's last answer
        self.routes = RouteGoals()  # goals by the engine's route cost, and when they still pay

    # -- attacks --------------------------------------------------------------------------------
    def worth(self, state: GameState, e: ModelState) -> float:
        """A target's kill value; the freed Prisoner's is the whole Rescue ([ENC-RES-5]) to levels that see it."""
        return model_value(e) * (self.level.prisoner_prize if prisoner.rescued(state, e) else 1.0) \
            * scenario_hints.hunt_factor(state, e) + self.denied(state, e)

    def denied(self, state: GameState, e: ModelState) -> float:
        """Levels that deny escapes: what enemy ``e``'s escape would pay its side (its kill value: [ENC-BRK-3]), times
        its chance of making it, read as how much of its reach over the turns left its way to its edge leaves over
        (0 without an exit edge); taking it out denies that too."""
        if not self.level.deny_escapes or state.encounter is None:
            return 0.0
        key = (state.version, e.id)
        found = self._denied.get(key)
        if found is None:
            from game.rules.encounter import escape_edges

            found = 0.0
            edges = escape_edges(state, e)
            if edges:
                gap = min(Battlefield.distance_to_edge((e.x, e.y), 0.0, edge) for edge in edges)  # centre to edge
                turns = state.encounter.scenario.duration.turns - state.turn + (0 if e.activated else 1)
                reach = self.routes.pace(state, e) * max(0, turns)
                found = model_value(e) * max(0.0, 1.0 - gap / reach) if reach > 0 else 0.0
            if len(self._denied) > 256:
                self._denied = {k: v for k, v in self._denied.items() if k[0] == key[0]}
            self._denied[key] = found
        return found

    def odds(self, state: GameState, attack: combat.Attack) -> Odds:
        """The exact odds of ``attack`` as the level weighs a candidate: with ``rough_odds``, of the dice alone (no
        re-roll on offer: the cheap enumeration, seldom another choice)."""
        if self.level.rough_odds:
            return memo.odds(state, attack, hand_of_fortune=(False, False), rerolls=False)
        return memo.odds(state, attack)

    def melee_value(self, state: GameState, m: ModelState, e: ModelState, action: str) -> float:
        weapons = combat.melee_weapons(m)
        attack = combat.Attack(m, e, "close", action, weapons[0] if weapons else None)
        odds = self.odds(state, attack)
        value = self.worth(state, e)
        gain = (float(odds.expected_wounds) * value / max(1, e.max_wounds - e.wounds_taken)
                + float(odds.p_kill) * value + 0.3 * float(odds.p_stun)
                + self.first_strike(state, e, float(odds.p_kill), float(odds.p_stun))) * self.blocker_bonus(state, m, e)
        if odds.profile is not None and odds.profile.duel is not None:  # [HD-4]: a duel's hits may come back
            counter = sum(k * p for k, p in odds.counter_wounds.items())
            gain -= loss(m, float(counter), float(odds.p_counter_kill), model_value(m))
        return gain

    def danger(self, state: GameState, e: ModelState) -> float:
        """What enemy ``e`` is set to do to its nearest foe before that foe acts again (kill values), so
        taking it out or Stunning it first is worth that much more. Cached for the position at hand."""
        key = (state.version, e.id)
        if key not in self._danger:
            foes = [o for o in state.enemies_of(e) if o.on_table]
            nearest = min(foes, key=lambda o: board.distance(o, e), default=None)
            self._danger[key] = 0.0 if nearest is None else \
                Threats(state, nearest, model_value(nearest), [e]).at(nearest.x, nearest.y) \
                * scenario_hints.caution(state, nearest.side)
            if len(self._danger) > 256:
                self._danger = {k: v for k, v in self._danger.items() if k[0] == key[0]}
        return self._danger[key]

    def first_strike(self, state: GameState, e: ModelState, p_kill: float, p_stun: float) -> float:
        """The enemy's reply that a kill or a Stun now pre-empts (levels that weigh it)."""
        if not self.level.first_strike:
            return 0.0
        return (p_kill + 0.7 * p_stun) * self.danger(state, e)

    def blocker_bonus(self, state: GameState, m: ModelState, e: ModelState) -> float:
        """Enemies that stop our side securing an objective (a marker, the Prisoner) are worth more; to levels
        that guard it, so are those closing on our freed Prisoner."""
        enc = state.encounter
        if enc is None:
            return 1.0
        spots: list[tuple[float, float, float]] = []
        if enc.prisoner is not None and not enc.rescued and enc.ref(m.side) == "lower":
            p = state.model(enc.prisoner)
            if math.hypot(e.x - p.x, e.y - p.y) - e.radius <= p.radius + 3.0:  # [ENC-RES-4]: no Kidnapper within 3″
                return self.level.prisoner_guard
        if enc.prisoner is not None and enc.rescued and self.level.guard_prisoner:
            p = state.model(enc.prisoner)
            if p.on_table and p.side == m.side:
                spots.append((p.x, p.y, p.radius + 8.0))  # a charge's reach of the Prisoner our win hangs on
        spots += [(mk.x, mk.y, mk.radius + 3.0) for mk in enc.markers]
        near = any(math.hypot(e.x - x, e.y - y) - e.radius <= reach for x, y, reach in spots)
        return (2.0 if near else 1.0) * scenario_hints.guard_factor(state, m, e)

    # -- upper bounds: what a score can be at most, read without the odds or the geometry ------------------
    def blow_bound(self, state: GameState, m: ModelState, e: ModelState) -> float:
        """At least :meth:`melee_value` and, without an area, the :meth:`shot_value` of one weapon: the odds enter
        as EW/left <= 1 (no attack takes more wounds than are left) and p_kill + p_stun <= 1 (a killed model is
        not newly Stunned), so the most is ``worth`` plus the larger of (kill: worth + danger), (Stun: 0.3 +
        0.7 danger) and nothing; no bound (inf) while that danger is not yet worked out."""
        d = self.known_danger(state, e)
        if d is None:
            return math.inf
        worth = self.worth(state, e)
        return _above(self.blocker_bonus(state, m, e) * (worth + max(0.0, worth + d, 0.3 + 0.7 * d)))

    def spell_bound(self, state: GameState, e: ModelState) -> float:
        """At least :meth:`spell_value`: Ravage deals one wound at most, Stun succeeds at most always (no bound
        while the danger is not yet worked out)."""
        d = self.known_danger(state, e)
        if d is None:
            return math.inf
        value = model_value(e)
        return _above(max(0.0, value / max(1, e.max_wounds - e.wounds_taken), 0.5 * value + max(0.0, 0.7 * d)))

    def known_danger(self, state: GameState, e: ModelState) -> float | None:
        """The danger a bound adds: none to levels that do not weigh it, else :meth:`danger` if it is already
        worked out for this table (a bound must stay cheap: None, no bound, rather than a new Threats)."""
        if not self.level.first_strike:
            return 0.0
        return self._danger.get((state.version, e.id))

    def shot_value(self, state: GameState, m: ModelState, e: ModelState) -> float:
        best = 0.0
        for w in combat.ranged_weapons(m):
            if w in m.jammed:
                continue
            found = memo.ranged_target(state, m, w, e)  # the sight line to ``e`` alone
            if found is None:
                continue
            band, cover = found
            attack = combat.Attack(m, e, "ranged", "aimed_shot", w, range_band=band, cover=cover)
            attack.area = any(h.gives_area(attack) for h in hooks_answering(m, "gives_area"))
            odds = self.odds(state, attack)
            value = self.worth(state, e)
            best = max(best, (float(odds.expected_wounds) * value / max(1, e.max_wounds - e.wounds_taken)
                              + float(odds.p_kill) * value
                              + self.first_strike(state, e, float(odds.p_kill), float(odds.p_stun)))
                       * self.blocker_bonus(state, m, e) + self.area_value(state, m, attack))
        return best

    def area_value(self, state: GameState, m: ModelState, attack: combat.Attack) -> float:
        """What an area attack's spread is worth beyond its first target ([AOE-1]), from the exact odds with each
        victim's Fate on offer (with ``rough_odds``, the spread of the first roll's dice alone): enemies caught
        count for us, our own models caught against us."""
        if not attack.area:
            return 0.0
        value = 0.0
        for v in memo.area(state, attack, self.level.rough_odds):
            victim = state.model(v.model)
            worth = (float(v.expected_wounds) / max(1, victim.max_wounds - victim.wounds_taken)
                     + float(v.p_kill)) * model_value(victim)
            value += -worth if victim.side == m.side else worth
        return value

    def spell_value(self, state: GameState, m: ModelState, e: ModelState) -> tuple[float, str]:
        """The best spell at ``e`` and its worth; nothing (0.0) where the exact odds the rules give (an engaged
        target's penalty and all: [SORC-7]) leave every spell under the level's ``cast_floor``."""
        if not memo.spell_target(state, m, e, 18.0):
            return 0.0, "ravage"
        floor = self.level.cast_floor
        rough = (False, False) if self.level.rough_odds else None  # no Hand of Fortune: the dice alone
        ravage = memo.spell_odds(state, m, e, "ravage", rough)
        options = [(float(ravage.expected_wounds) * model_value(e) / max(1, e.max_wounds - e.wounds_taken), "ravage")
                   ] if ravage.p_success >= floor else []
        if not conditions.STUNNED.on(e) and not conditions.stun_immune(state, e, m):  # else its odds are not asked
            stun = memo.spell_win(state, m, e, "stun", rough)  # its chance alone: what it does is read off no odds
            if stun >= floor:
                options.append((0.5 * float(stun) * model_value(e) + self.first_strike(state, e, 0.0, float(stun)),
                                "stun"))
        return max(options, default=(0.0, "ravage"))

    def best_spell(self, state: GameState, m: ModelState) -> tuple[float, str, str | None]:
        """The best (worth, spell, target) ``m`` could cast now by :meth:`spell_value`; no target (None) when
        no enemy in reach is worth a spell."""
        found: tuple[float, str, str | None] = (0.0, "ravage", None)
        for e in memo.spell_targets(state, m, 18.0):
            value, spell = self.spell_value(state, m, e)
            if value > found[0]:
                found = (value, spell, e.id)
        return found

    def hopeless_casting(self, state: GameState, m: ModelState) -> bool:
        """Enemies in a spell's reach now, none of them worth a spell (the level's ``cast_floor``): a spell cast
        now is AP thrown away; with none in reach yet, a move may still bring one. (As ``best_spell`` finding no
        target, the nearest asked first: one worth a spell settles it.)"""
        first = self.level.first_target  # levels that weigh spells at the nearest enemy alone judge there too

        def ask() -> bool:
            if first:  # the nearest target (of equals, the first by id, as spell_targets orders them) alone
                foes = sorted(state.enemies_of(m), key=lambda e: (board.distance(m, e), e.id))
                nearest = next((e for e in foes if memo.spell_target(state, m, e, 18.0)), None)
                return nearest is not None and not self.spell_value(state, m, nearest)[0] > 0
            targets = memo.spell_targets(state, m, 18.0)
            near = sorted(targets, key=lambda e: board.distance(m, e))
            return bool(targets) and not any(self.spell_value(state, m, e)[0] > 0 for e in near)

        return memo.hopeless_casting(state, m, ask, (first, self.level.rough_odds))

    def can_charge_at(self, state: GameState, m: ModelState, e: ModelState) -> bool:
        """Whether ``e`` is one of :meth:`chargeable`, the lane to ``e`` alone asked where the lanes to every enemy
        are not known yet (a level weighing its nearest targets asks few)."""
        from game.rules.movement import allowance, charge_target

        known = None if self.level.centre_charges else self._lanes.get((state.version, m.id))  # (every lane)
        if known is not None:
            return e.id in known
        key = (state.version, m.id)
        if key not in self._reach:
            if len(self._reach) > 64:
                self._reach.clear()
            reach = allowance(state, m, "charge")[0] if movement.can_charge(state, m) else None
            near = reach is not None and any(3 <= board.distance(m, o) <= reach + 0.5 for o in state.enemies_of(m))
            self._reach[key] = reach if near else None
        reach = self._reach[key]
        return reach is not None and any(o.id == e.id for o in state.enemies_of(m)) \
            and charge_target(state, m, e, reach, self.level.centre_charges) is not None

    def chargeable(self, state: GameState, m: ModelState) -> set[str]:
        """The enemies the engine would let ``m`` charge now (3″+, in sight once it turns to them, a legal
        straight lane: [MOVE-3], [SEQ-5], [DIG-MOVE-4]), so it never means to make a charge that would be skipped."""
        from game.rules.movement import allowance, charge_targets

        key = (state.version, m.id)
        if key not in self._lanes:
            if len(self._lanes) > 64:
                self._lanes.clear()
            if not movement.can_charge(state, m):
                self._lanes[key] = set()
            else:
                reach = allowance(state, m, "charge")[0]
                near = any(3 <= board.distance(m, e) <= reach + 0.5 for e in state.enemies_of(m))
                self._lanes[key] = {e.id for e, _ in charge_targets(state, m, reach)} if near else set()
        return self._lanes[key]

    # -- objectives -----------------------------------------------------------------------------
    @staticmethod
    def objective_points(state: GameState, side: int | None = None) -> list[tuple[float, float]]:
        """Where the encounter scores (landmark, markers, quarters, regions, the Prisoner), read from its data.

        With ``side``, only the objectives that side does not already hold (control and secure targets
        it is not winning), so the models go where they are needed."""
        enc = state.encounter
        if enc is None:
            return []
        from game.rules import scoring

        points: list[tuple[float, float]] = []
        if enc.prisoner is not None and not enc.rescued:  # [ENC-RES-4]: the Rescuer frees it, the Kidnapper guards it
            p = state.model(enc.prisoner)
            if p.status == PRISONER:
                points.append((p.x, p.y))
        for entry in enc.scenario.scoring:
            if side is not None and not scoring.scores_for(state, entry, side):
                continue
            for t in scoring.targets(state, entry):
                if side is not None and entry.kind == "control":
                    _, counts = scoring.controller(state, entry, t)
                    if counts[side] > counts[1 - side] + 1:
                        continue
                if side is not None and entry.kind == "secure" and scoring.securer(state, entry, t) == [side]:
                    continue
                point = scoring.target_centre(state, t)
                if point is not None:
                    points.append(point)
        from game.rules.scenario_triggers import goal_regions, region_centre

        # a place an event waits for a side to enter, for its good: that side goes there, the other guards it
        points += [region_centre(region) for _, region in goal_regions(state)]
        return points

    def needed(self, state: GameState, side: int) -> list[tuple[float, float]]:
        """:meth:`objective_points` for ``side``, kept while no model changes and the encounter's state (the
        Prisoner, switches, variables, markers, the turn, the events fired) holds: it is asked of every model, often
        (a look at the table's memo costs less than one at where the bases stand)."""
        now = (state.version, side)  # asked again and again of one version: the answer of the last time
        if self._needed is not None and self._needed[0] == now:
            return self._needed[1]
        enc = state.encounter
        if enc is None:
            found: list[tuple[float, float]] = []
        else:  # kept with the table (state.table_memo: while no model changes), this turn and the events fired
            seen = (enc.rescued, tuple(sorted(enc.switched.items())), tuple(sorted(enc.variables.items())),
                    tuple((k.x, k.y) for k in enc.markers), state.turn, len(enc.fired))
            memo = state.table_memo()
            key = ("ai needed", side, seen)
            found = memo.get(key)  # type: ignore[assignment]
            if found is None:
                found = memo[key] = self.objective_points(state, side)
        self._needed = (now, found)
        return found

    def objective_pull(self, state: GameState, m: ModelState) -> float:
        """Near 1 beside an objective its side still needs, falling off with the inches of its route and with
        the scoring turns it no longer pays by the time the model gets there; at least the pull of a region the
        scenario asks it to hold."""
        points = self.needed(state, m.side)
        held = scenario_hints.hold_pull(state, m)  # the regions the scenario asks it to hold
        if not points:
            return held
        goal = self.routes.nearest(state, m, points)
        straight = 4 * math.hypot(m.x - goal[0], m.y - goal[1]) + state.battle_map.size
        gap = min(self.routes.cost(state, m, goal), straight)
        return max(held, self.routes.worth(state, m, goal) / (1.0 + gap / 6))

    def escape_goal(self, state: GameState, m: ModelState) -> tuple[float, float] | None:
        """The point of a goal edge ([ENC-BRK-2]) with the cheapest route, not the nearest in a straight line."""
        from game.rules.encounter import escape_edges

        edges = escape_edges(state, m) if state.encounter is not None else []
        if not edges:
            return None
        found = self.routes.edge_goal(state, m, edges)
        if found is not None:
            return found
        far = state.battle_map.size - m.radius
        spots = {"top": (m.x, m.radius), "bottom": (m.x, far), "left": (m.radius, m.y), "right": (far, m.y)}
        return min((spots[e] for e in edges), key=lambda p: math.hypot(p[0] - m.x, p[1] - m.y))

    def way_blocker(self, state: GameState, m: ModelState) -> ModelState | None:
        """The enemy standing in the way of ``m``'s route to its goal when going round costs too much (none while
        it is engaged: it fights where it stands)."""
        if state.encounter is None or board.is_engaged(state, m):
            return None
        from game.rules.encounter import escape_edges

        edges = escape_edges(state, m)
        needed = self.needed(state, m.side) if not edges else []
        if not edges and not needed:
            return None  # no goal: no way for an enemy to stand in (routes.blocker's answer too)

        def find() -> str | None:
            goal = self.routes.nearest(state, m, needed) if needed else None
            found = self.routes.blocker(state, m, goal, edges)
            return found.id if found is not None else None

        blocker = self.routes.remembered(state, ("way blocker", m.id), find)
        return state.model(blocker) if isinstance(blocker, str) else None

    def heads_out(self, state: GameState, m: ModelState) -> bool:
        """Whether ``m``'s goal (:meth:`goal_for`) is its exit edge: it has one, and no melee holds it."""
        return not board.is_engaged(state, m) and self.escape_goal(state, m) is not None

    def goal_for(self, state: GameState, m: ModelState) -> tuple[float, float] | None:
        if self.heads_out(state, m):
            return self.escape_goal(state, m)
        hold = scenario_hints.hold_goal(state, m)  # the scenario asks this side to keep a region
        if hold is not None:
            return hold
        needed = self.needed(state, m.side)
        if needed:
            return self.routes.nearest(state, m, needed, {p: self.taken(state, m, p) for p in needed})
        foes = state.enemies_of(m)
        if foes:
            target = min(foes, key=lambda e: board.distance(m, e))
            return target.x, target.y
        held = self.objective_points(state)
        return min(held, key=lambda p: math.hypot(p[0] - m.x, p[1] - m.y)) if held else None

    def taken(self, state: GameState, m: ModelState, p: tuple[float, float]) -> float:
        """Levels that spread out: inches added to an objective a friend already stands on, so the others go
        to the ones nobody holds yet."""
        if not self.level.spread:
            return 0.0
        friends = (f for f in state.friends_of(m) if f.on_table and f.id != m.id)
        return self.level.spread * any(math.hypot(f.x - p[0], f.y - p[1]) <= f.radius + 1.0 for f in friends)

    @staticmethod
    def holding(state: GameState, m: ModelState) -> bool:
        """``m`` alone secures a target its side scores by securing ([ENC-SAL-3]): in contact with it, no other
        friend in contact, no enemy near enough to deny it. Leaving would give it up."""
        enc = state.encounter
        if enc is None:
            return False
        from game.rules import scenario_events, scoring

        for entry in enc.scenario.scoring:
            if entry.kind != "secure" or not scoring.scores_for(state, entry, m.side) \
                    or not scenario_events.pays_now(state, entry):
                continue
            for t in scoring.targets(state, entry):
                if scoring.distance_to(state, m, t) > board.CONTACT_TOLERANCE or m.side not in scoring.securer(
                        state, entry, t):
                    continue
                others = [f for f in state.friends_of(m) if f.on_table and f.id != m.id
                          and scoring.distance_to(state, f, t) <= board.CONTACT_TOLERANCE]
                if not others:
                    return True
        return False


# -- the candidates -----------------------------------------------------------------------------

class Candidate:
    """One kind of thing a model may set out to do; ``offers`` yields (score, intent) for each way it can, and
    ``bound`` caps those scores cheaply (never below any of them) so :func:`best` may skip what cannot win."""

    def offers(self, ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
        return iter(())

    def bound(self, ai: Appraiser, state: GameState, m: ModelState) -> float:
        return math.inf


class Targeted:
    """A candidate aimed at one enemy at a time (charge, shoot, cast); ``applies`` says, once per model, whether
    it can offer anything at all (when not, its ``offers`` yields nothing for any enemy). ``nearest_only``: levels
    with ``first_target`` weigh it at the nearest enemy alone."""

    nearest_only = False

    def applies(self, ai: Appraiser, state: GameState, m: ModelState) -> bool:
        return True

    def offers(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> Iterator[Scored]:
        return iter(())

    def bound(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> float:
        return math.inf


class Hold(Candidate):
    """Stunned: it can only shake it off ([COND-2])."""

    def offers(self, ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
        if conditions.STUNNED.on(m):  # a move after its Shake Off heads for its goal (Steering): on the way out, too
            yield 0.1, Intent("hold", exit=ai.level.plan.diverted and ai.heads_out(state, m))


class Retreat(Candidate):
    """The freed Prisoner: the Rescue is won by it staying alive, so it keeps away ([ENC-RES-5])."""

    def offers(self, ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
        if ai.level.guard_rescued and prisoner.rescued(state, m):
            yield 0.3, Intent("advance", goal=prisoner.refuge(state, m))


class Objective(Candidate):
    """March on (or hold) the objective its side needs most: a marker, a region, the Prisoner to free."""

    def offers(self, ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
        if ai.level.hold_secured and ai.holding(state, m):  # stay: its goal is where it stands
            yield ai.level.hold_secured, Intent("advance", goal=(m.x, m.y))
        blockers = prisoner.blockers(state, m) if ai.level.clear_prisoner else None
        if blockers is not None:  # at the Prisoner: stay to free it; while Kidnappers stop that, fight them first
            yield (ai.level.advance_base if blockers else ai.level.hold_secured), Intent("advance", goal=(m.x, m.y))
            return
        if ai.level.storm_ring and prisoner.storm_target(state, m, ai.level.ring_focus) is not None:
            return  # the Prisoner waits: its guards first (Storm)
        yield (ai.level.advance_base + ai.level.objective_pull * ai.objective_pull(state, m),
               Intent("advance", goal=ai.goal_for(state, m), exit=ai.heads_out(state, m)))


class Storm(Candidate):
    """Levels that storm the ring, the Rescuer: while Kidnappers stop the rescue, go at them (the target chosen by
    :meth:`Appraiser.storm_target`) instead of walking round them to the Prisoner, which frees nobody
    ([ENC-RES-4]); the Prisoner itself is touched on the way where a guard stands beside it (game.ai.storm)."""

    def offers(self, ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
        if not ai.level.storm_ring:
            return
        target = prisoner.storm_target(state, m, ai.level.ring_focus)
        if target is not None:
            score = ai.level.advance_base + ai.level.objective_pull * ai.objective_pull(state, m)
            rush = bool(ai.level.plan.storm_rush) and board.distance(m, target) > movement.allowance(
                state, m, "walk")[0]
            yield score, Intent("fight", target.id, storm=True, rush=rush)


class Escape(Candidate):
    """Leave by an edge that scores ([ENC-BRK-2])."""

    def offers(self, ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
        escape = ai.escape_goal(state, m)
        if escape is not None:
            yield ai.level.escape * model_value(m), Intent("escape", goal=escape)


class Breach(Candidate):
    """A model whose route to its goal (its exit edge, else the objective it heads for) enemy bases shut or make
    much longer goes at the enemy in the way, a charge if it can, else walking up to strike, rather than
    shuffling at the blocked way (game.ai.objective_routes.RouteGoals.blocker); the score is its goal's."""

    def offers(self, ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
        blocker = ai.way_blocker(state, m)
        if blocker is None:
            return
        escape = ai.escape_goal(state, m)
        score = ai.level.escape * model_value(m) if escape is not None else \
            ai.level.advance_base + ai.level.objective_pull * ai.objective_pull(state, m)
        if ai.can_charge_at(state, m, blocker):
            yield score + SLACK, Intent("charge", blocker.id)
        else:
            yield score + SLACK, Intent("fight", blocker.id, storm=True)


class Fight(Candidate):
    """Strike an enemy it is already engaged with."""

    def offers(self, ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
        for e in board.engaged_enemies(state, m):
            yield ai.melee_value(state, m, e, "standard_attack") + ai.level.fight_bonus, Intent("fight", e.id)

    def bound(self, ai: Appraiser, state: GameState, m: ModelState) -> float:
        return max((_above(ai.blow_bound(state, m, e) + ai.level.fight_bonus) for e in board.engaged_enemies(state, m)),
                   default=-math.inf)


def ganged(ai: Appraiser, state: GameState, m: ModelState, e: ModelState) -> float:
    """Levels with gang caution: what the enemies ganging up on ``m`` in contact with ``e`` cost it (game.ai.caution);
    never negative, so a candidate's bound still holds."""
    if not ai.level.gang_caution:
        return 0.0
    from game.ai.caution import contact_spot, gang_risk

    return ai.level.gang_caution * gang_risk(state, m, *contact_spot(m, e))


class Withdraw(Candidate):
    """Levels that withdraw: a valuable model losing a melee against several enemies, no friend coming, disengages
    ([MOVE-9]) toward a refuge; offered at what leaving saves (game.ai.caution.losing_melee)."""

    def offers(self, ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
        engaged = board.engaged_enemies(state, m)
        if not ai.level.withdraw or len(engaged) < 2:
            return
        from game.ai.caution import losing_melee

        gain = max(ai.melee_value(state, m, e, "standard_attack") for e in engaged) + ai.level.fight_bonus
        saved = losing_melee(state, m, gain)
        if saved > 0:
            yield gain + saved, Intent("withdraw", goal=prisoner.refuge(state, m))


class Charge(Targeted):
    def offers(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> Iterator[Scored]:
        if ai.can_charge_at(state, m, e):
            yield (ai.melee_value(state, m, e, "charge_attack") * ai.level.charge_bonus
                   * scenario_hints.chase_factor(state, m, e) - ganged(ai, state, m, e), Intent("charge", e.id))

    def bound(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> float:
        """The blows' cap alone: the lane, dearer, is asked by ``offers`` only where the cap could still win."""
        return _above(ai.blow_bound(state, m, e) * ai.level.charge_bonus)


class Shoot(Targeted):
    nearest_only = True

    def applies(self, ai: Appraiser, state: GameState, m: ModelState) -> bool:
        return bool(combat.ranged_weapons(m))

    def offers(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> Iterator[Scored]:
        if gap <= ai.level.shot_reach and combat.ranged_weapons(m):
            yield ai.shot_value(state, m, e), Intent("shoot", e.id)

    def bound(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> float:
        if gap > ai.level.shot_reach:
            return -math.inf  # no offer (``applies``: it has a ranged weapon)
        return math.inf if spreads(m) else max(0.0, ai.blow_bound(state, m, e))  # 0.0: no weapon reaches it


class Cast(Targeted):
    nearest_only = True

    def applies(self, ai: Appraiser, state: GameState, m: ModelState) -> bool:
        return sorcery.has_spells(m)

    def offers(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> Iterator[Scored]:
        if gap <= ai.level.shot_reach and sorcery.has_spells(m):
            value, spell = ai.spell_value(state, m, e)
            if value > 0:  # none worth casting (out of reach, or every spell under the level's cast_floor)
                yield value, Intent("cast", e.id, spell=spell)

    def bound(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> float:
        if gap > ai.level.shot_reach:
            return -math.inf  # no offer (``applies``: it has spells)
        return ai.spell_bound(state, e)


class Close(Targeted):
    """Levels that close in: walk into base contact with an enemy it cannot charge (nearer than 3″, no straight
    lane) and strike ([CC-1]); otherwise a model beside a foe only walks up to it and lets it strike first."""

    def applies(self, ai: Appraiser, state: GameState, m: ModelState) -> bool:
        return bool(ai.level.close_in)

    def offers(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> Iterator[Scored]:
        if not ai.level.close_in:
            return
        walk = movement.allowance(state, m, "walk")[0]
        reach = Futility(state, m, ai.level.contact_round)
        if gap <= walk - 0.2 and not ai.can_charge_at(state, m, e) \
                and reach.contact_spot(walk, frozenset({e.id})) is not None:  # a route gets there
            ring = prisoner.blockers_of(state, m) or ()
            storm = ai.level.storm_ring and any(b.id == e.id for b in ring)  # walk to it
            yield (ai.melee_value(state, m, e, "standard_attack") * ai.level.close_in
                   * scenario_hints.chase_factor(state, m, e) - ganged(ai, state, m, e),
                   Intent("fight", e.id, storm=storm))

    def bound(self, ai: Appraiser, state: GameState, m: ModelState, e: ModelState, gap: float) -> float:
        return _above(ai.blow_bound(state, m, e) * ai.level.close_in)  # ``applies``: the level closes in


ALONE = (Hold(), Retreat())  # when one of these offers, it is the only thing to do
ANYWHERE = (Objective(), Storm(), Escape(), Fight(), Breach(), Withdraw())
UNENGAGED = (Charge(), Shoot(), Cast(), Close())  # per enemy, only for a model not engaged

Step = tuple[Any, tuple[Any, ...]]  # a candidate and what it is asked with beyond (ai, state, m)


def _alone(ai: Appraiser, state: GameState, m: ModelState) -> list[Scored]:
    for c in ALONE:
        only = list(c.offers(ai, state, m))
        if only:
            return only
    return []


def _steps(ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Step]:
    """The candidates to ask for ``m``, in the fixed order of their offers (the first of equal scores wins)."""
    for c in ANYWHERE:
        yield c, ()
    if board.engaged_enemies(state, m):
        return
    asked = [t for t in UNENGAGED if t.applies(ai, state, m)]
    foes = [(e, board.distance(m, e)) for e in state.enemies_of(m)]
    weighed = ai.level.targets_weighed
    if weighed and len(foes) > weighed:  # the nearest only, in their own order (the first of equal scores wins)
        near = {e.id for e, _ in sorted(foes, key=lambda f: f[1])[:weighed]}
        foes = [(e, gap) for e, gap in foes if e.id in near]
    first = min(foes, key=lambda f: f[1])[0].id if foes and ai.level.first_target else None
    for e, gap in foes:
        for t in asked:
            if first is None or e.id == first or not t.nearest_only:
                yield t, (e, gap)


def offers(ai: Appraiser, state: GameState, m: ModelState) -> Iterator[Scored]:
    """Every candidate's offers for ``m``, in a fixed order (the first of equal scores wins)."""
    only = _alone(ai, state, m)
    if only:
        yield from only
        return
    if not board.engaged_enemies(state, m) and not ai.level.centre_charges:
        ai.chargeable(state, m)  # warms the lane cache once for every enemy (every lane: not for centre lanes)
    for c, more in _steps(ai, state, m):
        yield from c.offers(ai, state, m, *more)


def best(ai: Appraiser, state: GameState, m: ModelState, floor: float = -math.inf) -> Scored:
    """The best candidate for ``m`` now, as (expected value, intent): the first of equal scores, as over
    :func:`offers`. A candidate whose bound cannot beat the best so far is not asked (it could not change the
    answer). With ``floor``, neither is one whose bound is below it: the answer is then exact when its score is
    at least ``floor``; below it, only the true score is known to be below ``floor`` too."""
    only = _alone(ai, state, m)
    if only:
        return _first_best(only)
    top: Scored | None = None
    for c, more in _steps(ai, state, m):
        if top is not None or floor > -math.inf:
            cap = c.bound(ai, state, m, *more)
            if cap < floor or (top is not None and cap <= top[0]):
                continue
        for scored in c.offers(ai, state, m, *more):
            if top is None or scored[0] > top[0]:
                top = scored
    assert top is not None  # Objective always offers, and its bound is none
    return top


def _first_best(found: list[Scored]) -> Scored:
    top = found[0]
    for scored in found[1:]:
        if scored[0] > top[0]:
            top = scored
    return top


def all_offers(ai: Appraiser, state: GameState, m: ModelState) -> list[Scored]:
    """Every offer, best first (stable: the first of equal scores first)."""
    return sorted(offers(ai, state, m), key=lambda s: -s[0])


def describe(scored: Scored) -> dict[str, Any]:
    score, intent = scored
    return {"score": round(score, 3), "kind": intent.kind, "target": intent.target, "goal": intent.goal}
