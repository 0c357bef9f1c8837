"""Bagging a flight's chips (docs/flights-and-satellites.md): once the flight has stopped, the TD types each
survivor's count a table at a time, as for a chip count, and sends the table's bags as one `bag` command.

Every seat must have its bag; the total beside the boxes is what the bags add up to with the tables
bagged before, against the chips in play, so a miscounted table shows before it is sent. On the last
table the bags must come to the chips in play, or the TD ticks "Accept the difference" once the desk has
named it. Each table's bag slips, one a player to sign, go to the printer (or PDF files) when it is sent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import fmt
from ..bridge import DeskBridge
from ..qt import QCheckBox, QWidget
from .chip_count_dialog import ChipCountDialog
from .common import tr


class BagDialog(ChipCountDialog):
    def __init__(self, bridge: DeskBridge, snap: dict[str, Any], entry: dict[str, Any] | None,
                 print_slips: Callable[[int, dict[str, int]], str], parent: QWidget | None = None) -> None:
        self._bagged = set(snap["event"]["tables_bagged"])
        super().__init__(bridge, snap, entry, parent)
        self._print_slips = print_slips
        self.printed = ""  # where the last table's slips went, for the status line
        self.setWindowTitle(tr("Bag the chips"))
        self.hint.setText(tr("Type each player's bag (Tab or Enter: the next player). Every seat needs its bag; "
                             "the slips are printed when the table is sent."))
        self.accept_box = QCheckBox(tr("&Accept the difference with the chips in play"))
        self.accept_box.setObjectName("accept_difference")
        self.extra.addWidget(self.accept_box)
        self._update_total()

    def tables_listed(self, snap: dict[str, Any]) -> list[int]:
        return [t["number"] for t in snap["tables"] if t["seats"] and t["number"] not in self._bagged]

    def _update_total(self) -> None:
        bagged = self._snap["event"]["chips_bagged"] + sum(c for c in self.stacks().values() if c > 0)
        self.total.setText(tr("Bagged with this table: {bagged} · chips in play: {in_play}").format(
            bagged=fmt.chips(bagged), in_play=fmt.chips(self._snap["chips"]["in_play"])))

    def command(self) -> dict[str, Any]:
        cmd: dict[str, Any] = {"type": "bag", "table": self.table(), "stacks": self.stacks()}
        if self.accept_box.isChecked():
            cmd["accept_difference"] = True
        return cmd

    def submit(self) -> None:
        empty = next((e for e, box in self.boxes.items() if not box.text().strip()), None)
        if empty is not None:
            self._refuse_at(empty, tr("every player seated here needs a bag"))
            return
        super().submit()

    def accept(self) -> None:
        table, stacks = self.table(), self.stacks()
        if table is not None:
            self.printed = self._print_slips(table, stacks)
        super().accept()
