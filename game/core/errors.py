"""Error types shared by every layer.

Content errors carry every problem found in a file at once, each located by key
path and line, so a player fixing a party or map sees the whole list in one go.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One located problem in a content file."""

    where: str  # key path such as "models[2].traits[1]"; "" for the whole file
    line: int | None  # 1-based line, when the YAML parser knows it
    message: str

    def __post_init__(self) -> None:  # whatever a file held, a problem can always be printed
        object.__setattr__(self, "where", safe_text(self.where))
        object.__setattr__(self, "message", safe_text(self.message))

    def as_dict(self) -> dict[str, object]:
        return {"where": self.where, "line": self.line, "message": self.message}

    def describe(self, file: str) -> str:
        place = file if self.line is None else f"{file}:{self.line}"
        where = f" {self.where}:" if self.where else ""
        return f"{place}:{where} {self.message}"


class ContentError(Exception):
    """A content file (party, map, scenario, data) was rejected whole."""

    def __init__(self, file: str, problems: list[Problem]):
        self.file = safe_text(str(file))
        self.problems = list(problems)
        super().__init__(self.describe())

    def describe(self) -> str:
        return "\n".join(p.describe(self.file) for p in self.problems)


class IllegalAction(Exception):
    """An action, decision or answer the rules do not allow; names the rule."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"{message} [{rule}]")


def safe_text(text: str) -> str:
    """Text that any output can encode: a file name's undecodable bytes as ``\\xff``, a lone surrogate as ``\\ud800``.

    File names on Linux are bytes (Python keeps the undecodable ones as surrogate escapes) and
    YAML's ``"\\ud800"`` makes a lone surrogate: printing either raises UnicodeEncodeError.
    """
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


_OS_WORDS = {
    "EEXIST": "a file of that name is already there",
    "ENOTDIR": "a file is in the way where a folder should be",
    "EISDIR": "a folder is in the way where the file should be",
    "EACCES": "the game is not allowed to write there (permission denied)",
    "EPERM": "the game is not allowed to do that there (operation not permitted)",
    "EROFS": "that disk is read-only",
    "ENOSPC": "the disk is full",
    "EDQUOT": "your disk quota is used up",
    "ENAMETOOLONG": "file name too long for the file system",
    "ELOOP": "a link there leads back to itself (a symlink loop)",
    "ENOENT": "a folder on the way does not exist",
    "EIO": "the disk reported a read or write error",
}


def os_words(exc: OSError) -> str:
    """What went wrong, in a player's words (``"the disk is full"``), without the file's name."""
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    return safe_text(_OS_WORDS.get(name) or (exc.strerror or str(exc) or type(exc).__name__).lower())


def os_problem(exc: OSError, what: str = "") -> str:
    """An OSError in a player's words, naming the file: ``"<file>: the disk is full"`` (never a raw errno)."""
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    words = os_words(exc)
    file = exc.filename2 if name == "EEXIST" and exc.filename2 else exc.filename
    place = safe_text(str(file)) if file is not None else ""
    head = f"{what} " if what else ""
    return safe_text(f"{head}{place}: {words}" if place else f"{head}{words}".strip())
