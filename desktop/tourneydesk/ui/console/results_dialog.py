"""The results, in the console: the winner, every place with its name, prize and bounties won, and the
deal. It opens by itself when the tournament finishes; the amounts are the snapshot's, as on paper."""

from __future__ import annotations

from typing import Any

from ...core.read_models.draws import envelope_draws
from .. import fmt
from ..bridge import DeskBridge
from ..printing import results_html
from ..qt import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget
from ..results import deal_lines, seat_winners, standings, winner
from .common import tr


def satellite_over(snap: dict[str, Any]) -> str:
    """A satellite that has ended has no winner: every survivor won a seat. "" for any other tournament."""
    target, seats = seat_winners(snap)
    if not target:
        return ""
    names = {e["id"]: e["name"] for e in snap["entries"]}
    return tr("{tournament} is over: %n seat(s) to {target} won by {names}", "", len(seats)).format(
        tournament=snap["tournament"]["name"], target=target, names=", ".join(names[e] for e in seats))


class ResultsDialog(QDialog):
    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Results"))
        self.resize(640, 620)
        snap = bridge.snapshot()
        currency = snap["tournament"]["currency"]

        def money(amount: int) -> str:
            return fmt.money(amount, currency)

        first = winner(snap)
        over = satellite_over(snap)
        if over:
            text = over
        elif first is not None:
            text = tr("{name} wins {tournament}").format(name=first.name, tournament=snap["tournament"]["name"])
        else:
            text = tr("{tournament}: not finished yet, the places so far").format(
                tournament=snap["tournament"]["name"])
        self.headline = QLabel(text)
        self.headline.setObjectName("resultsHeadline")
        self.headline.setStyleSheet("font-size: 17pt; font-weight: 700;")
        self.headline.setWordWrap(True)
        deal, play_for = deal_lines(snap)
        self.table = QTextBrowser()
        self.table.setHtml(results_html(standings(snap), deal, play_for, money, envelope_draws(snap),
                                        points_only=bool(snap["tournament"].get("points_only")),
                                        bounties=bridge.desk.config.is_bounty_event))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
