"""The papers the cashier hands over, written as real PDF files and read back as a reader would.

The text is extracted with Qt's own PDF engine (QtPdf, shipped with PySide6), so the tests need no
system tool such as pdftotext and check the file the printer or the player actually gets.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDateTime, QLocale
from PySide6.QtWidgets import QApplication

from tests.helpers.pdf import norm, pdf_text
from tourneydesk.ui import fmt, i18n, printing

AT_MS = 1_767_000_000_000


def test_seat_card_pdf_names_the_tournament_table_seat_player_and_time(qapp: object, tmp_path: Path) -> None:
    card = printing.SeatCard("Friday PKO", "Chloé Martin", "e61", 3, 5, 25000, AT_MS, reentry=True)
    path = printing.save_pdf(printing.seat_card_html(card), tmp_path / "card.pdf", printing.SEAT_CARD_PAGE)
    text = pdf_text(path)
    for expected in ("Friday PKO", "Chloé Martin", "Table 3", "Seat 5", "Re-entry ·", printing.when(AT_MS),
                     fmt.chips(25000)):
        assert norm(expected) in text
    assert "e61" not in text  # the file's own id for the entry means nothing to the player holding the card


def test_payout_slip_shows_the_split_the_amount_and_a_signature_line(qapp: object, tmp_path: Path) -> None:
    slip = printing.PayoutSlip("Friday PKO", "EUR", "Ana Silva", "3", prize=120000, bounty=7500,
                               paid_before=2500, amount=125000, method="cash", at_ms=AT_MS, station="Cashier")
    text = pdf_text(printing.save_pdf(printing.payout_slip_html(slip), tmp_path / "slip.pdf",
                                      printing.PAYOUT_SLIP_PAGE))
    assert "Payout slip" in text and "Ana Silva" in text
    assert norm(f"Prize, place 3 {fmt.money(120000, 'EUR')}") in text
    assert norm(f"Bounties won {fmt.money(7500, 'EUR')}") in text
    assert norm(f"Paid now (Cash) {fmt.money(125000, 'EUR')}") in text
    assert "Received by (signature): ____" in text


def test_report_totals_the_drawer_by_method(qapp: object, tmp_path: Path) -> None:
    report = printing.NightReport(
        "Friday PKO", "EUR", AT_MS, players=3, entries=4, reentries=1, rebuys=0, add_ons=0,
        methods=(printing.MethodLine("cash", 33000, 1000, 4), printing.MethodLine("card", 11000, 0, 1)),
        prize_parts=32000, bounty_parts=8000, fees=4000, prize_pool=32000, paid_out=1000, still_owed=0,
        payouts=(("21:04", "Ana Silva", 1000, "cash"),))
    text = pdf_text(printing.save_pdf(printing.report_html(report), tmp_path / "r.pdf", printing.REPORT_PAGE))
    assert norm(f"Cash expected in the drawer: {fmt.money(32000, 'EUR')}") in text
    assert norm(f"Cash 4 {fmt.money(33000, 'EUR')} {fmt.money(1000, 'EUR')} {fmt.money(32000, 'EUR')}") in text
    assert norm(f"Total {fmt.money(44000, 'EUR')} {fmt.money(1000, 'EUR')} {fmt.money(43000, 'EUR')}") in text
    assert "Ana Silva" in text


def test_names_are_printed_as_text_not_markup(qapp: object, tmp_path: Path) -> None:
    card = printing.SeatCard("<b>Club</b> & Co", "Jo <i>Smith</i>", "e1", 1, 2, 100, AT_MS)
    text = pdf_text(printing.save_pdf(printing.seat_card_html(card), tmp_path / "c.pdf", printing.SEAT_CARD_PAGE))
    assert "<b>Club</b> & Co" in text and "Jo <i>Smith</i>" in text


def test_a_missing_printer_falls_back_to_pdf_and_a_reprint_never_overwrites(qapp: object, tmp_path: Path) -> None:
    target = printing.PrintTarget(tmp_path / "prints", printer_name="No Such Printer 42")
    page = printing.seat_card_html(printing.SeatCard("T", "A", "e1", 1, 1, 1, AT_MS))
    first = target.output(page, "seat-card-e1", printing.SEAT_CARD_PAGE)
    second = target.output(page, "seat-card-e1", printing.SEAT_CARD_PAGE)
    assert Path(first).name == "seat-card-e1.pdf" and Path(second).name == "seat-card-e1-2.pdf"
    assert pdf_text(first) == pdf_text(second)


def test_french_locale_writes_amounts_the_french_way(qapp: object, tmp_path: Path) -> None:
    french = QLocale(QLocale.Language.French, QLocale.Country.France)
    slip = printing.PayoutSlip("Tournoi", "EUR", "Léa", "", prize=0, bounty=123450, paid_before=0,
                               amount=123450, method="cash", at_ms=AT_MS)
    text = pdf_text(printing.save_pdf(printing.payout_slip_html(slip, french), tmp_path / "fr.pdf",
                                      printing.PAYOUT_SLIP_PAGE))
    assert "1234,50" in norm(fmt.money(123450, "EUR", french)).replace(" ", "")
    assert norm(fmt.money(123450, "EUR", french)) in text


def test_the_papers_are_printed_in_french(qapp: QApplication, tmp_path: Path) -> None:
    i18n.install(qapp, "fr")
    try:
        card = printing.SeatCard("Tournoi", "Léa", "e2", 4, 7, 25000, AT_MS, reentry=True)
        text = pdf_text(printing.save_pdf(printing.seat_card_html(card), tmp_path / "card.pdf",
                                          printing.SEAT_CARD_PAGE))
        for expected in ("Ré-entrée ·", "Table 4", "Siège 7", "Présentez cette carte à la table"):
            assert expected in text
        assert "e2" not in text
        # a French date (day first), whatever the machine's own language
        assert QLocale(QLocale.Language.French, QLocale.Country.France).toString(
            QDateTime.fromMSecsSinceEpoch(AT_MS), QLocale.FormatType.ShortFormat) in text
        slip = printing.PayoutSlip("Tournoi", "EUR", "Léa", "3", prize=12000, bounty=0, paid_before=0,
                                   amount=12000, method="cash", at_ms=AT_MS)
        text = pdf_text(printing.save_pdf(printing.payout_slip_html(slip), tmp_path / "slip.pdf",
                                          printing.PAYOUT_SLIP_PAGE))
        assert "Reçu de paiement" in text and "Payé maintenant (Espèces)" in text
    finally:
        i18n.install(qapp, "en")
