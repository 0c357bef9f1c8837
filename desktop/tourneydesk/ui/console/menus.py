"""The console's menu bar: every frequent action with its shortcut, each found by its object name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from ..qt import QAction, QDialog, QKeySequence, QMenu, QWidget, SignalInstance
from . import flight_actions
from .common import tr
from .docks import ConsoleDocks
from .floor import ChipsRemovedDialog, DisqualifyDialog, MoveDialog, NoteDialog, PenaltyDialog, PlayerClockDialog
from .message_dialog import MessageDialog
from .plan_panel import PlanPanel
from .players_panel import PlayersPanel


class Console(flight_actions.Console, Protocol):
    """What the menus call: the console window's own actions, its panels and its docks."""

    new_requested: SignalInstance
    restore_requested: SignalInstance
    players_panel: PlayersPanel
    plan_panel: PlanPanel
    docks: ConsoleDocks

    def menuBar(self) -> Any: ...
    def ask_open(self) -> None: ...
    def fill_recent(self) -> None: ...
    def ask_start_page(self) -> None: ...
    def open_cashier(self) -> None: ...
    def open_display(self) -> None: ...
    def open_website(self) -> None: ...
    def ask_to_close(self) -> None: ...
    def ask_undo(self) -> None: ...
    def open_event_log(self) -> None: ...
    def open_structure(self) -> None: ...
    def open_settings(self) -> None: ...
    def open_payouts(self) -> None: ...
    def open_envelopes(self) -> None: ...
    def start_pause(self) -> None: ...
    def clock_command(self, action: str, **fields: Any) -> None: ...
    def open_jump(self) -> None: ...
    def open_bust(self) -> None: ...
    def entry_dialog(self, kind: Callable[..., QDialog]) -> None: ...
    def open_chip_count(self) -> None: ...
    def open_deal(self) -> None: ...
    def open_results(self) -> None: ...
    def ask_finish(self) -> None: ...
    def apply_step(self) -> None: ...
    def toggle_hand_for_hand(self) -> None: ...
    def print_seating(self) -> None: ...
    def toggle_full_screen(self) -> None: ...


def add_action(window: QWidget, menu: QMenu, text: str, keys: str | QKeySequence.StandardKey | None,
               slot: Callable[[], Any], name: str) -> QAction:
    action = QAction(text, window)
    action.setObjectName(name)
    if keys is not None:
        action.setShortcut(QKeySequence(keys))
    action.triggered.connect(lambda _checked=False: slot())
    menu.addAction(action)
    return action


class Menus(NamedTuple):
    """The two entries the console changes after it is built."""

    undo: QAction  # says what it takes back
    recent: QMenu  # filled when it opens


def build_menus(w: Console) -> Menus:
    def act(menu: QMenu, text: str, keys: str | QKeySequence.StandardKey | None, slot: Callable[[], Any],
            name: str) -> QAction:
        return add_action(w.window(), menu, text, keys, slot, name)

    bar = w.menuBar()
    file = bar.addMenu(tr("&File"))
    act(file, tr("&New tournament…"), QKeySequence.StandardKey.New, w.new_requested.emit, "actionNew")
    act(file, tr("&Open…"), QKeySequence.StandardKey.Open, w.ask_open, "actionOpen")
    recent = file.addMenu(tr("Open rec&ent"))
    recent.setObjectName("menuRecent")
    recent.aboutToShow.connect(w.fill_recent)
    act(file, tr("Back to the &start page"), "Ctrl+Shift+H", w.ask_start_page, "actionStartPage")
    file.addSeparator()
    act(file, tr("&Cashier desk"), "Ctrl+Shift+C", w.open_cashier, "actionCashier")
    act(file, tr("Projector &display"), "Ctrl+Shift+D", w.open_display, "actionDisplay")
    act(file, tr("Results &website…"), "Ctrl+Shift+W", w.open_website, "actionWebsite")
    file.addSeparator()
    act(file, tr("&Restore from a backup…"), "Ctrl+Shift+B", w.restore_requested.emit, "actionRestore")
    file.addSeparator()
    act(file, tr("&Quit"), "Ctrl+Q", w.ask_to_close, "actionQuit")

    edit = bar.addMenu(tr("&Edit"))
    undo = act(edit, tr("&Undo"), "Ctrl+Z", w.ask_undo, "actionUndo")
    act(edit, tr("&Event log"), "Ctrl+L", w.open_event_log, "actionEventLog")
    edit.addSeparator()
    act(edit, tr("&Structure…"), "Ctrl+Shift+S", w.open_structure, "actionStructure")
    act(edit, tr("Tournament se&ttings…"), "Ctrl+,", w.open_settings, "actionSettings")
    act(edit, tr("&Prize structure…"), "Ctrl+Shift+M", w.open_payouts, "actionPayouts")
    envelopes = act(edit, tr("Mystery en&velopes…"), "Ctrl+Shift+V", w.open_envelopes, "actionEnvelopes")
    envelopes.setEnabled(w.bridge.desk.config.bounty.kind == "mystery")

    clock = bar.addMenu(tr("&Clock"))
    act(clock, tr("Start / pause"), "Space", w.start_pause, "actionStartPause")
    # Never a bare letter: a TD typing a name into the wrong place must not move the room's blinds.
    act(clock, tr("&Next level"), "Ctrl+Right", lambda: w.clock_command("next"), "actionNext")
    act(clock, tr("&Previous level"), "Ctrl+Left", lambda: w.clock_command("previous"), "actionPrevious")
    act(clock, tr("Add one minute"), "+", lambda: w.clock_command("adjust", seconds=60), "actionPlusMinute")
    act(clock, tr("Take one minute off"), "-", lambda: w.clock_command("adjust", seconds=-60), "actionMinusMinute")
    act(clock, tr("&Jump to a level…"), "Ctrl+J", w.open_jump, "actionJump")
    act(clock, tr("&Chips removed at a colour-up…"), "Ctrl+Shift+R",
        lambda: w.show_dialog(ChipsRemovedDialog(w.bridge, w.window())), "actionChipsRemoved")

    players = bar.addMenu(tr("&Players"))
    act(players, tr("&Find a player"), "Ctrl+F", w.players_panel.focus_search, "actionFind")
    act(players, tr("&Bust-out…"), "Ctrl+B", w.open_bust, "actionBust")
    act(players, tr("&Penalty…"), "Ctrl+Shift+P", lambda: w.entry_dialog(PenaltyDialog), "actionPenalty")
    act(players, tr("Clock &on a player…"), "Ctrl+K", lambda: w.entry_dialog(PlayerClockDialog), "actionPlayerClock")
    act(players, tr("&Disqualify…"), "Ctrl+Shift+X", lambda: w.entry_dialog(DisqualifyDialog), "actionDisqualify")
    act(players, tr("Note on a p&layer…"), "Ctrl+Shift+N", lambda: w.entry_dialog(NoteDialog), "actionNote")
    act(players, tr("C&hip count…"), "Ctrl+Shift+K", w.open_chip_count, "actionChipCount")
    act(players, tr("Ba&g the flight's chips…"), "Ctrl+Shift+G", lambda: flight_actions.open_bag(w), "actionBag")
    act(players, tr("Holds a seat to the satellite's target (on / off)"), "Ctrl+Shift+Y",
        lambda: flight_actions.toggle_seat_holder(w), "actionSeatHolder")
    act(players, tr("Take a satellite's seats…"), "Ctrl+Shift+I", lambda: flight_actions.ask_satellite_seats(w),
        "actionSatelliteSeats")
    act(players, tr("D&eal at the final table…"), "Ctrl+D", w.open_deal, "actionDeal")
    act(players, tr("&Results…"), "Ctrl+Shift+E", w.open_results, "actionResults")
    act(players, tr("E&nd the tournament…"), "Ctrl+Shift+F", w.ask_finish, "actionFinish")
    act(players, tr("&Move to a seat…"), "Ctrl+M", lambda: w.entry_dialog(MoveDialog), "actionMove")

    seating = bar.addMenu(tr("&Seating"))
    act(seating, tr("Apply the &next step"), "F2", w.apply_step, "actionApplyStep")
    act(seating, tr("Apply &every step"), "Shift+F2", w.plan_panel.balance, "actionBalance")
    act(seating, tr("Hand-for-hand: next &hand"), "F3", w.plan_panel.next_hand_for_hand, "actionNextHand")
    act(seating, tr("Hand-for-hand on / off"), "F4", w.toggle_hand_for_hand, "actionHandForHand")
    act(seating, tr("Take everyone off the waiting list"), "Ctrl+Shift+Q", w.plan_panel.take_off_waiting,
        "actionClearWaiting")
    seating.addSeparator()
    act(seating, tr("&Print the seating sheet"), "Ctrl+P", w.print_seating, "actionSeatingSheet")

    room = bar.addMenu(tr("&Room"))
    act(room, tr("&Message to the room…"), "Ctrl+Shift+A", lambda: w.show_dialog(MessageDialog(w.bridge, w.window())),
        "actionMessage")

    view = bar.addMenu(tr("&View"))
    for dock in w.docks.all():
        view.addAction(dock.toggleViewAction())
    act(view, tr("&Full screen"), "F11", w.toggle_full_screen, "actionFullScreen")
    from ..club.console_menu import add_club_menu

    add_club_menu(w)
    return Menus(undo, recent)
