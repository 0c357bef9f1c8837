"""The club's leagues made and changed in the program: a league's rules (its points formula, how many results
count, which nights, the tie-break), its seasons, and the club's own formulas kept by name.

Every form checks what is typed with the club file's own door (`ClubService.execute`): a refusal is said
under the fields, in the TD's words, and nothing is written until it is accepted. The club file is opened
for each change and let go of at once: it may live on a USB stick.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...club import formula
from ...club.league import DEFAULT_TIE_BREAK
from ...core.protocol.errors import TourneyError
from ..i18n import tr
from ..qt import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QKeySequence,
    QLabel,
    QLineEdit,
    QPushButton,
    QShortcut,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from .forms import ClubForm, read, run, said

# The night a formula is tried on while it is typed: the points of a few places, so the TD sees what it gives.
SAMPLE_ENTRIES = 24
SAMPLE_PLACES = (1, 2, 3, 10, 24)


def sample_points(text: str) -> str:
    """What a formula gives on a night of 24 entries, place by place; or why it gives nothing."""
    try:
        parsed = formula.check(text)
        values = {"entries": SAMPLE_ENTRIES, "players": SAMPLE_ENTRIES, "prize": 0, "buy_in": 20, "knockouts": 0,
                  "bounty_won": 0, "rebuys": 0, "add_ons": 0, "reentries": 0}
        points = [(place, parsed.evaluate({**values, "place": place})) for place in SAMPLE_PLACES]
    except TourneyError as exc:
        return said(exc)
    shown = ", ".join(tr("place {place}: {points}").format(place=place, points=f"{value:g}")
                      for place, value in points)
    return tr("On a night of {entries} entries: {points}").format(entries=SAMPLE_ENTRIES, points=shown)


class FormulaBox(QWidget):
    """A formula typed, or taken from a preset or one of the club's formulas, tried as it is typed."""

    def __init__(self, saved: dict[str, str], text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.start = QComboBox(self)
        self.start.setObjectName("formula_start")
        self.start.addItem(self.tr("(as typed)"), None)
        for name, body in {**formula.PRESETS, **saved}.items():
            self.start.addItem(f"{name}: {body}", body)
        self.text = QLineEdit(text, self)
        self.text.setObjectName("formula_text")
        self.text.setPlaceholderText("round(10 * sqrt(entries) / sqrt(place)) - 9")
        self.points = QLabel(self)
        self.points.setObjectName("formula_points")
        self.points.setWordWrap(True)
        self.start.activated.connect(self._take)
        self.text.textChanged.connect(lambda typed: self.points.setText(sample_points(typed)))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.start)
        layout.addWidget(self.text)
        layout.addWidget(self.points)
        self.points.setText(sample_points(text) if text else "")

    def _take(self, index: int) -> None:
        body = self.start.itemData(index)
        if body is not None:
            self.text.setText(str(body))
            self.text.setFocus()


class LeagueForm(ClubForm):
    """A league made, or its rules changed (`league`: its rules as the club has them). Enter saves."""

    def __init__(self, club_path: Path, league: dict[str, Any] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(club_path, parent)
        self.league = league
        self.setObjectName("league_form")
        self.setWindowTitle(self.tr("New league") if league is None else self.tr("Change the league"))
        self.setMinimumWidth(720)
        saved, templates = read(club_path, lambda club: (club.formulas(), sorted(club.templates())))
        now = league or {}
        self.name = QLineEdit(now.get("name", ""), self)
        self.name.setObjectName("league_name")
        self.formula = FormulaBox(saved, now.get("formula", ""), self)
        self.best = QSpinBox(self)
        self.best.setObjectName("league_best")
        self.best.setRange(0, 999)
        self.best.setSpecialValueText(self.tr("every result"))
        self.best.setValue(now.get("best") or 0)
        self.template = QComboBox(self)
        self.template.setObjectName("league_template")
        self.template.addItem(self.tr("(any template)"), None)
        for name in sorted({*templates, *([now["template"]] if now.get("template") else [])}):
            self.template.addItem(name, name)
        self.template.setCurrentIndex(max(self.template.findData(now.get("template")), 0))
        self.date_from = QLineEdit(now.get("date_from") or "", self)
        self.date_from.setObjectName("league_from")
        self.date_to = QLineEdit(now.get("date_to") or "", self)
        self.date_to.setObjectName("league_to")
        for box in (self.date_from, self.date_to):
            box.setPlaceholderText(self.tr("2026-01-01 (empty: any)"))
        self.tie_break = QLineEdit(", ".join(now.get("tie_break") or DEFAULT_TIE_BREAK), self)
        self.tie_break.setObjectName("league_tie_break")
        self.tie_break.setToolTip("wins, best_place, cashes, results, knockouts")
        form = QFormLayout()
        for text, widget in ((self.tr("&Name"), self.name), (self.tr("&Points"), self.formula),
                             (self.tr("&Best results counted"), self.best), (self.tr("&Template"), self.template),
                             (self.tr("&From"), self.date_from), (self.tr("T&o"), self.date_to),
                             (self.tr("T&ie-break (in order)"), self.tie_break)):
            label = QLabel(text, self)
            label.setBuddy(widget.text if isinstance(widget, FormulaBox) else widget)
            form.addRow(label, widget)
        hint = QLabel(self.tr("Points for one person's night, from: entries, players, place, prize, buy_in, "
                              "knockouts, bounty_won, rebuys, add_ons, reentries; + - * / ^, sqrt, log, ln, round, "
                              "floor, ceil, min, max, if(condition, then, otherwise). Tie-break: wins, best_place, "
                              "cashes, results, knockouts."), self)
        hint.setWordWrap(True)
        for box in (self.name, self.formula.text, self.date_from, self.date_to, self.tie_break):
            box.returnPressed.connect(self.save)
        self.laid_out(form, hint)
        self.name.setFocus()

    def rules(self) -> dict[str, Any]:
        return {"formula": self.formula.text.text().strip(), "best": self.best.value() or None,
                "template": self.template.currentData(), "date_from": self.date_from.text().strip() or None,
                "date_to": self.date_to.text().strip() or None,
                "tie_break": [t.strip() for t in self.tie_break.text().replace(";", ",").split(",") if t.strip()]}

    def command(self) -> dict[str, Any]:
        rules = self.rules()
        if self.league is None:
            return {"type": "create_league", "name": self.name.text(), **rules}
        changed = {k: v for k, v in rules.items() if v != (list(self.league[k]) if k == "tie_break"
                                                             else self.league[k])}
        cmd: dict[str, Any] = {"type": "edit_league", "name": self.league["name"], **changed}
        if self.name.text().strip() != self.league["name"]:
            cmd["new_name"] = self.name.text()
        return cmd


class _ListEditor(QDialog):
    """A list of named things of the club (seasons, formulas) with the boxes to write one: choosing a row
    puts it in the boxes to change it, Ctrl+N empties them for a new one, Enter in a box saves it."""

    columns: tuple[str, ...] = ()

    def __init__(self, club_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club_path = club_path
        self.resize(760, 460)
        self.table = QTableWidget(0, len(self.headers()), self)
        self.table.setHorizontalHeaderLabels(self.headers())
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.currentCellChanged.connect(lambda row, *_: self._chosen(row))
        self.boxes: dict[str, QLineEdit] = {}
        self.form = QFormLayout()
        self.error = QLabel(self)
        self.error.setProperty("role", "error")
        self.error.setWordWrap(True)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.new_button = QPushButton(tr("New (Ctrl+N)"), self)
        self.new_button.clicked.connect(self.start_new)
        self.save_button = QPushButton(tr("Save (Enter)"), self)
        self.save_button.clicked.connect(self.save)
        self.delete_button = QPushButton(tr("&Delete"), self)
        self.delete_button.clicked.connect(self.delete)
        close = QPushButton(tr("Close"), self)
        close.clicked.connect(self.accept)
        for button in (self.new_button, self.save_button, self.delete_button, close):
            button.setAutoDefault(False)
        QShortcut(QKeySequence("Ctrl+N"), self).activated.connect(self.start_new)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.delete_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        self.rows: list[dict[str, str]] = []
        self.editing: str | None = None  # the name of the row in the boxes; None: a new one

    def headers(self) -> list[str]:
        raise NotImplementedError

    def load_rows(self) -> list[dict[str, str]]:
        raise NotImplementedError

    def save_command(self) -> dict[str, Any]:
        raise NotImplementedError

    def delete_command(self, name: str) -> dict[str, Any]:
        raise NotImplementedError

    def add_box(self, key: str, label: str, box: QLineEdit | None = None) -> QLineEdit:
        box = box or QLineEdit(self)
        box.setObjectName(f"{type(self).__name__}_{key}")
        box.returnPressed.connect(self.save)
        text = QLabel(label, self)
        text.setBuddy(box)
        self.form.addRow(text, box)
        self.boxes[key] = box
        return box

    def reload(self, choose: str | None = None) -> None:
        try:
            self.rows = self.load_rows()
        except (TourneyError, OSError) as exc:
            self.error.setText(said(exc))
            return
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            for c, key in enumerate(self.columns):
                self.table.setItem(r, c, QTableWidgetItem(row[key] or ""))
        self.table.blockSignals(False)
        names = [row["name"] for row in self.rows]
        if choose in names:
            self.table.setCurrentCell(names.index(choose), 0)
            self._chosen(names.index(choose))
        else:
            self.start_new()

    def _chosen(self, row: int) -> None:
        if not 0 <= row < len(self.rows):
            return
        self.editing = self.rows[row]["name"]
        for key, box in self.boxes.items():
            box.setText(self.rows[row].get(key) or "")
        self.error.clear()

    def start_new(self) -> None:
        self.editing = None
        self.table.clearSelection()
        self.table.setCurrentCell(-1, -1)
        for box in self.boxes.values():
            box.clear()
        self.error.clear()
        next(iter(self.boxes.values())).setFocus()

    def save(self) -> None:
        try:
            result = run(self.club_path, self.save_command())
        except TourneyError as exc:
            self.error.setText(said(exc))
            return
        name = self.boxes["name"].text().strip()
        self.message.setText(tr("{name} saved").format(name=name))
        self.reload(result.get("season") or result.get("formula") or name)

    def delete(self) -> None:
        if self.editing is None:
            return
        try:
            run(self.club_path, self.delete_command(self.editing))
        except TourneyError as exc:
            self.error.setText(said(exc))
            return
        self.message.setText(tr("{name} deleted").format(name=self.editing))
        self.reload()


class SeasonsDialog(_ListEditor):
    """A league's seasons: each a span of dates with its own table; two never overlap."""

    columns = ("name", "date_from", "date_to")

    def __init__(self, club_path: Path, league: str, parent: QWidget | None = None) -> None:
        self.league = league
        super().__init__(club_path, parent)
        self.setObjectName("seasons")
        self.setWindowTitle(self.tr("Seasons of {league}").format(league=league))
        self.add_box("name", self.tr("Season &name"))
        self.add_box("date_from", self.tr("&First day")).setPlaceholderText("2026-01-01")
        self.add_box("date_to", self.tr("&Last day")).setPlaceholderText("2026-03-31")
        self.reload()

    def headers(self) -> list[str]:
        return [self.tr("Season"), self.tr("First day"), self.tr("Last day")]

    def load_rows(self) -> list[dict[str, str]]:
        return list(read(self.club_path, lambda club: club.leagues_by_name()[self.league]["seasons"]))

    def save_command(self) -> dict[str, Any]:
        typed = {key: box.text().strip() for key, box in self.boxes.items()}
        if self.editing is None:
            return {"type": "create_season", "league": self.league, **typed}
        return {"type": "edit_season", "league": self.league, "name": self.editing, "new_name": typed["name"],
                "date_from": typed["date_from"], "date_to": typed["date_to"]}

    def delete_command(self, name: str) -> dict[str, Any]:
        return {"type": "delete_season", "league": self.league, "name": name}


class FormulasDialog(_ListEditor):
    """The club's own points formulas, kept by name for its leagues (a league keeps its own copy)."""

    columns = ("name", "text")

    def __init__(self, club_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(club_path, parent)
        self.setObjectName("formulas")
        self.setWindowTitle(self.tr("The club's points formulas"))
        self.add_box("name", self.tr("Formula &name"))
        text = self.add_box("text", self.tr("&Points"))
        self.points = QLabel(self)
        self.points.setObjectName("formula_points")
        self.points.setWordWrap(True)
        self.form.addRow("", self.points)
        text.textChanged.connect(lambda typed: self.points.setText(sample_points(typed) if typed.strip() else ""))
        self.reload()

    def headers(self) -> list[str]:
        return [self.tr("Name"), self.tr("Points")]

    def load_rows(self) -> list[dict[str, str]]:
        saved: dict[str, str] = read(self.club_path, lambda club: club.formulas())
        return [{"name": name, "text": text} for name, text in saved.items()]

    def save_command(self) -> dict[str, Any]:
        # kept under the name in the box: another name keeps a copy beside the first
        return {"type": "save_formula", "name": self.boxes["name"].text(), "text": self.boxes["text"].text()}

    def delete_command(self, name: str) -> dict[str, Any]:
        return {"type": "delete_formula", "name": name}

