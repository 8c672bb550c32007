"""The labels under the bases: short, different for every model on the table, and out of each other's way.

A player tells models apart by these at a glance, so two "Pikeman" or a "The" will not do: the
label is the model's name when it is short, otherwise the part of it that names the model
("Vesna the Pale" → "Vesna", "Captain-Sister Anneviere" → "Anneviere"), and a number where two
models would still read the same. The full name is in the model's card on hover.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

MAX_CHARS = 12
JOINERS = {"the", "of", "a", "an", "von", "van", "de", "du", "der"}


def short_label(name: str) -> str:
    """The name, or the part of it that names the model, in at most MAX_CHARS characters."""
    words = name.split()
    if not words:
        return "?"
    if len(name) <= MAX_CHARS and words[0].lower() not in JOINERS:
        return name
    if words[0].lower() in JOINERS and len(words) > 1:  # "The Gravewarden" → "Gravewarden"
        words = words[1:]
    cut = next((i for i, w in enumerate(words) if i and w.lower() in JOINERS), None)
    if cut is not None:  # "Vesna the Pale", "Morgain of Locksey": the name before the epithet
        words = words[:cut]
    while len(words) > 1 and len(" ".join(words)) > MAX_CHARS:  # titles go first: "Ser Aldric Varn"
        words = words[1:]
    label = " ".join(words).split("-")[-1] if len(words) == 1 and len(words[0]) > MAX_CHARS else " ".join(words)
    return label if len(label) <= MAX_CHARS else label[:MAX_CHARS - 1] + "…"


def unique_labels(models: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Model id → label for (id, name) pairs; equal labels are numbered in id order ("Warrior 1", "Warrior 2")."""
    return dict(_unique(tuple(sorted(models))))


@lru_cache(maxsize=64)
def _unique(models: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    labels = {mid: _own_label(name, [other for oid, other in models if oid != mid]) for mid, name in models}
    seen: dict[str, list[str]] = {}
    for mid, _ in models:
        seen.setdefault(labels[mid], []).append(mid)
    for label, ids in seen.items():
        if len(ids) > 1:
            stem = label if len(label) <= MAX_CHARS - 3 else label[:MAX_CHARS - 4] + "…"
            for n, mid in enumerate(ids, 1):
                labels[mid] = f"{stem} {n}"
    return tuple(labels.items())


def _own_label(name: str, others: list[str]) -> str:
    """The short label, unless it is also a part of another model's name ("Ghrim" for Caterine Ghrim beside
    Noemi Ghrim): then the first word of the name that is not, if one fits."""
    label = short_label(name)
    if not any(_names_part(label, other) for other in others):
        return label
    for word in name.split():
        if word.lower() not in JOINERS and len(word) <= MAX_CHARS \
                and not any(_names_part(word, other) for other in others):
            return word
    return label


def _names_part(label: str, name: str) -> bool:
    """Whether ``label`` reads as the words of ``name`` (so a player could take it for that model)."""
    words, part = name.lower().split(), label.lower().split()
    return any(words[i:i + len(part)] == part for i in range(len(words) - len(part) + 1))

Box = tuple[int, int, int, int]  # x, y, w, h in pixels
FACING_REACH = 1.45


def place_labels(bases: Sequence[tuple[str, int, int, int]], sizes: dict[str, tuple[int, int]],
                 top_margin: int = 6, bounds: Box | None = None, avoid: Sequence[Box] = ()) -> dict[str, Box]:
    """Where each label goes: below its base if free, else above, right, left, at a corner, or a row further out.

    ``bases`` are (id, centre x, centre y, radius) in pixels, ``sizes`` each label's (w, h). A label is
    only ever put where it cannot be misread: its centre nearer its own base's centre than any other base's,
    and over no other label. Among those places, one that covers no base and no other label's margin; else
    the one that covers the least; a place partly outside ``bounds`` (the visible table) is taken only when
    nothing else is left; never one over text already printed on the table (``avoid``: the terrain's names).
    Where no place is honest and clear (a tight melee, a crowd by a well) the model gets no label
    (it is left out of the answer): its name is on its card on hover. Greedy in the given order, which is
    stable from frame to frame.
    """
    centres = [(x, y) for _, x, y, _ in bases]
    # a base with its facing arrow, which reaches 1.4 radii out (table_view.draw_model)
    bases = [(mid, x, y, round(r * FACING_REACH)) for mid, x, y, r in bases]
    discs = [(x - r, y - r, 2 * r, 2 * r) for _, x, y, r in bases]
    gap = max(4, max((h for _, h in sizes.values()), default=0) // 3)
    placed: dict[str, Box] = {}
    for i, (mid, x, y, r) in enumerate(bases):
        w, h = sizes[mid]
        spots = [(x - w // 2, y + r + 1), (x - w // 2, y - r - top_margin - h), (x + r + 2, y - h // 2),
                 (x - r - 2 - w, y - h // 2), (x + r, y + r), (x - r - w, y + r), (x + r, y - r - h),
                 (x - r - w, y - r - h), (x - w // 2, y + r + 1 + h), (x - w // 2, y - r - top_margin - 2 * h)]
        # crowded (a melee): further out, a label's height at a time, before any spot that covers a base
        spots += [(x - w // 2 + dx * (w // 2 + r), y + dy * (r + h * k)) for k in (2, 3, 4)
                  for dx, dy in ((0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))]
        others = [c for j, c in enumerate(centres) if j != i]
        best, best_cover = None, None
        for sx, sy in spots:
            box = (sx, sy, w, h)
            cx, cy = sx + w / 2, sy + h / 2
            own = (cx - x) ** 2 + (cy - y) ** 2
            if any((cx - ox) ** 2 + (cy - oy) ** 2 <= own for ox, oy in others):
                continue  # read as another model's label: never
            if any(_overlap(box, o) for o in placed.values()) or any(_overlap(box, a) for a in avoid):
                continue  # two texts on each other (a label, a terrain's name): neither reads
            if any(_overlap(box, d) for d in discs):
                continue  # over a base: a model must always be seen (its name is then on hover)
            padded = (sx - gap, sy, w + 2 * gap, h)  # side by side, two labels must not read as one
            # covering a base is far worse than touching another label: a base must always be seen
            cover = sum(_overlap(padded, o) for o in placed.values()) + 20 * sum(_overlap(box, d) for d in discs)
            if bounds is not None:
                cover += 10 * (w * h - _overlap(box, bounds))
            if best_cover is None or cover < best_cover:
                best, best_cover = box, cover
            if cover == 0:
                break
        if best is not None:
            placed[mid] = best
    return placed


def _overlap(a: Box, b: Box) -> int:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0
