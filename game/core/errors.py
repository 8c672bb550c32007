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

    def as_dict(self) -> dict[str, object]:
        return {"where": self.where, "line": self.line, "message": self.message}

    def describe(self, file: str) -> str:
        place = file if self.line is None else f"{file}:{self.line}"
        where = f" {self.where}:" if self.where else ""
        return f"{place}:{where} {self.message}"


class ContentError(Exception):
    """A content file (party, map, scenario, data) was rejected whole."""

    def __init__(self, file: str, problems: list[Problem]):
        self.file = file
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
