"""What an idle projector display costs: its process CPU over a minute on a real X server.

Starts Debian's Xvfb at 1920x1080, then runs two child processes in turn on it with Qt's xcb platform
(the offscreen platform paints nothing real): the display of the demo tournament, full screen, its
clock running; and an empty QApplication, the baseline, measured the same way. Each child reads its own
CPU time (user + system, resource.getrusage) over the same window after a short settling time.
Prints both figures and the difference as a percentage of one core; the target is at most 2%.

It also prints why the once-a-second update reads only the clock: the cost of that read beside a whole
snapshot, on the demo and, with `--big FILE`, on a copy of a big tournament file (10,000 entries).

    apt-get install -y xvfb libxcb-cursor0
    .venv/bin/python scripts/bench_display.py [--seconds 60] [--big FILE.tdesk]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_PERCENT = 2.0
SETTLE_S = 3.0
SIZE = (1920, 1080)


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def child(kind: str, seconds: float) -> None:
    """Runs inside the X session: the display (or nothing) for `seconds`, then prints its CPU time."""
    from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    paints = [0]
    keep: list[object] = []
    with tempfile.TemporaryDirectory() as folder:
        if kind == "display":
            from tourneydesk.demo import make_demo
            from tourneydesk.ui.bridge import DeskBridge
            from tourneydesk.ui.display import DisplayWindow

            class PaintCounter(QObject):
                def eventFilter(self, watched: QObject, event: QEvent) -> bool:
                    if event.type() == QEvent.Type.Paint:
                        paints[0] += 1
                    return False

            desk = make_demo(Path(folder) / "bench.tdesk")  # on the real clock: it runs
            settings = QSettings(str(Path(folder) / "display.ini"), QSettings.Format.IniFormat)
            window = DisplayWindow(DeskBridge(desk), settings=settings)
            counter = PaintCounter()
            window.installEventFilter(counter)
            screen = app.primaryScreen()
            window.go_full_screen(screen)
            keep += [desk, window, counter]
        marks: dict[str, float] = {}

        def start() -> None:
            paints[0] = 0
            marks["cpu"], marks["wall"] = cpu_seconds(), time.monotonic()
            QTimer.singleShot(int(seconds * 1000), stop)

        def stop() -> None:
            marks["cpu"] = cpu_seconds() - marks["cpu"]
            marks["wall"] = time.monotonic() - marks["wall"]
            app.quit()

        QTimer.singleShot(int(SETTLE_S * 1000), start)
        app.exec()
        if kind == "display":
            keep[1].close()  # type: ignore[attr-defined]
            keep[0].close()  # type: ignore[attr-defined]
    print(json.dumps({"kind": kind, "cpu_s": marks["cpu"], "wall_s": marks["wall"], "paints": paints[0]}))


def view_costs(path: Path | None) -> None:
    """Milliseconds per whole snapshot and per clock-only view, on the demo or a copy of `path`."""
    from tourneydesk.demo import make_demo
    from tourneydesk.desk import Desk
    from tourneydesk.ui.display.clockview import clock_view

    with tempfile.TemporaryDirectory() as folder:
        if path is None:
            desk = make_demo(Path(folder) / "demo.tdesk")
        else:
            shutil.copy(path, Path(folder) / "big.tdesk")
            desk = Desk.open(Path(folder) / "big.tdesk")
        try:
            figures = []
            for name, read in (("whole snapshot", desk.snapshot), ("clock-only view", lambda: clock_view(desk))):
                count, started = 0, time.perf_counter()
                while count < 5 or time.perf_counter() - started < 1.0:
                    read()
                    count += 1
                figures.append(f"{name} {1000 * (time.perf_counter() - started) / count:.3f} ms")
            print(f"per-second read at {desk.state.entry_count} entries: {', '.join(figures)}")
        finally:
            desk.close()


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        sys.exit("bench_display: Xvfb is missing (apt-get install -y xvfb libxcb-cursor0)")
    for number in range(90, 120):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            break
    else:
        sys.exit("bench_display: no free X display number")
    proc = subprocess.Popen([xvfb, f":{number}", "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            sys.exit("bench_display: Xvfb did not start")
        time.sleep(0.1)
    return proc, f":{number}"


def measure(kind: str, seconds: float, display: str) -> dict[str, float]:
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    out = subprocess.run([sys.executable, __file__, "--child", kind, "--seconds", str(seconds)], env=env,
                         check=True, capture_output=True, text=True, timeout=seconds + 120)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--big", type=Path, help="a big .tdesk file to time the per-second read on (copied)")
    parser.add_argument("--child", choices=("display", "empty"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.seconds)
        return
    view_costs(None)
    if args.big:
        view_costs(args.big)
    xvfb, display = start_xvfb()
    try:
        empty = measure("empty", args.seconds, display)
        shown = measure("display", args.seconds, display)
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)

    def percent(m: dict[str, float]) -> float:
        return 100 * m["cpu_s"] / m["wall_s"]

    diff = percent(shown) - percent(empty)
    print(f"empty QApplication : {empty['cpu_s']:.3f} s CPU over {empty['wall_s']:.1f} s = "
          f"{percent(empty):.2f}% of a core")
    print(f"display {SIZE[0]}x{SIZE[1]} : {shown['cpu_s']:.3f} s CPU over {shown['wall_s']:.1f} s = "
          f"{percent(shown):.2f}% of a core ({shown['paints']} paint events)")
    print(f"the display costs  : {diff:.2f}% of one core (target <= {TARGET_PERCENT}%): "
          f"{'OK' if diff <= TARGET_PERCENT else 'OVER'}")


if __name__ == "__main__":
    main()
