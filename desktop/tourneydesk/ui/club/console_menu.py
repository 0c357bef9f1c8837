"""The console's Club menu: the league table, tonight's settings saved as a template, the results recorded."""

from __future__ import annotations

from typing import Any

from ...club.service import ClubService
from ...core.protocol.errors import TourneyError
from ..i18n import tr
from ..qt import QAction, QInputDialog, QKeySequence, QMainWindow
from .league_window import LeagueWindow
from .link import club_path
from .members_window import MembersWindow


def add_club_menu(window: Any) -> None:
    """`window`: the console (its bridge, settings and status line)."""
    menu = window.menuBar().addMenu(tr("Clu&b"))
    for text, keys, slot, name in (
        (tr("&Members…"), "Ctrl+Shift+U", lambda: open_members(window), "actionMembers"),
        (tr("&League table…"), "Ctrl+Shift+L", lambda: open_league(window), "actionLeague"),
        (tr("Save tonight's settings as a &template…"), "Ctrl+Shift+T", lambda: ask_template(window),
         "actionTemplate"),
    ):
        action = QAction(text, window)
        action.setObjectName(name)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _checked=False, s=slot: s())
        menu.addAction(action)
        window.addAction(action)


def open_members(window: QMainWindow) -> MembersWindow:
    dialog = MembersWindow(club_path(window.settings), window)  # type: ignore[attr-defined]
    dialog.show()
    return dialog


def open_league(window: QMainWindow) -> LeagueWindow:
    dialog = LeagueWindow(club_path(window.settings), window)  # type: ignore[attr-defined]
    dialog.show()
    return dialog


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
        return tr("Template not saved: {why}").format(why=exc.message if isinstance(exc, TourneyError) else str(exc))
    return tr("Template {name} saved in the club file").format(name=result["template"])
