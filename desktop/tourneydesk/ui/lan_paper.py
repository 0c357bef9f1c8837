"""The seat card of a buy-in sold on a device, on the laptop's paper: with the console open (`lan_link`) or
with no window at all (`tourneydesk FILE --lan`).

Without windows it is printed only when the cashier desk's paper is set on this laptop: a printer chosen in
its print dialog (`cashier/printer`), or its PDF folder (`cashier/pdf_folder`). Then Qt lays the card out
with no screen (the offscreen platform) and the tablet is told where it went; with neither set, nothing is
printed and the tablet says nothing of the sort.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..desk import Desk
from . import i18n, printing
from .qt import QGuiApplication, QSettings

SeatCardPrinter = Callable[[Desk, dict[str, Any]], str | None]
_kept: list[Any] = []  # the headless server's Qt application and its translators, alive while it serves


def print_seat_card(desk: Desk, result: dict[str, Any], settings: QSettings) -> str | None:
    """The buy-in's seat card printed, or saved as a PDF when no printer is chosen (or it is gone): "printer"
    or "pdf", the tablet's word for where it went; None for a buy-in with no seat (an alternate)."""
    if result.get("table") is None:
        return None
    name = desk.names()[result["entry"]]
    card = printing.SeatCard(desk.config.name, name, result["entry"], result["table"], result["seat"],
                             result["chips"], desk.now_ms(), bool(result.get("reentry")))
    target = printing.print_target(settings, desk.path)
    where = target.output(printing.seat_card_html(card), f"seat-card-{card.entry}", printing.SEAT_CARD_PAGE)
    return "printer" if target.printer_name and where == target.printer_name else "pdf"


def headless_seat_cards(settings: QSettings | None = None) -> SeatCardPrinter | None:
    """For a server with no window: the seat-card printer when this laptop's cashier paper is set, else None.
    Called on the main thread, before the server starts: it makes the Qt application the printing needs."""
    settings = settings or QSettings("TourneyDesk", "TourneyDesk")
    if not str(settings.value("cashier/printer", "") or "") and not str(settings.value("cashier/pdf_folder", "") or ""):
        return None
    if QGuiApplication.instance() is None:
        app = QGuiApplication(["tourneydesk", "-platform", "offscreen"])
        app.setOrganizationName("TourneyDesk")
        app.setApplicationName("TourneyDesk")
        _kept.extend([app, *i18n.install(app, i18n.chosen_language(settings))])
    return lambda desk, result: print_seat_card(desk, result, settings)
