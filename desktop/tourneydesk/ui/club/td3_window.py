"""A club's TD3 history brought over from the console: the saves chosen (files, or a season's folder), a dry
run showing what each file brings before anything is written, then the import on the TD's word, through the
same `import_td3` command of the club's door as `tourneydesk club td3`. A save that cannot be read is named
and left out; the others still come."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...club.service import ClubService
from ...club.td3_import import read_saves, saves_in
from ...core.protocol.errors import TourneyError
from ..i18n import tr
from ..qt import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QKeySequence,
    QLabel,
    QLineEdit,
    QPushButton,
    QShortcut,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from .forms import said


def brings_text(report: dict[str, Any]) -> str:
    """What one save brings besides its night and its people: template, payout table, buy-ins, league."""
    parts = []
    if report["template"]:
        parts.append(tr("template {name}").format(name=report["template"]))
    if report["payout_profile"]:
        parts.append(tr("payout table {name}").format(name=report["payout_profile"]))
    if report["buy_ins"]:
        parts.append(tr("buy-ins {names}").format(names=", ".join(report["buy_ins"])))
    if report["league"]:
        parts.append(tr("league {name}").format(name=report["league"]))
    return "; ".join(parts)


def night_text(report: dict[str, Any]) -> str:
    if report["night"] == "recorded again":
        return tr("{title} (recorded before: replaced)").format(title=report["title"])
    if report["night"]:
        return str(report["title"])
    return tr("not finished: no night")


def problem_text(problem: dict[str, Any]) -> str:
    """What a save holds that does not come over, in the window's language (the import's English otherwise)."""
    return said(TourneyError(str(problem["code"]), str(problem["text"]), **problem.get("params", {})))


def members_text(report: dict[str, Any]) -> str:
    return tr("%n new", "", report["members_added"]) + ", " + tr("%n filled in", "", report["members_updated"])


class Td3ImportDialog(QDialog):
    """The saves chosen, file by file: what each brings (its night or "not finished", its members new or
    filled in, its template, payout table, buy-ins and league, its problems); "Import" writes them all in one
    change, and only then. Choosing more saves, or the leagues box, tries them again."""

    COLUMNS = 5

    def __init__(self, club_path: Path, currency: str = "EUR", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club_path = club_path
        self.setObjectName("td3_import")
        self.setWindowTitle(self.tr("Import TD3 saves"))
        self.resize(1100, 600)
        self.paths: list[Path] = []
        self.saves: list[dict[str, Any]] = []
        self.unreadable: list[tuple[Path, TourneyError]] = []
        self.imported: dict[str, Any] | None = None
        intro = QLabel(self.tr("The saves of The Tournament Director 3 (.tdt) to bring into the club file: nothing "
                               "is written before Import. Each file says what it brings."), self)
        intro.setWordWrap(True)
        add_files = QPushButton(self.tr("Add &saves… (Ctrl+O)"), self)
        add_files.setAutoDefault(False)
        add_files.clicked.connect(self.ask_files)
        QShortcut(QKeySequence("Ctrl+O"), self).activated.connect(self.ask_files)
        add_folder = QPushButton(self.tr("Add a &folder…"), self)
        add_folder.setAutoDefault(False)
        add_folder.clicked.connect(self.ask_folder)
        self.leagues = QCheckBox(self.tr("Make a &league of each points formula, with the nights it scored"), self)
        self.leagues.setObjectName("td3_leagues")
        self.leagues.toggled.connect(lambda _on: self.try_them())
        self.currency = QLineEdit(currency, self)
        self.currency.setObjectName("td3_currency")
        self.currency.setMaxLength(3)
        self.currency.setFixedWidth(self.currency.fontMetrics().horizontalAdvance("WWWWW"))
        self.currency.editingFinished.connect(self.try_them)
        currency_label = QLabel(self.tr("&Currency (TD3 does not say):"), self)
        currency_label.setBuddy(self.currency)
        choose = QHBoxLayout()
        for part in (add_files, add_folder, self.leagues):
            choose.addWidget(part)
        choose.addStretch(1)
        choose.addWidget(currency_label)
        choose.addWidget(self.currency)
        self.report = QTableWidget(0, self.COLUMNS, self)
        self.report.setObjectName("td3_report")
        self.report.setHorizontalHeaderLabels([self.tr("File"), self.tr("Night"), self.tr("Members"),
                                               self.tr("Brings"), self.tr("Problems")])
        self.report.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.report.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.report.setWordWrap(True)
        self.report.verticalHeader().hide()
        header = self.report.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.skipped = QLabel(self)
        self.skipped.setObjectName("td3_skipped")
        self.skipped.setWordWrap(True)
        self.summary = QLabel(self)
        self.summary.setObjectName("td3_summary")
        self.summary.setWordWrap(True)
        self.import_button = QPushButton(self.tr("&Import"), self)
        self.import_button.setObjectName("td3_import_button")
        self.import_button.setEnabled(False)
        self.import_button.clicked.connect(self.confirm)
        self.close_button = QPushButton(self.tr("Cancel"), self)
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.summary, 1)
        buttons.addWidget(self.close_button)
        buttons.addWidget(self.import_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(choose)
        layout.addWidget(self.report, 1)
        layout.addWidget(self.skipped)
        layout.addLayout(buttons)
        self.summary.setText(self.tr("Choose the saves: files, or a season's folder."))

    # -- choosing the saves (the file dialogs are the only part a test goes around) ----------------
    def ask_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("TD3 saves"), "",
                                                self.tr("TD3 saves (*.tdt)"))
        if paths:
            self.add_paths([Path(p) for p in paths])

    def ask_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("A folder of TD3 saves"))
        if folder:
            self.add_paths([Path(folder)])

    def add_paths(self, given: list[Path]) -> None:
        """The saves given (a folder stands for its .tdt files) join those chosen, and all are tried again."""
        new = [p for p in saves_in(given) if p not in self.paths]
        if not new and all(p.is_dir() for p in given):
            self.summary.setText(self.tr("There is no TD3 save (.tdt) in {folder}").format(
                folder=", ".join(str(p) for p in given)))
            return
        saves, unreadable = read_saves(new)
        self.paths += new
        self.saves += saves
        self.unreadable += unreadable
        self.try_them()

    # -- the dry run, then the import -----------------------------------------------------------
    def command(self, *, dry_run: bool) -> dict[str, Any]:
        # What TD3 leaves unnamed is named in the console's words: "Club Poker 3 payés", not "3 paid".
        names = {"payout_profile": self.tr("{title} {count} paid"), "league": self.tr("TD3 points")}
        return {"type": "import_td3", "saves": self.saves, "currency": self.currency.text().strip().upper(),
                "leagues": self.leagues.isChecked(), "names": names, "dry_run": dry_run, "station": "console"}

    def try_them(self) -> None:
        """What the saves would bring, file by file: the import tried in the club file and taken back."""
        if self.imported is not None or not self.paths:
            return
        if not self.saves:
            self._show([])
            self.summary.setText(self.tr("No save can be read: nothing to import"))
            self.import_button.setEnabled(False)
            return
        try:
            with ClubService.for_dry_run(self.club_path) as club:
                result = club.execute(self.command(dry_run=True))
        except (TourneyError, OSError) as exc:
            self._show([])
            self.summary.setText(said(exc))
            self.import_button.setEnabled(False)
            return
        self._show(result["files"])
        self.summary.setText(self._totals(result["files"], done=False))
        self.import_button.setText(tr("&Import %n saves", "", len(result["files"])))
        self.import_button.setEnabled(True)

    def confirm(self) -> None:
        try:
            with ClubService.open_or_create(self.club_path) as club:
                result = club.execute(self.command(dry_run=False))
        except (TourneyError, OSError) as exc:
            self.summary.setText(self.tr("Nothing imported: {why}").format(why=said(exc)))
            return
        self.imported = result
        self._show(result["files"])
        self.summary.setText(self._totals(result["files"], done=True))
        self.import_button.setEnabled(False)
        self.close_button.setText(self.tr("Close"))
        self.close_button.clicked.disconnect()
        self.close_button.clicked.connect(self.accept)
        self.close_button.setDefault(True)
        self.close_button.setFocus()

    def _show(self, files: list[dict[str, Any]]) -> None:
        rows: list[tuple[str, str, str, str, str]] = [
            (f"{r['file']} (TD3 {r['version']})", night_text(r), members_text(r), brings_text(r),
             "\n".join(problem_text(p) for p in r["problems"])) for r in files]
        rows += [(path.name, self.tr("cannot be read: left out"), "", "", said(exc)) for path, exc in self.unreadable]
        self.report.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                self.report.setItem(r, c, QTableWidgetItem(text))
        self.report.resizeRowsToContents()
        skipped = sorted({" ".join(text.split()) for save in self.saves for text in save["not_points"]})
        self.skipped.setText(tr("%n formulas that are not points (event triggers, screen layouts) are skipped: "
                                "they count for nothing", "", len(skipped)) if skipped else "")
        self.skipped.setToolTip("\n".join(t[:100] for t in skipped))

    def _totals(self, files: list[dict[str, Any]], *, done: bool) -> str:
        nights = tr("%n nights", "", sum(1 for f in files if f["night"]))
        members = tr("%n new members", "", sum(f["members_added"] for f in files))
        filled = tr("%n filled in", "", sum(f["members_updated"] for f in files))
        templates = tr("%n templates", "", len({f["template"] for f in files if f["template"]}))
        leagues = tr("%n leagues", "", len({f["league"] for f in files if f["league"]}))
        left_out = tr("%n files cannot be read and are left out", "", len(self.unreadable))
        facts = ", ".join((nights, members, filled, templates, leagues))
        said_now = (self.tr("Imported: {facts}") if done else self.tr("Would import: {facts}")).format(facts=facts)
        return f"{said_now}. {left_out}." if self.unreadable else f"{said_now}."

