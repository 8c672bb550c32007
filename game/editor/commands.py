"""Edits as commands: each turns one MapState into the next; ``apply`` and ``undo`` swap the two.

A command computes its result once, the first time it is applied, and keeps both states, so redo
gives back exactly what the edit made and undo exactly what was there. In symmetric editing mode
every command's result passes through ``sync_twins``: each piece it touched is mirrored onto its
twin (made if it has none), and a deleted piece takes its twin with it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.editor import transform as tf
from game.editor.document import MapState, Piece, piece_data, pt, unique_id

PROPERTIES = ("id", "kind", "style", "blocks_los", "cross_cost", "water")
# the keys that apply only to one kind ([TERR-3], [TERR-4]); a kind change drops the ones that no longer apply
ONLY_FOR = {"blocks_los": "impassable", "cross_cost": "obstacle"}


class Command(ABC):
    """One user gesture as one undo step."""

    label = "edit"

    def __init__(self) -> None:
        self.before: MapState | None = None
        self.after: MapState | None = None

    @abstractmethod
    def run(self, s: MapState) -> MapState:
        """The map after the gesture (every command says what it does)."""

    def result(self, s: MapState) -> MapState:
        """What the command makes of ``s`` (the twins kept in step), without applying it."""
        return sync_twins(s, self.run(s))

    def apply(self, state: MapState) -> MapState:
        if self.before is None or self.before is not state:
            self.before, self.after = state, self.result(state)
        assert self.after is not None
        return self.after

    def undo(self) -> MapState:
        assert self.before is not None
        return self.before

    @property
    def changed(self) -> bool:
        return self.before is not None and self.after != self.before


def _map_pieces(s: MapState, uids: Iterable[int], fn) -> MapState:
    chosen = set(uids)
    return s.with_pieces(fn(p) if p.uid in chosen else p for p in s.pieces)


class AddPieces(Command):
    """New pieces on top (drawn, pasted, duplicated); an id already taken gets a number."""

    label = "add"

    def __init__(self, pieces: Sequence[Piece]):
        super().__init__()
        self.pieces = tuple(pieces)

    def run(self, s: MapState) -> MapState:
        taken = set(s.ids())
        out = []
        for p in self.pieces:
            new = replace(p, id=unique_id(p.id, taken))
            taken.add(new.id)
            out.append(new)
        return s.with_pieces(s.pieces + tuple(out))


class DeletePieces(Command):
    label = "delete"

    def __init__(self, uids: Iterable[int]):
        super().__init__()
        self.uids = frozenset(uids)

    def run(self, s: MapState) -> MapState:
        return s.with_pieces(p for p in s.pieces if p.uid not in self.uids)


class MovePieces(Command):
    label = "move"

    def __init__(self, uids: Iterable[int], dx: float, dy: float):
        super().__init__()
        self.uids, self.dx, self.dy = tuple(uids), dx, dy

    def run(self, s: MapState) -> MapState:
        return _map_pieces(s, self.uids, lambda p: replace(p, polygon=tf.translate(p.polygon, self.dx, self.dy)))


class RotatePieces(Command):
    """Turned about one point (the selection's centre), clockwise on screen."""

    label = "rotate"

    def __init__(self, uids: Iterable[int], degrees: float, about: Sequence[float]):
        super().__init__()
        self.uids, self.degrees, self.about = tuple(uids), degrees, (about[0], about[1])

    def run(self, s: MapState) -> MapState:
        return _map_pieces(s, self.uids, lambda p: replace(p, polygon=tf.rotate(p.polygon, self.degrees, self.about)))


class ScalePieces(Command):
    label = "scale"

    def __init__(self, uids: Iterable[int], sx: float, sy: float, about: Sequence[float]):
        super().__init__()
        self.uids, self.sx, self.sy, self.about = tuple(uids), sx, sy, (about[0], about[1])

    def run(self, s: MapState) -> MapState:
        return _map_pieces(s, self.uids,
                           lambda p: replace(p, polygon=tf.scale(p.polygon, self.sx, self.sy, self.about)))


class MoveCorner(Command):
    label = "move corner"

    def __init__(self, uid: int, index: int, to: Sequence[float]):
        super().__init__()
        self.uid, self.index, self.to = uid, index, pt(to[0], to[1])

    def run(self, s: MapState) -> MapState:
        def fn(p: Piece) -> Piece:
            poly = list(p.polygon)
            if 0 <= self.index < len(poly):
                poly[self.index] = self.to
            return replace(p, polygon=tuple(poly))
        return _map_pieces(s, [self.uid], fn)


class InsertCorner(Command):
    """A corner added on edge ``index`` (between corners index and index + 1)."""

    label = "insert corner"

    def __init__(self, uid: int, index: int, at: Sequence[float]):
        super().__init__()
        self.uid, self.index, self.at = uid, index, pt(at[0], at[1])

    def run(self, s: MapState) -> MapState:
        return _map_pieces(s, [self.uid], lambda p: replace(
            p, polygon=p.polygon[:self.index + 1] + (self.at,) + p.polygon[self.index + 1:]))


class DeleteCorner(Command):
    """A corner removed; a triangle keeps its three (a polygon needs at least 3 points)."""

    label = "delete corner"

    def __init__(self, uid: int, index: int):
        super().__init__()
        self.uid, self.index = uid, index

    def run(self, s: MapState) -> MapState:
        def fn(p: Piece) -> Piece:
            if len(p.polygon) <= 3 or not 0 <= self.index < len(p.polygon):
                return p
            return replace(p, polygon=p.polygon[:self.index] + p.polygon[self.index + 1:])
        return _map_pieces(s, [self.uid], fn)


class SetProperty(Command):
    """One property of some pieces: id, kind, style, blocks_los, cross_cost or water (``None`` leaves the
    optional key out of the file). A new kind drops the flags that no longer apply to it."""

    label = "set property"

    def __init__(self, uids: Iterable[int], key: str, value: Any):
        super().__init__()
        if key not in PROPERTIES:
            raise ValueError(f"unknown property {key!r}")
        self.uids, self.key, self.value = tuple(uids), key, value
        self.label = f"set {key}"

    def run(self, s: MapState) -> MapState:
        def fn(p: Piece) -> Piece:
            new = replace(p, **{self.key: self.value})
            if self.key == "kind":
                for flag, kind in ONLY_FOR.items():
                    if self.value != kind:
                        cleared: dict[str, Any] = {flag: None}
                        new = replace(new, **cleared)
                if self.value == "impassable" and new.blocks_los is None:
                    new = replace(new, blocks_los=True)
            return new
        return _map_pieces(s, self.uids, fn)


class SetStyle(Command):
    """A preset applied to pieces: kind, style and flags at once."""

    label = "restyle selection"

    def __init__(self, uids: Iterable[int], values: dict[str, Any]):
        super().__init__()
        self.uids, self.values = tuple(uids), dict(values)
        self.label = f"restyle {len(self.uids)} piece(s) as {values.get('style')}"

    def run(self, s: MapState) -> MapState:
        keep = {k: self.values.get(k) for k in ("kind", "style", "blocks_los", "cross_cost")}
        keep["water"] = bool(self.values.get("water", False))
        return _map_pieces(s, self.uids, lambda p: replace(p, **keep))


class Reorder(Command):
    """Bring to front (drawn last) or send to back (drawn first), keeping the selection's own order."""

    label = "reorder"

    def __init__(self, uids: Iterable[int], to_front: bool):
        super().__init__()
        self.uids, self.to_front = frozenset(uids), to_front
        self.label = "bring to front" if to_front else "send to back"

    def run(self, s: MapState) -> MapState:
        chosen = [p for p in s.pieces if p.uid in self.uids]
        rest = [p for p in s.pieces if p.uid not in self.uids]
        return s.with_pieces(rest + chosen if self.to_front else chosen + rest)


class Mirror(Command):
    """The selection (or every piece) reflected across an axis or turned 180° about the centre; with
    ``copy`` the originals stay and mirrored copies are added, linked as twins."""

    label = "mirror"

    def __init__(self, uids: Iterable[int] | None, axis: str, copy: bool = False):
        super().__init__()
        if axis not in tf.AXES:
            raise ValueError(f"unknown axis {axis!r}")
        self.uids, self.axis, self.copy = (None if uids is None else tuple(uids)), axis, copy
        self.label = ("mirror a copy " if copy else "mirror ") + tf.AXES[axis]
        self.skipped = 0  # pieces a copy leaves alone: they have a twin already, or are their own mirror image

    def _has_twin(self, s: MapState, p: Piece) -> bool:
        if s.symmetry == self.axis and s.twin_of(p.uid) is not None:
            return True
        image = tf.mirror(p.polygon, self.axis)
        return any(q.kind == p.kind and _same_outline(q.polygon, image) for q in s.pieces)

    def result(self, s: MapState) -> MapState:
        out = super().result(s)
        if self.copy and self.skipped:
            base = "mirror a copy " + tf.AXES[self.axis]
            self.label = f"{base} ({self.skipped} piece(s) left alone: they have a mirror twin already)"
        return out

    def run(self, s: MapState) -> MapState:
        uids = s.uids() if self.uids is None else list(self.uids)
        if not self.copy:
            return _map_pieces(s, uids, lambda p: replace(p, polygon=tf.mirror(p.polygon, self.axis)))
        taken = set(s.ids())
        added, links = [], []
        self.skipped = 0
        for p in s.pieces:
            if p.uid in uids and self._has_twin(s, p):  # a copy would lie on its twin (or on itself)
                self.skipped += 1
                continue
            if p.uid in uids:
                twin = p.copy(unique_id(f"{p.id}_twin", taken))
                twin = replace(twin, polygon=tf.mirror(p.polygon, self.axis))
                taken.add(twin.id)
                added.append(twin)
                links.append((p.uid, twin.uid))
        out = s.with_pieces(s.pieces + tuple(added))
        if s.symmetry not in (None, self.axis):
            return out  # symmetric editing on another axis gives each new copy a twin of its own
        return replace(out, twins=out.twins + tuple(links))


class Restore(Command):
    """An undo step brought back from the autosave's history: the map before it and after it, whole."""

    def __init__(self, before: MapState, after: MapState, label: str):
        super().__init__()
        self.before, self.after, self.label = before, after, label

    def run(self, s: MapState) -> MapState:
        assert self.after is not None
        return self.after


class SetMeta(Command):
    label = "rename map"

    def __init__(self, name: str | None = None, description: str | None = None):
        super().__init__()
        self.name, self.description = name, description

    def run(self, s: MapState) -> MapState:
        return replace(s, name=s.name if self.name is None else self.name,
                       description=s.description if self.description is None else self.description)


class SetSymmetry(Command):
    """Symmetric editing on an axis (or off). Turning it on pairs each piece with the piece that is its exact
    mirror image, if there is one; other pieces get a twin the next time they are edited."""

    label = "symmetric editing"

    def __init__(self, axis: str | None):
        super().__init__()
        self.axis = axis

    def run(self, s: MapState) -> MapState:
        if self.axis is None:
            return replace(s, symmetry=None, twins=())
        pairs: list[tuple[int, int]] = []
        used: set[int] = set()
        for p in s.pieces:
            if p.uid in used or is_self_symmetric(p, self.axis):
                continue
            image = sorted(tf.mirror(p.polygon, self.axis))
            for q in s.pieces:
                if q.uid != p.uid and q.uid not in used and sorted(q.polygon) == image:
                    pairs.append((p.uid, q.uid))
                    used |= {p.uid, q.uid}
                    break
        return replace(s, symmetry=self.axis, twins=tuple(pairs))

    def result(self, s: MapState) -> MapState:
        return self.run(s)  # switching the mode changes no piece


def _same_outline(a: Sequence[Sequence[float]], b: Sequence[Sequence[float]]) -> bool:
    """Two outlines that cover nearly the same ground (95 % of their union): a copy there would be a
    duplicate (an odd-sided circle across the axis is not exactly its own mirror image, but nearly)."""
    if len(a) < 3 or len(b) < 3:
        return False
    import shapely

    pa, pb = shapely.Polygon(a), shapely.Polygon(b)
    if not (pa.is_valid and pb.is_valid) or not pa.intersects(pb):
        return False
    union = pa.union(pb).area
    return union > 0 and pa.intersection(pb).area / union > 0.95


def is_self_symmetric(p: Piece, axis: str) -> bool:
    """The piece is its own mirror image (it lies across the axis symmetrically): it needs no twin."""
    return sorted(tf.mirror(p.polygon, axis)) == sorted(p.polygon)


def mirrored_twin(p: Piece, twin: Piece, axis: str) -> Piece:
    """``twin`` made the exact mirror image of ``p``: its polygon and every property but its id."""
    return replace(p, id=twin.id, uid=twin.uid, polygon=tf.mirror(p.polygon, axis))


def sync_twins(before: MapState, after: MapState) -> MapState:
    """In symmetric editing mode, every piece the edit touched is mirrored onto its twin."""
    axis = after.symmetry
    if axis is None:
        return after
    old = {p.uid: p for p in before.pieces}
    pieces = {p.uid: p for p in after.pieces}
    order = [p.uid for p in after.pieces]
    twins = list(after.twins)
    gone = set(old) - set(pieces)
    for a, b in list(before.twins):  # a deleted piece takes its twin with it
        if a in gone or b in gone:
            pieces.pop(a, None)
            pieces.pop(b, None)
    twins = [(a, b) for a, b in twins if a in pieces and b in pieces]
    done: set[int] = set()
    taken = {p.id for p in pieces.values()}
    for uid in list(order):
        p = pieces.get(uid)
        if p is None or uid in done or old.get(uid) == p:
            continue
        partner = next((b if a == uid else a for a, b in twins if uid in (a, b)), None)
        if partner is None:
            if is_self_symmetric(p, axis):
                continue
            twin = p.copy(unique_id(f"{p.id}_twin", taken))
            taken.add(twin.id)
            pieces[twin.uid] = mirrored_twin(p, twin, axis)
            order.insert(order.index(uid) + 1, twin.uid)
            twins.append((uid, twin.uid))
            done |= {uid, twin.uid}
            continue
        pieces[partner] = mirrored_twin(p, pieces[partner], axis)
        done |= {uid, partner}
    return replace(after, pieces=tuple(pieces[u] for u in order if u in pieces), twins=tuple(twins))


@dataclass
class History:
    """The document's state with unlimited undo and redo; a drag previews one command and commits it once."""

    state: MapState = field(default_factory=MapState)
    done: list[Command] = field(default_factory=list)
    undone: list[Command] = field(default_factory=list)
    preview_cmd: Command | None = None
    saved: MapState | None = None  # the state last written to disk
    _dirty: tuple[MapState, bool] | None = None

    def do(self, cmd: Command) -> bool:
        """Apply and record a command; one that changes nothing is not recorded."""
        self.cancel_preview()
        new = cmd.apply(self.state)
        if new == self.state:
            return False
        self.state = new
        self.done.append(cmd)
        self.undone.clear()
        return True

    def preview(self, cmd: Command) -> None:
        """Show what ``cmd`` would make (a drag in progress), replacing the previous preview."""
        base = self.preview_cmd.before if self.preview_cmd is not None else self.state
        assert base is not None
        self.state = cmd.apply(base)
        self.preview_cmd = cmd

    def commit(self) -> bool:
        """The previewed command becomes one undo step (the whole drag)."""
        cmd, self.preview_cmd = self.preview_cmd, None
        if cmd is None or not cmd.changed:
            if cmd is not None:
                self.state = cmd.undo()
            return False
        self.done.append(cmd)
        self.undone.clear()
        return True

    def cancel_preview(self) -> None:
        if self.preview_cmd is not None:
            self.state = self.preview_cmd.undo()
            self.preview_cmd = None

    def undo(self) -> Command | None:
        self.cancel_preview()
        if not self.done:
            return None
        cmd = self.done.pop()
        self.state = cmd.undo()
        self.undone.append(cmd)
        return cmd

    def redo(self) -> Command | None:
        self.cancel_preview()
        if not self.undone:
            return None
        cmd = self.undone.pop()
        assert cmd.after is not None
        self.state = cmd.after
        self.done.append(cmd)
        return cmd

    @property
    def dirty(self) -> bool:
        """Unsaved changes: the map differs from what was last saved (or opened); asked once per state."""
        if self.saved is None:
            return True
        if self.state is self.saved:
            return False
        if self._dirty is None or self._dirty[0] is not self.state:
            a, b = self.state, self.saved  # only the pieces that are not the very same objects are compared
            same = (a.name, a.description, len(a.pieces)) == (b.name, b.description, len(b.pieces)) and all(
                p is q or piece_data(p) == piece_data(q) for p, q in zip(a.pieces, b.pieces, strict=True))
            self._dirty = (self.state, not same)
        return self._dirty[1]

    def mark_saved(self) -> None:
        self.saved = self.state
        self._dirty = None
