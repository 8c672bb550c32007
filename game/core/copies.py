"""Whole copies and plain pictures of play state, by construction rather than by hand-kept lists.

A copy that names the fields it copies shares every field added after it was written: a replay frame once
showed a beacon lit two turns early because a new encounter field was shared with the live game. Walking
the dataclass fields instead copies (and pictures) a new field the moment it exists. Only values that cannot
change are shared: numbers, strings, enum members, frozen dataclasses and frozen pydantic models (content).
"""

from __future__ import annotations

import copy
import enum
import hashlib
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, TypeVar, cast

T = TypeVar("T")

SAME, LIST, DICT, TUPLE, SET, FIELDS, DEEP = range(7)
_ATOMS = (int, float, str, bool, bytes, complex, type(None), range, type)


def immutable(cls: type) -> bool:
    """Values of ``cls`` never change once made, so copies may share them (a class may say so itself:
    ``__immutable__ = True``)."""
    if issubclass(cls, _ATOMS) or issubclass(cls, enum.Enum) or getattr(cls, "__immutable__", False):
        return True
    params = getattr(cls, "__dataclass_params__", None)
    if params is not None:
        return bool(params.frozen)
    config = getattr(cls, "model_config", None)  # a pydantic model
    return isinstance(config, dict) and bool(config.get("frozen"))


def _kind_of(cls: type) -> int:
    if cls is tuple or cls is frozenset:
        return TUPLE
    if immutable(cls):
        return SAME
    if cls is list:
        return LIST
    if cls is dict:
        return DICT
    if cls is set:
        return SET
    if is_dataclass(cls):
        return FIELDS
    return DEEP


_how: Callable[[type], int] = cache(_kind_of)  # how a value of the class is copied, pictured and keyed


def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


field_names: Callable[[type], tuple[str, ...]] = cache(_field_names)


def whole_copy(value: T) -> T:
    """A copy sharing nothing that can change: containers and mutable dataclasses field by field (every field the
    class declares: attributes that are not fields, such as caches, stay behind), anything else deep-copied."""
    v: Any = value  # (its kind is asked below, at run time)
    how = _how(type(v))
    if how == SAME:
        return value
    if how == LIST:
        return cast(T, [whole_copy(x) for x in v])
    if how == DICT:
        return cast(T, {k: whole_copy(x) for k, x in v.items()})
    if how == TUPLE:
        items = tuple(whole_copy(x) for x in v)
        return value if all(a is b for a, b in zip(items, v, strict=True)) else cast(T, type(v)(items))
    if how == SET:
        return cast(T, set(v))
    if how == FIELDS:
        cls: Any = type(v)
        clone = cls.__new__(cls)
        own = clone.__dict__  # set directly: a copy is not a change of the thing copied
        for name in field_names(cls):
            own[name] = whole_copy(getattr(v, name))
        return cast(T, clone)
    return copy.deepcopy(value)


_CONTENT: dict[int, tuple[Any, str]] = {}  # id -> (the content object, kept alive while listed; its fingerprint)


def fingerprint(value: Any) -> str:
    """A short digest of an immutable content object (a profile, a map, a scenario), remembered per object. The
    fields a class names in ``__provenance__`` (the file it was read from) say where it came from, not what it
    is: a map read from its file and the same map read from a save's copy have one fingerprint."""
    found = _CONTENT.get(id(value))
    if found is None or found[0] is not value:
        if len(_CONTENT) > 4096:
            _CONTENT.clear()
        where = getattr(type(value), "__provenance__", ())
        body = repr(value) if not where else repr(
            [(name, getattr(value, name)) for name in field_names(type(value)) if name not in where])
        digest = hashlib.sha1(body.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        found = _CONTENT[id(value)] = (value, digest)
    return found[1]


def plain(value: Any, digits: int = 6, leave_out: frozenset[str] = frozenset()) -> Any:
    """``value`` as plain data (dicts, lists, numbers, strings): every field of a mutable dataclass but those named
    in ``leave_out``; floats rounded to ``digits`` places; an object with ``to_dict`` pictured by it; immutable
    content (a frozen dataclass or pydantic model) by its type and :func:`fingerprint`."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool) or value is None or isinstance(value, int | str):
        return value
    if isinstance(value, float):
        return round(value, digits)
    if isinstance(value, dict):
        return {str(k): plain(v, digits, leave_out) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, list | tuple):
        return [plain(v, digits, leave_out) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((plain(v, digits, leave_out) for v in value), key=repr)
    if immutable(type(value)):
        return f"{type(value).__name__}:{fingerprint(value)}"
    if is_dataclass(value) and not isinstance(value, type):
        return {name: plain(getattr(value, name), digits, leave_out)
                for name in field_names(type(value)) if name not in leave_out}
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()  # its own plain form
    return repr(value)


class Same:
    """Content in a value key, equal only to itself: an immutable object is the same value while it is the same
    object (and its own equality may be slow or undefined)."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any):
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return type(other) is Same and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)


def value_key(value: Any, leave_out: frozenset[str] = frozenset()) -> Any:
    """A hashable picture of ``value`` for a cache that lives across decisions: every field of every mutable
    dataclass in it but those named in ``leave_out`` (so a field added later is in the key at once: a cache can
    only be too careful, never stale); immutable content by identity."""
    cls = type(value)
    how = _how(cls)
    if how == SAME:
        if isinstance(value, dict):  # an immutable mapping (a model's conditions)
            return tuple(sorted(value.items()))
        return value if issubclass(cls, _ATOMS) or issubclass(cls, enum.Enum) else Same(value)
    if how in (LIST, TUPLE):
        return tuple(value_key(v, leave_out) for v in value)
    if how == DICT:
        return tuple((k, value_key(v, leave_out)) for k, v in value.items())
    if how == SET:
        return frozenset(value)
    if how == FIELDS:
        if cls.__dict__.get("__keeps_value_keys__"):  # its every change drops ``_value_keys`` (ModelState)
            kept = value.__dict__.get("_value_keys")
            if kept is None:
                kept = value.__dict__["_value_keys"] = {}
            found = kept.get(leave_out)
            if found is None:
                found = kept[leave_out] = _fields_key(value, cls, leave_out)
            return found
        return _fields_key(value, cls, leave_out)
    return repr(value)


def _fields_key(value: Any, cls: type, leave_out: frozenset[str]) -> tuple[Any, ...]:
    out = []
    for name in _kept(cls, leave_out):
        v = getattr(value, name)
        out.append(v if type(v) in _PLAIN else value_key(v, leave_out))
    return tuple(out)


_PLAIN = frozenset({int, float, str, bool, type(None)})


@cache
def _kept(cls: type, leave_out: frozenset[str]) -> tuple[str, ...]:
    return tuple(name for name in field_names(cls) if name not in leave_out)
