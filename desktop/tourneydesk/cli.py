"""The `tourneydesk` command: `sim` plays a whole tournament headless; `demo` shows one.

The GUI (TD console, cashier desk, projector display) comes with its own issue; until it exists,
`demo` runs the simulation on a demo tournament in the user data folder and prints its report.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import __version__, resources


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tourneydesk", description="Runs a live poker tournament offline.")
    parser.add_argument("--version", action="version", version=f"tourneydesk {__version__}")
    commands = parser.add_subparsers(dest="command")

    sim = commands.add_parser("sim", help="play a whole tournament headless and check every invariant")
    sim.add_argument("--players", type=int, default=300, help="players in the field (default 300)")
    sim.add_argument("--seed", type=int, default=1, help="random seed: the same seed plays the same game")
    sim.add_argument("--config", default="pko",
                     help=f"a shipped structure ({', '.join(resources.structures())}) or a TOML file")
    sim.add_argument("--db", type=Path, help="the .tdesk file to write (default: a temporary one)")
    sim.add_argument("--json", action="store_true", help="print the report as JSON")

    demo = commands.add_parser("demo", help="play a demo tournament and print its report")
    demo.add_argument("--players", type=int, default=60)

    args = parser.parse_args(argv)
    if args.command == "sim":
        return _sim(args.players, args.seed, args.config, args.db, args.json)
    if args.command == "demo":
        from platformdirs import user_data_path

        folder = user_data_path("TourneyDesk", appauthor=False)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "demo.tdesk"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return _sim(args.players, 7, "pko", path, False)
    parser.print_help()
    return 2


def _sim(players: int, seed: int, config: str, db: Path | None, as_json: bool) -> int:
    from .core.errors import TourneyError
    from .sim import run, text_report

    if players < 2:
        print("tourneydesk sim: --players must be at least 2", file=sys.stderr)
        return 2
    try:
        report = run(players, seed, config, db)
    except TourneyError as exc:
        print(f"tourneydesk sim: {exc.message} ({exc.code})", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if as_json else text_report(report))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
