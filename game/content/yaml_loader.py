"""The one YAML loader for every content file.

Safe by construction: the text is composed into YAML nodes with PyYAML's
SafeLoader and turned into plain dicts, lists and scalars here, so that we can
record the line of every key path, refuse duplicate keys, and stop alias bombs
(an alias re-expanded past ``MAX_VALUES`` values) and cyclic aliases before they
eat the machine. Every failure becomes a located :class:`ContentError`.

What comes out can always be printed, compared and turned into JSON: no text with a
lone surrogate or a NUL, no number that is not finite, no integer beyond 64 bits, no
dates or binary. The work done is linear in the size of the text (values are counted,
nesting is bounded, numbers are length-checked before they are converted).
"""

from __future__ import annotations

import math
import os
import pickle
import re
import stat
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.core.errors import ContentError, Problem, os_words, safe_text

MAX_BYTES = 2 * 1024 * 1024
MAX_VALUES = 200_000
MAX_DEPTH = 64
MAX_NUMBER_CHARS = 64  # "1_000_000.5e-3" fits; a 5,000-digit integer does not
MAX_INT = 2**63 - 1
LINE_DEPTH = 24  # lines are kept for key paths this deep (deeper ones report their ancestor's): memory stays small

KeyPath = tuple[str | int, ...]

_MERGE_TAG = "tag:yaml.org,2002:merge"
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_TAG = "tag:yaml.org,2002:"
_NUMBER_TAGS = (_TAG + "int", _TAG + "float")
_SCALAR_TAGS = (_TAG + "null", _TAG + "bool", _TAG + "int", _TAG + "float", _TAG + "str")
_TIMESTAMP_TAG = _TAG + "timestamp"
_UNPRINTABLE = re.compile("[\x00\ud800-\udfff]")


def format_where(path: KeyPath) -> str:
    """``("models", 2, "traits", 1)`` -> ``models[2].traits[1]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass
class Document:
    """A parsed YAML file (or a part of one): plain data plus the line of every key path.

    A part (``sub``) keeps its place in the file: its problems name the full key path.
    """

    file: str
    data: Any
    lines: dict[KeyPath, int] = field(default_factory=dict)
    prefix: KeyPath = ()

    def line_of(self, path: KeyPath) -> int | None:
        """Line of a key path, or of its nearest known ancestor."""
        p = self.prefix + tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.lines.get((), None)

    def where(self, path: KeyPath) -> str:
        return format_where(self.prefix + tuple(path))

    def problem(self, path: KeyPath, message: str) -> Problem:
        return Problem(self.where(path), self.line_of(path), message)

    def sub(self, path: KeyPath, data: Any) -> Document:
        """The part of this document at ``path`` (whose value is ``data``)."""
        return Document(self.file, data, self.lines, self.prefix + tuple(path))


class _Builder:
    def __init__(self, loader: yaml.SafeLoader, file: str):
        self.loader = loader
        self.file = file
        self.lines: dict[KeyPath, int] = {}
        self.problems: list[Problem] = []
        self.count = 0
        self.active: set[int] = set()

    def fail(self, path: KeyPath, node: yaml.Node | None, message: str) -> None:
        line = node.start_mark.line + 1 if node is not None else None
        self.problems.append(Problem(format_where(path), line, message))

    def build(self, node: yaml.Node, path: KeyPath, depth: int = 0) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise _TooBig()
        if depth > MAX_DEPTH:
            raise _TooDeep()
        if depth <= LINE_DEPTH:
            self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.ScalarNode):
            value, why = self.scalar(node)
            if why:
                self.fail(path, node, why)
            return value
        expected_tag = _SEQ_TAG if isinstance(node, yaml.SequenceNode) else _MAP_TAG
        if node.tag != expected_tag:
            self.fail(path, node, f"unsupported YAML tag '{node.tag}'; content files hold plain data only")
            return None
        if id(node) in self.active:
            self.fail(path, node, "an alias refers to a value that contains itself")
            return None
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
            if isinstance(node, yaml.MappingNode):
                return self.build_mapping(node, path, depth)
        finally:
            self.active.discard(id(node))
        self.fail(path, node, "unsupported YAML node")
        return None

    def scalar(self, node: yaml.ScalarNode) -> tuple[Any, str | None]:
        """A plain value, or (None, why it cannot be one): every check happens before any slow conversion."""
        tag, text = node.tag, node.value
        if tag == _TIMESTAMP_TAG:  # no content file holds dates: a date-like value is text
            return self.text(text)
        if tag not in _SCALAR_TAGS:
            return None, f"unsupported YAML tag '{safe_text(tag)}'; content files hold plain data only"
        if tag in _NUMBER_TAGS and len(text) > MAX_NUMBER_CHARS:
            return None, f"a number of {len(text)} characters; numbers may have at most {MAX_NUMBER_CHARS}"
        try:
            value = self.loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:  # e.g. !!int "x", !!float "1e"
            what = exc.problem if isinstance(exc, yaml.MarkedYAMLError) and exc.problem else str(exc)
            return None, f"cannot read this value: {safe_text(what)}"
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, float) and not math.isfinite(value):
            return None, f"expected a finite number, found {text!r} (.nan and .inf are not numbers here)"
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            return None, f"the integer {text} is too large (at most {MAX_INT} either way)"
        return value, None

    @staticmethod
    def text(value: str) -> tuple[Any, str | None]:
        bad = _UNPRINTABLE.search(value)
        if bad is None:
            return value, None
        char = bad.group()
        what = "a NUL character" if char == "\x00" else f"a lone surrogate (U+{ord(char):04X}), not a character"
        return None, f"this text contains {what}; it cannot be shown or saved"

    def build_mapping(self, node: yaml.MappingNode, path: KeyPath, depth: int) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        merged: list[tuple[yaml.Node, Any]] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                merged.append((value_node, self.build(value_node, path, depth + 1)))
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.fail(path, key_node, "a key must be a plain value, not a list or mapping")
                continue
            key, why = self.scalar(key_node)
            if why:
                self.fail(path, key_node, f"bad key: {why}")
                continue
            if not isinstance(key, str | int) or isinstance(key, bool):
                key = str(key_node.value)
            sub = path + (key,)
            if key in result:
                first = f" (first on line {self.lines[sub]})" if sub in self.lines else ""
                self.fail(sub, key_node, f"duplicate key '{key}'{first}")
                continue
            if depth < LINE_DEPTH:
                self.lines[sub] = key_node.start_mark.line + 1
            result[key] = self.build(value_node, sub, depth + 1)
        for value_node, value in merged:  # '<<: *base' fills keys not given explicitly
            sources = value if isinstance(value, list) else [value]
            for src in sources:
                if not isinstance(src, dict):
                    self.fail(path, value_node, "a merge key ('<<') needs a mapping or a list of mappings")
                    continue
                for k, v in src.items():
                    result.setdefault(k, v)
        return result


def _expanded_size(root: yaml.Node) -> int:
    """How many values :meth:`_Builder.build` would build (a mapping's values, not its keys), aliases expanded,
    counted in time linear in the nodes (each node's size once: an alias is the same node again), stopping at
    ``MAX_VALUES`` + 1. A cycle counts its node once here; building reports it."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            sizes[key] = min(MAX_VALUES + 1, 1 + sum(sizes.get(id(c), 1) for c in _built_children(node)))
            continue
        if key in sizes or key in on_path:
            continue
        if isinstance(node, yaml.ScalarNode):
            sizes[key] = 1
            continue
        if not isinstance(node, yaml.SequenceNode | yaml.MappingNode):
            sizes[key] = 1
            continue
        on_path.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in _built_children(node) if id(c) not in sizes)
    return sizes.get(id(root), 1)


def _built_children(node: yaml.SequenceNode | yaml.MappingNode) -> list[yaml.Node]:
    """The nodes under ``node`` that are built as values: a sequence's items, a mapping's values (not its keys)."""
    return [v for _, v in node.value] if isinstance(node, yaml.MappingNode) else list(node.value)


class _TooBig(Exception):
    pass


class _TooDeep(Exception):
    pass


def _whole(file: str, message: str, line: int | None = None) -> ContentError:
    return ContentError(file, [Problem("", line, message)])


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader, its flow nesting bounded while it scans.

    Its scanner looks over every open flow level at each token: 10,000 nested '[' take a minute.
    Refusing the level past MAX_DEPTH keeps that work bounded by the file's size.
    """

    def fetch_flow_collection_start(self, TokenClass):
        if self.flow_level >= MAX_DEPTH:
            raise yaml.scanner.ScannerError(None, None, f"nested too deeply (more than {MAX_DEPTH} levels)",
                                            self.get_mark())
        super().fetch_flow_collection_start(TokenClass)


def parse_yaml(raw: bytes | str, file: str = "<text>", allow_empty: bool = False) -> Document:
    """Parse YAML text (or bytes) into a :class:`Document`, or raise ContentError.

    ``allow_empty``: an empty (or comments-only) text is a Document of ``None`` instead of an error.
    """
    if isinstance(raw, bytes):
        if len(raw) > MAX_BYTES:
            raise _whole(file, f"file is {len(raw)} bytes; content files may be at most {MAX_BYTES} bytes")
        if b"\x00" in raw:
            raise _whole(file, "this is not a text file (it contains NUL bytes); expected YAML text")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _whole(file, f"this is not UTF-8 text (bad byte at offset {exc.start}); expected YAML text") from None
    else:
        text = raw
        if len(text.encode("utf-8", "replace")) > MAX_BYTES:
            raise _whole(file, f"text is larger than {MAX_BYTES} bytes")
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()):
        if allow_empty:
            return Document(file, None)
        raise _whole(file, "the file is empty; expected a YAML mapping")
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow, found before parsing starts
        at = text.count("\n", 0, exc.position) + 1
        raise _whole(file, f"a character YAML does not allow (U+{exc.character:04X}) on this line; "
                           "expected YAML text", at) from None
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark else None
            what = exc.problem or str(exc)
            ctx = f" ({exc.context})" if exc.context else ""
            raise _whole(file, f"YAML syntax error: {what}{ctx}", line) from None
        except yaml.YAMLError as exc:
            raise _whole(file, f"YAML error: {exc}") from None
        except RecursionError:
            raise _whole(file, f"the YAML is nested too deeply (more than {MAX_DEPTH} levels)") from None
        if node is None:
            raise _whole(file, "the file is empty; expected a YAML mapping")
        builder = _Builder(loader, file)
        try:
            if _expanded_size(node) > MAX_VALUES:  # an alias bomb is refused before a value is built
                raise _TooBig()
            data = builder.build(node, ())
        except _TooBig:
            raise _whole(file, f"the file expands to more than {MAX_VALUES} values "
                               "(an alias bomb?); refusing to load it") from None
        except (_TooDeep, RecursionError):
            raise _whole(file, f"the YAML is nested too deeply (more than {MAX_DEPTH} levels)") from None
    finally:
        loader.dispose()
    if builder.problems:
        raise ContentError(file, builder.problems)
    return Document(file, data, builder.lines)


def read_limited(path: str | Path, name: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is a ContentError naming it.

    The file is opened without blocking (a FIFO never hangs the game), checked to be a regular file on
    the open handle (a device such as /dev/zero is refused), and read no further than the limit, so a
    file that grows while it is read cannot exhaust memory either.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise _whole(name, "no such file") from None
    except PermissionError:
        raise _whole(name, "permission denied reading this file") from None
    except IsADirectoryError:
        raise _whole(name, "this is a folder, not a file") from None
    except OSError as exc:
        raise _whole(name, f"cannot open this file: {os_words(exc)}") from None
    except ValueError as exc:  # a NUL in the name
        raise _whole(name, f"cannot open this file: {safe_text(str(exc))}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _whole(name, "this is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise _whole(name, "this is not a regular file (a device, pipe or socket); expected a YAML file")
        if info.st_size > limit:
            raise _whole(name, f"file is {info.st_size} bytes; content files may be at most {limit} bytes")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise _whole(name, f"file grew past {limit} bytes while it was read; content files may be at most "
                               f"{limit} bytes")
        return b"".join(chunks)
    except OSError as exc:
        raise _whole(name, f"cannot read this file: {os_words(exc)}") from None
    finally:
        os.close(fd)


KEPT_TEXTS = 256  # files' texts whose parse is remembered (the least recently read forgotten first)
KEPT_BYTES = 128 * 1024  # a longer text is parsed at every read
_kept: OrderedDict[bytes, bytes] = OrderedDict()  # a file's bytes -> its data and lines, pickled
_kept_lock = threading.Lock()  # (the content scan reads files in a background thread)


def load_yaml(path: str | Path, display: str | None = None) -> Document:
    """Read and parse one file; every failure (missing, unreadable, not a file, bad YAML) is a ContentError.

    The file is read every time, but a text read before is not parsed again: the content scan, each battle's
    set-up and the checks read the same unchanged files over and over, and pure-Python YAML is slow. Each
    Document is a copy of its own (callers may change its data); a text that fails is parsed again."""
    name = safe_text(display or str(path))
    raw = read_limited(path, name)
    with _kept_lock:
        kept = _kept.get(raw)
        if kept is not None:
            _kept.move_to_end(raw)
    if kept is not None:
        data, lines = pickle.loads(kept)
        return Document(name, data, lines)
    doc = parse_yaml(raw, name)
    if len(raw) <= KEPT_BYTES:
        with _kept_lock:
            _kept[raw] = pickle.dumps((doc.data, doc.lines), pickle.HIGHEST_PROTOCOL)
            if len(_kept) > KEPT_TEXTS:
                _kept.popitem(last=False)
    return doc
