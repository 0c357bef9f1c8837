"""The console's status line: what the TD just did, what the room was told, and states that hold a while."""

from __future__ import annotations

from collections.abc import Callable

from ..qt import QLabel, QTimer, QWidget


class StatusLine(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._while: tuple[str, Callable[[], bool]] | None = None  # a text true only for a while
        self._timer = QTimer(self)  # a state may end with no command: the clock runs past the last minute
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.drop_ended)
        self._timer.start()

    def say_while(self, text: str, holds: Callable[[], bool]) -> None:
        """A status text that describes a state ("Table 4 waits for its button", "One minute left"): shown
        while `holds()`, and gone once the state has ended, by a command or by the clock alone."""
        self.setText(text)
        self._while = (text, holds)

    def say_beside(self, text: str) -> None:
        """A text told by something else than the TD's own command (the club file recorded the night): said
        after what the line says now, which the TD has not read yet (the last bust, the seats won)."""
        shown = self.text()
        if not shown:
            self.setText(text)
        elif text not in shown:
            self.setText(f"{shown} · {text}")

    def drop_ended(self) -> None:
        if self._while is None:
            return
        text, holds = self._while
        if self.text() != text:  # another text has taken its place since: that one is not ours to end
            self._while = None
        elif not holds():
            self.clear()
            self._while = None
