"""Closing the console: the side windows that go with it, and what the TD is told first."""

from __future__ import annotations

from ..qt import QWidget
from ..side_windows import KINDS
from .common import tr


def side_windows_shown(windows: list[QWidget]) -> list[str]:
    """The kinds of the cashier desks and projector displays among `windows` still on the screen."""
    from ..cashier import CashierWindow
    from ..display import DisplayWindow

    kinds = []
    for window in windows:
        try:
            shown = window.isVisible()
        except RuntimeError:  # closed with WA_DeleteOnClose: the C++ side is gone
            continue
        if shown and isinstance(window, CashierWindow):
            kinds.append("cashier")
        elif shown and isinstance(window, DisplayWindow):
            kinds.append("display")
    return [k for k in KINDS if k in kinds]


def closing_words(kinds: list[str]) -> str:
    """What closing the console while the clock runs takes with it, said before it happens."""
    also = {("cashier",): tr("The cashier desk closes with it."),
            ("display",): tr("The projector display closes with it."),
            ("cashier", "display"): tr("The cashier desk and the projector display close with it.")}
    text = tr("The clock is running: it keeps running in the file while the program is closed, and shows "
              "the right time when the file is opened again.")
    return f"{text} {also[tuple(kinds)]}" if kinds else text
