"""The league window: a league's table (the whole league or one of its seasons), each player's counted and
dropped results, and the table as PDF; and from here the leagues made and changed, their seasons, and the
club's own formulas (league_editors.py).

It reads the club file when it opens and when the TD picks another league, and holds nothing open in
between: the club file may live on a USB stick.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ...club.service import ClubService
from ...core.protocol.errors import TourneyError
from .. import fmt, printing
from ..messages import error_text
from ..namesakes import member_names
from ..qt import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QKeySequence,
    QLabel,
    QMessageBox,
    QPushButton,
    QShortcut,
    QSplitter,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from .forms import run
from .league_editors import FormulasDialog, LeagueForm, SeasonsDialog

D = TypeVar("D", bound=QDialog)


def points_text(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def signed_points(value: float) -> str:
    """Points given or taken by hand: +5, -2.5."""
    return ("+" if value > 0 else "") + points_text(value)


class LeagueWindow(QDialog):
    def __init__(self, club_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club_path = club_path
        self.table_data: dict[str, Any] | None = None
        self.leagues: dict[str, dict[str, Any]] = {}
        self.setObjectName("league_window")
        self.setWindowTitle(self.tr("League table"))
        self.resize(1000, 640)
        self.league = QComboBox(self)
        self.league.setObjectName("league_choice")
        self.league.currentIndexChanged.connect(self._league_chosen)
        self.season = QComboBox(self)
        self.season.setObjectName("season_choice")
        self.season.currentIndexChanged.connect(self.show_league)
        self.rules = QLabel(self)
        self.rules.setWordWrap(True)
        self.message = QLabel(self)
        self.message.setProperty("role", "error")
        self.message.setWordWrap(True)
        self.message.hide()
        self.standings = QTableWidget(0, 7, self)
        self.standings.setObjectName("standings")
        self.standings.setHorizontalHeaderLabels([self.tr("Rank"), self.tr("Player"), self.tr("Points"),
                                                  self.tr("Wins"), self.tr("Best place"), self.tr("Cashes"),
                                                  self.tr("Played")])
        self.details = QTableWidget(0, 5, self)
        self.details.setObjectName("results")
        self.details.setHorizontalHeaderLabels([self.tr("Date"), self.tr("Tournament"), self.tr("Place"),
                                                self.tr("Points"), self.tr("Counted")])
        for view in (self.standings, self.details):
            view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            view.verticalHeader().hide()
            view.setWordWrap(False)
            header = view.horizontalHeader()
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # the names get every pixel left
        self.standings.currentCellChanged.connect(lambda row, *_: self.show_player(row))
        self.pdf_button = QPushButton(self.tr("Save as PDF… (Ctrl+P)"), self)
        self.pdf_button.clicked.connect(self.ask_pdf)
        QShortcut(QKeySequence("Ctrl+P"), self).activated.connect(self.ask_pdf)
        close = QPushButton(self.tr("Close"), self)
        close.clicked.connect(self.accept)
        editing = QHBoxLayout()
        for text, keys, slot in ((self.tr("&New league… (Ctrl+N)"), "Ctrl+N", self.ask_new),
                                 (self.tr("&Change the league… (F2)"), "F2", self.ask_change),
                                 (self.tr("&Seasons… (Ctrl+E)"), "Ctrl+E", self.ask_seasons),
                                 (self.tr("&Formulas… (Ctrl+R)"), "Ctrl+R", self.ask_formulas),
                                 (self.tr("&Delete the league…"), None, self.ask_delete)):
            button = QPushButton(text, self)
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            editing.addWidget(button)
            if keys is not None:
                QShortcut(QKeySequence(keys), self).activated.connect(slot)
        editing.addStretch(1)
        top = QHBoxLayout()
        league_label = QLabel(self.tr("&League"), self)
        league_label.setBuddy(self.league)
        season_label = QLabel(self.tr("S&eason"), self)
        season_label.setBuddy(self.season)
        top.addWidget(league_label)
        top.addWidget(self.league, 2)
        top.addWidget(season_label)
        top.addWidget(self.season, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.standings)
        splitter.addWidget(self.details)
        splitter.setSizes([600, 400])
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.pdf_button)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(editing)
        layout.addLayout(top)
        layout.addWidget(self.rules)
        layout.addWidget(self.message)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        self.load()

    def _club(self) -> ClubService | None:
        if not self.club_path.is_file():
            self._say(self.tr("There is no club file at {path}").format(path=str(self.club_path)))
            return None
        try:
            return ClubService.open(self.club_path)
        except (TourneyError, OSError) as exc:
            self._say(error_text(exc) if isinstance(exc, TourneyError) else str(exc))
            return None

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def load(self, choose: str | None = None) -> None:
        club = self._club()
        if club is None:
            return
        with club:
            self.leagues = club.leagues_by_name()
        names = list(self.leagues)
        self.league.blockSignals(True)
        self.league.clear()
        self.league.addItems(names)
        if choose in names:
            self.league.setCurrentIndex(names.index(choose))
        self.league.blockSignals(False)
        if not names:
            self.table_data = None
            self.rules.clear()
            self.standings.setRowCount(0)
            self.details.setRowCount(0)
            self._say(self.tr("The club has no league yet: Ctrl+N makes one"))
            return
        self._league_chosen()

    def _league_chosen(self) -> None:
        """Another league: its seasons to choose from, the whole league first."""
        seasons = self.leagues.get(self.league.currentText(), {}).get("seasons", [])
        self.season.blockSignals(True)
        self.season.clear()
        self.season.addItem(self.tr("The whole league"), None)
        for one in seasons:
            self.season.addItem(self.tr("{season} ({first} to {last})").format(
                season=one["name"], first=one["date_from"], last=one["date_to"]), one["name"])
        self.season.blockSignals(False)
        self.show_league()

    def show_league(self) -> None:
        name = self.league.currentText()
        club = self._club() if name else None
        if club is None:
            return
        try:
            with club:
                self.table_data = club.standings(name, self.season.currentData())
        except TourneyError as exc:
            self._say(error_text(exc))
            return
        self._say("")
        info = self.table_data["league"]
        # A formula brought over from TD3 is a program of a line per statement: shown on one line here.
        written = "; ".join(line.strip() for line in info["formula"].splitlines() if line.strip())
        self.rules.setText(self.tr("{rules} Points: {formula}. {count} tournaments counted.").format(
            rules=self.rules_words(info), formula=written, count=len(self.table_data["tournaments"])))
        rows = self.table_data["standings"]
        self.standings.setRowCount(len(rows))
        for r, (row, shown) in enumerate(zip(rows, member_names(self.table_data), strict=True)):
            best = row["best_place"] if row["best_place"] is not None else "–"
            name = self.tr("{name} (guest)").format(name=shown) if row.get("guest") else shown
            for c, value in enumerate((row["rank"], name, points_text(row["points"]), row["wins"], best,
                                       row["cashes"], row["played"])):
                item = QTableWidgetItem(str(value))
                if c != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.standings.setItem(r, c, item)
        if rows:
            self.standings.setCurrentCell(0, 1)
        self.show_player(0)

    def show_player(self, row: int) -> None:
        rows = (self.table_data or {}).get("standings", [])
        results = []
        if 0 <= row < len(rows):
            results = sorted(rows[row]["counted"] + rows[row]["dropped"], key=lambda r: r["date"])
        given = rows[row].get("adjustments", []) if 0 <= row < len(rows) else []
        self.details.setRowCount(len(results) + len(given))
        for r, result in enumerate(results):
            counted = self.tr("counted") if result["counted"] else self.tr("dropped")
            points = points_text(result["points"])
            if result.get("adjustment"):
                points = self.tr("{points} ({adjustment} by hand)").format(
                    points=points, adjustment=signed_points(result["adjustment"]))
            for c, value in enumerate((result["date"], result["tournament"], result["place"], points, counted)):
                item = QTableWidgetItem(str(value))
                if not result["counted"]:
                    item.setForeground(Qt.GlobalColor.gray)
                self.details.setItem(r, c, item)
        for r, adjustment in enumerate(given, start=len(results)):  # to the league as a whole: always counted
            what = self.tr("Given by hand: {reason}").format(reason=adjustment["reason"]) if adjustment["reason"] \
                else self.tr("Given by hand")
            for c, value in enumerate(("", what, "", signed_points(adjustment["points"]), self.tr("counted"))):
                self.details.setItem(r, c, QTableWidgetItem(value))

    def rules_words(self, info: dict[str, Any]) -> str:
        """How the league counts, in the TD's language (league.describe_rules says it in English)."""
        counted = self.tr("The best %n results of each player count", "", info["best"]) if info["best"] \
            else self.tr("Every result counts")
        names = {"wins": self.tr("more wins"), "best_place": self.tr("the better best place"),
                 "cashes": self.tr("more cashes"), "results": self.tr("more results played"),
                 "knockouts": self.tr("more knockouts")}
        ties = self.tr(", then ").join(names[t] for t in info["tie_break"])
        if not ties:
            return f"{counted}."
        return self.tr("{counted}; players level on points are ranked by {ties}.").format(counted=counted, ties=ties)

    # -- the leagues made and changed ------------------------------------------------------------------
    def chosen(self) -> dict[str, Any] | None:
        return self.leagues.get(self.league.currentText())

    def ask_new(self) -> LeagueForm:
        return self._open(LeagueForm(self.club_path, None, self))

    def ask_change(self) -> LeagueForm | None:
        league = self.chosen()
        return self._open(LeagueForm(self.club_path, league, self)) if league is not None else None

    def _open(self, form: LeagueForm) -> LeagueForm:
        return self._opened(form, lambda: self.load(form.saved["league"] if form.saved else None))

    def ask_seasons(self) -> SeasonsDialog | None:
        league = self.chosen()
        if league is None:
            return None
        return self._opened(SeasonsDialog(self.club_path, league["name"], self), lambda: self.load(league["name"]))

    def ask_formulas(self) -> FormulasDialog:
        return self._opened(FormulasDialog(self.club_path, self), lambda: None)

    def _opened(self, dialog: D, then: Callable[[], None]) -> D:
        """A dialog over the table, gone once closed; `then` once it is (the table read again)."""
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(lambda _code: then())
        dialog.open()
        return dialog

    def ask_delete(self) -> QMessageBox | None:
        league = self.chosen()
        if league is None:
            return None
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Delete the league"), self.tr(
            "Delete the league {league}? Its nights and their results stay in the club file.").format(
                league=league["name"]), QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.accepted.connect(lambda: self._delete(league["name"]))
        box.open()
        return box

    def _delete(self, name: str) -> None:
        try:
            run(self.club_path, {"type": "delete_league", "name": name})
        except TourneyError as exc:
            self._say(error_text(exc))
            return
        self.load()

    def ask_pdf(self) -> None:
        if self.table_data is None:
            return
        name = self.table_data["league"]["name"]
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the league table"),
                                              str(self.club_path.parent / f"{name}.pdf"), self.tr("PDF files (*.pdf)"))
        if path:
            self.save_pdf(Path(path))

    def save_pdf(self, path: Path) -> Path:
        assert self.table_data is not None
        return printing.save_pdf(self.page_html(), path, printing.REPORT_PAGE, self.table_data["league"]["name"])

    def page_html(self) -> str:
        assert self.table_data is not None
        info = self.table_data["league"]
        e = html.escape
        head = "".join(f"<th>{e(h)}</th>" for h in (self.tr("Rank"), self.tr("Player"), self.tr("Points"),
                                                      self.tr("Wins"), self.tr("Best place"), self.tr("Cashes"),
                                                      self.tr("Played"), self.tr("Dropped")))
        body = []
        rows = self.table_data["standings"]
        for row, name in zip(rows, member_names(self.table_data), strict=True):
            dropped = ", ".join(f"{d['date']} ({points_text(d['points'])})" for d in row["dropped"])
            best = row["best_place"] if row["best_place"] is not None else "–"
            cells = (row["rank"], name, points_text(row["points"]), row["wins"], best, row["cashes"],
                     row["played"], dropped)
            body.append("<tr>" + "".join(f"<td>{e(str(v))}</td>" for v in cells) + "</tr>")
        counted = self.table_data["tournaments"]
        # Each word is its own tr() call, outside the f-strings: lupdate reads no call inside one.
        def entries(count: int) -> str:
            return self.tr("%n entries", "", count)
        nights = "".join(f"<li>{e(t['date'])} — {e(t['name'])} ({e(entries(t['entries']))}, "
                         f"{e(fmt.money(t['prize_pool'], t['currency']))})</li>" for t in counted)
        points, heading = self.tr("Points"), self.tr("Tournaments counted")
        title = info["name"] if not self.table_data.get("season") else f"{info['name']} — {self.table_data['season']}"
        return (f"<h1>{e(title)}</h1><p>{e(self.rules_words(info))}<br>{e(points)}: "
                f"<code>{e(info['formula'])}</code></p><table border='1' cellspacing='0' cellpadding='3'>"
                f"<tr>{head}</tr>{''.join(body)}</table><h2>{e(heading)}</h2><ul>{nights}</ul>")
