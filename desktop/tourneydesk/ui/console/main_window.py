"""The TD console: the clock, what to do now, the players, the tables and the floor, in one window.

Keyboard first: every frequent action sits in a menu with its shortcut. The window reads the desk's
snapshot after each accepted command (`DeskBridge.changed`) and sends commands; it decides nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ... import event_files
from ...core.protocol.errors import TourneyError
from .. import fmt, printing
from ..bridge import DeskBridge
from ..club.link import ClubLink
from ..qt import (
    QAction,
    QCloseEvent,
    QDialog,
    QDockWidget,
    QEvent,
    QFileDialog,
    QKeySequence,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSettings,
    QShowEvent,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from ..recent import recent_files
from ..results import deal_lines, winner
from ..screen_fit import fit_once_framed
from ..side_windows import KINDS, remember_side_windows, side_windows_to_reopen
from .bag_dialog import BagDialog
from .bust_dialog import BustDialog
from .chip_count_dialog import ChipCountDialog
from .clock_panel import ClockPanel
from .common import TEXT_POINTS, InlineError, clock_view, preview, send, send_slow, tr
from .deal_dialog import DealDialog
from .envelopes_dialog import EnvelopesDialog
from .event_log import EventLogWindow, undo_description
from .floor import (
    ChipsRemovedDialog,
    DisqualifyDialog,
    FloorPanel,
    MoveDialog,
    NoteDialog,
    PenaltyDialog,
    PlayerClockDialog,
)
from .jump_dialog import JumpDialog
from .message_dialog import MessageDialog
from .moves_dialog import MovesDialog, moves_of, news_title
from .payouts_dialog import PayoutsDialog
from .plan_panel import PlanPanel
from .players_panel import PlayersPanel
from .results_dialog import ResultsDialog, satellite_over
from .status_line import StatusLine
from .structure_editor import StructureEditor
from .table_map import TableMap

GEOMETRY_KEY = "console/geometry"
STATE_KEY = "console/state"
WIDTH_KEY = "console/width"  # the window width the dock layout was saved at


def _move_key(item: dict[str, Any], move: dict[str, Any]) -> tuple[int, str, int, int]:
    return int(item["at_ms"]), str(move["entry"]), int(move["table"]), int(move["seat"])


class ConsoleWindow(QMainWindow):
    restore_requested = Signal()
    """File > Restore from a backup: the app closes this file, shows its backups, opens what comes back."""
    new_requested = Signal()
    """File > New tournament: the app shows the start page's form (this file stays open)."""
    open_requested = Signal(str)
    """File > Open or a recent file: the app opens that file in its own console."""
    start_page_requested = Signal()
    """File > Back to the start page: the app closes this file (and its windows) and shows the start page."""

    def __init__(self, bridge: DeskBridge, settings: QSettings | None = None, parent: QWidget | None = None, *,
                 club: ClubLink | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.settings = settings or QSettings()
        self.club = club  # the club's members for the cashier desk opened from here, and the night's record
        self.setObjectName("consoleWindow")
        self.resize(1280, 720)
        font = self.font()  # read at arm's length on a busy night: no smaller than the cashier desk's
        font.setPointSizeF(max(font.pointSizeF(), TEXT_POINTS))
        self.setFont(font)
        self.snap: dict[str, Any] = {}
        self._moves_told: set[tuple[int, str, int, int]] = set()  # each move read aloud: news instant, entry, seat
        self._money_told: set[int] = set()  # the instants of the "in the money" news told
        self.dialog: QDialog | QMessageBox | None = None  # the dialog open now, for tests and screenshots
        self.side_windows: list[QWidget] = []
        self._leaving = False  # the TD has said yes to closing while the clock runs
        self.path = bridge.desk.path  # kept: the app may let go of the desk before the window closes

        self.players_panel = PlayersPanel(self)
        self.players_panel.opened.connect(self.open_bust)
        self.clock_panel = ClockPanel(bridge)
        self.plan_panel = PlanPanel(bridge)
        self.table_map = TableMap(bridge)
        self.floor_panel = FloorPanel(bridge)
        self.status = StatusLine()
        self.error = InlineError()

        self._build_central()
        self._build_docks()
        self._build_menus()
        self.statusBar().addWidget(self.status, 1)
        self.statusBar().addWidget(self.error)
        if bridge.desk.read_only:  # said for as long as the window is open, beside every refusal it causes
            self.read_only_label = QLabel(tr("Read-only: nothing can be changed in this file"))
            self.read_only_label.setObjectName("readOnly")
            self.read_only_label.setStyleSheet("font-weight: 600;")
            self.statusBar().addPermanentWidget(self.read_only_label)
        # The sync link looks up the system keyring, which can take a second: the window is usable first.
        QTimer.singleShot(0, self._add_sync_status)
        bridge.changed.connect(self.refresh)
        self.plan_panel.keyboard_done.connect(self.players_panel.table.setFocus)
        self.refresh()
        self._restore_layout()
        # The file opens with the keyboard on the list, where Space pauses the clock and typing finds a name.
        self.players_panel.table.setFocus()

    # -- layout --------------------------------------------------------------------------------
    def _build_central(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 0)
        layout.addWidget(self.clock_panel)
        layout.addWidget(self.players_panel, 1)
        self.setCentralWidget(central)

    def _dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        self.plan_dock = self._dock("planDock", tr("What to do now"), self.plan_panel,
                                    Qt.DockWidgetArea.LeftDockWidgetArea)
        self.floor_dock = self._dock("floorDock", tr("Floor"), self.floor_panel,
                                     Qt.DockWidgetArea.LeftDockWidgetArea)
        self.tables_dock = self._dock("tablesDock", tr("Tables"), self.table_map,
                                      Qt.DockWidgetArea.RightDockWidgetArea)
        self._docks_sized = False

    def _size_docks(self) -> None:
        """First showing without a remembered layout: room for two columns of tables."""
        width = self.width()
        if width < 1600:  # a small screen: the tables share the left column with the floor, as a tab
            self.tabifyDockWidget(self.floor_dock, self.tables_dock)
            self.tables_dock.raise_()
            self.resizeDocks([self.plan_dock], [270], Qt.Orientation.Horizontal)
        else:
            self.resizeDocks([self.plan_dock, self.tables_dock], [320, 2 * 238 + 30], Qt.Orientation.Horizontal)
        plan = self.height() // 3 if width < 1600 else self.height() * 3 // 5
        self.resizeDocks([self.plan_dock, self.floor_dock], [plan, self.height() - plan], Qt.Orientation.Vertical)

    def _add_sync_status(self) -> None:
        try:
            from ..sync_link import SyncStatusLabel
        except ImportError:
            return
        try:
            label = SyncStatusLabel(self.bridge)
        except Exception as exc:  # the sync link is optional: the console runs without it
            self.status.setText(tr("Sync status unavailable: {error}").format(error=exc))
            return
        self.statusBar().addPermanentWidget(label)
        self.sync_label = label

    def open_website(self) -> None:
        label = getattr(self, "sync_label", None)
        if label is None:
            self.status.setText(tr("Sync status unavailable"))
            return
        from .website_dialog import WebsiteDialog

        self._show(WebsiteDialog(label.link, self))

    # -- menus and shortcuts ---------------------------------------------------------------------
    def _action(self, menu: Any, text: str, keys: str | QKeySequence.StandardKey | None,
                slot: Callable[[], Any], name: str) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if keys is not None:
            action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu(tr("&File"))
        self._action(file, tr("&New tournament…"), QKeySequence.StandardKey.New, self.new_requested.emit,
                     "actionNew")
        self._action(file, tr("&Open…"), QKeySequence.StandardKey.Open, self.ask_open, "actionOpen")
        self.recent_menu = file.addMenu(tr("Open rec&ent"))
        self.recent_menu.setObjectName("menuRecent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._action(file, tr("Back to the &start page"), "Ctrl+Shift+H", self.ask_start_page, "actionStartPage")
        file.addSeparator()
        self._action(file, tr("&Cashier desk"), "Ctrl+Shift+C", self.open_cashier, "actionCashier")
        self._action(file, tr("Projector &display"), "Ctrl+Shift+D", self.open_display, "actionDisplay")
        self._action(file, tr("Results &website…"), "Ctrl+Shift+W", self.open_website, "actionWebsite")
        file.addSeparator()
        self._action(file, tr("&Restore from a backup…"), "Ctrl+Shift+B", self.restore_requested.emit, "actionRestore")
        file.addSeparator()
        self._action(file, tr("&Quit"), "Ctrl+Q", self.ask_to_close, "actionQuit")

        edit = bar.addMenu(tr("&Edit"))
        self.undo_action = self._action(edit, tr("&Undo"), "Ctrl+Z", self.ask_undo, "actionUndo")
        self._action(edit, tr("&Event log"), "Ctrl+L", self.open_event_log, "actionEventLog")
        edit.addSeparator()
        self._action(edit, tr("&Structure…"), "Ctrl+Shift+S", self.open_structure, "actionStructure")
        self._action(edit, tr("Tournament se&ttings…"), "Ctrl+,", self.open_settings, "actionSettings")
        self._action(edit, tr("&Prize structure…"), "Ctrl+Shift+M", self.open_payouts, "actionPayouts")
        envelopes = self._action(edit, tr("Mystery en&velopes…"), "Ctrl+Shift+V", self.open_envelopes,
                                 "actionEnvelopes")
        envelopes.setEnabled(self.bridge.desk.config.bounty.kind == "mystery")

        clock = bar.addMenu(tr("&Clock"))
        self._action(clock, tr("Start / pause"), "Space", self.start_pause, "actionStartPause")
        # Never a bare letter: a TD typing a name into the wrong place must not move the room's blinds.
        self._action(clock, tr("&Next level"), "Ctrl+Right", lambda: self.clock_command("next"), "actionNext")
        self._action(clock, tr("&Previous level"), "Ctrl+Left", lambda: self.clock_command("previous"),
                     "actionPrevious")
        self._action(clock, tr("Add one minute"), "+", lambda: self.clock_command("adjust", seconds=60),
                     "actionPlusMinute")
        self._action(clock, tr("Take one minute off"), "-", lambda: self.clock_command("adjust", seconds=-60),
                     "actionMinusMinute")
        self._action(clock, tr("&Jump to a level…"), "Ctrl+J", self.open_jump, "actionJump")
        self._action(clock, tr("&Chips removed at a colour-up…"), "Ctrl+Shift+R",
                     lambda: self._show(ChipsRemovedDialog(self.bridge, self)), "actionChipsRemoved")

        players = bar.addMenu(tr("&Players"))
        self._action(players, tr("&Find a player"), "Ctrl+F", self.players_panel.focus_search, "actionFind")
        self._action(players, tr("&Bust-out…"), "Ctrl+B", self.open_bust, "actionBust")
        self._action(players, tr("&Penalty…"), "Ctrl+Shift+P", lambda: self._entry_dialog(PenaltyDialog),
                     "actionPenalty")
        self._action(players, tr("Clock &on a player…"), "Ctrl+K", lambda: self._entry_dialog(PlayerClockDialog),
                     "actionPlayerClock")
        self._action(players, tr("&Disqualify…"), "Ctrl+Shift+X", lambda: self._entry_dialog(DisqualifyDialog),
                     "actionDisqualify")
        self._action(players, tr("Note on a p&layer…"), "Ctrl+Shift+N", lambda: self._entry_dialog(NoteDialog),
                     "actionNote")
        self._action(players, tr("C&hip count…"), "Ctrl+Shift+K", self.open_chip_count, "actionChipCount")
        self._action(players, tr("Ba&g the flight's chips…"), "Ctrl+Shift+G", self.open_bag, "actionBag")
        self._action(players, tr("Holds a seat to the satellite's target (on / off)"), "Ctrl+Shift+Y",
                     self.toggle_seat_holder, "actionSeatHolder")
        self._action(players, tr("Take a satellite's seats…"), "Ctrl+Shift+I", self.ask_satellite_seats,
                     "actionSatelliteSeats")
        self._action(players, tr("D&eal at the final table…"), "Ctrl+D", self.open_deal, "actionDeal")
        self._action(players, tr("&Results…"), "Ctrl+Shift+E", self.open_results, "actionResults")
        self._action(players, tr("E&nd the tournament…"), "Ctrl+Shift+F", self.ask_finish, "actionFinish")
        self._action(players, tr("&Move to a seat…"), "Ctrl+M", lambda: self._entry_dialog(MoveDialog),
                     "actionMove")

        seating = bar.addMenu(tr("&Seating"))
        self._action(seating, tr("Apply the &next step"), "F2", self.apply_step, "actionApplyStep")
        self._action(seating, tr("Apply &every step"), "Shift+F2", self.plan_panel.balance, "actionBalance")
        self._action(seating, tr("Hand-for-hand: next &hand"), "F3", self.plan_panel.next_hand_for_hand,
                     "actionNextHand")
        self._action(seating, tr("Hand-for-hand on / off"), "F4", self.toggle_hand_for_hand, "actionHandForHand")
        seating.addSeparator()
        self._action(seating, tr("&Print the seating sheet"), "Ctrl+P", self.print_seating, "actionSeatingSheet")

        room = bar.addMenu(tr("&Room"))
        self._action(room, tr("&Message to the room…"), "Ctrl+Shift+A",
                     lambda: self._show(MessageDialog(self.bridge, self)), "actionMessage")

        view = bar.addMenu(tr("&View"))
        for dock in (self.plan_dock, self.floor_dock, self.tables_dock):
            view.addAction(dock.toggleViewAction())
        self._action(view, tr("&Full screen"), "F11", self._toggle_full_screen, "actionFullScreen")
        from ..club.console_menu import add_club_menu

        add_club_menu(self)

    # -- reading the desk ------------------------------------------------------------------------
    def refresh(self, _result: dict[str, Any] | None = None) -> None:
        snap = self.bridge.snapshot()
        was = self.snap.get("tournament", {}).get("status")
        self.snap = snap
        self._tell_moves(snap, first=was is None)
        if was is not None and was != "finished" and snap["tournament"]["status"] == "finished":
            # What the status line said last (a bust's place "for now") no longer holds: it says who won.
            first = winner(snap)
            if satellite_over(snap):  # nobody wins a satellite: its survivors won seats
                self.status.setText(satellite_over(snap))
            elif first is not None:
                self.status.setText(tr("{name} wins {tournament}").format(name=first.name,
                                                                          tournament=snap["tournament"]["name"]))
            QTimer.singleShot(0, self.open_results)  # the last bust (or the deal) ended it: the results
        self.players_panel.update_snapshot(snap, self.bridge.changes(),
                                           bounties=self.bridge.desk.config.is_bounty_event)
        self.clock_panel.update_snapshot(snap)
        self.plan_panel.update_snapshot(snap)
        self.table_map.update_snapshot(snap)
        self.floor_panel.update_snapshot(snap)
        undo = undo_description(self.bridge.desk)
        self.undo_action.setText(tr("&Undo: {what}").format(what=undo) if undo else tr("&Undo"))
        self.undo_action.setEnabled(undo is not None)
        if self.bridge.desk.read_only:
            self.setWindowTitle(tr("{name} — TourneyDesk ({file}, read-only)").format(
                name=snap["tournament"]["name"], file=self.bridge.desk.path.name))
        else:
            self.setWindowTitle(tr("{name} — TourneyDesk ({file})").format(name=snap["tournament"]["name"],
                                                                           file=self.bridge.desk.path.name))
        self.status.drop_ended()

    # -- the status line ---------------------------------------------------------------------------
    def warn_last_minute(self, seconds: int = 60) -> None:
        """The scheduler's warning before the level ends: said until the level ends, or until the TD gives
        the level more time (a few seconds' grace for a warning fired a little early)."""
        index = clock_view(self.bridge.desk)["index"]

        def holds() -> bool:
            now = self.bridge.desk.clock_now()
            clock = now["clock"]
            return bool(now["status"] != "finished" and clock["index"] == index and clock["remaining_s"] <= seconds + 5)

        self.status.say_while(tr("One minute left in this level"), holds)

    def selected_entry(self) -> dict[str, Any] | None:
        return self.players_panel.selected_entry()

    # -- actions ---------------------------------------------------------------------------------
    def _send(self, cmd: dict[str, Any]) -> dict[str, Any] | None:
        return send(self.bridge, cmd, self.error)

    def start_pause(self) -> None:
        clock = clock_view(self.bridge.desk)
        action = "start" if not clock["started"] else "pause" if clock["running"] else "resume"
        self.clock_command(action)

    def clock_command(self, action: str, **fields: Any) -> None:
        if self._send({"type": "clock", "action": action, **fields}) is None:
            return
        if action in ("start", "resume", "pause"):  # what the clock is doing: true until it is not (the remote...)
            running = action != "pause"
            self.status.say_while(tr("Clock paused") if not running else tr("Clock started") if action == "start"
                           else tr("Clock running"), lambda: clock_view(self.bridge.desk)["running"] is running)
        else:
            self.status.setText({"next": tr("Next level"), "previous": tr("Previous level"),
                                 "set": tr("Level set")}.get(action, tr("Clock adjusted")))

    def toggle_hand_for_hand(self) -> None:
        on = bool(self.snap.get("clock", {}).get("hand_for_hand"))
        self._send({"type": "hand_for_hand", "action": "off" if on else "on"})

    def apply_step(self) -> None:
        waiting = self.plan_panel.waiting_for()
        if waiting is not None:  # F2 never does nothing: it says what the plan waits for, while it waits
            self.plan_dock.show()
            self.plan_dock.raise_()
            self.status.say_while(waiting, lambda: self.plan_panel.waiting_for() == waiting)
        self.plan_panel.apply_step(0)

    def _show(self, dialog: QDialog | QMessageBox, *, modal: bool = True) -> None:
        """Open a dialog without blocking the event loop (the clock keeps ticking); a modal one keeps the
        keyboard until it closes, the event log stays open beside the console."""
        self.dialog = dialog
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(lambda _r: self._dialog_closed(dialog))
        dialog.destroyed.connect(lambda _o=None: self._dialog_closed(dialog))  # never a dialog already gone
        if modal:
            dialog.open()
        else:
            dialog.show()

    def _dialog_closed(self, dialog: QDialog | QMessageBox) -> None:
        if self.dialog is dialog:
            self.dialog = None

    def open_bust(self) -> None:
        # The selected row only pre-fills "who is out?": the TD still confirms the name with Enter.
        selected = self.selected_entry() if self.players_panel.table.hasFocus() else None
        entry = selected["id"] if selected and selected["status"] == "active" else None
        dialog = BustDialog(self.bridge, self.players_panel.players, self, prefill=entry)
        dialog.accepted.connect(lambda: self.status.setText(dialog.describe(dialog.result_out).replace("\n", " · ")))
        self._show(dialog)

    def open_chip_count(self) -> None:
        """A table's stacks (the selected player's table, the first one else): typed at the break."""
        if not self.snap.get("tables"):
            self.status.setText(tr("No table is open"))
            return
        self._show(ChipCountDialog(self.bridge, self.snap, self.selected_entry(), self))

    def open_bag(self) -> None:
        """A stopped flight's bags, a table at a time (the selected player's table, the first one left else)."""
        event = self.snap.get("event") or {}
        if event.get("kind") != "flight":
            self.status.setText(tr("This tournament is not a flight: nothing is bagged"))
            return
        if event["stopped"] is None:
            self.status.setText(tr("The flight plays on: its chips are bagged once it has stopped"))
            return
        if event["bagged"]:
            self.status.setText(tr("Every table of the flight is bagged"))
            return
        dialog = BagDialog(self.bridge, self.snap, self.selected_entry(), self.print_bag_slips, self)
        dialog.accepted.connect(lambda: self.status.setText(dialog.printed))
        self._show(dialog)

    def toggle_seat_holder(self) -> None:
        """The selected player already holds a seat to the satellite's target (won elsewhere), or no longer."""
        entry = self.selected_entry()
        if entry is None:
            self.status.setText(tr("Select a player first (Ctrl+F, type part of the name, Enter)"))
            return
        event = self.snap.get("event") or {}
        held = entry["player"] not in event.get("holders", [])
        if self._send({"type": "holds_seat", "player": entry["player"], "held": held}) is not None:
            self.status.setText((tr("{name} holds a seat to {target} already") if held
                                 else tr("{name} holds no seat to {target}")).format(
                name=entry["name"], target=event.get("target", "")))

    def ask_satellite_seats(self) -> None:
        """A satellite's file: its seat winners bought in here, each paid by their seat."""
        target, _ = QFileDialog.getOpenFileName(self, tr("The satellite whose seats this tournament takes"),
                                                str(self.bridge.desk.path.parent), tr("Tournaments (*.tdesk)"))
        if target:
            self.take_satellite_seats(Path(target))

    def take_satellite_seats(self, satellite: Path) -> None:
        try:
            cmd = event_files.satellite_seats_command(satellite)
        except TourneyError as exc:
            self.error.show_error(exc)
            return
        try:
            preview(self.bridge, cmd)
        except TourneyError as exc:
            if exc.code == "SEAT_HOLDER_ENTERED":  # a seat winner entered here already: the TD may leave them out
                if not self._leave_out(exc.params["names"]):
                    return
                cmd["skip"] = exc.params["entries"]
        answer = self._send(cmd)
        if answer is not None:
            self.status.setText(tr("%n seat(s) taken as paid buy-ins", "", len(answer["entries"])))

    def _leave_out(self, names: list[str]) -> bool:
        """Seat winners already entered here: the TD takes the other seats and leaves them out (their seat
        is settled with them at the desk), or takes none."""
        box = QMessageBox(QMessageBox.Icon.Question, tr("Take a satellite's seats"),
                          tr("{names} entered this tournament already. Take the other seats and leave them out?")
                          .format(names=", ".join(names)),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        return box.exec() == QMessageBox.StandardButton.Yes

    def print_bag_slips(self, table: int, stacks: dict[str, int]) -> str:
        """One slip a player of the table just bagged, for the player and the TD to sign and put in the bag."""
        snap = self.bridge.snapshot()
        event, at_ms = snap["event"], self.bridge.desk.now_ms()
        target = printing.print_target(self.settings, self.bridge.desk.path)
        where = ""
        for e in snap["entries"]:
            if e["id"] in stacks:
                slip = printing.BagSlip(event["event_name"], event["name"], e["name"], table, e["seat"],
                                        stacks[e["id"]], at_ms)
                where = target.output(printing.bag_slip_html(slip), f"bag-slip-{e['id']}", printing.BAG_SLIP_PAGE)
        return tr("Table {table} bagged · %n bag slip(s): {where}", "", len(stacks)).format(table=table, where=where)

    def _entry_dialog(self, kind: Callable[..., QDialog]) -> None:
        entry = self.selected_entry()
        if entry is None:
            self.status.setText(tr("Select a player first (Ctrl+F, type part of the name, Enter)"))
            return
        self._show(kind(self.bridge, entry, self))

    def ask_undo(self) -> None:
        what = undo_description(self.bridge.desk)
        if what is None:
            self.status.setText(tr("There is nothing to undo"))
            return
        box = QMessageBox(QMessageBox.Icon.Question, tr("Undo"), tr("Undo this?\n\n{what}").format(what=what),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.accepted.connect(lambda: self._undo(what))
        self._show(box)

    def ask_finish(self) -> None:
        """The TD ends the night by hand (it ends by itself when late registration closes with one player
        left): asked first, and, while someone may still register or rebuy, told that no one will."""
        cmd: dict[str, Any] = {"type": "finish"}
        try:
            answer = preview(self.bridge, cmd)
        except TourneyError as exc:
            if not exc.params.get("entries_open"):
                self.error.show_error(exc)
                return
            cmd["close_registration"] = True
            answer = preview(self.bridge, cmd)
        last = self.bridge.desk.name_of(answer["winner"]) or ""
        question = tr("End the tournament now? {name} wins.").format(name=last)
        if cmd.get("close_registration"):
            question = tr("{name} is the last player left, but late registration (or a rebuy) is still open. End "
                          "the tournament now? No one can register or come back after.").format(name=last)
        box = QMessageBox(QMessageBox.Icon.Question, tr("End the tournament"), question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.accepted.connect(lambda: send(self.bridge, cmd, self.error))
        self._show(box)

    def _undo(self, what: str) -> None:
        if send_slow(self.bridge, {"type": "undo"}, self.error, self, tr("Undoing: {what}").format(what=what)) \
                is not None:
            self.status.setText(tr("Undone: {what}").format(what=what))

    def open_event_log(self) -> None:
        self._show(EventLogWindow(self.bridge, self), modal=False)

    def open_structure(self) -> None:
        self._show(StructureEditor(self.bridge, self))

    def settings_editor(self) -> QDialog:
        """The tournament editor on this tournament: every setting, the language and the operator's name."""
        from ..editor import TournamentEditor

        desk = self.bridge.desk
        return TournamentEditor(desk.config.to_dict(), self, bridge=self.bridge, settings=self.settings,
                                players=max(desk.counts().entries, 2))

    def open_settings(self) -> None:
        self._show(self.settings_editor())

    def open_payouts(self) -> None:
        self._show(PayoutsDialog(self.bridge, self))

    def open_envelopes(self) -> None:
        self._show(EnvelopesDialog(self.bridge, self))

    def open_deal(self) -> None:
        dialog = DealDialog(self.bridge, self)
        dialog.accepted.connect(lambda: self._deal_made(dialog.envelopes_told()))
        self._show(dialog)

    def _deal_made(self, envelopes: str) -> None:
        """The console confirms the deal in the amounts every screen and paper now shows, and what became of
        the mystery envelopes left."""
        snap = self.bridge.snapshot()
        lines, play_for = deal_lines(snap)
        currency = snap["tournament"]["currency"]
        text = tr("Deal made: {amounts}").format(amounts=" · ".join(
            f"{line.name} {fmt.money(line.amount, currency)}" for line in lines))
        if play_for:
            text += " · " + tr("{amount} kept back for the winner").format(amount=fmt.money(play_for, currency))
        self.status.setText(" · ".join(t for t in (text, envelopes) if t))

    # -- seating told to the room ---------------------------------------------------------------
    def _tell_moves(self, snap: dict[str, Any], *, first: bool) -> None:
        """New moves (a break, a fill, the final table, a balance): the list to read aloud, at once. Each move
        is told once, known by its news' instant, the player and the seat: a piece of news shrinks when a
        player in it moves again, and its other moves were read aloud already."""
        money = [n for n in snap["announcements"] if n["kind"] == "in_the_money" and n["at_ms"] not in self._money_told]
        self._money_told |= {n["at_ms"] for n in money}
        fresh = []
        for item in snap["announcements"]:
            if item["kind"] != "table_moves":
                continue
            untold = [m for m in item.get("moves", []) if _move_key(item, m) not in self._moves_told]
            self._moves_told |= {_move_key(item, m) for m in untold}
            if untold:
                fresh.append({**item, "moves": untold})
        if first:
            return  # news older than this window: it was told when it happened
        if money:
            self.status.setText(tr("In the money: hand-for-hand is over, play goes on as usual")
                                if money[0].get("hand_for_hand_over") else tr("In the money"))
        if fresh:
            # In the TD's words (the core's text is English), and short: the names are in the list opened
            # beside it; the whole list on the status line ran past the window's edge.
            self.status.setText(" · ".join(tr("{title}: %n to move", "", len(n["moves"])).format(
                title=news_title(n)) for n in fresh))
            QTimer.singleShot(0, lambda: self._show(MovesDialog(fresh, self.print_moves, self)))

    def print_moves(self, items: list[dict[str, Any]]) -> str:
        snap = self.bridge.snapshot()
        title = " · ".join(news_title(item) for item in items)
        page = printing.moves_sheet_html(snap["tournament"]["name"], title, moves_of(items), self.bridge.desk.now_ms())
        where = printing.print_target(self.settings, self.bridge.desk.path).output(page, "moves", printing.REPORT_PAGE)
        return tr("Move slips: {where}").format(where=where)

    def print_seating(self) -> None:
        """The seating sheet: every player in play with table and seat (after the first draw, the final table)."""
        snap = self.bridge.snapshot()
        seats = [(e["name"], e["table"], e["seat"]) for e in snap["entries"]
                 if e["status"] == "active" and e["table"] is not None]
        page = printing.seating_sheet_html(snap["tournament"]["name"], seats, self.bridge.desk.now_ms())
        target = printing.print_target(self.settings, self.bridge.desk.path)
        where = target.output(page, "seating", printing.REPORT_PAGE)
        self.status.setText(tr("Seating sheet: {where}").format(where=where))

    def open_results(self) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            return  # a dialog the TD is in keeps the keyboard; Ctrl+Shift+E shows the results later
        self._show(ResultsDialog(self.bridge, self))

    def open_jump(self) -> None:
        self._show(JumpDialog(self.bridge, self))

    def open_cashier(self) -> None:
        from ..cashier import CashierWindow

        first_time = not self.settings.contains("cashier/geometry")
        window = CashierWindow(self.bridge, settings=self.settings, club=self.club)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.side_windows.append(window)
        window.show()
        if first_time:
            fit_once_framed(window)

    def open_display(self) -> None:
        from ..display import open_display

        window = open_display(self.bridge)
        if isinstance(window, QWidget):
            self.side_windows.append(window)
            fit_once_framed(window)  # a window on this screen (no projector remembered): all of it

    # -- other files, and leaving this one -------------------------------------------------------
    def ask_open(self) -> None:
        folder = str(self.bridge.desk.path.parent)
        target, _ = QFileDialog.getOpenFileName(self, tr("Open a tournament"), folder, tr("Tournaments (*.tdesk)"))
        if target:
            self.open_requested.emit(target)

    def _fill_recent(self) -> None:
        """The files opened lately (this one aside), read when the menu opens: another window may have
        opened one since."""
        self.recent_menu.clear()
        here = self.bridge.desk.path.resolve()
        paths = [p for p in recent_files(self.settings) if p.is_file() and p.resolve() != here]
        for number, path in enumerate(paths, start=1):
            action = self.recent_menu.addAction(f"&{number} {path.stem}  —  {path.parent}")
            action.triggered.connect(lambda _checked=False, p=str(path): self.open_requested.emit(p))
        if not paths:
            self.recent_menu.addAction(tr("No other tournament opened lately")).setEnabled(False)

    def clock_running(self) -> bool:
        if self.bridge.desk is None:  # the file already closed
            return False
        clock = clock_view(self.bridge.desk)
        return bool(clock["started"] and clock["running"]) and self.snap["tournament"]["status"] != "finished"

    def _closing_words(self) -> str:
        """What closing the console takes with it, said before it happens."""
        kinds = self.open_side_windows()
        also = {("cashier",): tr("The cashier desk closes with it."),
                ("display",): tr("The projector display closes with it."),
                ("cashier", "display"): tr("The cashier desk and the projector display close with it.")}
        text = tr("The clock is running: it keeps running in the file while the program is closed, and shows "
                  "the right time when the file is opened again.")
        return f"{text} {also[tuple(kinds)]}" if kinds else text

    def _confirm_leaving(self, title: str, then: Callable[[], None]) -> None:
        """Ask first while the clock runs (No by default: Enter by habit keeps the evening going)."""
        if not self.clock_running():
            then()
            return
        box = QMessageBox(QMessageBox.Icon.Question, title, self._closing_words() + "\n\n" + title,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.accepted.connect(then)
        self._show(box)

    def ask_to_close(self) -> None:
        """File > Quit (Ctrl+Q), and the window's close button: asked first while the clock runs."""
        self._confirm_leaving(tr("Close the console?"), self._close_confirmed)

    def ask_start_page(self) -> None:
        self._confirm_leaving(tr("Close this tournament and go back to the start page?"),
                              self.start_page_requested.emit)

    def _close_confirmed(self) -> None:
        self._leaving = True
        self.close()

    def open_side_windows(self) -> list[str]:
        """The cashier desk and the projector display open beside this console now."""
        from ..cashier import CashierWindow
        from ..display import DisplayWindow

        kinds = []
        for window in self.side_windows:
            try:
                shown = window.isVisible()
            except RuntimeError:  # closed with WA_DeleteOnClose: the C++ side is gone
                continue
            if shown and isinstance(window, CashierWindow):
                kinds.append("cashier")
            elif shown and isinstance(window, DisplayWindow):
                kinds.append("display")
        return [k for k in KINDS if k in kinds]

    def reopen_side_windows(self) -> None:
        """The windows that were open beside this console when the file was last closed, opened again."""
        for kind in side_windows_to_reopen(self.settings, self.path):
            self.open_cashier() if kind == "cashier" else self.open_display()

    def _toggle_full_screen(self) -> None:
        self.showNormal() if self.isFullScreen() else self.showFullScreen()

    # -- the window remembers where it was -------------------------------------------------------
    def _restore_layout(self) -> None:
        geometry = self.settings.value(GEOMETRY_KEY)
        state = self.settings.value(STATE_KEY)
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            # Qt gives the keyboard back once the activation is handled: look where it went after that.
            QTimer.singleShot(0, self._keyboard_where_space_works)

    def _keyboard_where_space_works(self) -> None:
        """Back at the console (from the cashier, a dialog), an empty find box holds nothing to type on: the
        keyboard goes to the list, where Space is the clock's (letters typed there still go to the find box).
        A loaded laptop opening the cashier before the console was drawn left it in the find box, and the
        TD's Space typed a space instead of starting the clock."""
        panel = self.players_panel
        if self.isActiveWindow() and self.focusWidget() is panel.search and not panel.search.text():
            panel.table.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._docks_sized and self.settings.value(STATE_KEY) is None:
            self._size_docks()
        elif not self._docks_sized and self._layout_from_another_screen():
            # After Qt has applied the remembered layout, which it does once the window is shown.
            QTimer.singleShot(0, self._size_docks)
        elif not self._docks_sized:
            QTimer.singleShot(0, self._unsqueeze)
        self._docks_sized = True

    def _unsqueeze(self) -> None:
        """A remembered layout whose docks cut the players' names (one saved by a version whose panel
        grew at hand-for-hand) is laid out afresh: the names come first."""
        if self.players_panel.names_cut():
            self._size_docks()

    def _layout_from_another_screen(self) -> bool:
        """Docks laid out for a much wider (or narrower) window would squeeze the player list to nothing:
        on a screen of another size the docks are sized afresh."""
        saved = self.settings.value(WIDTH_KEY)
        try:
            width = int(saved) if saved is not None else self.width()
        except (TypeError, ValueError):
            return True
        return abs(width - self.width()) > self.width() // 6

    def save_layout(self) -> None:
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.setValue(STATE_KEY, self.saveState())
        self.settings.setValue(WIDTH_KEY, self.width())

    def closeEvent(self, event: QCloseEvent) -> None:
        if event.spontaneous() and not self._leaving and self.clock_running():
            event.ignore()  # the window manager's close button: asked first, as Ctrl+Q is
            self.ask_to_close()
            return
        if self.dialog is not None:  # a dialog not confirmed changes nothing; closed before its console goes
            self.dialog.reject()
        self.save_layout()
        remember_side_windows(self.settings, self.path, self.open_side_windows())
        for window in self.side_windows:
            try:
                window.close()
            except RuntimeError:  # already closed and deleted
                continue
        super().closeEvent(event)
