"""Seeded mutation fuzz of every file kind the game reads (issue #15).

Each mutant of a shipped party, map, scenario, script or settings file goes through the loaders and
the command line in this process (``party check``, ``validate --json``, ``run``), with a time limit:

- a *clean error* is a non-zero exit whose output is JSON (or text) naming the file, every problem
  with a key path or a line, and no "internal error";
- an *accepted* mutant is then played: a party, map or scenario in a headless game between two
  random controllers to the end, a script from its position to the end;
- a *traceback* is any exception that escapes, an *internal error* any such text in the output,
  a *hang* a mutant that runs past the time limit.

A few mutants of every kind also go through a real ``python -m game`` subprocess, whose output must
decode as strict UTF-8. Replays are written by the game but never read, so there is no save kind.

    python -m tests.content.fuzz --mutants 2000 --seed 1     # the long run; prints the figures
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

KINDS = ("party", "map", "scenario", "script", "settings", "save")

NASTY_NUMBERS = ["-1", "0", "-0.0", "1e308", "1.0e+400", "-1.0e+400", ".nan", ".NaN", ".inf", "-.inf", "1e-320",
                 "99999999999", "9223372036854775808", "9" * 80, "9" * 5000, "0x" + "f" * 30, "0b101", "0o17",
                 "1_000", "190:20:30", "1.5", "36.0000001", "-36", "2023-02-30", "2024-02-29", "'12'", "true",
                 "null", "~", "[]", "{}", "[1, 2]", "[[1, 2], [3]]"]
NASTY_TEXT = ['"\\ud800"', '"x\\udfffy"', '"\\0"', '"\\x07bell"', '""', "' '", "\"\\t\"", '"\\u2028"',
              "caf\u00e9", "\U0001f409", "!!binary aGVsbG8=", "!!python/object/apply:os.system ['true']",
              "!!set {a, b}", "!!timestamp 2001-12-14", "!!float x", "!!int 1e9", "*nowhere", "&a x", "[", "{",
              "]", "}", ": :", "- -", "? x", "|", ">", "'unclosed", '"unclosed', "%TAG ! x", "---", "...", "@x",
              "`x", "x" * 5000, "/dev/zero", "../../../../etc/passwd", "/etc/hostname", ".", "..", "/",
              "assets/maps", "pipe.yaml", "missing.yaml", "\u00ad", "\ufeff", "A" * 300]
CONTROL = ["\x00", "\x01", "\x07", "\x1b", "\x7f", "\x85", "\ud800", "\ufffe", "\r", "\t", "\x0b", "\x0c"]


@dataclass
class Tally:
    mutants: int = 0
    clean_errors: int = 0
    accepted: int = 0
    played: int = 0
    tracebacks: int = 0
    internal_errors: int = 0
    hangs: int = 0
    subprocess_runs: int = 0
    slowest: float = 0.0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("mutants", "clean_errors", "accepted", "played", "tracebacks", "internal_errors", "hangs",
                     "subprocess_runs"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.slowest = max(self.slowest, other.slowest)
        self.failures += other.failures

    @property
    def ok(self) -> bool:
        return not (self.tracebacks or self.internal_errors or self.hangs)


class Hang(BaseException):
    """Raised by the alarm: a mutant ran past its time limit."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def ring(signum, frame):
        raise Hang()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- seeds ----------------------------------------------------------------------------------------------

def seed_files(kind: str) -> list[tuple[str, str]]:
    """(name, text) of the shipped files of a kind: what the mutants start from."""
    folders = {"party": [ROOT / "assets" / "parties", ROOT / "tests" / "data" / "parties"],
               "map": [ROOT / "assets" / "maps"],
               "scenario": [ROOT / "scenarios", ROOT / "tests" / "data" / "scenarios"],
               "script": [ROOT / "docs" / "examples"]}
    if kind == "save":
        return [("battle.json", _a_save())]
    if kind == "settings":
        return [("settings.yaml", "# Iron & Honor settings\nwidth: 1280\nheight: 800\nfullscreen: false\n"
                                  "ui_scale: 1.0\ncolour_blind: false\nanimation: normal\n"
                                  "declare_plan_upfront: true\nfps_cap: 60\n")]
    out = []
    for folder in folders[kind]:
        out += [(f.name, f.read_text(encoding="utf-8")) for f in sorted(folder.glob("*.yaml"))]
    return out


def _a_save() -> str:
    """A real save: a hotseat Engagement 60 decisions in (saves are JSON; the mutations treat it as text)."""
    from game.ai.registry import make
    from game.ui.session import HOTSEAT, BattleSession, BattleSetup

    session = BattleSession(BattleSetup(mode=HOTSEAT, seed=4))
    ais = [make("easy", 4), make("easy", 5)]
    while len(session.recorder.answers) < 60:
        d = session.pending
        session.answer(ais[d.side].decide(session.state, d))
    return json.dumps(session.record("fuzz").to_dict(), ensure_ascii=False, indent=1)


# -- mutations ------------------------------------------------------------------------------------------

def _token_spans(text: str, rng: random.Random, pattern: str) -> tuple[int, int] | None:
    import re

    spans = [m.span() for m in re.finditer(pattern, text)]
    return rng.choice(spans) if spans else None


def mutate(text: str, rng: random.Random) -> str | bytes:
    """One to three seeded mutations of a YAML text: bytes, lines, numbers, scalars, structure."""
    out: str | bytes = text
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if isinstance(out, bytes):
            out = _mutate_bytes(out, rng)
            continue
        op = rng.randrange(15)
        if op >= 12:  # a plausible edit: another small number (most such mutants are accepted, and played)
            span = _token_spans(out, rng, r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")
            if span:
                value = rng.choice([str(rng.randint(0, 12)), f"{rng.uniform(0, 36):.2f}", str(rng.randint(1, 40))])
                out = out[:span[0]] + value + out[span[1]:]
        elif op == 0:
            out = _mutate_bytes(out.encode("utf-8", "surrogatepass"), rng)
        elif op in (1, 2):
            span = _token_spans(out, rng, r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
            if span:
                out = out[:span[0]] + rng.choice(NASTY_NUMBERS) + out[span[1]:]
        elif op in (3, 4):
            span = _token_spans(out, rng, r"(?<=: )[A-Za-z_][\w ]*|(?<=- )[A-Za-z_][\w]*|(?<=\[)[a-z_]+")
            if span:
                out = out[:span[0]] + rng.choice(NASTY_TEXT) + out[span[1]:]
        elif op == 5:
            lines = out.splitlines(keepends=True)
            i = rng.randrange(len(lines))
            choice = rng.randrange(5)
            if choice == 0:
                del lines[i]
            elif choice == 1:
                lines.insert(i, lines[i])
            elif choice == 2:
                j = rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            elif choice == 3:
                lines[i] = "  " + lines[i]
            else:
                lines[i] = lines[i].lstrip()
            out = "".join(lines)
        elif op == 6:
            pos = rng.randrange(len(out) + 1)
            out = out[:pos] + rng.choice(CONTROL) + out[pos:]
        elif op == 7:  # a key of some format, with a nasty value
            key = rng.choice(["format", "name", "size", "models", "terrain", "polygon", "deployment", "map",
                              "parties", "answers", "dice", "seed", "width", "ui_scale", "animation", "<<", "x", "y",
                              "facing", "wounds", "turns", "per_side", "depth", "edge", "scenario"])
            value = rng.choice(NASTY_NUMBERS + NASTY_TEXT)
            lines = out.splitlines(keepends=True)
            i = rng.randrange(len(lines) + 1)
            indent = " " * rng.choice((0, 0, 2, 4, 6))
            out = "".join(lines[:i]) + f"{indent}{key}: {value}\n" + "".join(lines[i:])
        elif op == 8:  # deep nesting or an alias bomb
            bomb = rng.choice([
                "[" * rng.randint(50, 5000) + "]" * rng.randint(0, 5000),
                "{a: " * rng.randint(50, 3000),
                "- " * rng.randint(50, 3000) + "x",
                "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n",
                "a: &a [*a]\n",
            ])
            pos = out.rfind("\n", 0, rng.randrange(len(out) + 1)) + 1
            out = out[:pos] + bomb + "\n" + out[pos:]
        elif op == 9:  # a large polygon (near-linear checks), sometimes crossing itself
            import math

            n = rng.choice((40, 100, 101, 4000))
            pts = [(18 + 15 * math.cos(2 * math.pi * k / n) * (1 if k % 2 else 0.7),
                    18 + 15 * math.sin(2 * math.pi * k / n) * (1 if k % 2 else 0.7)) for k in range(n)]
            if rng.random() < 0.5:
                i, j = rng.randrange(n), rng.randrange(n)
                pts[i], pts[j] = pts[j], pts[i]
            poly = "[" + ", ".join(f"[{x:.4f}, {y:.4f}]" for x, y in pts) + "]"
            span = _token_spans(out, rng, r"polygon: \[\[.*?\]\]")
            if span:
                out = out[:span[0]] + "polygon: " + poly + out[span[1]:]
            else:
                out += f"\nterrain:\n  - {{id: big, kind: rough, polygon: {poly}}}\n"
        elif op == 10:  # cut the file short, or double it
            out = out[:rng.randrange(len(out) + 1)] if rng.random() < 0.7 else out + out
        else:  # swap two scalar values of the file
            import re

            spans = [m.span() for m in re.finditer(r"(?<=: )[^\s{}\[\],#]+", out)]
            if len(spans) >= 2:
                a, b = sorted(rng.sample(spans, 2))
                out = out[:a[0]] + out[b[0]:b[1]] + out[a[1]:b[0]] + out[a[0]:a[1]] + out[b[1]:]
    return out


def _mutate_bytes(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    op = rng.randrange(4)
    pos = rng.randrange(len(data) + 1)
    if op == 0 and data:
        data[min(pos, len(data) - 1)] ^= 1 << rng.randrange(8)
    elif op == 1:
        data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
    elif op == 2:
        del data[pos:pos + rng.randint(1, 40)]
    else:
        data[pos:pos] = rng.choice([b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf", b"\xe2\x80"])
    return bytes(data)


# -- running one mutant ---------------------------------------------------------------------------------

def _strict_json(line: str) -> dict:
    def refuse(name: str) -> None:
        raise ValueError(f"{name} in JSON output")

    return json.loads(line, parse_constant=refuse)


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``python -m game ARGV`` in this process: exit code, stdout, stderr (text the console can encode)."""
    from game.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse
            code = exc.code if isinstance(exc.code, int) else 2
    text, errors = out.getvalue(), err.getvalue()
    (text + errors).encode("utf-8")  # a surrogate in the output is a bug: it would crash a real console
    return code, text, errors


def check_records(stdout: str, file: str) -> tuple[bool, bool]:
    """(every record is sound JSON, every failing record names file and locates its problems)."""
    records = [_strict_json(line) for line in stdout.split("\n") if line.strip()]
    failed = [r for r in records if r.get("errors")]
    for r in failed:
        assert r["file"], r
        for p in r["errors"]:
            assert isinstance(p["message"], str) and p["message"], r
    return bool(records), bool(failed)


class Runner:
    """Runs mutants of one kind in a work folder and tallies the outcomes."""

    def __init__(self, work: Path, limit: float = 60.0, play: bool = True, play_cap: int | None = None):
        self.work = work
        self.limit = limit
        self.play = play
        self.play_cap = play_cap
        (work / "pipe.yaml").exists() or os.mkfifo(work / "pipe.yaml")

    def one(self, kind: str, name: str, content: str | bytes, index: int, tally: Tally) -> None:
        path = self.work / f"{index:06d}_{name}"
        data = content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass")
        path.write_bytes(data)
        tally.mutants += 1
        t0 = time.perf_counter()
        try:
            with time_limit(self.limit):
                accepted = self.check(kind, path)
                if accepted:
                    tally.accepted += 1
                    if self.play and (self.play_cap is None or tally.played < self.play_cap):
                        self.play_to_end(kind, path, index)
                        tally.played += 1
                else:
                    tally.clean_errors += 1
        except Hang:
            tally.hangs += 1
            tally.failures.append(f"HANG {kind} {path}")
        except InternalError as exc:
            tally.internal_errors += 1
            tally.failures.append(f"INTERNAL {kind} {path}: {exc}")
        except Exception:
            tally.tracebacks += 1
            tally.failures.append(f"TRACEBACK {kind} {path}:\n{traceback.format_exc()}")
        else:
            path.unlink()
        tally.slowest = max(tally.slowest, time.perf_counter() - t0)

    def check(self, kind: str, path: Path) -> bool:
        """Through the CLI (and the settings loader); True when the file was accepted."""
        if kind == "settings":
            return self.check_settings(path)
        if kind == "save":
            code, stdout, stderr = run_cli(["replay", str(path)])
            assert code in (0, 1) and "Traceback" not in stderr, (code, stderr[-500:])
            assert code == 0 or (path.name in stderr and stderr.strip()), (code, stderr[-500:])
            return code == 0
        commands = {"party": [["party", "check", str(path)], ["validate", "--json", str(path)]],
                    "map": [["validate", "--json", str(path)]],
                    "scenario": [["validate", "--json", str(path)]],
                    "script": [["run", str(path)]]}[kind]
        verdicts = []
        for argv in commands:
            code, stdout, stderr = run_cli(argv)
            if "internal error" in stdout + stderr:
                raise InternalError(stdout[-500:] + stderr[-500:])
            if kind == "script":
                record = _strict_json(stdout) if stdout.strip() else {}
                if code == 1:
                    assert record.get("errors") and record.get("file"), (code, stdout, stderr)
                    verdicts.append(False)
                else:
                    assert code in (0, 2) and "state" in record, (code, stdout[-300:], stderr)
                    verdicts.append(True)
                continue
            any_records, failed = check_records(stdout, str(path))
            assert any_records, (code, stdout, stderr)
            assert (code != 0) == failed, (code, stdout)
            verdicts.append(not failed)
        if kind == "party" and verdicts[0] != verdicts[1]:
            raise AssertionError(f"party check and validate disagree: {verdicts}")
        return verdicts[0]

    @staticmethod
    def check_settings(path: Path) -> bool:
        from game.ui.settings import SPEEDS, UISettings, load_settings

        settings, problems = load_settings(path)
        for p in problems:
            assert isinstance(p, str) and str(path) in p, p
            p.encode("utf-8")
            if "internal error" in p:
                raise InternalError(p)
        assert isinstance(settings, UISettings)
        assert 800 <= settings.width <= 10000 and 600 <= settings.height <= 10000 and settings.fps_cap >= 15
        assert 0.5 <= settings.ui_scale <= 3 and settings.animation in SPEEDS
        assert all(isinstance(getattr(settings, k), bool) for k in ("fullscreen", "colour_blind",
                                                                   "declare_plan_upfront"))
        return not problems

    def play_to_end(self, kind: str, path: Path, index: int) -> None:
        """An accepted mutant in a whole headless game between random controllers."""
        from game.ai.registry import make
        from game.content.library import resolve
        from game.content.maps import load_map
        from game.content.party_building import load_party
        from game.content.scenario_file import load_scenario
        from game.rules.engine import Game
        from game.rules.setup import new_game

        seed = index + 1
        if kind == "settings":
            return
        if kind == "save":  # it plays back; the game goes on from it to the end
            from game.saves.record import read_save
            from game.ui.session import BattleSession

            game = BattleSession.from_save(read_save(path)).game
            game.controllers = [make("random", seed), make("random", seed + 1)]
            game.run()
            return
        if kind == "script":
            from game.content.script_file import load_script
            from game.rules.script_mode import build_state

            state = build_state(load_script(path))
            Game(state, [make("random", seed), make("random", seed + 1)]).run()
            return
        parties = [load_party(resolve("parties", "ghrim_company")), load_party(resolve("parties", "hollow_court"))]
        battle_map = load_map(resolve("maps", "open_field"))
        scenario = load_scenario(resolve("scenarios", "engagement"))
        if kind == "party":
            party = load_party(path)
            same = [p for p in ("ghrim_company", "lantern_adventuring_co", "thornwood_wildkin")
                    if load_party(resolve("parties", p)).size == party.size]
            opponent = load_party(resolve("parties", same[0])) if same else party
            parties = [party, opponent]
        elif kind == "map":
            battle_map = load_map(path)
        elif kind == "scenario":
            scenario = load_scenario(path)
        state = new_game((parties[0], parties[1]), battle_map, seed, scenario=scenario)
        Game(state, [make("random", seed), make("random", seed + 1)]).run()


class InternalError(Exception):
    """The output says 'internal error': a bug turned into a message without a location."""


def subprocess_check(kind: str, path: Path) -> None:
    """The same file through a real ``python -m game``: strict UTF-8, no traceback."""
    argv = {"party": ["party", "check"], "map": ["validate"], "scenario": ["validate"], "script": ["run"],
            "save": ["replay"]}.get(kind)
    if argv is None:
        return
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "game", *argv, str(path)], cwd=ROOT, capture_output=True,
                         timeout=120, env=env)
    stdout, stderr = out.stdout.decode("utf-8"), out.stderr.decode("utf-8")
    assert "Traceback" not in stderr and "internal error" not in stdout + stderr, stderr[-2000:]
    assert out.returncode in (0, 1, 2), out.returncode


def fuzz(kind: str, mutants: int, seed: int, work: Path, limit: float = 60.0, play: bool = True,
         play_cap: int | None = None, subprocess_every: int = 0,
         progress: Callable[[Tally], None] | None = None) -> Tally:
    """``mutants`` seeded mutants of the shipped files of ``kind``; the tally of what happened."""
    rng = random.Random(f"{kind}:{seed}")
    seeds = seed_files(kind)
    runner = Runner(work, limit, play, play_cap)
    tally = Tally()
    for i in range(mutants):
        name, text = rng.choice(seeds)
        content = mutate(text, rng)
        runner.one(kind, name, content, i, tally)
        if subprocess_every and i % subprocess_every == 0:
            path = work / f"sub_{i:06d}_{name}"
            path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
            try:
                subprocess_check(kind, path)
                tally.subprocess_runs += 1
                path.unlink()
            except (AssertionError, subprocess.TimeoutExpired) as exc:
                tally.tracebacks += 1
                tally.failures.append(f"SUBPROCESS {kind} {path}: {exc}")
        if progress and (i + 1) % 100 == 0:
            progress(tally)
    return tally


def summary(t: Tally) -> str:
    return (f"{t.mutants} mutants, {t.clean_errors} clean errors, {t.accepted} accepted ({t.played} played to the "
            f"end), {t.tracebacks} tracebacks, {t.internal_errors} internal errors, {t.hangs} hangs; slowest "
            f"{t.slowest:.1f} s")


def peak_memory_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.content.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=2000, help="mutants of each kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds before a mutant counts as a hang")
    parser.add_argument("--subprocess-every", type=int, default=200)
    parser.add_argument("--memory-mb", type=int, default=3000, help="address-space limit (MemoryError past it)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    limit = args.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    total = Tally()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="ih-fuzz-") as tmp:
        for kind in args.kinds:
            work = Path(tmp) / kind
            work.mkdir()
            k0 = time.perf_counter()
            tally = fuzz(kind, args.mutants, args.seed, work, args.limit, subprocess_every=args.subprocess_every,
                         progress=lambda t, kind=kind: print(f"  {kind} so far: {summary(t)}; peak memory "
                                                             f"{peak_memory_mb():.0f} MB", flush=True))
            print(f"{kind:>9}: {tally.mutants} mutants, {tally.clean_errors} clean errors, {tally.accepted} accepted "
                  f"({tally.played} played to the end), {tally.tracebacks} tracebacks, {tally.internal_errors} "
                  f"internal errors, {tally.hangs} hangs; slowest {tally.slowest:.1f} s; "
                  f"{time.perf_counter() - k0:.0f} s", flush=True)
            for failure in tally.failures[:20]:
                print("   ", failure, flush=True)
            total.add(tally)
    print(f"    total: {total.mutants} mutants, {total.clean_errors} clean errors, {total.accepted} accepted "
          f"({total.played} played), {total.tracebacks} tracebacks, {total.internal_errors} internal errors, "
          f"{total.hangs} hangs, {total.subprocess_runs} subprocess runs; peak memory {peak_memory_mb():.0f} MB; "
          f"{time.perf_counter() - t0:.0f} s")
    return 0 if total.ok else 1


if __name__ == "__main__":
    sys.exit(main())
