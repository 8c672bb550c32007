"""Names from every Unicode category, up to a megabyte long, through every screen that draws a save's or a
party's name: the Load list and details, Continue and the battle it opens, a battle with a mod party
(issue #34, points 2 and 4).

No case may raise, and the work stays bounded: the text handed to the UI is at most a fixed size
whatever the name's length (a count, not a clock), and the longest name costs a small multiple of a short
one (a ratio). Run with ``-s`` for the figures. By default each test takes a sample of the names (every
category once, the long ones at the limit's edge and a megabyte); ``-m slow`` takes all of them.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from game.builder.files import scalar  # YAML that reads back as the same text
from game.core.names import name_problem
from game.saves import store
from game.ui.app import App
from game.ui.scenes.load import LoadScene
from game.ui.scenes.menu import MainMenu
from game.ui.session import HOTSEAT, BattleSession, BattleSetup
from tests.conftest import PARTIES
from tests.saves.test_saves import Players
from tests.ui.driver import click, frames, menu_app

CATEGORIES = ("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf",
              "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn")
LENGTHS = (80, 81, 1_000, 100_000, 1_000_000)  # the long names' sizes in UTF-8 bytes
UI_TEXT_BOUND = 40_000  # characters of all the texts a screen hands to the UI, whatever the names


@cache
def pools() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {c: [] for c in CATEGORIES}
    for o in range(sys.maxunicode + 1):
        out[unicodedata.category(chr(o))].append(chr(o))
    return out


def fuzz_names() -> list[tuple[str, str]]:
    """(label, name): for each category one character, a run of seven, and five among letters; then long
    names mixing every category, cut at LENGTHS bytes."""
    rng = random.Random(3432)
    p = pools()
    out = []
    for cat in CATEGORIES:
        out += [(f"{cat}-one", rng.choice(p[cat])), (f"{cat}-run", "".join(rng.choices(p[cat], k=7))),
                (f"{cat}-among", "Ab" + "".join(rng.choices(p[cat], k=5)) + "c")]
    showable = [c for c in CATEGORIES if c[0] in "LMNPSZ"]
    for n in LENGTHS:
        for kind, cats in (("", CATEGORIES), ("-showable", showable)):
            chars, size = [], 0
            while size < n:
                ch = rng.choice(p[rng.choice(cats)])
                size += len(ch.encode("utf-8", "surrogatepass"))
                chars.append(ch)
            out.append((f"len{n}{kind}", "".join(chars)))
    return out


SAMPLE_LENGTHS = (80, 81, 1_000_000)  # the limit's edge and the longest


def sample(names: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The default run's share of ``fuzz_names``: every category once (its single character, run or
    mixed-in form, in turn) and the long names at the limit's edge and a megabyte; the rest with -m slow."""
    forms = ("one", "run", "among")
    keep = {f"{cat}-{forms[i % 3]}" for i, cat in enumerate(CATEGORIES)}
    keep |= {f"len{n}{kind}" for n in SAMPLE_LENGTHS for kind in ("", "-showable")}
    return [(label, name) for label, name in names if label in keep]


@pytest.fixture(params=["sample", pytest.param("every", marks=pytest.mark.slow)])
def names(request: pytest.FixtureRequest) -> list[tuple[str, str]]:
    """The fuzz names a test goes through: a sample by default, every one with -m slow."""
    return fuzz_names() if request.param == "every" else sample(fuzz_names())


def as_json(data: object) -> str:
    """The file's text: UTF-8 as the game writes it, or ASCII escapes when a lone surrogate is in it."""
    text = json.dumps(data, ensure_ascii=False)
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True)


def ui_text(app: App) -> int:
    """Characters of every text the UI holds now."""
    total = 0
    for el in app.manager.get_sprite_group().sprites():
        for attr in ("text", "html_text", "tool_tip_text"):
            value = getattr(el, attr, None)
            if isinstance(value, str):
                total += len(value)
    return total


@pytest.fixture(scope="module")
def base_save(tmp_path_factory: pytest.TempPathFactory) -> dict:
    s = BattleSession(BattleSetup(seed=2, mode=HOTSEAT))
    Players(2).play(s, upto=6)
    path = tmp_path_factory.mktemp("base") / "base.json"
    s.save_to(path, name="base")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch, ("CONFIG", "MODS", "SAVES", "REPLAYS"))


class Tally:
    def __init__(self, what: str):
        self.what, self.cases, self.crashes, self.bloated, self.times = what, 0, [], [], {}

    def run(self, app: App, label: str, name: str, step) -> None:
        self.cases += 1
        start = time.perf_counter()
        try:
            step()
        except Exception as exc:  # every crash is collected, then reported together
            self.crashes.append(f"{label}: {type(exc).__name__}: {str(exc)[:120]!r}")
            return
        finally:
            self.times[label] = time.perf_counter() - start
        if ui_text(app) > UI_TEXT_BOUND:
            self.bloated.append(f"{label}: {ui_text(app)} characters handed to the UI")

    def check(self) -> None:
        short = statistics.median(t for k, t in self.times.items() if not k.startswith("len"))
        longest = max((t for k, t in self.times.items() if k.startswith("len")), default=short)
        slow = [k for k, t in self.times.items() if t > 40 * max(short, 0.05)]
        print(f"\n{self.what}: {self.cases} cases, {self.cases - len(self.crashes) - len(self.bloated)} clean, "
              f"{len(self.crashes)} crashes, {len(self.bloated)} over the text bound, {len(slow)} over 40x the "
              f"median ({short * 1000:.0f} ms; longest name {longest * 1000:.0f} ms)")
        assert self.crashes == [] and self.bloated == []
        assert slow == [], slow  # a ratio to the median case, never a clock


def test_every_name_through_the_load_list_and_details(app: App, base_save: dict, names: list[tuple[str, str]]
                                                     ) -> None:
    tally = Tally("Load list and details")
    saves = store.saves_dir()
    for start in range(0, len(names), 8):
        batch = names[start:start + 8]
        for p in saves.iterdir():
            p.unlink()
        for i, (_, name) in enumerate(batch):
            data = dict(base_save, name=name)
            (saves / f"s{i}.json").write_text(as_json(data), encoding="utf-8")

        def open_list() -> None:
            click(app, app.top.widgets["load"])
            frames(app, 3)
            assert isinstance(app.top, LoadScene)

        tally.run(app, f"open-{start}", "", open_list)
        load = app.top
        for i, (label, name) in enumerate(batch):
            key = f"saves:{saves / f's{i}.json'}"
            tally.run(app, label, name, lambda key=key, load=load: click(app, load.widgets[key]))
        app.reset(MainMenu(app))  # (not Back: a screen that crashed may have none)
        frames(app, 2)
    tally.check()


def test_every_party_name_through_continue_and_the_battle(app: App, base_save: dict,
                                                          names: list[tuple[str, str]]) -> None:
    """The name inside a save's party text: refused where it is read (Continue then says why) or drawn in
    the Continue tip, the Load list and the battle Continue opens."""
    tally = Tally("Continue and battle")
    saves = store.saves_dir()
    for label, name in names:
        for p in saves.iterdir():
            p.unlink()
        data = json.loads(json.dumps(base_save))
        party = data["setup"]["parties"][0]
        party["text"] = party["text"].replace("name: Ghrim Company", f"name: {scalar(name)}", 1)
        data["summary"]["parties"][0] = name
        (saves / "autosave-20261205-100000.json").write_text(as_json(data), encoding="utf-8")

        def through(name: str = name) -> None:
            app.reset(MainMenu(app))
            frames(app, 2)
            assert "continue" in app.top.widgets
            click(app, app.top.widgets["continue"])
            frames(app, 3)
            if name_problem(name) is None:  # a name the party format takes: the battle opens (at deployment,
                # with the briefing card over it, which names the party too)
                assert app.top.name in ("battle", "story"), getattr(app.top, "error", None)

        tally.run(app, label, name, through)
    tally.check()


def test_every_party_name_through_a_battle_with_a_mod_party(app: App, tmp_path: Path,
                                                            names: list[tuple[str, str]]) -> None:
    from game.ui.scenes import common

    tally = Tally("battle with a mod party")
    mods = tmp_path / "mods" / "parties"
    mods.mkdir(parents=True)
    ghrim = (PARTIES / "ghrim_company.yaml").read_text(encoding="utf-8")
    for label, name in names:
        (mods / "fuzz.yaml").write_text(ghrim.replace("name: Ghrim Company", f"name: {scalar(name)}", 1),
                                        encoding="utf-8", errors="surrogatepass")

        def battle(name: str = name) -> None:
            app.reset(MainMenu(app))
            frames(app, 1)
            common.rescan()
            error = common.start_battle(app, BattleSetup(parties=("fuzz", "northmen_raiding_party"), seed=5))
            if error is None:
                frames(app, 6)
                assert app.top.name == "battle"
            else:
                assert name_problem(name) is not None or "fuzz" in error
                app.top.error = error
                app.top.rebuild()  # the menu shows why
                frames(app, 2)

        tally.run(app, label, name, battle)
    tally.check()
