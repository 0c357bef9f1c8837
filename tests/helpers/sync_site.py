"""The sync tests' site process with its token, the instant both sides compute the clock at, what a
tournament file says of itself (its id, its last event), read without opening it for writing, and both sides'
public JSON at the instant the site showed it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx

from tests.helpers.site_process import SiteProcess
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk

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


def site_json(site: Site, tid: str) -> dict[str, object]:
    """The site's public JSON without its news, as of the instant it shows: its own time less the
    laptop's clock error (the pusher sends real time; the test site's clock is fixed at SITE_NOW)."""
    response = httpx.get(f"{site.url}/api/v1/tournaments/{tid}", timeout=10)
    assert response.status_code == 200, response.text
    data = dict(response.json())
    news = data.pop("news")
    SHOWN_AT[tid] = SITE_NOW - news["clock_error_s"]
    return data


# tournament id -> the laptop's instant the site last showed it at (see site_json)
SHOWN_AT: dict[str, float] = {}


def desktop_public(path: Path, tid: str | None = None) -> dict[str, object]:
    """The laptop's public snapshot at the instant the site showed (call site_json first)."""
    desk = Desk.open(path)
    try:
        return snapshot.public(desk.snapshot(now=SHOWN_AT.get(tid or desk.state.tournament_id, SITE_NOW)))
    finally:
        desk.close()
