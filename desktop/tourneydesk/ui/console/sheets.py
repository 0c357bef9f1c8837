"""The papers the console prints: move slips, the seating sheet, a flight's bag slips."""

from __future__ import annotations

from typing import Any

from .. import printing
from ..bridge import DeskBridge
from ..qt import QSettings
from .common import tr
from .moves_dialog import moves_of, news_title


def print_moves(bridge: DeskBridge, settings: QSettings, items: list[dict[str, Any]]) -> str:
    snap = bridge.snapshot()
    title = " · ".join(news_title(item) for item in items)
    page = printing.moves_sheet_html(snap["tournament"]["name"], title, moves_of(items), bridge.desk.now_ms())
    where = printing.print_target(settings, bridge.desk.path).output(page, "moves", printing.REPORT_PAGE)
    return tr("Move slips: {where}").format(where=where)


def print_seating(bridge: DeskBridge, settings: QSettings) -> str:
    """The seating sheet: every player in play with table and seat (after the first draw, the final table)."""
    snap = bridge.snapshot()
    seats = [(e["name"], e["table"], e["seat"]) for e in snap["entries"]
             if e["status"] == "active" and e["table"] is not None]
    page = printing.seating_sheet_html(snap["tournament"]["name"], seats, bridge.desk.now_ms())
    where = printing.print_target(settings, bridge.desk.path).output(page, "seating", printing.REPORT_PAGE)
    return tr("Seating sheet: {where}").format(where=where)


def print_bag_slips(bridge: DeskBridge, settings: QSettings, table: int, stacks: dict[str, int]) -> str:
    """One slip a player of the table just bagged, for the player and the TD to sign and put in the bag."""
    snap = bridge.snapshot()
    event, at_ms = snap["event"], bridge.desk.now_ms()
    target = printing.print_target(settings, bridge.desk.path)
    where = ""
    for e in snap["entries"]:
        if e["id"] in stacks:
            slip = printing.BagSlip(event["event_name"], event["name"], e["name"], table, e["seat"],
                                    stacks[e["id"]], at_ms)
            where = target.output(printing.bag_slip_html(slip), f"bag-slip-{e['id']}", printing.BAG_SLIP_PAGE)
    return tr("Table {table} bagged · %n bag slip(s): {where}", "", len(stacks)).format(table=table, where=where)
