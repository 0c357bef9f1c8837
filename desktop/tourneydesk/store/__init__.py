"""The SQLite side of TourneyDesk: one tournament file, its event log, migrations and backups.

Only the desk imports this package; the UI never touches SQLite (docs/architecture.md).
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
