"""The TD asked about member ids typed at the cashier that are other members' in the club ("Marc Martin
was given 12 at the cashier; 12 is Chloé Lefèvre"): one question each, then the night is recorded with the
answers. A result is never given to a member silently on a number alone."""

from __future__ import annotations

from ..i18n import tr
from ..qt import QApplication, QMessageBox, QTimer, QWidget
from .link import ClubLink


def ask_member_ids(parent: QWidget, link: ClubLink, clashes: list[dict[str, str]]) -> None:
    """One question after the other (each follows the answer to the last), once the window has shown what
    the command that finished the night opens (the results): above it. Escape leaves the night unrecorded
    for now, asked again with the next change or when the file is opened again."""
    answers: dict[str, str] = {}

    def ask(i: int) -> None:
        if i == len(clashes):
            link.answer(answers)
            return
        clash = clashes[i]
        box = QMessageBox(QMessageBox.Icon.Question, box_title(), question(clash), QMessageBox.StandardButton.NoButton,
                          QApplication.activeModalWidget() or parent)
        box.setObjectName("member_id_question")
        same = box.addButton(tr("&Same person: {member}").format(member=clash["member_name"]),
                             QMessageBox.ButtonRole.YesRole)
        new = box.addButton(tr("Someone &new tonight"), QMessageBox.ButtonRole.NoRole)
        later = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(new)  # the names differ: the number alone never makes them one person
        box.setEscapeButton(later)

        def answered(button: object) -> None:
            if button is later:
                link.answer_later()
                return
            answers[clash["member_id"]] = "same" if button is same else "new"
            ask(i + 1)

        box.buttonClicked.connect(answered)
        box.open()

    QTimer.singleShot(0, lambda: ask(0))


def box_title() -> str:
    return tr("Which member played?")


def question(clash: dict[str, str]) -> str:
    return tr("At the cashier, {name} was given member id {member_id}. In the club, {member_id} is "
                          "{member}. Is {name} {member}?").format(name=clash["name"], member_id=clash["member_id"],
                                                                  member=clash["member_name"])
