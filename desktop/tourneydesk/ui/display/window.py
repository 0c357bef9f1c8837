"""The projector display: the screen the whole room reads from ten metres.

One widget paints every box itself. A command re-renders from the snapshot; between commands a timer
aligned to the core clock's next whole second re-reads only the clock, and only the boxes whose text
changed are repainted (the time, once a second).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast

from ...core.read_models.seats import seat_prizes
from ..bridge import DeskBridge
from ..namesakes import Namesakes
from ..qt import (
    QAction,
    QActionGroup,
    QContextMenuEvent,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QKeyEvent,
    QLocale,
    QMenu,
    QPainter,
    QPaintEvent,
    QPixmap,
    QRect,
    QRectF,
    QResizeEvent,
    QScreen,
    QSettings,
    Qt,
    QTimer,
    QWidget,
    Signal,
)
from . import screens
from .audio import Audio
from .clockview import clock_view
from .content import (
    Heads,
    Line,
    bounty_lines,
    clock_lines,
    envelope_lines,
    field_lines,
    notice_lines,
    notices,
    payout_lines,
    seats_won_lines,
)
from .cues import Cue, Mark, cue_between
from .fitting import digit_template, fitted_px, sized
from .layout import Box, make_layout
from .pages import PAGES, ROTATIONS_S, page_names, page_rows, paint_page
from .themes import DEFAULT_THEME, THEMES, theme_label

PAGE_MS = 8000  # payouts and notices that do not fit take turns this often
TICKER_SHARE = 0.07  # of the height: the strip the TD's message runs along, at the bottom of every screen
TICKER_STEP_MS = 40  # a message wider than the screen scrolls by, this often
TICKER_SPEED = 0.12  # screen heights a second: read as it passes, never a blur
TICK_SLACK_MS = 3  # wake just after the second turns, never just before it
VOLUMES = (25, 50, 75, 100)


class DisplayWindow(QWidget):
    """The room's display of one tournament. `slot` names it in the settings: two projectors showing
    the same event are two windows with two slots, each remembering its own screen."""

    cue = Signal(object)  # a Cue, when one is due (whether or not this machine can play it)

    def __init__(self, bridge: DeskBridge, *, settings: QSettings | None = None, slot: str = "display",
                 audio: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("TourneyDesk — display"))
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # every pixel is painted: no clearing first
        self.setMinimumSize(640, 360)
        self.bridge = bridge
        self.desk = bridge.desk
        self.settings = settings if settings is not None else QSettings("TourneyDesk", "TourneyDesk")
        self.slot = slot
        config = self.desk.config
        self.number_locale = display_locale(config.currency)
        self._chip_colours = {c.value: c.color for c in config.chips}
        self._bounty_event = config.is_bounty_event
        self._logo = _load_logo(config.display.get("logo"), self.desk.path.parent, self.settings)
        self.theme = THEMES.get(str(self.settings.value(f"{slot}/theme", DEFAULT_THEME)), THEMES[DEFAULT_THEME])
        self._named = False  # the money panel lists names (a deal, the results): a wider panel
        self.layout_ = make_layout(1280, 720, bounty_event=self._bounty_event, logo=self._logo is not None)
        self.message = ""
        self.lines: dict[str, Line] = {}
        self.fonts: dict[str, QFont] = {}
        self._snap: dict[str, Any] = {}
        self._heads = Heads(bridge.changes)
        self._namesakes = Namesakes()  # two Marc Martins moved: told apart by the seats they leave
        self._mark: Mark | None = None
        self._payout_page = self._notice_page = 0
        self._money_shown: dict[str, tuple[tuple[Any, ...], dict[str, Line]]] = {}  # what each panel shows, worded
        self._notice_pages = 1
        self._displaced_from: str | None = None  # the remembered screen, while it is unplugged
        self.audio = Audio(_volume(self.settings, slot), _flag(self.settings, f"{slot}/muted"),
                           _flag(self.settings, f"{slot}/voice", True), self) if audio else None
        self._tick_timer = QTimer(self)
        self._tick_timer.setSingleShot(True)
        self._tick_timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._tick_timer.timeout.connect(self.refresh_clock)
        self._page_timer = QTimer(self)
        self._page_timer.setInterval(PAGE_MS)
        self._page_timer.timeout.connect(self.turn_pages)
        # The room's screens: the clock, and those the TD added, taking turns.
        chosen = str(self.settings.value(f"{slot}/screens", "clock")).split(",")
        self.screens = [page for page in PAGES if page in chosen] or ["clock"]
        self.rotate_s = int(str(self.settings.value(f"{slot}/rotate_s", ROTATIONS_S[1])))
        self.screen_index = 0
        self._turns: dict[str, int] = {}  # each list screen's screenful shown last
        self._rotation = QTimer(self)
        self._rotation.setInterval(self.rotate_s * 1000)
        self._rotation.timeout.connect(self.next_screen)
        if len(self.screens) > 1:
            self._rotation.start()
        self.message = ""  # the TD's message to the room, on a strip at the bottom
        self._ticker_x = 0.0
        self._ticker = QTimer(self)
        self._ticker.setInterval(TICKER_STEP_MS)
        self._ticker.timeout.connect(self._scroll_ticker)
        self._listening = False
        self._listen(True)
        self.resize(1280, 720)
        self.refresh()

    # -- what is shown ---------------------------------------------------------------------------
    def refresh(self, _result: object = None) -> None:
        """Re-render everything from a fresh snapshot (after a command, or when the level turns)."""
        self._snap = self.bridge.snapshot()
        snap = self._snap
        self._heads.update(snap["entries"])
        self._namesakes.update(snap["players"])
        self._set_message(next((n["text"] for n in snap["announcements"] if n["kind"] == "message"), ""))
        named = snap["tournament"]["status"] == "finished" or bool(snap.get("deal"))
        if named != self._named:
            self._named = named
            self._relayout()
        lines = self._clock_and_notices(snap["clock"], snap["announcements"], snap["on_clock"],
                                        snap["tournament"]["status"])
        lines["title"] = Line(snap["tournament"]["name"])
        lines |= field_lines(snap, self.number_locale)
        lines |= self._money_lines()
        self._show(lines)
        self._check_cue(snap["clock"])
        self._schedule_tick(1000 - self.desk.now_ms() % 1000 if not snap["clock"]["running"] else None)

    def refresh_clock(self) -> None:
        """The once-a-second update: the clock alone, read from the core at this instant."""
        view = clock_view(self.desk)
        old = self._snap["clock"]
        if (view.clock["index"], view.clock["running"], view.clock["started"], view.status) != \
                (old["index"], old["running"], old["started"], self._snap["tournament"]["status"]):
            self.refresh()
            return
        self._show(self._clock_and_notices(view.clock, view.announcements, view.on_clock, view.status))
        self._check_cue(view.clock)
        self._tick_timer.start(view.next_second_ms + TICK_SLACK_MS)

    def turn_pages(self) -> None:
        self._payout_page += 1
        self._notice_page += 1
        view = clock_view(self.desk)
        # A new dict: the money's lines are the very dict kept for the next redraw, never written into.
        self._show(self._money_lines() | self._clock_and_notices(view.clock, view.announcements, view.on_clock,
                                                                 view.status))

    def _schedule_tick(self, delay_ms: int | None) -> None:
        if delay_ms is None:
            delay_ms = clock_view(self.desk).next_second_ms
        self._tick_timer.start(delay_ms + TICK_SLACK_MS)

    def _clock_and_notices(self, clock: dict[str, Any], announcements: list[dict[str, Any]],
                           on_clock: list[dict[str, Any]], status: str) -> dict[str, Line]:
        first = None
        seats = seat_prizes(self._snap) if status == "finished" else {}
        if status == "finished" and not seats:  # the core's note says "X wins" in English: the display names X
            first = next((e for e in self._snap.get("entries", ()) if e["place"] == 1), None)
        lines = clock_lines(clock, status, announcements, self.number_locale, first,
                            self._snap["tournament"]["currency"])
        if seats:  # a satellite: every survivor won a seat, nobody won it
            lines = lines | seats_won_lines(next(iter(seats.values())).target, len(seats), self.number_locale)
        winner = first["name"] if first else None
        found = notices(clock, announcements, on_clock, self._snap["tables"], self._chip_colours, self.number_locale,
                        winner, self._namesakes, self._snap.get("waiting"))
        notice, self._notice_pages = notice_lines(found, self.layout_.notice_slots, self._notice_page)
        return lines | notice

    def _money_lines(self) -> dict[str, Line]:
        """The payouts' page and the biggest bounties, each worded again only when what it shows moved (a
        bust far from the money moves neither), the snapshot's parts being the same objects while they stand."""
        snap, rows, page = self._snap, self.layout_.bounty_rows, self._payout_page
        lines = self._worded("payouts", (snap["payouts"], snap.get("deal"), snap["tournament"]["status"], page,
                                         self.layout_),
                             lambda: payout_lines(snap, self.layout_.payout_rows, page, self.number_locale))
        envelopes = snap["money"].get("envelopes")
        if rows and envelopes is not None:
            lines = lines | self._worded("bounties", (self.layout_, envelopes),
                                         lambda: envelope_lines(snap, rows, self.number_locale))
        elif rows:
            lines = lines | self._worded("bounties", (self.layout_, *self._heads.biggest(rows)),
                                         lambda: bounty_lines(snap, rows, self.number_locale, self._heads))
        return lines

    def _worded(self, what: str, shows: tuple[Any, ...], word: Callable[[], dict[str, Line]]) -> dict[str, Line]:
        kept = self._money_shown.get(what)
        if kept is not None and len(kept[0]) == len(shows) and all(a is b for a, b in zip(kept[0], shows, strict=True)):
            return kept[1]
        lines = word()
        self._money_shown[what] = (shows, lines)
        return lines

    def _paging_needed(self) -> bool:
        return len(self._snap["payouts"]) > self.layout_.payout_rows or self._notice_pages > 1

    def _check_cue(self, clock: dict[str, Any]) -> None:
        mark = Mark.of(clock)
        cue = cue_between(self._mark, mark)
        self._mark = mark
        if cue is not None:
            self._play(cue)

    def _play(self, cue: Cue) -> None:
        self.cue.emit(cue)
        if self.audio is not None:
            self.audio.play(cue)

    # -- painting only what changed --------------------------------------------------------------
    def _show(self, lines: dict[str, Line]) -> None:
        changed = {name for name, line in lines.items() if self.lines.get(name) != line}
        if not changed:
            return
        self.lines.update({name: lines[name] for name in changed})
        for name in self._refit(changed):
            if name in self.layout_.boxes:
                self.update(self._paint_rect(self.layout_.boxes[name]))
        if self._paging_needed() != self._page_timer.isActive():
            (self._page_timer.start if self._paging_needed() else self._page_timer.stop)()

    def _refit(self, names: set[str]) -> set[str]:
        """Fit the fonts of `names` (and of their groups); returns every box whose font or text changed."""
        boxes = self.layout_.boxes
        touched = set(names)
        for group in {boxes[n].group for n in names if n in boxes and boxes[n].group}:
            members = [n for n, b in boxes.items() if b.group == group]
            # a name between a place and an amount is cut to fit, never the reason its row shrinks
            fitted = [n for n in members if self.lines.get(n, Line("")).text and not boxes[n].beside]
            px = min((self._fit(n) for n in fitted or members if self.lines.get(n, Line("")).text), default=0)
            for n in members:
                font = sized(boxes[n].bold, px)
                if self.fonts.get(n) != font:
                    self.fonts[n] = font
                    touched.add(n)
        for n in names:
            if n in boxes and not boxes[n].group:
                self.fonts[n] = sized(boxes[n].bold, self._fit(n))
        # a name is cut to the room its place and amount leave: when they change, so may the name
        touched |= {n for n, b in boxes.items() if b.beside in touched or b.after in touched}
        return touched

    def _fit(self, name: str) -> int:
        box = self.layout_.boxes[name]
        text = digit_template(self.lines.get(name, Line("")).text)
        if not text:
            return int(box.rect.height())
        px = fitted_px(text, box.bold, box.rect.width(), box.rect.height())
        if box.elide:  # a long name is cut rather than shrunk below half its box
            px = max(px, min(int(box.rect.height() * 0.5), fitted_px("M", box.bold, box.rect.width(),
                                                                     box.rect.height())))
        return px

    def _paint_rect(self, box: Box) -> QRect:
        pad = self._row_pad()
        return box.rect.adjusted(-pad, -2, pad, 2).toAlignedRect()

    def _row_pad(self) -> float:
        return max(4.0, self.width() * 0.004)

    def shown_text(self, name: str) -> str:
        """The text as painted in box `name` (cut with an ellipsis where the box elides)."""
        box = self.layout_.boxes[name]
        text = self.lines.get(name, Line("")).text
        if box.beside or box.after:  # "Maximil…Bustamante": both ends of a name tell players apart
            return QFontMetricsF(self.fonts[name]).elidedText(text, Qt.TextElideMode.ElideMiddle,
                                                             self.text_rect(name).width())
        if box.elide:
            return QFontMetricsF(self.fonts[name]).elidedText(text, Qt.TextElideMode.ElideRight, box.rect.width())
        return text

    def text_rect(self, name: str) -> QRectF:
        """Where box `name`'s text is drawn: its box, or for a name, the part of it between the place's
        text and the amount's, with a gap either side."""
        box = self.layout_.boxes[name]
        if not (box.beside or box.after):
            return box.rect
        gap = box.rect.height() * 0.4
        left, right = box.rect.left(), box.rect.right()
        if box.after and (text := self.lines.get(box.after, Line("")).text):
            after = self.layout_.boxes[box.after].rect
            left = max(left, after.left() + QFontMetricsF(self.fonts[box.after]).horizontalAdvance(text) + gap)
        if box.beside and (text := self.lines.get(box.beside, Line("")).text):
            beside = self.layout_.boxes[box.beside].rect
            right = min(right, beside.right() - QFontMetricsF(self.fonts[box.beside]).horizontalAdvance(text) - gap)
        return QRectF(left, box.rect.top(), max(0.0, right - left), box.rect.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Only what lies in the parts to repaint: after a bust, a few lines of the screen.
        region = event.region()

        def shown(rect: QRectF) -> bool:
            return region.intersects(rect.toAlignedRect())

        theme = self.theme
        for rect in cast("Iterable[QRect]", region):  # PySide iterates a region (its stubs do not say so)
            painter.fillRect(rect, theme.color("background"))
        if self.message:
            self._paint_ticker(painter)
        page = self.current_screen()
        if page != "clock":
            title, rows = page_rows(page, self._snap, self.number_locale)
            screens = paint_page(painter, QRectF(0, 0, self.width(), self.height() - self._strip_height()), theme,
                                 title, rows, self._turns.get(page, 0))
            self._turns[page] = self._turns.get(page, 0) % screens
            painter.end()
            return
        painter.setPen(theme.color("muted") if theme.panel == theme.background else Qt.PenStyle.NoPen)
        painter.setBrush(theme.color("panel"))
        radius = self.height() * 0.012
        for panel in self.layout_.panels:
            if shown(panel):
                painter.drawRoundedRect(panel, radius, radius)
        if self._logo is not None and shown(self.layout_.logo):
            logo = self._logo.scaled(self.layout_.logo.size().toSize(), Qt.AspectRatioMode.KeepAspectRatio,
                                     Qt.TransformationMode.SmoothTransformation)
            painter.drawPixmap(self.layout_.logo.topLeft(), logo)
        pad = self._row_pad()
        for name, box in self.layout_.boxes.items():
            line = self.lines.get(name)
            if line is None or not line.text or not shown(box.rect):
                continue
            if line.highlight and not box.beside:  # a name's band is its row's: never over the amount
                painter.fillRect(box.rect.adjusted(-pad, 0, pad, 0), theme.color("highlight"))
            painter.setPen(theme.color("highlight_text" if line.highlight else line.role))
            painter.setFont(self.fonts[name])
            painter.drawText(self.text_rect(name), box.align, self.shown_text(name))
        painter.end()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()
        if self._snap:
            self.refresh()

    def _relayout(self) -> None:
        self.layout_ = make_layout(self.width(), self.height() - self._strip_height(), bounty_event=self._bounty_event,
                                   logo=self._logo is not None, named=self._named)
        self.lines = {}
        self.fonts = {}
        self.update()

    # -- settings: theme, sound ------------------------------------------------------------------
    def set_theme(self, name: str) -> None:
        self.theme = THEMES[name]
        self.settings.setValue(f"{self.slot}/theme", name)
        self.update()

    def set_sound(self, *, volume: int | None = None, muted: bool | None = None, voice: bool | None = None) -> None:
        if volume is not None:
            self.settings.setValue(f"{self.slot}/volume", volume)
        if muted is not None:
            self.settings.setValue(f"{self.slot}/muted", muted)
        if voice is not None:
            self.settings.setValue(f"{self.slot}/voice", voice)
        if self.audio is not None:
            self.audio.set_volume(_volume(self.settings, self.slot),
                                  _flag(self.settings, f"{self.slot}/muted"))
            self.audio.voice = _flag(self.settings, f"{self.slot}/voice", True)

    # -- screens ---------------------------------------------------------------------------------
    def go_full_screen(self, screen: QScreen) -> None:
        """Full screen on `screen`, remembered for the next time this display opens."""
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()
        self.setCursor(Qt.CursorShape.BlankCursor)
        self._displaced_from = None
        screens.remember(self.settings, self.slot, screen)

    def go_windowed(self) -> None:
        self.showNormal()
        self.unsetCursor()
        screens.remember(self.settings, self.slot, None)

    def show_on_remembered_screen(self) -> None:
        screen = screens.remembered(self.settings, self.slot)
        if screen is not None:
            self.go_full_screen(screen)
        else:
            self.show()

    def screen_removed(self, screen: QScreen) -> None:
        """The projector was unplugged: carry on as a normal window on a screen that is still there,
        and go back full screen when the same projector returns."""
        if not self.isFullScreen() or not screens.same(screen, self.screen()):
            return
        self._displaced_from = screen.name()
        self.showNormal()
        self.unsetCursor()
        # Qt emits screenRemoved before it moves the windows away itself: the screens left are listed
        rest = [s for s in QGuiApplication.screens() if not screens.same(s, screen)]
        if rest:
            self.setScreen(rest[0])
            area = rest[0].availableGeometry()
            frame = QRect(area.topLeft(), area.size() * 0.75)
            frame.moveCenter(area.center())
            self.setGeometry(frame)
        self.show()

    def screen_added(self, screen: QScreen) -> None:
        found = screens.remembered(self.settings, self.slot)
        if self._displaced_from is not None and found is not None and screens.same(found, screen):
            self.go_full_screen(screen)

    # -- the room's screens, taking turns ----------------------------------------------------------------
    def current_screen(self) -> str:
        return self.screens[self.screen_index % len(self.screens)]

    def set_screens(self, pages: list[str], rotate_s: int | None = None) -> None:
        """The screens that take turns (the clock among them unless the TD took it out), kept with the
        app's settings for this display; `rotate_s`: how long each stays."""
        self.screens = [page for page in PAGES if page in pages] or ["clock"]
        if rotate_s is not None:
            self.rotate_s = rotate_s
        self.settings.setValue(f"{self.slot}/screens", ",".join(self.screens))
        self.settings.setValue(f"{self.slot}/rotate_s", self.rotate_s)
        self.screen_index = 0
        self._rotation.setInterval(self.rotate_s * 1000)
        (self._rotation.start if len(self.screens) > 1 else self._rotation.stop)()
        self.update()

    def next_screen(self) -> None:
        self.screen_index = (self.screen_index + 1) % len(self.screens)
        page = self.current_screen()
        if page != "clock":
            self._turns[page] = self._turns.get(page, -1) + 1  # a long list: its next screenful
        self.update()

    # -- the TD's message, running along the bottom -----------------------------------------------------
    def _strip_height(self) -> int:
        return int(self.height() * TICKER_SHARE) if self.message else 0

    def _set_message(self, text: str) -> None:
        if text == self.message:
            return
        self.message = text
        self._ticker_x = float(self.width())
        (self._ticker.start if text else self._ticker.stop)()
        self._relayout()

    def _ticker_font(self) -> QFont:
        font = QFont()
        font.setPixelSize(max(10, int(self._strip_height() * 0.62)))
        font.setBold(True)
        return font

    def _ticker_rect(self) -> QRectF:
        height = self._strip_height()
        return QRectF(0, self.height() - height, self.width(), height)

    def _paint_ticker(self, painter: QPainter) -> None:
        """The message on its strip: still and centred when it fits, else running from right to left."""
        rect = self._ticker_rect()
        painter.fillRect(rect, self.theme.color("panel"))
        painter.setFont(self._ticker_font())
        painter.setPen(self.theme.color("accent"))
        wide = QFontMetricsF(self._ticker_font()).horizontalAdvance(self.message)
        if wide <= rect.width() * 0.96:
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), self.message)
            return
        painter.drawText(rect.adjusted(self._ticker_x, 0, self._ticker_x + wide, 0),
                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), self.message)

    def _scroll_ticker(self) -> None:
        wide = QFontMetricsF(self._ticker_font()).horizontalAdvance(self.message)
        if wide <= self.width() * 0.96:
            return  # it fits: it stands still
        self._ticker_x -= self.height() * TICKER_SPEED * TICKER_STEP_MS / 1000
        if self._ticker_x < -wide:
            self._ticker_x = float(self.width())
        self.update(self._ticker_rect().toAlignedRect())

    # -- the menu and keys -----------------------------------------------------------------------
    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.build_menu().exec(event.globalPos())

    def build_menu(self) -> QMenu:
        menu = QMenu(self)
        screen_menu = menu.addMenu(self.tr("Screen"))
        group = QActionGroup(screen_menu)
        for screen in QGuiApplication.screens():
            action = _choice(screen_menu, group, screens.screen_label(screen),
                             self.isFullScreen() and screens.same(screen, self.screen()))
            action.triggered.connect(lambda _=False, s=screen: self.go_full_screen(s))
        _choice(screen_menu, group, self.tr("In a window"), not self.isFullScreen()).triggered.connect(self.go_windowed)
        theme_menu = menu.addMenu(self.tr("Theme"))
        group = QActionGroup(theme_menu)
        for theme in THEMES.values():
            action = _choice(theme_menu, group, theme_label(theme), theme is self.theme)
            action.triggered.connect(lambda _=False, n=theme.name: self.set_theme(n))
        sound = menu.addMenu(self.tr("Sound"))
        muted = _flag(self.settings, f"{self.slot}/muted")
        sound.addAction(_check(sound, self.tr("Mute"), muted, lambda on: self.set_sound(muted=on)))
        group = QActionGroup(sound)
        volume = _volume(self.settings, self.slot)
        for level in VOLUMES:
            action = _choice(sound, group, self.tr("Volume {level}%").format(level=level), level == volume)
            action.triggered.connect(lambda _=False, v=level: self.set_sound(volume=v))
        voice = _flag(self.settings, f"{self.slot}/voice", True)
        sound.addAction(_check(sound, self.tr("Speak the new level"), voice, lambda on: self.set_sound(voice=on)))
        shown = menu.addMenu(self.tr("Screens in turn"))
        for page, words in page_names().items():
            shown.addAction(_check(shown, words, page in self.screens, lambda on, p=page: self.set_screens(
                [*self.screens, p] if on else [s for s in self.screens if s != p])))
        group = QActionGroup(shown)
        for seconds in ROTATIONS_S:
            action = _choice(shown, group, self.tr("Each for {seconds} s").format(seconds=seconds),
                             seconds == self.rotate_s)
            action.triggered.connect(lambda _=False, t=seconds: self.set_screens(self.screens, t))
        return menu

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F11:
            if self.isFullScreen():
                self.go_windowed()
            else:
                self.go_full_screen(self.screen())
        elif event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.go_windowed()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: Any) -> None:
        """A closed display stops listening: no timer, no re-render of a window nobody sees."""
        self._tick_timer.stop()
        self._page_timer.stop()
        self._rotation.stop()
        self._ticker.stop()
        self._listen(False)
        super().closeEvent(event)

    def showEvent(self, event: Any) -> None:
        if not self._listening:  # shown again after a close
            self._listen(True)
            self.refresh()
        super().showEvent(event)

    def _listen(self, on: bool) -> None:
        if on == self._listening:
            return
        self._listening = on
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        pairs = ((self.bridge.changed, self.refresh), (app.screenRemoved, self.screen_removed),
                 (app.screenAdded, self.screen_added))
        for signal, slot in pairs:
            (signal.connect if on else signal.disconnect)(slot)


def display_locale(currency: str) -> QLocale:
    """The system's locale; where it is the bare C locale (no digit grouping, no currency sign: "1650000
    EUR"), an English one that writes the tournament's currency with its sign, for the room to read."""
    system = QLocale()
    if system.language() != QLocale.Language.C:
        return system
    for candidate in QLocale.matchingLocales(QLocale.Language.English, QLocale.Script.AnyScript,
                                             QLocale.Country.AnyCountry):
        if candidate.currencySymbol(QLocale.CurrencySymbolFormat.CurrencyIsoCode) == currency \
                and candidate.groupSeparator() == "," and candidate.decimalPoint() == ".":
            return candidate
    return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)


def _volume(settings: QSettings, slot: str) -> int:
    try:
        return max(0, min(100, int(str(settings.value(f"{slot}/volume", 75)))))
    except ValueError:
        return 75


def _flag(settings: QSettings, key: str, default: bool = False) -> bool:
    value = settings.value(key, default)
    return value in (True, "true", "1", 1)


def _choice(menu: QMenu, group: QActionGroup, text: str, checked: bool) -> QAction:
    action = menu.addAction(text)
    action.setCheckable(True)
    action.setChecked(checked)
    group.addAction(action)
    return action


def _check(menu: QMenu, text: str, checked: bool, slot: Any) -> QAction:
    action = QAction(text, menu)
    action.setCheckable(True)
    action.setChecked(checked)
    action.toggled.connect(slot)
    return action


def _load_logo(name: object, beside: Path, settings: QSettings | None = None) -> QPixmap | None:
    """The logo from the config's `display.logo` (a path, relative to the tournament file), else the venue's
    own (`tourneydesk FILE lan logo PICTURE`, kept on this laptop beside the paired devices)."""
    if isinstance(name, str) and name:
        path = Path(name) if Path(name).is_absolute() else beside / name
        if path.is_file():
            pixmap = QPixmap(str(path))
            if not pixmap.isNull():
                return pixmap
    if settings is None:
        return None
    from ...lan.logo import read_picture, stored_path
    from ..venue_store import devices_store

    venue = read_picture(stored_path(devices_store(settings)))
    if venue is None:
        return None
    pixmap = QPixmap()
    return pixmap if pixmap.loadFromData(venue.data) else None


def open_display(bridge: DeskBridge, slot: str = "display") -> DisplayWindow:
    """Open the display on the screen it was last full screen on (or as a window); `tourneydesk FILE
    --display` and the TD console's menu call this. Keep the returned window referenced."""
    window = DisplayWindow(bridge, slot=slot)
    window.show_on_remembered_screen()
    return window


__all__ = ["DisplayWindow", "open_display"]
