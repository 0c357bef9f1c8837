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


def test_demo_creates_a_tournament_mid_evening_in_the_user_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`tourneydesk demo` opens the console on this file; `--no-gui` stops once the file is there."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["demo", "--no-gui"]) == 0
    path = Path(capsys.readouterr().out.strip())
    assert path == tmp_path / "TourneyDesk" / "demo.tdesk"
    with Desk.open(path) as desk:
        snap = desk.snapshot()
        assert snap["counts"]["players"] == 60 and 40 < snap["counts"]["players_left"] < 60
        assert snap["clock"]["running"] and snap["clock"]["level"] >= 2
    assert main(["demo", "--no-gui", "--players", "1"]) == 2


def test_sim_needs_no_qt() -> None:
    code = ("import sys; from tourneydesk.cli import main; main(['sim', '--players', '20']); "
            "assert not [m for m in sys.modules if m.startswith('PySide6')]")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_the_tourneydesk_command_is_installed() -> None:
    result = subprocess.run([sys.executable, "-m", "tourneydesk.cli", "--version"], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0 and "tourneydesk" in result.stdout
