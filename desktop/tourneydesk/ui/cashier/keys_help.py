"""The cashier's keys, listed under the sale on a tall screen (they are in the menus too)."""

from __future__ import annotations

from ..qt import QLabel, Qt, QWidget


class KeysHelp(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("keys_help")
        self.setTextFormat(Qt.TextFormat.RichText)
        keys = [
            (self.tr("Ctrl+F"), self.tr("find a player"), self.tr("Ctrl+N"), self.tr("new player")),
            (self.tr("F2"), self.tr("correct the player"), self.tr("Alt+U"), self.tr("take back a registration")),
            (self.tr("↑ ↓ Enter"), self.tr("choose the player"), self.tr("Space"), self.tr("player is present")),
            (self.tr("Ctrl+1…5"), self.tr("cash, card, transfer, voucher, comp"), self.tr("Enter"),
             self.tr("take payment")),
            (self.tr("F5 F6 F7"), self.tr("buy-in, rebuy, add-on"), self.tr("Ctrl+R"), self.tr("seat card again")),
            (self.tr("Ctrl+L"), self.tr("the payouts"), self.tr("F8"), self.tr("paid, with a slip")),
            (self.tr("F9"), self.tr("waiting list: on or off"), self.tr("Ctrl+Shift+Q"),
             self.tr("waiting list emptied")),
            (self.tr("Ctrl+E"), self.tr("end-of-night report"), self.tr("Ctrl+W"), self.tr("close")),
        ]
        two = "".join(f"<tr><td><b>{a}</b></td><td>{b}</td><td width='16'></td><td><b>{c}</b></td><td>{d}</td></tr>"
                      for a, b, c, d in keys)
        one = "".join(f"<tr><td><b>{key}</b></td><td>{what}</td></tr>"
                      for a, b, c, d in keys for key, what in ((a, b), (c, d)))
        # Two keys a line where they fit, else one: at 1920 px the second column ran past the card's edge
        # ("new p", "take b").
        self._tables = (f"<table cellspacing='3'>{two}</table>", f"<table cellspacing='3'>{one}</table>")
        self.setText(self._tables[0])

    def fit(self, room: int) -> None:
        self.setText(self._tables[0])
        if self.sizeHint().width() > room:
            self.setText(self._tables[1])
