"""The AI controllers' memory in a save, so a resumed game goes on exactly as if it had never stopped
without asking the AI every past decision again (seconds, late in a big game).

A controller is a small tree of objects: its own seeded random sources, what it means to do (a
dataclass), caches. It is walked generically — nothing here names a controller's fields — so a
controller that gains memory is still kept whole. Anything this module does not know how to keep
(a reference to the game's state, a value of another kind) makes the snapshot ``None``: the save
then holds no snapshot and a resume asks the controllers again, which is slow but exact.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import importlib
import json
import math
import random
import struct
from collections.abc import Callable, Sequence
from typing import Any

from game.rules.decisions import Decision
from game.rules.state import GameState
from game.saves.playback import Played, play_back

MT_WORDS = 625  # a Mersenne Twister's state: 624 words and the position


class Unkept(TypeError):
    """A value a snapshot cannot keep by value."""


def snapshot(controller: Any) -> dict[str, Any] | None:
    """The controller's whole memory as plain JSON values, or None when some part cannot be kept."""
    try:
        return _obj(controller)
    except (Unkept, RecursionError):
        return None


def restore(controller: Any, snap: Any) -> bool:
    """Put a snapshot's memory into a fresh controller of the same kind; False (and the controller is
    unusable) when the snapshot does not fit it: another kind of controller, another version of it,
    or a file edited by hand."""
    try:
        _into(controller, snap)
        return True
    except Exception:  # a snapshot read from a file: any malformation means "ask again"
        return False


def kept(controllers: Sequence[Any | None], decisions: int) -> dict[str, Any] | None:
    """A save's ``controllers`` block: each AI side's memory after ``decisions`` answers (None when no
    side is an AI, or some memory cannot be kept: the save is then resumed by asking again)."""
    memory = memories(controllers)
    return None if memory is None else block(memory, decisions)


Memories = tuple[list[dict[str, Any] | None], str]  # each side's snapshot (None: a human side), their digest


def memories(controllers: Sequence[Any | None]) -> Memories | None:
    """Each AI side's memory as it is now, with its digest: None when no side is an AI or some memory cannot be
    kept. A caller that knows no controller was asked since may hand the same answer to :func:`block` again."""
    if all(c is None for c in controllers):
        return None
    sides = [None if c is None else snapshot(c) for c in controllers]
    if any(c is not None and snap is None for c, snap in zip(controllers, sides, strict=True)):
        return None
    return sides, digest(sides)


def block(memory: Memories, decisions: int) -> dict[str, Any]:
    """The ``controllers`` block of a save with ``decisions`` answers, from :func:`memories`."""
    sides, sealed = memory
    return {"decisions": decisions, "sides": sides, "digest": sealed}


def digest(sides: Any) -> str:
    """A digest of the kept memory: a file damaged there is asked again rather than trusted."""
    body = json.dumps(sides, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:16]


Make = Callable[[], list[Any | None]]


def resume(setup: dict[str, Any], answers: list[Any], checks: list[str] | None, make: Make,
           memory: dict[str, Any] | None, source: str = "<save>") -> tuple[Played, list[Any | None], bool]:
    """The saved game at its last decision, with controllers from ``make`` as they were then.

    With the AI's memory kept for exactly these answers, the answers are played back alone and the
    memory put into the controllers (fast). Otherwise (an old save, a hotseat one, a branch from a
    replay, a memory that no longer fits) every AI is asked each recorded decision again on the way,
    its answer replaced by the recorded one, so its own state moves on exactly as when it was played.
    Returns the playback, the controllers, and whether the kept memory was used."""
    controllers = make()
    fits = (memory is not None and memory.get("decisions") == len(answers)
            and memory.get("digest") == _digest_or_none(memory.get("sides"))
            and len(memory.get("sides") or ()) == len(controllers)
            and all((c is None) == (snap is None) for c, snap in zip(controllers, memory["sides"], strict=True))
            and all(c is None or restore(c, snap) for c, snap in zip(controllers, memory["sides"], strict=True)))
    if fits:
        return play_back(setup, answers, checks, source=source), controllers, True
    controllers = make()

    def ask(state: GameState, d: Decision) -> None:
        controller = controllers[d.side]
        if controller is not None:
            controller.decide(state, d)

    return play_back(setup, answers, checks, ask=ask, source=source), controllers, False


def _digest_or_none(sides: Any) -> str | None:
    try:
        return digest(sides)
    except (TypeError, ValueError):
        return None


# -- keeping ----------------------------------------------------------------------------------------
def _obj(o: Any) -> dict[str, Any]:
    if not callable(getattr(o, "decide", None)):
        raise Unkept(f"{type(o).__name__} is not a controller")
    return _part(o)


def _enc(v: Any) -> Any:
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):
        if abs(v) >= 2 ** 63:
            raise Unkept("an integer beyond 64 bits")
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else {"f": repr(v)}
    if type(v) is random.Random:
        version, words, gauss = v.getstate()
        if version != 3 or len(words) != MT_WORDS:
            raise Unkept("an unknown random state")
        packed = base64.b64encode(struct.pack(f"<{MT_WORDS}I", *words)).decode("ascii")
        return {"rng": packed, "gauss": gauss}
    if isinstance(v, tuple) and type(v) is tuple:
        return {"t": [_enc(x) for x in v]}
    if type(v) is list:
        return {"l": [_enc(x) for x in v]}
    if type(v) in (set, frozenset):
        return {"s": sorted((_enc(x) for x in v), key=repr)}
    if type(v) is dict:
        return {"d": [[_enc(k), _enc(x)] for k, x in v.items()]}
    if dataclasses.is_dataclass(v) and not isinstance(v, type) and type(v).__module__.startswith("game.ai."):
        return {"dc": f"{type(v).__module__}:{type(v).__qualname__}",
                "v": {f.name: _enc(getattr(v, f.name)) for f in dataclasses.fields(v)}}
    if callable(getattr(v, "decide", None)):
        return _obj(v)
    if type(v).__module__.startswith("game.ai.") and not isinstance(v, type) and hasattr(v, "__dict__"):
        return _part(v)  # a part of the controller (its appraiser): kept whole, put back into the fresh one's
    raise Unkept(f"a {type(v).__name__}")


def _part(o: Any) -> dict[str, Any]:
    return {"o": type(o).__qualname__, "v": {k: _enc(v) for k, v in _kept_vars(o).items()}}


def _kept_vars(o: Any) -> dict[str, Any]:
    """The object's memory: its attributes but those its class calls transient (``TRANSIENT``: a link back
    to its owner, a cache of the table that the fresh object rebuilds and that changes no answer)."""
    skip: frozenset[str] = getattr(type(o), "TRANSIENT", frozenset())
    return {k: v for k, v in vars(o).items() if k not in skip}


# -- restoring --------------------------------------------------------------------------------------
def _into(o: Any, snap: dict[str, Any]) -> None:
    if snap["o"] != type(o).__qualname__ or set(snap["v"]) != set(_kept_vars(o)):
        raise ValueError("another kind of controller")
    for key, value in snap["v"].items():
        setattr(o, key, _same_kind(_dec(value, getattr(o, key)), getattr(o, key)))


def _same_kind(value: Any, fresh: Any) -> Any:
    """A kept value where a fresh controller has one of another type does not fit it."""
    if value is not None and fresh is not None and type(value) is not type(fresh):
        raise ValueError(f"a {type(value).__name__} where a {type(fresh).__name__} is kept")
    return value


def _dec(v: Any, current: Any = None) -> Any:
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    tag, body = next(iter(v)), v.get("v")
    if tag == "f":
        return float(v["f"])
    if tag == "rng":
        words = struct.unpack(f"<{MT_WORDS}I", base64.b64decode(v["rng"], validate=True))
        gauss = v["gauss"]
        rng = random.Random()
        rng.setstate((3, words, None if gauss is None else float(gauss)))
        return rng
    if tag == "t":
        return tuple(_dec(x) for x in v["t"])
    if tag == "l":
        return [_dec(x) for x in v["l"]]
    if tag == "s":
        return {_dec(x) for x in v["s"]}
    if tag == "d":
        return {_dec(k): _dec(x) for k, x in v["d"]}
    if tag == "dc":
        module, name = v["dc"].split(":")
        if not module.startswith("game.ai."):
            raise ValueError("a dataclass outside the AI")
        cls = getattr(importlib.import_module(module), name)
        if not isinstance(cls, type) or not dataclasses.is_dataclass(cls) \
                or {f.name for f in dataclasses.fields(cls)} != set(body):
            raise ValueError(f"{name} has other fields now")
        out = object.__new__(cls)
        for f in dataclasses.fields(cls):
            fresh = f.default if f.default is not dataclasses.MISSING else \
                f.default_factory() if f.default_factory is not dataclasses.MISSING else None
            object.__setattr__(out, f.name, _same_kind(_dec(body[f.name]), fresh))
        return out
    if tag == "o":
        if current is None:
            raise ValueError("a part the fresh controller does not have")
        _into(current, v)
        return current
    raise ValueError(f"unknown tag {tag!r}")
