"""The English papers write a date as the laptop's part of the world does, never the month first in a
club that writes the day first: on a French (or an unnamed, "C") system the English end-of-night report
said "12/29/25 9:20 AM" for the 29th of December; it says "29/12/2025 09:20" now. On an English system the
papers keep its own dates (an American laptop's month first, its own choice)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QPageSize, QPdfWriter
from PySide6.QtWidgets import QApplication

from tests.helpers.clock import T0
from tests.helpers.desks import seat_players
from tests.helpers.pdf import pdf_text
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.cashier.books import night_report
from tourneydesk.ui.printing import document, report_html


def test_the_english_report_writes_the_day_before_the_month_on_a_system_of_another_language(
        make_desk: Callable[..., Desk], qapp: QApplication, tmp_path: Path) -> None:
    if QLocale.system().language() == QLocale.Language.English:
        pytest.skip("an English system's papers keep its own dates")
    desk = make_desk()
    seat_players(desk, 2)
    i18n.install(qapp, "en")
    path = tmp_path / "report.pdf"
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    document(report_html(night_report(desk))).print_(writer)
    del writer
    text = pdf_text(path)
    day = datetime.fromtimestamp(T0)
    assert day.strftime("%d/%m/%Y") in text, text[:300]  # 29/12/2025
    assert day.strftime("%H:%M") in text  # a 24-hour clock, as the console's
    assert f"{day.month}/{day.day}/" not in text


def test_english_keeps_the_systems_own_dates_when_the_system_speaks_english(qapp: QApplication) -> None:
    system = QLocale.system()
    expected = system if system.language() == QLocale.Language.English else QLocale("en_GB")
    assert i18n.locale_for("en").name() == expected.name()
    assert i18n.locale_for("en").language() == QLocale.Language.English
