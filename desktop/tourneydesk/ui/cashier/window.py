"""The cashier desk: a second window beside the TD console, worked from the keyboard with a queue waiting.

Left, find or register the player; centre, sell the buy-in (re-entry, rebuy, add-on) with its price split
and the seat drawn, shown big once sold and printed on a seat card; right, the prizes and bounties to pay
with a payout slip, and the drawer by payment method with the end-of-night report. Everything goes
through the Desk; the window re-reads it after every accepted command, whichever desk sent it.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from ...core.config import PAYMENT_METHODS
from ...core.protocol.errors import TourneyError
from .. import fmt, operations, printing, waiting
from ..bridge import DeskBridge
from ..club.link import ClubLink
from ..messages import error_text
from ..qt import (
    QAction,
    QCheckBox,
    QCloseEvent,
    QCoreApplication,
    QEvent,
    QFont,
    QFontMetricsF,
    QFrame,
    QHBoxLayout,
    QKeySequence,
    QLabel,
    QMainWindow,
    QObject,
    QResizeEvent,
    QScrollArea,
    QSettings,
    QShowEvent,
    QSplitter,
    QStyle,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .columns import name_room
from .find_panel import FindPanel
from .header import CashierHeader, Counts
from .keys_help import KeysHelp
from .models import OwedModel
from .money_panels import DrawerPanel, PayPanel
from .paper import CashierPaper
from .sale_panel import SalePanel
from .seat_banner import TALL_SCREEN, SeatBanner

# The price split's total, in big type: the sale panel is measured for it.
TOTAL_POINTS = 17
# Between the total's name and its amount, and the price frame's own margins and border.
PRICE_FRAME_SPACING = 48
STYLE = """
QWidget#cashier_central { background: #f4f5f7; }
QFrame[role="card"] { background: white; border: 1px solid #d5d9e0; border-radius: 6px; }
QLabel[role="title"] { font-size: 20pt; font-weight: 600; color: #1b2330; }
QLabel[role="heading"] { font-size: 13pt; font-weight: 600; color: #1b2330; }
QLabel[role="total"] { font-size: 15pt; font-weight: 700; color: #1b2330; }
QLabel[role="error"] { color: #b3261e; font-weight: 600; background: #fdecea; border-radius: 4px; padding: 6px; }
QLabel#header_name { font-size: 16pt; font-weight: 700; color: white; }
QLabel#header_clock, QLabel#header_counts { font-size: 12pt; color: #e6ebf2; }
QFrame#header { background: #1f3a5f; }
QFrame#seat_banner { background: #1e6b3a; border-radius: 8px; }
QFrame#seat_banner[fresh="false"] { background: #8a94a3; }
QFrame#seat_banner QLabel { color: white; }
QLabel#seat_big { font-weight: 800; }
QLabel#seat_name { font-size: 18pt; font-weight: 600; }
QPushButton[role="primary"] { background: #1f6feb; color: white; font-size: 13pt; font-weight: 600;
                              padding: 8px 16px; border-radius: 5px; }
QPushButton[role="primary"]:disabled { background: #9db7e0; }
QLineEdit#search { font-size: 14pt; padding: 6px; }
QTableView { font-size: 11pt; }
QTableWidget#drawer_table { font-size: 10pt; }
QFrame#price_frame QLabel { font-size: 12pt; }
QFrame#price_frame QLabel[role="total"] { font-size: TOTAL_POINTSpt; }
QLabel#keys_help { color: #3d4654; }
QLabel[role="waiting"] { font-size: 12pt; font-weight: 600; color: #1b2330; background: #fff4d6;
                         border: 1px solid #e0c36b; border-radius: 6px; padding: 6px; }
""".replace("TOTAL_POINTS", str(TOTAL_POINTS))


# The sale panel's narrowest width: two payment methods a row, the price split, the seat drawn.
CENTRE_WIDTH = 360
CARD_MARGIN = 8  # each panel's inner margin: on a 1280 px screen every pixel goes to the names


def _card(widget: QWidget, parent: QWidget) -> QFrame:
    frame = QFrame(parent)
    frame.setProperty("role", "card")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(CARD_MARGIN, 10, CARD_MARGIN, 10)
    layout.addWidget(widget)
    return frame


class CashierWindow(QMainWindow):
    """`CashierWindow(bridge, parent=None, settings=None)`; `printed(kind, where)` after each paper
    ("seat_card", "payout_slip", "report"; a printer name or a PDF path)."""

    printed = Signal(str, str)

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None, *,
                 settings: QSettings | None = None, club: ClubLink | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.club = club  # the club's members in the find box; the desk works the same without it
        self.settings = settings or _default_settings()
        desk = bridge.desk
        self.setObjectName("cashier_window")
        self.setWindowTitle(self.tr("Cashier — {name}").format(name=desk.config.name))
        self.setStyleSheet(STYLE)
        font = self.font()
        font.setPointSizeF(max(font.pointSizeF(), 11.0))
        self.setFont(font)
        self.paper = CashierPaper(bridge, self.settings, self)
        self.paper.printed.connect(self.printed)
        self.paper.said.connect(self.statusBar().showMessage)
        self._panels_restored = False
        self._registration_open = bool(desk.clock_now()["clock"]["registration_open"])

        central = QWidget(self)
        central.setObjectName("cashier_central")
        self.header = CashierHeader(desk.config.name, desk.currency, central, points_only=desk.config.points_only)
        self.find_panel = FindPanel(bridge, club, central)
        self.find_panel.register_form.holder_of = self._holder_of
        self.find_panel.chosen.connect(self.choose_player)
        self.find_panel.member_chosen.connect(self.register_member)
        form = self.find_panel.register_form
        form.registered.connect(self._on_registered)
        form.existing.connect(self._on_existing)
        form.edited.connect(self._on_edited)
        form.unregistered.connect(self._on_unregistered)
        self.sale = SalePanel(bridge, central)
        self.sale.sold.connect(self._on_sold)
        self.sale.listed.connect(self._on_listed)
        self.banner = SeatBanner(central)
        # The seat's type is fitted once the banner has its new width, after the event that resized it.
        self._fit_later = QTimer(self)
        self._fit_later.setSingleShot(True)
        self._fit_later.timeout.connect(self.banner.fit)
        self._fit_later.timeout.connect(self._fit_keys)
        self.banner.installEventFilter(self)
        centre_page = QWidget(central)
        centre_page.setObjectName("cashier_centre")
        centre_layout = QVBoxLayout(centre_page)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.addWidget(self.banner)
        self.waiting_line = QLabel(centre_page)  # the alternates: who waits, and whom to call
        self.waiting_line.setObjectName("waiting_line")
        self.waiting_line.setProperty("role", "waiting")
        self.waiting_line.setWordWrap(True)
        self.waiting_line.hide()
        centre_layout.addWidget(self.waiting_line)
        centre_layout.addWidget(_card(self.sale, centre_page), 1)
        self.keys_help = KeysHelp(centre_page)
        self.keys_card = _card(self.keys_help, centre_page)
        centre_layout.addWidget(self.keys_card)
        # On a short screen the sale scrolls rather than the window growing past the screen's bottom edge.
        centre = QScrollArea(central)
        centre.setObjectName("centre_scroll")
        centre.setWidget(centre_page)
        centre.setWidgetResizable(True)
        centre.setFrameShape(QFrame.Shape.NoFrame)
        centre.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.centre = centre
        self.pay = PayPanel(bridge, central)
        self.pay.paid.connect(self.paper.payout_slip)
        self.drawer = DrawerPanel(bridge, central)
        self.drawer.report_button.clicked.connect(self.paper.save_report_as)
        self.pay.drawer_cash = self.drawer.cash
        self.right = QSplitter(Qt.Orientation.Vertical, central)
        self.right.setObjectName("right_splitter")
        self.right.addWidget(_card(self.pay, self.right))
        self.right.addWidget(_card(self.drawer, self.right))
        self.right.setChildrenCollapsible(False)
        # A points-only night has nothing to pay out and no drawer: the desk is the players and the sale.
        self.right.setVisible(not desk.config.points_only)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, central)
        self.splitter.setObjectName("main_splitter")
        self.find_card = _card(self.find_panel, self.splitter)
        self.splitter.addWidget(self.find_card)
        self.splitter.addWidget(centre)
        self.splitter.addWidget(self.right)
        self.splitter.setChildrenCollapsible(False)
        # The lists take what the window gains; the sale in the centre keeps the width it needs.
        for index, stretch in enumerate((1, 0, 1)):
            self.splitter.setStretchFactor(index, stretch)
        self._fix_minimum_widths()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 8)
        layout.addWidget(self.header)
        body = QHBoxLayout()
        body.setContentsMargins(4, 0, 4, 0)
        body.addWidget(self.splitter)
        layout.addLayout(body, 1)
        self.setCentralWidget(central)
        self._build_actions()
        self.statusBar().showMessage(self.paper.target_text())

        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._tick)
        self._listening = False
        self._listen(True)
        self._restore_layout()
        self.find_panel.search.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- building ----------------------------------------------------------------------------
    def _fix_minimum_widths(self) -> None:
        """Each panel's narrowest width fixed once, from the font: the lists keep a whole long name beside
        what they must show, the sale its buttons. The labels inside wrap, so no text the desk writes
        later (a long name, a seat drawn in big letters) can widen a panel and so the window."""
        scroll = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 8  # and the lists' frames
        card = 2 * CARD_MARGIN + 2
        self.find_card.setMinimumWidth(self.find_panel.narrowest_width(scroll) + card)
        self.right.setMinimumWidth(name_room(self.pay.view) + self.pay.view.horizontalHeader().sectionSize(
            OwedModel.OWED) + scroll + card)
        # The sale's widest line, counting the options shown only for some players (they cannot wrap) and the
        # price split's total as it reads with the night's dearest sale, in the big type the style gives it.
        layout = self.sale.layout()
        margins = layout.contentsMargins() if layout is not None else self.sale.contentsMargins()
        options = max(box.sizeHint().width() for box in (self.sale.abandon, self.sale.same_seat, self.sale.present))
        big = QFont(self.font())
        big.setPointSizeF(TOTAL_POINTS)
        big.setBold(True)
        metrics = QFontMetricsF(big)
        total = metrics.horizontalAdvance(self.sale.total_words()) + metrics.horizontalAdvance(
            self.sale.widest_amount()) + PRICE_FRAME_SPACING
        widest = max(self.sale.minimumSizeHint().width(), options, math.ceil(total)) + margins.left() + margins.right()
        self.centre.setMinimumWidth(max(CENTRE_WIDTH, widest + card + scroll))
        self.keys_card.setMinimumWidth(1)  # the list of keys gives way (it is in the menus too)

    def _spread_panels(self) -> None:
        """First showing without a remembered layout: the sale its width, the two lists the rest, half each."""
        total = sum(self.splitter.sizes())
        widths = [panel.minimumWidth() for panel in (self.find_card, self.centre, self.right)]
        spare = max(0, total - sum(widths))
        centre = widths[1] + min(spare // 4, CENTRE_WIDTH // 2)
        spare -= centre - widths[1]
        self.splitter.setSizes([widths[0] + spare // 2, centre, widths[2] + spare - spare // 2])

    def _fit_keys(self) -> None:
        self.keys_help.fit(self.keys_card.contentsRect().width())

    def _build_actions(self) -> None:
        def action(text: str, shortcut: QKeySequence | QKeySequence.StandardKey | str, slot: Any, name: str,
                   checkable: bool = False) -> QAction:
            act = QAction(text, self)
            act.setObjectName(name)
            act.setShortcut(QKeySequence(shortcut))
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            act.setCheckable(checkable)
            act.triggered.connect(slot)
            self.addAction(act)
            return act

        paper = self.paper
        desk_menu = self.menuBar().addMenu(self.tr("&Desk"))
        desk_menu.addAction(action(self.tr("Find a player"), "Ctrl+F", self.find_panel.show_list, "act_find"))
        desk_menu.addAction(action(self.tr("New player"), "Ctrl+N", self.find_panel.new_player, "act_new"))
        desk_menu.addAction(action(self.tr("Correct the player (name, nickname, member id…)"), "F2",
                                   self.correct_player, "act_correct"))
        desk_menu.addSeparator()
        desk_menu.addAction(action(self.tr("Buy-in or re-entry"), "F5", lambda: self._sell("buy_in"), "act_buy_in"))
        rebuy = action(self.tr("Rebuy"), "F6", lambda: self._sell("rebuy"), "act_rebuy")
        add_on = action(self.tr("Add-on"), "F7", lambda: self._sell("add_on"), "act_add_on")
        config = self.bridge.desk.config
        rebuy.setEnabled(config.rebuy is not None)
        add_on.setEnabled(config.add_on is not None)
        desk_menu.addAction(rebuy)
        desk_menu.addAction(add_on)
        payment_menu = desk_menu.addMenu(self.tr("Payment method"))
        for number, method in enumerate(PAYMENT_METHODS, start=1):
            payment_menu.addAction(action(printing.method_name(method), f"Ctrl+{number}",
                                          lambda _=False, m=method: self.sale.set_payment(m), f"act_pay_{method}"))
        desk_menu.addAction(action(self.tr("The player is present"), "Ctrl+Shift+Space",
                                   lambda: self.sale.present.toggle(), "act_present"))
        desk_menu.addAction(action(self.tr("Keep the same seat (re-entry)"), "Ctrl+K",
                                   lambda: self._toggle_option(self.sale.same_seat), "act_same_seat"))
        desk_menu.addAction(action(self.tr("Give up the live stack (re-entry at a break)"), "Ctrl+G",
                                   lambda: self._toggle_option(self.sale.abandon), "act_abandon"))
        desk_menu.addAction(action(self.tr("Take payment"), "Ctrl+Return", self.sale.confirm, "act_confirm"))
        desk_menu.addAction(action(self.tr("Put on the waiting list, or take off it"), "F9", self._toggle_waiting,
                                   "act_waiting"))
        desk_menu.addAction(action(self.tr("Take everyone off the waiting list (late registration closed)"),
                                   "Ctrl+Shift+Q", self._clear_waiting, "act_clear_waiting"))
        desk_menu.addSeparator()
        desk_menu.addAction(action(self.tr("Go to the payouts"), "Ctrl+L", self.go_to_payouts, "act_payouts"))
        desk_menu.addAction(action(self.tr("Paid"), "F8", self.pay.pay, "act_paid"))
        desk_menu.addSeparator()
        desk_menu.addAction(action(self.tr("Close"), QKeySequence.StandardKey.Close, self.close, "act_close"))
        paper_menu = self.menuBar().addMenu(self.tr("&Paper"))
        paper_menu.addAction(action(self.tr("Print the seat card again"), "Ctrl+R", self.reprint_seat_card,
                                    "act_reprint"))
        paper_menu.addAction(action(self.tr("End-of-night report (PDF)…"), "Ctrl+E", paper.save_report_as,
                                    "act_report"))
        paper_menu.addSeparator()
        self.auto_print = action(self.tr("Print a seat card after each buy-in"), "Ctrl+Shift+A",
                                 self._auto_print_changed, "act_auto_print", checkable=True)
        self.auto_print.setChecked(self.settings.value("cashier/auto_print", "true") in (True, "true"))
        paper_menu.addAction(self.auto_print)
        paper_menu.addAction(action(self.tr("Choose a printer…"), "Ctrl+Shift+P", paper.choose_printer,
                                    "act_printer"))
        paper_menu.addAction(action(self.tr("Save as PDF in a folder…"), "Ctrl+Shift+D", paper.choose_pdf_folder,
                                    "act_pdf_folder"))

    # -- keeping up with the desk --------------------------------------------------------------
    def _listen(self, on: bool) -> None:
        """A closed cashier window stops following the desk; shown again, it catches up at once."""
        if on == self._listening:
            return
        self._listening = on
        if on:
            self.bridge.changed.connect(self._on_changed)
            self.timer.start()
            self.refresh()
        else:
            self.bridge.changed.disconnect(self._on_changed)
            self.timer.stop()

    def _on_changed(self, _result: dict[str, Any]) -> None:
        self.refresh()

    def refresh(self) -> None:
        snap = self.bridge.snapshot()
        champion = self.bridge.desk.winner()
        self.header.counts = Counts(left=snap["counts"]["players_left"], entries=snap["counts"]["entries"],
                                    pool=snap["money"]["prize_pool"],
                                    winner=(self.bridge.desk.name_of(champion) or "") if champion else "")
        self.find_panel.update_snapshot(snap)
        line = waiting.summary(snap.get("waiting"), bool(snap["clock"]["registration_open"]))
        self.waiting_line.setText(line)
        self.waiting_line.setVisible(bool(line))
        self._follow_banner()
        self.sale.refresh()
        self.pay.refresh()
        self.drawer.refresh()
        self._tick()

    def _tick(self) -> None:
        """The header follows the clock; prizes become payable when late registration closes."""
        now = self.bridge.desk.clock_now()
        reg_open = bool(now["clock"]["registration_open"])
        if reg_open != self._registration_open:
            self._registration_open = reg_open
            self.refresh()
            return
        self.header.show_clock(now)

    # -- finding and registering ---------------------------------------------------------------
    def found_player(self) -> str | None:
        """Who a key at the desk is for: the name just found over the player still at the desk, else the
        player at the desk."""
        return self.find_panel.found_player() or self.sale.player

    def correct_player(self) -> None:
        """The player just found, or the one at the desk, opened for a correction."""
        player = self.found_player()
        if player is None or self.bridge.desk.person(player) is None:
            self.statusBar().showMessage(self.tr("Choose the player to correct first"), 5000)
            return
        self.find_panel.edit_player(player)

    def _on_existing(self, player: str) -> None:
        """The name typed was someone already here: that person comes to the desk, nobody new."""
        self.find_panel.back_to_list()
        self.choose_player(player)

    def _on_edited(self, player: str) -> None:
        self.find_panel.back_to_list()
        self.refresh()
        self.choose_player(player)
        self.statusBar().showMessage(self.tr("{name} corrected").format(
            name=self.bridge.desk.name_of(player) or ""), 5000)

    def _on_unregistered(self, name: str) -> None:
        self.sale.set_player(None)
        self.refresh()
        self.find_panel.show_list()
        self.statusBar().showMessage(self.tr("{name}: registration taken back").format(name=name), 5000)

    def _holder_of(self, member_id: str, name: str) -> str | None:
        """Whose member id this is in the club when `name` is not theirs; None without the club file (the
        night's record asks the TD about it then)."""
        service = self.club.service() if self.club is not None else None
        if service is None:
            return None
        try:
            holder = service.holder_of_another_name(member_id, name)
        except TourneyError:
            return None
        return holder.name if holder is not None else None

    def register_member(self, member_id: str) -> None:
        """A club member at the desk: registered tonight with their member id, and the buy-in ready to take
        (they stand at the desk, so they are present): find, Enter, payment, Enter."""
        service = self.club.service() if self.club is not None else None
        if service is None:
            self.statusBar().showMessage(self.tr("The club file is not there: register the player as new (Ctrl+N)"),
                                         8000)
            return
        try:
            member = service.member(member_id)
            cmd = {"type": "register", "name": member.name, "member_id": member.member_id,
                   "nickname": member.nickname, "email": member.email, "phone": member.phone}
            result = operations.run(self.bridge, {k: v for k, v in cmd.items() if v}, station=operations.CASHIER)
        except TourneyError as exc:
            self.statusBar().showMessage(error_text(exc), 8000)
            return
        self.find_panel.search.clear()
        self.refresh()
        self.choose_player(result["player"])
        self.sale.present.setChecked(True)
        self.sale.confirm_button.setFocus(Qt.FocusReason.OtherFocusReason)
        self.statusBar().showMessage(self.tr("{name} (member {member}) registered").format(
            name=member.name, member=member.member_id), 5000)

    def choose_player(self, player: str) -> None:
        """The player at the desk: the sale panel takes over, the presence box first."""
        self.find_panel.select_player(player)
        self.sale.set_player(player)
        self.sale.present.setFocus(Qt.FocusReason.OtherFocusReason)
        self.banner.set_fresh(False)

    def _on_registered(self, player: str) -> None:
        self.find_panel.back_to_list()
        self.refresh()
        self.choose_player(player)
        self.statusBar().showMessage(self.tr("{name} registered").format(
            name=self.bridge.desk.name_of(player) or ""), 5000)

    # -- selling -----------------------------------------------------------------------------
    def _sell(self, kind: str) -> None:
        found = self.found_player()
        if found is not None and found != self.sale.player:
            self.find_panel.search.clear()
            self.choose_player(found)
        self.sale.set_kind(kind)
        self.sale.present.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _toggle_option(self, box: QCheckBox) -> None:
        if not box.isHidden() and box.isEnabled():
            box.toggle()

    def _on_sold(self, sale: dict[str, Any]) -> None:
        desk = self.bridge.desk
        result = sale["result"]
        name = desk.name_of(sale["player"]) or ""
        label = self.tr("Rebuy") if sale["kind"] == "rebuy" else self.tr("Add-on")
        entry = str(result.get("entry") or sale.get("entry") or "") or None
        # A rebuy after a bust in the rebuy period brings the player back to a new seat (`back`): the
        # banner and the seat card say where, as for a buy-in, not only the chips.
        if sale["kind"] == "buy_in" or result.get("back"):
            self.paper.last_card = card = printing.SeatCard(desk.config.name, name, result["entry"], result["table"],
                                                            result["seat"], result["chips"], desk.now_ms(),
                                                            bool(result.get("reentry")))
            note = self.tr("{chips} chips").format(chips=fmt.chips(result["chips"])) if sale["kind"] == "buy_in" \
                else self.tr("{kind}: +{chips} chips").format(kind=label, chips=fmt.chips(result["chips"]))
            if self.auto_print.isChecked():
                where = self.paper.print_card(card)
                note += " · " + (self.tr("seat card printed") if where else self.tr("seat card NOT printed"))
                self.banner.seat_note.setToolTip(where or "")
            self.banner.show_seat(name, str(result["entry"]), int(result["table"]), int(result["seat"]), note)
        else:
            self.banner.show_chips(name, entry, self.tr("{kind}: +{chips} chips").format(
                kind=label, chips=fmt.chips(result["chips"])))
        self.sale.set_player(None)
        self.find_panel.search.clear()
        self.find_panel.search.setFocus(Qt.FocusReason.OtherFocusReason)

    def _toggle_waiting(self) -> None:
        found = self.found_player()
        if found is not None and found != self.sale.player:
            self.find_panel.search.clear()
            self.choose_player(found)
        self.sale.toggle_waiting()

    def _clear_waiting(self) -> None:
        """Late registration has closed with players still waiting: they are taken off together."""
        try:
            result = operations.run(self.bridge, {"type": "remove_alternate"}, station=operations.CASHIER)
        except TourneyError as exc:
            self.statusBar().showMessage(error_text(exc), 8000)
            return
        self.statusBar().showMessage(self.tr("%n player(s) taken off the waiting list: nothing was taken from "
                                             "them", "", len(result["players"])), 10000)

    def _on_listed(self, report: dict[str, Any]) -> None:
        """Put on the waiting list, or taken off it: the desk says so, and is ready for the next person."""
        result = report["result"]
        name = self.bridge.desk.name_of(report["player"]) or ""
        if "position" in result:
            text = self.tr("{name} is number {position} on the waiting list: nothing taken, they pay when "
                           "seated").format(name=name, position=result["position"])
        else:
            text = self.tr("{name} is off the waiting list: nothing was taken").format(name=name)
        self.statusBar().showMessage(text, 10000)
        self.sale.set_player(None)
        self.find_panel.search.clear()
        self.find_panel.search.setFocus(Qt.FocusReason.OtherFocusReason)

    def _follow_banner(self) -> None:
        """The banner follows the player of the last sale, and the seat card it reprints carries the name
        they answer to now (corrected after the sale)."""
        self.banner.follow(self.bridge.desk)
        card = self.paper.last_card
        if card is None or self.banner.entry != card.entry:
            return
        name = self.banner.seat_name.text()
        if card.name != name:
            self.paper.last_card = dataclasses.replace(card, name=name)

    def reprint_seat_card(self) -> None:
        """The seat card of the chosen player's live entry, else the last one."""
        player = self.found_player()
        self.paper.reprint_seat_card(self.bridge.desk.person(player) if player is not None else None)

    # -- paying out -----------------------------------------------------------------------------
    def go_to_payouts(self) -> None:
        self.pay.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _auto_print_changed(self, on: bool) -> None:
        self.settings.setValue("cashier/auto_print", on)

    # -- the layout, remembered -----------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is getattr(self, "banner", None) and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self._fit_later.start()
        return super().eventFilter(watched, event)

    def _restore_layout(self) -> None:
        geometry = self.settings.value("cashier/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)

    def showEvent(self, event: QShowEvent) -> None:
        # The panels are put back once the window has its final size, or a resize would spread them again.
        super().showEvent(event)
        self._listen(True)
        if self._panels_restored:
            return
        self._panels_restored = True
        if self.settings.value("cashier/splitter") is None:
            self._spread_panels()
        for key, splitter in (("cashier/splitter", self.splitter), ("cashier/right_splitter", self.right)):
            state = self.settings.value(key)
            if state is not None:
                splitter.restoreState(state)

    def save_layout(self) -> None:
        self.settings.setValue("cashier/geometry", self.saveGeometry())
        self.settings.setValue("cashier/splitter", self.splitter.saveState())
        self.settings.setValue("cashier/right_splitter", self.right.saveState())
        self.settings.sync()

    def resizeEvent(self, event: QResizeEvent) -> None:
        # On a short screen the sale itself needs the height: the list of keys is in the menus too.
        self.keys_card.setVisible(event.size().height() >= TALL_SCREEN)
        super().resizeEvent(event)
        if hasattr(self, "banner"):  # a geometry restored while the window is built
            self._fit_later.start()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        self._listen(False)
        super().closeEvent(event)


def _default_settings() -> QSettings:
    if QCoreApplication.organizationName():
        return QSettings()
    return QSettings("TourneyDesk", "tourneydesk")
