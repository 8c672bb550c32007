"""The kernel's screen for other systems with hidden information (issue 42): a small fake system, registered for
these tests only, whose view hides the enemy until spotted, with a subset question and a secret pair.

What is checked: each side sees only its own view (against the AI the human's side; in hotseat the seated
side's), the seat is passed behind a curtain under which nothing of the next side is drawn and no option
exists, a secret answer shows nowhere before the other side has answered, a subset is toggled (clicks and
number keys) and Done only within its bounds, and the menu and set-up page word themselves from the system.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pygame_gui
import pytest

from game.content.maps import BattleMap
from game.core import kinds
from game.core.dice import Dice
from game.core.rule_system import RuleSystem
from game.paths import MAPS_DIR
from game.rules.decisions import Decision, Option, Simultaneous
from game.rules.events import Event
from game.systems import SYSTEMS
from game.ui import style
from game.ui.app import App
from game.ui.scenes.system_battle import SystemBattleScene
from game.ui.scenes.system_setup import SystemSetupScene
from game.ui.system_session import HOTSEAT, VS_AI, SystemSession, SystemSetup
from tests.ui.driver import click, frames, menu_app, press


class FkDecision(kinds.ShownKind):
    fk_order = "fk_order", kinds.Shown("Orders")
    fk_look = "fk_look", kinds.Shown("Look out")
    fk_card = "fk_card", kinds.Shown("Card")


class FkEvent(StrEnum):
    FkSaid = "FkSaid"


@dataclass
class Side:
    index: int
    name: str
    score: int = 0

    @property
    def letter(self) -> str:
        return "AB"[self.index]


@dataclass(frozen=True)
class Token:
    id: str
    side: int
    x: float
    y: float
    name: str
    radius: float = 0.8
    facing: float = 90.0


@dataclass(frozen=True)
class Marker:
    x: float
    y: float
    radius: float
    label: str
    owner: int | None


@dataclass
class FkState:
    sides: list[Side]
    figures: list[Token]
    battle_map: BattleMap
    dice: Dice
    log: list[Event] = field(default_factory=list)
    spotted: set[str] = field(default_factory=set)
    winner: int | None = None
    over: bool = False
    turn: int = 1
    settings: Any = field(default_factory=lambda: SimpleNamespace(max_decisions=100))

    def touch(self) -> None:
        pass

    def snapshot(self) -> dict[str, Any]:
        return {"spotted": sorted(self.spotted), "winner": self.winner, "log": [e.text for e in self.log]}

    def say(self, text: str, side: int | None = None) -> None:
        """A log line; one with a side is that side's own (the other side does not read it)."""
        self.log.append(Event(FkEvent.FkSaid, text, {"side": side}))  # type: ignore[arg-type]


def parse_band(text: str | bytes, file: str) -> SimpleNamespace:
    """A fake war band file: its name on the first line, a figure's name a line after."""
    lines = [x.strip() for x in (text.decode() if isinstance(text, bytes) else text).splitlines() if x.strip()]
    return SimpleNamespace(name=lines[0], figures=[SimpleNamespace(name=n) for n in lines[1:]])


def new_state(parties: tuple[Any, Any], battle_map: BattleMap, seed: int, settings: Any = None,
              scenario: Any = None) -> FkState:
    figures = [Token(f"{'AB'[side]}{n + 1}", side, 6.0 + 8 * n, 6.0 if side == 0 else 30.0, f.name)
               for side, party in enumerate(parties) for n, f in enumerate(party.figures)]
    return FkState([Side(0, parties[0].name), Side(1, parties[1].name)], figures, battle_map, Dice(seed))


def play(st: FkState) -> Any:
    """Orders for each side (told only to its own), side A's look-outs (a subset: 1 or 2 of its three), which
    spot B's nearest figure, then a secret pair of cards; then the battle is over."""
    for side in (0, 1):
        order = yield Decision(FkDecision.fk_order, side, "Give the band its orders", "FK-1",
                               [Option("hold", "Hold the ford"), Option("creep", "Creep by the bank")])
        st.say(f"{st.sides[side].name} orders: {order} (secret plan)", side)
    look = yield Decision(FkDecision.fk_look, 0, "Which figures look out", "FK-2",
                          [Option(f.id, f.name) for f in st.figures if f.side == 0], free="subset", pick=(1, 2))
    st.spotted.add("B1")
    st.say(f"{len(look)} look-outs spot {st.figures[3].name}")
    cards = yield Simultaneous([
        Decision(FkDecision.fk_card, 0, "Play a card", "FK-3", [Option("oak", "Oak card"), Option("ash", "Ash card")]),
        Decision(FkDecision.fk_card, 1, "Play a card", "FK-3", [Option("elm", "Elm card"), Option("yew", "Yew card")])])
    st.say(f"The cards are shown: {cards[0]} against {cards[1]}")
    st.winner, st.over = 0, True


def _visible(state: FkState, viewer: int | None) -> list[Token]:
    return [t for t in state.figures if viewer is None or t.side == viewer or t.id in state.spotted]


VIEW = SimpleNamespace(
    HIDDEN=True,
    tokens=_visible,
    markers=lambda state, viewer: [Marker(18.0, 18.0, 1.0, "Furs", None)],
    log_lines=lambda state, viewer: [e.text for e in state.log
                                     if viewer is None or e.data.get("side") in (None, viewer)],
    headline=lambda state: "Over" if state.over else "Turn 1",
    status=lambda state: [(s.index, f"{s.name}: {sum(t.side == s.index for t in state.figures)} figures")
                          for s in state.sides],
    zone=lambda state, d: None,
    option_tip=lambda state, d, key: f"{key} sees six inches" if d.kind == FkDecision.fk_look else "",
    option_badge=lambda state, d, key: "",
    outcome=lambda state: f"{state.sides[state.winner].name} wins" if state.over else "",
    preview=lambda state, d, point: ((), ""),
    lane=lambda state, d, key: ((), False),
)


class FirstOption:
    def decide(self, state: Any, d: Decision) -> Any:
        return [o.key for o in d.options[:d.pick[0]]] if d.free == "subset" else d.options[0].key


SHIPPED: dict[str, list[Path]] = {}  # Fakewood's own files of each kind (the fixture's, for one test)
FAKE = RuleSystem(id="fakewood", title="Fakewood", prefix="FK", new_state=new_state, play=play,
                  decision_kinds=FkDecision, event_kinds=FkEvent, parse_party=parse_band,
                  rules_reference=lambda: None, controllers=lambda: {"normal": lambda seed: FirstOption()},
                  shipped=lambda kind: SHIPPED.get(kind, []), view=VIEW,
                  extra={"party_word": "war band", "parties_word": "war bands", "blurb": "A fake with secrets"})
NAMES = ({"A1": "Ash", "A2": "Birch", "A3": "Cedar"}, {"B1": "Dogwood", "B2": "Elder", "B3": "Fir"})


@pytest.fixture
def bands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """Fakewood registered (its kinds and the system) for this test only, and its two war band files."""
    for attr in ("_by_name", "_owner", "_homes"):
        monkeypatch.setattr(kinds.DECISION_KINDS, attr, dict(getattr(kinds.DECISION_KINDS, attr)))
    kinds.DECISION_KINDS.add(FAKE.id, FkDecision, __file__)
    paths = []
    for n, (name, figures) in enumerate((("Otters", NAMES[0]), ("Herons", NAMES[1]))):
        path = tmp_path / f"band{n}.txt"
        path.write_text("\n".join([name, *figures.values()]), encoding="utf-8")
        paths.append(path)
    monkeypatch.setitem(SYSTEMS, FAKE.id, FAKE)
    monkeypatch.setitem(SHIPPED, "parties", paths)
    yield paths[0], paths[1]


def _scene(app: App, bands: tuple[Path, Path], mode: str = HOTSEAT, human: int = 0) -> SystemBattleScene:
    session = SystemSession.start(SystemSetup(FAKE.id, bands, MAPS_DIR / "open_field.yaml", None, mode=mode,
                                              human_side=human, seed=3), autosave=False)
    scene = SystemBattleScene(app, session)
    app.push(scene)
    frames(app, 2)
    return scene


def _drawn(app: App, scene: SystemBattleScene) -> pygame.Surface:
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    return surface


def _side_pixels(surface: pygame.Surface, scene: SystemBattleScene, side: int) -> int:
    """How many pixels where the side's figures stand are exactly its token colour (none: none of them drawn)."""
    colour = (*style.SIDE_COLOURS[side], 255)
    count = 0
    for t in scene.session.state.figures:
        if t.side == side:
            x, y = scene.cam.to_px((t.x, t.y))
            r = round(t.radius * scene.cam.scale) + 2
            box = pygame.Rect(x - r, y - r, 2 * r, 2 * r).clip(scene.table)
            count += pygame.mask.from_threshold(surface.subsurface(box), colour, (1, 1, 1, 255)).count()
    return count


def _texts(scene: SystemBattleScene) -> str:
    return " ".join(getattr(el, "html_text", "") or getattr(el, "text", "") for el in scene.widgets.values())


def test_against_the_ai_the_table_and_the_log_are_the_human_side_s(tmp_path, monkeypatch, bands) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    scene = _scene(app, bands, VS_AI, human=1)
    s = scene.session
    assert scene.viewer() == 1 and scene.curtain is None
    while s.pending is not None and not s.human_to_answer():
        s.step_ai()
    frames(app, 2)
    surface = _drawn(app, scene)
    assert _side_pixels(surface, scene, 1) > 0 and _side_pixels(surface, scene, 0) == 0
    assert "Otters orders" not in _texts(scene), "side A's own line is not side B's to read"
    assert "Ash" not in _texts(scene) and "Herons: 3 figures" in _texts(scene)


def test_hotseat_passes_the_seat_behind_a_curtain_that_hides_everything(tmp_path, monkeypatch, bands) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    scene = _scene(app, bands)
    s = scene.session
    assert scene.curtain == 0 and "Pass the seat to Otters" in scene.widgets["curtain"].text
    assert not any(k.startswith("options") for k in scene.widgets) and "log" not in scene.widgets
    surface = _drawn(app, scene)
    assert _side_pixels(surface, scene, 0) == 0 and _side_pixels(surface, scene, 1) == 0
    click(app, scene.widgets["ready"])
    assert scene.curtain is None and scene.viewer() == 0 and "options:hold" in scene.widgets
    surface = _drawn(app, scene)
    assert _side_pixels(surface, scene, 0) > 0 and _side_pixels(surface, scene, 1) == 0
    click(app, scene.widgets["options:creep"])
    assert s.pending is not None and s.pending.side == 1 and scene.curtain == 1
    assert "Pass the seat to Herons" in scene.widgets["curtain"].text
    assert "options:hold" not in scene.widgets and "Otters orders" not in _texts(scene)
    surface = _drawn(app, scene)
    assert _side_pixels(surface, scene, 0) == 0 and _side_pixels(surface, scene, 1) == 0
    press(app, pygame.K_RETURN)  # a key in the curtain lifts it and answers nothing
    assert scene.curtain is None and scene.viewer() == 1 and len(s.game.answers) == 1
    surface = _drawn(app, scene)
    assert _side_pixels(surface, scene, 1) > 0 and _side_pixels(surface, scene, 0) == 0
    assert "Otters orders" not in _texts(scene) and "creep" not in _texts(scene)
    click(app, scene.widgets["options:hold"])
    assert scene.curtain == 0
    press(app, pygame.K_SPACE)
    assert scene.curtain is None and "Otters orders: creep" in _texts(scene) and "Herons orders" not in _texts(scene)


def _to_look_out(app: App, scene: SystemBattleScene) -> None:
    """Both orders given in hotseat, the seat passed back to side A for its look-outs."""
    for key in ("hold", "hold"):
        press(app, pygame.K_RETURN)
        click(app, scene.widgets[f"options:{key}"])
    press(app, pygame.K_RETURN)
    assert scene.session.pending.kind == FkDecision.fk_look and scene.curtain is None  # type: ignore[union-attr]


def test_a_subset_is_toggled_by_clicks_and_number_keys_and_done_within_its_bounds(tmp_path, monkeypatch, bands  # type: ignore[no-untyped-def]
                                                                                  ) -> None:
    app = menu_app(tmp_path, monkeypatch)
    scene = _scene(app, bands)
    s = scene.session
    _to_look_out(app, scene)
    done, ash = scene.widgets["done"], scene.widgets["options:A1"]
    assert not done.is_enabled and "Choose 1 to 2" in scene.widgets["prompt"].html_text
    assert ash.text.startswith("[  ]") and "0 chosen" in done.text
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=ash, ui_object_id="A1"))
    frames(app, 1)
    assert "A1 sees six inches" in scene.widgets["prompt"].html_text, "a hovered option's tip, as for any option"
    click(app, ash)
    assert scene.picked == ["A1"] and ash.text.startswith("[x]") and done.is_enabled and len(s.game.answers) == 2
    press(app, pygame.K_2)
    press(app, pygame.K_3)
    assert scene.picked == ["A1", "A2", "A3"] and not done.is_enabled
    press(app, pygame.K_RETURN)  # three are too many: nothing answered, and the player told why
    assert len(s.game.answers) == 2 and s.pending.kind == FkDecision.fk_look  # type: ignore[union-attr]
    assert "choose 1 to 2 of the options, not 3" in scene.widgets["prompt"].html_text
    assert scene.picked == ["A1", "A2", "A3"] and scene.widgets["options:A3"].text.startswith("[x]"), "kept"
    press(app, pygame.K_1)
    done = scene.widgets["done"]  # (the page was rebuilt to tell why)
    assert scene.picked == ["A2", "A3"] and done.is_enabled and scene.widgets["options:A1"].text.startswith("[  ]")
    click(app, done)
    assert s.game.answers[-1] == ["A2", "A3"]


def test_a_secret_answer_shows_nowhere_before_the_other_side_answers(tmp_path, monkeypatch, bands) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    scene = _scene(app, bands)
    s = scene.session
    _to_look_out(app, scene)
    click(app, scene.widgets["options:A1"])
    click(app, scene.widgets["done"])
    d = s.pending
    assert d is not None and d.secret and d.side == 0 and scene.curtain is None, "side A still has the seat"
    assert "In secret" in scene.widgets["prompt"].html_text
    click(app, scene.widgets["options:ash"])
    assert s.pending is not None and s.pending.side == 1 and scene.curtain == 1
    assert "ash" not in _texts(scene).lower()
    press(app, pygame.K_RETURN)
    assert scene.curtain is None and "options:elm" in scene.widgets
    assert "ash" not in _texts(scene).lower(), "side A's card is not shown to side B before B plays"
    surface = _drawn(app, scene)
    assert _side_pixels(surface, scene, 0) == 0, "side B has spotted nothing"
    click(app, scene.widgets["options:yew"])
    assert s.over and scene.viewer() is None and scene.curtain is None
    assert "ash against yew" in _texts(scene) and "Otters wins" in _texts(scene)
    surface = _drawn(app, scene)
    assert _side_pixels(surface, scene, 0) > 0 and _side_pixels(surface, scene, 1) > 0


def test_a_watched_save_shows_everything(tmp_path, monkeypatch, bands) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    played = _scene(app, bands).session
    player = FirstOption()
    while played.pending is not None:
        played.answer(player.decide(played.state, played.pending))
    scene = SystemBattleScene(app, SystemSession(played.setup, watch=list(played.recorder.answers)))
    app.push(scene)
    scene.session.step_ai()
    scene.session.step_ai()  # both orders given: the battle not over, watched
    frames(app, 2)
    assert not scene.session.over and scene.viewer() is None and scene.curtain is None
    assert "Otters orders" in _texts(scene) and "Herons orders" in _texts(scene)
    surface = _drawn(app, scene)
    assert _side_pixels(surface, scene, 0) > 0 and _side_pixels(surface, scene, 1) > 0


def test_the_menu_has_a_button_a_system_and_the_set_up_page_words_it(tmp_path, monkeypatch, bands) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    menu = app.scenes[-1]
    assert menu.widgets["system:fakewood"].text == "Fakewood" and "system:gearfall" in menu.widgets
    assert "system:iron-honor" not in menu.widgets
    click(app, menu.widgets["system:fakewood"])
    page = app.scenes[-1]
    assert isinstance(page, SystemSetupScene) and page.system is FAKE
    assert page.widgets["a_label"].text == "Side A's war band" and "Fakewood" in page.widgets["title"].text
    click(app, page.widgets["play:hotseat"])
    click(app, page.widgets["start"])
    battle = app.scenes[-1]
    assert isinstance(battle, SystemBattleScene) and battle.session.system is FAKE and battle.curtain == 0
    app.pop()
    frames(app, 2)
    click(app, app.scenes[-1].widgets["system:gearfall"])
    assert app.scenes[-1].widgets["a_label"].text == "Side A's squad"


def test_the_curtain_and_a_subset_fit_the_window_at_every_scale(tmp_path, monkeypatch, bands) -> None:  # type: ignore[no-untyped-def]
    """The layout probe over the curtain and a subset question, at the tightest window at each scale and at 4K
    (no widget out of the window, no text wider than its box, the Ready button whole in sight), with a headline
    too long for the panel's width."""
    from game.ui import layout_probe
    from tests.ui.test_layout import QUICK, check, go_to

    monkeypatch.setattr(VIEW, "headline", lambda state: "Turn 1 of 8: the Otters of the Long Marsh to act · Furs 0–1")
    app = menu_app(tmp_path, monkeypatch)
    scene = _scene(app, bands)
    layout_probe.start()
    try:
        problems = []
        for scale, size in QUICK:
            go_to(app, scale, size)
            frames(app, 2)
            problems += check(app, f"the curtain at {size}, {scale}")
        go_to(app, 1.0, (1280, 800))
        _to_look_out(app, scene)
        click(app, scene.widgets["options:A2"])
        for scale, size in QUICK:
            go_to(app, scale, size)
            frames(app, 2)
            problems += check(app, f"a subset at {size}, {scale}")
    finally:
        layout_probe.stop()
    assert problems == []


def test_the_menu_fits_with_a_third_system(tmp_path, monkeypatch, bands) -> None:  # type: ignore[no-untyped-def]
    """One more system, one more button: the menu still lays out at the tightest window at each scale."""
    from game.ui import layout_probe
    from tests.ui.test_layout import QUICK, check, go_to

    app = menu_app(tmp_path, monkeypatch)
    layout_probe.start()
    try:
        problems = []
        for scale, size in QUICK:
            go_to(app, scale, size)
            frames(app, 2)
            assert "system:fakewood" in app.scenes[-1].widgets
            problems += check(app, f"the menu at {size}, {scale}")
    finally:
        layout_probe.stop()
    assert problems == []
