"""The display's parts that need no window: colours, what is announced and chimed, the chime files."""

from __future__ import annotations

import importlib.util
import wave
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLocale

from tourneydesk import resources
from tourneydesk.ui.display import audio
from tourneydesk.ui.display.content import Line, clock_lines, notice_lines, notices
from tourneydesk.ui.display.cues import (
    BREAK_END,
    BREAK_START,
    LEVEL_CHANGE,
    ONE_MINUTE,
    SOUNDS,
    Cue,
    Mark,
    cue_between,
    level_speech,
)
from tourneydesk.ui.display.themes import THEMES, contrast_ratio

EN = QLocale(QLocale.Language.English, QLocale.Country.Ireland)


@pytest.mark.parametrize("theme", list(THEMES))
def test_every_text_colour_meets_wcag_aa(theme: str) -> None:
    t = THEMES[theme]
    for fg, bg in t.text_pairs():
        ratio = contrast_ratio(t.color(fg), t.color(bg))
        assert ratio >= 4.5, f"{theme}: {fg} on {bg} is {ratio:.2f}:1"


def test_contrast_ratio_matches_the_wcag_examples() -> None:
    from PySide6.QtGui import QColor

    assert contrast_ratio(QColor("#000000"), QColor("#ffffff")) == pytest.approx(21.0)
    assert contrast_ratio(QColor("#777777"), QColor("#ffffff")) == pytest.approx(4.48, abs=0.01)


def clock(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "index": 6, "level": 7, "on_break": False, "running": True, "started": True, "remaining_s": 600,
        "elapsed_s": 600, "overtime": False, "small_blind": 400, "big_blind": 800, "ante": 800,
        "ante_kind": "big_blind", "color_up": [], "break_in_s": 1500, "registration_open": False,
        "registration_closes_in_s": None, "add_on_open": False, "hand_for_hand": False, "hand": None,
        "next": {"index": 7, "level": None, "is_break": True, "small_blind": 0, "big_blind": 0, "ante": 0,
                 "ante_kind": "none", "minutes": 15, "color_up": [25]},
    }
    return base | changes


def test_the_spoken_level_reads_like_a_floor_person() -> None:
    assert level_speech(clock()) == "Level 7. Blinds 400 and 800, big blind ante 800."
    assert level_speech(clock(ante=100, ante_kind="classic")) == "Level 7. Blinds 400 and 800, ante 100."
    assert level_speech(clock(ante=0, ante_kind="none")) == "Level 7. Blinds 400 and 800."


def test_cues_fire_once_at_their_moment() -> None:
    now = Mark.of(clock(remaining_s=61))
    assert cue_between(None, now) is None  # the display just opened: nothing to announce
    assert cue_between(now, Mark.of(clock(remaining_s=60))) == Cue(ONE_MINUTE)
    assert cue_between(Mark.of(clock(remaining_s=60)), Mark.of(clock(remaining_s=59))) is None
    paused = Mark.of(clock(remaining_s=60, running=False))
    assert cue_between(now, paused) is None
    nxt = Mark.of(clock(index=7, level=8, small_blind=500, big_blind=1000, ante=1000))
    assert cue_between(now, nxt) == Cue(LEVEL_CHANGE, "Level 8. Blinds 500 and 1000, big blind ante 1000.")
    brk = Mark.of(clock(index=7, level=None, on_break=True, remaining_s=900, color_up=[25, 100]))
    assert cue_between(now, brk) == Cue(BREAK_START, "Break, 15 minutes. Colour-up: the 25 and 100 chips go.")
    after = Mark.of(clock(index=8, level=8))
    assert cue_between(brk, after) == Cue(BREAK_END, "Level 8. Blinds 400 and 800, big blind ante 800.")
    not_started = Mark.of(clock(started=False, running=False))
    assert cue_between(not_started, Mark.of(clock(index=0, level=1))).sound == LEVEL_CHANGE  # type: ignore[union-attr]


def test_the_clock_box_says_what_the_level_is() -> None:
    lines = clock_lines(clock(), "running", [], EN)
    assert (lines["level"].text, lines["time"].text, lines["blinds"].text, lines["ante"].text) == \
        ("LEVEL 7", "10:00", "400 / 800", "BB ANTE 800")
    assert lines["next"].text == "NEXT: BREAK, 15 MIN" and lines["break_in"].text == "NEXT BREAK IN 25:00"
    paused = clock_lines(clock(running=False), "running", [], EN)
    assert paused["state"] == Line("CLOCK PAUSED", "alert") and paused["time"].role == "alert"
    fresh = clock_lines(clock(elapsed_s=10), "running", [{"kind": "new_level", "text": ""}], EN)
    assert fresh["state"].text == "The new level applies from the next hand"
    over = clock_lines(clock(overtime=True, next=clock()["next"] | {"index": 6}), "running", [], EN)
    assert over["level"].text == "LEVEL 7 · OVERTIME" and over["next"].text == "NEXT: THIS LEVEL REPEATS"
    assert clock_lines(clock(ante=100, ante_kind="classic"), "running", [], EN)["ante"].text == "ANTE 100"


def test_notices_come_most_urgent_first_and_take_turns() -> None:
    tables = [{"number": 1, "players": 8, "ante": 800}, {"number": 4, "players": 4, "ante": 400},
              {"number": 7, "players": 2, "ante": 0}]
    announcements = [
        {"kind": "registration_closes", "seconds": 3001, "text": ""},
        {"kind": "add_on_open", "text": "Add-on open"},
        {"kind": "hand_for_hand", "hand": 12, "text": ""},
    ]
    on_clock = [{"entry": "e3", "name": "Ana Silva", "remaining_s": 42}]
    found = notices(clock(), announcements, on_clock, tables, {25: "green"}, EN)
    assert [n.line.text for n in found] == [
        "ON THE CLOCK: Ana Silva  00:42",
        "HAND-FOR-HAND · HAND 12",
        "Add-on open",
        "Late registration closes in 51 minutes",
        "Short-handed ante: table 4 400, table 7 no ante",
    ]
    first, pages = notice_lines(found, 2, 0)
    assert pages == 4 and first["notice_0"].text.startswith("ON THE CLOCK")  # the countdown stays put
    assert notice_lines(found, 2, 1)[0]["notice_1"].text == "Add-on open"
    colour_up = notices(clock(on_break=True), [{"kind": "color_up", "chips": [25, 100], "text": ""}], [], [],
                        {25: "green", 100: "black"}, EN)
    assert colour_up[0].line.text == "Colour-up at this break: the green 25 and black 100 chips go"
    last_minute = notices(clock(), [{"kind": "registration_closes", "seconds": 59, "text": ""}], [], [], {}, EN)
    assert last_minute[0].line.text == "Late registration closes in 1 minute"


def test_no_audio_objects_are_made_without_a_sound_system(monkeypatch: pytest.MonkeyPatch) -> None:
    # Under the offscreen platform (every test run) the display never loads Qt's audio backend,
    # whose loading warns on a machine without a sound server.
    assert not audio.audio_output_likely() and audio.speech_engine_likely() is None
    player = audio.Audio(50, muted=False, voice=True)
    assert not player.has_sound
    player.play(Cue(LEVEL_CHANGE, "Level 1. Blinds 100 and 200."))  # silent, and no error
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/nonexistent")
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    monkeypatch.setattr(audio.sys, "platform", "linux")
    assert not audio.audio_output_likely() and audio.speech_engine_likely() is None
    monkeypatch.setenv("PULSE_SERVER", "unix:/run/pulse/native")
    assert audio.audio_output_likely()
    monkeypatch.setattr(audio.sys, "platform", "win32")
    assert audio.speech_engine_likely() == "sapi"


def _make_sounds_module() -> Any:
    path = Path(__file__).resolve().parents[2] / "scripts" / "make_sounds.py"
    spec = importlib.util.spec_from_file_location("make_sounds", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_chimes_are_the_ones_the_script_makes() -> None:
    make_sounds = _make_sounds_module()
    folder = resources.resource_dir() / "sounds"
    assert set(make_sounds.CHIMES) == set(SOUNDS)
    for name in SOUNDS:
        with wave.open(str(folder / f"{name}.wav"), "rb") as chime:
            assert (chime.getnchannels(), chime.getsampwidth(), chime.getframerate()) == (1, 2, 44_100)
            frames = chime.readframes(chime.getnframes())
        assert 0.5 < len(frames) / 2 / 44_100 < 3  # a chime, not a song
        assert frames == make_sounds.render(make_sounds.CHIMES[name])  # deterministic: the script made it
        loudest = max(abs(int.from_bytes(frames[i:i + 2], "little", signed=True)) for i in range(0, len(frames), 2))
        assert 0.2 * 32767 < loudest <= 32767


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Player moved: Wassim Laurent → table 2 seat 3"),
    ("fr", "Joueur déplacé\u00a0: Wassim Laurent → table 2 siège 3")])
def test_the_rooms_move_line_reads_in_its_language(qapp: Any, language: str, said: str) -> None:
    """Met on a real evening: the projector said "Joueur déplacé: Wassim Laurent → table 2 siège 3", the
    colon stuck to the word as English writes it (and free to wrap alone on a narrow screen)."""
    from tourneydesk.ui import i18n
    from tourneydesk.ui.display.content import moves_lines
    from tourneydesk.ui.namesakes import Namesakes

    i18n.install(qapp, language)
    try:
        lines = moves_lines({"how": "balance", "moves": [{"name": "Wassim Laurent", "table": 2, "seat": 3}]},
                            Namesakes())
    finally:
        i18n.install(qapp, "en")
    assert [line.text for line in lines] == [said]
