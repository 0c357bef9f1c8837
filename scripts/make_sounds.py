"""Synthesise the display's chimes into resources/sounds/*.wav: pure Python, deterministic, no samples.

Each chime is a few bell-like notes: a sine with two soft overtones under an exponential decay, so it
carries across a noisy card room without sounding like an alarm. Run it again and the files come out
byte for byte the same.

    python scripts/make_sounds.py [--out resources/sounds]
"""

from __future__ import annotations

import argparse
import math
import struct
import wave
from pathlib import Path

RATE = 44_100
PEAK = 0.6  # of full scale: headroom so that overlapping notes never clip

# name -> notes as (start seconds, frequency Hz, length seconds)
CHIMES: dict[str, tuple[tuple[float, float, float], ...]] = {
    # one minute left in the level: two gentle falling notes
    "one_minute": ((0.0, 880.0, 0.9), (0.35, 659.25, 1.1)),
    # the new level starts: a rising major triad
    "level_change": ((0.0, 523.25, 1.0), (0.18, 659.25, 1.0), (0.36, 783.99, 1.4)),
    # the break starts: a descending triad, softer and lower
    "break_start": ((0.0, 783.99, 1.0), (0.22, 659.25, 1.0), (0.44, 523.25, 1.6)),
    # the break ends: the rising triad crowned by the octave, "back to your seats"
    "break_end": ((0.0, 523.25, 0.8), (0.15, 659.25, 0.8), (0.30, 783.99, 0.8), (0.45, 1046.5, 1.5)),
}


def note(t: float, frequency: float, length: float) -> float:
    if t < 0 or t > length:
        return 0.0
    attack = min(1.0, t / 0.01)  # 10 ms attack: no click at the start
    release = min(1.0, (length - t) / 0.05)  # 50 ms release: no click at the end
    envelope = attack * release * math.exp(-3.0 * t / length)
    phase = 2 * math.pi * frequency * t
    return envelope * (math.sin(phase) + 0.35 * math.sin(2 * phase) + 0.12 * math.sin(3 * phase)) / 1.47


def render(notes: tuple[tuple[float, float, float], ...]) -> bytes:
    duration = max(start + length for start, _, length in notes)
    frames = int(duration * RATE) + 1
    samples = []
    for i in range(frames):
        t = i / RATE
        value = sum(note(t - start, freq, length) for start, freq, length in notes) / len(notes) ** 0.5
        samples.append(round(max(-1.0, min(1.0, value * PEAK)) * 32767))
    return struct.pack(f"<{len(samples)}h", *samples)


def write(path: Path, pcm: bytes) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "resources" / "sounds")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, notes in CHIMES.items():
        path = args.out / f"{name}.wav"
        write(path, render(notes))
        print(path)


if __name__ == "__main__":
    main()
