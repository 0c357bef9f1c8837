"""The TD console: the clock, what to do now, the players, the tables and the floor, in one window.

Keyboard first: every frequent action sits in a menu with its shortcut. The window reads the desk's
snapshot after each accepted command (`DeskBridge.changed`) and sends commands; it decides nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.protocol.errors import TourneyError
from .. import fmt
from ..bridge import DeskBridge
from ..club.link import ClubLink
from ..qt import (
    QCloseEvent,
    QDialog,
    QEvent,
    QFileDialog,
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
from ..screen_fit import fit_once_framed, show_first_time
from ..side_windows import remember_side_windows, side_windows_to_reopen
from . import sheets
from .bust_dialog import BustDialog
from .chip_count_dialog import ChipCountDialog
from .clock_panel import ClockPanel
from .common import TEXT_POINTS, InlineError, clock_view, preview, send, send_slow, tr
from .deal_dialog import DealDialog
from .docks import ConsoleDocks
from .envelopes_dialog import EnvelopesDialog
from .event_log import EventLogWindow, undo_description
from .floor import (
    FloorPanel,
)
from .jump_dialog import JumpDialog
from .leaving import closing_words, side_windows_shown
from .menus import build_menus
from .moves_dialog import MovesDialog
from .payouts_dialog import PayoutsDialog
from .plan_panel import PlanPanel
from .players_panel import PlayersPanel
from .results_dialog import ResultsDialog, satellite_over
from .room_news import RoomNews
from .status_line import StatusLine
from .structure_editor import StructureEditor
from .table_map import TableMap


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
        self.news = RoomNews()
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
        self.docks = ConsoleDocks(self, self.settings, plan=(tr("What to do now"), self.plan_panel),
                                  floor=(tr("Floor"), self.floor_panel), tables=(tr("Tables"), self.table_map),
                                  names_cut=self.players_panel.names_cut)
        self.plan_dock, self.tables_dock = self.docks.plan, self.docks.tables
        self.undo_action, self.recent_menu = build_menus(self)
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
        self.docks.restore()
        # The file opens with the keyboard on the list, where Space pauses the clock and typing finds a name.
        self.players_panel.table.setFocus()

    def _build_central(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 0)
        layout.addWidget(self.clock_panel)
        layout.addWidget(self.players_panel, 1)
        self.setCentralWidget(central)

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

        self.show_dialog(WebsiteDialog(label.link, self))

    # -- reading the desk ------------------------------------------------------------------------
    def refresh(self, _result: dict[str, Any] | None = None) -> None:
        snap = self.bridge.snapshot()
        was = self.snap.get("tournament", {}).get("status")
        self.snap = snap
        self._tell_news(snap, first=was is None)
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

    def show_dialog(self, dialog: QDialog | QMessageBox, *, modal: bool = True) -> None:
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
        self.show_dialog(dialog)

    def open_chip_count(self) -> None:
        """A table's stacks (the selected player's table, the first one else): typed at the break."""
        if not self.snap.get("tables"):
            self.status.setText(tr("No table is open"))
            return
        self.show_dialog(ChipCountDialog(self.bridge, self.snap, self.selected_entry(), self))

    def entry_dialog(self, kind: Callable[..., QDialog]) -> None:
        entry = self.selected_entry()
        if entry is None:
            self.status.setText(tr("Select a player first (Ctrl+F, type part of the name, Enter)"))
            return
        self.show_dialog(kind(self.bridge, entry, self))

    def ask_undo(self) -> None:
        what = undo_description(self.bridge.desk)
        if what is None:
            self.status.setText(tr("There is nothing to undo"))
            return
        box = QMessageBox(QMessageBox.Icon.Question, tr("Undo"), tr("Undo this?\n\n{what}").format(what=what),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.accepted.connect(lambda: self._undo(what))
        self.show_dialog(box)

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
        self.show_dialog(box)

    def _undo(self, what: str) -> None:
        if send_slow(self.bridge, {"type": "undo"}, self.error, self, tr("Undoing: {what}").format(what=what)) \
                is not None:
            self.status.setText(tr("Undone: {what}").format(what=what))

    def open_event_log(self) -> None:
        self.show_dialog(EventLogWindow(self.bridge, self), modal=False)

    def open_structure(self) -> None:
        self.show_dialog(StructureEditor(self.bridge, self))

    def settings_editor(self) -> QDialog:
        """The tournament editor on this tournament: every setting, the language and the operator's name."""
        from ..editor import TournamentEditor

        desk = self.bridge.desk
        return TournamentEditor(desk.config.to_dict(), self, bridge=self.bridge, settings=self.settings,
                                players=max(desk.counts().entries, 2))

    def open_settings(self) -> None:
        self.show_dialog(self.settings_editor())

    def open_payouts(self) -> None:
        self.show_dialog(PayoutsDialog(self.bridge, self))

    def open_envelopes(self) -> None:
        self.show_dialog(EnvelopesDialog(self.bridge, self))

    def open_deal(self) -> None:
        dialog = DealDialog(self.bridge, self)
        dialog.accepted.connect(lambda: self._deal_made(dialog.envelopes_told()))
        self.show_dialog(dialog)

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
    def _tell_news(self, snap: dict[str, Any], *, first: bool) -> None:
        """New moves (a break, a fill, the final table, a balance): the list to read aloud, at once."""
        told = self.news.new(snap, first=first)
        if told.words:
            self.status.setText(told.words)
        if told.moves:
            QTimer.singleShot(0, lambda: self.show_dialog(MovesDialog(
                told.moves, lambda items: sheets.print_moves(self.bridge, self.settings, items), self)))

    def print_seating(self) -> None:
        self.status.setText(sheets.print_seating(self.bridge, self.settings))

    def open_results(self) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            return  # a dialog the TD is in keeps the keyboard; Ctrl+Shift+E shows the results later
        self.show_dialog(ResultsDialog(self.bridge, self))

    def open_jump(self) -> None:
        self.show_dialog(JumpDialog(self.bridge, self))

    def open_cashier(self) -> None:
        from ..cashier import CashierWindow

        first_time = not self.settings.contains("cashier/geometry")
        window = CashierWindow(self.bridge, settings=self.settings, club=self.club)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.side_windows.append(window)
        if first_time:
            show_first_time(window)
        else:
            window.show()

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

    def fill_recent(self) -> None:
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

    def _confirm_leaving(self, title: str, then: Callable[[], None]) -> None:
        """Ask first while the clock runs (No by default: Enter by habit keeps the evening going)."""
        if not self.clock_running():
            then()
            return
        box = QMessageBox(QMessageBox.Icon.Question, title, closing_words(self.open_side_windows()) + "\n\n" + title,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.accepted.connect(then)
        self.show_dialog(box)

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
        return side_windows_shown(self.side_windows)

    def reopen_side_windows(self) -> None:
        """The windows that were open beside this console when the file was last closed, opened again."""
        for kind in side_windows_to_reopen(self.settings, self.path):
            self.open_cashier() if kind == "cashier" else self.open_display()

    def toggle_full_screen(self) -> None:
        self.showNormal() if self.isFullScreen() else self.showFullScreen()

    # -- the window remembers where it was -------------------------------------------------------
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
        self.docks.shown()

    def save_layout(self) -> None:
        self.docks.save()

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
