"""The sync tests' site process with its token, the instant both sides compute the clock at, and what a
tournament file says of itself (its id, its last event), read without opening it for writing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.helpers.site_process import SiteProcess

SITE_NOW = 1_767_050_000.0  # the instant both sides compute the clock at, so their JSON can be compared


def tournament_id(path: Path) -> str:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return str(conn.execute("SELECT value FROM meta WHERE key = 'tournament_id'").fetchone()[0])
    finally:
        conn.close()


def last_seq(path: Path) -> int:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT MAX(seq) FROM events").fetchone()[0])
    finally:
        conn.close()


class Site(SiteProcess):
    token: str
