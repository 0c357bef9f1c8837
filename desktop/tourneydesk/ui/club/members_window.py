"""The club's members in the console: find, import from CSV with the columns shown for the TD to correct
and every bad row listed before anything is written, export, merge two members who are one person,
and erase a member on request. Above them, those new tonight: recorded from a night, they become
members only once the TD confirms them, corrects their spelling, or says which member they are."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...club.csv_import import Exported
from ...club.members import FIELDS, Member
from ...club.service import ClubService
from ...core.protocol.errors import TourneyError
from ..i18n import tr
from ..qt import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QEvent,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QKeyEvent,
    QKeySequence,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QObject,
    QPushButton,
    QShortcut,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from .forms import ClubForm, said


def export_words(exported: Exported, path: str) -> str:
    written = tr("%n members written to {path}", "", exported.members).format(path=path)
    if not exported.escaped:
        return written
    escaped = tr("(%n cells that began with = + - or @ were written with an apostrophe first, so that a "
                 "spreadsheet shows them as text and never runs them)", "", exported.escaped)
    return f"{written} {escaped}"


class CsvImportDialog(QDialog):
    """The file's columns, the field each one is taken for (the TD may change it), the first rows and
    every problem; "Import" writes the good rows in one change, and only then."""

    def __init__(self, club: ClubService, data: bytes, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club = club
        self.data = data
        self.setWindowTitle(self.tr("Import members from a CSV file"))
        self.resize(900, 600)
        self.preview = club.preview_csv(data)
        self.columns: dict[str, QComboBox] = {}
        form = QFormLayout()
        labels = {"name": self.tr("Name"), "nickname": self.tr("Nickname"), "member_id": self.tr("Member id"),
                  "email": self.tr("Email"), "phone": self.tr("Phone"), "notes": self.tr("Notes"),
                  "joined": self.tr("Joined")}
        for key in FIELDS:
            box = QComboBox(self)
            box.setObjectName(f"column_{key}")
            box.addItem(self.tr("(not in the file)"), None)
            for i, header in enumerate(self.preview.header):
                box.addItem(header or self.tr("column {n}").format(n=i + 1), i)
            chosen = self.preview.mapping.get(key)
            if isinstance(chosen, int):
                box.setCurrentIndex(chosen + 1)
            elif isinstance(chosen, list):
                box.addItem(" + ".join(self.preview.header[c] for c in chosen), chosen)
                box.setCurrentIndex(box.count() - 1)
            box.currentIndexChanged.connect(self.recheck)
            form.addRow(labels[key], box)
            self.columns[key] = box
        self.sample = QTableWidget(0, 0, self)
        self.sample.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.problems = QListWidget(self)
        self.problems.setObjectName("problems")
        self.summary = QLabel(self)
        self.summary.setObjectName("summary")
        self.import_button = QPushButton(self)
        self.import_button.setObjectName("import_members")
        self.import_button.clicked.connect(self.confirm)
        cancel = QPushButton(self.tr("Cancel"), self)
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.summary, 1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.import_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("The first rows of the file"), self))
        layout.addWidget(self.sample, 1)
        layout.addWidget(QLabel(self.tr("Rows left out, and why"), self))
        layout.addWidget(self.problems)
        layout.addLayout(buttons)
        self.imported: dict[str, Any] | None = None
        self._show()

    def mapping(self) -> dict[str, Any]:
        return {key: box.currentData() for key, box in self.columns.items() if box.currentData() is not None}

    def recheck(self) -> None:
        try:
            self.preview = self.club.preview_csv(self.data, self.mapping())
        except TourneyError as exc:
            self.preview.rows, self.preview.refusals = [], [exc]
        self._show()

    def _show(self) -> None:
        header = self.preview.header
        self.sample.setColumnCount(len(header))
        self.sample.setHorizontalHeaderLabels(header)
        self.sample.setRowCount(len(self.preview.sample))
        for r, cells in enumerate(self.preview.sample):
            for c, cell in enumerate(cells[:len(header)]):
                self.sample.setItem(r, c, QTableWidgetItem(cell))
        self.problems.clear()
        self.problems.addItems([said(refusal) for refusal in self.preview.refusals])
        count = len(self.preview.rows)
        self.summary.setText(self.tr("{count} members to import, {bad} rows left out").format(
            count=count, bad=len(self.preview.refusals)))
        self.import_button.setText(self.tr("Import {count} members").format(count=count))
        self.import_button.setEnabled(count > 0)

    def confirm(self) -> None:
        try:
            self.imported = self.club.execute({"type": "import_members", "rows": self.preview.rows,
                                             "station": "console"})
        except TourneyError as exc:
            QMessageBox.warning(self, self.tr("Nothing imported"), said(exc))
            return
        self.accept()


class MemberForm(ClubForm):
    """A member added by hand or corrected: name, nickname, member id (left empty, the club gives one;
    never changed afterwards), email, phone, joined, notes. Enter saves; a refusal is said under the fields
    and nothing is written; Escape leaves it as it was."""

    def __init__(self, club_path: Path, member: Member | None = None, parent: QWidget | None = None) -> None:
        super().__init__(club_path, parent)
        self.member = member
        self.setObjectName("member_form")
        self.setWindowTitle(self.tr("Add a member") if member is None else self.tr("Correct a member"))
        self.boxes: dict[str, QLineEdit] = {}
        form = QFormLayout()
        labels = {"name": self.tr("&Name"), "nickname": self.tr("Nic&kname"), "member_id": self.tr("Member &id"),
                  "email": self.tr("&Email"), "phone": self.tr("&Phone"), "joined": self.tr("&Joined"),
                  "notes": self.tr("N&otes")}
        for key in ("name", "nickname", "member_id", "email", "phone", "joined", "notes"):
            box = QLineEdit(self)
            box.setObjectName(f"member_{key}")
            box.setText(str(getattr(member, key) or "") if member is not None else "")
            box.returnPressed.connect(self.save)
            label = QLabel(labels[key], self)
            label.setBuddy(box)
            form.addRow(label, box)
            self.boxes[key] = box
        self.setMinimumWidth(560)  # the boxes' hints read whole
        self.boxes["member_id"].setPlaceholderText(self.tr("empty: the club gives one (TD-12)"))
        self.boxes["joined"].setPlaceholderText(self.tr("2026-01-09 (empty: today)"))
        if member is not None:
            self.boxes["member_id"].setReadOnly(True)  # the club's record of the person: it never changes
        self.laid_out(form)
        self.boxes["name"].setFocus()

    def command(self) -> dict[str, Any]:
        typed = {key: box.text().strip() for key, box in self.boxes.items()}
        if self.member is None:
            cmd: dict[str, Any] = {"type": "add_member", **{k: v for k, v in typed.items() if v}}
            cmd.setdefault("name", "")
            return cmd
        changed = {k: v for k, v in typed.items() if k != "member_id" and v != (getattr(self.member, k) or "")}
        return {"type": "edit_member", "member": self.member.member_id, **changed}


class MembersWindow(QDialog):
    def __init__(self, club_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club_path = club_path
        self.setObjectName("members_window")
        self.setWindowTitle(self.tr("Club members"))
        self.resize(900, 600)
        self.find_box = QLineEdit(self)
        self.find_box.setObjectName("member_find")
        self.find_box.setPlaceholderText(self.tr("Find a member: any part of the name, nickname or member id"))
        self.find_box.textChanged.connect(self.refresh)
        self.table = QTableWidget(0, 5, self)
        self.table.setObjectName("members")
        self.table.setHorizontalHeaderLabels([self.tr("Member id"), self.tr("Name"), self.tr("Nickname"),
                                              self.tr("Email"), self.tr("Joined")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.activated.connect(lambda _index: self.ask_correct())  # Enter on a member: correct them
        self.table.installEventFilter(self)  # F2 too, as in every list of the program
        self.find_box.returnPressed.connect(self._to_list)
        self.message = QLabel(self)
        self.message.setObjectName("members_message")
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        for text, slot in ((self.tr("&Add a member… (Ctrl+N)"), self.ask_add),
                           (self.tr("&Correct… (F2)"), self.ask_correct),
                           (self.tr("&Import CSV…"), self.ask_import), (self.tr("E&xport CSV…"), self.ask_export),
                           (self.tr("&Merge into…"), self.ask_merge), (self.tr("E&rase on request…"), self.ask_erase)):
            button = QPushButton(text, self)
            button.setAutoDefault(False)  # Enter belongs to the list and the boxes, never to "Import CSV…"
            button.clicked.connect(slot)
            buttons.addWidget(button)
        QShortcut(QKeySequence("Ctrl+N"), self).activated.connect(self.ask_add)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self._new_tonight_panel())
        layout.addWidget(self.find_box)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        self.refresh()

    # -- new tonight: members once confirmed ------------------------------------------------------
    def _new_tonight_panel(self) -> QWidget:
        self.new_panel = QWidget(self)
        self.new_title = QLabel(self.new_panel)
        self.new_title.setWordWrap(True)
        self.new_table = QTableWidget(0, 3, self.new_panel)
        self.new_table.setObjectName("new_tonight")
        self.new_table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Played"), self.tr("Member id")])
        self.new_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.new_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.new_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.new_table.verticalHeader().hide()
        self.new_table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.new_table.setMaximumHeight(180)
        self.new_table.activated.connect(lambda _index: self.confirm_new())  # Enter: confirmed as written
        self.new_table.installEventFilter(self)  # F2 and Ctrl+M, while the list has the keys
        self.new_name = QLineEdit(self.new_panel)
        self.new_name.setObjectName("new_name")
        self.new_name.setPlaceholderText(self.tr("F2: the name spelled right, then Enter"))
        self.new_name.returnPressed.connect(lambda: self.confirm_new(self.new_name.text()))
        self.same_as = QLineEdit(self.new_panel)
        self.same_as.setObjectName("same_as")
        self.same_as.setPlaceholderText(self.tr("Ctrl+M: the member they are (part of a name or a member id), "
                                                "then Enter"))
        self.same_as.returnPressed.connect(self.match_new)
        for box in (self.new_name, self.same_as):
            box.installEventFilter(self)  # Escape: back to the list, nothing changed
        edits = QHBoxLayout()
        edits.addWidget(self.new_name)
        edits.addWidget(self.same_as)
        layout = QVBoxLayout(self.new_panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.new_title)
        layout.addWidget(self.new_table)
        layout.addLayout(edits)
        return self.new_panel

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key, mods = event.key(), event.modifiers()
            if watched is self.new_table and key == Qt.Key.Key_F2:
                self.start_correcting()
                return True
            if watched is self.new_table and key == Qt.Key.Key_M and mods & Qt.KeyboardModifier.ControlModifier:
                self.start_matching()
                return True
            if watched is self.table and key == Qt.Key.Key_F2:
                self.ask_correct()
                return True
            if watched in (self.new_name, self.same_as) and key == Qt.Key.Key_Escape:
                self.new_table.setFocus()
                return True  # not the dialog's Escape: the window stays open
        return super().eventFilter(watched, event)

    def refresh_new(self, club: ClubService) -> None:
        waiting = club.new_tonight()
        self.new_panel.setVisible(bool(waiting))
        self.new_title.setText(self.tr(
            "New tonight, not members until confirmed: {count}. Enter confirms the one chosen as written; F2 "
            "corrects the spelling first; Ctrl+M says which member they are.").format(count=len(waiting)))
        row = max(0, min(self.new_table.currentRow(), len(waiting) - 1))
        self.new_table.setRowCount(len(waiting))
        for r, w in enumerate(waiting):
            member = w["member"]
            for c, value in enumerate((member.name, w["nights"], member.member_id)):
                self.new_table.setItem(r, c, QTableWidgetItem(value or ""))
        if waiting:
            self.new_table.setCurrentCell(row, 0)

    def chosen_new(self) -> tuple[str, str] | None:
        """The member id and name of the one chosen in the new tonight list."""
        row = self.new_table.currentRow()
        name, member = self.new_table.item(row, 0), self.new_table.item(row, 2)
        return (member.text(), name.text()) if name is not None and member is not None else None

    def start_correcting(self) -> None:
        chosen = self.chosen_new()
        if chosen is not None:
            self.new_name.setText(chosen[1])
            self.new_name.selectAll()
            self.new_name.setFocus()

    def start_matching(self) -> None:
        if self.chosen_new() is not None:
            self.same_as.clear()
            self.same_as.setFocus()

    def confirm_new(self, name: str | None = None) -> bool:
        chosen = self.chosen_new()
        if chosen is None:
            return False
        cmd: dict[str, Any] = {"type": "confirm_member", "member": chosen[0]}
        if name is not None and name.strip() and name.strip() != chosen[1]:
            cmd["name"] = name
        done = self.run(cmd)
        if done:
            self.new_name.clear()
            self.message.setText(self.tr("{name} is a member").format(name=name.strip() if "name" in cmd and name
                                                                          else chosen[1]))
            self.new_table.setFocus()
        return done

    def match_new(self) -> bool:
        """The one chosen is a member already: the member the text names, when exactly one does."""
        chosen, text = self.chosen_new(), self.same_as.text().strip()
        club = self.club() if chosen is not None and text else None
        if club is None or chosen is None:
            return False
        with club:
            found = [m for m in club.find(text, limit=6) if m.member_id != chosen[0]]
        if len(found) != 1:
            self.message.setText(self.tr("No member is {text}").format(text=text) if not found else self.tr(
                "Several members match {text}: {names}. Type more of the name, or the member id").format(
                    text=text, names=", ".join(f"{m.name} ({m.member_id})" for m in found[:5])))
            return False
        into = found[0]
        done = self.run({"type": "merge_members", "member": chosen[0], "into": into.member_id})
        if done:
            self.same_as.clear()
            self.message.setText(self.tr("{name} played as {member}: their night is the member's").format(
                name=chosen[1], member=f"{into.name} ({into.member_id})"))
            self.new_table.setFocus()
        return done

    def club(self) -> ClubService | None:
        try:
            return ClubService.open_or_create(self.club_path)
        except (TourneyError, OSError) as exc:
            self.message.setText(said(exc))
            return None

    def refresh(self) -> None:
        club = self.club()
        if club is None:
            return
        with club:
            found = club.find(self.find_box.text(), limit=500)
            total = len(club.index())
            self.refresh_new(club)
        self.table.setRowCount(len(found))
        for r, m in enumerate(found):
            for c, value in enumerate((m.member_id, m.name, m.nickname, m.email, m.joined)):
                self.table.setItem(r, c, QTableWidgetItem(value or ""))
        self.message.setText(self.tr("{shown} of {total} members").format(shown=len(found), total=total))

    def chosen_member(self) -> str | None:
        item = self.table.item(self.table.currentRow(), 0)
        return item.text() if item is not None else None

    def _to_list(self) -> None:
        """Enter in the find box: to the members found, the first one chosen."""
        if self.table.rowCount():
            self.table.setCurrentCell(max(self.table.currentRow(), 0), 1)
            self.table.setFocus()

    def ask_add(self) -> MemberForm:
        return self._form(None)

    def ask_correct(self) -> MemberForm | None:
        chosen = self.chosen_member()
        club = self.club() if chosen is not None else None
        if club is None or chosen is None:
            return None
        with club:
            member = club.member(chosen)
        return self._form(member)

    def _form(self, member: Member | None) -> MemberForm:
        form = MemberForm(self.club_path, member, self)
        form.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def done() -> None:
            assert form.saved is not None
            if member is None:
                self.find_box.clear()  # the whole list, the new member chosen in it
            self.refresh()
            club = self.club()
            if club is None:
                return
            with club:
                saved = club.member(form.saved["member_id"])
            self.message.setText(self.tr("{name} added: member {member}").format(name=saved.name,
                                                                                  member=saved.member_id)
                                 if member is None else self.tr("{name} corrected").format(name=saved.name))
            self._choose(saved.member_id)

        form.accepted.connect(done)
        form.open()
        return form

    def _choose(self, member_id: str) -> None:
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and item.text() == member_id:
                self.table.setCurrentCell(row, 1)
                self.table.setFocus()
                return

    def import_file(self, path: Path) -> CsvImportDialog | None:
        club = self.club()
        if club is None:
            return None
        try:
            dialog = CsvImportDialog(club, path.read_bytes(), self)
        except (TourneyError, OSError) as exc:
            club.close()
            self.message.setText(said(exc))
            return None
        def done(_code: int) -> None:
            club.close()
            self.refresh()
            if dialog.imported is not None:
                self.message.setText(self.tr("Imported: {added} new, {updated} updated, {unchanged} already as "
                                             "written").format(**dialog.imported))

        dialog.finished.connect(done)
        dialog.show()
        return dialog

    def ask_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import members"), "", self.tr("CSV files (*.csv *.txt)"))
        if path:
            self.import_file(Path(path))

    def ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the members"), "members.csv",
                                              self.tr("CSV files (*.csv)"))
        club = self.club() if path else None
        if club is not None:
            with club:
                exported = club.export_csv()
            try:
                Path(path).write_text(exported.text, encoding="utf-8")
            except OSError as exc:
                self.message.setText(str(exc))
                return
            self.message.setText(export_words(exported, path))

    def run(self, cmd: dict[str, Any]) -> bool:
        club = self.club()
        if club is None:
            return False
        try:
            with club:
                club.execute({**cmd, "station": "console"})
        except TourneyError as exc:
            self.message.setText(said(exc))
            return False
        self.refresh()
        return True

    def ask_merge(self) -> None:
        member = self.chosen_member()
        if member is None:
            return
        into, ok = QInputDialog.getText(self, self.tr("Merge two members"),
                                        self.tr("Member {member} is the same person as member id:").format(
                                            member=member))
        if ok and into.strip():
            self.run({"type": "merge_members", "member": member, "into": into.strip()})

    def ask_erase(self) -> None:
        member = self.chosen_member()
        if member is None:
            return
        answer = QMessageBox.question(self, self.tr("Erase a member"), self.tr(
            "Erase member {member} on their request? Their name and contacts leave the club file; their results "
            "stay as \"Erased member\".").format(member=member))
        if answer == QMessageBox.StandardButton.Yes:
            self.run({"type": "erase_member", "member": member})
