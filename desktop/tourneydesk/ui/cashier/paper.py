"""What the cashier desk puts on paper, and where it goes: seat cards, payout slips, the night's report.

A printer chosen once, or PDF files in a folder (the default, beside the tournament file). A paper that
fails is reported, never raised: the money it documents is already recorded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.read_models.people import PersonFacts
from .. import printing
from ..bridge import DeskBridge
from ..qt import QFileDialog, QObject, QPrintDialog, QPrinter, QSettings, QWidget, Signal
from .books import Owed, night_report


class CashierPaper(QObject):
    """`printed(kind, where)` after each paper ("seat_card", "payout_slip", "report"; a printer name or a PDF
    path); `said(text, ms)`: what to tell the cashier on the status line, for `ms` (0: until the next)."""

    printed = Signal(str, str)
    said = Signal(str, int)

    def __init__(self, bridge: DeskBridge, settings: QSettings, parent: QWidget) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.settings = settings
        self.window = parent
        self.target = printing.print_target(settings, bridge.desk.path)
        self.last_card: printing.SeatCard | None = None

    def print_card(self, card: printing.SeatCard) -> str | None:
        """Where the card went, or None when it could not be printed."""
        return self._output("seat_card", printing.seat_card_html(card), f"seat-card-{card.entry}",
                            printing.SEAT_CARD_PAGE, self.tr("Seat card printed: {where}"))

    def reprint_seat_card(self, person: PersonFacts | None) -> None:
        """The seat card of `person`'s live entry (after a move, a lost card), else the last one sold."""
        desk = self.bridge.desk
        last = person.last if person is not None else None
        if person is not None and last is not None and last.table is not None and last.seat is not None:
            card = printing.SeatCard(desk.config.name, person.name, last.id, last.table,
                                     last.seat, last.chips, desk.now_ms(), last.number > 1)
        elif self.last_card is not None:
            card = self.last_card
        else:
            self.said.emit(self.tr("No seat card to print: choose a seated player first"), 5000)
            return
        self.print_card(card)

    def payout_slip(self, owed: Owed, method: str) -> None:
        desk = self.bridge.desk
        slip = printing.PayoutSlip(desk.config.name, desk.currency, owed.name, owed.place,
                                   owed.prize, owed.bounty, owed.paid_before, owed.amount, method, desk.now_ms(),
                                   self.tr("Cashier"))
        self._output("payout_slip", printing.payout_slip_html(slip), f"payout-slip-{owed.entry}",
                     printing.PAYOUT_SLIP_PAGE, self.tr("Payout slip printed: {where}"))

    def _output(self, kind: str, page_html: str, stem: str, page: Any, done: str) -> str | None:
        try:
            where = self.target.output(page_html, stem, page)
        except OSError as exc:
            self.said.emit(self.tr("Could not print: {error}").format(error=str(exc)), 0)
            return None
        self.said.emit(done.format(where=where), 15000)
        self.printed.emit(kind, where)
        return where

    # -- the night's report -----------------------------------------------------------------
    def save_report_as(self) -> None:
        desk = self.bridge.desk
        suggested = str(self.target.pdf_folder / f"{desk.path.stem} end-of-night.pdf")
        path, _ = QFileDialog.getSaveFileName(self.window, self.tr("Save the end-of-night report"), suggested,
                                              self.tr("PDF files (*.pdf)"))
        if path:
            self.save_report(Path(path))

    def save_report(self, path: Path) -> Path:
        report = night_report(self.bridge.desk)
        printing.save_pdf(printing.report_html(report), path, printing.REPORT_PAGE, report.tournament)
        self.said.emit(self.tr("End-of-night report saved: {where}").format(where=str(path)), 15000)
        self.printed.emit("report", str(path))
        return path

    # -- where the paper goes ---------------------------------------------------------------
    def target_text(self) -> str:
        if self.target.printer() is not None:
            return self.tr("Printing to {printer}").format(printer=self.target.printer_name)
        return self.tr("Seat cards and slips are saved as PDF in {folder}").format(folder=str(self.target.pdf_folder))

    def choose_printer(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self.window)
        dialog.setWindowTitle(self.tr("Printer for seat cards and slips"))
        accepted = dialog.exec() == QPrintDialog.DialogCode.Accepted
        if accepted and printer.outputFormat() == QPrinter.OutputFormat.NativeFormat:
            self.target.printer_name = printer.printerName()
            self.settings.setValue("cashier/printer", self.target.printer_name)
        self.said.emit(self.target_text(), 0)

    def choose_pdf_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self.window, self.tr("Folder for seat cards and slips"),
                                                  str(self.target.pdf_folder))
        if folder:
            self.target.pdf_folder = Path(folder)
            self.target.printer_name = ""
            self.settings.setValue("cashier/pdf_folder", folder)
            self.settings.setValue("cashier/printer", "")
        self.said.emit(self.target_text(), 0)
