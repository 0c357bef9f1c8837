-- Schema 1: the event log and what lives beside it.
--
-- Applied by tourneydesk.store.tdfile inside one transaction, which then sets
-- PRAGMA user_version = 1. A migration file must therefore hold no BEGIN/COMMIT,
-- no VACUUM and no PRAGMA journal_mode (none of them may run inside a transaction).
-- Tables are not STRICT on purpose: STRICT needs SQLite 3.37, and a tournament file
-- must stay readable by the older SQLite some Linux distributions ship with Python.

-- Who wrote this file. `app` = 'tourneydesk' is how a foreign SQLite file is told
-- apart from ours; the other keys are tournament_id, created_at, app_version.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT
);

-- The log: the only source of truth. `at` is POSIX seconds UTC as decided by the desk;
-- `command_seq` is the seq of the first event of the command that wrote the row, so undo
-- can take back a whole command; `payload` is JSON (compact, sorted keys).
-- Rows are only ever appended: undo is a new event, never a DELETE.
CREATE TABLE events (
    seq         INTEGER PRIMARY KEY,
    command_seq INTEGER NOT NULL CHECK (command_seq <= seq),
    type        TEXT    NOT NULL,
    at          REAL    NOT NULL,
    station     TEXT,
    actor       TEXT,
    payload     TEXT    NOT NULL
);

-- Idempotency: a command_id already accepted answers with the stored result and writes
-- nothing. Kept forever (a retry may come back after any delay).
CREATE TABLE commands (
    command_id TEXT    PRIMARY KEY,
    first_seq  INTEGER NOT NULL,
    last_seq   INTEGER NOT NULL,
    result     TEXT    NOT NULL
);

-- A projection: the folded state (JSON) as of `seq`, so opening a long tournament folds
-- only the tail. It may be deleted at any time; the state is rebuilt from the events.
CREATE TABLE checkpoint (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    seq   INTEGER NOT NULL,
    state TEXT    NOT NULL
);

-- The website outbox: everything after acked_seq is still to be sent to `target`.
CREATE TABLE sync_state (
    target     TEXT    PRIMARY KEY,
    acked_seq  INTEGER NOT NULL,
    updated_at REAL,
    last_error TEXT
);
