"""The game state by value (``iron-honor/state@1``): a finished game's save opens at once, without playing its
answers back, and is checked against them afterwards (docs/save-format.md).

Whole by construction, like game.core.copies: every field of every mutable dataclass in the state is kept,
so a field added later is saved the moment it exists. Content that never changes in play is kept *by
reference*: the path to it in the content the save's own setup texts build (``party0.models.3``: a model's
profile; ``scenario``; ``joining.NAME``: a party a scenario's reinforcements bring). Whatever else is
immutable (the map as events left it, its pieces, the log's events, the dice) is kept by value.

Only plain JSON is written, never pickle: a save is a shared file, so reading one must be safe. A value is
rebuilt only as one of the game's own classes, named in the block's ``classes`` table: a dataclass, a
named tuple, an enum, an immutable mapping (a model's conditions) or a class with ``to_dict``/``from_dict``
(the dice), each from a module of the layers a state is made of (rules, core, content, geometry: nothing is
imported from elsewhere), with exactly the fields the class has now and values of the types
it declares. Anything else is refused with the key path where it is.

Nothing here trusts a decoded state: ``first_difference`` compares it with the state the answers play to.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import json
import math
import sys
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from game.core.copies import field_names, immutable

STATE_FORMAT = "iron-honor/state@1"
KeyPath = tuple[str | int, ...]
LEAVE_OUT = {"GameState": frozenset({"version"})}  # names the state, not game data: a fresh one on load
STATE_LAYERS = ("game.rules.", "game.core.", "game.content.", "game.geometry.")  # where a state's classes live
TAGS = frozenset({"f", "i", "t", "m", "d", "s", "fs", "r"})  # an object of one key is one of these or a class


class Unkept(TypeError):
    """A value of the state that cannot be kept by value (the save then holds no state: it is played back)."""


class StateProblem(ValueError):
    """A kept state that cannot be rebuilt: where in the block (a key path) and why."""

    def __init__(self, where: KeyPath, why: str):
        super().__init__(why)
        self.where = where
        self.why = why


class StateUnfit(StateProblem):
    """A kept state made with classes this version of the game does not have as they were (a class gone, its
    fields changed): not damage, and nothing is lost, for the answers are the game: it is played back instead."""


# -- content by reference ---------------------------------------------------------------------------------
def content_roots(parties: typing.Sequence[Any], scenario: Any) -> dict[str, Any]:
    """The content a game is built from, by the names references start with."""
    roots: dict[str, Any] = {f"party{i}": p for i, p in enumerate(parties)}
    if scenario is not None:
        roots["scenario"] = scenario
        for key, party in sorted((getattr(scenario, "_parties", None) or {}).items()):
            roots[f"joining.{key}"] = party
    return roots


def _index(roots: dict[str, Any]) -> dict[int, tuple[Any, str]]:
    """id -> (object, reference) of every immutable object in the roots (frozen dataclasses and tuples walked;
    a pydantic model, the scenario, only as itself)."""
    out: dict[int, tuple[Any, str]] = {}

    def walk(value: Any, ref: str) -> None:
        if id(value) in out:
            return
        cls = type(value)
        if type(value) is tuple:
            for i, item in enumerate(value):
                walk(item, f"{ref}.{i}")
            return
        if isinstance(value, (str, int, float, bool, type(None), enum.Enum)) or not immutable(cls):
            return
        out[id(value)] = (value, ref)
        if dataclasses.is_dataclass(value):
            for name in field_names(cls):
                walk(getattr(value, name), f"{ref}.{name}")

    for name, root in roots.items():
        walk(root, name)
    return out


def _resolve(roots: dict[str, Any], ref: str, where: KeyPath) -> Any:
    name = max((n for n in roots if ref == n or ref.startswith(n + ".")), key=len, default=None)
    if name is None:
        raise StateProblem(where, f"'{ref}' refers to content this save's setup does not have")
    value, rest = roots[name], ref[len(name) + 1:]
    for part in rest.split(".") if rest else ():
        if type(value) is tuple and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif dataclasses.is_dataclass(value) and not isinstance(value, type) and part in field_names(type(value)):
            value = getattr(value, part)
        else:
            raise StateProblem(where, f"'{ref}' refers to content this save's setup does not have")
    return value


# -- keeping ----------------------------------------------------------------------------------------------
class _Encoder:
    def __init__(self, roots: dict[str, Any]):
        self.index = _index(roots)
        self.classes: dict[str, dict[str, Any]] = {}  # alias -> {"class": "module:qualname", "fields": [...]}
        self.alias_of: dict[type, str] = {}

    def alias(self, cls: type, fields: list[str] | None = None) -> str:
        found = self.alias_of.get(cls)
        if found is None:
            full = f"{cls.__module__}:{cls.__qualname__}"
            if not cls.__module__.startswith(STATE_LAYERS):
                raise Unkept(f"a {cls.__qualname__} (not of the game's rules, core, content or geometry)")
            short = cls.__qualname__
            found = short if short not in TAGS and self.classes.get(short, {}).get("class", full) == full else full
            self.classes[found] = {"class": full, **({"fields": fields} if fields is not None else {})}
            self.alias_of[cls] = found
        return found

    def enc(self, v: Any) -> Any:
        cls = type(v)
        if v is None or cls is bool or cls is str:
            return v
        if cls is int:
            if abs(v) < 2 ** 63:
                return v
            if abs(v) >= 2 ** 128:
                raise Unkept("an integer beyond 128 bits")
            return {"i": str(v)}  # (a dice source's 64 bits, unsigned): a save's numbers are of 64 bits, signed
        if cls is float:
            return v if math.isfinite(v) else {"f": repr(v)}
        if cls is list:
            return [self.enc(x) for x in v]
        if cls is dict:
            return self._mapping(v)
        if isinstance(v, enum.Enum):
            return {self.alias(cls): self.enc(v.value)}
        if cls is tuple:
            return {"t": [self.enc(x) for x in v]}
        if cls in (set, frozenset):
            return {"s" if cls is set else "fs": sorted((self.enc(x) for x in v), key=_order)}
        if isinstance(v, dict):
            return {self.alias(cls): self._mapping(v)}
        found = self.index.get(id(v))
        if found is not None and found[0] is v:
            return {"r": found[1]}
        if isinstance(v, tuple) and hasattr(cls, "_fields"):
            return {self.alias(cls): [self.enc(x) for x in v]}
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            names = _kept_fields(cls)
            return {self.alias(cls, list(names)): [self.enc(getattr(v, name)) for name in names]}
        if callable(getattr(v, "to_dict", None)) and callable(getattr(cls, "from_dict", None)):
            return {self.alias(cls): self.enc(v.to_dict())}
        raise Unkept(f"a {cls.__qualname__}")

    def _mapping(self, v: dict[Any, Any]) -> Any:
        if all(type(k) is str for k in v):
            body = {k: self.enc(x) for k, x in v.items()}
            return body if len(body) != 1 else {"m": body}  # one key: a tag or a class; so a mapping of one is marked
        return {"d": [[self.enc(k), self.enc(x)] for k, x in v.items()]}


def _fields_kept(cls: type) -> tuple[str, ...]:
    skip = LEAVE_OUT.get(cls.__qualname__, frozenset())
    return tuple(name for name in field_names(cls) if name not in skip)


_kept_fields: Callable[[type], tuple[str, ...]] = cache(_fields_kept)


def _order(encoded: Any) -> str:
    return json.dumps(encoded, sort_keys=True)


def encode(state: Any, roots: dict[str, Any], decisions: int) -> dict[str, Any] | None:
    """The save's ``state`` block: the state after ``decisions`` answers, by value; None when some part of it
    cannot be kept (the save is then played back, as one without the block)."""
    encoder = _Encoder(roots)
    try:
        value = encoder.enc(state)
    except (Unkept, RecursionError):
        return None
    return {"format": STATE_FORMAT, "decisions": decisions, "digest": digest(value),
            "classes": dict(sorted(encoder.classes.items())), "value": value}


def digest(value: Any) -> str:
    """A digest of the kept value: a block damaged or edited by hand is known before anything is built from it."""
    body = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:16]


# -- rebuilding -------------------------------------------------------------------------------------------
_KINDS = ("a dataclass", "a named tuple", "an enum", "an immutable mapping", "a class with to_dict and from_dict")


def _class_of(entry: Any, where: KeyPath) -> tuple[type, tuple[str, ...] | None]:
    """One of the game's own classes, by "module:qualname", of a kind a state is rebuilt from, with its fields
    as kept (a dataclass's must be the ones it has now)."""
    if type(entry) is not dict or not {"class"} <= set(entry) <= {"class", "fields"}:
        raise StateProblem(where, "expected 'class' ('module:class') and, for a dataclass, its 'fields'")
    full = entry["class"]
    if not isinstance(full, str) or full.count(":") != 1:
        raise StateProblem((*where, "class"), f"expected 'module:class', found {_shown(full)}")
    module, name = full.split(":")
    if not module.startswith(STATE_LAYERS) or not all(p.isidentifier() for p in module.split(".") + name.split(".")):
        raise StateProblem((*where, "class"), f"'{full}' is not a class of the game's rules, core, content or "
                                              "geometry")
    try:
        found: Any = sys.modules.get(module) or importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise StateUnfit((*where, "class"), f"this version of the game has no class '{full}'") from None
    if not isinstance(found, type) or found.__module__ != module or not _rebuildable(found):
        raise StateProblem((*where, "class"), f"'{full}' is not a class a state is rebuilt from ({', '.join(_KINDS)})")
    if not dataclasses.is_dataclass(found):
        if "fields" in entry:
            raise StateProblem((*where, "fields"), f"{found.__name__} is not kept by fields")
        return found, None
    kept, now = entry.get("fields"), _kept_fields(found)
    if type(kept) is not list or kept != list(now):
        missing = [n for n in now if not isinstance(kept, list) or n not in kept]
        unknown = [n for n in kept if n not in now] if isinstance(kept, list) else []
        why = "; ".join([*(f"missing field '{n}'" for n in missing), *(f"unknown field {_shown(n)}" for n in unknown)])
        raise StateUnfit((*where, "fields"), f"{found.__name__} now has other fields"
                                               + (f": {why}" if why else ", or in another order"))
    return found, now


def _rebuildable(cls: type) -> bool:
    if dataclasses.is_dataclass(cls) or issubclass(cls, enum.Enum):
        return True
    if issubclass(cls, tuple):
        return hasattr(cls, "_fields")
    if issubclass(cls, dict):
        return bool(getattr(cls, "__immutable__", False))
    return callable(getattr(cls, "from_dict", None)) and callable(getattr(cls, "to_dict", None))


class _Decoder:
    def __init__(self, roots: dict[str, Any], classes: Any, where: KeyPath):
        if type(classes) is not dict:
            raise StateProblem(where, "expected a mapping of class names")
        self.roots = roots
        self.classes = {alias: _class_of(entry, (*where, alias)) for alias, entry in classes.items()
                        if alias not in TAGS}
        if TAGS & set(classes):
            raise StateProblem(where, f"'{sorted(TAGS & set(classes))[0]}' is not a class name")

    def dec(self, v: Any, where: KeyPath) -> Any:
        kind = type(v)
        if v is None or kind in (bool, str, int, float):
            return v
        if kind is list:
            return [self.dec(x, (*where, i)) for i, x in enumerate(v)]
        if kind is not dict:
            raise StateProblem(where, f"expected a value the game keeps, found {_shown(v)}")
        if len(v) != 1:
            return {k: self.dec(x, (*where, k)) for k, x in v.items()}
        (tag, body), = v.items()
        inside = (*where, tag)
        if tag == "f":
            if body not in ("inf", "-inf", "nan"):
                raise StateProblem(inside, "expected 'inf', '-inf' or 'nan'")
            return float(body)
        if tag == "i":
            if type(body) is not str or not 19 <= len(body.lstrip("-")) <= 39 or not body.lstrip("-").isdigit() \
                    or not body.isascii():
                raise StateProblem(inside, "expected a whole number beyond 64 bits, in digits")
            return int(body)
        if tag == "r":
            if type(body) is not str:
                raise StateProblem(inside, "expected a reference to the setup's content")
            return _resolve(self.roots, body, inside)
        if tag in ("t", "s", "fs"):
            items = self._list(body, inside)
            if tag == "t":
                return tuple(items)
            try:
                return set(items) if tag == "s" else frozenset(items)
            except TypeError:
                raise StateProblem(inside, "a set of values that cannot be in a set") from None
        if tag in ("m", "d"):
            return self._mapping(tag, body, inside)
        found = self.classes.get(tag)
        if found is None:
            raise StateProblem(where, f"{_shown(tag)} is neither a tag nor one of the block's 'classes'")
        return self._object(found[0], found[1], body, inside)

    def _list(self, body: Any, where: KeyPath) -> list[Any]:
        if type(body) is not list:
            raise StateProblem(where, f"expected a list, found {_shown(body)}")
        return [self.dec(x, (*where, i)) for i, x in enumerate(body)]

    def _mapping(self, tag: str, body: Any, where: KeyPath) -> dict[Any, Any]:
        if tag == "m":
            if type(body) is not dict:
                raise StateProblem(where, f"expected a mapping, found {_shown(body)}")
            return {k: self.dec(x, (*where, k)) for k, x in body.items()}
        if type(body) is not list or not all(type(p) is list and len(p) == 2 for p in body):
            raise StateProblem(where, "expected a list of [key, value] pairs")
        out = {}
        for i, (k, x) in enumerate(body):
            key = self.dec(k, (*where, i, 0))
            try:
                out[key] = self.dec(x, (*where, i, 1))
            except TypeError:
                raise StateProblem((*where, i, 0), "a key that cannot be a key") from None
        return out

    def _object(self, cls: type, fields: tuple[str, ...] | None, body: Any, where: KeyPath) -> Any:
        if issubclass(cls, enum.Enum):
            try:
                return cls(body)
            except ValueError:
                raise StateProblem(where, f"{cls.__name__} has no value {_shown(body)}") from None
        if issubclass(cls, dict):
            mapping = self.dec(body, where)
            if type(mapping) is not dict:
                raise StateProblem(where, f"expected a mapping, found {_shown(body)}")
            return cls(mapping)
        if issubclass(cls, tuple):
            names = cls._fields  # type: ignore[attr-defined]
            items = self._list(body, where)
            if len(items) != len(names):
                raise StateProblem(where, f"a {cls.__name__} has {len(names)} fields, found {len(items)}")
            _check_fields(cls, dict(zip(names, items, strict=True)), where, names)
            return cls(*items)
        if fields is not None:
            if type(body) is not list or len(body) != len(fields):
                raise StateProblem(where, f"expected the {len(fields)} fields of a {cls.__name__} "
                                          f"({', '.join(fields)}), found {_shown(body)}")
            values = {name: self.dec(x, (*where, i)) for i, (name, x) in enumerate(zip(fields, body, strict=True))}
            _check_fields(cls, values, where, fields)
            out = cls.__new__(cls)
            for name, value in values.items():
                object.__setattr__(out, name, value)  # as game.core.copies copies: not a change of the thing
            return out
        plain = self.dec(body, where)
        try:
            return cls.from_dict(plain)  # type: ignore[attr-defined]
        except (KeyError, TypeError, ValueError, AttributeError):
            raise StateProblem(where, f"not the plain form of a {cls.__name__}") from None


def decode(block: dict[str, Any], roots: dict[str, Any], where: KeyPath = ("state",)) -> Any:
    """The state a ``state`` block keeps, its content taken from ``roots``; StateProblem naming the key path of
    the first thing that is not what the game keeps (the block's digest is checked first)."""
    if digest(block.get("value")) != block.get("digest"):
        raise StateProblem((*where, "digest"), "the kept state does not match its digest: "
                                               "the file was changed by hand or damaged")
    decoder = _Decoder(roots, block.get("classes"), (*where, "classes"))
    value = decoder.dec(block.get("value"), (*where, "value"))
    if type(value).__qualname__ != "GameState" or type(value).__module__ != "game.rules.state":
        raise StateProblem((*where, "value"), "expected a game state")
    from game.rules.state import MODEL_CHANGES

    MODEL_CHANGES[0] += 1  # its models were given their values unseen: no memo of another table answers for them
    value.touch()  # a version of its own (left out of the block: it names a state, it is not game data)
    return value


# -- the types a class declares ---------------------------------------------------------------------------
def _type_hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except Exception:  # a hint this module cannot resolve: that class's values are not checked by type
        return {}


_hints: Callable[[type], dict[str, Any]] = cache(_type_hints)


def hints_known(cls: type) -> bool:
    """Whether the field types of ``cls`` are known here (a test keeps every class of a state so)."""
    if issubclass(cls, tuple):
        return bool(_hints(cls)) or not cls._fields  # type: ignore[attr-defined]
    if not dataclasses.is_dataclass(cls):
        return True  # an enum, a mapping, a class that rebuilds itself from its plain form: no fields to check
    return bool(_hints(cls)) or not field_names(cls)


def _check_fields(cls: type, values: dict[str, Any], where: KeyPath, order: tuple[str, ...] = ()) -> None:
    hints = _hints(cls)
    for i, (name, value) in enumerate(values.items()):
        hint = hints.get(name, Any)
        if not conforms(value, hint):
            raise StateProblem((*where, i if order else name), f"{cls.__name__}.{name} is {_type_words(hint)}, "
                                                               f"found {_shown(value)}")


def conforms(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the declared type ``hint`` (the forms the game's dataclasses use; a form it
    does not know passes)."""
    if hint is Any or isinstance(hint, (str, typing.TypeVar, typing.ForwardRef)):
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, a) for a in args)
    if origin is typing.Literal:
        return any(value == a and type(value) is type(a) for a in args)
    if origin is typing.ClassVar:
        return True
    if origin in (list, typing.List):  # noqa: UP006
        return type(value) is list and (not args or all(conforms(x, args[0]) for x in value))
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(x, args[0]) for x in value)
        return not args or (len(args) == len(value) and all(conforms(x, a) for x, a in zip(value, args, strict=True)))
    if origin in (set, frozenset):
        return isinstance(value, origin) and (not args or all(conforms(x, args[0]) for x in value))
    if origin is dict:
        return isinstance(value, dict) and (not args or all(conforms(k, args[0]) and conforms(x, args[1])
                                                            for k, x in value.items()))
    if origin is not None:
        return isinstance(value, origin) if isinstance(origin, type) else True
    if isinstance(hint, type):
        if typing.is_typeddict(hint):
            return isinstance(value, dict)
        if hint is float:
            return type(value) in (float, int)
        if hint is int:
            return type(value) is int
        return isinstance(value, hint)
    return True


def _type_words(hint: Any) -> str:
    if isinstance(hint, type):
        return {"int": "a whole number", "float": "a number", "str": "a text", "bool": "true or false"}.get(
            hint.__name__, f"a {hint.__name__}")
    return f"of type {str(hint).replace('typing.', '')}"


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=lambda o: type(o).__name__)
    return text if len(text) <= 60 else text[:57] + "..."


# -- comparing ----------------------------------------------------------------------------------------------
def picture(state: Any) -> dict[str, Any]:
    """The state as plain JSON data to compare: every field (game.core.copies.plain) and the whole log."""
    table = {k: v for k, v in state.snapshot().items() if k != "log"}
    return json.loads(json.dumps({"table": table, "log": [e.to_dict() for e in state.log]}, default=str))


def first_difference(kept: Any, played: Any, where: KeyPath = ()) -> str | None:
    """Where two pictures first differ, in words ("table.models.B3.wounds_taken: ..."), or None when equal."""
    if type(kept) is dict and type(played) is dict:
        for key in list(kept) + [k for k in played if k not in kept]:
            if key not in played or key not in kept:
                return f"{_path(where + (key,))}: {'only the kept state has it' if key in kept else 'missing'}"
            found = first_difference(kept[key], played[key], (*where, key))
            if found:
                return found
        return None
    if type(kept) is list and type(played) is list:
        for i, (a, b) in enumerate(zip(kept, played, strict=False)):
            found = first_difference(a, b, (*where, i))
            if found:
                return found
        if len(kept) != len(played):
            return f"{_path(where)}: {len(kept)} entries kept, {len(played)} played"
        return None
    if kept == played and type(kept) is type(played):
        return None
    return f"{_path(where)}: the file has {_shown(kept)}, its moves give {_shown(played)}"


def _path(where: KeyPath) -> str:
    out = ""
    for part in where:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out

