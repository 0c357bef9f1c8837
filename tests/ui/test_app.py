"""The app around the console: opening files, the start page, the demo, the scheduler, the language."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players, start
from tourneydesk import resources
from tourneydesk.cli import main
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.app import open_session, recent_files
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.scheduler import ClockScheduler
from tourneydesk.ui.start_page import StartPage

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)


def test_a_file_opens_in_the_console_where_it_was_and_is_remembered(
        tmp_path: Path, settings: QSettings, qtbot: QtBot) -> None:
    clock = FakeClock(time.time() - 10 * 60)  # the clock started ten minutes ago, then ran 7:12 and paused
    desk = Desk.create(tmp_path / "friday.tdesk", config(), now=clock, seed=1)
    seat_players(desk, 4)
    start(desk)
    clock.advance(minutes=7, seconds=12)
    desk.execute({"type": "clock", "action": "pause"})
    desk.close()
    session = open_session(tmp_path / "friday.tdesk", "console", settings)
    try:
        window = session.window
        assert isinstance(window, ConsoleWindow)
        qtbot.addWidget(window)
        assert window.clock_panel.time_label.text() == "12:48"  # the same second, three minutes later
        assert window.clock_panel.level_label.text() == "Level 1"
        assert recent_files(settings) == [(tmp_path / "friday.tdesk").resolve()]
        assert session.extras[0].job_ids() == ["backup"]  # paused: no level end to wait for
    finally:
        session.window.close()
        session.close()


def test_the_start_page_creates_a_tournament_from_a_structure(
        tmp_path: Path, settings: QSettings, qtbot: QtBot) -> None:
    page = StartPage(settings)
    qtbot.addWidget(page)
    page.structure.setCurrentIndex(page.structure.findData("turbo"))
    page.name.setText("Tuesday Turbo")
    with qtbot.waitSignal(page.chosen) as chosen:
        assert page.create_tournament(tmp_path / "tuesday")
    assert chosen.args == [str(tmp_path / "tuesday.tdesk")]
    with Desk.open(tmp_path / "tuesday.tdesk") as desk:
        assert desk.state.config.name == "Tuesday Turbo"
        assert "turbo" in resources.structures()


def test_the_start_page_refuses_to_overwrite_a_tournament(tmp_path: Path, settings: QSettings, qtbot: QtBot) -> None:
    page = StartPage(settings)
    qtbot.addWidget(page)
    assert page.create_tournament(tmp_path / "friday.tdesk")
    assert not page.create_tournament(tmp_path / "friday.tdesk")
    assert not page.error.isHidden() and page.error.text()


def test_the_start_page_lists_recent_files(make_desk: Callable[..., Desk], settings: QSettings,
                                           qtbot: QtBot) -> None:
    desk = make_desk()
    path = desk.path
    desk.close()  # the file is held by one program at a time: the session opens it next
    session_settings = settings
    session = open_session(path, "console", session_settings)
    session.window.close()
    session.close()
    page = StartPage(settings)
    qtbot.addWidget(page)
    assert page.recent.count() == 1
    with qtbot.waitSignal(page.chosen) as chosen:
        page.recent.itemActivated.emit(page.recent.item(0))
    assert chosen.args == [str(path.resolve())]


def test_a_refused_file_opens_nothing(tmp_path: Path, settings: QSettings) -> None:
    bad = tmp_path / "notes.tdesk"
    bad.write_text("not a tournament")
    with pytest.raises(Exception) as info:
        open_session(bad, "console", settings)
    assert getattr(info.value, "code", None) is not None
    assert recent_files(settings) == []


def test_the_scheduler_wakes_the_app_at_the_level_end_and_a_minute_before(
        make_desk: Callable[..., Desk], clock: FakeClock, qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 3)
    start(desk)
    bridge = DeskBridge(desk)
    wall = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    scheduler = ClockScheduler(bridge, wall_clock=lambda: wall)
    scheduler.start()
    try:
        jobs = {job.id: job for job in scheduler._scheduler.get_jobs()}
        assert set(jobs) == {"backup", "level_end", "warning"}
        assert jobs["level_end"].next_run_time == wall + dt.timedelta(minutes=20)
        assert jobs["warning"].next_run_time == wall + dt.timedelta(minutes=19)
        desk.execute({"type": "clock", "action": "pause"})
        assert scheduler.job_ids() == ["backup"]  # a paused clock has no level end to wait for
        clock.advance(minutes=25)
        desk.execute({"type": "clock", "action": "resume"})
        assert scheduler.job_ids() == ["backup", "level_end", "warning"]
        with qtbot.waitSignal(scheduler.level_ended), qtbot.waitSignal(scheduler.ticked):
            scheduler._level_end()
    finally:
        scheduler.shutdown()
        bridge.detach()


def test_the_console_speaks_french(demo_desk: Desk, console_settings: QSettings, qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    installed = i18n.install(app, "fr")
    try:
        assert installed, "the French catalogue tourneydesk_fr.qm is missing"
        window = ConsoleWindow(DeskBridge(demo_desk), console_settings)
        qtbot.addWidget(window)
        assert window.clock_panel.level_label.text() == "Niveau 3"
        assert window.players_panel.players.headerData(0, Qt.Orientation.Horizontal) == "Nom"
        assert QCoreApplication.translate("errors", "Late registration is closed") != "Late registration is closed"
        window.close()
    finally:
        i18n.install(app, "en")


def test_tourneydesk_refuses_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nowhere.tdesk")]) == 2
    assert "nowhere.tdesk" in capsys.readouterr().err


def test_tourneydesk_screenshots_renders_every_window(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshots", "--out", str(tmp_path / "shots")]) == 0
    written = {Path(line).name for line in capsys.readouterr().out.split()}
    for name in ("console", "bust-dialog", "settings", "structure", "event-log", "prize-structure", "deal"):
        assert {f"{name}-1920x1080.png", f"{name}-1280x720.png"} <= written
    assert "cashier-1280x720.png" in written


def test_the_one_minute_warning_shows_on_the_console(
        make_desk: Callable[..., Desk], settings: QSettings, qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 3)
    start(desk)
    path = desk.path
    desk.close()
    session = open_session(path, "console", settings)
    try:
        window = session.window
        assert isinstance(window, ConsoleWindow)
        qtbot.addWidget(window)
        session.extras[0].warning.emit(60)  # what the scheduler's job does a minute before the level ends
        assert window.status.text() == "One minute left in this level"
    finally:
        window.close()
        session.close()


def test_the_language_follows_the_setting_else_the_system(settings: QSettings) -> None:
    from PySide6.QtCore import QLocale

    settings.setValue(i18n.SETTING, "fr")
    assert i18n.chosen_language(settings) == "fr"
    assert i18n.locale_for("fr").language() == QLocale.Language.French
    settings.setValue(i18n.SETTING, "")
    system = QLocale.system().name().split("_")[0]
    assert i18n.chosen_language(settings) == (system if system in i18n.LANGUAGES else "en")


def test_every_window_carries_the_application_icon(qapp: QApplication, tmp_path: Path) -> None:
    from tourneydesk.ui.app import make_app

    make_app()
    icon = QApplication.windowIcon()
    assert {s.width() for s in icon.availableSizes()} >= {16, 32, 48, 256}
    page = StartPage(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert page.windowIcon().cacheKey() == icon.cacheKey()
    page.close()


def test_the_start_page_fits_a_1280_screen_in_french_with_the_keyboard_on_the_name(
        settings: QSettings, qtbot: QtBot) -> None:
    """Met on a real evening: in French the page came up 1365 px wide on a 1280 px screen, "Restaurer une
    sauvegarde" cut at the edge, and nothing had the keyboard, so the name typed went nowhere."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    i18n.install(app, "fr")
    try:
        page = StartPage(settings)
        qtbot.addWidget(page)
        assert page.minimumSizeHint().width() <= 1280  # the new form's buy-in once made it 1,478 px
        page.show()
        qtbot.waitExposed(page)
        page.activateWindow()
        qtbot.waitUntil(page.isActiveWindow)
        assert QApplication.focusWidget() is page.name
        qtbot.keyClicks(QApplication.focusWidget(), "PKO du vendredi")
        assert page.name.text() == "PKO du vendredi"
    finally:
        i18n.install(app, "en")



@pytest.mark.parametrize(("language", "name"), [("en", "Friday PKO (demo)"), ("fr", "PKO du vendredi (démo)")])
def test_the_demo_is_named_in_the_language_of_the_app(language: str, name: str, settings: QSettings,
                                                       qtbot: QtBot) -> None:
    """Met on a real evening: a French club's demo was "Friday PKO (demo)" on the console and the projector."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    i18n.install(app, language)
    try:
        page = StartPage(settings)
        qtbot.addWidget(page)
        with qtbot.waitSignal(page.chosen) as opened:
            page.open_demo()
    finally:
        i18n.install(app, "en")
    desk = Desk.open(Path(opened.args[0]), read_only=True)
    try:
        assert desk.config.name == name
    finally:
        desk.close()
