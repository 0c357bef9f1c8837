"""The cashier's late buy-in at 10,000 entries with 9,000 out, beside the desk alone, in the same run.

A late entry adds a place below everyone out, so every place out moves by one: 9,000 entries' parts of
the snapshot change, and with them the places of every bounty the cashier still owes. Measured:

- a late buy-in sold at the cashier window (1280x720, its sale panel's own command, the present box
  ticked), until the window has followed it: its list of players, "To pay now", the drawer (target
  well under 100 ms);
- the baseline: the same buy-in on the desk with no window listening, and with the one snapshot any
  window needs after it.

Each figure is wall time with this thread's CPU time beside it: on a machine shared with other work the
wall time waits for the cores, the CPU time does not.

Run from the repository root: QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/bench_cashier.py
The 10,000-entry evening is built as scripts/bench_ui.py builds it (not timed); `--late-file` keeps it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ui import ENTRIES, LATE_LEFT, build, build_late, pinned
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.cashier import CashierWindow

SALES = 9


def settle() -> None:
    QApplication.processEvents()


def timed(action: Callable[[], Any]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.thread_time()
    action()
    settle()
    return (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000


def figures(values: list[tuple[float, float]]) -> str:
    walls, cpus = [w for w, _ in values], [c for _, c in values]
    return (f"median {statistics.median(walls):6.1f} ms, max {max(walls):6.1f} ms "
            f"(CPU median {statistics.median(cpus):5.1f} ms)")


def at_the_cashier(path: Path, folder: Path) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """(sold at this window, the seat card printed; sold at another desk, followed by this window)."""
    desk = Desk.open(path, now=pinned(path))
    bridge = DeskBridge(desk)
    window = CashierWindow(bridge, settings=QSettings(str(folder / "cashier.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 720)
    window.show()
    settle()
    sold = []
    for n in range(SALES):
        player = bridge.execute({"type": "register", "name": f"Late Comer {n}"})["player"]
        settle()
        window.sale.set_player(player)  # found at the desk, then the sale as the cashier takes it
        window.sale.present.setChecked(True)
        settle()
        sold.append(timed(window.sale.confirm))
    followed = []
    for n in range(SALES):
        player = bridge.execute({"type": "register", "name": f"Late Comer {n} elsewhere"})["player"]
        settle()
        followed.append(timed(lambda player=player: bridge.execute(  # type: ignore[misc]
            {"type": "buy_in", "player": player, "payment": "cash", "present": True})))
    bridge.detach()
    window.close()
    settle()
    desk.close()
    return sold, followed


def on_the_desk(path: Path, snapshot: bool) -> list[tuple[float, float]]:
    desk = Desk.open(path, now=pinned(path))
    desk.snapshot()
    times = []
    for n in range(SALES):
        player = desk.execute({"type": "register", "name": f"Late Comer {n}"})["player"]
        desk.snapshot()

        def sale(player: str = player) -> None:
            desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
            if snapshot:
                desk.snapshot()

        times.append(timed(sale))
    desk.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--late-file", type=Path,
                        help="keep the late-evening file (9,000 out) here and reuse it on the next run")
    args = parser.parse_args()
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory(prefix="bench-cashier-") as folder_name:
        folder = Path(folder_name)
        late = folder / "late.tdesk"
        if args.late_file is not None and args.late_file.is_file():
            shutil.copy2(args.late_file, late)
            print(f"Reusing {args.late_file}\n")
        else:
            started = time.perf_counter()
            early = folder / "early.tdesk"
            build(early, ENTRIES)
            Desk.open(early).close()
            build_late(early, late, LATE_LEFT)
            print(f"Built {ENTRIES:,} entries, {ENTRIES - LATE_LEFT:,} out, in {time.perf_counter() - started:.0f} s "
                  "(not timed)\n")
            if args.late_file is not None:
                shutil.copy2(late, args.late_file)
        Desk.open(late).close()  # a checkpoint of this version, as the app leaves a file

        def fresh(name: str) -> Path:  # a copy of its own for each run: each one writes its sales
            copy = folder / f"{name}.tdesk"
            shutil.copy2(late, copy)
            return copy

        sold, followed = at_the_cashier(fresh("cashier"), folder)
        alone = on_the_desk(fresh("alone"), snapshot=False)
        with_snapshot = on_the_desk(fresh("snapshot"), snapshot=True)
    print(f"A late buy-in at {ENTRIES:,} entries, {ENTRIES - LATE_LEFT:,} out, {SALES} sales each "
          "(target well under 100 ms)")
    print(f"  sold at the cashier window (its seat card printed too): {figures(sold)}")
    print(f"  sold at another desk, followed by the cashier window:  {figures(followed)}")
    print(f"  baseline, the desk alone: {figures(alone)}; with the snapshot a window needs: {figures(with_snapshot)}")
    print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores while it ran)")
    app.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
