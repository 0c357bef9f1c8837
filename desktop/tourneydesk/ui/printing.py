"""What the cashier hands over on paper: the seat card, the payout slip and the end-of-night report.

Each is an HTML page laid out by a QTextDocument, then printed on a chosen printer (QtPrintSupport) or
written as a PDF (QPdfWriter). The text is built here from plain figures, so what a test reads back from
the PDF is exactly what the player or the house gets.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import fmt
from .qt import (
    QCoreApplication,
    QDateTime,
    QLocale,
    QMarginsF,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPdfWriter,
    QPrinter,
    QPrinterInfo,
    QSettings,
    QSizeF,
    QTextDocument,
)
from .results import DealLine, Standing

PDF_DPI = 300
SEAT_CARD_PAGE = QPageSize.PageSizeId.A6
PAYOUT_SLIP_PAGE = QPageSize.PageSizeId.A5
BAG_SLIP_PAGE = QPageSize.PageSizeId.A6
REPORT_PAGE = QPageSize.PageSizeId.A4


# lupdate reads `translate("context", "text")` calls, not a helper's: the alias keeps call sites short.
translate = QCoreApplication.translate


def when(at_ms: int, locale: QLocale | None = None) -> str:
    """An instant as the locale writes a date and time, in the laptop's time zone."""
    return (locale or QLocale()).toString(QDateTime.fromMSecsSinceEpoch(at_ms), QLocale.FormatType.ShortFormat)


@dataclass(frozen=True)
class SeatCard:
    tournament: str
    name: str
    entry: str
    table: int
    seat: int
    chips: int
    at_ms: int
    reentry: bool = False


@dataclass(frozen=True)
class PayoutSlip:
    tournament: str
    currency: str
    name: str
    place: str  # "12" or "7-8", empty when no place yet (bounty cash only)
    prize: int
    bounty: int
    paid_before: int
    amount: int
    method: str
    at_ms: int
    station: str = ""


@dataclass(frozen=True)
class BagSlip:
    """A survivor's bag at the end of a flight: what goes into the bag with the chips, signed twice."""

    event: str
    flight: str
    name: str
    table: int
    seat: int
    chips: int
    at_ms: int


@dataclass(frozen=True)
class MethodLine:
    method: str
    money_in: int
    money_out: int
    count: int

    @property
    def net(self) -> int:
        return self.money_in - self.money_out


@dataclass(frozen=True)
class NightReport:
    tournament: str
    currency: str
    at_ms: int
    players: int
    entries: int
    reentries: int
    rebuys: int
    add_ons: int
    methods: tuple[MethodLine, ...]
    prize_parts: int
    bounty_parts: int
    fees: int
    prize_pool: int
    paid_out: int
    still_owed: int
    payouts: tuple[tuple[str, str, int, str], ...] = field(default=())  # time, name, amount, method
    standings: tuple[Standing, ...] = field(default=())
    deal: tuple[DealLine, ...] = field(default=())
    deal_play_for: int = 0
    envelopes: tuple[dict[str, Any], ...] = field(default=())  # mystery bounties' draws (`envelope_draws`)
    started_ms: int | None = None
    ended_ms: int | None = None
    levels_played: int = 0
    points_only: bool = False  # no money at all: the report is the evening and the places
    bounties: bool = True  # a night with bounties: their parts in the books, the bounties won in the standings

    @property
    def money_in(self) -> int:
        return sum(line.money_in for line in self.methods)

    @property
    def money_out(self) -> int:
        return sum(line.money_out for line in self.methods)

    def net(self, method: str) -> int:
        return next((line.net for line in self.methods if line.method == method), 0)


def method_name(method: str) -> str:
    names = {
        "cash": translate("printing", "Cash"),
        "card": translate("printing", "Card"),
        "transfer": translate("printing", "Transfer"),
        "voucher": translate("printing", "Voucher"),
        "comp": translate("printing", "Comp"),
        "satellite": translate("printing", "Satellite seat"),
    }
    return names.get(method, method)


_STYLE = """
<style>
 body { font-family: sans-serif; color: #111; }
 h1 { font-size: 15pt; margin: 0; }
 .muted { color: #555; font-size: 9pt; }
 .big { font-size: 54pt; font-weight: bold; }
 .name { font-size: 18pt; font-weight: bold; }
 td { padding: 2px 6px; }
 th { padding: 2px 6px; text-align: left; border-bottom: 1px solid #444; }
 .num { text-align: right; }
 .total td { font-weight: bold; border-top: 1px solid #444; }
</style>
"""


@dataclass(frozen=True)
class Move:
    name: str
    from_table: int | None
    from_seat: int | None
    table: int
    seat: int


def moves_sheet_html(tournament: str, title: str, moves: list[Move], at_ms: int,
                     locale: QLocale | None = None) -> str:
    """The moves to read aloud on one sheet, then a slip to cut for each player moved: name and new seat."""
    loc = locale or QLocale()
    before, after = translate("printing", "From"), translate("printing", "To")

    def seat(table: int | None, number: int | None) -> str:
        if table is None or number is None:
            return ""
        return translate("printing", "table {table} seat {seat}").format(table=table, seat=number)

    rows = "".join(f"<tr><td>{_e(m.name)}</td><td>{_e(seat(m.from_table, m.from_seat))}</td>"
                   f"<td><b>{_e(seat(m.table, m.seat))}</b></td></tr>" for m in moves)
    new_seat = translate("printing", "Your new seat")
    slips = "".join(
        "<table width='100%' cellspacing='0' style='border: 1px dashed #444; margin-top: 8px'><tr><td>"
        f"<p class='muted'>{_e(tournament)} · {_e(when(at_ms, loc))}</p><p class='name'>{_e(m.name)}</p>"
        f"<p>{_e(new_seat)}: <b>{_e(seat(m.table, m.seat))}</b></p>"
        "</td></tr></table>" for m in moves)
    name = translate("printing", "Name")
    return (f"<html><head>{_STYLE}</head><body><h1>{_e(title)}</h1>"
            f"<p class='muted'>{_e(tournament)} · {_e(when(at_ms, loc))}</p>"
            f"<table width='100%' cellspacing='0'><tr><th>{_e(name)}</th><th>{_e(before)}</th>"
            f"<th>{_e(after)}</th></tr>{rows}</table>{slips}</body></html>")


def seating_sheet_html(tournament: str, seats: list[tuple[str, int, int]], at_ms: int,
                       locale: QLocale | None = None) -> str:
    """Every player in play with their table and seat, by name: the sheet pinned up after a draw."""
    loc = locale or QLocale()
    rows = "".join(f"<tr><td>{_e(name)}</td><td class='num'>{table}</td><td class='num'>{seat}</td></tr>"
                   for name, table, seat in sorted(seats, key=lambda s: s[0].casefold()))
    heads = (translate("printing", "Name"), translate("printing", "Table"), translate("printing", "Seat"))
    title = translate("printing", "Seating")
    return (f"<html><head>{_STYLE}</head><body><h1>{_e(title)}: {_e(tournament)}</h1>"
            f"<p class='muted'>{_e(when(at_ms, loc))}</p><table width='100%' cellspacing='0'><tr>"
            f"<th>{_e(heads[0])}</th><th class='num'>{_e(heads[1])}</th><th class='num'>{_e(heads[2])}</th></tr>"
            f"{rows}</table></body></html>")


def _evening_html(report: NightReport, loc: QLocale) -> str:
    """When the tournament started and ended, and how many levels it played."""
    times = []
    if report.started_ms is not None:
        times.append(translate("printing", "Started {time}").format(time=when(report.started_ms, loc)))
    if report.ended_ms is not None:
        times.append(translate("printing", "ended {time}").format(time=when(report.ended_ms, loc)))
    if report.levels_played:
        times.append(translate("printing", "{levels} levels played").format(levels=loc.toString(report.levels_played)))
    return f"<p>{_e(' · '.join(times))}</p>" if times else ""


def results_html(standings: tuple[Standing, ...] | list[Standing], deal: tuple[DealLine, ...] | list[DealLine],
                 play_for: int, money: Callable[[int], str],
                 envelopes: tuple[dict[str, Any], ...] | list[dict[str, Any]] = (), *,
                 points_only: bool = False, bounties: bool = True) -> str:
    """The deal, the final standings and the mystery envelopes drawn, in the amounts the console and the
    projector show; a points-only night's standings are the places and names alone, and a night without
    bounties (`bounties` False) has no column of bounties won, which would stay empty all the way down."""
    # Each word is its own translate() call: lupdate reads none written inside an f-string.
    the_deal, kept_back = translate("printing", "The deal"), translate("printing", "Kept back for the winner")
    final_standings, place = translate("printing", "Final standings"), translate("printing", "Place")
    name, prize = translate("printing", "Name"), translate("printing", "Prize")
    won = translate("printing", "Bounties won")
    out = ""
    if deal:
        rows = "".join(f"<tr><td>{_e(line.name)}</td><td class='num'>{money(line.amount)}</td></tr>" for line in deal)
        kept = f"<p>{_e(kept_back)}: {money(play_for)}</p>" if play_for else ""
        # Padded in the table itself: the console's results dialog shows this without the paper's style sheet,
        # and a name then ran into its amount ("Karim Durand357.65 EUR").
        out += f"<h3>{_e(the_deal)}</h3><table cellspacing='0' cellpadding='4'>{rows}</table>{kept}"
    if standings and points_only:
        free = translate("printing", "Points only: no money changed hands; the places give the league points.")
        rows = "".join(f"<tr><td>{_e(s.place_text)}</td><td>{_e(s.name)}</td></tr>" for s in standings)
        return (f"{out}<h3>{_e(final_standings)}</h3><p>{_e(free)}</p><table width='100%' cellspacing='0' "
                f"cellpadding='4'><tr><th>{_e(place)}</th><th>{_e(name)}</th></tr>{rows}</table>")
    if standings:
        won_head = f"<th class='num'>{_e(won)}</th>" if bounties else ""
        head = (f"<tr><th>{_e(place)}</th><th>{_e(name)}</th><th class='num'>{_e(prize)}</th>"
                f"{won_head}</tr>")
        rows = "".join(
            f"<tr><td>{_e(s.place_text)}</td><td>{_e(s.name)}</td>"
            f"<td class='num'>{_prize(s, money)}</td>"
            + (f"<td class='num'>{money(s.bounty) if s.bounty else ''}</td>" if bounties else "")
            + "</tr>" for s in standings)
        out += (f"<h3>{_e(final_standings)}</h3>"
                f"<table width='100%' cellspacing='0' cellpadding='4'>{head}{rows}</table>")
    return out + envelopes_html(envelopes, money)


def _prize(s: Standing, money: Callable[[int], str]) -> str:
    if s.seat:  # a seat is no cash: the target it is in, and only the cash taken besides it as an amount
        if s.cash:
            return _e(translate("printing", "seat to {target}, plus {cash} in cash").format(
                target=s.seat, cash=money(s.cash)))
        return _e(translate("printing", "seat to {target}").format(target=s.seat))
    return money(s.prize) if s.prize else ""


def envelopes_html(envelopes: tuple[dict[str, Any], ...] | list[dict[str, Any]], money: Callable[[int], str]) -> str:
    """Each mystery envelope drawn: for whose knockout, the envelope, who won what of it."""
    if not envelopes:
        return ""
    title, number = translate("printing", "Mystery envelopes drawn"), translate("printing", "Draw")
    knocked_out, envelope = translate("printing", "Knockout of"), translate("printing", "Envelope")
    won_by, nobody = translate("printing", "Won by"), translate("printing", "the envelopes nobody drew")
    head = (f"<tr><th>{_e(number)}</th><th>{_e(knocked_out)}</th><th class='num'>{_e(envelope)}</th>"
            f"<th>{_e(won_by)}</th></tr>")
    rows = ""
    for i, draw in enumerate(envelopes, start=1):
        amounts = " + ".join(money(amount) for amount in draw["amounts"])
        winners = ", ".join(_e(share["name"]) + " " + money(share["cash"]) for share in draw["won_by"])
        rows += (f"<tr><td>{i}</td><td>{_e(draw['knocked_out'] or nobody)}</td>"
                 f"<td class='num'>{amounts}</td><td>{winners}</td></tr>")
    return (f"<h3>{_e(title)}</h3>"
            f"<table width='100%' cellspacing='0' cellpadding='4'>{head}{rows}</table>")


def _e(text: object) -> str:
    return html.escape(str(text))


def seat_card_html(card: SeatCard, locale: QLocale | None = None) -> str:
    loc = locale or QLocale()
    kind = translate("printing", "Re-entry") if card.reentry else translate("printing", "Entry")
    table, seat = translate("printing", "Table"), translate("printing", "Seat")
    chips = translate("printing", "Chips: {chips}").format(chips=fmt.chips(card.chips, loc))
    rule = translate("printing", "Seats are not transferable. Show this card at the table.")
    cell = "align='center' width='50%' style='background-color: #eeeeee; padding: 8px;'"
    return (
        f"<html><head>{_STYLE}</head><body>"
        f"<h1>{_e(card.tournament)}</h1>"
        # The entry's id (e61) is the file's, not the player's: the card says entry or re-entry, and when.
        f"<p class='muted'>{_e(kind)} · {_e(when(card.at_ms, loc))}</p>"
        f"<p class='name'>{_e(card.name)}</p>"
        "<table width='100%' cellspacing='6'><tr>"
        f"<td {cell}>{_e(table)}<br><span class='big'>{card.table}</span></td>"
        f"<td {cell}>{_e(seat)}<br><span class='big'>{card.seat}</span></td>"
        "</tr></table>"
        f"<p>{_e(chips)}</p>"
        f"<p class='muted'>{_e(rule)}</p>"
        "</body></html>"
    )


def bag_slip_html(slip: BagSlip, locale: QLocale | None = None) -> str:
    loc = locale or QLocale()
    table, seat = translate("printing", "Table"), translate("printing", "Seat")
    cell = "align='center' width='100%' style='background-color: #eeeeee; padding: 8px;'"
    player, td = translate("printing", "Player (signature)"), translate("printing", "Tournament director (signature)")
    return (
        f"<html><head>{_STYLE}</head><body>"
        f"<h1>{_e(translate('printing', 'Bag slip'))}</h1>"
        f"<p>{_e(slip.event)} · {_e(slip.flight)}<br><span class='muted'>{_e(when(slip.at_ms, loc))}</span></p>"
        f"<p class='name'>{_e(slip.name)}</p>"
        "<table width='100%' cellspacing='6'><tr>"
        # Smaller than a seat's number: a bag of 1,250,000 chips fits the width of an A6 slip on one line.
        f"<td {cell}>{_e(translate('printing', 'Chips'))}<br><span style='font-size: 30pt; font-weight: bold; "
        f"white-space: nowrap;'>{_e(fmt.chips(slip.chips, loc))}</span></td></tr></table>"
        f"<p class='muted'>{_e(table)} {slip.table} · {_e(seat)} {slip.seat}</p>"
        "<p>&nbsp;</p>"
        f"<p>{_e(player)}: ______________________</p>"
        "<p>&nbsp;</p>"
        f"<p>{_e(td)}: ______________________</p>"
        "</body></html>"
    )


def payout_slip_html(slip: PayoutSlip, locale: QLocale | None = None) -> str:
    loc = locale or QLocale()

    def money(amount: int) -> str:
        return _e(fmt.money(amount, slip.currency, loc))

    rows = []
    if slip.place:
        rows.append((translate("printing", "Prize, place {place}").format(place=slip.place), money(slip.prize)))
    if slip.bounty:
        rows.append((translate("printing", "Bounties won"), money(slip.bounty)))
    if slip.paid_before:
        rows.append((translate("printing", "Paid before"), "-" + money(slip.paid_before)))
    body = "".join(f"<tr><td>{_e(label)}</td><td class='num'>{value}</td></tr>" for label, value in rows)
    station = f" · {_e(slip.station)}" if slip.station else ""
    title = translate("printing", "Payout slip")
    paid_now = translate("printing", "Paid now ({method})").format(method=method_name(slip.method))
    received_by, paid_by = translate("printing", "Received by (signature)"), translate("printing", "Paid by (cashier)")
    return (
        f"<html><head>{_STYLE}</head><body>"
        f"<h1>{_e(title)}</h1>"
        f"<p>{_e(slip.tournament)}<br><span class='muted'>{_e(when(slip.at_ms, loc))}{station}</span></p>"
        # The name and the place say whose prize it is: the file's id for the entry ("e4") means nothing on paper.
        f"<p class='name'>{_e(slip.name)}</p>"
        f"<table width='100%' cellspacing='0'>{body}"
        f"<tr class='total'><td>{_e(paid_now)}</td>"
        f"<td class='num'>{money(slip.amount)}</td></tr></table>"
        "<p>&nbsp;</p><p>&nbsp;</p>"
        f"<p>{_e(received_by)}: ______________________________</p>"
        "<p>&nbsp;</p>"
        f"<p>{_e(paid_by)}: ______________________________</p>"
        "</body></html>"
    )


def report_html(report: NightReport, locale: QLocale | None = None) -> str:
    loc = locale or QLocale()

    def money(amount: int) -> str:
        return _e(fmt.money(amount, report.currency, loc))

    method_rows = "".join(
        f"<tr><td>{_e(method_name(line.method))}</td><td class='num'>{line.count}</td>"
        f"<td class='num'>{money(line.money_in)}</td><td class='num'>{money(line.money_out)}</td>"
        f"<td class='num'>{money(line.net)}</td></tr>"
        for line in report.methods
    )
    total = translate("printing", "Total")
    totals = (f"<tr class='total'><td>{_e(total)}</td><td></td><td class='num'>{money(report.money_in)}</td>"
              f"<td class='num'>{money(report.money_out)}</td>"
              f"<td class='num'>{money(report.money_in - report.money_out)}</td></tr>")
    counts = [
        (translate("printing", "Players"), loc.toString(report.players)),
        (translate("printing", "Entries"), loc.toString(report.entries)),
        (translate("printing", "Re-entries"), loc.toString(report.reentries)),
        (translate("printing", "Rebuys"), loc.toString(report.rebuys)),
        (translate("printing", "Add-ons"), loc.toString(report.add_ons)),
    ]
    books = [
        (translate("printing", "Prize pool parts"), money(report.prize_parts)),
        *([(translate("printing", "Bounty parts"), money(report.bounty_parts))] if report.bounties else []),
        (translate("printing", "Fees (house)"), money(report.fees)),
        (translate("printing", "Prize pool"), money(report.prize_pool)),
        (translate("printing", "Paid out"), money(report.paid_out)),
        (translate("printing", "Still owed to players"), money(report.still_owed)),
    ]
    nothing_paid = translate("printing", "No payouts yet")
    payout_rows = "".join(
        f"<tr><td>{_e(at)}</td><td>{_e(name)}</td><td class='num'>{money(amount)}</td>"
        f"<td>{_e(method_name(method))}</td></tr>"
        for at, name, amount, method in report.payouts
    ) or f"<tr><td colspan='4'>{_e(nothing_paid)}</td></tr>"
    # Whole sentences, each language's colon with it (French sets a no-break space before it).
    title = translate("printing", "End-of-night report: {tournament}")
    cash = translate("printing", "Cash expected in the drawer: {amount}")
    drawer = translate("printing", "The drawer by payment method")
    method, movements = translate("printing", "Method"), translate("printing", "Movements")
    money_in, money_out, net = translate("printing", "In"), translate("printing", "Out"), translate("printing", "Net")
    the_books, the_field = translate("printing", "The books"), translate("printing", "The field")
    payouts, time = translate("printing", "Payouts"), translate("printing", "Time")
    name, amount = translate("printing", "Name"), translate("printing", "Amount")
    counted_by, checked_by = translate("printing", "Counted by:"), translate("printing", "Checked by:")
    if report.points_only:
        standings = results_html(report.standings, report.deal, report.deal_play_for, money, points_only=True)
        return (f"<html><head>{_STYLE}</head><body><h1>{_e(title.format(tournament=report.tournament))}</h1>"
                f"<p class='muted'>{_e(when(report.at_ms, loc))}</p>{_evening_html(report, loc)}{standings}"
                f"<h3>{_e(the_field)}</h3><table cellspacing='0'>"
                + "".join(f"<tr><td>{_e(label)}</td><td class='num'>{_e(value)}</td></tr>" for label, value in counts)
                + f"</table><p>&nbsp;</p><p>{_e(checked_by)} ______________________</p></body></html>")
    return (
        f"<html><head>{_STYLE}</head><body>"
        f"<h1>{_e(title.format(tournament=report.tournament))}</h1>"
        f"<p class='muted'>{_e(when(report.at_ms, loc))}</p>"
        f"{_evening_html(report, loc)}"
        + results_html(report.standings, report.deal, report.deal_play_for, money, report.envelopes,
                       bounties=report.bounties)
        + f"<h2>{_e(cash).format(amount=money(report.net('cash')))}</h2>"
        f"<h3>{_e(drawer)}</h3>"
        f"<table width='100%' cellspacing='0'><tr><th>{_e(method)}</th>"
        f"<th class='num'>{_e(movements)}</th>"
        f"<th class='num'>{_e(money_in)}</th><th class='num'>{_e(money_out)}</th>"
        f"<th class='num'>{_e(net)}</th></tr>{method_rows}{totals}</table>"
        f"<h3>{_e(the_books)}</h3><table cellspacing='0'>"
        + "".join(f"<tr><td>{_e(label)}</td><td class='num'>{value}</td></tr>" for label, value in books)
        + "</table>"
        f"<h3>{_e(the_field)}</h3><table cellspacing='0'>"
        + "".join(f"<tr><td>{_e(label)}</td><td class='num'>{_e(value)}</td></tr>" for label, value in counts)
        + "</table>"
        f"<h3>{_e(payouts)}</h3><table width='100%' cellspacing='0'><tr><th>{_e(time)}</th>"
        f"<th>{_e(name)}</th><th class='num'>{_e(amount)}</th><th>{_e(method)}</th></tr>"
        f"{payout_rows}</table>"
        f"<p>&nbsp;</p><p>{_e(counted_by)} ______________________ &nbsp; "
        f"{_e(checked_by)} ______________________</p>"
        "</body></html>"
    )


def document(page_html: str) -> QTextDocument:
    doc = QTextDocument()
    doc.setHtml(page_html)
    return doc


def _lay_out(device: QPagedPaintDevice, page: QPageSize.PageSizeId) -> None:
    device.setPageLayout(QPageLayout(QPageSize(page), QPageLayout.Orientation.Portrait,
                                     QMarginsF(10, 10, 10, 10), QPageLayout.Unit.Millimeter))


def _render(page_html: str, device: QPagedPaintDevice) -> None:
    doc = document(page_html)
    # Laid out with the device's own font metrics: glyphs placed at the screen's resolution and then
    # scaled come out with broken spacing (and a PDF whose text no longer reads as words).
    doc.documentLayout().setPaintDevice(device)
    doc.setHtml(page_html)
    # A page size of our own: print_ then keeps our margins and adds no page number of its own.
    rect = device.pageLayout().paintRectPixels(device.logicalDpiX())
    doc.setPageSize(QSizeF(rect.width(), rect.height()))
    doc.print_(device)


def save_pdf(page_html: str, path: str | Path, page: QPageSize.PageSizeId, title: str = "") -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = QPdfWriter(str(path))
    writer.setResolution(PDF_DPI)
    writer.setTitle(title)
    writer.setCreator("TourneyDesk")
    _lay_out(writer, page)
    _render(page_html, writer)
    del writer  # the PDF is finished when the writer goes
    return path


def print_page(page_html: str, printer: QPrinter, page: QPageSize.PageSizeId) -> None:
    _lay_out(printer, page)
    _render(page_html, printer)


class PrintTarget:
    """Where the cashier's papers go: a named printer (chosen once in the print dialog), or PDF files in a
    folder. A printer that has gone away (unplugged, renamed) falls back to the PDF folder, so a buy-in
    never waits on paper."""

    def __init__(self, pdf_folder: Path, printer_name: str = "") -> None:
        self.pdf_folder = pdf_folder
        self.printer_name = printer_name

    def printer(self) -> QPrinter | None:
        if not self.printer_name:
            return None
        info = QPrinterInfo.printerInfo(self.printer_name)
        if info.isNull():
            return None
        return QPrinter(info, QPrinter.PrinterMode.HighResolution)

    def output(self, page_html: str, file_stem: str, page: QPageSize.PageSizeId) -> str:
        """Print or save the page; returns where it went (a printer name or a PDF path), for the status bar."""
        printer = self.printer()
        if printer is not None:
            print_page(page_html, printer, page)
            return self.printer_name
        return str(save_pdf(page_html, _free_path(self.pdf_folder, file_stem), page, file_stem))


def print_target(settings: QSettings, tournament: Path) -> PrintTarget:
    """The target the cashier chose (kept in the settings): PDF files in `<file> prints` beside the file else."""
    folder = str(settings.value("cashier/pdf_folder", "") or tournament.parent / f"{tournament.stem} prints")
    return PrintTarget(Path(folder), str(settings.value("cashier/printer", "") or ""))


def _free_path(folder: Path, stem: str) -> Path:
    """`stem.pdf`, or `stem-2.pdf`... when a card for that entry was printed before (a reprint)."""
    path = folder / f"{stem}.pdf"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.pdf"
        number += 1
    return path
