"""The seating plan's reasons, read aloud by the TD, are in the TD's language.

The core gives each step an English `reason` (for the log, the LAN and any client) and a `why` (a code
and its figures); the console words the reason from `why` through Qt's translation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tourneydesk import sim
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.plan_panel import step_reason


@pytest.fixture(scope="module")
def steps_of_an_evening() -> list[dict[str, Any]]:
    """Every distinct step the plan gave during a simulated 300-player evening, TD following it."""
    seen: dict[str, dict[str, Any]] = {}
    original = Desk.plan

    def plan(self: Desk, now: float | None = None) -> list[dict[str, Any]]:
        steps = original(self, now)
        for step in steps:
            seen.setdefault(step["reason"], step)
        return steps

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Desk, "plan", plan)
        report = sim.run(300, 3, "pko", None)
    assert report["ok"]
    return list(seen.values())


def test_the_english_console_says_what_the_core_says(steps_of_an_evening: list[dict[str, Any]]) -> None:
    codes = {step["why"]["code"] for step in steps_of_an_evening}
    assert {"which_button", "move_spread", "table_breaks", "final_table"} <= codes, codes
    for step in steps_of_an_evening:
        assert step_reason(step) == step["reason"]


def test_the_french_console_words_every_reason_in_french(steps_of_an_evening: list[dict[str, Any]],
                                                        qapp: QApplication) -> None:
    app = qapp
    assert i18n.install(app, "fr")
    try:
        for step in steps_of_an_evening:
            text = step_reason(step)
            assert text != step["reason"]
            assert "table" in text and "players" not in text and "seat " not in text, text
    finally:
        i18n.install(app, "en")


def test_a_step_this_version_does_not_know_shows_the_cores_words() -> None:
    assert step_reason({"kind": "new_kind", "why": {"code": "new_code"}, "reason": "Do the new thing"}) == \
        "Do the new thing"


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_plan_says_tables_are_held_during_late_registration(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    assert window.plan_panel.steps[0]["kind"] == "break_table" and window.plan_panel.held.isHidden()
    demo_desk.execute({"type": "edit_config", "set": {"seating.hold_tables_during_registration": True},
                       "station": "td"})
    assert all(step["kind"] != "break_table" for step in window.plan_panel.steps)
    assert window.plan_panel.held.isVisibleTo(window.plan_panel)
    assert window.plan_panel.held.text().startswith("No table breaks while late registration is open")
