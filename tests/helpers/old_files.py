"""Tournament files written as an older version of TourneyDesk wrote them: a log of events, replayed
into a new file through the store exactly as it was stored (payloads, times, stations, commands)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tourneydesk.store import NewEvent, TournamentFile

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Events as stored: one JSON object a line (seq, command_seq, type, at, station, actor, payload)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def write_log(path: Path, rows: Iterable[dict[str, Any]]) -> None:
    """A tournament file at `path` holding these stored events, one command per command_seq."""
    rows = list(rows)
    first = rows[0]
    assert first["type"] == "tournament_created"
    file = TournamentFile.create(path, tournament_id=first["payload"]["tournament_id"], created_at=first["at"],
                                 app_version=first["payload"].get("app_version", "0"))
    try:
        for command_seq, command in itertools.groupby(rows, key=lambda row: row["command_seq"]):
            events = list(command)
            written, _ = file.append([NewEvent(e["type"], e["at"], e["payload"], e.get("station"), e.get("actor"))
                                      for e in events])
            assert written == command_seq == events[0]["seq"], "the log must be whole, from seq 1"
    finally:
        file.close(backup=False)
