"""Which storage a database URL names: SQLite (`storage.py`) or PostgreSQL (`storage_pg.py`).

Above both: each storage module knows only its own database, so neither imports the other.
"""

from __future__ import annotations

from pathlib import Path

from .storage import SqliteStorage, Storage


def open_storage(url: str) -> Storage:
    """The storage a database URL names: `postgresql://user@host/dbname`, `sqlite:///relative.db`,
    `sqlite:////abs/site.db` or a path."""
    if url.startswith(("postgres://", "postgresql://")):
        from .storage_pg import PostgresStorage  # only a site on PostgreSQL needs psycopg

        return PostgresStorage(url)
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
    elif "://" in url:
        raise ValueError(f"unknown database URL {url!r}: use sqlite:///path/to/site.db, a file path or "
                         "postgresql://user@host/dbname")
    else:
        path = url
    if not path:
        raise ValueError("the database URL names no file")
    return SqliteStorage(Path(path))
