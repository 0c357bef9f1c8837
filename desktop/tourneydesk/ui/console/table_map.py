"""Every table and seat at a glance; drag a player onto an empty seat of another table to move them.

Painted, not built from widgets: a thousand tables stay one widget that draws only what is visible.
A drop sends a `move` command; the desk decides whether it is allowed (never to the same table,
UPPS 4.4) and a refusal is shown under the map.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bridge import DeskBridge
from ..changes import Changes, EntryIndex
from ..namesakes import Namesakes, with_detail
from ..qt import (
    QApplication,
    QColor,
    QDrag,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QEvent,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QLabel,
    QMimeData,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPoint,
    QRect,
    QResizeEvent,
    QScrollArea,
    QSize,
    QSizePolicy,
    Qt,
    QToolTip,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .common import TEXT_SIZE, InlineError, send, tr

MIME = "application/x-tourneydesk-entry"
TILE_W = 230
GAP = 8
# After the name of a player moved who waits for the big blind or a hand: a clock face, which DejaVu Sans (the
# font the install guide lists) draws; its hourglass "⏳" was an empty box.
WAITS_MARK = "◷"


def fitted_name(name: str, metrics: QFontMetrics, width: int) -> str:
    """A name as it fits `width`: whole if it can be; else its first names made initials one by one, the
    last name kept whole ("J.-B. Delacroix-Montfort"), which the floor still reads aloud; else cut in its
    middle, its start and its end kept. The whole name is the seat's tooltip."""
    words = name.split(" ")
    for shortened in range(len(words)):  # 0: the whole name; never the last word
        short = " ".join([*(_initials(w) for w in words[:shortened]), *words[shortened:]])
        if metrics.horizontalAdvance(short) <= width:
            return short
    return metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, width)


def fitted_label(name: str, details: tuple[str, ...], metrics: QFontMetrics, width: int) -> str:
    """A name and what tells it apart from a namesake's ("Marc Martin (member 1002)") as it fits `width`: the
    name shortened as `fitted_name` does, the detail kept whole, since two shortened names would read alike;
    the shorter detail ("1002") where the longer leaves no room for the name's initials and family name."""
    if not details:
        return fitted_name(name, metrics, width)
    for detail in details:
        room = width - metrics.horizontalAdvance(with_detail("", detail))
        shown = fitted_name(name, metrics, max(room, 0))
        if "…" not in shown:
            break
    return with_detail(shown, detail)


def _initials(word: str) -> str:
    return "-".join(f"{part[0]}." for part in word.split("-") if part) or word


@dataclass(frozen=True)
class SeatSpot:
    table: int
    seat: int
    entry: str | None


class TableMapCanvas(QWidget):
    moved = Signal(str, int, int)  # entry, table, seat: a drop the TD asked for

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setMouseTracking(False)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._tables: list[dict[str, Any]] = []
        self._entries = EntryIndex(field=False)  # names and waits, by entry id
        self._namesakes = Namesakes()  # two Marc Martins at one table told apart by member id or nickname
        self._seats = 9
        self._press: QPoint | None = None
        self._hover: SeatSpot | None = None
        self._columns = 1
        self._seat_h = 19
        self._header_h = 26

    def update_snapshot(self, snap: dict[str, Any], seats_per_table: int, known: Changes | None = None) -> None:
        """Follow a snapshot, repainting only the tiles of the tables that changed, or at which a player
        changed (a name, a wait): after a bust, one or two of a thousand tiles."""
        changed = self._entries.update(snap["entries"], known)
        told_apart = self._namesakes.update(snap["players"])
        tables = [t for t in snap["tables"] if t["seats"] or t.get("players")]
        old = self._tables
        self._tables = tables
        if (seats_per_table != self._seats or told_apart
                or [t["number"] for t in tables] != [t["number"] for t in old]):
            self._seats = seats_per_table
            self._relayout()
            self.update()
            return
        dirty = {i for i, (new, was) in enumerate(zip(tables, old, strict=True)) if new is not was}
        if changed:
            position = {t["number"]: i for i, t in enumerate(tables)}
            parts = snap["entries"]
            dirty.update(position[n] for i in changed for n in (parts[i]["table"], parts[i]["last_table"])
                         if n in position)
        for i in dirty:
            self.update(self.tile_rect(i))

    # -- geometry ------------------------------------------------------------------------------
    def _tile_h(self) -> int:
        return self._header_h + self._seats * self._seat_h + 6

    def _relayout(self) -> None:
        # Rows as tall as the font needs: the console may use a larger font than the default.
        self._seat_h = max(19, self.fontMetrics().height() + 3)
        self._header_h = self._seat_h + 7
        width = max(self.width(), TILE_W + GAP)
        self._columns = max(1, (width - GAP) // (TILE_W + GAP))
        rows = -(-len(self._tables) // self._columns) if self._tables else 0
        self.setFixedHeight(max(GAP + rows * (self._tile_h() + GAP), 40))

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._relayout()
        super().resizeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(2 * (TILE_W + GAP) + GAP, self.height())

    def tile_rect(self, position: int) -> QRect:
        row, column = divmod(position, self._columns)
        return QRect(GAP + column * (TILE_W + GAP), GAP + row * (self._tile_h() + GAP), TILE_W, self._tile_h())

    def _positions_in(self, rect: QRect) -> range:
        """The tiles in the rows that `rect` crosses: a thousand tables, a dozen painted."""
        pitch = self._tile_h() + GAP
        first_row = max(0, (rect.top() - GAP) // pitch)
        last_row = max(0, (rect.bottom() - GAP) // pitch)
        return range(first_row * self._columns, min(len(self._tables), (last_row + 1) * self._columns))

    def seat_rect(self, position: int, seat: int) -> QRect:
        tile = self.tile_rect(position)
        top = tile.top() + self._header_h + (seat - 1) * self._seat_h
        return QRect(tile.left() + 4, top, TILE_W - 8, self._seat_h)

    def spot_at(self, point: QPoint) -> SeatSpot | None:
        for position, table in enumerate(self._tables):
            tile = self.tile_rect(position)
            if not tile.contains(point):
                continue
            seat = (point.y() - tile.top() - self._header_h) // self._seat_h + 1
            if 1 <= seat <= self._seats:
                return SeatSpot(table["number"], seat, table["seats"].get(str(seat)))
            return None
        return None

    def seat_center(self, table: int, seat: int) -> QPoint:
        position = next(i for i, t in enumerate(self._tables) if t["number"] == table)
        return self.seat_rect(position, seat).center()

    # -- painting ------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(event.rect(), self.palette().window())
        bold = QFont(self.font())
        bold.setBold(True)
        for position in self._positions_in(event.rect()):
            table = self._tables[position]
            tile = self.tile_rect(position)
            if not tile.intersects(event.rect()):
                continue
            painter.setPen(QColor("#9aa5b1"))
            painter.setBrush(QColor("#ffffff"))
            painter.drawRoundedRect(tile, 5, 5)
            header_band = QRect(tile.left() + 1, tile.top() + 1, tile.width() - 2, self._header_h - 2)
            painter.fillRect(header_band, QColor("#e3ecf7"))
            painter.setFont(bold)
            painter.setPen(QColor("#102a43"))
            header = tr("Table {number} · %n players", "", table.get("players", 0)).format(number=table["number"])
            painter.drawText(QRect(tile.left() + 8, tile.top(), tile.width() - 16, self._header_h),
                             Qt.AlignmentFlag.AlignVCenter, header)
            painter.setFont(self.font())
            for seat in range(1, self._seats + 1):
                self._paint_seat(painter, position, table, seat)
        painter.end()

    def _paint_seat(self, painter: QPainter, position: int, table: dict[str, Any], seat: int) -> None:
        rect = self.seat_rect(position, seat)
        entry = table["seats"].get(str(seat))
        if self._hover and self._hover.table == table["number"] and self._hover.seat == seat:
            painter.fillRect(rect, QColor("#c8e6c9"))
        button = " D" if table.get("button") == seat else ""
        painter.setPen(QColor("#52606d"))
        painter.drawText(rect.adjusted(2, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, f"{seat}{button}")
        painter.setPen(QColor("#102a43") if entry else QColor("#9aa5b1"))
        painter.drawText(rect.adjusted(34, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter,
                         self.seat_shown(position, seat, painter.fontMetrics()))

    def seat_shown(self, position: int, seat: int, metrics: QFontMetrics | None = None) -> str:
        """What the seat paints: the name as it fits the tile, told apart from a namesake's."""
        metrics = metrics or self.fontMetrics()
        entry = self._tables[position]["seats"].get(str(seat))
        part = self._entries.get(entry) if entry else None
        waits = f" {WAITS_MARK}" if part and part.get("waits") else ""
        width = self.seat_rect(position, seat).adjusted(34, 0, 0, 0).width() - metrics.horizontalAdvance(waits)
        if part is None:
            return fitted_name("" if entry else tr("empty"), metrics, width)
        player = str(part["player"])
        details = tuple(d for d in (self._namesakes.detail(player), self._namesakes.detail(player, short=True)) if d)
        return fitted_label(str(part["name"]), details, metrics, width) + waits

    def seat_text(self, spot: SeatSpot) -> str:
        """What a seat says in full: the name the tile may have shortened."""
        part = self._entries.get(spot.entry) if spot.entry else None
        if part is None:
            return tr("Table {table}, seat {seat}: empty").format(table=spot.table, seat=spot.seat)
        return tr("Table {table}, seat {seat}: {name}").format(table=spot.table, seat=spot.seat, name=self._name(part))

    def _name(self, part: dict[str, Any]) -> str:
        return self._namesakes.label(str(part["player"]), str(part["name"]))

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            spot = self.spot_at(event.pos())
            if spot is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.seat_text(spot), self)
            return True
        return super().event(event)

    # -- drag and drop -------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        spot = self.spot_at(self._press)
        self._press = None
        if spot is None or spot.entry is None:
            return
        drag = QDrag(self)
        drag.setMimeData(self.mime_for(spot.entry))
        drag.exec(Qt.DropAction.MoveAction)

    @staticmethod
    def mime_for(entry: str) -> QMimeData:
        data = QMimeData()
        data.setData(MIME, entry.encode())
        return data

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        spot = self.spot_at(event.position().toPoint())
        self._hover = spot if spot is not None and spot.entry is None else None
        if self._hover is not None:
            event.acceptProposedAction()
        else:
            event.ignore()
        self.update()

    def dropEvent(self, event: QDropEvent) -> None:
        spot = self.spot_at(event.position().toPoint())
        self._hover = None
        self.update()
        if spot is None or spot.entry is not None or not event.mimeData().hasFormat(MIME):
            event.ignore()
            return
        entry = bytes(event.mimeData().data(MIME).data()).decode()
        event.acceptProposedAction()
        self.moved.emit(entry, spot.table, spot.seat)


class TableMap(QWidget):
    """The canvas in a scroll area, with the refusal of the last move beneath it."""

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.canvas = TableMapCanvas()
        self.canvas.moved.connect(self.move_player)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.canvas)
        self.hint = QLabel(tr("Drag a player onto an empty seat to move them."))
        self.hint.setStyleSheet(f"color: #52606d; {TEXT_SIZE}")
        self.hint.setWordWrap(True)
        self.error = InlineError()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.hint)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)

    def update_snapshot(self, snap: dict[str, Any]) -> None:
        self.canvas.update_snapshot(snap, self._bridge.desk.config.seating.seats_per_table,
                                    self._bridge.changes())

    def move_player(self, entry: str, table: int, seat: int) -> None:
        send(self._bridge, {"type": "move", "entry": entry, "table": table, "seat": seat}, self.error)
