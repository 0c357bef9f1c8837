"""The event log names people and says what happened, for every event type there is: the declarations
say which fields name whom, the console has the words, in English and in French."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.old_files import FIXTURES, read_jsonl
from tourneydesk import resources
from tourneydesk.core import engine
from tourneydesk.core.event_types import EVENT_TYPES
from tourneydesk.core.events import Event
from tourneydesk.ui import i18n
from tourneydesk.ui.console.event_log import describe_event, event_words

RAW_ID = re.compile(r"\b[ep]\d+\b")  # an entry or player id, which a TD never reads


def whole_tournament() -> list[Event]:
    return [Event(r["type"], r["payload"], r["seq"], r["command_seq"], round(r["at"] * 1000))
            for r in read_jsonl(FIXTURES / "format_v1" / "events.jsonl")]


def names(events: list[Event]) -> dict[str, str]:
    state = engine.fold(events)
    return {**{e: state.entry_name(e) for e in state.entries}, **{p: q.name for p, q in state.players.items()}}


def test_every_event_type_has_its_words_in_the_log(qtbot: QtBot) -> None:
    assert set(event_words()) == set(EVENT_TYPES)


def test_no_line_of_a_whole_tournament_shows_an_id(qtbot: QtBot) -> None:
    events = whole_tournament()
    who = names(events)
    lines = [describe_event(e, who) for e in events]
    assert [line for line in lines if RAW_ID.search(line)] == []
    assert len({line.split(" · ")[0] for line in lines}) == len(EVENT_TYPES)  # every kind has its own words
    winner = next(e for e in events if e.type == "tournament_finished").payload["winner"]
    assert describe_event(next(e for e in events if e.type == "tournament_finished"), who).endswith(who[winner])


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
    catalogue = (resources.resource_dir() / "translations" / "tourneydesk_fr.ts").read_text(encoding="utf-8")
    # Some words are the same in French (buy-in, add-on, deal): each is in the catalogue all the same.
    assert [word for word in english.values() if f"<source>{word}</source>" not in catalogue] == []
