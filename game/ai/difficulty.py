"""How well each level plays, as data: the weights of its candidate actions and plan scores and the
refinements it uses. The controller (game.ai.tactical and its parts) reads these and never branches on a level's
name.

``easy`` is a fixed baseline: its figures are those it has always played with, so the same seeds give the same
games. ``normal`` also keeps Fate and spells off hopeless rolls and leaves no AP idle that could buy something,
and, to cost no more than the rules (issue 37), weighs targets at its nearest enemies (shots and spells at the
nearest alone) by the dice alone (no re-roll on offer), stays put where it has nowhere to go and trusts its
remembered estimates for the order of its activations; ``hard`` adds the refinements and the look-ahead
(game.ai.lookahead).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class PlanWeights:
    """What each action of a declared plan is worth toward the intent it serves ([DIG-ACT-1])."""

    furious: float = 3.0  # fight: a Furious Attack
    standard: float = 2.5  # fight: each Standard Attack
    sweeping: float = 1.0
    shield_slam: float = 0.5
    disengage: float = -2.0  # fight: walking away from it
    charge: float = 5.0
    after_charge_blow: float = 2.0  # each blow that follows the charge
    aimed: float = 3.0
    quick_fire: float = 2.6
    ranged: float = 2.0
    walk_after_shot: float = 0.5  # a shooter that ends its plan with a walk
    cast: float = 2.0
    second_cast: float = 0.3
    escape: float = 6.0
    escape_walk: float = 2.0
    escape_run: float = 2.2
    hold: float = 1.0  # at its objective: doing nothing keeps it there
    hold_blow: float = 1.5
    hold_move: float = -2.0
    walk: float = 1.5  # advance
    run: float = 1.2
    sneak: float = 0.8
    walk_and_run: float = 0.5
    heal: float = 1.5
    shake_off: float = 0.5
    clear_weapon: float = 0.5
    run_spoils: float = -0.8  # the run's -3 spoils the shot, blow or spell after it
    idle_blow: float = -0.4  # a blow that serves no fight or charge
    futile: float = -100.0  # [SEQ-2]: an action sure to be skipped
    length: float = -0.05  # of plans alike, the shorter
    noise: float = 0.01  # tie-breaks at random
    # refinements (0: not used)
    charge_lane_spoil: float = 0.0  # a move before the charge may spoil the lane it has now
    wasted: float = 0.0  # each action the engine would skip for want of a target
    more_ground: float = 0.0  # each move beyond the first on an advance or escape
    withdraw: float = 0.0  # a Disengage, when the intent is to leave a melee it is losing (game.ai.caution)
    close_walk: float = 0.0  # a storming fight (storm_ring): a walk toward its target, a blow next time if not now
    spare_ap: float = 0.0  # each AP of the activation the plan leaves unspent (lost: [TURN-6]), as a cost
    idle_cast: float = 0.0  # a spell its intent does not call for, every target in reach under ``cast_floor``
    idle_shove: float = 0.0  # a Shove that serves no fight or charge
    hold_shot: float = 0.0  # at its objective: a shot from where it stands, times the shoot weights (else idle AP)
    storm_rush: float = 0.0  # a storming fight whose target a walk cannot reach: a run toward it
    diverted: bool = False  # on the way to its exit edge: a move a melee action follows earns nothing toward the
    # edge (it must end in contact for the blow, wherever the enemy stands: plan_choice.undiverted)


@dataclass(frozen=True)
class Difficulty:
    """One level: the candidates' weights, the plan weights and which refinements it uses."""

    name: str
    blunder: float = 0.0  # chance of answering a decision at random (sensibly: aggressive and careful)
    advance_base: float = 0.2  # the advance candidate: worth this much anywhere ...
    objective_pull: float = 1.5  # ... plus this much beside an objective its side needs
    escape: float = 1.5  # times the model's kill value (an escape pays it once, at the edge, turns off: [ENC-BRK-3];
    # weighed above it, every fight on the way loses to the run, and the enemies left free escape or kill in turn)
    fight_bonus: float = 0.3  # a fight already joined
    charge_bonus: float = 1.2  # a charge's odds, times this
    shot_reach: float = 18.0  # enemies further than this are not considered for shots and spells
    targets_weighed: int = 0  # charges, shots, spells and close-ins weighed at this many nearest enemies (0: all)
    first_target: bool = False  # shots and spells weighed at the nearest enemy alone (the dearest to weigh), and
    # whether casting is hopeless judged there too
    rough_odds: bool = False  # candidates' blows, shots and spells weighed by the dice alone: no re-roll, no Hand
    # of Fortune (the Fate floors stay exact)
    no_goal_stays: bool = False  # a move with no goal stays where it stands (else: a random offered point)
    centre_charges: bool = False  # a charge weighed only where its centre line is a legal lane (the other lanes,
    # searched when something stands in that one's way, are not: the dearest question of an appraisal)
    square_contact: bool = False  # a plan's walk into contact reaches for the point facing the model alone (no
    # route round to either side of the enemy searched)
    reserve_floor: bool = True  # Inner Reserve kept off a roll its exact chance leaves under ``fate_floor`` (else
    # spent by the level's reasons alone: the chance is not asked)
    plan: PlanWeights = PlanWeights()
    # refinements
    first_strike: bool = False  # a kill or Stun pre-empts the enemy's reply (Threats)
    guard_rescued: bool = False  # the freed Prisoner keeps away from the enemy ([ENC-RES-5])
    guard_prisoner: bool = False  # enemies near our freed Prisoner are worth more
    prisoner_prize: float = 1.0  # the enemy's freed Prisoner as a target, times its kill value
    prisoner_guard: float = 2.0  # a Kidnapper stopping the rescue ([ENC-RES-4]), as the Rescuer's target: value times
    safe_steps: bool = False  # end points trade ground against the enemy's reply
    progress: float = 0.1  # ... an inch nearer the enemy being worth this many kill values
    rear_charges: bool = False  # charges end in the back arc when the lane allows
    guard_facing: bool = False  # final facing keeps the nearby enemies in front
    contact_always: bool = False  # a move ends in contact whatever the intent
    full_defense: bool = True  # declares Full Defense when fragile
    fate_by_odds: bool = False  # Fate (Greater Purpose, Cursed Hand, Winds, Inner Reserve, Full Defense) by exact gain
    fate_kept: int = 0  # Fate kept back before a Hand of Fortune re-roll
    cast_floor: float = 0.0  # a spell whose exact chance of taking effect is below this is not worth casting
    fate_floor: float = 0.0  # Fate on a roll only if the roll's exact chance with it reaches this (0: any chance)
    close_in: float = 0.0  # walk into contact and strike an enemy it cannot charge, times the blows' value (0: never)
    hold_secured: float = 0.0  # a model alone securing a target stays on it: its offer's score (0: not offered)
    touch_objectives: bool = False  # a move toward a marker or the Prisoner ends touching it where it can
    clear_prisoner: bool = False  # a Rescuer at the Prisoner stays only while no Kidnapper stops the rescue
    storm_ring: bool = False  # the Rescuer's models go at the Kidnappers stopping the rescue, not at the Prisoner
    contact_round: bool = False  # a walk into base contact may end all round its target (a crowded ring), not
    # only on the side facing it: the plan counts on the blow after it (game.ai.futile)
    last_stand: bool = False  # the Rescuer's last turn, the Prisoner held: no Full Defense for a model not touching
    # it (its activation is worth the Rescue; its survival nothing, unless the Prisoner is freed: game.ai.prisoner)
    rescue_forward: float = 0.0  # the Rescuer deploys forward: per zone depth back from its front, this is lost
    # (the guards gather round the Prisoner from turn 1; a walk gained is a turn more to fell them)
    ring_focus: bool = False  # the guard to storm: each friend already fighting it counts as a wound fewer
    rescue_fate: bool = False  # the Rescuer, the Prisoner held: Fate goes on its blows, not on AP or Winds of Kismet
    gang_caution: float = 0.0  # a valuable model's charge or close-in, less this times the ganging enemies' reply
    shake_stun: bool = False  # a Stunned model's activation, weighed against Full Defense, is worth what it could do
    # once it shakes the Stun off (else its Shake Off alone: it may stay Stunned turn after turn)
    withdraw: bool = False  # a valuable model disengages from a melee it is losing (game.ai.caution)
    deploy: bool = False  # places its bases with depth and cover, facing the enemy (game.ai.deployment)
    escape_urgency: bool = False  # the look-ahead weighs how much of an escape a model stands to lose by being too
    # far from its edge for the turns left (game.ai.lookahead.late)
    deny_escapes: bool = False  # an enemy that may still escape is worth what its escape would pay, times its chance
    try_objective: bool = False  # the look-ahead also tries the advance on the objective when it is not among the
    # intents it tries (game.ai.lookahead.Lookahead.plan)
    escape_route: float = 0.0  # the look-ahead weighs a model's way to an exit edge that pays more than its kill value
    # by the route's cost, an inch this much of what the escape is worth over the table's depth (0: by the straight
    # line, as any objective: game.ai.lookahead.nearness)
    spread: float = 0.0  # inches added to an objective a friend already stands on, when choosing where to go
    reappraise: bool = False  # nominations appraise every model afresh (else by remembered scores: nomination.py)
    contenders: bool = True  # (by remembered scores) models whose estimates beat the leader's fresh score are
    # appraised afresh in turn; else the greatest estimate is nominated, appraised alone
    hold_stakes: float = 0.0  # the look-ahead weighs a sudden win by holding a control entry ([ENC-4] ``hold``) as
    # the rules would count it at a Maintenance now: the share of the Maintenances in a row it needs that one would
    # make, squared, times this many kill values (1: the game), for the side it goes to (0: as any control point)
    contest_tries: bool = False  # with the enemy's such hold standing, the look-ahead also tries the best charge or
    # close-in at an enemy that counts for it (engaged, it no longer counts: [ENC-LMK-2])
    deploy_objective: float = 0.0  # (deploy) per inch from the nearest ground a control entry that can pay it counts
    # on, a spot's score less (game.ai.deployment.counted_ground)
    deploy_hold: float = 0.0  # (deploy) a spot from which the model counts toward a control entry a sudden win by
    # holding counts ([ENC-4] ``hold``) scores this much more: that ground is held from the first turn
    rescue_by_scores: bool = False  # the Rescuer, the Prisoner held, declares the plan its candidates score best
    # (the ring stormed: game.ai.storm), not the look-ahead's: one activation's position value (the mover's danger,
    # its kill value) holds it back from the guards the rescue needs felled over the turns left
    stay_counted: float = 0.0  # (safe_steps) an end point from which the model counts toward a control entry a
    # sudden win by holding counts ([ENC-4] ``hold``) scores this many kill values more: the count, not only who
    # leads it, decides the next Maintenance
    hold_pull: float = 0.0  # the look-ahead weighs a model's distance from a control entry whose hold wins its side the
    # game ([ENC-4] ``hold``), while its side still needs it, this many times more than from another objective: a
    # model more in the count counts before the lead turns, and the hold is the game (game.ai.lookahead.hold_nearness)
    lookahead: int = 0  # plans tried by simulating the activation (0: none)
    determinizations: int = 0  # dice futures per plan tried


EASY = Difficulty("easy", blunder=0.35, contact_always=True, full_defense=False)
SPARE = PlanWeights(spare_ap=0.75, idle_cast=-1.0, idle_shove=-1.0)  # no AP left idle where they buy something
NORMAL = Difficulty("normal", fate_floor=0.3, cast_floor=0.25, plan=SPARE, targets_weighed=1, contenders=False,
                    first_target=True, rough_odds=True, no_goal_stays=True, centre_charges=True, square_contact=True,
                    reserve_floor=False)
HARD = Difficulty("hard", escape=0.5, first_strike=True, guard_rescued=True, guard_prisoner=True, prisoner_prize=4.0,
                  prisoner_guard=4.0, reappraise=True,
                  safe_steps=True, rear_charges=True, guard_facing=True, fate_by_odds=True, fate_kept=1,
                  fate_floor=0.3, cast_floor=0.25,
                  close_in=0.9, hold_secured=2.5, clear_prisoner=True, storm_ring=True, rescue_fate=True,
                  contact_round=True, last_stand=True, rescue_forward=4.0,
                  ring_focus=True,
                  touch_objectives=True, deploy=True, gang_caution=1.0, withdraw=True,
                  spread=8.0, shake_stun=True, escape_route=1.0,
                  escape_urgency=True, deny_escapes=True, try_objective=True,
                  hold_stakes=6.0, contest_tries=True, deploy_hold=4.0, deploy_objective=1.0, stay_counted=1.0,
                  rescue_by_scores=True, hold_pull=2.0, lookahead=2, determinizations=1,
                  plan=replace(SPARE, charge_lane_spoil=3.0, wasted=2.0, more_ground=1.0,
                               close_walk=1.0, withdraw=4.0, storm_rush=2.0, hold_shot=0.6, diverted=True))
LEVELS = {d.name: d for d in (EASY, NORMAL, HARD)}


def level(name: str | Difficulty) -> Difficulty:
    """The difficulty named (an unknown name is a KeyError naming the known ones)."""
    if isinstance(name, Difficulty):
        return name
    if name not in LEVELS:
        raise KeyError(f"no AI level named '{name}'; known: {', '.join(LEVELS)}")
    return LEVELS[name]
