"""The display's sound: chimes through QtMultimedia and the spoken level through QtTextToSpeech.

Both are optional. Loading Qt's audio backend on a machine with no sound server, or a speech engine
with no speech daemon, prints warnings (and a test run treats a Qt warning as a failure), so each is
created only when the system plainly has one: a PulseAudio or PipeWire socket, ALSA devices, or a
desktop platform whose audio is built in. Without them the display stays silent and says so once in
the log.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any

from ... import resources
from ..qt import QLocale, QObject, QTimer, QUrl, sound_effect_type, text_to_speech_type
from .cues import SOUNDS, Cue

log = logging.getLogger(__name__)
CHIME_MS = 1800


def _runtime_dir() -> Path:
    return Path(os.environ.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid()}")


def audio_output_likely() -> bool:
    if os.environ.get("QT_QPA_PLATFORM", "").startswith(("offscreen", "minimal")):
        return False
    if sys.platform != "linux":
        return True
    if os.environ.get("PULSE_SERVER"):
        return True
    run = _runtime_dir()
    return (run / "pulse" / "native").exists() or (run / "pipewire-0").exists()


def speech_engine_likely() -> str | None:
    """The QtTextToSpeech engine to use, or None where no voice can be had."""
    if os.environ.get("QT_QPA_PLATFORM", "").startswith(("offscreen", "minimal")):
        return None
    if sys.platform == "darwin":
        return "darwin"
    if sys.platform == "win32":
        return "sapi"
    sock = _runtime_dir() / "speech-dispatcher" / "speechd.sock"
    return "speechd" if os.environ.get("SPEECHD_ADDRESS") or sock.exists() else None


class Audio(QObject):
    """Plays a cue: its chime (volume 0-100, or muted) and, with the voice on, its words."""

    def __init__(self, volume: int, muted: bool, voice: bool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.volume, self.muted, self.voice = volume, muted, voice
        self._effects: dict[str, Any] = {}
        self._speech: Any = None
        self._speech_tried = False
        if audio_output_likely():
            self._load_effects()
        else:
            log.info("No audio output found: the display's chimes are silent")

    def _load_effects(self) -> None:
        try:
            QSoundEffect = sound_effect_type()
        except ImportError as exc:  # QtMultimedia needs libpulse on Linux
            log.info("QtMultimedia is unavailable (%s): the display's chimes are silent", exc)
            return
        for name in SOUNDS:
            effect = QSoundEffect(self)
            effect.setSource(QUrl.fromLocalFile(str(resources.resource_file("sounds", f"{name}.wav"))))
            self._effects[name] = effect
        self.set_volume(self.volume, self.muted)

    @property
    def has_sound(self) -> bool:
        return bool(self._effects)

    def set_volume(self, volume: int, muted: bool) -> None:
        self.volume, self.muted = max(0, min(100, volume)), muted
        for effect in self._effects.values():
            effect.setVolume(self.volume / 100)
            effect.setMuted(muted)

    def _voice(self) -> Any:
        if not self._speech_tried:
            self._speech_tried = True
            engine = speech_engine_likely()
            if engine is None:
                log.info("No speech engine found: the display does not speak")
                return None
            try:
                QTextToSpeech = text_to_speech_type()
            except ImportError:
                return None
            speech = QTextToSpeech(engine, self)
            if speech.state() == QTextToSpeech.State.Error or not speech.availableVoices():
                log.info("The speech engine %s has no voice: the display does not speak", engine)
                speech.deleteLater()
                return None
            # the words are in the app's language: a voice of that language says them, where one is installed
            language = QLocale().language()
            spoken = [loc for loc in speech.availableLocales() if loc.language() == language]
            if spoken and speech.locale().language() != language:
                speech.setLocale(spoken[0])
            self._speech = speech
        return self._speech

    def play(self, cue: Cue) -> None:
        if self.muted:
            return
        effect = self._effects.get(cue.sound)
        if effect is not None:
            effect.play()
        if self.voice and cue.speech:
            speech = self._voice()
            if speech is not None:
                speech.setVolume(self.volume / 100)
                text = cue.speech
                # after the chime has rung out, not over it
                QTimer.singleShot(CHIME_MS if effect is not None else 0, self, lambda: speech.say(text))
