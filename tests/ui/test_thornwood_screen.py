"""Thornwood on the kernel's screen in hotseat (issue 42): each seat sees only its own band and the enemies it has
spotted, and a close combat's secret card is shown nowhere before the other side has chosen its own."""

from __future__ import annotations

import pygame
import pytest

from game.paths import MAPS_DIR
from game.systems.thornwood import view
from game.systems.thornwood.ai import ThornwoodNormal
from game.systems.thornwood.system import find
from game.ui.scenes.system_battle import SystemBattleScene
from game.ui.system_session import HOTSEAT, SystemSession, SystemSetup
from tests.ui.driver import click, frames, menu_app, press

SEED = 10  # a melee of two key characters comes within the first few hundred answers


def seen_ids(scene: SystemBattleScene) -> set[str]:
    return {t.id for t in scene._seen("tokens", scene.session.state)}


@pytest.mark.rule("TW-SPOT-1", "TW-CC-5")
def test_hotseat_shows_each_seat_its_own_knowledge_and_keeps_the_cards_secret(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    setup = SystemSetup("thornwood", (find("parties", "cedar_hollow"), find("parties", "red_stone")),
                        MAPS_DIR / "forest_crossing.yaml", find("scenarios", "furs_markers"), mode=HOTSEAT, seed=SEED)
    session = SystemSession(setup.block(), None)
    scene = SystemBattleScene(app, session)
    app.push(scene)
    brain = ThornwoodNormal(SEED)
    checked = 0
    for _ in range(3000):
        d = session.pending
        assert d is not None, "the battle ended before a secret card"
        if d.secret:
            break
        if session.state.phase.value == "battle" and len(session.recorder.answers) % 20 == 0:
            scene.seated = d.side  # the seat as the curtain would have passed it
            state = session.state
            assert seen_ids(scene) == {t.id for t in view.tokens(state, d.side)}
            assert seen_ids(scene) <= {f.id for f in state.on_table(d.side)} | state.sides[d.side].known
            checked += 1
        session.answer(brain.decide(session.state, d))
    assert checked >= 5
    frames(app, 3)
    if scene.curtain is not None:
        press(app, pygame.K_RETURN)
    d = session.pending
    assert d is not None and d.secret and scene.curtain is None
    first_side = d.side
    before = view.log_lines(session.state, 1 - first_side)
    card = d.choices()[0]
    click(app, scene.widgets[f"options:{card}"])
    other = session.pending
    assert other is not None and other.secret and other.side == 1 - first_side
    assert scene.curtain == other.side and not any(k.startswith("options:") for k in scene.widgets)
    press(app, pygame.K_RETURN)
    assert scene.curtain is None and any(k.startswith("options:") for k in scene.widgets)
    assert list(scene.log_lines()) == before, "nothing of the first card is told before the second is chosen"
    assert card.replace("_", " ") not in scene.widgets["prompt"].html_text.lower()
    assert seen_ids(scene) <= {f.id for f in session.state.on_table(other.side)} | \
        session.state.sides[other.side].known
