"""The moves a seating step made, to read aloud: who goes from where to where, with their slips to print.

Opened by the console after every break, fill, final-table draw or balancing move it applied, so a
player never moves without the TD saying so; the same news is on the projector for a minute.
"""

from __future__ import annotations

from typing import Any

from ..printing import Move
from ..qt import QDialog, QDialogButtonBox, QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget
from .common import TEXT_SIZE, tr


def news_title(item: dict[str, Any]) -> str:
    how, table = item.get("how"), item.get("table")
    if how == "break":
        return tr("Table {table} breaks").format(table=table)
    if how == "fill":
        return tr("Table {table} opens").format(table=table)
    if how == "final":
        return tr("The final table is drawn at table {table}").format(table=table)
    return tr("Balancing: players to move")


def move_text(move: dict[str, Any]) -> str:
    if move.get("from_table") is None:
        return tr("{name} → table {table} seat {seat}").format(name=move["name"], table=move["table"],
                                                               seat=move["seat"])
    return tr("{name}: table {t1} seat {s1} → table {t2} seat {s2}").format(
        name=move["name"], t1=move["from_table"], s1=move["from_seat"], t2=move["table"], s2=move["seat"])


def moves_of(items: list[dict[str, Any]]) -> list[Move]:
    return [Move(m["name"], m.get("from_table"), m.get("from_seat"), m["table"], m["seat"])
            for item in items for m in item.get("moves", [])]


class MovesDialog(QDialog):
    def __init__(self, items: list[dict[str, Any]], print_slips: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items = items
        self.setWindowTitle(tr("Moves to read aloud"))
        self.setMinimumWidth(560)
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setStyleSheet(TEXT_SIZE)
        for item in items:
            title = QLabel(news_title(item))
            title.setStyleSheet(f"font-weight: 700; {TEXT_SIZE}")
            layout.addWidget(title)
        self.list.addItems([move_text(m) for item in items for m in item.get("moves", [])])
        layout.addWidget(self.list, 1)
        self.where = QLabel()
        self.where.setWordWrap(True)
        layout.addWidget(self.where)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.print_button = QPushButton(tr("&Print the move slips"))
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.print_button.clicked.connect(lambda: self.where.setText(print_slips(items)))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setDefault(True)  # Enter: read, done
        close.setFocus()

    def lines(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
