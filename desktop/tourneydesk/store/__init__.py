"""The SQLite side of TourneyDesk: one tournament file, its event log, migrations and backups.

The desk owns the file through `TournamentFile`; the sync reads it beside the desk through
`log_reader.LogReader`. The UI never touches SQLite (docs/architecture.md).
"""

from tourneydesk.store.tdfile import (
    APP_ID,
    NewEvent,
    StoredEvent,
    TournamentFile,
    load_migrations,
    migrations_dir,
)

__all__ = [
    "APP_ID",
    "NewEvent",
    "StoredEvent",
    "TournamentFile",
    "load_migrations",
    "migrations_dir",
]
