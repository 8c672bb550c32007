"""Structural validation of content with pydantic, reported as located Problems.

pydantic does the type and key checking (strict: an integer is never a boolean,
unknown keys are errors, every error at once); this module turns its errors into
the project's "key path, line, expected, found" messages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError

from game.content.yaml_loader import Document, KeyPath
from game.core.errors import ContentError, Problem, safe_text
from game.core.ids import suggest
from game.core.names import name_problem


def _nonblank(value: str) -> str:
    if not value.strip():
        raise ValueError("expected a non-empty text, found blank text")
    return value


def _point(value: list[float]) -> list[float]:
    if len(value) != 2:
        raise ValueError(f"expected a point [x, y], found a list of {len(value)} number(s)")
    return value


def _name(value: str) -> str:
    if not value.strip():
        raise ValueError("expected a non-empty name, found blank text")
    why = name_problem(value)
    if why:
        raise ValueError(why)
    return value


Text = Annotated[str, AfterValidator(_nonblank)]  # text that is not blank
Point = Annotated[list[float], AfterValidator(_point)]  # [x, y] in inches
Name = Annotated[str, AfterValidator(_name)]  # a name players read: not blank, no unseen or control characters


class StrictModel(BaseModel):
    """Base for every content schema: strict types, no unknown keys, immutable."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


M = TypeVar("M", bound=BaseModel)

_EXPECTED = {
    "int_type": "an integer",
    "int_from_float": "an integer",
    "float_type": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "tuple_type": "a list",
}


def describe_value(value: Any) -> str:
    """How a found value is named in messages: its YAML type and a short repr."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text '{shown}'"
    if isinstance(value, list):
        return f"a list of {len(value)} item(s)"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _allowed_keys(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """Field names of the schema model that a location points into (for 'did you mean')."""
    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        fields = {f.alias or name: f for name, f in getattr(current, "model_fields", {}).items()}  # as written
        if part not in fields:
            return []
        ann = fields[part].annotation
        args = getattr(ann, "__args__", ())
        current = next((a for a in (ann, *args) if isinstance(a, type) and issubclass(a, BaseModel)), None)
        if current is None:
            return []
    return [f.alias or name for name, f in getattr(current, "model_fields", {}).items()]


OR_TAG = "~or "  # a loc part naming the other shape an either/or field may take (see :func:`either`)


def either(value: Any, table: Any, table_is: str) -> Any:
    """A field that is a plain value or, written as a mapping, a ``table`` model (``points: 2`` or
    ``points: {roll: d6, ...}``). Only the shape written is checked, and its errors name no type:
    a bad plain value says what the mapping would be (``table_is``)."""
    from pydantic import Discriminator, Tag

    return Annotated[Annotated[value, Tag(OR_TAG + table_is)] | Annotated[table, Tag("~table")],
                     Discriminator(lambda v: "~table" if isinstance(v, dict) else OR_TAG + table_is)]


def problem_from_error(doc: Document, model: type[BaseModel], err: Any, base: KeyPath = ()) -> Problem:
    tags = [p for p in err["loc"] if isinstance(p, str) and p.startswith("~")]
    err = {**err, "loc": tuple(p for p in err["loc"] if p not in tags)}
    problem = _problem(doc, model, err, base)
    other = [t[len(OR_TAG):] for t in tags if t.startswith(OR_TAG)]
    if other:
        problem = Problem(problem.where, problem.line, f"{problem.message} (or {other[0]})")
    return problem


def _problem(doc: Document, model: type[BaseModel], err: Any, base: KeyPath = ()) -> Problem:
    loc: KeyPath = base + tuple(err["loc"])
    kind = err["type"]
    found = describe_value(err.get("input"))
    if kind == "missing":
        # the key is absent, so its line is the mapping's
        return Problem(doc.where(loc), doc.line_of(loc[:-1]), f"missing required key '{loc[-1]}'")
    if kind == "extra_forbidden":
        key = str(loc[-1])
        allowed = _allowed_keys(model, tuple(err["loc"]))
        hint = suggest(key, allowed) if allowed else ""
        keys = f" (allowed: {', '.join(allowed)})" if allowed and not hint else ""
        message = f"unknown key '{key}'{hint}{keys}"
    elif kind == "literal_error":
        message = f"expected {err['ctx']['expected']}, found {found}"
    elif kind in _EXPECTED:
        message = f"expected {_EXPECTED[kind]}, found {found}"
    elif kind == "value_error":
        message = str(err["ctx"]["error"])
    else:
        message = f"{err['msg']}, found {found}"
    return doc.problem(loc, message)


def validate(doc: Document, model: type[M], data: Any = None, base: KeyPath = ()) -> M:
    """Validate ``doc.data`` (or ``data`` found at ``base``) against a schema, or raise ContentError."""
    value = doc.data if data is None else data
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        problems = [problem_from_error(doc, model, e, base) for e in exc.errors()]
        raise ContentError(doc.file, problems) from None


# -- the parts that parsed: deeper checks despite a format error ----------------------------------------

class _Pruned(Document):
    """A document with its broken parts left out, whose problems name the original file's key paths and
    lines (a list that lost items maps its indices back through ``survivors``)."""

    def __init__(self, original: Document, data: Any, survivors: dict[KeyPath, list[int]]):
        super().__init__(original.file, data, original.lines, original.prefix)
        self.survivors = survivors

    def original(self, path: KeyPath) -> KeyPath:
        out: list[str | int] = []
        for part in path:
            kept = self.survivors.get(tuple(out))
            out.append(kept[part] if kept is not None and isinstance(part, int) and part < len(kept) else part)
        return tuple(out)

    def line_of(self, path: KeyPath) -> int | None:
        return super().line_of(self.original(path))

    def where(self, path: KeyPath) -> str:
        return super().where(self.original(path))

    def sub(self, path: KeyPath, data: Any) -> Document:
        return Document(self.file, data, self.lines, self.prefix + self.original(path))


def _without(data: Any, removed: set[KeyPath], here: KeyPath, survivors: dict[KeyPath, list[int]]) -> Any:
    if isinstance(data, dict):
        return {k: _without(v, removed, (*here, k), survivors) for k, v in data.items() if (*here, k) not in removed}
    if isinstance(data, list):
        kept = [i for i in range(len(data)) if (*here, i) not in removed]
        if len(kept) != len(data):
            survivors[here] = kept
        return [_without(data[i], removed, (*here, i), survivors) for i in kept]
    return data


def salvage(doc: Document, model: type[M], rounds: int = 12) -> tuple[Document, M] | None:
    """The file without its broken parts, validated: each bad key left out, and a list item that cannot
    stand without it (a required key missing) left out whole. None when what is broken cannot be left out
    (a required top-level key): then only the format errors are known."""
    removed: set[KeyPath] = set()
    for _ in range(rounds):
        survivors: dict[KeyPath, list[int]] = {}
        pruned = _Pruned(doc, _without(doc.data, removed, (), survivors), survivors)
        try:
            return pruned, model.model_validate(pruned.data)
        except ValidationError as exc:
            grew = False
            for err in exc.errors():
                loc = pruned.original(tuple(p for p in err["loc"]  # (an either/or's tags; a bad mapping key)
                                            if not (isinstance(p, str) and (p.startswith("~") or p == "[key]"))))
                if err["type"] == "missing" or loc in removed or not loc:
                    items = [i for i in range(len(loc) - 1, 0, -1) if isinstance(loc[i], int)]
                    if not items:
                        return None
                    loc = loc[:items[0] + 1]
                if loc not in removed:
                    removed.add(loc)
                    grew = True
            if not grew:
                return None
    return None


def validated_whole(doc: Document, model: type[M], checks: Callable[[Document, M], list[Problem]],
                    fmt: str | None = None) -> M:
    """A content file validated whole: a wrong ``format`` alone (the rest would only be noise), else its format
    and deeper problems together (:func:`validate_deeper`), else the model; raises ContentError with them."""
    given = doc.data.get("format") if isinstance(doc.data, dict) else None
    if fmt is not None and isinstance(given, str) and given != fmt:
        raise ContentError(doc.file, [doc.problem(("format",), f"expected '{fmt}', found '{safe_text(given)}'")])
    data = validate_deeper(doc, model, checks)
    problems = checks(doc, data)
    if problems:
        raise ContentError(doc.file, problems)
    return data


def validate_deeper(doc: Document, model: type[M], checks: Callable[[Document, M], list[Problem]],
                    keep: Callable[[str], bool] = lambda _where: True) -> M:
    """Validate ``doc``; on format errors raise them with the deeper ``checks`` of the parts that parsed (see
    :func:`salvage`), so a modder sees every problem at once. Without format errors, returns the model.
    ``keep``: which deeper problems (by key path) still say something true of the file with parts left out
    (a party's totals do not)."""
    try:
        return validate(doc, model)
    except ContentError as exc:
        found = salvage(doc, model)
        if found is None:
            raise
        pruned, data = found
        broken = [p.where for p in exc.problems]

        def lost_a_part(where: str) -> bool:  # a follow-on of a part left out: fixed with that part
            return any(b == where or b.startswith((f"{where}.", f"{where}[")) or not where for b in broken)

        deeper = [p for p in checks(pruned, data) if not lost_a_part(p.where) and keep(p.where)]
        raise ContentError(doc.file, [*exc.problems, *deeper]) from None
