"""The suite's files: the tests of the rules write real files that do not wait for the disk (OFF), the
tests of durability, marked `durable`, write them as the program does (FULL), and the program itself,
run as a user runs it, writes FULL."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.configs import BASE_CONFIG
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk

OFF, FULL = 0, 2  # what PRAGMA synchronous answers


def synchronous_of(desk: Desk) -> int:
    return int(desk._file.connection.execute("PRAGMA synchronous").fetchone()[0])


def test_a_rule_test_writes_files_that_do_not_wait_for_the_disk(make_desk: Callable[..., Desk],
                                                                 tmp_path: Path) -> None:
    assert synchronous_of(make_desk()) == OFF
    with ClubService.create(tmp_path / "club.tdclub") as club:
        assert club.file.conn.execute("PRAGMA synchronous").fetchone()[0] == OFF


@pytest.mark.durable
def test_a_durability_test_writes_files_as_the_program_does(make_desk: Callable[..., Desk],
                                                            tmp_path: Path) -> None:
    assert synchronous_of(make_desk()) == FULL
    with ClubService.create(tmp_path / "club.tdclub") as club:
        assert club.file.conn.execute("PRAGMA synchronous").fetchone()[0] == FULL


def test_the_program_on_its_own_writes_files_that_wait_for_the_disk(tmp_path: Path) -> None:
    """No switch a user could reach: a fresh interpreter, with nothing of the suite loaded, writes FULL."""
    code = ("import json, sys\nfrom tourneydesk.desk import Desk\nfrom tourneydesk.club import ClubService\n"
            "desk = Desk.create(sys.argv[1], json.loads(sys.argv[3]))\n"
            "print(desk._file.connection.execute('PRAGMA synchronous').fetchone()[0])\ndesk.close()\n"
            "club = ClubService.create(sys.argv[2])\n"
            "print(club.file.conn.execute('PRAGMA synchronous').fetchone()[0])\nclub.close()\n")
    child = subprocess.run([sys.executable, "-c", code, str(tmp_path / "t.tdesk"), str(tmp_path / "c.tdclub"),
                            json.dumps(BASE_CONFIG)], capture_output=True, text=True)
    assert child.returncode == 0, child.stderr
    assert child.stdout.split() == [str(FULL), str(FULL)]
