"""A scoring entry in words, from the scenario's own data: what a drawn region, marker or piece scores, when,
for whom and how much. The battle table's and the map editor's tooltips read it, so the text is the file's.
"""

from __future__ import annotations

from collections.abc import Callable

from game.content.scenario_checks import side_ref
from game.content.scenario_schema import RollTable, ScenarioFile, ScoringEntry, Trigger, VariablePoints, Who

WHEN = {"maintenance": "at each Maintenance Phase", "end": "at the end of the game",
        "once": "at a Maintenance Phase, at most once per side for each"}


def side_name(scenario: ScenarioFile, side: str) -> str:
    """A side as the scenario names it: its role (``Rescuer``) where it has one, else higher/lower."""
    ref = side_ref(scenario, side)
    roles = scenario.roles
    role = getattr(roles, ref) if roles is not None and ref is not None else None
    return role or side


def points_text(entry: ScoringEntry) -> str:
    points = entry.points
    if isinstance(points, RollTable):
        faces = ", ".join(f"{face}: {points.table[face]}" for face in sorted(points.table))
        return f"ExP rolled on 1d6 ({faces})"
    if isinstance(points, VariablePoints):
        return f"as many ExP as '{points.variable}' holds"
    return f"{points} ExP"


def _who_text(scenario: ScenarioFile, who: Who) -> str:
    kind = f"{who.type}s" if who.type else "models"
    side = f" of {side_name(scenario, who.side)}" if who.side else ""
    return who.model if who.model else f"{kind}{side}"


def condition_text(scenario: ScenarioFile, condition: Trigger) -> str:
    """A condition (``if:``) in words, e.g. "'bridge_up' is true and Raider has at least 3 ExP"."""
    given = condition.given()
    if len(given) != 1:
        return "?"
    key, part = given[0], condition.part(given[0])
    if key in ("all", "any"):
        joined = f" {'and' if key == 'all' else 'or'} ".join(condition_text(scenario, c) for c in part)
        return f"({joined})" if len(part) > 1 else joined
    if key == "not":
        return f"not {condition_text(scenario, part)}"
    if key == "score":
        return f"{side_name(scenario, part.side)} has at least {part.at_least} ExP"
    if key == "models_left":
        return f"{side_name(scenario, part.side)} has at most {part.at_most} models left"
    if key == "variable":
        tests = [f"at least {part.at_least}" if part.at_least is not None else "",
                 f"at most {part.at_most}" if part.at_most is not None else "",
                 (str(part.equals).lower() if isinstance(part.equals, bool) else str(part.equals))
                 if part.equals is not None else ""]
        return f"'{part.name}' is {' and '.join(t for t in tests if t)}"
    if key == "markers_held":
        return f"{side_name(scenario, part.side)} holds at least {part.at_least} markers"
    if key == "in_region":
        return f"at least {part.at_least} {_who_text(scenario, part)} in {part.region}"
    return key.replace("_", " ")


def _counting(entry: ScoringEntry) -> str:
    count = entry.count
    if count is None:
        return "models"
    who = " and ".join(f"{t}s" for t in count.types) if count.types else "models"
    free = " not engaged" if count.not_engaged else ""
    if count.within is not None:
        return f"{who}{free} touching it" if count.within == 0 else f"{who}{free} within {count.within:g}″"
    return f"{who}{free} wholly inside"


def entry_lines(scenario: ScenarioFile, entry: ScoringEntry, active: bool | None = None,
                who: Callable[[str], str] | None = None) -> list[str]:
    """What one scoring entry pays, when and to whom, each fact from the entry (rule ID last if it names one).
    ``active``: whether it scores now (a game's events switch entries); ``who`` names a side in a game."""
    points, when = points_text(entry), WHEN[entry.when]
    if entry.kind == "control":
        lines = [f"Control: {when}, {points} to the side with more {_counting(entry)}; equal: nobody"]
    elif entry.kind == "secure":
        near = f" and no enemy within {entry.no_enemy_within:g}″" if entry.no_enemy_within else ""
        lines = [f"Secure: {when}, {points} for each one with a model of the side in base contact{near}"]
    elif entry.kind == "kills":
        lines = ["Kills: the kill value of each enemy model killed or removed"]
    else:
        lines = ["Escapes: a value for each own model escaped"]
    if entry.side:
        lines.append(f"Scored by {who(entry.side) if who else side_name(scenario, entry.side)} only")
    else:
        lines.append("Scored by either side")
    if entry.if_ is not None:
        lines.append(f"Only while {condition_text(scenario, entry.if_)}")
    if not (entry.active if active is None else active):
        lines.append("Off until an event switches it on")
    if entry.rule:
        lines[-1] += f" [{entry.rule}]"
    return lines


def target_card(scenario: ScenarioFile, title: str, entries: list[ScoringEntry],
                active: Callable[[ScoringEntry], bool] | None = None,
                who: Callable[[str], str] | None = None) -> list[str]:
    """A drawn target's tooltip: its name, then what each entry scoring it pays."""
    out = [title]
    for entry in entries:
        if len(entries) > 1 and entry.name:
            out.append(f"{entry.name}:")
        out += entry_lines(scenario, entry, active(entry) if active else None, who)
    if not entries:
        out.append("Scores nothing by itself")
    return out


def entries_for(scenario: ScenarioFile, kind: str, key: str | None = None) -> list[ScoringEntry]:
    """The scoring entries that target a kind of thing: ``markers``, ``prisoner``, ``piece`` (``key``: its id)
    or ``region`` (``key``: its name)."""
    out = []
    for entry in scenario.scoring:
        t = entry.targets
        if t is None:
            continue
        if (kind == "markers" and t.markers) or (kind == "prisoner" and t.prisoner) \
                or (kind == "piece" and t.piece == key) \
                or (kind == "region" and any(r.name == key for r in t.regions or [])):
            out.append(entry)
    return out
