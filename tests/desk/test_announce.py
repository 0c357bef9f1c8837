"""The TD's announcement: typed once, shown among the announcements of every screen until taken down or
its minutes run out; refused in a sentence when it cannot be, and replayed the same from the file."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers.clock import FakeClock
from tests.helpers.desks import refused, started
from tourneydesk.desk import Desk


def messages(desk: Desk) -> list[str]:
    return [a["text"] for a in desk.clock_now()["announcements"] if a["kind"] == "message"]


def test_an_announcement_shows_first_until_taken_down(make_desk: Callable[..., Desk]) -> None:
    desk, _ = started(make_desk)
    result = desk.execute({"type": "announce", "text": "  Dinner   is served at the bar  "})
    assert result["text"] == "Dinner is served at the bar" and result["until_ms"] is None
    assert desk.snapshot()["announcements"][0] == {"kind": "message", "text": "Dinner is served at the bar"}
    desk.execute({"type": "announce", "text": "Last orders at the bar"})
    assert messages(desk) == ["Last orders at the bar"], "a new announcement replaces the one on show"
    desk.execute({"type": "announce", "text": ""})
    assert messages(desk) == []
    refused(desk, {"type": "announce"}, "NOTHING_TO_DO")


def test_an_announcement_with_minutes_goes_by_itself(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk, _ = started(make_desk)
    desk.execute({"type": "announce", "text": "Registration desk closes soon", "minutes": 10})
    clock.advance(minutes=9)
    assert messages(desk) == ["Registration desk closes soon"]
    clock.advance(minutes=2)
    assert messages(desk) == []


def test_a_bad_announcement_is_refused_and_nothing_written(make_desk: Callable[..., Desk]) -> None:
    desk, _ = started(make_desk)
    refused(desk, {"type": "announce", "text": "x" * 201}, "FIELD_INVALID")
    refused(desk, {"type": "announce", "text": "Break", "minutes": 0}, "FIELD_INVALID")
    refused(desk, {"type": "announce", "text": "Break", "minutes": True}, "FIELD_INVALID")
    refused(desk, {"type": "announce", "text": ["Break"]}, "FIELD_INVALID")


def test_an_announcement_replays_from_the_file(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk, _ = started(make_desk)
    desk.execute({"type": "announce", "text": "Chip race at the next break"})
    before = desk.snapshot()
    desk.rebuild()
    assert desk.snapshot() == before and messages(desk) == ["Chip race at the next break"]
