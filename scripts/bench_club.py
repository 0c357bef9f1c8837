"""The club's speed with 5,000 members and ten years of weekly tournaments, each figure beside a baseline
measured in the same run.

Run from the repository root: QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/bench_club.py

- a keystroke in the cashier's find box, tonight's 150 players and the club's members (target median
  <= 20 ms), against the same keystrokes in the same window without a club file;
- a league's standings over a season of 52 tournaments (target <= 200 ms), against reading the same
  result rows from the club file with one plain query;
- recording a finished 300-player tournament in the club file (target <= 0.5 s), against reading the
  tournament file's events alone.
The club file and the tournament are built first (not timed): 5,000 members, 520 nights of 30 to 60
players recorded as a tournament file would give them, and one 300-player night played by the sim.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tourneydesk.club import ClubService
from tourneydesk.club.results import read_tournament
from tourneydesk.demo import FIRST_NAMES, LAST_NAMES
from tourneydesk.desk import Desk
from tourneydesk.sim import run as play_night
from tourneydesk.store import TournamentFile
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.club.link import ClubLink

MEMBERS = 5_000
NIGHTS = 520
TYPED = "marc mart"


def people(count: int) -> list[str]:
    names = [f"{f} {last}" for f in FIRST_NAMES for last in LAST_NAMES]
    out = list(dict.fromkeys(names))[:count]
    out += [f"Member {i:05d}" for i in range(count - len(out))]
    return out


def build_club(path: Path, names: list[str]) -> None:
    rng = random.Random(7)
    with ClubService.create(path) as club:
        club.execute({"type": "import_members", "rows": [{"name": n, "member_id": str(1000 + i)}
                                                         for i, n in enumerate(names)]})
        regulars = names[:400]  # a club's weekly field comes from a few hundred regulars
        for night in range(NIGHTS):
            field = rng.sample(regulars, rng.randint(30, 60))
            date = time.strftime("%Y-%m-%d", time.gmtime(1_420_070_400 + night * 7 * 86_400))
            results = [{"player": f"p{i}", "name": n, "nickname": None, "member_id": str(1000 + names.index(n)),
                        "email": None, "phone": None, "place": i + 1, "prize": 10_000 if i < 5 else 0,
                        "bounty_won": 0, "knockouts": rng.randint(0, 3), "reentries": 0, "rebuys": 0, "add_ons": 0}
                       for i, n in enumerate(field)]
            club.execute({"type": "record_tournament", "summary": {
                "tournament_id": f"t{night}", "name": "Friday", "date": date, "currency": "EUR", "buy_in": 2000,
                "entries": len(field), "players": len(field), "prize_pool": 50_000, "finished": True, "seq": 1,
                "results": results}})
        season = [time.strftime("%Y-%m-%d", time.gmtime(1_420_070_400 + night * 7 * 86_400))
                  for night in (NIGHTS - 52, NIGHTS - 1)]  # the last 52 weeks
        club.execute({"type": "create_league", "name": "Last season", "formula": "sqrt", "best": 20,
                      "date_from": season[0], "date_to": season[1]})


def timed(fn: Callable[[], Any], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def keystrokes(app: QApplication, desk: Desk, club: ClubLink | None, tmp: Path) -> list[float]:
    bridge = DeskBridge(desk)
    window = CashierWindow(bridge, settings=QSettings(str(tmp / "c.ini"), QSettings.Format.IniFormat), club=club)
    window.resize(1280, 720)
    window.show()
    app.processEvents()
    times: list[float] = []
    for _ in range(5):
        window.find_panel.search.clear()
        app.processEvents()
        for i in range(1, len(TYPED) + 1):
            t0 = time.perf_counter()
            window.find_panel.search.setText(TYPED[:i])  # what one keystroke does: filter, members, repaint
            app.processEvents()
            times.append((time.perf_counter() - t0) * 1000)
    window.close()
    bridge.detach()
    return times


def line(label: str, values: list[float], baseline: list[float], target: float) -> str:
    med, base = statistics.median(values), statistics.median(baseline)
    verdict = "ok" if med <= target else "OVER"
    return f"{label:<52} median {med:8.2f} ms   baseline {base:8.2f} ms   target <= {target:g} ms  {verdict}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300, help="the finished night to record (default 300)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory(prefix="bench-club-") as folder:
        tmp = Path(folder)
        names = people(MEMBERS)
        t0 = time.perf_counter()
        build_club(tmp / "club.tdclub", names)
        night = tmp / "night.tdesk"
        play_night(args.players, 3, "pko", night, 80, names=names[-args.players:])
        print(f"built: {MEMBERS} members, {NIGHTS} nights, a {args.players}-player night "
              f"({time.perf_counter() - t0:.0f} s, not timed)")

        desk = Desk.create(tmp / "tonight.tdesk", "pko")
        for n in names[:150]:
            desk.execute({"type": "register", "name": n})
        link = ClubLink(tmp / "club.tdclub")
        with_club = keystrokes(app, desk, link, tmp)
        without = keystrokes(app, desk, None, tmp)
        link.shutdown()
        desk.close()
        print(line(f"find box keystroke, 150 tonight + {MEMBERS} members", with_club, without, 20))

        with ClubService.open(tmp / "club.tdclub") as club:
            standings = timed(lambda: club.standings("Last season"), 20)
            ids = [t["id"] for t in club.league_tournaments("Last season")]
            marks = ", ".join("?" * len(ids))
            raw = timed(lambda: club.file.rows(f"SELECT * FROM results WHERE tournament IN ({marks})", tuple(ids)), 20)
            print(line(f"league standings over {len(ids)} tournaments", standings, raw, 200))

            def record() -> None:
                club.execute({"type": "record_tournament", "summary": read_tournament(night)})

            def read_events() -> None:
                file = TournamentFile.open(night)
                try:
                    list(file.events())
                finally:
                    file.close(backup=False)

            recording = timed(record, 5)
            reading = timed(read_events, 5)
            print(line(f"recording a finished {args.players}-player night", recording, reading, 500))
    return 0


if __name__ == "__main__":
    sys.exit(main())
