"""The clock a test holds: an instant to start from, and a clock that moves only when the test says so."""

from __future__ import annotations

T0 = 1_767_000_000.0  # an instant in 2025, in POSIX seconds


class FakeClock:
    """The only clock a test desk reads; it moves when the test says so."""

    def __init__(self, t: float = T0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float = 0, *, minutes: float = 0) -> None:
        self.t += seconds + minutes * 60
