"""Who sees whom, and what each side knows ([TW-SPOT-1]–[TW-SPOT-5]).

A side knows only the enemy figures it has spotted: the screen draws those and the AI reads those. Spotting is
a group's roll against each enemy group in its sight; a spotted figure is known to the whole side until it
ends an action phase out of every sight line of the side's figures; a figure that shoots at or charges a side
shows itself to that side.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.geometry.los import line_of_sight_turned
from game.systems.thornwood import terrain
from game.systems.thornwood.dice_rolls import Motion, SpotRoll, spot_roll
from game.systems.thornwood.groups import chains
from game.systems.thornwood.kinds import TwEvent
from game.systems.thornwood.state import FigureState, TwState
from game.systems.thornwood.table import battlefield
from game.systems.thornwood.tables import Column

MOTION: dict[str, Motion] = {"": "still", "move": "moved", "run": "ran", "cautious": "cautious"}


def sees(state: TwState, viewer: FigureState, target: FigureState) -> bool:
    """A clear sight line, the viewer free to turn (Thornwood's figures have no arc; the kernel's lines)."""
    if not (viewer.on_table and target.on_table):
        return False
    return line_of_sight_turned(battlefield(state), viewer.id, target.id).has_los


def target_column(state: TwState, viewer: FigureState, target: FigureState) -> Column:
    """The target's column as ``viewer`` sees it ([TW-TGT-1]); the spotting table reads it ([TW-SPOT-3])."""
    found = terrain.target_type(battlefield(state), viewer.id, target.id)
    return Column.open if found is None else Column(int(found))


def in_sight_of_side(state: TwState, side: int, target: FigureState) -> bool:
    return any(sees(state, f, target) for f in state.on_table(side))


@dataclass(frozen=True)
class SpotResult:
    target_group: tuple[str, ...]
    roll: SpotRoll
    spotted: tuple[str, ...]


def unspotted_in_sight(state: TwState, group: list[FigureState], among: set[str] | None = None
                       ) -> list[FigureState]:
    side = group[0].side
    known = state.sides[side].known
    return [e for e in state.on_table() if e.side != side and e.id not in known
            and (among is None or e.id in among) and any(sees(state, f, e) for f in group if f.on_table)]


def spot(state: TwState, group: list[FigureState], when: str, among: set[str] | None = None) -> list[SpotResult]:
    """[TW-SPOT-2], [TW-SPOT-3]: the group's roll against each enemy group in its sight it has not spotted.
    The target number is that of the group's most visible member in sight; on a success every member in sight
    is spotted, and known to the whole side ([TW-SPOT-4]). ``among``: the only figures it may look for (a
    reacting group looks only for those that acted, [TW-SPOT-2])."""
    if not group:
        return []  # nobody of the group is left to look
    side = group[0].side
    ambush = all(f.ambush for f in group)
    out = []
    for target in chains(unspotted_in_sight(state, group, among)):
        columns = {e.id: min(target_column(state, f, e) for f in group if sees(state, f, e)) for e in target}
        easiest = min(target, key=lambda e: columns[e.id])
        roll = spot_roll(state.dice, columns[easiest.id], MOTION[easiest.last_move], ambush,
                         reason=f"spotting: {group[0].name}'s group")
        spotted = tuple(e.id for e in target) if roll.spotted else ()
        state.sides[side].known.update(spotted)
        names = ", ".join(e.name for e in target)
        # a failed roll tells the spotting side nothing (it never learns there was anyone to see): its line is
        # for the side it missed, which learns who looked only if it has spotted them
        seen_by_them = all(f.id in state.sides[1 - side].known for f in group if f.on_table)
        who = f"{group[0].name}'s group looks" if spotted or seen_by_them else "Unseen enemies look"
        state.emit(TwEvent.TwSpot, f"{who} {when} for {names}: {roll.explain()}",
                   hidden_from=None if spotted else side, side=side, spotted=list(spotted))
        out.append(SpotResult(tuple(e.id for e in target), roll, spotted))
    if not any(r.spotted for r in out):
        state.emit(TwEvent.TwSpot, f"{group[0].name}'s group looks {when}: it sees nobody new [TW-SPOT-2]",
                   hidden_from=1 - side, side=side, spotted=[])
    return out


def reveal(state: TwState, to_side: int, f: FigureState, why: str) -> bool:
    """[TW-SPOT-5]: a figure that attacks a side is seen by it; True when it had not been (a surprise)."""
    known = state.sides[to_side].known
    if f.id not in known and f.on_table:
        known.add(f.id)
        state.emit(TwEvent.TwSpot, f"{f.label()} shows itself by {why} [TW-SPOT-5]", side=to_side, spotted=[f.id])
        return True
    return False


def lose_sight(state: TwState) -> None:
    """[TW-SPOT-4]: after an action phase, each side forgets the enemies out of every sight line of its
    figures, and those no longer on the table."""
    for side in (0, 1):
        known = state.sides[side].known
        gone = sorted(fid for fid in known if not state.figure(fid).on_table
                      or not in_sight_of_side(state, side, state.figure(fid)))
        for fid in gone:
            known.discard(fid)
        lost = [state.figure(fid) for fid in gone if state.figure(fid).on_table]
        if lost:
            state.emit(TwEvent.TwLost, f"{state.sides[side].name} loses sight of "
                       f"{', '.join(f.name for f in lost)} [TW-SPOT-4]", side=side, lost=[f.id for f in lost])
