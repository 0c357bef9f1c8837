"""The cashier desk: a second window beside the TD console, worked from the keyboard with a queue waiting.

Left, find or register the player; centre, sell the buy-in (re-entry, rebuy, add-on) with its price split
and the seat drawn, shown big once sold and printed on a seat card; right, the prizes and bounties to pay
with a payout slip, and the drawer by payment method with the end-of-night report. Everything goes
through the Desk; the window re-reads it after every accepted command, whichever desk sent it.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

from ...core.config import PAYMENT_METHODS
from ...core.protocol.errors import TourneyError
from .. import fmt, operations, printing
from ..bridge import DeskBridge
from ..club.link import ClubLink
from ..messages import error_text
from ..qt import (
    QAbstractItemView,
    QAction,
    QCheckBox,
    QCloseEvent,
    QCoreApplication,
    QEvent,
    QFileDialog,
    QFont,
    QFontMetricsF,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QKeyEvent,
    QKeySequence,
    QLabel,
    QLineEdit,
    QMainWindow,
    QObject,
    QPrintDialog,
    QPrinter,
    QPushButton,
    QResizeEvent,
    QScrollArea,
    QSettings,
    QShowEvent,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QStyle,
    Qt,
    QTableView,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .books import Owed, night_report
from .columns import name_room, text_room
from .models import ID_ROLE, MEMBER_PREFIX, OwedModel, PlayersModel
from .money_panels import DrawerPanel, PayPanel
from .register_form import RegisterForm
from .sale_panel import SalePanel

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
""".replace("TOTAL_POINTS", str(TOTAL_POINTS))


# The seat sold, in the banner: the largest type on a tall screen, on a short one (the next sale needs the
# height), and the smallest it shrinks to for a long text in a narrow centre.
SEAT_POINTS, SHORT_SEAT_POINTS, MIN_SEAT_POINTS = 44, 30, 16
TALL_SCREEN = 900  # from this window height the list of keys is shown too

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
        self.currency = desk.currency
        self.setObjectName("cashier_window")
        self.setWindowTitle(self.tr("Cashier — {name}").format(name=desk.config.name))
        self.setStyleSheet(STYLE)
        font = self.font()
        font.setPointSizeF(max(font.pointSizeF(), 11.0))
        self.setFont(font)
        stem = desk.path.stem
        folder = str(self.settings.value("cashier/pdf_folder", "") or desk.path.parent / f"{stem} prints")
        self.target = printing.PrintTarget(Path(folder), str(self.settings.value("cashier/printer", "") or ""))
        self.last_card: printing.SeatCard | None = None
        self._panels_restored = False
        self._registration_open = bool(desk.clock_now()["clock"]["registration_open"])
        # The header's counts, read off the snapshot after each command (the clock is read every second).
        self._counts: dict[str, Any] = {"left": 0, "entries": 0, "pool": 0, "winner": ""}
        self._banner_entry: str | None = None  # the entry whose sale the seat banner shows
        self._banner_seat: tuple[int, int] | None = None  # the seat it was sold, when it shows one
        self._banner_note = ""  # what the banner said under the seat at the sale

        central = QWidget(self)
        central.setObjectName("cashier_central")
        self.header = self._build_header(central)
        self.find_panel = self._build_find(central)
        self.sale = SalePanel(bridge, central)
        self.sale.sold.connect(self._on_sold)
        self.banner = self._build_banner(central)
        # The seat's type is fitted once the banner has its new width, after the event that resized it.
        self._seat_points = 0
        self._fit_later = QTimer(self)
        self._fit_later.setSingleShot(True)
        self._fit_later.timeout.connect(self._fit_seat)
        self._fit_later.timeout.connect(self._fit_keys)
        self.banner.installEventFilter(self)
        centre_page = QWidget(central)
        centre_page.setObjectName("cashier_centre")
        centre_layout = QVBoxLayout(centre_page)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.addWidget(self.banner)
        centre_layout.addWidget(_card(self.sale, centre_page), 1)
        self.keys_card = _card(self._build_keys(centre_page), centre_page)
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
        self.pay.paid.connect(self._on_paid)
        self.drawer = DrawerPanel(bridge, central)
        self.drawer.report_button.clicked.connect(self.save_report_as)
        self.pay.drawer_cash = self.drawer.cash
        self.right = QSplitter(Qt.Orientation.Vertical, central)
        self.right.setObjectName("right_splitter")
        self.right.addWidget(_card(self.pay, self.right))
        self.right.addWidget(_card(self.drawer, self.right))
        self.right.setChildrenCollapsible(False)
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
        self.statusBar().showMessage(self._target_text())

        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._tick)
        self._listening = False
        self._listen(True)
        self._restore_layout()
        self.search.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- building ----------------------------------------------------------------------------
    def _fix_minimum_widths(self) -> None:
        """Each panel's narrowest width fixed once, from the font: the lists keep a whole long name beside
        what they must show, the sale its buttons. The labels inside wrap, so no text the desk writes
        later (a long name, a seat drawn in big letters) can widen a panel and so the window."""
        scroll = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 8  # and the lists' frames
        card = 2 * CARD_MARGIN + 2
        self.find_card.setMinimumWidth(name_room(self.player_view) + self._widths[PlayersModel.STATUS]
                                                + scroll + card)
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

    def _build_header(self, parent: QWidget) -> QFrame:
        frame = QFrame(parent)
        frame.setObjectName("header")
        self.header_name = QLabel(self.bridge.desk.config.name, frame)
        self.header_name.setObjectName("header_name")
        self.header_clock = QLabel(frame)
        self.header_clock.setObjectName("header_clock")
        self.header_counts = QLabel(frame)
        self.header_counts.setObjectName("header_counts")
        for label in (self.header_name, self.header_clock, self.header_counts):
            # The header gives way (cut short) on a narrow screen rather than widening the window.
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
            label.setMinimumWidth(1)
        layout = QHBoxLayout(frame)
        layout.setContentsMargins(16, 8, 16, 8)
        layout.addWidget(self.header_name)
        layout.addSpacing(24)
        layout.addWidget(self.header_clock)
        layout.addStretch(1)
        layout.addWidget(self.header_counts)
        return frame

    def _build_find(self, parent: QWidget) -> QWidget:
        panel = QWidget(parent)
        self.search = QLineEdit(panel)
        self.search.setObjectName("search")
        self.search.setPlaceholderText(self.tr("Find a player: name, nickname or member id (Ctrl+F)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.search.returnPressed.connect(self._choose_from_search)
        self.search.installEventFilter(self)
        self.players = PlayersModel(self)
        self.player_view = QTableView(panel)
        self.player_view.setObjectName("player_view")
        self.player_view.setModel(self.players)
        self.player_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.player_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.player_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.player_view.verticalHeader().hide()
        self.player_view.setAlternatingRowColors(True)
        header = self.player_view.horizontalHeader()
        # Widths from the font the list is drawn in, not from the contents: measuring 10,000 rows after
        # every bust is too slow, and a column fitted to its rows re-lays the window after each sale.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(PlayersModel.NAME, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        titles = self.players.headers()
        view = self.player_view
        self._widths = {  # kept here: a hidden column's width reads as 0 in the header
            PlayersModel.MEMBER: max(text_room(view, "M-000000"),
                                     text_room(view, titles[PlayersModel.MEMBER], bold=True)),
            PlayersModel.ENTRIES: max(text_room(view, "88"), text_room(view, titles[PlayersModel.ENTRIES], bold=True)),
        }
        # As wide as this room's longest "Table 12 · seat 9", so that the name keeps every other pixel.
        seating = self.bridge.desk.config.seating
        self._widths[PlayersModel.STATUS] = max(text_room(view, text) for text in self.players.longest_places(
            max(seating.tables), seating.seats_per_table))
        for column, width in self._widths.items():
            header.resizeSection(column, width)
        self._member_column = False
        view.viewport().installEventFilter(self)
        self.player_view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.player_view.setColumnHidden(PlayersModel.NICKNAME, True)
        self.player_view.activated.connect(self._choose_index)
        self.player_view.clicked.connect(self._choose_index)
        self.new_button = QPushButton(self.tr("New player (Ctrl+N)"), panel)
        self.new_button.setObjectName("new_player")
        self.new_button.clicked.connect(self.new_player)
        list_page = QWidget(panel)
        list_layout = QVBoxLayout(list_page)
        list_layout.setContentsMargins(0, 0, 0, 0)
        list_layout.addWidget(self.player_view, 1)
        list_layout.addWidget(self.new_button)
        self.register_form = RegisterForm(self.bridge, panel)
        self.register_form.registered.connect(self._on_registered)
        self.register_form.existing.connect(self._on_existing)
        self.register_form.edited.connect(self._on_edited)
        self.register_form.unregistered.connect(self._on_unregistered)
        self.register_form.cancelled.connect(self.find_player)
        self.find_stack = QStackedWidget(panel)
        self.find_stack.addWidget(list_page)
        self.find_stack.addWidget(self.register_form)
        title = QLabel(self.tr("Players"), panel)
        title.setProperty("role", "heading")
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(title)
        layout.addWidget(self.search)
        layout.addWidget(self.find_stack, 1)
        return panel

    def _build_keys(self, parent: QWidget) -> QLabel:
        keys = [
            (self.tr("Ctrl+F"), self.tr("find a player"), self.tr("Ctrl+N"), self.tr("new player")),
            (self.tr("F2"), self.tr("correct the player"), self.tr("Alt+T"), self.tr("take back a registration")),
            (self.tr("↑ ↓ Enter"), self.tr("choose the player"), self.tr("Space"), self.tr("player is present")),
            (self.tr("Ctrl+1…5"), self.tr("cash, card, transfer, voucher, comp"), self.tr("Enter"),
             self.tr("take payment")),
            (self.tr("F5 F6 F7"), self.tr("buy-in, rebuy, add-on"), self.tr("Ctrl+R"), self.tr("seat card again")),
            (self.tr("Ctrl+L"), self.tr("the payouts"), self.tr("F8"), self.tr("paid, with a slip")),
            (self.tr("Ctrl+E"), self.tr("end-of-night report"), self.tr("Ctrl+W"), self.tr("close")),
        ]
        two = "".join(f"<tr><td><b>{a}</b></td><td>{b}</td><td width='16'></td><td><b>{c}</b></td><td>{d}</td></tr>"
                      for a, b, c, d in keys)
        one = "".join(f"<tr><td><b>{key}</b></td><td>{what}</td></tr>"
                      for a, b, c, d in keys for key, what in ((a, b), (c, d)))
        # Two keys a line where they fit, else one: at 1920 px the second column ran past the card's edge
        # ("new p", "take b").
        self._keys_html = (f"<table cellspacing='3'>{two}</table>", f"<table cellspacing='3'>{one}</table>")
        label = QLabel(self._keys_html[0], parent)
        label.setObjectName("keys_help")
        label.setTextFormat(Qt.TextFormat.RichText)
        self.keys_help = label
        return label

    def _fit_keys(self) -> None:
        room = self.keys_card.contentsRect().width()
        label = self.keys_help
        label.setText(self._keys_html[0])
        if label.sizeHint().width() > room:
            label.setText(self._keys_html[1])

    def _build_banner(self, parent: QWidget) -> QFrame:
        frame = QFrame(parent)
        frame.setObjectName("seat_banner")
        self.seat_name = QLabel(frame)
        self.seat_name.setObjectName("seat_name")
        self.seat_big = QLabel(frame)
        self.seat_big.setObjectName("seat_big")
        self.seat_note = QLabel(frame)
        self.seat_note.setObjectName("seat_note")
        self.seat_note.setWordWrap(True)
        layout = QVBoxLayout(frame)
        layout.setContentsMargins(16, 10, 16, 10)
        for label in (self.seat_name, self.seat_big, self.seat_note):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setWordWrap(True)  # a long name or "Table 12 · Seat 10" wraps in place, never widens the window
            layout.addWidget(label)
        frame.hide()
        return frame

    def _fit_seat(self) -> None:
        """The seat in the biggest type that holds it on one line across the banner: wrapped onto two lines
        ("Table 7 ·" / "Seat 3") it pushed "Take payment" below the fold of a 1280x720 screen. Smaller on a
        short screen, where the next sale needs the height."""
        largest = SEAT_POINTS if self.height() >= TALL_SCREEN else SHORT_SEAT_POINTS
        font = QFont(self.seat_big.font())
        font.setPointSizeF(largest)
        font.setWeight(QFont.Weight.ExtraBold)
        wide = QFontMetricsF(font).horizontalAdvance(self.seat_big.text()) + 8  # the label's own margins
        room = self.banner.contentsRect().width() - 32  # the banner's inner margins
        points = largest if wide <= room or room <= 0 else max(MIN_SEAT_POINTS, math.floor(largest * room / wide))
        if points != self._seat_points:
            self._seat_points = points
            self.seat_big.setStyleSheet(f"font-size: {points}pt;")

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

        desk_menu = self.menuBar().addMenu(self.tr("&Desk"))
        desk_menu.addAction(action(self.tr("Find a player"), "Ctrl+F", self.find_player, "act_find"))
        desk_menu.addAction(action(self.tr("New player"), "Ctrl+N", self.new_player, "act_new"))
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
        desk_menu.addSeparator()
        desk_menu.addAction(action(self.tr("Go to the payouts"), "Ctrl+L", self.go_to_payouts, "act_payouts"))
        desk_menu.addAction(action(self.tr("Paid"), "F8", self.pay.pay, "act_paid"))
        desk_menu.addSeparator()
        desk_menu.addAction(action(self.tr("Close"), QKeySequence.StandardKey.Close, self.close, "act_close"))
        paper = self.menuBar().addMenu(self.tr("&Paper"))
        paper.addAction(action(self.tr("Print the seat card again"), "Ctrl+R", self.reprint_seat_card,
                               "act_reprint"))
        paper.addAction(action(self.tr("End-of-night report (PDF)…"), "Ctrl+E", self.save_report_as, "act_report"))
        paper.addSeparator()
        self.auto_print = action(self.tr("Print a seat card after each buy-in"), "Ctrl+Shift+A",
                                 self._auto_print_changed, "act_auto_print", checkable=True)
        self.auto_print.setChecked(self.settings.value("cashier/auto_print", "true") in (True, "true"))
        paper.addAction(self.auto_print)
        paper.addAction(action(self.tr("Choose a printer…"), "Ctrl+Shift+P", self.choose_printer, "act_printer"))
        paper.addAction(action(self.tr("Save as PDF in a folder…"), "Ctrl+Shift+D", self.choose_pdf_folder,
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
        current = self.current_player()
        self.players.set_snapshot(snap["players"], snap["entries"], self.bridge.changes())
        champion = self.bridge.desk.winner()
        self._counts = {"left": snap["counts"]["players_left"], "entries": snap["counts"]["entries"],
                        "pool": snap["money"]["prize_pool"],
                        "winner": (self.bridge.desk.name_of(champion) or "") if champion else ""}
        self._follow_banner()
        self._member_column = self.players.any_member_id
        self._lay_player_columns()
        self._select_player(current)
        self.sale.refresh()
        self.pay.refresh()
        self.drawer.refresh()
        self._tick()

    def _tick(self) -> None:
        """The header follows the clock; prizes become payable when late registration closes."""
        now = self.bridge.desk.clock_now()
        clock = now["clock"]
        reg_open = bool(clock["registration_open"])
        if reg_open != self._registration_open:
            self._registration_open = reg_open
            self.refresh()
            return
        counts = self._counts
        if now["status"] == "finished":
            # The clock may still count the last level; the tournament it timed is over.
            self.header_clock.setText(self.tr("Finished: {name} wins").format(name=counts["winner"]))
            self.header_counts.setText(self.tr("%n entries · prize pool {pool}", "", counts["entries"]).format(
                pool=fmt.money(counts["pool"], self.currency)))
            return
        if not clock["started"]:
            clock_text = self.tr("Not started")
        else:
            level = self.tr("Level {n}").format(n=clock["level"]) if clock["level"] else self.tr("Break")
            clock_text = self.tr("{level} · {left} left").format(level=level, left=fmt.clock(clock["remaining_s"]))
        closes_in = clock["registration_closes_in_s"]
        if reg_open and closes_in is not None:
            reg_text = self.tr("Registration open, closes in {left}").format(left=fmt.clock(closes_in))
        elif reg_open:
            reg_text = self.tr("Registration open")
        else:
            reg_text = self.tr("Registration closed")
        self.header_clock.setText(f"{clock_text}   ·   {reg_text}")
        self.header_counts.setText(self.tr("{left} of {entries} · prize pool {pool}").format(
            left=self.tr("%Ln left", "", counts["left"]), entries=self.tr("%Ln entries", "", counts["entries"]),
            pool=fmt.money(counts["pool"], self.currency)))

    # -- finding and registering ---------------------------------------------------------------
    def find_player(self) -> None:
        self.find_stack.setCurrentIndex(0)
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def new_player(self) -> None:
        self.find_stack.setCurrentIndex(1)
        self.register_form.start(self.search.text())

    def found_player(self) -> str | None:
        """Who a key at the desk is for: the name just found (the find box holds text, or the list has the
        keyboard) over the player still at the desk, else the player at the desk. A row is never chosen only
        because the list highlights its first name."""
        row = self.current_player()
        looking = bool(self.search.text().strip()) or self.player_view.hasFocus()
        if row is not None and not row.startswith(MEMBER_PREFIX) and looking:
            return row
        return self.sale.player

    def correct_player(self) -> None:
        """The player just found, or the one at the desk, opened for a correction."""
        player = self.found_player()
        if player is None or self.bridge.desk.person(player) is None:
            self.statusBar().showMessage(self.tr("Choose the player to correct first"), 5000)
            return
        self.find_stack.setCurrentIndex(1)
        self.register_form.start_edit(player)

    def _on_existing(self, player: str) -> None:
        """The name typed was someone already here: that person comes to the desk, nobody new."""
        self.find_stack.setCurrentIndex(0)
        self.search.clear()
        self.choose_player(player)

    def _on_edited(self, player: str) -> None:
        self.find_stack.setCurrentIndex(0)
        self.search.clear()  # what was typed to find the old spelling may not find the new one
        self.refresh()
        self.choose_player(player)
        self.statusBar().showMessage(self.tr("{name} corrected").format(
            name=self.bridge.desk.name_of(player) or ""), 5000)

    def _on_unregistered(self, name: str) -> None:
        self.sale.set_player(None)
        self.refresh()
        self.find_player()
        self.statusBar().showMessage(self.tr("{name}: registration taken back").format(name=name), 5000)

    def _filter(self, text: str) -> None:
        self.players.set_needle(text)
        found = self.club.find(text) if self.club is not None and text.strip() else []
        self.players.set_members([(m.member_id, m.name, m.nickname or "") for m in found])
        # The club's members carry member ids: the column tells two Chloés apart.
        self._member_column = bool(self.players.any_member_id or found)
        self._lay_player_columns()
        if self.players.rowCount() > 0:
            self.player_view.setCurrentIndex(self.players.index(0, 0))

    def _lay_player_columns(self) -> None:
        """Where each player stands always, beside a whole name; the member id (when anyone has one) and
        the number of entries when they fit too (the sale panel says both for the player chosen)."""
        view = self.player_view
        room = view.viewport().width() - name_room(view) - self._widths[PlayersModel.STATUS]
        for column, wanted in ((PlayersModel.MEMBER, self._member_column), (PlayersModel.ENTRIES, True)):
            fits = wanted and self._widths[column] <= room
            if fits:
                room -= self._widths[column]
            view.setColumnHidden(column, not fits)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up and Down in the search box walk the list, so the hands never leave the keys."""
        if watched is self.player_view.viewport() and event.type() == QEvent.Type.Resize:
            self._lay_player_columns()
        if watched is getattr(self, "banner", None) and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self._fit_later.start()
        if watched is self.search and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_PageDown, Qt.Key.Key_PageUp):
                row = self.player_view.currentIndex().row()
                step = {Qt.Key.Key_Down: 1, Qt.Key.Key_Up: -1, Qt.Key.Key_PageDown: 10,
                        Qt.Key.Key_PageUp: -10}[Qt.Key(event.key())]
                count = self.players.rowCount()
                if count:
                    row = min(max(row + step, 0), count - 1)
                    self.player_view.setCurrentIndex(self.players.index(row, 0))
                return True
            if event.key() == Qt.Key.Key_Escape:
                self.search.clear()
                return True
        return super().eventFilter(watched, event)

    def _choose_from_search(self) -> None:
        index = self.player_view.currentIndex()
        if index.isValid() and self.search.text().strip():
            self._choose_index(index)
        elif self.search.text().strip():
            self.new_player()

    def _choose_index(self, index: Any) -> None:
        player = self.players.data(index, ID_ROLE)
        if player and str(player).startswith(MEMBER_PREFIX):
            self.register_member(str(player)[len(MEMBER_PREFIX):])
        elif player:
            self.choose_player(str(player))

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
        self.search.clear()
        self.refresh()
        self.choose_player(result["player"])
        self.sale.present.setChecked(True)
        self.sale.confirm_button.setFocus(Qt.FocusReason.OtherFocusReason)
        self.statusBar().showMessage(self.tr("{name} (member {member}) registered").format(
            name=member.name, member=member.member_id), 5000)

    def choose_player(self, player: str) -> None:
        """The player at the desk: the sale panel takes over, the presence box first."""
        self._select_player(player)
        self.sale.set_player(player)
        self.sale.present.setFocus(Qt.FocusReason.OtherFocusReason)
        self._banner_fresh(False)

    def current_player(self) -> str | None:
        index = self.player_view.currentIndex()
        value = self.players.data(index, ID_ROLE) if index.isValid() else None
        return str(value) if value else None

    def _select_player(self, player: str | None) -> None:
        if player is None:
            return
        row = self.players.row_of(player)
        if row >= 0:
            index = self.players.index(row, 0)
            self.player_view.setCurrentIndex(index)
            self.player_view.scrollTo(index)

    def _on_registered(self, player: str) -> None:
        self.find_stack.setCurrentIndex(0)
        self.search.clear()
        self.refresh()
        self.choose_player(player)
        self.statusBar().showMessage(self.tr("{name} registered").format(
            name=self.bridge.desk.name_of(player) or ""), 5000)

    # -- selling -----------------------------------------------------------------------------
    def _sell(self, kind: str) -> None:
        found = self.found_player()
        if found is not None and found != self.sale.player:
            self.search.clear()
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
        self.seat_name.setText(name)
        label = self.tr("Rebuy") if sale["kind"] == "rebuy" else self.tr("Add-on")
        # A rebuy after a bust in the rebuy period brings the player back to a new seat (`back`): the
        # banner and the seat card say where, as for a buy-in, not only the chips.
        self._banner_entry = str(result.get("entry") or sale.get("entry") or "") or None
        self._banner_seat = None
        if sale["kind"] == "buy_in" or result.get("back"):
            self._banner_seat = (int(result["table"]), int(result["seat"]))
            self.seat_big.setText(self.tr("Table {table} · Seat {seat}").format(
                table=result["table"], seat=result["seat"]))
            self.last_card = printing.SeatCard(desk.config.name, name, result["entry"], result["table"],
                                               result["seat"], result["chips"], desk.now_ms(),
                                               bool(result.get("reentry")))
            note = self.tr("{chips} chips").format(chips=fmt.chips(result["chips"])) if sale["kind"] == "buy_in" \
                else self.tr("{kind}: +{chips} chips").format(kind=label, chips=fmt.chips(result["chips"]))
            if self.auto_print.isChecked():
                where = self._print_card(self.last_card)
                note += " · " + (self.tr("seat card printed") if where else self.tr("seat card NOT printed"))
                self.seat_note.setToolTip(where or "")
        else:
            self.seat_big.setText(self.tr("{kind}: +{chips} chips").format(kind=label,
                                                                          chips=fmt.chips(result["chips"])))
            note = ""
        self.seat_note.setText(note)
        self._banner_note = note
        self.banner.show()
        self._fit_seat()
        self._banner_fresh(True)
        self.sale.set_player(None)
        self.search.clear()
        self.search.setFocus(Qt.FocusReason.OtherFocusReason)

    def _follow_banner(self) -> None:
        """The banner says where the player of the last sale sits now: after a move (a table balanced or
        broken) their new seat, and the one the seat card says; once the sale is no longer current (the
        entry busted, the sale undone) it is cleared, so nobody is sent to a seat someone else holds."""
        if self._banner_entry is None or self.banner.isHidden():
            return
        facts = self.bridge.desk.entry(self._banner_entry)
        if facts is None or not facts.playing:
            self._banner_entry = self._banner_seat = None
            self.banner.hide()
            return
        # A name corrected after the sale (a typo fixed with F2, at any desk): the banner and the card it
        # reprints say the name the player answers to now.
        name = self.bridge.desk.name_of(facts.player) or ""
        if name != self.seat_name.text():
            self.seat_name.setText(name)
        if self.last_card is not None and self.last_card.entry == facts.id and self.last_card.name != name:
            self.last_card = dataclasses.replace(self.last_card, name=name)
        if self._banner_seat is None or facts.table is None or facts.seat is None:
            return  # a rebuy or an add-on: the chips it shows stand
        self.seat_big.setText(self.tr("Table {table} · Seat {seat}").format(table=facts.table, seat=facts.seat))
        self._fit_seat()
        if (facts.table, facts.seat) == self._banner_seat:
            self.seat_note.setText(self._banner_note)
        else:
            table, seat = self._banner_seat
            self.seat_note.setText(self.tr("Moved since the sale: was table {table}, seat {seat} · Ctrl+R prints "
                                           "the new seat card").format(table=table, seat=seat))

    def _banner_fresh(self, fresh: bool) -> None:
        """Green for the sale just made; grey once the next player is at the desk."""
        self.banner.setProperty("fresh", "true" if fresh else "false")
        self.banner.style().unpolish(self.banner)
        self.banner.style().polish(self.banner)

    def _print_card(self, card: printing.SeatCard) -> str | None:
        stem = f"seat-card-{card.entry}"
        return self._output("seat_card", printing.seat_card_html(card), stem, printing.SEAT_CARD_PAGE,
                            self.tr("Seat card printed: {where}"))

    def reprint_seat_card(self) -> None:
        """The seat card of the chosen player's live entry (after a move, a lost card), else the last one."""
        desk = self.bridge.desk
        player = self.found_player()
        person = desk.person(player) if player is not None else None
        last = person.last if person is not None else None
        if person is not None and last is not None and last.table is not None and last.seat is not None:
            card = printing.SeatCard(desk.config.name, person.name, last.id, last.table,
                                     last.seat, last.chips, desk.now_ms(), last.number > 1)
        elif self.last_card is not None:
            card = self.last_card
        else:
            self.statusBar().showMessage(self.tr("No seat card to print: choose a seated player first"), 5000)
            return
        self._print_card(card)

    def _output(self, kind: str, page_html: str, stem: str, page: Any, done: str) -> str | None:
        """Print or save, and say where in the status bar; returns where, or None when it failed. A failure
        is reported, never raised: the money is already recorded."""
        try:
            where = self.target.output(page_html, stem, page)
        except OSError as exc:
            self.statusBar().showMessage(self.tr("Could not print: {error}").format(error=str(exc)))
            return None
        self.statusBar().showMessage(done.format(where=where), 15000)
        self.printed.emit(kind, where)
        return where

    # -- paying out -----------------------------------------------------------------------------
    def go_to_payouts(self) -> None:
        self.pay.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _on_paid(self, owed: Owed, method: str) -> None:
        desk = self.bridge.desk
        slip = printing.PayoutSlip(desk.config.name, self.currency, owed.name, owed.entry, owed.place,
                                   owed.prize, owed.bounty, owed.paid_before, owed.amount, method, desk.now_ms(),
                                   self.tr("Cashier"))
        self._output("payout_slip", printing.payout_slip_html(slip), f"payout-slip-{owed.entry}",
                     printing.PAYOUT_SLIP_PAGE, self.tr("Payout slip printed: {where}"))

    # -- the night's report -----------------------------------------------------------------
    def save_report_as(self) -> None:
        desk = self.bridge.desk
        suggested = str(self.target.pdf_folder / f"{desk.path.stem} end-of-night.pdf")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the end-of-night report"), suggested,
                                              self.tr("PDF files (*.pdf)"))
        if path:
            self.save_report(Path(path))

    def save_report(self, path: Path) -> Path:
        report = night_report(self.bridge.desk)
        printing.save_pdf(printing.report_html(report), path, printing.REPORT_PAGE, report.tournament)
        self.statusBar().showMessage(self.tr("End-of-night report saved: {where}").format(where=str(path)), 15000)
        self.printed.emit("report", str(path))
        return path

    # -- where the paper goes ---------------------------------------------------------------
    def _target_text(self) -> str:
        if self.target.printer() is not None:
            return self.tr("Printing to {printer}").format(printer=self.target.printer_name)
        return self.tr("Seat cards and slips are saved as PDF in {folder}").format(folder=str(self.target.pdf_folder))

    def choose_printer(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle(self.tr("Printer for seat cards and slips"))
        accepted = dialog.exec() == QPrintDialog.DialogCode.Accepted
        if accepted and printer.outputFormat() == QPrinter.OutputFormat.NativeFormat:
            self.target.printer_name = printer.printerName()
            self.settings.setValue("cashier/printer", self.target.printer_name)
        self.statusBar().showMessage(self._target_text())

    def choose_pdf_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Folder for seat cards and slips"),
                                                  str(self.target.pdf_folder))
        if folder:
            self.target.pdf_folder = Path(folder)
            self.target.printer_name = ""
            self.settings.setValue("cashier/pdf_folder", folder)
            self.settings.setValue("cashier/printer", "")
        self.statusBar().showMessage(self._target_text())

    def _auto_print_changed(self, on: bool) -> None:
        self.settings.setValue("cashier/auto_print", on)

    # -- the layout, remembered -----------------------------------------------------------------
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
