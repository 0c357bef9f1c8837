"""The console's docks (what to do now, the floor, the tables) and the layout the window remembers."""

from __future__ import annotations

from collections.abc import Callable

from ..qt import QDockWidget, QMainWindow, QSettings, Qt, QTimer, QWidget

GEOMETRY_KEY = "console/geometry"
STATE_KEY = "console/state"
WIDTH_KEY = "console/width"  # the window width the dock layout was saved at


class ConsoleDocks:
    def __init__(self, window: QMainWindow, settings: QSettings, *, plan: tuple[str, QWidget],
                 floor: tuple[str, QWidget], tables: tuple[str, QWidget], names_cut: Callable[[], bool]) -> None:
        self.window = window
        self.settings = settings
        self.names_cut = names_cut
        self.plan = self._dock("planDock", *plan, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.floor = self._dock("floorDock", *floor, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.tables = self._dock("tablesDock", *tables, Qt.DockWidgetArea.RightDockWidgetArea)
        self._sized = False

    def all(self) -> tuple[QDockWidget, ...]:
        return self.plan, self.floor, self.tables

    def _dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.window.addDockWidget(area, dock)
        return dock

    def size_afresh(self) -> None:
        """First showing without a remembered layout: room for two columns of tables."""
        window = self.window
        width = window.width()
        if width < 1600:  # a small screen: the tables share the left column with the floor, as a tab
            window.tabifyDockWidget(self.floor, self.tables)
            self.tables.raise_()
            window.resizeDocks([self.plan], [270], Qt.Orientation.Horizontal)
        else:
            window.resizeDocks([self.plan, self.tables], [320, 2 * 238 + 30], Qt.Orientation.Horizontal)
        plan = window.height() // 3 if width < 1600 else window.height() * 3 // 5
        window.resizeDocks([self.plan, self.floor], [plan, window.height() - plan], Qt.Orientation.Vertical)

    def restore(self) -> None:
        geometry = self.settings.value(GEOMETRY_KEY)
        state = self.settings.value(STATE_KEY)
        if geometry is not None:
            self.window.restoreGeometry(geometry)
        if state is not None:
            self.window.restoreState(state)

    def shown(self) -> None:
        """The window's first showing: the docks sized afresh, unless a layout fit for this screen is remembered."""
        if self._sized:
            return
        self._sized = True
        if self.settings.value(STATE_KEY) is None:
            self.size_afresh()
        elif self._from_another_screen():
            # After Qt has applied the remembered layout, which it does once the window is shown.
            QTimer.singleShot(0, self.size_afresh)
        else:
            QTimer.singleShot(0, self._unsqueeze)

    def _unsqueeze(self) -> None:
        """A remembered layout whose docks cut the players' names (one saved by a version whose panel
        grew at hand-for-hand) is laid out afresh: the names come first."""
        if self.names_cut():
            self.size_afresh()

    def _from_another_screen(self) -> bool:
        """Docks laid out for a much wider (or narrower) window would squeeze the player list to nothing:
        on a screen of another size the docks are sized afresh."""
        saved = self.settings.value(WIDTH_KEY)
        width = self.window.width()
        try:
            saved_width = int(saved) if saved is not None else width
        except (TypeError, ValueError):
            return True
        return abs(saved_width - width) > width // 6

    def save(self) -> None:
        self.settings.setValue(GEOMETRY_KEY, self.window.saveGeometry())
        self.settings.setValue(STATE_KEY, self.window.saveState())
        self.settings.setValue(WIDTH_KEY, self.window.width())
