"""The Deal… dialog of the TD console: the final table agrees a deal with the figures on screen.

Twelve players buy in (standard payouts: three places paid); late registration closes after 50
minutes, then players bust down to the last three, all of them in the money. The dialog is driven by
the keyboard as a TD drives it; what it wrote is read back from the desk and from the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QScrollArea
from pytestqt.qtbot import QtBot

from tests.helpers.clock import T0, FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.desks import bust_down_to, seat_players, start
from tests.helpers.keyboard import press, type_text
from tests.helpers.mnemonics import mnemonic, window_mnemonics
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt, i18n
from tourneydesk.ui.console.deal_dialog import DealDialog, minor_units

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def final_three(make_desk: Callable[..., Desk], clock: FakeClock) -> Desk:
    desk = make_desk()
    seat_players(desk, 12)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust_down_to(desk, 3)
    return desk


@pytest.fixture
def open_dialog(open_dialog_on: Callable[..., Any]) -> Callable[[Desk], DealDialog]:
    """open_dialog(desk) -> the Deal… dialog shown and holding the keyboard."""
    return lambda desk: open_dialog_on(DealDialog, desk)  # type: ignore[no-any-return]


def unpaid(desk: Desk) -> list[int]:
    """What the places still to be taken pay, first place first."""
    snap = desk.snapshot()
    return [p["amount"] for p in snap["payouts"][:snap["counts"]["players_left"]]]


def seated(dialog: DealDialog) -> list[str]:
    return [e["id"] for e in dialog.players]


def count_chips(qtbot: QtBot, dialog: DealDialog, chips: list[int]) -> None:
    """The chips of each player in turn, as seated: typed, then Tab to the next player's stack."""
    first = dialog.stacks[seated(dialog)[0]]
    first.setFocus()
    first.selectAll()
    for i, count in enumerate(chips):
        if i:
            press(qtbot, Qt.Key.Key_Tab)  # a spin box reached by Tab has its text selected
        type_text(qtbot, str(count))
    assert [dialog.stacks[e].value() for e in seated(dialog)] == chips


def ended_here(qtbot: QtBot, dialog: DealDialog) -> DealDialog:
    """The chips counted (50,000, 120,000, 70,000 as seated) and "End the tournament here" ticked by Space."""
    count_chips(qtbot, dialog, [50000, 120000, 70000])
    dialog.end.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    return dialog


def choose_method(qtbot: QtBot, dialog: DealDialog, downs: int) -> None:
    dialog.method.setFocus()
    for _ in range(downs):
        press(qtbot, Qt.Key.Key_Down)


def shown(dialog: DealDialog) -> dict[str, str]:
    return {e: label.text() for e, label in dialog.amounts_shown.items()}


def reopened(desk: Desk) -> dict[str, Any]:
    other = Desk.open(desk.path, now=lambda: T0, read_only=True)
    try:
        snap: dict[str, Any] = other.snapshot()
        return snap
    finally:
        other.close()


def test_a_chip_chop_shares_exactly_the_money_left_and_ok_records_it(
        final_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot) -> None:
    desk = final_three
    prizes = unpaid(desk)
    dialog = open_dialog(desk)
    assert not dialog.ok_button.isEnabled()  # no chips counted yet: nothing to work a deal out from
    assert "Type in every player's chips" in dialog.note.text()
    choose_method(qtbot, dialog, 1)
    assert dialog.method.currentData() == "chip_chop"
    chips = [120000, 80000, 40000]
    count_chips(qtbot, dialog, chips)

    # Chip chop: everyone is sure of the next prize out; the rest goes by chips (exact with these stacks).
    next_out = prizes[-1]
    expected = {e: next_out + (sum(prizes) - 3 * next_out) * c // sum(chips) for e, c in zip(seated(dialog), chips,
                                                                                                 strict=True)}
    currency = desk.snapshot()["tournament"]["currency"]
    assert shown(dialog) == {e: fmt.money(a, currency) for e, a in expected.items()}
    assert dialog.total_amount.text() == fmt.money(sum(prizes), currency)
    assert sum(expected.values()) == sum(prizes)
    assert dialog.error.isHidden() and dialog.ok_button.isEnabled()

    press(qtbot, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    last = desk.events()[-1]
    assert last.type == "deal_made" and last.station == "td"
    assert last.payload["amounts"] == expected and last.payload["inputs"] == dict(zip(seated(dialog), chips,
                                                                                      strict=True))
    for snap in (desk.snapshot(), reopened(desk)):
        assert snap["deal"] == {"method": "chip_chop", "play_for": 0, "amounts": expected}
        assert {e["id"]: e["prize"] for e in snap["entries"] if e["status"] == "active"} == expected


def test_icm_gives_the_big_stack_less_than_a_chip_chop_would(
        final_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot) -> None:
    desk = final_three
    seq = desk.seq
    dialog = open_dialog(desk)
    assert dialog.method.currentData() == "icm"
    count_chips(qtbot, dialog, [150000, 60000, 30000])
    big, _middle, short = seated(dialog)
    icm = dict(dialog.amounts)
    icm_text = shown(dialog)
    choose_method(qtbot, dialog, 1)
    chop = dict(dialog.amounts)

    assert icm[big] < chop[big] and icm[short] > chop[short]
    assert shown(dialog) != icm_text  # the TD sees the figures change with the method
    assert sum(icm.values()) == sum(chop.values()) == sum(unpaid(desk))
    assert desk.seq == seq  # previews write nothing


def test_custom_amounts_that_do_not_add_up_are_refused_inline_and_nothing_is_written(
        final_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot) -> None:
    desk = final_three
    seq, prizes = desk.seq, unpaid(desk)
    assert sum(prizes) == 96000  # €960 to share
    dialog = open_dialog(desk)
    choose_method(qtbot, dialog, 2)
    first, second, third = seated(dialog)
    assert dialog.amount_edits[first].isVisible() and not dialog.amounts_shown[first].isVisible()

    dialog.amount_edits[first].setFocus()
    type_text(qtbot, "400")
    for amount in ("300", "200"):
        press(qtbot, Qt.Key.Key_Tab)  # past the next player's chips, which a custom deal does not need
        press(qtbot, Qt.Key.Key_Tab)
        type_text(qtbot, amount)
    assert not dialog.error.isHidden()
    assert f"{fmt.money(6000, 'EUR')} less than the {fmt.money(96000, 'EUR')} to share" in dialog.error.text()
    assert not dialog.ok_button.isEnabled()
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.isVisible() and desk.seq == seq and desk.snapshot()["deal"] is None

    dialog.amount_edits[third].selectAll()
    type_text(qtbot, "259.99")  # a cent short
    assert not dialog.error.isHidden() and not dialog.ok_button.isEnabled()
    type_text(qtbot, "\b" * 6 + "260,00")  # the comma of a French keyboard reads as the decimal point too
    assert dialog.error.isHidden() and dialog.ok_button.isEnabled()
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert reopened(desk)["deal"] == {"method": "custom", "play_for": 0,
                                      "amounts": {first: 40000, second: 30000, third: 26000}}


def test_a_deal_before_late_registration_closes_is_refused_with_ok_disabled(
        make_desk: Callable[..., Desk], clock: FakeClock, open_dialog: Callable[[Desk], DealDialog],
        qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 12)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES - 2)  # still in the break after level 2
    bust_down_to(desk, 3)
    seq = desk.seq
    dialog = open_dialog(desk)
    assert not dialog.error.isHidden() and "late registration" in dialog.error.text()
    count_chips(qtbot, dialog, [100000, 100000, 40000])
    assert not dialog.error.isHidden() and not dialog.ok_button.isEnabled()
    assert set(shown(dialog).values()) == {"–"}
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.isVisible() and desk.seq == seq and desk.snapshot()["deal"] is None


def test_ending_the_tournament_here_finishes_it_with_the_places_shown(
        final_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot) -> None:
    desk = final_three
    dialog = ended_here(qtbot, open_dialog(desk))
    assert dialog.end.isChecked() and not dialog.play_for.isEnabled()
    small, big, middle = seated(dialog)
    places = {e: int(label.text()) for e, label in dialog.places_shown.items() if label.isVisible()}
    assert places == {big: 1, middle: 2, small: 3}  # by deal amount, biggest first
    amounts = dict(dialog.amounts)

    press(qtbot, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    snap = reopened(desk)
    assert snap["tournament"]["status"] == "finished"
    assert {e["id"]: (e["place"], e["prize"]) for e in snap["entries"] if e["id"] in places} == {
        e: (place, amounts[e]) for e, place in places.items()}


def test_money_kept_back_for_the_winner_is_checked_then_recorded(
        final_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot) -> None:
    desk = final_three
    first_less_second = unpaid(desk)[0] - unpaid(desk)[1]
    dialog = open_dialog(desk)
    count_chips(qtbot, dialog, [100000, 80000, 60000])
    dialog.play_for.setFocus()
    type_text(qtbot, str(first_less_second // 100 + 1))  # a euro more than first prize less second
    assert not dialog.error.isHidden() and "kept back for the winner" in dialog.error.text()
    assert not dialog.ok_button.isEnabled()
    type_text(qtbot, "\b\b\b\b\b\b")
    type_text(qtbot, "50")
    assert dialog.error.isHidden() and dialog.ok_button.isEnabled()
    assert sum(dialog.amounts.values()) == sum(unpaid(desk)) - 5000
    assert "kept back" in dialog.note.text()
    press(qtbot, Qt.Key.Key_Return)
    assert reopened(desk)["deal"]["play_for"] == 5000


@pytest.mark.parametrize(("typed", "digits", "point", "minor"), [
    ("", 2, ".", 0), ("960", 2, ".", 96000), ("960.5", 2, ".", 96050), ("1,234.56", 2, ".", 123456),
    ("1,250", 2, ".", 125000), ("1 234,56", 2, ",", 123456), ("1.250,50", 2, ",", 125050),
    ("1\u202f250", 2, ",", 125000), ("1,250", 0, ".", 1250), (".5", 2, ".", 50),
    ("12.345", 2, ".", 1234500), ("-5", 2, ".", None), ("1,2,3", 2, ".", None), ("5.", 2, ".", None),
    ("1.5", 0, ".", None), ("abc", 2, ".", None),
])
def test_money_typed_the_usual_ways_reads_as_whole_minor_units(typed: str, digits: int, point: str,
                                                                minor: int | None) -> None:
    assert minor_units(typed, digits, point) == minor


def test_escape_leaves_without_writing(final_three: Desk, open_dialog: Callable[[Desk], DealDialog],
                                       qtbot: QtBot) -> None:
    desk = final_three
    seq = desk.seq
    dialog = open_dialog(desk)
    count_chips(qtbot, dialog, [100000, 80000, 60000])
    assert dialog.ok_button.isEnabled()
    press(qtbot, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected and desk.seq == seq


def test_a_custom_deal_starts_from_the_figures_just_shown(
        final_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot) -> None:
    desk = final_three
    dialog = open_dialog(desk)
    count_chips(qtbot, dialog, [100000, 80000, 60000])
    choose_method(qtbot, dialog, 1)
    chop = dict(dialog.amounts)
    press(qtbot, Qt.Key.Key_Down)
    assert dialog.method.currentData() == "custom"
    assert {e: minor_units(edit.text(), 2) for e, edit in dialog.amount_edits.items()} == chop
    assert dialog.amounts == chop and dialog.ok_button.isEnabled()


def test_the_deal_starts_from_the_stacks_just_counted(final_three: Desk, open_dialog: Callable[[Desk], DealDialog],
                                                      qtbot: QtBot) -> None:
    for table in final_three.snapshot()["tables"]:
        if table["seats"]:
            final_three.execute({"type": "table_count", "table": table["number"], "stacks": {
                entry: 10_000 * int(seat) + 20_000 for seat, entry in table["seats"].items()}})
    counts = {e["id"]: e["stack"] for e in final_three.snapshot()["entries"] if e["status"] == "active"}
    dialog = open_dialog(final_three)
    assert {entry: dialog.stacks[entry].value() for entry in counts} == counts
    assert all(label.text() != "–" for label in dialog.amounts_shown.values())  # priced at once, on the counts
    assert dialog.ok_button.isEnabled()


@pytest.fixture
def mystery_three(make_desk: Callable[..., Desk], clock: FakeClock) -> Desk:
    """Twelve players of a mystery-bounty event (240.00 in twelve envelopes, drawn from six left), down to
    the last three: three envelopes drawn, nine left."""
    desk = make_desk(config(buy_in={"prize": 8000, "bounty": 2000, "fee": 1000},
                            bounty={"kind": "mystery", "mystery_from": "players", "mystery_at": 6}))
    seat_players(desk, 12)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 2000, "count": 12}]})
    bust_down_to(desk, 3)
    return desk


def test_a_deal_with_mystery_envelopes_left_says_how_they_go_and_shares_them_to_the_cent(
        mystery_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot) -> None:
    desk = mystery_three
    assert desk.snapshot()["money"]["envelopes"]["left_total"] == 18000
    dialog = open_dialog(desk)
    count_chips(qtbot, dialog, [50000, 120000, 70000])
    assert dialog.envelopes.currentText() == "Drawn on by the knockouts after the deal"
    left = f"9 mystery envelopes left, {fmt.money(18000, 'EUR')}"
    assert f"{left}: the knockouts after the deal draw them; at the finish, what is left goes to the winner." \
        in dialog.note.text()
    dialog.envelopes.setFocus()
    press(qtbot, Qt.Key.Key_Down)
    names = {e["id"]: e["name"] for e in dialog.players}
    small, big, middle = seated(dialog)
    shares = ", ".join(f"{names[e]} {fmt.money(6000, 'EUR')}" for e in (big, middle, small))
    assert f"{left}, paid with the deal: {shares}." in dialog.note.text()
    won = {e["id"]: e["bounty_won"] for e in desk.snapshot()["entries"]}
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    snap = reopened(desk)
    assert snap["money"]["envelopes"]["left_count"] == 0
    assert {e["id"]: e["bounty_won"] - won[e["id"]] for e in snap["entries"] if e["id"] in names} == {
        e: 6000 for e in names}


def test_a_deal_that_ends_a_mystery_event_offers_the_house_rule_for_the_envelopes_left(
        mystery_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot) -> None:
    desk = mystery_three
    dialog = ended_here(qtbot, open_dialog(desk))
    assert dialog.envelopes.currentText() == "As the house says: to the winner"
    _small, big, _middle = seated(dialog)
    winner = next(e["name"] for e in dialog.players if e["id"] == big)
    assert f"paid with the deal: {winner} {fmt.money(18000, 'EUR')}." in dialog.note.text()
    press(qtbot, Qt.Key.Key_Return)
    snap = reopened(desk)
    assert snap["tournament"]["status"] == "finished"
    winner_entry = next(e for e in snap["entries"] if e["id"] == big)
    drawn = snap["money"]["envelopes"]
    assert drawn["left_count"] == 0 and drawn["drawn_total"] == 24000
    assert winner_entry["bounty_won"] >= 18000


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "en")


def test_a_final_table_of_ten_with_envelopes_left_fits_a_1280x720_screen_without_scrolling(
        make_desk: Callable[..., Desk], clock: FakeClock, open_dialog: Callable[[Desk], DealDialog],
        qtbot: QtBot, language: str) -> None:
    """Seen at 1280x720: once the chips were typed, the mystery envelopes' note appeared below the players and
    the dialog kept its height, so the players' list scrolled and its Total row was cut in half."""
    desk = make_desk(config(buy_in={"prize": 8000, "bounty": 2000, "fee": 1000},
                            bounty={"kind": "mystery", "mystery_from": "players", "mystery_at": 12}))
    seat_players(desk, 30)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 2000, "count": 30}]})
    bust_down_to(desk, 10)
    dialog = open_dialog(desk)
    count_chips(qtbot, dialog, [10000 * (i + 1) for i in range(10)])  # 550,000 of 600,000: a second note too
    assert dialog.note.isVisible() and len(dialog.note.text().splitlines()) == 2
    scroll = dialog.findChild(QScrollArea)
    assert scroll is not None
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() == 0)
    assert dialog.height() + 40 <= 720 and dialog.width() <= 1280  # title bar and all, on a 1280x720 screen
    total = dialog.total_amount
    assert total.visibleRegion().boundingRect().height() == total.height()  # the Total row whole, not cut


def test_the_money_kept_back_is_typed_in_the_currency_the_dialog_writes(
        final_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot, language: str) -> None:
    # In French the box read "0,00 EUR" under "760,00 € de gains encore à payer".
    dialog = open_dialog(final_three)
    symbol = dialog.play_for_unit.text()
    assert symbol == {"en": "EUR", "fr": "€"}[language] and symbol in fmt.money(76000, "EUR")
    choose_method(qtbot, dialog, 2)  # agreed amounts: the column says the unit
    assert dialog._amount_column.text().endswith(f"({symbol})")


@pytest.mark.parametrize(("language", "keys"), [("en", "de"), ("fr", "ct")])
def test_the_deal_is_made_from_its_alt_key_which_no_other_key_of_the_dialog_shares(
        final_three: Desk, open_dialog: Callable[[Desk], DealDialog], qtbot: QtBot, qapp: QApplication,
        language: str, keys: str) -> None:
    # In French "Conclure le deal" had no Alt key at all; "End the tournament here" neither.
    i18n.install(qapp, language)
    try:
        dialog = open_dialog(final_three)
        letters = window_mnemonics(dialog)
        assert {letter: texts for letter, texts in letters.items() if len(texts) > 1} == {}
        make, end = keys
        assert mnemonic(dialog.ok_button.text()) == make and mnemonic(dialog.end.text()) == end
        count_chips(qtbot, dialog, [50000, 120000, 70000])
        press(qtbot, getattr(Qt.Key, f"Key_{end.upper()}"), Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(dialog.end.isChecked)  # a button's Alt key clicks it as a mouse would, after a blink
        qtbot.waitUntil(dialog.ok_button.isEnabled)
        press(qtbot, getattr(Qt.Key, f"Key_{make.upper()}"), Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(lambda: dialog.result() == QDialog.DialogCode.Accepted)
        assert final_three.snapshot()["deal"] is not None
    finally:
        i18n.install(qapp, "en")
