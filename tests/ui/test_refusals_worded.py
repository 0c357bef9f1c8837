"""Every refusal a window can meet is said in the TD's words, in English and in French: never the core's own
English with its ids and basis points ("There is no entry 'e4'", "places must list basis points") in a
French window (issue 28)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from tests.helpers.desks import seat_players, start
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.messages import CATALOGUE, error_text

PACKAGE = Path(__file__).resolve().parents[2] / "desktop" / "tourneydesk"
# Where the refusals a window meets come from: the rules, the arithmetic, the desk, the file, the shipped files.
RAISED_FOR_WINDOWS = ["core", "desk.py", "store", "resources.py"]
# Refused before any rule: a command of the wrong shape is the program's own mistake, said in English in the log.
NEVER_FROM_A_WINDOW = {
    "UNKNOWN_COMMAND", "COMMAND_INVALID", "UNKNOWN_FIELD", "COMMAND_ID_REUSED", "LOG_INVALID",
    "CONFIG_INVALID",  # worded by its rule in setting_words (tests/ui/test_setting_words.py)
    "PAYOUT_TABLE_INVALID",  # a shipped payout table's own mistake: found by the tests of the shipped files
    # Only the deal dialog makes a deal, and it says these in money (tests/ui/test_deal_dialog.py).
    "DEAL_SUM_MISMATCH", "PLAY_FOR_INVALID",
}


def raised_codes() -> set[str]:
    codes: set[str] = set()
    for part in RAISED_FOR_WINDOWS:
        files = [PACKAGE / part] if part.endswith(".py") else sorted((PACKAGE / part).rglob("*.py"))
        for path in files:
            codes |= set(re.findall(r'TourneyError\(\s*"([A-Z_0-9]+)"', path.read_text(encoding="utf-8")))
    return codes


def test_every_refusal_a_window_meets_has_its_words() -> None:
    worded = {key.split("/")[0] for key in CATALOGUE}
    codes = raised_codes()
    assert len(codes) > 100  # the scan reads the raises
    assert sorted(codes - worded - NEVER_FROM_A_WINDOW) == []


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "en")


def refusal(desk: Desk, cmd: dict[str, Any]) -> TourneyError:
    with pytest.raises(TourneyError) as refused:
        desk.execute(cmd)
    return refused.value


SAID = {
    "bust-unknown-entry": (
        lambda entries: {"type": "bust", "entry": "e99", "by": [entries[0]]},
        {"en": "That entry is no longer in this tournament (taken back, or undone): choose the player again",
         "fr": "Cette entrée n’est plus dans ce tournoi (reprise ou annulée)\u00a0: choisissez à nouveau le joueur"}),
    "payouts-not-a-list": (
        lambda entries: {"type": "edit_payouts", "places": None},
        {"en": "Give at least one paid place, with its share",
         "fr": "Indiquez au moins une place payée, avec sa part"}),
    "payouts-second-pays-more": (
        lambda entries: {"type": "edit_payouts", "places": [4000, 6000]},
        {"en": "Place 2 (60 %) would pay more than place 1 (40 %)",
         "fr": "La place 2 (60\u00a0%) paierait plus que la place 1 (40\u00a0%)"}),
    "payouts-short-of-the-pool": (
        lambda entries: {"type": "edit_payouts", "places": [5000, 3350]},
        {"en": "The shares add up to 83.5 %, not the whole pool (100 %)",
         "fr": "Les parts font 83,5\u00a0%, pas le pot entier (100\u00a0%)"}),
    "pay-by-bitcoin": (
        lambda entries: {"type": "pay", "entry": entries[0], "payment": "bitcoin"},
        {"en": "Choose how the player pays: cash, card, transfer, voucher or comp",
         "fr": "Choisissez comment le joueur paie\u00a0: espèces, carte, virement, bon ou offert"}),
}


@pytest.mark.parametrize("case", list(SAID))
def test_a_refusal_is_said_in_the_windows_language_without_ids_or_basis_points(
        language: str, make_desk: Callable[..., Desk], case: str) -> None:
    desk = make_desk()
    entries = seat_players(desk, 4)
    start(desk)
    make, said = SAID[case]
    exc = refusal(desk, make(entries))
    text = error_text(exc)
    assert text == said[language], (exc.code, exc.message)
    assert "e99" not in text and "basis points" not in text and " bp" not in text
