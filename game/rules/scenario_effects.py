"""A scenario's effects beyond the first few (docs/modding-scenarios.md, "Events"): story text told to the
players, a d6 table of effects, a game won or lost at once, a terrain piece replaced; and the parts of set-up
and the end they need: reserves that name their models, who plays which role ([ENC-1]), the victory text.

game/rules/scenario_events.py fires events and hands each effect here by its key; every effect cites its
line in the scenario file, like the others.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

from game.content.scenario_schema import Arrival, Effect, Outcome, Place, ReplacePiece, Story, faces
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.events import EventKind
from game.rules.state import RESERVE, UNDEPLOYED, GameState, ModelState, Phase

Gen = Generator[Decision, Any, Any]


# -- story, a d6 table, the game decided ----------------------------------------------------------------

def tell(state: GameState, story: Story, cite: str) -> None:
    """The story is told: the log has it whole, the UI shows it as a card."""
    head = f"{story.title}: " if story.title else ""
    state.emit(EventKind.StoryTold, f"{head}{story.text} ({cite})", title=story.title or "", text=story.text,
               cite=cite, rule="ENC-4")


def roll_row(state: GameState, table: dict[int | str, list[Effect]], cite: str) -> tuple[str, list[Effect]]:
    """1d6 from the game's dice: the row of the table its face falls in (checked when the file is read: each
    face in exactly one row), as (the row's key, its effects)."""
    value = state.dice.d6(f"scenario event: {cite}")
    key, row = next(((str(k), effects) for k, effects in table.items() if value in (faces(k) or ())), ("", []))
    state.emit(EventKind.EventRoll, f"Event roll: {value}, row {key} ({len(row)} effect(s)) ({cite})", dice=[value],
               result=key, cite=cite, rule="ENC-4")
    return key, row


def decide(state: GameState, outcome: Outcome, wins: bool, cite: str) -> None:
    """``win``/``lose``: the game ends at once with that result ([ENC-4]): the Main Phase stops (the bag is
    emptied) and the game ends without another Maintenance Phase (game.rules.turn)."""
    enc = state.encounter
    side = enc.named_side(outcome.side)
    if side is None:  # (refused when the file is read: every side names one)
        return
    winner = side if wins else 1 - side
    why = outcome.message or (f"{enc.role(state, side)} " + ("wins" if wins else "loses") + f" by an event ({cite})")
    if enc.decided is None:
        enc.decided = [winner, why]
    state.bag.clear()
    state.emit(EventKind.GameDecided, f"{enc.role(state, winner)} wins: the game ends at once ({cite})",
               side=winner, cite=cite, rule="ENC-4", **({"message": outcome.message} if outcome.message else {}))


def is_decided(state: GameState) -> bool:
    """An event won or lost the game: it ends now."""
    enc = state.encounter
    return enc is not None and enc.decided is not None and state.phase != Phase.OVER


def victory_message(state: GameState) -> str | None:
    """The scenario's text for the result (``victory.messages``: the winner's side or role, or ``draw``), logged
    for the results screen; else the message of the event's ``win``/``lose`` that ended the game; else None."""
    enc = state.encounter
    if enc is None:
        return None
    for key, text in enc.scenario.victory.messages.items():
        if (key.strip().casefold() == "draw" and state.winner is None) or (
                state.winner is not None and enc.named_side(key) == state.winner):
            state.emit(EventKind.VictoryMessage, text, side=state.winner, rule="ENC-4")
            return str(text)
    if enc.decided is not None:  # a win or loss by an event: its own message (the Victory line says it already)
        said = [e for e in state.log if e.kind == EventKind.GameDecided and e.data.get("message")]
        return str(said[0].data["message"]) if said else None
    return None


# -- terrain --------------------------------------------------------------------------------------------------

def replace_piece(state: GameState, change: ReplacePiece, cite: str) -> None:
    """The piece gives way to another where it stood: removed, then the new one added (by default it removes
    nothing else it touches); when the new one cannot stand (a base is there) the old one stays."""
    from game.rules import board
    from game.rules.encounter import add_piece

    old = next((p for p in state.battle_map.pieces if p.id == change.id), None)
    if old is None:
        state.emit(EventKind.EventFailed, f"no terrain piece '{change.id}' on the table to replace ({cite})",
                   cite=cite, rule="ENC-4", fault="events")
        return
    before = state.battle_map
    from game.content.maps import BattleMap

    state.battle_map = BattleMap(before.name, tuple(p for p in before.pieces if p.id != change.id),
                                 before.description, before.file)
    why = add_piece(state, change.with_)
    if why:
        state.battle_map = before
        board.battlefield(state)
        state.emit(EventKind.EventFailed, f"{old.name} cannot be replaced by {change.with_.id}: {why} ({cite})",
                   cite=cite, rule="ENC-4", fault="events")
        return
    state.emit(EventKind.PieceReplaced, f"{old.name} is replaced by {change.with_.id} ({cite})", piece=change.id,
               by=change.with_.id, cite=cite, rule="ENC-4")


# -- reserves that name their models ------------------------------------------------------------------------

def named(model: ModelState, names: list[str]) -> bool:
    """The model's name in its party file is one of these (case and spacing ignored)."""
    return model.profile.name.strip().casefold() in {n.strip().casefold() for n in names}


def reserve_picks(state: GameState, index: int) -> list[ModelState]:
    """The models reserve ``index`` holds back, in party order: those it names (the first not yet held of each
    name), else the last ``count`` of its types. A name the party does not have is said in the log."""
    enc = state.encounter
    reserve = enc.scenario.reserves[index]
    side = enc.named_side(reserve.side)
    if reserve.models is None:
        picked = [m for m in reversed(state.side_models(side))
                  if m.status == UNDEPLOYED and m.profile.type in reserve.types][:reserve.count or 0]
        return list(reversed(picked))
    out: list[ModelState] = []
    for name in reserve.models:
        found = next((m for m in state.side_models(side) if m.status == UNDEPLOYED and m not in out
                      and named(m, [name])), None)
        if found is None:
            where = enc.scenario.cite(f"reserves[{index}]")
            state.emit(EventKind.EventFailed, f"{state.sides[side].name} has no model named '{name}' to hold back "
                       f"({where})", cite=where, side=side, rule="ENC-3", fault="reserves")
            continue
        out.append(found)
    return sorted(out, key=lambda m: list(state.models).index(m.id))


def arrival_for(state: GameState, model: ModelState, arrival: Arrival) -> Arrival | Place:
    """Where a held-back model may arrive: its reserve's ``arrival`` if it has one, else the event's."""
    enc = state.encounter
    index = enc.reserve_of.get(model.id)
    if index is None:
        return arrival
    own = enc.scenario.reserves[index].arrival
    return own if own is not None else arrival


def brought(model: ModelState, arrival: Arrival) -> bool:
    """Reinforcements that name models bring only those."""
    return model.status == RESERVE and (arrival.models is None or named(model, arrival.models))


def join_party(state: GameState, side: int, name: str, cite: str) -> list[ModelState]:
    """A party file's models join the side ([ENC-4]): new models with ids that go on from the side's last
    (A7, A8 ...), held in reserve until each is placed; the side's Fate pool and name stay as they were."""
    from game.rules.state import SIDE_LETTERS

    party = state.encounter.scenario.joining_party(name)
    letter = SIDE_LETTERS[side]
    numbers = [int(mid[len(letter):]) for mid in state.models if mid.startswith(letter) and mid[len(letter):].isdigit()]
    n = max(numbers, default=0)
    out: list[ModelState] = []
    for profile in party.models:
        n += 1
        model = ModelState(f"{letter}{n}", side, profile, facing=90.0 if side == 0 else 270.0, status=RESERVE)
        state.models[model.id] = model
        state.encounter.reserved.append(model.id)
        out.append(model)
        state.emit(EventKind.HeldInReserve, f"{model.name} of {party.name} joins {state.sides[side].name} ({cite})",
                   model=model.id, side=side, cite=cite, rule="ENC-4")
    state.touch()
    return out


# -- who plays which role ([ENC-1]) ----------------------------------------------------------------------------

def party_matches(state: GameState, side: int, party_id: str) -> bool:
    """The side brought that party: its file's name (without .yaml) or its name, case ignored."""
    party = state.sides[side].party
    key = party_id.strip().casefold()
    return key in {Path(party.file).stem.casefold(), party.name.strip().casefold()} if party.file else \
        key == party.name.strip().casefold()


def assign_roles(state: GameState) -> Gen:
    """After the set-up roll: ``chosen_by: winner`` asks the roll's winner which role it plays; ``party`` gives
    a role to the side that brought its party (else the roll stands). The side playing the ``higher`` role is
    then "higher" for the rest of the file (zones, who deploys first ...)."""
    enc = state.encounter
    roles = enc.scenario.roles
    if roles is None or roles.chosen_by == "roll" or enc.higher is None:
        return
    from game.content.scenario_checks import side_ref

    winner = enc.higher
    if roles.chosen_by == "winner":
        names = {ref: getattr(roles, ref) or ref for ref in ("higher", "lower")}
        answer = yield Decision(DecisionKind.choose_role, winner, f"{state.sides[winner].name} won the set-up roll: "
                                "choose the role you play", "ENC-1",
                                [Option(ref, names[ref]) for ref in ("higher", "lower")])
        enc.higher = winner if answer == "higher" else 1 - winner
        state.emit(EventKind.RoleChosen, f"{state.sides[winner].name} chooses to play {names[answer]}",
                   side=winner, role=answer, rule="ENC-1")
        return
    plays: dict[int, str] = {}  # side -> the role ref its party is given
    for role, party_id in (roles.party or {}).items():
        ref = side_ref(enc.scenario, role)
        for side in (0, 1):
            if ref is not None and party_matches(state, side, party_id):
                plays.setdefault(side, ref)
    refs = set(plays.values())
    if not plays or (len(plays) == 2 and len(refs) == 1):
        state.emit(EventKind.RoleChosen, "No role goes to a party here: the set-up roll gives the roles",
                   side=winner, rule="ENC-1")
        return
    side, ref = next(iter(sorted(plays.items())))
    enc.higher = side if ref == "higher" else 1 - side
    state.emit(EventKind.RoleChosen, f"{state.sides[side].name} plays {getattr(roles, ref) or ref}: the scenario "
               "gives it that role", side=side, role=ref, rule="ENC-1")
