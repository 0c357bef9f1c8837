"""Where this tournament's results go: the club website's address and its venue token.

The address is a tournament setting (`sync.url`, written as a command so it is in the log; the site
never receives it). The token never enters the tournament file: it goes to the system keyring, or to a
private file where the computer has none, so a file handed over in a dispute carries no password.
"""

from __future__ import annotations

import getpass
import socket

from ..qt import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget
from ..sync_link import SyncLink
from .common import InlineError, tr


def who_replaces() -> str:
    """How the website's log names whoever replaced a history: this computer's user and name."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "someone"
    return f"{user} on {socket.gethostname()}"[:100]


class WebsiteDialog(QDialog):
    def __init__(self, link: SyncLink, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link = link
        self.setWindowTitle(tr("Results website"))
        self.setMinimumWidth(560)  # the address and the explanations read on one or two lines, not five
        layout = QVBoxLayout(self)
        intro = QLabel(tr("The results go to the club's website whenever this computer is online, "
                          "every event exactly once. Ask the site's administrator for a venue token."), self)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.url = QLineEdit(link.url or "", self)
        self.url.setObjectName("website_url")
        self.url.setPlaceholderText("https://results.example-club.org")
        self.token = QLineEdit(self)
        self.token.setObjectName("website_token")
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.token.setPlaceholderText(tr("unchanged") if link.configured else tr("the venue token"))
        form.addRow(tr("Website address"), self.url)
        form.addRow(tr("Venue token"), self.token)
        layout.addLayout(form)
        where = link.token_store.where if link.token_store is not None else ""
        if where:
            note = QLabel(tr("The token is kept in {where}, never in the tournament file.").format(where=where),
                          self)
            note.setWordWrap(True)
            layout.addWidget(note)
        self.error = InlineError(self)
        layout.addWidget(self.error)
        status = link.status
        self.replace_button: QPushButton | None = None
        if status is not None and status.history_from is not None:
            # The explicit way out of "another history": never taken without the TD saying so.
            warning = QLabel(tr("The website holds another history of this tournament from event #{seq}: this file "
                                "was restored from a backup, or copied. If this file is the true history, publish "
                                "it: the website keeps the history it replaces, and logs who replaced it and when.")
                             .format(seq=status.history_from), self)
            warning.setWordWrap(True)
            layout.addWidget(warning)
            self.replace_button = QPushButton(tr("Replace the website's history with this file's"), self)
            self.replace_button.setObjectName("replace_history")
            self.replace_button.clicked.connect(self.replace_history)
            layout.addWidget(self.replace_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def submit(self) -> None:
        url = self.url.text().strip()
        token = self.token.text().strip() or (self.link.token or "")
        if url and not url.startswith(("http://", "https://")):
            self._say(tr("The address starts with https:// (or http:// on the club's own network)"))
            self.url.setFocus()
            return
        if url and not token:
            self._say(tr("Give the venue token too"))
            self.token.setFocus()
            return
        self.link.configure(url, token)
        self.accept()

    def replace_history(self) -> None:
        self.link.replace_history(who_replaces())
        self.accept()

    def _say(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()
        self.adjustSize()  # make room for the message instead of squeezing the form
