"""A table view for lists of thousands of rows that repaints, of a change, only the cells it shows.

Qt repaints the whole viewport when a model says that more than a couple of hundred rows changed, even when
the change is one column: a late entry moves every place out by one, and the console's and the cashier's
lists said so for 10,000 rows, so every cell on screen was drawn again (the name, the status, the table...)
for a place that moved. `LongList` passes on only the part of such a change that is on screen, the columns
it names, so the view draws those cells and no other.
"""

from __future__ import annotations

from collections.abc import Sequence

from .qt import QModelIndex, QPersistentModelIndex, QTableView

# Below this many rows Qt already repaints only what a change covers.
CLIPPED_FROM = 100

Index = QModelIndex | QPersistentModelIndex


class LongList(QTableView):
    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Sequence[int] = ()) -> None:
        model = self.model()
        if (model is None or not top_left.isValid() or not bottom_right.isValid()
                or bottom_right.row() - top_left.row() < CLIPPED_FROM or not self.isVisible()):
            super().dataChanged(top_left, bottom_right, list(roles))
            return
        first = self.rowAt(0)
        if first < 0:  # nothing laid out yet: as Qt would
            super().dataChanged(top_left, bottom_right, list(roles))
            return
        last = self.rowAt(self.viewport().height() - 1)
        if last < 0:  # the list ends above the bottom of the view
            last = model.rowCount(top_left.parent()) - 1
        first, last = max(first, top_left.row()), min(last, bottom_right.row())
        if first > last:
            return  # none of it on screen: it is drawn as it is when it scrolls into sight
        parent = top_left.parent()
        super().dataChanged(model.index(first, top_left.column(), parent),
                            model.index(last, bottom_right.column(), parent), list(roles))
