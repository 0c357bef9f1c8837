"""The `tourneydesk` command: the windows by default; `sim` plays a whole tournament headless.

`tourneydesk` opens the last file or the start page, `tourneydesk FILE` opens that file in the TD
console (`--cashier`: the cashier desk, `--display`: the projector display, `--lan [HOST:]PORT`: no window,
the venue's network served for phones and screens), `tourneydesk demo` opens a
demo tournament in the middle of its evening, and `tourneydesk screenshots` renders the windows to PNG.
Qt is imported only by those: `sim` runs without the gui extra.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__, cli_args
from .shell_words import refusal, tr

if TYPE_CHECKING:
    from .lan.server import SeatCardFn

SIM_PLAYERS_MAX = 100_000  # four times the biggest field the benchmarks play

USAGE = """tourneydesk [FILE.tdesk] [--cashier | --display | --lan [HOST:]PORT [--lan-tls]]
       tourneydesk FILE.tdesk lan {devices | pair ROLE | revoke NAME | logo PICTURE | logo --remove}
       tourneydesk {new,demo,sim,screenshots,sync,club} ...
       tourneydesk --help | --version"""

# --help and --version read no data file: they work even in a broken install, which they help diagnose.
EVERYDAY = """every day:
  tourneydesk                        the last tournament opened, or the start page to make one
  tourneydesk FILE.tdesk             open that tournament in the TD console
  tourneydesk FILE.tdesk --cashier   open the cashier desk on it (beside a console already open:
                                     the running program opens it, one program per file)
  tourneydesk FILE.tdesk --display   open the projector display on it
  tourneydesk FILE.tdesk --lan 8765  no window: serve the phones, the TD's remote, tablets and TVs on
                                     the venue's Wi-Fi (port 8765; --lan-tls for HTTPS)
  tourneydesk FILE.tdesk lan pair cashier
                                     beside that server, from any shell: a pairing code for a role
                                     (td, floor, cashier, display); `lan devices` lists the devices,
                                     `lan revoke NAME` revokes a lost one on every server;
                                     `lan logo club.png` puts the venue's logo on the TV and the
                                     projector (`lan logo --remove` takes it off)
  tourneydesk new FILE.tdesk --template pko
                                     make a tournament without windows, from a shipped structure
                                     (pko, turbo, regular, deepstack...) or a TOML structure file
  tourneydesk demo                   a demo tournament in the middle of its evening
  tourneydesk sim --players 50       play a whole tournament headless and check every invariant

`tourneydesk COMMAND --help` tells more about each command."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tourneydesk", usage=USAGE, description="Runs a live poker tournament offline.", epilog=EVERYDAY,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"tourneydesk {__version__}")
    # Each command's usage begins "tourneydesk sim", not with the three lines of the program's own usage.
    commands = parser.add_subparsers(dest="command", prog="tourneydesk")

    sim = commands.add_parser("sim", help="play a whole tournament headless and check every invariant")
    sim.add_argument("--players", type=int, default=300,
                     help=f"players in the field, 2 to {SIM_PLAYERS_MAX:,} (default 300)")
    sim.add_argument("--seed", type=int, default=1, help="random seed: the same seed plays the same game")
    sim.add_argument("--config", default="pko",
                     help="a shipped structure (pko, turbo, regular, deepstack...) or a TOML file (default pko)")
    sim.add_argument("--db", type=Path, help="the .tdesk file to write (default: a temporary one)")
    sim.add_argument("--json", action="store_true", help="print the report as JSON")
    sim.add_argument("--early", type=int, default=80, choices=range(1, 101), metavar="PERCENT",
                     help="percent of the field bought in before the clock starts (default 80; the rest "
                          "come late)")

    new = commands.add_parser("new", help="make a tournament file from a shipped structure or a TOML file")
    new.add_argument("file", type=Path, help="the .tdesk file to make (never one that exists)")
    new.add_argument("--template", required=True, metavar="NAME",
                     help="a shipped structure (pko, turbo, regular, deepstack...) or a TOML structure file")
    new.add_argument("--name", help="the tournament's name (default: the structure's)")

    demo = commands.add_parser("demo", help="create a demo tournament in the middle of its evening and open it")
    demo.add_argument("--players", type=int, default=60)
    demo.add_argument("--no-gui", action="store_true", help="only create the demo file and print where it is")

    shots = commands.add_parser("screenshots", help="render the windows offscreen to PNG files")
    shots.add_argument("file", nargs="?", type=Path, help="a .tdesk file (default: a fresh demo on a fixed clock)")
    shots.add_argument("--out", type=Path, required=True, help="the folder for the PNG files")

    from .sync import command as sync_command

    sync_command.add_parser(commands)
    from .club import cli as club_cli

    club_cli.add_parser(commands)

    cli_args.names_as_given()
    argv = sys.argv[1:] if argv is None else argv
    if not argv or (argv[0] not in commands.choices and argv[0] not in ("-h", "--help", "--version")):
        return _gui(argv)
    args = parser.parse_args(argv)
    problem = cli_args.not_text(args)
    if problem is not None:
        print(f"tourneydesk {args.command}: {problem}", file=sys.stderr)
        return 2
    if args.command == "sim":
        return _sim(args.players, args.seed, args.config, args.db, args.json, args.early)
    if args.command == "sync":
        return sync_command.run(args)
    if args.command == "club":
        return club_cli.run(args)
    if args.command == "new":
        return _new(args.file, args.template, args.name)
    if args.command == "demo":
        return _demo(args.players, args.no_gui)
    if args.command == "screenshots":
        return _screenshots(args.file, args.out)
    parser.print_help()
    return 2


def _new(file: Path, template: str, name: str | None) -> int:
    from . import resources
    from .core.config import parse_config, parse_toml, set_dotted
    from .core.protocol.errors import TourneyError
    from .desk import Desk

    if file.suffix != ".tdesk":
        file = file.with_name(file.name + ".tdesk")
    if file.exists():
        print("tourneydesk new: " + tr("{file} exists already: give another name").format(file=file), file=sys.stderr)
        return 2
    try:
        raw = parse_toml(resources.structure_path(template).read_text(encoding="utf-8")).to_dict()
        if name:
            raw = set_dotted(raw, {"name": name})
        Desk.create(file, parse_config(raw).to_dict()).close()
    except TourneyError as exc:
        print(f"tourneydesk new: {refusal(exc)} ({exc.code})", file=sys.stderr)
        return 2
    except OSError as exc:
        print("tourneydesk new: " + tr("cannot write {file}: {why}").format(file=file, why=exc.strerror),
              file=sys.stderr)
        return 2
    print(file)
    return 0


def _gui(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tourneydesk", description="Opens a tournament file in its window.")
    parser.add_argument("file", nargs="?", type=Path, help="a .tdesk file (default: the last one, or the start page)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--cashier", action="store_true", help="open the cashier desk")
    which.add_argument("--display", action="store_true", help="open the projector display")
    which.add_argument("--lan", metavar="[HOST:]PORT",
                       help="no window: serve the venue's network (phones, the TD's remote, screens) on PORT")
    parser.add_argument("--lan-tls", action="store_true",
                        help="with --lan: HTTPS with the laptop's own (self-signed) certificate")
    if len(argv) >= 2 and argv[1] == "lan":
        return _lan_devices(Path(argv[0]), argv[2:])
    args = parser.parse_args(argv)
    if args.file is not None and not args.file.is_file():
        print("tourneydesk: " + tr("there is no file {file}").format(file=args.file), file=sys.stderr)
        return 2
    if args.lan is not None:
        return _lan(args.file, args.lan, args.lan_tls)
    if not _windows_installed("tourneydesk"):
        return 1
    from .ui.app import run

    return run(args.file, "cashier" if args.cashier else "display" if args.display else "console")


def _windows_installed(command: str) -> bool:
    """Whether Qt is there for the windows; if not, says which extra installs it and what works without it."""
    from importlib.util import find_spec

    if find_spec("PySide6") is not None:
        return True
    print(f"{command}: the windows need Qt, which is not installed: pip install 'tourneydesk[gui]'. Without it, "
          "`tourneydesk sim`, `tourneydesk sync`, `tourneydesk club`, `tourneydesk demo --no-gui` and "
          "`tourneydesk FILE --lan PORT` work (the last with the lan extra)", file=sys.stderr)
    return False


def _lan(file: Path | None, listen: str, https: bool = False) -> int:
    from .lan.server import parse_listen

    if file is None:
        print("tourneydesk: --lan serves one tournament: give its file", file=sys.stderr)
        return 2
    try:
        host, port = parse_listen(listen)
    except ValueError as exc:
        print(f"tourneydesk: --lan {exc}", file=sys.stderr)
        return 2
    from .lan.headless import serve

    return serve(file, host, port, https=https, seat_card=_headless_seat_cards())


def _headless_seat_cards() -> SeatCardFn | None:
    """The seat-card printer of a server with no window, when Qt is installed and this laptop's cashier paper
    (a printer, or a PDF folder) is set; None otherwise: nothing is printed."""
    from importlib.util import find_spec

    if find_spec("PySide6") is None:
        return None
    from .ui.lan_paper import headless_seat_cards

    try:
        return headless_seat_cards()
    except Exception as exc:  # no Qt platform to lay the card out on: the night goes on, unprinted
        print(f"tourneydesk: seat cards will not be printed on this laptop ({type(exc).__name__}: {exc})",
              file=sys.stderr)
        return None


def _lan_devices(file: Path, words: list[str]) -> int:
    from .lan.headless import devices_command

    if not file.is_file():
        print("tourneydesk: " + tr("there is no file {file}").format(file=file), file=sys.stderr)
        return 2
    return devices_command(file, words)


def _demo(players: int, no_gui: bool) -> int:
    from .demo import demo_path, make_demo

    if players < 2:
        print("tourneydesk demo: " + tr("--players must be at least 2"), file=sys.stderr)
        return 2
    if not no_gui and not _windows_installed("tourneydesk demo"):
        return 1
    path = demo_path()
    if no_gui:  # no Qt, no catalogue: the demo keeps its English name
        make_demo(path, players=players, busts=min(12, players // 5)).close()
        print(path)
        return 0
    from .core.protocol.errors import TourneyError
    from .demo import DEMO_NAME
    from .ui.app import make_app, run
    from .ui.start_page import demo_name

    try:
        make_app()  # the language installed, so the demo is named in it
        name = demo_name()
    except TourneyError:  # a broken install: run() names what it lacks in a dialog
        name = DEMO_NAME
    make_demo(path, players=players, busts=min(12, players // 5), name=name).close()

    return run(path)


def _screenshots(file: Path | None, out: Path) -> int:
    import os

    if file is not None and not file.is_file():
        print(f"tourneydesk screenshots: there is no file {file}", file=sys.stderr)
        return 2
    if not _windows_installed("tourneydesk screenshots"):
        return 1
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from .ui.app import make_app
    from .ui.screenshots import render_all

    make_app()
    for path in render_all(file, out):
        print(path)
    return 0


def _sim(players: int, seed: int, config: str, db: Path | None, as_json: bool, early: int = 80) -> int:
    from . import sim_formats
    from .core.protocol.errors import TourneyError
    from .sim import run, text_report

    if not 2 <= players <= SIM_PLAYERS_MAX:
        print("tourneydesk sim: " + tr("--players must be from 2 to {most}").format(most=f"{SIM_PLAYERS_MAX:,}"),
              file=sys.stderr)
        return 2
    problem = cli_args.kind_problem(db) if db is not None else None
    if problem is not None:
        print(f"tourneydesk sim: --db {problem}", file=sys.stderr)
        return 2
    if config in ("flights", "satellite"):  # an event's files, not one tournament (--db: their folder)
        report = sim_formats.run(config, players, seed, db)
        print(json.dumps(report, indent=2) if as_json else sim_formats.text_report(report))
        return 0 if report["ok"] else 1
    try:
        report = run(players, seed, config, db, early)
    except TourneyError as exc:
        print(f"tourneydesk sim: {refusal(exc)} ({exc.code})", file=sys.stderr)
        return 2
    except OSError as exc:  # the file or its folder cannot be made there (/proc, a medium read-only...)
        print(f"tourneydesk sim: {cli_args.system_says(exc)}", file=sys.stderr)
        return 1
    except sqlite3.Error as exc:  # the baseline's bare SQLite file, beside the tournament's
        print(f"tourneydesk sim: cannot write in {db.parent if db else 'a temporary folder'}: {exc}",
              file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2) if as_json else text_report(report))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
