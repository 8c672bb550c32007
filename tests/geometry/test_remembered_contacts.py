"""The index's remembered answers about contact ([BASE-6], [MOVE-7], [MOVE-8]): ``is_engaged``, kept while no
base changes, and a move's end (``end_position``, each base looked at once) are the answers worked out afresh
from ``engaged_with``, ``overlapping_bases`` and the bases, whatever moved."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.vec import Vec2
from game.geometry.battlefield import CONTACT_TOLERANCE, NEUTRAL, OVERLAP_EPS, Battlefield
from game.geometry.paths import ONE_INCH, Violation, end_position
from tests.geometry.helpers import base, field, piece, rect
from tests.sampling import examples

IDS = "abcdef"


def _field() -> Battlefield:
    return field([piece("wall", "obstacle", rect(16, 10, 17, 26))],
                 [base("a", "A", 10, 18), base("b", "B", 11.0, 18), base("c", "B", 20, 30), base("d", "A", 12, 19),
                  base("e", NEUTRAL, 14, 14), base("f", "B", 9, 17)])


def fresh_end(bf: Battlefield, mover_id: str, end: Vec2, ignore: tuple[str, ...]) -> tuple[list[str], list[Violation]]:
    """[MOVE-7], [MOVE-8], [DIG-MOVE-7] at ``end``, from the index's plain questions."""
    mover = bf.base(mover_id)
    r = mover.radius
    out = [Violation("MOVE-7", f"the move would end overlapping {bf.base(o).called}", end, o)
           for o in bf.overlapping_bases(end, r, ignore=mover.id) if o not in ignore]
    out += [Violation("DIG-MOVE-7", f"the move would end on obstacle ({p.name})", end, p.id)
            for p in bf.pieces_overlapping(end, r) if p.kind == "obstacle"]
    engaged, near = [], []
    for e in bf.bases():
        if e.side in (mover.side, NEUTRAL) or e.id == mover.id:
            continue
        gap = math.hypot(end[0] - e.centre.x, end[1] - e.centre.y) - r - e.radius
        if -OVERLAP_EPS <= gap <= CONTACT_TOLERANCE:
            engaged.append(e.id)
        elif gap < ONE_INCH - 1e-9 and e.id not in ignore:
            near.append(e)
    if near and not engaged:
        near.sort(key=lambda e: e.id)
        out.append(Violation("MOVE-8", "the move would end nearer than 1″ to " + ", ".join(e.called for e in near)
                             + " without base contact", end, near[0].id))
    return sorted(engaged), out


@pytest.mark.rule("BASE-6", "MOVE-7", "MOVE-8", "DIG-MOVE-7")
@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(IDS), st.floats(1, 35), st.floats(1, 35)), min_size=1, max_size=8),
       st.floats(1, 35), st.floats(1, 35), st.sampled_from(IDS), st.lists(st.sampled_from(IDS), max_size=2))
def test_remembered_contacts_are_the_fresh_answers(moves, x, y, mover, ignore) -> None:
    bf = _field()
    for base_id, bx, by in moves:
        for b in IDS:
            bf.is_engaged(b)  # remembered before the move
        bf.update_base(base_id, centre=(bx, by))
        for b in IDS:
            assert bf.is_engaged(b) == bool(bf.engaged_with(b))
        end = Vec2(x, y)
        assert end_position(bf, bf.base(mover), end, tuple(ignore)) == fresh_end(bf, mover, end, tuple(ignore))
    # bases in contact and overlapping are met at once
    bf.update_base("a", centre=(30, 4))
    bf.update_base("b", centre=(30 + bf.base("a").radius + bf.base("b").radius, 4))
    assert bf.is_engaged("a") and bf.is_engaged("b")
