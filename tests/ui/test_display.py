"""The projector display: what the room reads, at every size, from the core's clock."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QRect, QSettings
from PySide6.QtGui import QFontMetricsF, QGuiApplication, QImage, QPaintEvent, QRegion
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import seat_players
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt, i18n
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.display import DisplayWindow, render_display
from tourneydesk.ui.display.content import notices
from tourneydesk.ui.display.cues import BREAK_END, BREAK_START, LEVEL_CHANGE, ONE_MINUTE, Cue, level_speech

SIZES = ((1024, 768), (1280, 720), (1920, 1080), (3840, 2160))

# PKO, short-handed antes by PKR4U 16, 14 players on two tables; levels of 20 minutes, then a 10-minute
# break with a colour-up of the green 25s.
SCENE_CONFIG = config(PKO_CONFIG, seating={"seats_per_table": 9, "tables": 6, "short_handed_ante": "pkr4u"})


def bust_one(desk: Desk) -> None:
    """Someone at the fullest table busts; the next player there wins the pot."""
    state = desk.state

    def live_at(number: int) -> list[str]:
        return [e for e in state.tables[number].seats.values() if state.entries[e].status == "active"]

    table = max(state.open_tables, key=lambda n: (len(live_at(n)), n))
    loser, winner = live_at(table)[:2]
    desk.execute({"type": "bust", "entry": loser, "by": [winner]})


def scene_level(desk: Desk, clock: FakeClock) -> None:
    clock.advance(minutes=25, seconds=17)


def scene_paused(desk: Desk, clock: FakeClock) -> None:
    scene_level(desk, clock)
    desk.execute({"type": "clock", "action": "pause"})
    clock.advance(minutes=3)  # the time left stands still, and so does the break's countdown


def scene_break(desk: Desk, clock: FakeClock) -> None:
    clock.advance(minutes=43)


def scene_hand_for_hand(desk: Desk, clock: FakeClock) -> None:
    clock.advance(minutes=25)
    for _ in range(3):
        bust_one(desk)
    desk.execute({"type": "hand_for_hand", "action": "on"})
    first_seated = next(iter(desk.snapshot()["tables"][0]["seats"].values()))
    desk.execute({"type": "player_clock", "entry": first_seated, "seconds": 60})
    clock.advance(seconds=12)


def scene_final_table(desk: Desk, clock: FakeClock) -> None:
    clock.advance(minutes=25)
    while desk.state.live > 9:
        bust_one(desk)
    desk.execute({"type": "final_table"})
    clock.advance(minutes=30)  # late registration has closed: the places are final
    for _ in range(2):
        bust_one(desk)


SCENES: dict[str, tuple[Callable[[Desk, FakeClock], None], list[str]]] = {
    "level": (scene_level, ["LEVEL 2", "200 / 400", "BB ANTE 400", "NEXT: BREAK, 10 MIN", "NEXT BREAK IN 14:43"]),
    # Paused in a level: the stopped clock and the break to come never read as one contradicting the other.
    "paused": (scene_paused, ["LEVEL 2", "CLOCK PAUSED", "NEXT BREAK IN 14:43"]),
    "break": (scene_break, ["BREAK", "Colour-up at this break: the green 25 chips go", "AFTER THE BREAK · LEVEL 3"]),
    "hand_for_hand": (scene_hand_for_hand, ["HAND-FOR-HAND · HAND 1", "ON THE CLOCK: ", "00:48",
                                            "Short-handed ante: table 2 200"]),
    "final_table": (scene_final_table, ["FINAL TABLE", "7 / 14"]),
}


@pytest.fixture
def settings(tmp_path: Path) -> Iterator[QSettings]:
    s = QSettings(str(tmp_path / "display.ini"), QSettings.Format.IniFormat)
    yield s
    s.sync()


@pytest.fixture
def started_desk(make_desk: Callable[..., Desk]) -> Desk:
    desk = make_desk(SCENE_CONFIG)
    seat_players(desk, 14)
    desk.execute({"type": "clock", "action": "start"})
    return desk


@pytest.fixture
def display(qtbot: QtBot, started_desk: Desk, settings: QSettings) -> Iterator[DisplayWindow]:
    bridge = DeskBridge(started_desk)
    window = DisplayWindow(bridge, settings=settings, audio=False)
    qtbot.addWidget(window)
    yield window
    bridge.detach()


def all_text(window: DisplayWindow) -> str:
    return "\n".join(window.shown_text(name) for name in window.layout_.boxes)


def assert_every_text_fits(window: DisplayWindow) -> None:
    assert window.lines, "nothing shown"
    frame = QRect(0, 0, window.width(), window.height())
    for name, box in window.layout_.boxes.items():
        text = window.shown_text(name)
        assert frame.contains(box.rect.toAlignedRect()), f"box {name} leaves the window"
        if not text:
            continue
        metrics = QFontMetricsF(window.fonts[name])
        ink = metrics.boundingRect(text)
        assert metrics.horizontalAdvance(text) <= box.rect.width() + 0.5, f"{name} {text!r} is too wide"
        assert ink.right() <= box.rect.width() + 0.5, f"{name} {text!r} is clipped on the right"
        assert metrics.height() <= box.rect.height() + 0.5, f"{name} {text!r} is too tall"
        assert window.fonts[name].pixelSize() >= 6


@pytest.mark.parametrize("scene", list(SCENES))
def test_every_text_fits_its_box_at_every_size(scene: str, display: DisplayWindow, started_desk: Desk,
                                               clock: FakeClock, tmp_path: Path) -> None:
    drive, expected = SCENES[scene]
    drive(started_desk, clock)
    display.refresh()
    display.show()
    for width, height in SIZES:
        display.resize(width, height)
        image = display.grab().toImage()
        assert (image.width(), image.height()) == (width, height)
        image.save(str(tmp_path / f"display-{scene}-{width}x{height}.png"))
        assert_every_text_fits(display)
        shown = all_text(display)
        for _ in range(3):  # what does not fit takes turns
            display.turn_pages()
            assert_every_text_fits(display)
            shown += all_text(display)
        for text in expected:
            assert text in shown, f"{text!r} not on the {scene} screen at {width}x{height}"
        # the time left is the largest thing on the screen, at least a fifth of its height
        time_px = QFontMetricsF(display.fonts["time"]).height()
        assert time_px >= height / 5
        assert all(QFontMetricsF(f).height() <= time_px for f in display.fonts.values())


def test_long_names_are_cut_not_clipped(make_desk: Callable[..., Desk], qtbot: QtBot, settings: QSettings) -> None:
    desk = make_desk(config(SCENE_CONFIG, name="The Very Long Annual Charity Deepstack Championship Main Event 2026"))
    for name in ("Maximiliano Alejandro Fernández de la Cruz y Bustamante", "Bo Li"):
        player = desk.execute({"type": "register", "name": name})["player"]
        desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
    desk.execute({"type": "clock", "action": "start"})
    window = DisplayWindow(DeskBridge(desk), settings=settings, audio=False)
    qtbot.addWidget(window)
    window.show()
    for width, height in SIZES:
        window.resize(width, height)
        assert_every_text_fits(window)
        names = [window.shown_text(f"bounty_left_{i}") for i in range(2)]
        assert any(n.startswith("Maximiliano") for n in names)


def time_shown(window: DisplayWindow) -> str:
    return window.lines["time"].text


def core_time(desk: Desk) -> str:
    return fmt.clock(desk.snapshot()["clock"]["remaining_s"])


def test_time_shown_follows_the_core_clock(display: DisplayWindow, started_desk: Desk, clock: FakeClock) -> None:
    desk = started_desk
    assert time_shown(display) == core_time(desk) == "20:00"
    clock.advance(seconds=61.4)
    display.refresh_clock()
    assert time_shown(display) == core_time(desk) == "18:59"
    desk.execute({"type": "clock", "action": "pause"})
    assert display.lines["state"].text == "CLOCK PAUSED"
    clock.advance(minutes=5)
    display.refresh_clock()
    assert time_shown(display) == core_time(desk) == "18:59"
    desk.execute({"type": "clock", "action": "resume"})
    clock.advance(seconds=2)
    display.refresh_clock()
    assert time_shown(display) == core_time(desk) == "18:57"
    desk.execute({"type": "clock", "action": "adjust", "seconds": -120})
    assert time_shown(display) == core_time(desk) == "16:57"
    desk.execute({"type": "clock", "action": "next"})
    assert display.lines["level"].text == "LEVEL 2"
    assert time_shown(display) == core_time(desk) == "20:00"
    clock.advance(minutes=20, seconds=1)  # the level runs out: the break starts with no command
    display.refresh_clock()
    assert display.lines["level"].text == "BREAK"
    assert time_shown(display) == core_time(desk) == "09:59"


def test_the_timer_wakes_when_the_core_clock_turns_a_second(display: DisplayWindow, started_desk: Desk,
                                                           clock: FakeClock) -> None:
    clock.advance(seconds=10.25)  # 1189.75 s left, shown as 19:50 until 0.75 s from now
    display.refresh_clock()
    assert time_shown(display) == "19:50"
    assert display._tick_timer.interval() == 750 + 3


def test_a_new_second_repaints_only_the_time(qtbot: QtBot, started_desk: Desk, settings: QSettings,
                                            clock: FakeClock) -> None:
    painted: list[QRegion] = []

    class Recording(DisplayWindow):
        def paintEvent(self, event: QPaintEvent) -> None:
            painted.append(event.region())
            super().paintEvent(event)

    window = Recording(DeskBridge(started_desk), settings=settings, audio=False)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: bool(painted))
    while painted:  # until the first full paints are over
        painted.clear()
        qtbot.wait(200)
    clock.advance(seconds=1)
    window.refresh_clock()
    qtbot.waitUntil(lambda: bool(painted))
    region = QRegion()
    for r in painted:
        region = region.united(r)
    ticking = QRegion(window._paint_rect(window.layout_.boxes["time"])).united(
        QRegion(window._paint_rect(window.layout_.boxes["break_in"])))
    assert region.subtracted(ticking).isEmpty()


def test_chimes_and_words_come_at_the_right_moments(display: DisplayWindow, started_desk: Desk,
                                                    clock: FakeClock) -> None:
    heard: list[Cue] = []
    display.cue.connect(heard.append)
    clock.advance(minutes=18, seconds=58)
    display.refresh_clock()
    assert heard == []
    clock.advance(seconds=3)  # 59 s left
    display.refresh_clock()
    assert heard == [Cue(ONE_MINUTE)]
    clock.advance(seconds=59.5)
    display.refresh_clock()
    assert heard[-1] == Cue(LEVEL_CHANGE, "Level 2. Blinds 200 and 400, big blind ante 400.")
    clock.advance(minutes=20)
    display.refresh_clock()
    assert heard[-1] == Cue(BREAK_START, "Break, 10 minutes. Colour-up: the 25 chips go.")
    clock.advance(minutes=10)
    display.refresh_clock()
    assert heard[-1] == Cue(BREAK_END, "Level 3. Blinds 300 and 600, big blind ante 600.")
    count = len(heard)
    display.refresh_clock()
    started_desk.execute({"type": "clock", "action": "pause"})
    assert len(heard) == count  # the same level, read again, says nothing


def test_payouts_page_and_places_won_are_highlighted(display: DisplayWindow, started_desk: Desk,
                                                     clock: FakeClock) -> None:
    scene_final_table(started_desk, clock)
    display.resize(1280, 720)
    display.refresh()
    rows = display.layout_.payout_rows
    shown = [(display.lines[f"payout_left_{i}"].text, display.lines[f"payout_left_{i}"].highlight)
             for i in range(rows)]
    places = len(started_desk.snapshot()["payouts"])
    assert shown[:places] == [("1", False), ("2", False), ("3", False), ("4", False)][:places]
    started_desk.execute({"type": "edit_payouts", "places": [3000, 2000, 1500, 1000, 800, 600, 400, 300,
                                                                     200, 200]})
    bust_one(started_desk)  # the 7th place is won, among ten paid: two pages of 7 rows at 1280x720
    title = display.lines["payouts_title"].text
    assert title == "10 PLACES PAID · 1/2"
    display.turn_pages()
    assert display.lines["payouts_title"].text == "10 PLACES PAID · 2/2"
    assert display.lines["payout_left_0"].text == "8"
    assert display.lines["payout_left_0"].highlight  # 8th place went at the final table
    display.turn_pages()
    assert display.lines["payout_left_0"].text == "1"
    assert display.lines["payout_left_6"].text == "7"
    assert display.lines["payout_left_6"].highlight


def test_two_displays_show_the_same_event(qtbot: QtBot, started_desk: Desk, tmp_path: Path) -> None:
    bridge = DeskBridge(started_desk)
    windows = []
    for slot in ("left", "right"):
        window = DisplayWindow(bridge, settings=QSettings(str(tmp_path / f"{slot}.ini"), QSettings.Format.IniFormat),
                               slot=slot, audio=False)
        qtbot.addWidget(window)
        window.show()
        windows.append(window)
    bust_one(started_desk)
    assert [w.lines["players"].text for w in windows] == ["13 / 14", "13 / 14"]
    windows[0].set_theme("light")
    assert (windows[0].theme.name, windows[1].theme.name) == ("light", "dark")


def test_full_screen_is_remembered_and_an_unplugged_screen_leaves_a_window(
        qtbot: QtBot, started_desk: Desk, settings: QSettings) -> None:
    screen = QGuiApplication.primaryScreen()
    window = DisplayWindow(DeskBridge(started_desk), settings=settings, audio=False)
    qtbot.addWidget(window)
    window.show()
    window.go_full_screen(screen)
    assert window.isFullScreen()
    assert settings.value("display/screen_name") == screen.name()
    # The offscreen platform has one screen and cannot unplug it: the handler Qt calls is called here.
    window.screen_removed(screen)
    assert window.isVisible() and not window.isFullScreen()
    assert settings.value("display/screen_name") == screen.name()  # it goes back there when it returns
    window.screen_added(screen)
    assert window.isFullScreen()

    again = DisplayWindow(DeskBridge(started_desk), settings=settings, audio=False)
    qtbot.addWidget(again)
    again.show_on_remembered_screen()
    assert again.isFullScreen() and again.screen() is screen
    again.go_windowed()
    assert not again.isFullScreen() and settings.value("display/screen_name") is None


def test_the_menu_chooses_screen_theme_and_sound(display: DisplayWindow, settings: QSettings) -> None:
    menu = display.build_menu()
    titles = [a.text() for a in menu.actions()]
    assert titles == ["Screen", "Theme", "Sound", "Screens in turn"]
    submenus = {a.text(): a.menu() for a in menu.actions()}
    screen_items = [a.text() for a in submenus["Screen"].actions()]
    assert screen_items[-1] == "In a window" and len(screen_items) == len(QGuiApplication.screens()) + 1
    light = next(a for a in submenus["Theme"].actions() if a.text() == "Light")
    light.trigger()
    assert display.theme.name == "light" and settings.value("display/theme") == "light"
    sound = {a.text(): a for a in submenus["Sound"].actions()}
    sound["Mute"].trigger()
    sound["Volume 25%"].trigger()
    sound["Speak the new level"].trigger()
    assert (settings.value("display/muted"), int(settings.value("display/volume")),
            settings.value("display/voice")) in ((True, 25, False), ("true", 25, "false"))


def test_render_display_writes_the_four_sizes(started_desk: Desk, tmp_path: Path, qtbot: QtBot) -> None:
    paths = render_display(started_desk, tmp_path / "shots")
    assert [p.name for p in paths] == ["display-1024x768.png", "display-1280x720.png", "display-1920x1080.png",
                                       "display-3840x2160.png"]
    for path, (width, height) in zip(paths, SIZES, strict=True):
        image = QImage(str(path))
        assert (image.width(), image.height()) == (width, height)
        # a real picture: the clock's light digits on the dark page
        colours = {image.pixel(x, y) for x in range(0, width, 16) for y in range(0, height, 16)}
        assert len(colours) > 20
    assert sorted(p.name for p in (tmp_path / "shots").iterdir()) == [p.name for p in paths]


def test_settings_outlive_the_window(qtbot: QtBot, started_desk: Desk, settings: QSettings) -> None:
    first = DisplayWindow(DeskBridge(started_desk), settings=settings, audio=False)
    qtbot.addWidget(first)
    first.set_theme("high_contrast")
    second = DisplayWindow(DeskBridge(started_desk), settings=settings, audio=False)
    qtbot.addWidget(second)
    assert second.theme.name == "high_contrast"


def test_a_logo_from_the_config_is_drawn(make_desk: Callable[..., Desk], qtbot: QtBot, settings: QSettings,
                                         tmp_path: Path) -> None:
    logo = QImage(64, 32, QImage.Format.Format_RGB32)
    logo.fill(0xFF00FF)
    logo.save(str(tmp_path / "club.png"))
    desk = make_desk(config(SCENE_CONFIG, display={"logo": "club.png"}))
    window = DisplayWindow(DeskBridge(desk), settings=settings, audio=False)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    image = window.grab().toImage()
    centre = window.layout_.logo.center().toPoint()
    assert image.pixelColor(centre).name() == "#ff00ff"
    assert_every_text_fits(window)


def test_the_venues_logo_set_from_the_command_line_is_drawn(make_desk: Callable[..., Desk], qtbot: QtBot,
                                                            settings: QSettings, tmp_path: Path) -> None:
    """`tourneydesk FILE lan logo PICTURE` keeps it beside the paired devices; a tournament without its own
    `[display] logo` shows it on the projector."""
    from tourneydesk.lan import logo as venue_logo

    picture = QImage(64, 32, QImage.Format.Format_RGB32)
    picture.fill(0x00FFFF)
    picture.save(str(tmp_path / "venue.png"))
    venue_logo.set_logo(Path(settings.fileName()).parent / "lan_devices.json", tmp_path / "venue.png")
    window = DisplayWindow(DeskBridge(make_desk(SCENE_CONFIG)), settings=settings, audio=False)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    image = window.grab().toImage()
    assert image.pixelColor(window.layout_.logo.center().toPoint()).name() == "#00ffff"


def test_a_two_hour_level_keeps_the_clock_a_fifth_of_the_screen(make_desk: Callable[..., Desk], qtbot: QtBot,
                                                                 settings: QSettings) -> None:
    levels = [dict(level, minutes=120) if "minutes" in level else level for level in SCENE_CONFIG["levels"]]
    desk = make_desk(config(SCENE_CONFIG, levels=levels))
    seat_players(desk, 3)
    desk.execute({"type": "clock", "action": "start"})
    window = DisplayWindow(DeskBridge(desk), settings=settings, audio=False)
    qtbot.addWidget(window)
    window.show()
    for width, height in SIZES:
        window.resize(width, height)
        assert window.lines["time"].text == "2:00:00"
        assert_every_text_fits(window)
        assert QFontMetricsF(window.fonts["time"]).height() >= height / 5


def test_a_closed_display_stops_and_a_reopened_one_catches_up(display: DisplayWindow, started_desk: Desk) -> None:
    display.show()
    display.close()
    bust_one(started_desk)
    assert display.lines["players"].text == "14 / 14"  # closed: it no longer re-renders
    display.show()
    assert display.lines["players"].text == "13 / 14"


def test_before_the_start_and_after_the_end(make_desk: Callable[..., Desk], qtbot: QtBot, settings: QSettings,
                                            clock: FakeClock) -> None:
    desk = make_desk(SCENE_CONFIG)
    seat_players(desk, 3)
    window = DisplayWindow(DeskBridge(desk), settings=settings, audio=False)
    qtbot.addWidget(window)
    assert (window.lines["level"].text, window.lines["time"].text, window.lines["state"].text) == \
        ("LEVEL 1", "20:00", "NOT STARTED YET")
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=55)  # late registration is over
    bust_one(desk)
    bust_one(desk)
    window.refresh_clock()
    assert window.lines["state"].text == "FINISHED"
    assert window.lines["notice_0"].text.endswith(" wins")
    assert window.lines["players"].text == "1 / 3"
    window.resize(1920, 1080)
    assert_every_text_fits(window)


FRENCH_SCENES: dict[str, list[str]] = {
    "level": ["NIVEAU 2", "ANTE BB 400", "ENSUITE\u00a0: PAUSE DE 10 MIN", "PROCHAINE PAUSE DANS 14:43",
              "JOUEURS RESTANTS", "TAPIS MOYEN", "JETONS EN JEU", "PLUS GROSSES PRIMES"],
    "break": ["PAUSE", "Changement de jetons à cette pause\u00a0: les jetons verts 25 sont retirés",
              "APRÈS LA PAUSE · NIVEAU 3"],
    "hand_for_hand": ["MAIN PAR MAIN · MAIN 1", "SOUS HORLOGE\u00a0: ",
                      "Ante réduite aux tables incomplètes\u00a0: table 2 200"],
    "final_table": ["TABLE FINALE"],
    "paused": ["NIVEAU 2", "HORLOGE EN PAUSE", "PROCHAINE PAUSE DANS 14:43"],
}


@pytest.fixture
def french(qapp: QApplication) -> Iterator[None]:
    """The app in French, as PKR4U runs it (the catalogue the app ships, installed as the app does)."""
    i18n.install(qapp, "fr")
    yield
    i18n.install(qapp, "en")


@pytest.mark.parametrize("scene", list(FRENCH_SCENES))
def test_the_display_speaks_french_and_it_fits(scene: str, qapp: QApplication, qtbot: QtBot, started_desk: Desk,
                                               settings: QSettings, clock: FakeClock, tmp_path: Path) -> None:
    SCENES[scene][0](started_desk, clock)
    bridge = DeskBridge(started_desk)
    english = DisplayWindow(bridge, settings=settings, audio=False)
    qtbot.addWidget(english)
    english.show()
    english_px = {size: _label_px(english, size) for size in SIZES}
    english.close()
    i18n.install(qapp, "fr")
    try:
        window = DisplayWindow(bridge, settings=settings, audio=False)
        qtbot.addWidget(window)
        window.show()
        for width, height in SIZES:
            window.resize(width, height)
            window.grab().save(str(tmp_path / f"display-fr-{scene}-{width}x{height}.png"))
            assert_every_text_fits(window)
            shown = all_text(window)
            for _ in range(3):
                window.turn_pages()
                assert_every_text_fits(window)
                shown += all_text(window)
            for text in FRENCH_SCENES[scene]:
                assert text in shown, f"{text!r} not on the French {scene} screen at {width}x{height}"
            # the longer French words are still read from the back of the room: at most a fifth smaller
            assert _label_px(window, (width, height)) >= 0.8 * english_px[(width, height)], (width, height)
        window.close()
    finally:
        i18n.install(qapp, "en")
        bridge.detach()


def _label_px(window: DisplayWindow, size: tuple[int, int]) -> int:
    """The pixel size of the stat labels ("PLAYERS LEFT"...) in `window` at `size`."""
    window.resize(*size)
    return window.fonts["players_label"].pixelSize()


def test_the_core_announcements_are_rebuilt_in_french(french: None) -> None:
    clock = {"ante": 0, "on_break": False}
    notes = [{"kind": "registration_closes", "seconds": 59, "text": "Late registration closes in 1 minutes"},
             {"kind": "registration_closes", "seconds": 600, "text": "Late registration closes in 10 minutes"},
             {"kind": "add_on_open", "text": "Add-on open"},
             {"kind": "finished", "text": "Ann wins"},
             {"kind": "something_new", "text": "A note this display does not know"}]
    found = [n.line.text for n in notices(clock, notes, [], [], {}, QLocale(), winner="Ann")]
    assert found == ["Ann remporte le tournoi", "Add-on ouvert", "Fin des inscriptions tardives dans 1 minute",
                     "Fin des inscriptions tardives dans 10 minutes", "A note this display does not know"]
    assert level_speech({"level": 7, "small_blind": 400, "big_blind": 800, "ante": 800, "ante_kind": "big_blind"}) \
        == "Niveau 7. Blindes 400 et 800, ante big blind 800."


TWO_SCREENS = {
    "synchronousWindowSystemEvents": True,
    "windowFrameMargins": False,
    "screens": [
        {"name": "laptop", "x": 0, "y": 0, "width": 1280, "height": 800, "logicalDpiX": 96, "logicalDpiY": 96,
         "dpr": 1},
        {"name": "projector", "x": 1280, "y": 0, "width": 1920, "height": 1080, "logicalDpiX": 96,
         "logicalDpiY": 96, "dpr": 1},
    ],
}

# Runs in a child process: the offscreen platform takes its screens from a file when it starts.
TWO_SCREENS_SCRIPT = r"""
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from tourneydesk.demo import make_demo
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.display import DisplayWindow

folder = Path(sys.argv[1])
app = QApplication([])
laptop, projector = app.screens()
desk = make_demo(folder / "demo.tdesk", now=1_767_000_000.0)
bridge = DeskBridge(desk)
settings = QSettings(str(folder / "display.ini"), QSettings.Format.IniFormat)
out = {}
first = DisplayWindow(bridge, settings=settings, slot="first", audio=False)
second = DisplayWindow(bridge, settings=settings, slot="second", audio=False)
first.go_full_screen(laptop)
second.go_full_screen(projector)
app.processEvents()
out["both"] = [(w.screen().name(), w.isFullScreen(), w.geometry().getRect(), w.grab().width())
               for w in (first, second)]
second.screen_removed(projector)  # what Qt calls when the projector is unplugged
app.processEvents()
out["unplugged"] = (second.screen().name(), second.isFullScreen(), second.isVisible(), second.geometry().getRect())
second.screen_added(projector)  # ...and plugged back
app.processEvents()
out["back"] = (second.screen().name(), second.isFullScreen())
again = DisplayWindow(bridge, settings=settings, slot="second", audio=False)
again.show_on_remembered_screen()
app.processEvents()
out["reopened"] = (again.screen().name(), again.isFullScreen())
for w in (first, second, again):
    w.close()
desk.close()
print(json.dumps(out))
"""


def test_two_displays_on_two_screens_and_a_projector_unplugged(tmp_path: Path) -> None:
    screens_file = tmp_path / "screens.json"
    screens_file.write_text(json.dumps(TWO_SCREENS))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screens_file}"}
    run = subprocess.run([sys.executable, "-c", TWO_SCREENS_SCRIPT, str(tmp_path)], env=env, capture_output=True,
                         text=True, timeout=120, cwd=Path(__file__).resolve().parents[2], check=False)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""  # no Qt warning either
    out = json.loads(run.stdout)
    assert out["both"] == [["laptop", True, [0, 0, 1280, 800], 1280],
                           ["projector", True, [1280, 0, 1920, 1080], 1920]]
    name, full, visible, (x, y, width, height) = out["unplugged"]
    assert (name, full, visible) == ("laptop", False, True)
    assert (width, height) == (960, 600) and (x + width // 2, y + height // 2) == (640, 400)  # centred
    assert out["back"] == ["projector", True]
    assert out["reopened"] == ["projector", True]
