"""Every refusal the tournament editor says beside a field is in the TD's words: whatever a TD can type into
its number and money fields, the sentence names the setting as the page does, never by the config's key
("Buy_in.prize can be 1,000,000,000,000 at most", in cents at that); and shares are said in percent, never
in basis points."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, REGISTRATION_MINUTES, config
from tests.helpers.desks import refused, seat_players, start
from tests.helpers.editor import open_editor, retype, switch_on
from tourneydesk.desk import Desk
from tourneydesk.ui.messages import error_text
from tourneydesk.ui.start_page import StartPage

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
KEY_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[A-Za-z]+\.[a-z]+\b|\[\d+\]|basis point")



def test_no_refusal_beside_a_field_names_a_setting_by_its_key(page: StartPage, qtbot: QtBot) -> None:
    page.structure.setCurrentIndex(page.structure.findData("mystery"))
    editor = open_editor(qtbot, page)
    for section in ("reentry", "early_bird", "rebuy", "add_on"):
        if not editor.sections[section].isChecked():
            switch_on(qtbot, editor, section)
    said: dict[str, str] = {}
    for key, field in list(editor.fields.items()):
        widget = field.widget
        if isinstance(widget, QSpinBox):
            typed = [str(widget.minimum()), str(widget.maximum())]
        elif isinstance(widget, QLineEdit) and key not in ("name", "date", "currency"):
            typed = ["0", "99999999999999"]
        else:
            continue
        before = widget.text() if isinstance(widget, QLineEdit) else str(widget.value())
        for text in typed:
            retype(qtbot, editor, key, text)
            for other in editor.fields.values():
                if not other.error.isHidden():
                    said[f"{key}={text}"] = other.error.text()
            if not editor.error.isHidden():
                said[f"{key}={text}"] = editor.error.text()
        retype(qtbot, editor, key, before)
    assert len(said) >= 5, said  # the sweep met refusals
    jargon = {typed: text for typed, text in said.items() if KEY_WORDS.search(text)}
    assert not jargon, "\n".join(f"{k}: {v}" for k, v in jargon.items())


def test_a_template_of_envelope_shares_that_misses_the_pool_is_told_in_percent(
        make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(config(PKO_CONFIG, bounty={"kind": "mystery", "mystery_from": "players", "mystery_at": 4,
                                                "mystery_left_over": "winner"}))
    seat_players(desk, 6)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    refusal = refused(desk, {"type": "envelopes", "shares": [{"share_bp": 3350, "count": 2}]}, "SHARES_NOT_WHOLE")
    assert error_text(refusal) == "The shares add up to 67 %, not the whole pool (100 %)"  # 6,700 basis points
