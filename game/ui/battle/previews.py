"""Table overlays drawn through the camera: range rings, the front arc, LOS lines, routes, ghost bases, odds.

Every number shown comes from an engine query (board, geometry.los, movement, combat, sorcery) or from
the odds module; nothing here decides a rule. Queries that cost more than a frame can afford (LOS,
odds) are cached per state of the log and per position, so they run when the hover changes, not
every frame. Nothing here changes the game state: the odds of a charge or of a trait-prepared shot
are worked out on a copy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import pygame

from game.ai.odds import SpellOdds, attack_odds, has_tough, spell_odds
from game.content.catalog import catalog, mod_rule_text
from game.content.maps import TABLE_SIZE
from game.core.dice import Modifier, effective_modifiers
from game.geometry.charges import chosen_lane
from game.geometry.los import BLOCKED, CLEAR, LosResult
from game.rules import board, combat, movement, sorcery
from game.rules.decision_kinds import DecisionKind
from game.rules.payloads import DecisionContext
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, hooks_of
from game.ui import layout_probe, table_view, theme
from game.ui.battle.cards import Row, blit_clamped, dashed_circle, label, label_size, outlined_line, render_card_links
from game.ui.table_view import Camera

SHORT_RING = (250, 235, 140)
LONG_RING = (245, 160, 60)
SPELL_RING = (200, 140, 255)
MOVE_RING = (120, 220, 255)
VERDICT_COLOURS = {"clear": theme.GOOD, "cover": theme.ACCENT, "blocked": theme.BAD}
ROUTE_OK = (120, 220, 255)
BAD_LIGHT = (255, 140, 130)

# kinds odds_summary understands; the aliases name what a player clicks
KIND_ALIASES = {"close": "standard_attack", "melee": "standard_attack", "charge": "charge_attack",
                "shoot": "ranged_attack", "ranged": "ranged_attack", "cast": "spell"}
CLOSE_KINDS = ("standard_attack", "furious_attack", "charge_attack", "shove", "free_strike")
RANGED_KINDS = ("ranged_attack", "aimed_shot")
SPELL = "spell"  # the odds kind of a spell (an odds kind, not the decision of that name)


def _version(state: GameState) -> int:
    """The state's version for caches: it moves at every decision boundary and every logged change, a what-if
    has its own and a copy to change gets a new one (game.rules.state), so it names what the table is."""
    return state.version


_RANGED: dict[tuple, list[tuple[ModelState, str, bool]]] = {}


def ranged_targets(state: GameState, model: ModelState, weapon: int) -> list[tuple[ModelState, str, bool]]:
    """movement.ranged_targets (LOS to every enemy), cached per state version: the hover asks it for
    every enemy under the mouse, the engine's answer only changes when the state does."""
    key = (model.id, weapon, _version(state))
    found = _RANGED.get(key)
    if found is None:
        if len(_RANGED) > 64:
            _RANGED.clear()
        found = _RANGED[key] = movement.ranged_targets(state, model, weapon)
    return found


# -- range rings ------------------------------------------------------------------------------------

def ring_specs(state: GameState, model_id: str, allowance: float | None = None) -> list[tuple[float, str, tuple]]:
    """(radius from the centre in inches, label, colour) for each ring the model has.

    Weapon and spell ranges are "within N″", measured base edge to base edge ([BASE-2]): a target is in
    range when any part of its base is inside the ring drawn at the model's radius + N. The movement
    ring is how far the centre may go straight.
    """
    m = state.model(model_id)
    by_radius: dict[tuple[float, tuple], list[str]] = {}
    for i in combat.ranged_weapons(m):
        skill = catalog().skill(m.weapon(i).skill)
        name = m.weapon(i).name + (" (jammed)" if i in m.jammed else "")
        if skill.short:
            by_radius.setdefault((m.radius + skill.short, SHORT_RING), []).append(f"{name} short {skill.short}″")
        if skill.long:
            by_radius.setdefault((m.radius + skill.long, LONG_RING), []).append(f"{name} long {skill.long}″")
    if sorcery.has_spells(m):
        by_radius.setdefault((m.radius + sorcery.RANGE, SPELL_RING), []).append(f"spells {sorcery.RANGE:g}″")
    out = [(r, ", ".join(dict.fromkeys(names)), colour) for (r, colour), names in by_radius.items()]
    if allowance is not None and allowance > 0:
        out.append((float(allowance), f"move {allowance:g}″", MOVE_RING))
    return sorted(out)


def draw_range_rings(surface: pygame.Surface, cam: Camera, state: GameState, model_id: str,
                     allowance: float | None = None) -> None:
    """The model's weapon (and spell) ranges as labelled rings, and its movement allowance when given."""
    m = state.model(model_id)
    c = cam.to_px((m.x, m.y))
    size = theme.table_text_px(cam.scale, 11, 0.6, 15)
    # labels go on the side of the ring facing the table's centre, where they stay on the table
    half = TABLE_SIZE / 2
    towards = math.atan2(half - m.y, half - m.x) if math.hypot(half - m.x, half - m.y) > 1 else -math.pi / 2
    discs = [(cam.to_px((o.x, o.y)), o.radius * cam.scale) for o in state.on_table()]
    taken: list[pygame.Rect] = []
    printed = table_view.printed_boxes(state.battle_map, cam)  # names on the table: a ring label keeps off them
    corner, far = cam.to_px((0, 0)), cam.to_px((TABLE_SIZE, TABLE_SIZE))
    bounds = pygame.Rect(corner, (far[0] - corner[0], far[1] - corner[1])).clip(surface.get_clip())  # in sight
    for k, (r, text, colour) in enumerate(ring_specs(state, model_id, allowance)):
        rp = r * cam.scale
        if colour == MOVE_RING:
            dashed_circle(surface, (10, 10, 10), c, rp, 4)
            dashed_circle(surface, colour, c, rp, 2)
            angle = towards + math.radians(35)
        else:
            pygame.draw.circle(surface, (10, 10, 10), c, round(rp), 4)
            pygame.draw.circle(surface, colour, c, round(rp), 2)
            angle = towards - math.radians(12 * (k % 3))
        pos = _ring_label_spot(c, rp, angle, label_size(text, size), discs, taken + printed, bounds)
        box = label(surface, text, pos, size, colour)
        taken.append(box)
        layout_probe.note("label", box, text=text, owner=f"ring:{model_id}")


def _ring_label_spot(c: tuple[int, int], rp: float, angle: float, size: tuple[int, int],
                     discs: list[tuple[tuple[int, int], float]], taken: list[pygame.Rect],
                     bounds: pygame.Rect | None = None) -> tuple[float, float]:
    """Where on its ring a label goes: the preferred angle, else the nearest turn of 10° that is on the table in
    sight and covers no base and no other label; when every spot covers something, the spot in sight that
    covers least (bases first, then the area of other labels)."""
    best: tuple[tuple[int, int, int], tuple[float, float]] | None = None
    for step in range(0, 19):
        for sign in ((1,) if step in (0, 18) else (1, -1)):
            a = angle + sign * math.radians(10 * step)
            pos = (c[0] + math.cos(a) * rp, c[1] + math.sin(a) * rp)
            box = pygame.Rect(0, 0, *size)
            box.center = (round(pos[0]), round(pos[1]))
            bases = sum(_covers(box, centre, radius) for centre, radius in discs)
            covered = sum(box.clip(t).width * box.clip(t).height for t in taken)
            outside = 0 if bounds is None or bounds.contains(box) else 1
            if not (bases or covered or outside):
                return pos
            cost = (outside, bases, covered)
            if best is None or cost < best[0]:
                best = (cost, pos)
    return best[1] if best is not None else (c[0] + math.cos(angle) * rp, c[1] + math.sin(angle) * rp)


def _covers(box: pygame.Rect, centre: tuple[int, int], radius: float) -> bool:
    nx = min(max(centre[0], box.left), box.right)
    ny = min(max(centre[1], box.top), box.bottom)
    return (nx - centre[0]) ** 2 + (ny - centre[1]) ** 2 < radius ** 2


# -- front arc ----------------------------------------------------------------------------------------

ARC_REACH = 6.0  # inches of wedge drawn; the arc itself runs to the table edge


_ARC_CACHE: dict[tuple[int, int], pygame.Surface] = {}


def draw_front_arc(surface: pygame.Surface, cam: Camera, model: ModelState, facing: float | None = None) -> None:
    """The front arc ([DIG-4]): a target is in front when any part of its base lies ahead of the line
    through the model's centre square to its facing, so the arc is a 180° half-plane; drawn as a
    translucent half-disc with that boundary line (the wedge is cached per size and facing). ``facing``: a
    turn not yet answered, drawn instead of the model's own."""
    facing = model.facing if facing is None else facing
    r = max(8, round((ARC_REACH + model.radius) * cam.scale))
    c = cam.to_px((model.x, model.y))
    f = math.radians(facing)
    key = (r, round(facing) % 360)
    layer = _ARC_CACHE.get(key)
    if layer is None:
        if len(_ARC_CACHE) > 64:
            _ARC_CACHE.clear()
        layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        o = (r + 2, r + 2)
        fr = math.radians(key[1])
        pts = [o] + [(o[0] + math.cos(fr + math.radians(a)) * r, o[1] + math.sin(fr + math.radians(a)) * r)
                     for a in range(-90, 91, 6)]
        pygame.draw.polygon(layer, (255, 240, 160, 38), pts)
        _ARC_CACHE[key] = layer
    surface.blit(layer, (c[0] - r - 2, c[1] - r - 2))
    left = (c[0] + math.cos(f - math.pi / 2) * r, c[1] + math.sin(f - math.pi / 2) * r)
    right = (c[0] + math.cos(f + math.pi / 2) * r, c[1] + math.sin(f + math.pi / 2) * r)
    pygame.draw.line(surface, (255, 240, 160), left, right, 1)
    tip = (c[0] + math.cos(f) * r, c[1] + math.sin(f) * r)
    pygame.draw.line(surface, (255, 240, 160), c, tip, 1)


# -- line of sight ------------------------------------------------------------------------------------

_LOS_CACHE: dict[tuple, LosResult] = {}


def los_result(state: GameState, from_id: str, to_id: str) -> LosResult:
    """The LOS the viewer's own attack or spell would have (board.sight: it may turn to face the target first,
    [SEQ-5]), cached per positions and state version (a hover calls it each frame)."""
    a, b = state.model(from_id), state.model(to_id)
    key = (from_id, to_id, _version(state))
    found = _LOS_CACHE.get(key)
    if found is None:
        if len(_LOS_CACHE) > 256:
            _LOS_CACHE.clear()
        found = board.sight(state, a, b)
        _LOS_CACHE[key] = found
    return found


def turns_to_face(state: GameState, from_id: str, to_id: str) -> bool:
    """Whether the viewer must turn to face the target ([SEQ-5]): it is outside its current front arc."""
    return not board.in_front_arc(state.model(from_id), state.model(to_id))


def los_verdict(los: LosResult) -> str:
    """"clear", "cover" or "blocked", as the LOS result says."""
    if not los.has_los:
        return "blocked"
    return "cover" if los.cover else "clear"


def draw_los(surface: pygame.Surface, cam: Camera, state: GameState, from_id: str, to_id: str) -> str:
    """A line from the viewer to the target coloured by the verdict, the five sight lines faintly, and the
    edge-to-edge distance with the verdict at the midpoint. Returns the verdict text shown."""
    a, b = state.model(from_id), state.model(to_id)
    if not (a.on_table and b.on_table) or from_id == to_id:
        return ""
    los = los_result(state, from_id, to_id)
    verdict = los_verdict(los)
    colour = VERDICT_COLOURS[verdict]
    for ln in los.lines:
        if ln.number == 2:
            continue
        faint = theme.GOOD if ln.status == CLEAR else (theme.BAD if ln.status == BLOCKED else theme.ACCENT)
        pygame.draw.line(surface, faint, cam.to_px(ln.start), cam.to_px(ln.end), 1)
    pa, pb = cam.to_px((a.x, a.y)), cam.to_px((b.x, b.y))
    outlined_line(surface, colour, pa, pb, 3)
    dist = board.distance(a, b)
    if verdict == "blocked":
        text = "blocked"
    elif verdict == "cover":
        sources = ", ".join(cover_source_name(state, s) for s in los.cover_sources)
        text = f"cover ({sources})" if sources else "cover"
    else:
        text = "clear"
    if verdict != "blocked" and turns_to_face(state, from_id, to_id):
        text += " · turns to face"
    shown = f"{dist:.1f}″ · {text}"
    mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
    label(surface, shown, mid, max(12, min(15, round(cam.scale * 0.6))), colour, bold=True)
    return shown


def cover_source_name(state: GameState, source: str) -> str:
    """What gives cover, as a player reads it: a terrain piece or a model by its name, never its id."""
    key = source.removeprefix("area:")
    piece = next((p for p in state.battle_map.pieces if p.id == key), None)
    if piece is not None:
        return piece.name
    if key in state.models:
        return state.model(key).name
    return key.replace("_", " ")


# -- routes and ghost bases -----------------------------------------------------------------------

def route_text(cost: float, allowance: float | None) -> str:
    return f"{cost:.1f}″ of {allowance:g}″" if allowance is not None else f"{cost:.1f}″"


def draw_route(surface: pygame.Surface, cam: Camera, points: Sequence[Sequence[float]], cost: float,
               allowance: float | None, legal: bool, warning: str | None = None) -> None:
    """A path preview: the polyline in inches, its cost against the allowance at the end, a rough-ground
    warning under it; red when the engine refuses the move."""
    if len(points) < 2:
        return
    colour = ROUTE_OK if legal else theme.BAD
    px = [cam.to_px(p) for p in points]
    pygame.draw.lines(surface, (10, 10, 10), False, px, 6)
    pygame.draw.lines(surface, colour, False, px, 3)
    for p in px[1:-1]:
        pygame.draw.circle(surface, colour, p, 4)
    size = max(12, min(15, round(cam.scale * 0.6)))
    end = px[-1]
    text = route_text(cost, allowance)
    wide = max(label_size(text, size, True)[0], label_size(warning, size - 1, True)[0] if warning else 0)
    # right of the end, or left of it where the right would run out of the table in sight (never cut)
    left = end[0] + 14 + wide > surface.get_clip().right and end[0] - 14 - wide >= surface.get_clip().left
    side = "right" if left else "left"
    box = label(surface, text, (end[0] + (-14 if left else 14), end[1] - 10), size, colour, f"mid{side}",
                bold=True)
    if warning:
        label(surface, warning, (box.right if left else box.left, box.bottom + 2), size - 1, theme.ACCENT,
              f"top{side}", bold=True)


def draw_ghost_base(surface: pygame.Surface, cam: Camera, x: float, y: float, radius: float, facing: float,
                    ok: bool) -> None:
    """A translucent base where a model would stand: green when the engine accepts the spot, red if not."""
    r = max(4, round(radius * cam.scale))
    colour = theme.GOOD if ok else theme.BAD
    layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    o = (r + 2, r + 2)
    pygame.draw.circle(layer, (*colour, 110), o, r)
    pygame.draw.circle(layer, (*colour, 255), o, r, 2)
    f = math.radians(facing)
    pygame.draw.line(layer, (255, 255, 255, 230), o, (o[0] + math.cos(f) * r * 1.4, o[1] + math.sin(f) * r * 1.4), 2)
    c = cam.to_px((x, y))
    surface.blit(layer, (c[0] - o[0], c[1] - o[1]))


# -- odds ------------------------------------------------------------------------------------------

@dataclass
class OddsSummary:
    """What the odds module says about one attack or spell, ready to show (Fractions kept exact)."""

    title: str
    kind: str
    available: bool = True
    reason: str = ""
    p_win: Fraction = Fraction(0)
    p_wound: Fraction = Fraction(0)  # at least one wound actually taken (after Tough)
    p_stun: Fraction = Fraction(0)
    p_brutal: Fraction = Fraction(0)
    p_kill: Fraction = Fraction(0)
    p_misfire: Fraction = Fraction(0)
    expected_wounds: Fraction = Fraction(0)
    tough: bool = False
    attack_total: int = 0
    defence_total: int = 0
    attack_base: str = ""  # "MA 4": the attribute the modifiers add to
    defence_base: str = ""
    attack_mods: list[dict] = field(default_factory=list)  # {value, rule, source}
    defence_mods: list[dict] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)  # spell lines, assumptions
    resist_mods: dict[str, list[dict]] = field(default_factory=dict)  # spells: resisting attribute -> modifiers
    _card: pygame.Surface | None = field(default=None, repr=False, compare=False)
    _links: list = field(default_factory=list, repr=False, compare=False)  # (rect on the card, rule ID)
    _card_size: int = field(default=0, repr=False, compare=False)

    def lines(self) -> list[str]:
        """The summary as plain lines (for tests, tooltips and the log)."""
        out = [self.title]
        if not self.available:
            return [*out, self.reason]
        if self.kind == SPELL:
            return [*out, *self.extra]
        out.append(f"P(wound) {pct(self.p_wound)}  P(Stun) {pct(self.p_stun)}  P(brutal) {pct(self.p_brutal)}")
        out.append(f"expected wounds {float(self.expected_wounds):.2f}" + (" (after Tough)" if self.tough else "")
                   + f"  P(kill) {pct(self.p_kill)}")
        if self.p_misfire:
            out.append(f"P(misfire) {pct(self.p_misfire)}")
        out.append(f"attack {self.attack_total} = {self.attack_base} " + mods_text(self.attack_mods))
        out.append(f"defence {self.defence_total} = {self.defence_base} " + mods_text(self.defence_mods))
        return out + self.extra


def pct(p: Fraction | float) -> str:
    v = float(p) * 100
    return "<1%" if 0 < v < 1 else (">99%" if 99 < v < 100 else f"{v:.0f}%")


def mods_text(mods: list[dict]) -> str:
    return ", ".join(f"{m['value']:+d} {m['source']} [{m['rule']}]" for m in mods) or "(no modifiers)"


def _mods(mods: Sequence[Modifier]) -> list[dict]:
    return [{"value": m.value, "rule": m.rule, "source": m.source} for m in effective_modifiers(list(mods))]


_ODDS_CACHE: dict[tuple, OddsSummary] = {}


def odds_summary(state: GameState, attacker_id: str, target_id: str, kind: str,
                 weapon: int | None = None) -> OddsSummary:
    """The exact odds of ``attacker`` doing ``kind`` to ``target`` now, from game.ai.odds.

    ``kind``: an attack action id (standard_attack, furious_attack, charge_attack, shove, ranged_attack,
    aimed_shot) or "spell" (aliases: close, charge, shoot, cast). Targets the engine would not offer get a
    summary with ``available=False`` and the engine's reason. Cached per state version and positions.
    """
    kind = KIND_ALIASES.get(kind, kind)
    a, d = state.model(attacker_id), state.model(target_id)
    key = (attacker_id, target_id, kind, weapon, _version(state))
    found = _ODDS_CACHE.get(key)
    if found is None:
        if len(_ODDS_CACHE) > 128:
            _ODDS_CACHE.clear()
        if not (a.on_table and d.on_table) or a.side == d.side:
            found = _unavailable(f"{a.name} vs {d.name}", kind, "only an enemy on the table can be attacked")
        elif kind == SPELL:
            found = _spell_summary(state, a, d)
        elif kind == "charge_attack":
            found = _charge_summary(state, a, d, weapon)
        elif kind in RANGED_KINDS:
            found = _ranged_summary(state, a, d, kind, weapon)
        elif kind in CLOSE_KINDS:
            w = weapon if weapon is not None else _first_melee(a)
            found = _attack_summary(state, combat.Attack(a, d, "close", kind, w,
                                                         extra_dice=1 if kind == "furious_attack" else 0))
        else:
            raise ValueError(f"no odds for {kind!r}")
        _ODDS_CACHE[key] = found
    return found


def warm_odds(state: GameState, attacker_id: str, budget_s: float = 0.004) -> bool:
    """Work out, within about ``budget_s`` seconds, the odds the hover may ask for next: the attacker's
    previewed attack against each enemy (game.ui.battle.hover.attack_kind_for). Call it on idle frames
    after the selection changes; True once every enemy is cached, so a hover costs nothing."""
    import time

    from game.ui.battle.hover import attack_kind_for

    end = time.perf_counter() + budget_s
    a = state.model(attacker_id)
    if not a.on_table:
        return True
    for e in sorted(state.enemies_of(a), key=lambda e: board.distance(a, e)):
        if time.perf_counter() > end:
            return False
        los_result(state, attacker_id, e.id)
        kind = attack_kind_for(state, attacker_id, e.id)
        if kind is not None:
            odds_summary(state, attacker_id, e.id, kind)
    return True


def _first_melee(m: ModelState) -> int | None:
    melee = combat.melee_weapons(m)
    return melee[0] if melee else None


def _title(attack: combat.Attack) -> str:
    a, d = attack.attacker, attack.defender
    weapon = a.weapon(attack.weapon).name if attack.weapon is not None else "no weapon"
    return f"{attack.action.replace('_', ' ').capitalize()}: {a.name} vs {d.name} ({weapon})"


def _attack_summary(state: GameState, attack: combat.Attack, extra: list[str] | None = None) -> OddsSummary:
    odds = attack_odds(state, attack)
    a_attr = "MA" if attack.kind == "close" else "RA"
    a_mods = [*combat.attack_modifiers(state, attack), *combat.weakness_modifiers(attack.attacker, a_attr)]
    d_mods = [*combat.defence_modifiers(state, attack), *combat.weakness_modifiers(attack.defender, "PD")]
    notes = list(extra or [])
    profile = combat.attack_profile(state, attack)
    for side, role in ((profile.attack, "attack"), (profile.defence, "defence")):  # a trait's extra dice
        notes += [f"{m.source}: +{m.value} {'die' if m.value == 1 else 'dice'} to the {role} [{m.rule}]"
                  for m in side.trait_dice]
    notes.append("assumes no Inner Reserve; Hand of Fortune where Fate allows [FATE-6]")
    for die in combat.extra_defence_dice(state, attack):
        notes.append(f"{die.source}: the defender rolls an extra die [{die.rule}]")
    return OddsSummary(
        _title(attack), attack.action, p_win=odds.p_win, p_wound=1 - odds.wounds.get(0, Fraction(0)),
        p_stun=odds.p_stun, p_brutal=odds.p_brutal, p_kill=odds.p_kill, p_misfire=odds.p_misfire,
        expected_wounds=odds.expected_wounds, tough=has_tough(attack.attacker, attack.defender),
        attack_total=odds.attack_total, defence_total=odds.defence_total,
        attack_base=f"{a_attr} {combat.attribute(attack.attacker, a_attr)}", attack_mods=_mods(a_mods),
        defence_base=f"PD {combat.attribute(attack.defender, 'PD')}", defence_mods=_mods(d_mods), extra=notes)


def _unavailable(title: str, kind: str, reason: str) -> OddsSummary:
    return OddsSummary(title, kind, available=False, reason=reason)


def _charge_summary(state: GameState, a: ModelState, d: ModelState, weapon: int | None) -> OddsSummary:
    """The charge's free attack as it would stand at the end of the engine's default charge lane: the
    move is applied to a copy by the engine's own move function (rough ground, facing), then the
    odds are read there. Assumes the target does not go into Full Defense."""
    title = f"Charge: {a.name} vs {d.name}"
    inches, mods = movement.allowance(state, a, "charge")
    lanes = {e.id: lane for e, lane in movement.charge_targets(state, a, inches)}
    if d.id not in lanes:
        return _unavailable(title, "charge_attack", f"{d.name} cannot be charged now (it must be 3″ or more away, "
                                                     f"in LOS and reachable straight within {inches:g}″)")
    copy = state.copy()
    ca, cd = copy.model(a.id), copy.model(d.id)
    lane = chosen_lane(board.battlefield(copy), a.id, d.id, inches)  # the decision's default end
    assert lane is not None
    movement._apply_move(copy, ca, lane.move, "charge", mods)  # the engine's own move, on the copy
    ca.facing = lane.facing
    w = weapon if weapon is not None else _first_melee(ca)
    return _attack_summary(copy, combat.Attack(ca, cd, "close", "charge_attack", w),
                           [f"after a {lanes[d.id].length:.1f}″ charge; assumes no Full Defense"])


def _ranged_summary(state: GameState, a: ModelState, d: ModelState, kind: str, weapon: int | None) -> OddsSummary:
    """The best usable ranged weapon's shot (or the given one), with range band and cover as the engine's
    ranged_targets reports them; traits prepare the attack on a copy (Blast, Spray)."""
    title = f"{kind.replace('_', ' ').capitalize()}: {a.name} vs {d.name}"
    if board.is_engaged(state, a):
        return _unavailable(title, kind, f"{a.name} is engaged in melee [RNG-1]")
    weapons = [weapon] if weapon is not None else [i for i in combat.ranged_weapons(a) if i not in a.jammed]
    best: OddsSummary | None = None
    # a trait that prepares the attack (Blast, Spray) may log as it does: that happens on a copy
    prepares = [h for h in hooks_of(a) if type(h).prepare_attack is not TraitRule.prepare_attack]
    copy = state.copy() if prepares else state
    ca, cd = copy.model(a.id), copy.model(d.id)
    for w in weapons:
        found = [x for x in ranged_targets(state, a, w) if x[0].id == d.id]
        if not found:
            continue
        _, band, cover = found[0]
        attack = combat.Attack(ca, cd, "ranged", kind, w, range_band=band, cover=cover)
        for h in prepares:
            h.prepare_attack(copy, attack)
        notes = [f"{band} range" + (", target in cover" if attack.cover else "")]
        summary = _attack_summary(copy, attack, notes)
        if best is None or summary.expected_wounds > best.expected_wounds:
            best = summary
    return best or _unavailable(title, kind, f"{d.name} is not in line of sight and range of a usable weapon")


def _spell_summary(state: GameState, caster: ModelState, target: ModelState) -> OddsSummary:
    """Casting odds against both resisting attributes (the six spells share two rolls), Ravage's wounds,
    burn-out; only for targets sorcery.spell_targets offers at the base range."""
    title = f"Spell: {caster.name} vs {target.name}"
    why = sorcery.can_cast(state, caster)
    if why:
        return _unavailable(title, "spell", why)
    if target.id not in {t.id for t in sorcery.spell_targets(state, caster, sorcery.RANGE)}:
        return _unavailable(title, "spell", f"{target.name} is not in LOS within {sorcery.RANGE:g}″ [SORC-3]")
    wp = spell_odds(state, caster, target, "stun")
    pd = spell_odds(state, caster, target, "ravage")
    by_resist: dict[str, list[str]] = {"WP": [], "PD": []}
    for s in sorcery.SPELLS.values():
        by_resist[s.resist].append(s.name)
    c_mods = _mods([*sorcery.casting_modifiers(state, caster, target),
                    *combat.weakness_modifiers(caster, "WP")])
    extra = [f"vs WP ({', '.join(by_resist['WP'])}): P(success) {pct(wp.p_success)}",
             f"vs PD ({', '.join(by_resist['PD'])}): P(success) {pct(pd.p_success)}",
             f"Ravage: expected wounds {float(pd.expected_wounds):.2f}"
             + (" (after Tough)" if has_tough(caster, target) else ""),
             f"P(burn-out) {pct(wp.p_burn_out)}",
             "casting: " + mods_text(c_mods)]
    resist_mods = {}
    for resist, spell in (("WP", "stun"), ("PD", "ravage")):
        r_mods = _mods([*sorcery.resist_modifiers(state, target, sorcery.SPELLS[spell], caster),
                        *combat.weakness_modifiers(target, resist)])
        extra.append(f"resisting with {resist}: " + mods_text(r_mods))
        resist_mods[resist] = r_mods
    return OddsSummary(title, "spell", p_win=wp.p_success, expected_wounds=pd.expected_wounds,
                       tough=has_tough(caster, target), attack_mods=c_mods, extra=extra, resist_mods=resist_mods)


def inner_reserve_lines(state: GameState, attack: combat.Attack, side: int) -> list[str]:
    """For an Inner Reserve decision about ``attack`` (its context carries it): the attack's odds without
    and with the extra die for ``side`` (attacker's or defender's), from game.ai.odds."""
    attacking = side == attack.attacker.side
    base = attack_odds(state, attack)
    more = attack_odds(state, attack, attacker_inner_reserve=attacking, defender_inner_reserve=not attacking)

    def wound(o) -> Fraction:
        return 1 - o.wounds.get(0, Fraction(0))

    return [f"Without: attack wins {pct(base.p_win)}, wound {pct(wound(base))} "
            f"(expected {float(base.expected_wounds):.2f})",
            f"With +1d6: attack wins {pct(more.p_win)}, wound {pct(wound(more))} "
            f"(expected {float(more.expected_wounds):.2f})"]


def spell_reserve_lines(state: GameState, cast: dict, side: int) -> list[str]:
    """For an Inner Reserve decision on a casting or resisting roll ([FATE-5], [SORC-4]): P(the spell takes
    effect) without and with the extra die, from game.ai.odds. The caster declares before choosing its target,
    so it sees the odds against each target in reach (the best three); the target sees its own."""
    caster, spell = state.model(cast["caster"]), sorcery.SPELLS[cast["spell"]]
    enhancement = cast.get("enhancement", "none")

    def odds(target: ModelState, caster_inner_reserve: bool = False, target_inner_reserve: bool = False) -> SpellOdds:
        return spell_odds(state, caster, target, spell.id, enhancement, caster_inner_reserve=caster_inner_reserve,
                          target_inner_reserve=target_inner_reserve)

    def effect(o) -> str:
        wounds = f", expected wounds {float(o.expected_wounds):.2f}" if spell.wounds else ""
        return f"{spell.name} takes effect {pct(o.p_success)}{wounds}"

    if "target" in cast:  # the target's resisting roll: its player weighs one extra die to resist
        target = state.model(cast["target"])
        done = bool(cast.get("caster_extra"))
        base, more = odds(target, caster_inner_reserve=done), odds(target, caster_inner_reserve=done,
                                                                    target_inner_reserve=True)
        return [f"Without: {effect(base)}", f"With +1d6 to resist: {effect(more)}"]
    rows = []
    for t in (state.model(i) for i in cast.get("targets", [])):
        base, more = odds(t), odds(t, caster_inner_reserve=True)
        rows.append((more.p_success, f"vs {t.name}: {pct(base.p_success)} without, {pct(more.p_success)} with +1d6"))
    rows.sort(key=lambda r: -r[0])
    more_targets = len(rows) - 3
    return [f"{spell.name} takes effect (target not chosen yet):"] + [r[1] for r in rows[:3]] \
        + ([f"… and {more_targets} more in reach"] if more_targets > 0 else [])


def reroll_lines(state: GameState, context: DecisionContext) -> list[str]:
    """For a re-roll choice on an opposed roll ([SEQ-1]): where the roll stands, and its chance of winning once
    all its dice are rolled again ([FATE-6]; a tie goes to the reactive roll, [DICE-2])."""
    from game.ai.odds import rerolled_beaten

    total, against, active = context["total"], context["opposed"], bool(context.get("active"))
    winning = total > against if active else total >= against
    lines = [f"{state.model(context['model']).name} rolled {total} against {against}: "
             + ("winning" if winning else "losing")]
    if context.get("dice"):  # the new roll wins above the other total (active) or at it (reactive)
        wins = 1 - rerolled_beaten(context["dice"], total, against + 1 if active else against)
        lines.append(f"Re-rolling all the dice wins {pct(wins)}")
    return lines


def _mod_rows(mods: list[dict]) -> list[Row]:
    """One small row per modifier, linked to its rule (the rule ID the engine gave it)."""
    rows = []
    for m in mods:
        rows.append(Row(f"   {m['value']:+d} {m['source']}  [{m['rule']}]", theme.MUTED, -1, False, m["rule"]))
        text = mod_rule_text(m["rule"])  # a mod trait's rule: not in the rules reference, so its text here
        if text:
            rows.append(Row(f"      {text}", theme.MUTED, -1))
    return rows


def victim_fate_lines(state: GameState, context: DecisionContext, kind: str) -> list[str]:
    """For an area of effect victim's Fate decision ([AOE-1], [SEQ-8]): its chance of being beaten by the total
    already made, with and without what is on offer, from game.ai.odds."""
    from game.ai.odds import rerolled_beaten, victim_beaten

    name, against = state.model(context["model"]).name, context["against"]  # "now": Hand of Fortune kept
    if kind == DecisionKind.inner_reserve:
        keep = victim_beaten(state, context)
        spend = victim_beaten(state, context, inner_reserve=True)
        return [f"{name} beaten by {against}: {pct(keep)} now · {pct(spend)} with Inner Reserve"]
    lines = [f"{name} rolled {context['total']} against {against}: "
             + ("beaten" if context.get("losing") else "it holds")]
    if context.get("dice"):
        again = rerolled_beaten(context["dice"], context["total"], against)
        lines.append(f"Re-rolling all the dice: beaten {pct(again)}")
    return lines


def odds_rows(summary: OddsSummary) -> list[Row]:
    """The card's rows: the title, the big numbers, then every modifier with its rule and source."""
    rows = [Row(summary.title, theme.ACCENT, 1, True)]
    if not summary.available:
        return [*rows, Row(summary.reason, theme.BAD)]
    if summary.kind == SPELL:
        rows += [Row(x, theme.INK) for x in summary.extra[:4]]
        rows.append(Row("Casting (WP and modifiers)", theme.GOOD, 0, True))
        rows += _mod_rows(summary.attack_mods) or [Row("   (no modifiers)", theme.MUTED, -1)]
        for resist, mods in summary.resist_mods.items():
            rows.append(Row(f"Resisting with {resist}", BAD_LIGHT, 0, True))
            rows += _mod_rows(mods) or [Row("   (no modifiers)", theme.MUTED, -1)]
        return rows
    if summary.kind in ("shove", "shield_slam"):
        rows.append(Row(f"Push {pct(summary.p_win)}   (no wound; pushed 1″ on a win [CC-3])", theme.INK, 1, True))
    else:
        rows.append(Row(f"Wound {pct(summary.p_wound)}   Stun {pct(summary.p_stun)}   Brutal {pct(summary.p_brutal)}",
                        theme.INK, 1, True))
    rows.append(Row(f"Attack wins {pct(summary.p_win)}   Expected wounds {float(summary.expected_wounds):.2f}"
                    + (" (after Tough)" if summary.tough else "") + f"   Kill {pct(summary.p_kill)}"))
    if summary.p_misfire:
        rows.append(Row(f"Misfire {pct(summary.p_misfire)} (black powder)", theme.BAD))
    rows.append(Row(f"Attack {summary.attack_total} + dice  ({summary.attack_base} and modifiers)", theme.GOOD, 0,
                    True))
    rows += _mod_rows(summary.attack_mods)
    rows.append(Row(f"Defence {summary.defence_total} + dice  ({summary.defence_base} and modifiers)", BAD_LIGHT, 0,
                    True))
    rows += _mod_rows(summary.defence_mods)
    rows += [Row(x, theme.MUTED, -1) for x in summary.extra]
    return rows


def draw_odds_box(surface: pygame.Surface, pos: Sequence[float], summary: OddsSummary, size: int = 14) -> pygame.Rect:
    """The summary as a card near ``pos`` (kept on screen); the card is rendered once per summary."""
    if summary._card is None or summary._card_size != size:
        summary._card, summary._links = render_card_links(odds_rows(summary), size, accent=theme.ACCENT)
        summary._card_size = size
    return blit_clamped(surface, summary._card, pos)


def odds_links(summary: OddsSummary, at: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
    """The card's modifier rows where the card was drawn (``at``, as draw_odds_box returned it), each
    with its rule ID: the rows a click opens in the rules reference."""
    return [(r.move(at.x, at.y), rule) for r, rule in summary._links]
