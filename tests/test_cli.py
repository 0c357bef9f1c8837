"""`tourneydesk sim` plays a whole tournament and says, invariant by invariant, whether the books hold."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tourneydesk.cli import main
from tourneydesk.desk import Desk


@pytest.mark.parametrize("structure", ["pko", "regular", "turbo", "deepstack", "wpt-toc-2018", "wsop-main-2019"])
def test_sim_plays_every_shipped_structure_to_a_winner_with_every_invariant_true(
        structure: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "sim.tdesk"
    assert main(["sim", "--players", "60", "--seed", "3", "--config", structure, "--db", str(db), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and all(report["invariants"].values()), report["invariants"]
    assert report["counts"]["players"] == 60 and report["counts"]["players_left"] == 1
    assert report["baseline"]["bare_sqlite_commit_samples"] >= 1000
    with Desk.open(db) as desk:  # the file it leaves is a finished tournament that opens
        snap = desk.snapshot()
        assert snap["tournament"]["status"] == "finished"
        assert snap["money"]["collected"] == report["money"]["collected"]


def test_the_same_seed_plays_the_same_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    winners = []
    for run in range(2):
        assert main(["sim", "--players", "40", "--seed", "9", "--db", str(tmp_path / f"{run}.tdesk"), "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        winners.append((report["winner"], report["money"], report["counts"]))
    assert winners[0] == winners[1]


def test_sim_prints_a_readable_report_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--players", "20", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Sim of 20 players" in out and "ok  places_unique_and_complete" in out and "FAIL" not in out


def test_sim_refuses_a_field_of_one_and_an_unknown_structure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--players", "1"]) == 2
    assert main(["sim", "--config", "no-such-structure"]) == 2
    assert "no-such-structure" in capsys.readouterr().err


def test_the_tourneydesk_command_is_installed() -> None:
    result = subprocess.run([sys.executable, "-m", "tourneydesk.cli", "--version"], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0 and "tourneydesk" in result.stdout
