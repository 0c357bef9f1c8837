"""A window opened where nothing says how big it was: it takes its screen, title bar and all.

The console and the cashier desk opened at about 1280 px wide whatever the screen: a third of a 1920x1080
screen went unused, and on a 1280x720 screen the window manager's title bar pushed the bottom past the edge,
and with it the status line where "In the money" and the moves are told. On their first start they open
maximised, which the window manager fits to the screen's free area (no task bar under it) once it has
framed them, however long that takes on a loaded laptop; their size when not maximised is fitted to the
screen too. From then on each remembers the user's own size and place (`saveGeometry`), maximised or not.

The projector's display, when no projector is remembered, opens as a window on this screen and is
fitted to it once framed (`fit_once_framed`).
"""

from __future__ import annotations

from .qt import QGuiApplication, QTimer, QWidget

NORMAL_SHARE = 0.9  # of the screen's free area, each way: the window's size once the user un-maximises it
LOOK_EVERY_MS = 100
LOOK_FOR_MS = 5000  # a window manager frames a new window well within this, even on a loaded laptop


def show_first_time(window: QWidget) -> None:
    """Show `window`, which has no remembered geometry, maximised on its screen."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if QGuiApplication.platformName() == "offscreen" or screen is None:
        window.show()  # no screen a person looks at: its windows are drawn to memory at the size asked
        return
    room = screen.availableGeometry()
    width, height = int(room.width() * NORMAL_SHARE), int(room.height() * NORMAL_SHARE)
    # Laid out at about the size it will have (the console's docks are sized at the first showing), centred.
    window.resize(width, height)
    window.move(room.left() + (room.width() - width) // 2, room.top() + (room.height() - height) // 2)
    window.showMaximized()


def fit_once_framed(window: QWidget, waited_ms: int = 0) -> None:
    """Fit `window` as soon as the window manager has framed it (Qt learns the frame a moment after the
    window is shown); a window never framed (no window manager, an offscreen test) is left as it is."""
    if QGuiApplication.platformName() == "offscreen":
        return  # no screen a person looks at (its windows are drawn to memory, framed by 2 px of nothing)
    try:
        if not window.isVisible():
            return  # closed meanwhile (with its file): nothing to fit
    except RuntimeError:  # closed with WA_DeleteOnClose: the C++ side is gone
        return
    if window.frameGeometry().size() != window.geometry().size():
        fit_to_screen(window)
    elif waited_ms < LOOK_FOR_MS:
        QTimer.singleShot(LOOK_EVERY_MS, lambda: fit_once_framed(window, waited_ms + LOOK_EVERY_MS))


def fit_to_screen(window: QWidget) -> None:
    """Shrink and move `window` so that its frame lies inside its screen's free area (no task bar under it)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None or window.isMaximized() or window.isFullScreen():
        return
    room = screen.availableGeometry()
    frame = window.frameGeometry()
    extra_w, extra_h = frame.width() - window.width(), frame.height() - window.height()
    if (extra_w, extra_h) == (0, 0) or room.contains(frame):
        return  # not framed yet (or not by a window manager), or it fits
    width = min(window.width(), room.width() - extra_w)
    height = min(window.height(), room.height() - extra_h)
    window.resize(width, height)
    left = min(max(frame.left(), room.left()), room.right() + 1 - (width + extra_w))
    top = min(max(frame.top(), room.top()), room.bottom() + 1 - (height + extra_h))
    window.move(left, top)
