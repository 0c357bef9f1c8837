"""The cashier's header: the tournament's name, the clock and registration, and the night's counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import fmt
from ..qt import QFrame, QHBoxLayout, QLabel, QSizePolicy, QWidget


@dataclass(frozen=True)
class Counts:
    """The header's counts, read off the snapshot after each command (the clock is read every second)."""

    left: int = 0
    entries: int = 0
    pool: int = 0
    winner: str = ""


class CashierHeader(QFrame):
    def __init__(self, name: str, currency: str, parent: QWidget | None = None, *, points_only: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("header")
        self.currency = currency
        self.points_only = points_only  # no money: the counts say "points only" where the prize pool would be
        self.counts = Counts()
        self.header_name = QLabel(name, self)
        self.header_name.setObjectName("header_name")
        self.header_clock = QLabel(self)
        self.header_clock.setObjectName("header_clock")
        self.header_counts = QLabel(self)
        self.header_counts.setObjectName("header_counts")
        for label in (self.header_name, self.header_clock, self.header_counts):
            # The header gives way (cut short) on a narrow screen rather than widening the window.
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
            label.setMinimumWidth(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 8, 16, 8)
        layout.addWidget(self.header_name)
        layout.addSpacing(24)
        layout.addWidget(self.header_clock)
        layout.addStretch(1)
        layout.addWidget(self.header_counts)

    def show_clock(self, now: dict[str, Any]) -> None:
        """The clock and registration as `Desk.clock_now` has them, beside the counts of the last snapshot."""
        clock = now["clock"]
        counts = self.counts
        if now["status"] == "finished":
            # The clock may still count the last level; the tournament it timed is over.
            self.header_clock.setText(self.tr("Finished: {name} wins").format(name=counts.winner))
            self.header_counts.setText(self.tr("%n entries · points only", "", counts.entries) if self.points_only
                                       else self.tr("%n entries · prize pool {pool}", "", counts.entries).format(
                                           pool=fmt.money(counts.pool, self.currency)))
            return
        if not clock["started"]:
            clock_text = self.tr("Not started")
        else:
            level = self.tr("Level {n}").format(n=clock["level"]) if clock["level"] else self.tr("Break")
            clock_text = self.tr("{level} · {left} left").format(level=level, left=fmt.clock(clock["remaining_s"]))
        reg_open = bool(clock["registration_open"])
        closes_in = clock["registration_closes_in_s"]
        if reg_open and closes_in is not None:
            reg_text = self.tr("Registration open, closes in {left}").format(left=fmt.clock(closes_in))
        elif reg_open:
            reg_text = self.tr("Registration open")
        else:
            reg_text = self.tr("Registration closed")
        self.header_clock.setText(f"{clock_text}   ·   {reg_text}")
        left, entries = self.tr("%Ln left", "", counts.left), self.tr("%Ln entries", "", counts.entries)
        if self.points_only:
            self.header_counts.setText(self.tr("{left} of {entries} · points only, no money").format(
                left=left, entries=entries))
            return
        self.header_counts.setText(self.tr("{left} of {entries} · prize pool {pool}").format(
            left=left, entries=entries, pool=fmt.money(counts.pool, self.currency)))
