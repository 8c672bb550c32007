"""Scenario (encounter) files, the schema: every block of formats.md "Scenario files" as a strict model.

What a model cannot say alone (zones that hold a base, markers that fit, sides and events that agree) is in
game/content/scenario_checks.py; reading a file whole is game/content/scenario_file.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, Field, PrivateAttr

from game.content.maps import TABLE_SIZE
from game.content.party_building import DEFAULT_BASE_MM, MM_PER_INCH
from game.content.schema import Point, StrictModel, Text, either

SCENARIO_FORMAT = "iron-honor/scenario@1"
EDGE_NAMES = ("top", "bottom", "left", "right")
MARKER_STEP = 0.5  # grid step of the marker feasibility check, inches
STANDARD_BASE_IN = DEFAULT_BASE_MM / MM_PER_INCH  # [DIG-2]: a zone must hold at least this base


def _inches(value: float) -> float:
    if not 0 <= value <= TABLE_SIZE:
        raise ValueError(f"expected a distance in inches within 0..{TABLE_SIZE:g}, found {value}")
    return value


def _positive(value: float) -> float:
    if not 0 < value <= TABLE_SIZE:
        raise ValueError(f"expected a distance in inches in (0, {TABLE_SIZE:g}], found {value}")
    return value


def _count(value: int) -> int:
    if not 1 <= value <= 20:
        raise ValueError(f"expected a whole number from 1 to 20, found {value}")
    return value


Inches = Annotated[float, AfterValidator(_inches)]
Positive = Annotated[float, AfterValidator(_positive)]
Count = Annotated[int, AfterValidator(_count)]
SideRef = Literal["higher", "lower"]
EdgeRef = Literal["chosen", "opposite", "top", "bottom", "left", "right"]
ModelType = Literal["hero", "companion", "follower"]


class Zone(StrictModel):
    """[ENC-2]: a strip along an edge (``edge`` + ``depth``) or a polygon; a base deploys wholly inside."""

    edge: EdgeRef | None = None
    depth: Positive | None = None
    polygon: list[Point] | None = None


class Zones(StrictModel):
    higher: Zone
    lower: Zone


class Deployment(StrictModel):
    """[ENC-3]: who chooses the table edge (if anyone), who deploys first, and the zones."""

    edge_chosen_by: SideRef | None = None
    rule: Text | None = None  # the rule ID the edge choice cites, e.g. ENC-RES-2 (else [ENC-3])
    first: SideRef
    zones: Zones


class Roles(StrictModel):
    """The two roles, played by the set-up roll's higher and lower side ([ENC-1]) unless ``chosen_by`` says
    otherwise: ``winner`` (the roll's winner chooses its role) or ``party`` (``party: {ROLE: party id}``)."""

    higher: Text | None = None
    lower: Text | None = None
    chosen_by: Literal["roll", "winner", "party"] = "roll"
    party: dict[str, Text] | None = None  # chosen_by: party: a role -> the party (file name or name) that plays it


class PrisonerRules(StrictModel):
    """[ENC-RES-1]-[ENC-RES-4]: one random follower of ``taken_from`` becomes a neutral Prisoner."""

    taken_from: SideRef
    placed_by: SideRef
    min_from_edges: Inches = 6.0
    min_from_models: Inches = 6.0
    rescue_no_enemy_within: Inches = 3.0


class Circle(StrictModel):
    centre: Point
    diameter: Positive


class PieceEntry(StrictModel):
    """An extra terrain piece (the Landmark): map-piece keys, a polygon or a circle."""

    id: Text
    kind: Literal["rough", "obstacle", "impassable", "area"]
    polygon: list[Point] | None = None
    circle: Circle | None = None
    style: Text | None = None
    blocks_los: bool | None = None
    cross_cost: Positive | None = None
    water: bool = False
    # a map piece it intersects is removed: by default yes for a scenario's own ``pieces``, no for a piece an
    # event adds (``add_piece``, ``replace_piece``): see removes_overlapping()
    removes_overlapping: bool | None = None
    max_across: Positive | None = None


class Markers(StrictModel):
    """[ENC-SAL-1]: objective markers placed by the players in turn (``per_side``, ``first``), or standing
    where the scenario says (``at``)."""

    name: Text = "objective marker"
    per_side: Count | None = None
    first: SideRef | None = None
    at: list[Point] | None = None
    diameter_mm: Annotated[float, AfterValidator(lambda v: _positive(v / 25.4) * 25.4)] = 25.0
    min_from_edges: Inches = 0.0
    min_apart: Inches = 0.0
    when: Literal["before_deployment", "after_deployment"] = "before_deployment"

    @property
    def total(self) -> int:
        """How many markers the encounter has."""
        return len(self.at) if self.at is not None else (self.per_side or 0) * 2


class Escape(StrictModel):
    """[ENC-BRK-2]: a 1 AP special action off an edge; the model is not killed."""

    edge: Literal["enemy", "own", "any", "top", "bottom", "left", "right"]
    within: Positive = 0.02
    side: Text | None = None  # only this side's models may escape: higher, lower or a role's name


class ExtraTurn(StrictModel):
    """[ENC-ENG-3]: after the last fixed turn roll 1d6; on ``need`` or more one more turn (at most ``max``)."""

    need: Annotated[int, AfterValidator(lambda v: v if 2 <= v <= 6 else _bad(f"expected 2..6, found {v}"))]
    max: Count = 1
    rule: Text | None = None


class Duration(StrictModel):
    turns: Count
    extra_turn: ExtraTurn | None = None


class Quarters(StrictModel):
    min_from_centre: Inches = 6.0


class Region(StrictModel):
    """A scoring region: a polygon or a circle (exactly one)."""

    name: Text
    polygon: list[Point] | None = None
    circle: Circle | None = None


class Targets(StrictModel):
    """What a count is measured against: exactly one of these."""

    piece: Text | None = None
    markers: bool | None = None
    quarters: Quarters | None = None
    regions: list[Region] | None = None
    prisoner: bool | None = None


class CountRule(StrictModel):
    """Which of a side's models count: within a distance of the target, or wholly inside it."""

    within: Inches | None = None
    inside: bool = False
    types: list[ModelType] | None = None
    not_engaged: bool = False


class RollTable(StrictModel):
    """Points rolled on 1d6: ``table`` maps each face 1..6 to points ([ENC-SAL-4])."""

    roll: Literal["d6"]
    table: dict[int, int]


class VariablePoints(StrictModel):
    """Points as a scenario variable's value when the entry scores (``points: {variable: V}``)."""

    variable: Text


if TYPE_CHECKING:  # what a checker sees: pydantic is given the shape-checked union below
    Points = int | RollTable | VariablePoints
else:
    from pydantic import Discriminator, Tag

    _PointsTable = Annotated[Annotated[RollTable, Tag("~roll")] | Annotated[VariablePoints, Tag("~variable")],
                             Discriminator(lambda v: "~variable" if isinstance(v, dict) and "variable" in v
                                           else "~roll")]
    Points = either(int, _PointsTable, "a roll table: {roll: d6, table: {1: ExP, ..., 6: ExP}}, "
                                       "or {variable: NAME}")


if TYPE_CHECKING:
    Value = int | bool
else:  # a whole number or a flag: one message for either, not one per type tried
    from pydantic import Discriminator, Tag

    from game.content.schema import OR_TAG

    Value = Annotated[Annotated[int, Tag(OR_TAG + "true or false")] | Annotated[bool, Tag("~flag")],
                      Discriminator(lambda v: "~flag" if isinstance(v, bool) else OR_TAG + "true or false")]


class Who(StrictModel):
    """Which models a trigger is about: a named model (its name in its party file, case ignored), a side's,
    a type's; every key given must match (none: any model)."""

    model: Text | None = None
    side: Text | None = None  # higher, lower or a role's name
    type: ModelType | None = None


class RegionMove(Who):
    """A model (as ``Who``) comes into a named region, or goes out of it (the centre of its base)."""

    region: Text


class MarkerMoment(StrictModel):
    """A side comes to secure an objective marker (base contact, no enemy within 3″), or stops."""

    side: Text | None = None


class ControlMoment(StrictModel):
    """A control scoring entry's controller (of one of its targets) changes."""

    entry: Text


class ScoreAt(StrictModel):
    side: Text
    at_least: Annotated[int, Field(ge=0, le=1000)]


class ModelsLeft(StrictModel):
    side: Text
    at_most: Annotated[int, Field(ge=0, le=100)]


class VariableTest(StrictModel):
    """A scenario variable compared: every bound given must hold (at least one)."""

    name: Text
    at_least: int | None = None
    at_most: int | None = None
    equals: Value | None = None


class MarkersHeld(StrictModel):
    """A side secures at least this many objective markers now (base contact, no enemy within 3″)."""

    side: Text
    at_least: Annotated[int, Field(ge=1, le=20)] = 1


class InRegion(Who):
    """At least this many models (as ``Who``) stand in a named region (the centre of the base)."""

    region: Text
    at_least: Annotated[int, Field(ge=1, le=100)] = 1


MOMENTS = ("turn_starts", "turn_ends", "model_killed", "model_escaped", "rescued", "enters", "leaves", "killed",
           "wounded", "escapes", "stunned", "marker_taken", "marker_lost", "control_changes")
STATES = ("score", "models_left", "variable", "in_region", "markers_held")
COMBINATIONS = ("all", "any", "not")
WHEN_KEYS = (*MOMENTS, *STATES, *COMBINATIONS)  # as written in a file ('not', not 'not_')


class Trigger(StrictModel):
    """When an event fires: exactly one of these. A moment is true at the check where it happens; a state
    while it holds; ``all``/``any``/``not`` combine them (see the modding guide)."""

    turn_starts: Count | None = None
    turn_ends: Count | None = None
    model_killed: Text | None = None  # any, or a side (higher, lower or a role): a model of it is killed
    model_escaped: Text | None = None
    rescued: bool | None = None  # the Prisoner is rescued
    enters: RegionMove | None = None
    leaves: RegionMove | None = None
    killed: Who | None = None
    wounded: Who | None = None
    escapes: Who | None = None
    stunned: Who | None = None
    marker_taken: MarkerMoment | None = None
    marker_lost: MarkerMoment | None = None
    control_changes: ControlMoment | None = None
    score: ScoreAt | None = None
    models_left: ModelsLeft | None = None
    variable: VariableTest | None = None
    in_region: InRegion | None = None
    markers_held: MarkersHeld | None = None
    all: list[Trigger] | None = None
    any: list[Trigger] | None = None
    not_: Trigger | None = Field(default=None, alias="not")

    def given(self) -> list[str]:
        """The keys written (as in the file)."""
        return [k for k in WHEN_KEYS if getattr(self, "not_" if k == "not" else k) is not None]

    def part(self, key: str) -> Any:
        return getattr(self, "not_" if key == "not" else key)


Condition = Trigger  # the same language without moments (the checks refuse a moment in an 'if:')


class ScoringEntry(StrictModel):
    """One scoring rule; ``kind`` says which keys apply (see the modding guide)."""

    kind: Literal["kills", "escapes", "control", "secure"]
    when: Literal["maintenance", "end", "once"] = "maintenance"
    targets: Targets | None = None
    count: CountRule | None = None
    contact: Literal[True] = True  # securing is always by base contact; the key may be left out
    no_enemy_within: Inches | None = None
    points: Points = 1
    values: dict[ModelType, int] | None = None
    name: Text | None = None  # how the battle report names it, e.g. "the landmark"
    active: bool = True  # off until an event switches it on (scoring_on)
    side: Text | None = None  # only this side scores it: higher, lower or a role's name (e.g. Rescuer)
    rule: Text | None = None  # the rule ID the events cite, e.g. ENC-LMK-3
    if_: Condition | None = Field(default=None, alias="if")  # it scores only while this condition holds


class Hold(StrictModel):
    entry: Text  # a control scoring entry's name
    turns: Count  # Maintenance Phases in a row


class SuddenWin(StrictModel):
    """A side that meets this at a Maintenance Phase wins at once, whatever the score: exactly one condition."""

    side: Text | None = None  # only this side can win so (higher, lower or a role); else either
    wipe_out: bool | None = None  # the enemy has no model on the table and none to arrive
    escaped: Count | None = None  # this many of its models have escaped
    first_to: Annotated[int, Field(ge=1, le=1000)] | None = None  # its score reaches this many ExP
    hold: Hold | None = None  # it controls the entry's every target this many Maintenance Phases in a row
    if_: Condition | None = Field(default=None, alias="if")  # this condition holds (``side`` says who wins)


class Victory(StrictModel):
    """[ENC-4]: the highest score wins; ``prisoner``: [ENC-RES-5]; ``ties`` settles equal scores; a ``sudden``
    win ends the game at once; ``messages``: what the results say to a side that wins (SIDE) or of a draw."""

    by: Literal["score", "prisoner"] = "score"
    ties: Literal["draw", "higher", "lower"] = "draw"
    points: int = 0
    sudden: list[SuddenWin] = []
    messages: dict[str, Text] = {}  # SIDE (higher, lower or a role) or draw -> the text shown on the results


class Place(StrictModel):
    """Where models arrive: wholly within ``within``″ of an edge or of a point (exactly one)."""

    edge: Literal["own", "enemy", "top", "bottom", "left", "right"] | None = None
    at: Point | None = None
    within: Positive = 3.0


class Reserve(StrictModel):
    """Models a side holds back at set-up, to arrive when an event brings reinforcements: the last
    ``count`` models of the party of the given types (in party order), or the models ``models`` names
    (their names in the party file); ``arrival``: where they may arrive (else where the event says)."""

    side: Text
    count: Count | None = None
    types: list[ModelType] = ["companion", "follower"]
    models: list[Text] | None = None
    arrival: Place | None = None


class Arrival(StrictModel):
    """Reinforcements: the side's reserve arrives wholly within ``within``″ of an edge (or of a point); a
    reserve's own ``arrival`` goes first. ``models``: only these of the reserve (names in the party file).
    ``party``: a party file (by name, as the set-up screen lists parties) whose models join the side instead."""

    side: Text
    edge: Literal["own", "enemy", "top", "bottom", "left", "right"] | None = None
    at: Point | None = None
    within: Positive = 3.0
    models: list[Text] | None = None
    party: Text | None = None


class Story(StrictModel):
    """Text told to the players when the event fires (a card they dismiss, and the log)."""

    title: Text | None = None
    text: Text


class Outcome(StrictModel):
    """``win``/``lose``: the game ends at once, this side winning (or losing); ``message`` on the results."""

    side: Text
    message: Text | None = None


class ReplacePiece(StrictModel):
    """A terrain piece (the map's, the scenario's or one an event added) gives way to another."""

    id: Text
    with_: PieceEntry = Field(alias="with")


class RollEffects(StrictModel):
    """A d6 table of effects: each face 1..6 in exactly one row ("1", "2-4", 5 ...); that row's effects run."""

    d6: dict[int | str, list[Effect]]


class SetVariable(StrictModel):
    name: Text
    value: Value


class AddVariable(StrictModel):
    name: Text
    value: int


class Effect(StrictModel):
    """What an event does: exactly one of these."""

    reinforcements: Arrival | None = None
    remove_piece: Text | None = None  # a terrain piece's id (the map's or the scenario's)
    add_piece: PieceEntry | None = None
    scoring_on: Text | None = None  # a scoring entry's name
    scoring_off: Text | None = None
    end_game: bool | None = None
    story: Story | None = None
    roll: RollEffects | None = None
    win: Outcome | None = None
    lose: Outcome | None = None
    replace_piece: ReplacePiece | None = None
    set_variable: SetVariable | None = None
    add_variable: AddVariable | None = None


class ScenarioEvent(StrictModel):
    """A scenario event: when it fires, what it does (in order), once or every time."""

    name: Text | None = None
    when: Trigger
    once: bool = True
    do: list[Effect]


HintValue = Annotated[float, Field(gt=0, le=10)]


class HintRegion(Region):
    """An AI hint's place: a region the scenario names (``name`` alone) or one drawn here (``polygon`` or
    ``circle``); ``value``: how much it matters to the side (1 = as much as an objective)."""

    value: HintValue = 1.0


class HintModel(Who):
    """An AI hint's model: which models (as ``Who``: a name in its party file, a type) and how much more
    they count (``value``: a factor, 2 = twice)."""

    value: HintValue = 2.0


class SideHints(StrictModel):
    """What a scenario asks of one side's AI (``ai: {SIDE: ...}``): regions to ``hold`` and to ``avoid``, own
    models to ``protect``, enemy models to ``hunt``, and ``caution``: its own losses against the enemy's
    (1 = as the AI weighs them anyway, less = bolder)."""

    hold: list[HintRegion] = []
    avoid: list[HintRegion] = []
    protect: list[HintModel] = []
    hunt: list[HintModel] = []
    caution: Annotated[float, Field(ge=0.1, le=10)] = 1.0


class ScenarioFile(StrictModel):
    format: Literal["iron-honor/scenario@1"]
    name: Text
    origin: Literal["book", "ours", "mod"] = "mod"
    description: str | None = None
    briefing: Text | None = None  # shown to the players before the battle (after the set-up choices)
    objectives: dict[Text, Text] = {}  # SIDE (higher, lower or a role) -> what that side is to do, in words
    map: Text | None = None  # the map it is made for (a name or file): set-up offers it first; validate checks it
    roles: Roles | None = None
    deployment: Deployment
    prisoner: PrisonerRules | None = None
    pieces: list[PieceEntry] = []
    regions: list[Region] = []  # named places triggers and conditions speak of (as well as scoring's regions)
    variables: dict[str, Value] = {}  # counters and flags the events set, add to and test
    markers: Markers | None = None
    escape: Escape | None = None
    kill_values: dict[ModelType, int] = {"hero": 3, "companion": 2, "follower": 1}  # [ENC-5]
    duration: Duration
    scoring: list[ScoringEntry]
    victory: Victory = Victory()
    reserves: list[Reserve] = []
    events: list[ScenarioEvent] = []
    ai: dict[Text, SideHints] = {}  # SIDE (higher, lower or a role) -> what its AI is asked (game.ai.scenario_hints)
    _lines: dict[str, int] = PrivateAttr(default_factory=dict)  # "events[0]" -> its line (set by the loader)
    _file: str = PrivateAttr(default="")
    # a ``reinforcements: {party: ...}`` name (its file stem) -> the party file by value {file, text}, read when
    # the scenario was loaded (a save keeps them: game/content/scenario_file.py), and the party built from it
    _party_texts: dict[str, dict[str, str]] = PrivateAttr(default_factory=dict)
    _parties: dict[str, Any] = PrivateAttr(default_factory=dict)

    def __repr_args__(self) -> Any:
        """Without hints the ``ai`` key is left out: a scenario's fingerprint (game.core.copies) is its repr, and a
        scenario without an ``ai:`` block stays the same content it was before the block existed."""
        return [(k, v) for k, v in super().__repr_args__() if not (k == "ai" and not v)]

    def joining_party(self, name: str) -> Any:
        """The BuiltParty a ``reinforcements: {party: NAME}`` brings (read when the scenario was loaded)."""
        return self._parties[party_key(name)]

    def cite(self, where: str) -> str:
        """Where a part of the file is, for the log: ``scenarios/x.yaml:12 (events[0])``."""
        line = self._lines.get(where)
        name = Path(self._file).name if self._file else self.name
        return f"{name}:{line} ({where})" if line else f"{name} ({where})"


def party_key(name: str) -> str:
    """A party's name as a file stem, as game.content.library looks names up ("My Party" -> my_party)."""
    return name.strip().lower().replace(" ", "_").replace("-", "_")


def _bad(message: str) -> int:
    raise ValueError(message)


def removes_overlapping(piece: PieceEntry, by_event: bool) -> bool:
    """Whether a piece removes the map pieces it intersects: as its file says, else a scenario's own piece
    does ([ENC-LMK-1]) and a piece an event adds does not (it only stands there)."""
    return piece.removes_overlapping if piece.removes_overlapping is not None else not by_event


def faces(key: int | str) -> list[int] | None:
    """The faces a d6 row names: 3, "3", "2-4"; None when it names none (not 1..6, or a range backwards)."""
    text = str(key).strip()
    lo, _, hi = text.partition("-")
    if not lo.strip().isdigit() or (hi and not hi.strip().isdigit()):
        return None
    a, b = int(lo), int(hi or lo)
    return list(range(a, b + 1)) if 1 <= a <= b <= 6 else None


RollEffects.model_rebuild()


