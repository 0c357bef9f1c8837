"""The event log names people and says what happened, for every event type there is: the declarations
say which fields name whom, the console has the words, in English and in French."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers import sample_log
from tests.helpers.old_files import FIXTURES, read_jsonl
from tourneydesk import resources
from tourneydesk.core import engine
from tourneydesk.core.protocol.event_types import EVENT_TYPES
from tourneydesk.core.protocol.events import Event
from tourneydesk.lan import words as lan_words
from tourneydesk.ui import fmt, i18n
from tourneydesk.ui.console.event_log import action_words, describe_event, event_words

RAW_ID = re.compile(r"\b[ep]\d+\b")  # an entry or player id, which a TD never reads


def whole_tournament() -> list[Event]:
    return [Event(r["type"], r["payload"], r["seq"], r["command_seq"], round(r["at"] * 1000))
            for r in read_jsonl(FIXTURES / "format_v1" / "events.jsonl")]


def names(events: list[Event]) -> dict[str, str]:
    state = engine.fold(events)
    return {**{e: state.entry_name(e) for e in state.entries}, **{p: q.name for p, q in state.players.items()}}


def test_every_event_type_has_its_words_in_the_log(qtbot: QtBot) -> None:
    assert {key.split(":")[0] for key in event_words()} == set(EVENT_TYPES)
    variants = {key for key in event_words() if ":" in key}
    assert variants == {f"{name}:{t.log.variant}" for name, t in EVENT_TYPES.items() if t.log.variant}


RAW_CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # table_filled, big_blind: a code, never a word


@pytest.mark.parametrize("log", ["sample", "format_1"])
def test_no_line_of_a_whole_tournament_shows_an_id_or_a_code(qtbot: QtBot, log: str) -> None:
    """Today's evening and the event's files (every event type: `tests/helpers/sample_log.py`) and one
    tournament written by format 1."""
    logs = [list(events) for events in sample_log.logs()] if log == "sample" else [whole_tournament()]
    kinds: set[str] = set()
    for events in logs:
        who = names(events)
        lines = [describe_event(e, who, "EUR") for e in events]
        assert [line for line in lines if RAW_ID.search(line) or RAW_CODE.search(line)] == []
        kinds |= {line.split(" · ")[0] for line in lines}
    if log == "sample":
        assert {event_words()[t] for t in EVENT_TYPES} <= kinds  # every kind has its own words
    events = logs[0]
    who = names(events)
    winner = next(e for e in events if e.type == "tournament_finished").payload["winner"]
    assert describe_event(next(e for e in events if e.type == "tournament_finished"), who).endswith(who[winner])


def line_of(event_type: str, **match: object) -> str:
    events = whole_tournament()
    event = next(e for e in events if e.type == event_type and all(e.payload.get(k) == v for k, v in match.items()))
    return describe_event(event, names(events), "EUR")


def test_the_log_says_what_money_moved_and_how(qtbot: QtBot) -> None:
    def euros(minor: int) -> str:
        return fmt.money(minor, "EUR")

    assert line_of("entry_bought", entry="e1") == f"buy-in · Player 1 · {euros(11000)} cash · table 1 seat 3"
    assert line_of("entry_bought", reentry=True).startswith("re-entry · ")
    assert line_of("added_on") == f"add-on · Player 1 · {euros(9000)} card"
    assert line_of("paid", entry="e2") == f"payment · Player 2 · {euros(76190)} cash"
    assert line_of("chips_counted", entry="e1") == "chip count · Player 1 · 61,200 chips"
    assert line_of("chips_removed") == "chips removed · 75 chips · Colour-up of the 25s"


def test_the_log_says_what_the_floor_did(qtbot: QtBot) -> None:
    assert line_of("clock_set", action="start") == "clock · started"
    assert line_of("moved") == "move · Player 4 · table 1 seat 4 → table 2 seat 6"
    assert line_of("table_filled") == "table filled · table 3 · 3 players moved"
    assert line_of("final_table_drawn") == "final table drawn · table 1 · 6 players seated"
    assert line_of("hand_for_hand", on=False) == "hand-for-hand ends"
    assert line_of("hand_for_hand", hand=2) == "hand-for-hand · hand 2"
    assert line_of("entry_removed", kind="disqualified") == \
        "disqualification or removal · Player 5 · disqualified · Abusive to the dealer"
    assert line_of("undone") == "undo · takes back buy-in (#43)"
    assert line_of("deal_made") == "deal · chip chop"


def test_the_log_speaks_french(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    english = event_words()
    i18n.install(app, "fr")
    try:
        french = event_words()
    finally:
        i18n.install(app, "en")
    assert french["rebought"] == "recave" and french["table_broken"] == "table cassée"
    assert french["entry_bought:reentry"] == "ré-entrée"
    catalogue = (resources.resource_dir() / "translations" / "tourneydesk_fr.ts").read_text(encoding="utf-8")
    # Some words are the same in French (buy-in, add-on, deal): each is in the catalogue all the same.
    assert [word for word in english.values() if f"<source>{word}</source>" not in catalogue] == []


def test_the_phones_call_every_event_what_the_console_calls_it(qtbot: QtBot) -> None:
    """One catalogue of event words (`event_words`): the TD's remote, saying what an undo takes back, uses
    the console's words for every event of a whole tournament, in English and in French."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    events = list(sample_log.events())
    for language in ("en", "fr"):
        for log in sample_log.logs():
            who = names(list(log))
            i18n.install(app, language)
            try:
                console = [describe_event(e, who, "EUR").split(" · ")[0] for e in log]
                actions = action_words()
            finally:
                i18n.install(app, "en")
            # the phones name the station after the words (the Day 2's take is the TD's): the words alone here
            phones = [lan_words.describe_command([replace(e, station=None)], who, language).split(" · ")[0]
                      for e in log]
            assert phones == [lan_words.french(w) if language == "fr" else w for w in console], language
        clock = next(e for e in events if e.type == "clock_set")
        shown = lan_words.describe_command([clock], names(events), language).split(" · ")[1]
        assert shown == (lan_words.french if language == "fr" else str)(actions[clock.payload["action"]])
