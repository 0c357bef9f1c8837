"""A new tournament typed into the start page's form, as a TD types it: the structure chosen by what it is,
tonight's name, date, buy-in, stack and guarantee, and the file saved in the documents folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from tests.helpers.configs import rebuy_event
from tourneydesk.core.config import parse_config
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt, i18n
from tourneydesk.ui.club.templates_box import tournaments_folder
from tourneydesk.ui.new_tournament import details
from tourneydesk.ui.start_page import StartPage

CTRL = Qt.KeyboardModifier.ControlModifier
# The offscreen platform cannot resize a native window to a new size hint and says so; a real screen does not.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def press(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QWidget)
    qtbot.keyClick(widget, key, modifier)


def type_text(qtbot: QtBot, text: str) -> None:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QWidget)
    qtbot.keyClicks(widget, text)



def test_each_structure_is_described_by_what_it_is(page: StartPage) -> None:
    texts = [page.structure.itemText(i) for i in range(page.structure.count())]
    pko = texts[page.structure.findData("pko")]
    # The club PKO: 28 levels of 20 minutes, 25,000 chips, 110 EUR, bounties and re-entry.
    assert pko == (f"Club PKO — 28 levels × 20 min · {fmt.chips(25000)} chips · buy-in {fmt.money(11000, 'EUR')}"
                   " · bounties · re-entry")
    assert all(" levels × " in text and (" chips · buy-in " in text or " chips · points only, no money" in text)
               for text in texts)
    assert texts[page.structure.findData("points-only")] == (
        f"Free league night — 28 levels × 20 min · {fmt.chips(25000)} chips · points only, no money")


def test_a_points_only_night_is_made_from_the_form_with_no_money_to_type(page: StartPage, qtbot: QtBot) -> None:
    form = page.form
    form.structure.setCurrentIndex(form.structure.findData("pko"))
    assert not form.points_only.isChecked() and form.prize.isEnabled()
    form.points_only.setChecked(True)  # the club's PKO structure, played for points tonight
    assert not any(box.isEnabled() for box in (form.prize, form.bounty, form.fee, form.guarantee))
    assert form.total.text() == "points only"
    made = parse_config(form.config())
    assert made.points_only and made.buy_in.total == 0 and made.reentry is not None and made.reentry.price.total == 0
    assert made.bounty.kind == "none" and made.payouts.guarantee == 0
    form.structure.setCurrentIndex(form.structure.findData("points-only"))
    assert form.points_only.isChecked()
    assert parse_config(form.config()).points_only


def test_a_rebuy_night_with_an_add_on_says_both(qapp: QApplication) -> None:
    # The tournament editor's PKO with rebuys and an add-on read "bounties · re-entry · rebuys" on the start page.
    config = parse_config(rebuy_event(add_on={"price": {"prize": 1550, "fee": 0}, "chips": 30000,
                                              "at_break_after_level": 2}))
    assert details(config).endswith(" · rebuys · add-on")


def test_a_tournament_typed_into_the_form_is_saved_in_the_documents_folder(
        page: StartPage, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Any] = []
    folder = tournaments_folder()

    def save_dialog(parent: Any, title: str, suggested: str, filters: str) -> tuple[str, str]:
        asked.append(suggested)
        return suggested, filters  # the TD accepts the name and the folder offered

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    # The page opens with the keys on the new tournament's name.
    assert QApplication.focusWidget() is page.form.name
    press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)  # back to the structure
    assert QApplication.focusWidget() is page.form.structure
    while page.structure.currentData() != "turbo":
        press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_N, CTRL)  # Ctrl+N: the name, wherever the keys were
    type_text(qtbot, "Friday  Turbo")
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is page.form.date
    type_text(qtbot, "20261204")  # year, month, day: each part done moves on to the next
    for box, value in ((page.form.prize, "40"), (page.form.bounty, None), (page.form.fee, "5"),
                       (page.form.stack, "30000"), (page.form.guarantee, "1000")):
        if not box.isEnabled():
            continue  # no bounty in a turbo: the box is skipped
        press(qtbot, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is box
        press(qtbot, Qt.Key.Key_A, CTRL)
        assert value is not None
        type_text(qtbot, value)
    assert page.form.total.text() == "= " + fmt.money(4500, "EUR")
    with qtbot.waitSignal(page.chosen) as chosen:
        press(qtbot, Qt.Key.Key_Return, CTRL)
    assert asked == [str(folder / "Friday Turbo 2026-12-04.tdesk")]
    assert chosen.args == [str(folder / "Friday Turbo 2026-12-04.tdesk")]
    with Desk.open(Path(chosen.args[0])) as desk:
        config = desk.state.config
        assert (config.name, config.date, config.starting_stack) == ("Friday Turbo", "2026-12-04", 30000)
        assert (config.buy_in.prize, config.buy_in.bounty, config.buy_in.fee) == (4000, 0, 500)
        assert config.payouts.guarantee == 100000
        assert config.levels[0].minutes == 10  # the turbo's own structure


def test_a_refused_setting_is_said_and_no_file_is_made(page: StartPage, qtbot: QtBot,
                                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / "nothing.tdesk"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    for box in (page.form.prize, page.form.bounty, page.form.fee):
        box.setValue(0)  # a buy-in that costs nothing
    press(qtbot, Qt.Key.Key_Return, CTRL)
    assert not page.error.isHidden() and page.error.text().startswith("The buy-in must cost something")
    assert not target.exists()


def test_the_buy_in_boxes_write_the_currency_as_the_total_beside_them_does_in_french(
        qapp: QApplication, tmp_path: Path, qtbot: QtBot) -> None:
    """A French club read "50 EUR" in the boxes and "= 110,00 €" in the total beside them."""
    i18n.install(qapp, "fr")
    try:
        shown = StartPage(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(shown)
        shown.structure.setCurrentIndex(shown.structure.findData("pko"))
        form = shown.form
        total = form.total.text()
        assert total.endswith("\u00a0€"), total
        for box in (form.prize, form.bounty, form.fee, form.guarantee):
            assert box.suffix() == "\u00a0€", box.suffix()
    finally:
        i18n.install(qapp, "en")
