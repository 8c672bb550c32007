"""What a wound does to a figure, from a shot or a fight alike ([TW-CV-1], [TW-FALL-1]): the one place CV is
lost, a figure falls or leaves the battle."""

from __future__ import annotations

from game.systems.thornwood.kinds import TwEvent
from game.systems.thornwood.state import GRADES, FigureState, Status, TwState

GORY_LOSS = 5  # [TW-CV-1]


def leave_table(state: TwState, f: FigureState, status: Status) -> None:
    """The figure leaves the table (out of the battle, or fled): nobody sees it any more ([TW-SPOT-4])."""
    f.status, f.fallen, f.ambush = status, False, False
    for side in state.sides:
        side.known.discard(f.id)
    state.touch()


def grade_of(cv_loss: int) -> str:
    return GRADES[min(cv_loss, 3)]


def wound(state: TwState, f: FigureState, cv_loss: int, *, falls: bool = False, gory: bool = False,
          why: str = "") -> None:
    """Take ``cv_loss`` CV from the figure (a gory death takes 5), mark the worst wound (by the CV lost in all:
    two light wounds are a wound), fell it, and take it off the table at CV 0 ([TW-CV-1])."""
    if gory:
        cv_loss = max(cv_loss, GORY_LOSS)
        f.gory = True
    if cv_loss <= 0 and not falls:
        return
    f.cv_lost += cv_loss
    if GRADES.index(grade_of(f.cv_lost)) > GRADES.index(f.worst):  # the losses add up: two light wounds are a wound
        f.worst = grade_of(f.cv_lost)
    if falls and f.on_table:
        f.fallen = True
    if f.profile.cv - f.cv_lost <= 0 or f.gory:
        leave_table(state, f, Status.OUT)
        state.emit(TwEvent.TwOut, f"{f.label()} is out of the battle" + (": a gory death" if f.gory else
                   ": CV 0") + f"{' (' + why + ')' if why else ''} [TW-CV-1]", model=f.id, gory=f.gory)
    state.touch()


def heal(state: TwState, f: FigureState, grades: int) -> None:
    """Improve (``grades`` < 0: worsen) the figure's wounds by whole grades: a grade is one CV ([TW-HEAL-1])."""
    f.cv_lost = max(0, f.cv_lost - grades)
    if f.cv_lost == 0:
        f.worst = ""
    if f.profile.cv - f.cv_lost <= 0:
        leave_table(state, f, Status.OUT)
        state.emit(TwEvent.TwOut, f"{f.label()} is out of the battle: its wounds worsen to CV 0 [TW-CV-1]",
                   model=f.id, gory=False)
    state.touch()
