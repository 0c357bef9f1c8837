"""The console's Club menu: the members, the league table, tonight's settings saved as a template, a club's TD3
history brought over, the results recorded."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...club.service import ClubService
from ...core.protocol.errors import TourneyError
from ..i18n import tr
from ..qt import QAction, QInputDialog, QKeySequence, QMainWindow
from .forms import said
from .league_window import LeagueWindow
from .link import ClubLink, club_path
from .members_window import MembersWindow
from .td3_window import Td3ImportDialog


def add_club_menu(window: Any) -> None:
    """`window`: the console (its bridge, settings and status line)."""
    menu = window.menuBar().addMenu(tr("Clu&b"))
    for text, keys, slot, name in (
        (tr("&Members…"), "Ctrl+Shift+U", lambda: open_members(window), "actionMembers"),
        (tr("&League table…"), "Ctrl+Shift+L", lambda: open_league(window), "actionLeague"),
        (tr("Save tonight's settings as a &template…"), "Ctrl+Shift+T", lambda: ask_template(window),
         "actionTemplate"),
        (tr("&Import TD3 saves…"), "Ctrl+Shift+J", lambda: open_td3_import(window), "actionTd3Import"),
    ):
        action = QAction(text, window)
        action.setObjectName(name)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _checked=False, s=slot: s())
        menu.addAction(action)
        window.addAction(action)


def link_to_console(console: Any, link: ClubLink) -> None:
    """The console says what the club link did in its status line, and asks the TD what it cannot decide
    alone (a member id typed at the cashier that is another member's)."""
    from .questions import ask_member_ids

    for signal in (link.recorded, link.problem, link.published):
        signal.connect(console.status.say_beside)
    link.ask_member_ids = lambda clashes: ask_member_ids(console, link, clashes)


def open_members(window: QMainWindow) -> MembersWindow:
    dialog = MembersWindow(club_path(window.settings), window)  # type: ignore[attr-defined]
    _club_file_made(window, dialog.refresh)  # the window may have made the club file: tonight goes in first
    dialog.show()
    return dialog


def open_league(window: QMainWindow) -> LeagueWindow:
    dialog = LeagueWindow(club_path(window.settings), window)  # type: ignore[attr-defined]
    _club_file_made(window, dialog.load)
    dialog.show()
    return dialog


def open_td3_import(window: QMainWindow) -> Td3ImportDialog:
    desk = window.bridge.desk  # type: ignore[attr-defined]
    dialog = Td3ImportDialog(club_path(window.settings), desk.currency, window)  # type: ignore[attr-defined]
    dialog.accepted.connect(lambda: _club_file_made(window, lambda: None))
    dialog.show()
    return dialog


def _club_file_made(window: QMainWindow, then: Callable[[], None]) -> None:
    """A club window made or found the club file: a finished night that waited for one is recorded, and the
    window shows it."""
    link = getattr(window, "club", None)
    if link is not None and link.due() and link.record_now():
        then()


def ask_template(window: Any) -> None:
    name, ok = QInputDialog.getText(window, tr("Save as a template"), tr("Template name (e.g. Friday PKO)"),
                                    text=window.bridge.desk.config.name)
    if ok:
        window.status.setText(save_template(window, name))


def save_template(window: Any, name: str) -> str:
    """Tonight's settings in the club file under `name`; what happened, in words for the status line."""
    path = club_path(window.settings)
    try:
        with ClubService.open_or_create(path) as club:
            result = club.execute({"type": "save_template", "name": name, "station": "console",
                                   "config": window.bridge.desk.config.to_dict()})
            club.execute({"type": "made_from", "tournament_id": window.bridge.desk.tournament_id,
                          "template": result["template"]})
    except (TourneyError, OSError) as exc:
        return tr("Template not saved: {why}").format(why=said(exc))
    _club_file_made(window, lambda: None)
    return tr("Template {name} saved in the club file").format(name=result["template"])
