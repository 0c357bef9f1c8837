"""The league window: a league's table, each player's counted and dropped results, and the table as PDF.

It reads the club file when it opens and when the TD picks another league, and holds nothing open in
between: the club file may live on a USB stick.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from ...club.service import ClubService
from ...core.protocol.errors import TourneyError
from .. import fmt, printing
from ..qt import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QKeySequence,
    QLabel,
    QPushButton,
    QShortcut,
    QSplitter,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


def points_text(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


class LeagueWindow(QDialog):
    def __init__(self, club_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club_path = club_path
        self.table_data: dict[str, Any] | None = None
        self.setObjectName("league_window")
        self.setWindowTitle(self.tr("League table"))
        self.resize(1000, 640)
        self.league = QComboBox(self)
        self.league.setObjectName("league_choice")
        self.league.currentIndexChanged.connect(self.show_league)
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
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("League"), self))
        top.addWidget(self.league, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.standings)
        splitter.addWidget(self.details)
        splitter.setSizes([600, 400])
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.pdf_button)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
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
            self._say(exc.message if isinstance(exc, TourneyError) else str(exc))
            return None

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def load(self) -> None:
        club = self._club()
        if club is None:
            return
        with club:
            names = [league["name"] for league in club.leagues()]
        self.league.blockSignals(True)
        self.league.clear()
        self.league.addItems(names)
        self.league.blockSignals(False)
        if not names:
            self._say(self.tr("The club has no league yet: create one with tourneydesk club league create"))
            return
        self.show_league()

    def show_league(self) -> None:
        name = self.league.currentText()
        club = self._club() if name else None
        if club is None:
            return
        try:
            with club:
                self.table_data = club.standings(name)
        except TourneyError as exc:
            self._say(exc.message)
            return
        self._say("")
        info = self.table_data["league"]
        self.rules.setText(self.tr("{rules} Points: {formula}. {count} tournaments counted.").format(
            rules=info["rules"], formula=info["formula"], count=len(self.table_data["tournaments"])))
        rows = self.table_data["standings"]
        self.standings.setRowCount(len(rows))
        for r, row in enumerate(rows):
            best = row["best_place"] if row["best_place"] is not None else "–"
            for c, value in enumerate((row["rank"], row["name"], points_text(row["points"]), row["wins"], best,
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
        self.details.setRowCount(len(results))
        for r, result in enumerate(results):
            counted = self.tr("counted") if result["counted"] else self.tr("dropped")
            for c, value in enumerate((result["date"], result["tournament"], result["place"],
                                       points_text(result["points"]), counted)):
                item = QTableWidgetItem(str(value))
                if not result["counted"]:
                    item.setForeground(Qt.GlobalColor.gray)
                self.details.setItem(r, c, item)

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
        for row in self.table_data["standings"]:
            dropped = ", ".join(f"{d['date']} ({points_text(d['points'])})" for d in row["dropped"])
            best = row["best_place"] if row["best_place"] is not None else "–"
            cells = (row["rank"], row["name"], points_text(row["points"]), row["wins"], best, row["cashes"],
                     row["played"], dropped)
            body.append("<tr>" + "".join(f"<td>{e(str(v))}</td>" for v in cells) + "</tr>")
        counted = self.table_data["tournaments"]
        # Each word is its own tr() call, outside the f-strings: lupdate reads no call inside one.
        def entries(count: int) -> str:
            return self.tr("%n entries", "", count)
        nights = "".join(f"<li>{e(t['date'])} — {e(t['name'])} ({e(entries(t['entries']))}, "
                         f"{e(fmt.money(t['prize_pool'], t['currency']))})</li>" for t in counted)
        points, heading = self.tr("Points"), self.tr("Tournaments counted")
        return (f"<h1>{e(info['name'])}</h1><p>{e(info['rules'])}<br>{e(points)}: "
                f"<code>{e(info['formula'])}</code></p><table border='1' cellspacing='0' cellpadding='3'>"
                f"<tr>{head}</tr>{''.join(body)}</table><h2>{e(heading)}</h2><ul>{nights}</ul>")
