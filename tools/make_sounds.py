#!/usr/bin/env python3
"""Synthesise the battle's sound effects into assets/sounds/*.wav (mono, 16 bit, 22.05 kHz).

    python tools/make_sounds.py            # writes every sound
    python tools/make_sounds.py --check    # exit 1 when a committed file differs from what this makes

The sounds are made here from sine waves and seeded noise (the standard library only), so they are the
project's own work: nothing vendored, nothing to credit. The output is byte-for-byte reproducible.
"""

from __future__ import annotations

import argparse
import array
import io
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def _samples(seconds: float) -> range:
    return range(round(seconds * RATE))


def _noise(seed: int, seconds: float, smooth: float = 0.0) -> list[float]:
    """White noise, low-passed by a one-pole filter (``smooth`` near 1: darker)."""
    rng, last, out = random.Random(seed), 0.0, []
    for _ in _samples(seconds):
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(last)
    peak = max(abs(v) for v in out) or 1.0
    return [v / peak for v in out]


def _tone(seconds: float, f0: float, f1: float | None = None, decay: float = 8.0) -> list[float]:
    """A sine gliding from f0 to f1 Hz with an exponential decay."""
    f1 = f0 if f1 is None else f1
    out, phase, n = [], 0.0, len(_samples(seconds))
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * (f0 + (f1 - f0) * i / n) / RATE
        out.append(math.sin(phase) * math.exp(-decay * t))
    return out


def _mix(*parts: tuple[float, list[float]]) -> list[float]:
    n = max(len(p) for _, p in parts)
    return [sum(g * p[i] for g, p in parts if i < len(p)) for i in range(n)]


def _envelope(values: list[float], attack: float, decay: float) -> list[float]:
    """Rise over ``attack`` seconds, then fall exponentially at ``decay`` per second."""
    out = []
    for i, v in enumerate(values):
        t = i / RATE
        out.append(v * (min(1.0, t / attack) if attack > 0 else 1.0) * math.exp(-decay * max(0.0, t - attack)))
    return out


def dice() -> list[float]:
    """Dice rattling in a tray: a handful of short clicks, each quieter and further apart."""
    rng = random.Random(11)
    out = [0.0] * len(_samples(0.42))
    at = 0.0
    for k in range(7):
        click = _envelope(_noise(100 + k, 0.012, 0.35), 0.0005, 380)
        start = round(at * RATE)
        for i, v in enumerate(click):
            if start + i < len(out):
                out[start + i] += v * (0.9 - 0.09 * k)
        at += rng.uniform(0.03, 0.06) * (1 + 0.15 * k)
    return out


def swing() -> list[float]:
    return _envelope(_noise(2, 0.2, 0.82), 0.09, 30)


def shot() -> list[float]:
    return _mix((0.8, _envelope(_noise(3, 0.28, 0.5), 0.002, 22)), (0.6, _tone(0.28, 110, 55, 14)))


def hit() -> list[float]:
    return _mix((0.9, _tone(0.16, 150, 60, 22)), (0.5, _envelope(_noise(4, 0.05, 0.3), 0.001, 90)))


def wound() -> list[float]:
    return _mix((0.9, _tone(0.3, 210, 70, 11)), (0.35, _envelope(_noise(5, 0.3, 0.7), 0.002, 14)))


def saved() -> list[float]:
    """A metallic clink: inharmonic partials ringing down."""
    return _mix((0.5, _tone(0.35, 1250, None, 11)), (0.3, _tone(0.35, 1870, None, 14)),
                (0.2, _tone(0.35, 2710, None, 18)), (0.4, _envelope(_noise(6, 0.01, 0.2), 0.0005, 300)))


def stun() -> list[float]:
    """A dizzy wobble falling in pitch."""
    out, phase = [], 0.0
    for i in _samples(0.45):
        t = i / RATE
        phase += 2 * math.pi * (520 - 380 * t + 40 * math.sin(2 * math.pi * 14 * t)) / RATE
        out.append(math.sin(phase) * math.exp(-4 * t) * min(1.0, t / 0.01))
    return out


def death() -> list[float]:
    return _mix((0.8, _tone(0.65, 260, 70, 4.5)), (0.3, _envelope(_noise(7, 0.65, 0.9), 0.02, 5)))


def misfire() -> list[float]:
    """A crackle of sparks and a dull pop."""
    rng = random.Random(8)
    out = _mix((0.6, _tone(0.3, 90, 60, 20)), (0.0, [0.0] * len(_samples(0.3))))
    for _ in range(14):
        at = round(rng.uniform(0.0, 0.25) * RATE)
        for i, v in enumerate(_envelope(_noise(rng.randrange(10000), 0.006, 0.1), 0.0003, 500)):
            if at + i < len(out):
                out[at + i] += 0.6 * v
    return out


def push() -> list[float]:
    return _mix((0.7, _envelope(_noise(9, 0.32, 0.92), 0.12, 14)), (0.4, _tone(0.32, 80, 50, 8)))


def activate() -> list[float]:
    """A soft two-note chime."""
    return _envelope(_mix((0.5, _tone(0.4, 660, None, 7)), (0.35, _tone(0.4, 990, None, 9))), 0.005, 0)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "dice": dice, "swing": swing, "shot": shot, "hit": hit, "wound": wound, "saved": saved, "stun": stun,
    "death": death, "misfire": misfire, "push": push, "activate": activate}


def wav_bytes(values: list[float], gain: float = 0.7) -> bytes:
    """16-bit mono WAV, normalised to ``gain`` of full scale, with a 5 ms fade at the end (no click)."""
    peak = max(abs(v) for v in values) or 1.0
    tail = round(0.005 * RATE)
    pcm = array.array("h")
    for i, v in enumerate(values):
        fade = min(1.0, (len(values) - i) / tail)
        pcm.append(round(max(-1.0, min(1.0, v / peak * gain * fade)) * 32767))
    if sys.byteorder == "big":
        pcm.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    differ = []
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        data, path = wav_bytes(make()), args.out / f"{name}.wav"
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                differ.append(path.name)
            continue
        path.write_bytes(data)
        print(f"{path.relative_to(args.out.parent.parent) if args.out == OUT else path}: {len(data)} bytes")
    if differ:
        print("differ from tools/make_sounds.py: " + ", ".join(differ))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
