"""The command lines given hostile argument lists: `tourneydesk sim`, `sync` and `club`, and the `tourneysite`
owner's commands, each with paths that are folders, other kinds of file, unwritable or missing, numbers that
are no numbers, addresses that are no addresses, text that is no text. Each run ends in exit 0, 1 or 2 with
the reason on the error stream, one line of its own (argparse's usage errors: its usage, then the line);
never a traceback. First the kinds a fuzz of 3,000 lists found, each with the line it now gets; then a fuzz
of its own, bounded: a fixed number of examples, every address on a closed port of this machine.

`TOURNEYDESK_CLI_FUZZ_EXAMPLES=3000` runs a longer fuzz (the examples of each program).
"""

from __future__ import annotations

import contextlib
import io
import os
import socket
import sqlite3
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourneydesk.cli import main as tourneydesk_main
from tourneydesk.sim import run as sim_run
from tourneysite.cli import main as tourneysite_main

EXAMPLES = int(os.environ.get("TOURNEYDESK_CLI_FUZZ_EXAMPLES", "120"))


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class Places:
    """What the paths of a hostile argument list name."""

    folder: Path
    text: Path
    tournament: Path
    club: Path
    site: Path
    toml: Path
    csv: Path
    port: int

    def paths(self) -> list[str]:
        home = self.folder / "new"
        return [str(p) for p in (self.folder, self.text, self.tournament, self.club, self.site, self.toml, self.csv,
                                 home / "fresh.db", home / "missing" / "x.db")] + [
            "/proc/version", "/proc/1/no-such.db", "/proc/no-such-folder/x.tdesk", "/dev/null", "-",
            str(self.folder / ("x" * 300)), str(self.folder / "caf\udce9.tdesk"), "", " "]


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> Places:
    root = tmp_path_factory.mktemp("hostile")
    (root / "new").mkdir()
    text = root / "notes.txt"
    text.write_text("not a database\n")
    tournament = root / "friday.tdesk"
    assert sim_run(12, 1, "pko", tournament)["ok"]
    club = root / "club.tdclub"
    assert tourneydesk_main(["club", "--club", str(club), "members", "list"]) == 0
    site = root / "site.db"
    assert tourneysite_main(["token", "create", "--venue", "Hostile Club", "--db", str(site)]) == 0
    sqlite3.connect(site).close()
    toml = root / "bad.toml"
    toml.write_text('name = "x"\n[buy_in]\nprize = 1e999\n')
    csv = root / "members.csv"
    csv.write_bytes(b"name;member_id\n\xff\xfe;\x00\n")
    return Places(root, text, tournament, club, site, toml, csv, closed_port())


NUMBERS = ["0", "1", "2", "3", "-1", "abc", "", "1e3", "nan", "inf", "-inf", "99999999999999999999", "1" * 400,
           "0x10", "٣", "2.5"]
TEXTS = ["", " ", "é", "\udcff", "a\nb", "x" * 300, "-", "--", "Marc Martin", "round(entries, 99999)",
         "round(entries, -99999)", "10 * sqrt(entries)", "9" * 400 + " * entries", "1e308 * 1e308 * entries",
         "ln(0)", "if(place, 1 / 0, 1)", "pko", "first-name", "../../etc/passwd"]


def urls(port: int) -> list[str]:
    return [f"http://127.0.0.1:{port}", f"https://127.0.0.1:{port}/x", "http://[::1", "http://[::1]:99999",
            "http://127.0.0.1:99999", "ftp://127.0.0.1", "", "https://", f"http://127.0.0.1:{port}/é", "http://\udcff",
            f"http://localhost:{port}", "http://127.0.0.1:0", f"http://user:pa ss@127.0.0.1:{port}"]


def pick(choices: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(choices), st.text(max_size=6))


def options(table: dict[str, st.SearchStrategy[str] | None]) -> st.SearchStrategy[list[str]]:
    """Some of these options, in any order, each with a value drawn from its strategy (None: a flag)."""
    def build(names: list[str], draw: st.DrawFn) -> list[str]:
        out: list[str] = []
        for name in names:
            value = table[name]
            out += [name] if value is None else [name, draw(value)]
        return out

    @st.composite
    def chosen(draw: st.DrawFn) -> list[str]:
        names = draw(st.lists(st.sampled_from(sorted(table)), max_size=len(table), unique=True))
        return build(names, draw)

    return chosen() if table else st.just([])


def sim_args(p: Places) -> st.SearchStrategy[list[str]]:
    """Always a field of a few players at most and a file named: a sim that runs is played in a second."""
    few = st.sampled_from(["2", "3", "1", "0", "-1", "abc", "", "nan", "99999999999999999999", "1e3", "٣"])
    rest = options({"--seed": pick(NUMBERS), "--json": None, "--early": pick(NUMBERS),
                    "--config": pick(["pko", "turbo", str(p.toml), str(p.text), str(p.folder), "/proc/version",
                                      "no-such"])})
    return st.builds(lambda players, db, more: ["sim", "--players", players, "--db", db, *more], few,
                     st.sampled_from(p.paths()), rest)


def sync_args(p: Places) -> st.SearchStrategy[list[str]]:
    """The tournament file, a website on a closed port and a token most often: what each of the address, the
    token and the timeout does is tried."""
    often = st.sampled_from([str(p.tournament)] * len(p.paths()) + p.paths())
    url = st.sampled_from([f"http://127.0.0.1:{p.port}"] * 8 + urls(p.port))
    token = st.sampled_from(["a-token_0"] * 8 + TEXTS)
    rest = options({"--timeout": pick(NUMBERS + ["0.2"]), "--replace-history": None, "--by": pick(TEXTS),
                    "--insecure": None})
    return st.builds(lambda file, address, secret, more: ["sync", file, "--url", address, f"--token={secret}", *more],
                     often, url, token, rest)


def club_args(p: Places) -> st.SearchStrategy[list[str]]:
    paths, texts = st.sampled_from(p.paths()), pick(TEXTS)
    commands = st.one_of(
        st.tuples(st.just(["members", "import"]), st.tuples(paths, options({
            "--dry-run": None, "--skip-bad": None, "--column": pick(["name=1", "name=0", "x", "name=99999",
                                                                     "member_id=\udcff", "=2"])}))),
        st.tuples(st.just(["members", "export"]), st.tuples(paths, options({}))),
        st.tuples(st.just(["members", "list"]), st.tuples(st.just(""), options({"--find": texts, "--json": None}))),
        st.tuples(st.just(["members", "confirm"]), st.tuples(texts, options({"--name": texts, "--same-as": texts}))),
        st.tuples(st.just(["record"]), st.tuples(paths, options({"--template": texts}))),
        st.tuples(st.just(["league", "create"]), st.tuples(texts, options({
            "--formula": pick(TEXTS + ["points_by_place"]), "--best": pick(NUMBERS), "--template": texts,
            "--from": pick(["2026-01-01", "2026-13-45", "x", ""]), "--to": pick(["2026-12-31", "yesterday"]),
            "--tie-break": pick(["wins", "wins,nope", ",,", "best_place"])}))),
        st.tuples(st.just(["league", "standings"]), st.tuples(texts, options({"--json": None}))),
        st.tuples(st.just(["template", "save"]), st.tuples(texts, st.tuples(paths).map(list))),
        st.tuples(st.just(["td3"]), st.tuples(paths, options({"--dry-run": None, "--skip-bad": None,
                                                              "--leagues": None}))),
        st.tuples(st.just(["publish"]), st.tuples(st.just(""), options({"--url": pick(urls(p.port)),
                                                                         "--token": pick(TEXTS)}))),
    )

    def argv(club: str, command: tuple[list[str], tuple[str, list[str]]]) -> list[str]:
        words, (first, rest) = command
        return ["club", "--club", club, *words, *([first] if first else []), *rest]

    return st.builds(argv, st.sampled_from([str(p.club), *p.paths()]), commands)


def site_args(p: Places) -> st.SearchStrategy[list[str]]:
    texts = pick(TEXTS)
    commands = st.one_of(
        st.tuples(st.just(["token", "create"]), options({"--venue": texts})),
        st.tuples(st.just(["token", "list"]), options({})),
        st.tuples(st.just(["token", "revoke"]), st.tuples(texts).map(list)),
        st.tuples(st.just(["venue", "list"]), options({})),
        st.tuples(st.just(["venue", "set"]), options({
            "--venue": pick(TEXTS + ["Hostile Club"]), "--language": pick(["en", "fr", "xx", "é"]),
            "--time-zone": pick(["Europe/Paris", "Mars/Olympus", "../../etc/passwd", "UTC", "\udcff"]),
            "--buy-in-split": pick(["yes", "no"]), "--sort": pick(["surname", "first-name"])})),
        st.tuples(st.just(["venue", "rename"]), options({"--venue": pick(TEXTS + ["Hostile Club"]), "--to": texts})),
        st.tuples(st.just(["venue", "merge"]), st.tuples(texts, texts).map(list)),
        st.tuples(st.just(["tournament", "list"]), options({})),
        st.tuples(st.sampled_from([["tournament", "hide"], ["tournament", "show"], ["tournament", "delete"]]),
                  st.tuples(texts, st.sampled_from([[], ["--yes"]])).map(lambda a: [a[0], *a[1]])),
        st.tuples(st.just(["log"]), options({})),
        st.tuples(st.just(["backup"]), st.tuples(st.sampled_from(p.paths())).map(list)),
    )
    databases = st.one_of(st.sampled_from(p.paths()), st.sampled_from([
        f"sqlite:///{p.site}", "sqlite:///", "sqlite://", "mysql://x", "postgresql://", "postgresql://[::1",
        f"postgresql://127.0.0.1:{p.port}/x?connect_timeout=1", "sqlite:////proc/1/x.db"]))
    return st.builds(lambda command, db: [*command[0], *command[1], "--db", db], commands, databases)


@dataclass
class Ended:
    code: int | str | None
    out: str
    err: str


@contextlib.contextmanager
def terminal() -> Iterator[list[str]]:
    """The standard streams as Python gives them on a UTF-8 terminal: output strict (a lone surrogate
    printed would stop the command there), errors written with backslashes; what was written, out then
    err, is in the list once the block ends."""
    saved = sys.stdout, sys.stderr
    streams = [io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors, write_through=True)
               for errors in ("strict", "backslashreplace")]
    sys.stdout, sys.stderr = streams
    written: list[str] = []
    try:
        yield written
    finally:
        sys.stdout, sys.stderr = saved
        for stream in streams:
            raw = stream.detach()
            assert isinstance(raw, io.BytesIO)
            written.append(raw.getvalue().decode(errors="replace"))


def ended(main: Callable[[list[str]], int], argv: list[str]) -> Ended:
    """How `main(argv)` ends; any exception but SystemExit escapes, as a traceback would."""
    with terminal() as written:
        try:
            code: int | str | None = main(argv)
        except SystemExit as exit_:
            code = exit_.code
    return Ended(code, *written)


def check(end: Ended, argv: list[str]) -> None:
    assert end.code in (0, 1, 2), (argv, end)
    assert "Traceback" not in end.err, (argv, end.err)
    if end.code != 0:
        lines = end.err.splitlines()
        assert lines, (argv, "no reason given")
        if not lines[0].startswith("usage:"):  # argparse's own: its usage, then the line
            assert len(lines) == 1, (argv, end.err)


NOT_UTF8 = "caf\udce9"  # "café" written by a system whose file names are Latin-1, as Python reads it


def cases(p: Places) -> list[tuple[Callable[[list[str]], int], list[str], int, str]]:
    """(the program, its arguments, the exit code, what the one line says)."""
    site, sim = tourneysite_main, tourneydesk_main
    url = f"http://127.0.0.1:{p.port}"
    return [
        (site, ["venue", "list", "--db", str(p.text)], 2, "cannot be the site's database: file is not a database"),
        (site, ["venue", "list", "--db", str(p.folder)], 2, "is a folder"),
        (site, ["venue", "list", "--db", str(p.tournament)], 2, "is not the site's database: it holds another"),
        (site, ["venue", "list", "--db", str(p.club)], 2, "is not the site's database: it holds another"),
        (site, ["venue", "list", "--db", "/proc/1/site.db"], 2, "cannot be the site's database: unable to open"),
        (site, ["venue", "list", "--db", str(p.folder / "gone" / "site.db")], 2, "there is no folder"),
        (site, ["venue", "list", "--db", "postgresql://[::1"], 2, "the PostgreSQL database's URL is not one"),
        (site, ["token", "create", "--venue", NOT_UTF8, "--db", str(p.site)], 2, "venue is not text"),
        (site, ["backup", "/proc/1/copy.db", "--db", str(p.site)], 1, "the backup cannot be written to /proc/1"),
        (site, ["backup", str(p.folder / ("x" * 300)), "--db", str(p.site)], 1, "File name too long"),
        (site, ["tournament", "hide", "a\nb", "--db", str(p.site)], 1, "there is no tournament 'a\\nb'"),
        (sim, ["sync", str(p.tournament), "--url", url, "--token", "é"], 2, "--token is not a venue token"),
        (sim, ["sync", str(p.tournament), "--url", "http://[::1", "--token", "t"], 2, "is not a web address"),
        (sim, ["sync", str(p.tournament), "--url", "http://127.0.0.1:99999", "--token", "t"], 2, "not a web address"),
        (sim, ["sync", str(p.tournament), "--url", url, "--token", "t", "--timeout", "nan"], 2, "more than 0"),
        (sim, ["sync", str(p.tournament), "--url", url, "--token", "t", "--by", NOT_UTF8], 2, "by is not text"),
        (sim, ["sync", str(p.folder / f"{NOT_UTF8}.tdesk"), "--url", url, "--token", "t"], 2, "no such file"),
        (sim, ["club", "--club", str(p.club), "league", "create", "L", "--formula", "round(entries, 99999)"], 1,
         "beyond what can be counted"),
        (sim, ["club", "--club", str(p.club), "league", "create", NOT_UTF8, "--formula", "entries"], 2,
         "name is not text"),
        (sim, ["club", "--club", str(p.club), "members", "export", "/proc/1/members.csv"], 1, "No such file"),
        (sim, ["club", "--club", str(p.club), "members", "export", str(p.folder)], 1, "Is a directory"),
        (sim, ["club", "--club", str(p.club), "members", "import", str(p.tournament)], 1, "it holds binary bytes"),
        (sim, ["club", "--club", str(p.folder), "members", "list"], 2, "is a folder"),
        (sim, ["club", "--club", "/proc/1/club.tdclub", "members", "list"], 1, "The club file could not be created"),
        (sim, ["club", "--club", str(p.club), "publish", "--url", "http://[::1", "--token", "t"], 2,
         "is not a web address"),
        (sim, ["club", "--club", str(p.club), "publish", "--url", url, "--token", "þ"], 2, "not a venue token"),
        (sim, ["sim", "--players", "3", "--db", "/proc/1/x.tdesk"], 1, "cannot write in /proc/1"),
        (sim, ["sim", "--players", "3", "--db", "/proc/gone/x.tdesk"], 1, "No such file or directory"),
        (sim, ["sim", "--players", "3", "--db", str(p.folder)], 2, "is a folder"),
        (sim, ["sim", "--players", "10000000"], 2, "--players must be from 2 to 100,000"),
    ]


def test_each_kind_of_hostile_argument_list_found_gets_one_line_naming_the_problem(places: Places) -> None:
    for main, argv, code, says in cases(places):
        end = ended(main, argv)
        assert (end.code, "Traceback" in end.err) == (code, False), (argv, end)
        assert says in end.err.splitlines()[-1], (argv, end.err)
        check(end, argv)
    # a file name that is not UTF-8 is still a file name: the sim writes it and says where
    made = ended(tourneydesk_main, ["sim", "--players", "3", "--db", str(places.folder / f"{NOT_UTF8}.tdesk")])
    assert made.code == 0 and "Sim of 3 players" in made.out, made


@pytest.fixture(autouse=True)
def in_a_folder_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A relative name ("-", " ") makes its file here, not in the checkout."""
    monkeypatch.chdir(tmp_path)


FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])


@FUZZ
@given(data=st.data())
def test_tourneydesk_sim_given_hostile_arguments_ends_in_one_line_never_a_traceback(
        data: st.DataObject, places: Places) -> None:
    argv = data.draw(sim_args(places))
    check(ended(tourneydesk_main, argv), argv)


@FUZZ
@given(data=st.data())
def test_tourneydesk_sync_given_hostile_arguments_ends_in_one_line_never_a_traceback(
        data: st.DataObject, places: Places) -> None:
    argv = data.draw(sync_args(places))
    check(ended(tourneydesk_main, argv), argv)


@FUZZ
@given(data=st.data())
def test_tourneydesk_club_given_hostile_arguments_ends_in_one_line_never_a_traceback(
        data: st.DataObject, places: Places) -> None:
    argv = data.draw(club_args(places))
    check(ended(tourneydesk_main, argv), argv)


@FUZZ
@given(data=st.data())
def test_the_tourneysite_owners_commands_given_hostile_arguments_end_in_one_line_never_a_traceback(
        data: st.DataObject, places: Places) -> None:
    argv = data.draw(site_args(places))
    check(ended(tourneysite_main, argv), argv)
