"""What the console does for a flight's bags and a satellite's seats (Players menu)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from ... import event_files
from ...core.protocol.errors import TourneyError
from ..bridge import DeskBridge
from ..qt import QDialog, QFileDialog, QMessageBox, QSettings, QWidget
from . import sheets
from .bag_dialog import BagDialog
from .common import InlineError, preview, send, tr
from .status_line import StatusLine


class Console(Protocol):
    """What of the console these actions read and tell (the console window is one)."""

    bridge: DeskBridge
    settings: QSettings
    snap: dict[str, Any]
    status: StatusLine
    error: InlineError

    def selected_entry(self) -> dict[str, Any] | None: ...

    def show_dialog(self, dialog: QDialog, *, modal: bool = True) -> None: ...

    def window(self) -> QWidget: ...


def open_bag(window: Console) -> None:
    """A stopped flight's bags, a table at a time (the selected player's table, the first one left else)."""
    event = window.snap.get("event") or {}
    if event.get("kind") != "flight":
        window.status.setText(tr("This tournament is not a flight: nothing is bagged"))
        return
    if event["stopped"] is None:
        window.status.setText(tr("The flight plays on: its chips are bagged once it has stopped"))
        return
    if event["bagged"]:
        window.status.setText(tr("Every table of the flight is bagged"))
        return
    dialog = BagDialog(window.bridge, window.snap, window.selected_entry(),
                       lambda table, stacks: sheets.print_bag_slips(window.bridge, window.settings, table, stacks),
                       window.window())
    dialog.accepted.connect(lambda: window.status.setText(dialog.printed))
    window.show_dialog(dialog)


def toggle_seat_holder(window: Console) -> None:
    """The selected player already holds a seat to the satellite's target (won elsewhere), or no longer."""
    entry = window.selected_entry()
    if entry is None:
        window.status.setText(tr("Select a player first (Ctrl+F, type part of the name, Enter)"))
        return
    event = window.snap.get("event") or {}
    held = entry["player"] not in event.get("holders", [])
    if send(window.bridge, {"type": "holds_seat", "player": entry["player"], "held": held}, window.error) is not None:
        window.status.setText((tr("{name} holds a seat to {target} already") if held
                               else tr("{name} holds no seat to {target}")).format(
            name=entry["name"], target=event.get("target", "")))


def ask_satellite_seats(window: Console) -> None:
    """A satellite's file: its seat winners bought in here, each paid by their seat."""
    target, _ = QFileDialog.getOpenFileName(window.window(), tr("The satellite whose seats this tournament takes"),
                                            str(window.bridge.desk.path.parent), tr("Tournaments (*.tdesk)"))
    if target:
        take_satellite_seats(window, Path(target))


def take_satellite_seats(window: Console, satellite: Path) -> None:
    try:
        cmd = event_files.satellite_seats_command(satellite)
    except TourneyError as exc:
        window.error.show_error(exc)
        return
    try:
        preview(window.bridge, cmd)
    except TourneyError as exc:
        if exc.code == "SEAT_HOLDER_ENTERED":  # a seat winner entered here already: the TD may leave them out
            if not leave_out(window.window(), exc.params["names"]):
                return
            cmd["skip"] = exc.params["entries"]
    answer = send(window.bridge, cmd, window.error)
    if answer is not None:
        window.status.setText(tr("%n seat(s) taken as paid buy-ins", "", len(answer["entries"])))


def leave_out(parent: QWidget, names: list[str]) -> bool:
    """Seat winners already entered here: the TD takes the other seats and leaves them out (their seat is
    settled with them at the desk), or takes none."""
    box = QMessageBox(QMessageBox.Icon.Question, tr("Take a satellite's seats"),
                      tr("{names} entered this tournament already. Take the other seats and leave them out?")
                      .format(names=", ".join(names)), QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                      parent)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    return box.exec() == QMessageBox.StandardButton.Yes
