"""The structure as a table of levels the TD types on: levels, breaks and antes, numbered as the clock counts
the levels of play (a break unnumbered), and the buttons beside it: add a level or a break, remove a row,
build the levels with the wizard, load or save a structure file. The structure editor (Ctrl+Shift+S) and
the tournament editor's Structure page are this one table; levels already played are shown but locked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...core.protocol.errors import TourneyError
from .. import fmt
from ..console.common import InlineError, tr
from ..qt import (
    QAbstractItemModel,
    QAbstractTableModel,
    QColor,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QKeySequence,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    Qt,
    QTableView,
    QVBoxLayout,
    QWidget,
    Signal,
)
from ..setting_words import ante_kind_words
from . import files
from .wizard import WizardDialog

AnyIndex = QModelIndex | QPersistentModelIndex
FIELDS = ("kind", "small_blind", "big_blind", "ante", "ante_kind", "minutes", "color_up")
ANTE_KINDS = ("none", "classic", "big_blind")


_FIELD_AT = re.compile(r"levels\[(\d+)\]\.?(\w+)?")


class LevelsModel(QAbstractTableModel):
    """The levels as the config writes them (a break is `break_minutes` with its `color_up`)."""

    edited = Signal()

    def __init__(self, levels: list[dict[str, Any]], locked: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.levels = [dict(level) for level in levels]
        self.locked = locked
        self.bad: tuple[int, str] | None = None
        self._headers = (tr("Kind"), tr("Small blind"), tr("Big blind"), tr("Ante"), tr("Ante kind"),
                         tr("Minutes"), tr("Colour-up"))

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.levels)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(FIELDS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self._headers[section] if 0 <= section < len(FIELDS) else None
        if not 0 <= section < len(self.levels) or "break_minutes" in self.levels[section]:
            return ""  # a break has no number: the clock and every refusal count the levels of play
        return str(sum(1 for level in self.levels[:section + 1] if "break_minutes" not in level))

    def _value(self, level: dict[str, Any], field: str) -> str:
        is_break = "break_minutes" in level
        if field == "kind":
            return tr("Break") if is_break else tr("Level")
        if field == "minutes":
            return str(level.get("break_minutes" if is_break else "minutes", ""))
        if field == "color_up":
            return ", ".join(str(v) for v in level.get("color_up", [])) if is_break else ""
        if is_break:
            return ""
        return str(level.get(field, ""))

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.levels):
            return None
        level = self.levels[index.row()]
        field = FIELDS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole and field == "kind" and "break_minutes" not in level:
            # Numbered as the clock and every refusal count the levels of play ("Level 7: ...").
            played = sum(1 for lv in self.levels[: index.row() + 1] if "break_minutes" not in lv)
            return tr("Level %1").replace("%1", str(played))
        if role == Qt.ItemDataRole.EditRole:
            return self._value(level, field)
        if role == Qt.ItemDataRole.DisplayRole:
            value = self._value(level, field)
            if field == "ante_kind":
                return ante_kind_words().get(value, value)
            if field in ("small_blind", "big_blind", "ante") and value.isdigit():
                return fmt.chips(int(value))  # 10 000, as the locale groups it; typed without grouping
            return value
        if role == Qt.ItemDataRole.BackgroundRole:
            if self.bad and self.bad[0] == index.row() and self.bad[1] in (field, "", "break_minutes"):
                return QColor("#ffcdd2")
            if index.row() < self.locked:
                return QColor("#eceff1")
            if "break_minutes" in level:
                return QColor("#e8f5e9")
        if role == Qt.ItemDataRole.ToolTipRole and index.row() < self.locked:
            return tr("Already played: it stays as it was")
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        is_break = "break_minutes" in self.levels[index.row()]
        allowed = ("minutes", "color_up") if is_break else ("small_blind", "big_blind", "ante", "ante_kind", "minutes")
        editable = index.row() >= self.locked and FIELDS[index.column()] in allowed
        return base | Qt.ItemFlag.ItemIsEditable if editable else base

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not self.flags(index) & Qt.ItemFlag.ItemIsEditable:
            return False
        level = self.levels[index.row()]
        field = FIELDS[index.column()]
        text = str(value).strip().replace("\u00a0", "").replace(" ", "")
        if field == "color_up":
            level["color_up"] = [_number(v) for v in text.split(",") if v]
        elif field == "ante_kind":
            level["ante_kind"] = text
        elif field == "minutes":
            level["break_minutes" if "break_minutes" in level else "minutes"] = _number(text)
        else:
            level[field] = _number(text)
        self.dataChanged.emit(index, index)
        self.edited.emit()
        return True

    def insert(self, row: int, level: dict[str, Any]) -> None:
        row = max(row, self.locked)
        self.beginInsertRows(QModelIndex(), row, row)
        self.levels.insert(row, level)
        self.endInsertRows()
        self.edited.emit()

    def remove(self, row: int) -> None:
        if self.locked <= row < len(self.levels):
            self.beginRemoveRows(QModelIndex(), row, row)
            del self.levels[row]
            self.endRemoveRows()
            self.edited.emit()

    def set_levels(self, levels: list[dict[str, Any]]) -> None:
        """Every level after the locked ones replaced (the wizard's, a structure file's)."""
        self.beginResetModel()
        self.levels = self.levels[:self.locked] + [dict(level) for level in levels[self.locked:]]
        self.endResetModel()
        self.edited.emit()

    def mark(self, bad: tuple[int, str] | None) -> None:
        self.bad = bad
        if self.levels:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.levels) - 1, len(FIELDS) - 1))


def _number(text: str) -> int | str:
    """An integer when the TD typed one; otherwise the text as typed, for the desk to refuse by name."""
    try:
        return int(text)
    except ValueError:
        return text


class AnteKindDelegate(QStyledItemDelegate):
    """The ante kind picked from the three the rules know, never typed."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex) -> QWidget:
        combo = QComboBox(parent)
        words = ante_kind_words()
        for kind in ANTE_KINDS:
            combo.addItem(words[kind], kind)
        return combo

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(str(index.data(Qt.ItemDataRole.EditRole)))))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class LevelsEditor(QWidget):
    """The levels as a table the TD types on, with its buttons: add a level or a break, remove a row, build
    the levels with the wizard, load or save a structure file. `chips()` and `stack()` give the wizard the
    chip set and the starting stack; `players` the field it plans for."""

    def __init__(self, levels: list[dict[str, Any]], locked: int, chips: Callable[[], list[int]],
                 stack: Callable[[], int], players: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._chips, self._stack, self._players = chips, stack, players
        self.model = LevelsModel(levels, locked, self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setItemDelegateForColumn(FIELDS.index("ante_kind"), AnteKindDelegate(self.view))
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # Typing on a cell replaces it, as in a spreadsheet; F2 or a double click edits it in place.
        self.view.setEditTriggers(QTableView.EditTrigger.AnyKeyPressed | QTableView.EditTrigger.EditKeyPressed
                                  | QTableView.EditTrigger.DoubleClicked)
        if locked < len(levels):
            self.view.setCurrentIndex(self.model.index(locked, 1))
        self.error = InlineError()
        self.error.setObjectName("structureError")
        buttons = [
            (tr("Add a level (Ctrl+L)"), "Ctrl+L", self.add_level),
            (tr("Add a break (Ctrl+K)"), "Ctrl+K", self.add_break),
            (tr("Remove the row (Ctrl+Del)"), "Ctrl+Del", lambda: self.model.remove(self.view.currentIndex().row())),
        ]
        self.whole = [
            (tr("Build the levels… (Ctrl+G)"), "Ctrl+G", self.open_wizard),
            (tr("Load levels… (Ctrl+O)"), "Ctrl+O", self.load),
        ]
        tools = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for text, keys, slot in [*buttons, *self.whole, (tr("Save levels… (Ctrl+S)"), "Ctrl+S", self.save)]:
            button = QPushButton(text)
            button.setShortcut(QKeySequence(keys))
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            tools.addWidget(button)
            self.buttons[keys] = button
        tools.addStretch(1)
        # Levels already played stay: a whole new structure is built or loaded before the clock starts.
        for _text, keys, _slot in self.whole:
            self.buttons[keys].setEnabled(locked == 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addLayout(tools)
        layout.addWidget(self.error)

    @property
    def levels(self) -> list[dict[str, Any]]:
        return self.model.levels

    def _row_after_current(self) -> int:
        row = self.view.currentIndex().row()
        return row + 1 if row >= 0 else len(self.model.levels)

    def add_level(self) -> None:
        row = self._row_after_current()
        previous = next((lv for lv in reversed(self.model.levels[:row]) if "break_minutes" not in lv), None)
        template = dict(previous) if previous else {"small_blind": 100, "big_blind": 200, "ante": 0,
                                                     "ante_kind": "none", "minutes": 20}
        self.model.insert(row, template)

    def add_break(self) -> None:
        self.model.insert(self._row_after_current(), {"break_minutes": 10, "color_up": []})

    def open_wizard(self) -> None:
        dialog = WizardDialog(self._chips(), self._stack(), self._players, self)
        dialog.built.connect(self.model.set_levels)
        dialog.open()

    def load(self) -> None:
        levels = files.ask_levels(self)
        if levels is not None:
            self.model.set_levels(levels)

    def save(self) -> None:
        files.ask_save_levels(self, self.model.levels)

    def show_refusal(self, exc: TourneyError | None) -> None:
        """The desk's answer under the table, the faulty cell in red (None: all is well)."""
        self.error.show_error(exc)  # in the TD's words, naming the level (ui/setting_words.py)
        self.model.mark(_where(exc) if exc is not None else None)


def _where(exc: TourneyError) -> tuple[int, str] | None:
    match = _FIELD_AT.match(str(exc.params.get("field", "")))
    if match is None:
        return None
    return int(match.group(1)), match.group(2) or ""
