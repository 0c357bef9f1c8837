"""What the TD decides of a Day 2 as it is made from its flights ("New Day 2 from flights…"): how the
qualifiers are seated (a recorded random draw, or by chip count) and which stack a person who qualified
from two flights carries (the bigger, or the first qualifying one). Both are the Day 2's `[day2]`
settings; Enter takes the house's usual choice, the first of each."""

from __future__ import annotations

from .i18n import tr
from .qt import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget


class Day2Options(QDialog):
    def __init__(self, flights: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("New Day 2"))
        intro = QLabel(tr("%n flight(s) chosen. How does the Day 2 start?", "", flights))
        intro.setWordWrap(True)
        self.seating = QComboBox()
        self.seating.setObjectName("day2Seating")
        self.seating.addItem(tr("By a random draw, recorded in the file"), "draw")
        self.seating.addItem(tr("By chip count, the biggest stacks spread over the tables"), "chip_count")
        self.two_stacks = QComboBox()
        self.two_stacks.setObjectName("day2TwoStacks")
        self.two_stacks.addItem(tr("The bigger stack"), "best")
        self.two_stacks.addItem(tr("The stack of the first flight they qualified from"), "first")
        form = QFormLayout()
        form.addRow(tr("&Seating"), self.seating)
        form.addRow(tr("Qualified from two &flights"), self.two_stacks)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Make the Day 2"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.seating.setFocus()

    def choices(self) -> dict[str, str]:
        return {"seating": str(self.seating.currentData()), "two_stacks": str(self.two_stacks.currentData())}
