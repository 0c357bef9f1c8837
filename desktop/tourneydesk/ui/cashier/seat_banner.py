"""The seat just sold, in the largest type the centre holds: what the cashier reads out to the player.

Green for the sale just made, grey once the next player is at the desk. It follows the player: after a
move (a table balanced or broken) it shows the new seat and says where the seat card sent them; once the
sale is no longer current (the entry busted, the sale undone) it is cleared, so nobody is sent to a seat
someone else holds.
"""

from __future__ import annotations

import math

from ...desk import Desk
from ..qt import QFont, QFontMetricsF, QFrame, QLabel, Qt, QVBoxLayout, QWidget

# The seat sold: the largest type on a tall screen, on a short one (the next sale needs the height), and the
# smallest it shrinks to for a long text in a narrow centre.
SEAT_POINTS, SHORT_SEAT_POINTS, MIN_SEAT_POINTS = 44, 30, 16
TALL_SCREEN = 900  # from this window height the list of keys is shown too


class SeatBanner(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seat_banner")
        self.seat_name = QLabel(self)
        self.seat_name.setObjectName("seat_name")
        self.seat_big = QLabel(self)
        self.seat_big.setObjectName("seat_big")
        self.seat_note = QLabel(self)
        self.seat_note.setObjectName("seat_note")
        self.seat_note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 10)
        for label in (self.seat_name, self.seat_big, self.seat_note):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setWordWrap(True)  # a long name or "Table 12 · Seat 10" wraps in place, never widens the window
            layout.addWidget(label)
        self.entry: str | None = None  # the entry whose sale the banner shows
        self._seat: tuple[int, int] | None = None  # the seat it was sold, when it shows one
        self._note = ""  # what the banner said under the seat at the sale
        self._points = 0
        self.hide()

    def seat_words(self, table: int, seat: int) -> str:
        return self.tr("Table {table} · Seat {seat}").format(table=table, seat=seat)

    def show_seat(self, name: str, entry: str, table: int, seat: int, note: str) -> None:
        """A buy-in (or a rebuy that brought a player back): the seat drawn, the chips under it."""
        self._show(name, entry, (table, seat), self.seat_words(table, seat), note)

    def show_chips(self, name: str, entry: str | None, text: str) -> None:
        """A rebuy or an add-on at the player's own seat: the chips it gave."""
        self._show(name, entry, None, text, "")

    def _show(self, name: str, entry: str | None, seat: tuple[int, int] | None, big: str, note: str) -> None:
        self.entry, self._seat, self._note = entry, seat, note
        self.seat_name.setText(name)
        self.seat_big.setText(big)
        self.seat_note.setText(note)
        self.show()
        self.fit()
        self.set_fresh(True)

    def follow(self, desk: Desk) -> None:
        """Where the player of the last sale sits now, under the name they answer to now (a typo fixed with
        F2, at any desk); cleared once the sale is no longer current."""
        if self.entry is None or self.isHidden():
            return
        facts = desk.entry(self.entry)
        if facts is None or not facts.playing:
            self.entry = self._seat = None
            self.hide()
            return
        name = desk.name_of(facts.player) or ""
        if name != self.seat_name.text():
            self.seat_name.setText(name)
        if self._seat is None or facts.table is None or facts.seat is None:
            return  # a rebuy or an add-on: the chips it shows stand
        self.seat_big.setText(self.seat_words(facts.table, facts.seat))
        self.fit()
        if (facts.table, facts.seat) == self._seat:
            self.seat_note.setText(self._note)
        else:
            table, seat = self._seat
            self.seat_note.setText(self.tr("Moved since the sale: was table {table}, seat {seat} · Ctrl+R prints "
                                           "the new seat card").format(table=table, seat=seat))

    def set_fresh(self, fresh: bool) -> None:
        """Green for the sale just made; grey once the next player is at the desk."""
        self.setProperty("fresh", "true" if fresh else "false")
        self.style().unpolish(self)
        self.style().polish(self)

    def fit(self) -> None:
        """The seat in the biggest type that holds it on one line across the banner: wrapped onto two lines
        ("Table 7 ·" / "Seat 3") it pushed "Take payment" below the fold of a 1280x720 screen. Smaller on a
        short screen, where the next sale needs the height."""
        largest = SEAT_POINTS if self.window().height() >= TALL_SCREEN else SHORT_SEAT_POINTS
        font = QFont(self.seat_big.font())
        font.setPointSizeF(largest)
        font.setWeight(QFont.Weight.ExtraBold)
        wide = QFontMetricsF(font).horizontalAdvance(self.seat_big.text()) + 8  # the label's own margins
        room = self.contentsRect().width() - 32  # the banner's inner margins
        points = largest if wide <= room or room <= 0 else max(MIN_SEAT_POINTS, math.floor(largest * room / wide))
        if points != self._points:
            self._points = points
            self.seat_big.setStyleSheet(f"font-size: {points}pt;")
