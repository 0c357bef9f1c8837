"""What a file's schema must hold at its version, and what in it the program did not make.

A file is checked against the very migrations that made it: they are run once on an empty database in
memory, up to the file's version, and the tables, indexes, triggers and views that gives, with each
table's columns, are what the file may hold. Anything else was put there by another program: a trigger
planted in a file rewrote event #2 on the next command, and a `user_version` set back to 1 on a file that
already keeps its chain made the next migration fail with a raw SQLite error. Both are refused before the
program writes a byte.

SQLite's own tables (`sqlite_stat1` after an ANALYZE, `sqlite_sequence`) are its business and allowed.
Any SQLite file built by numbered migrations can be checked the same way (`expected`, `unexpected`).
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Schema", "expected", "unexpected"]


@dataclass(frozen=True, slots=True)
class Schema:
    objects: frozenset[tuple[str, str]]  # (type, name): table, index, trigger, view
    columns: dict[str, frozenset[str]]  # table -> its columns


def _schema_of(conn: sqlite3.Connection) -> Schema:
    objects = frozenset((str(kind), str(name)) for kind, name in conn.execute(
        "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"))
    columns = {name: frozenset(str(row[1]) for row in conn.execute("SELECT * FROM pragma_table_info(?)", (name,)))
               for kind, name in objects if kind == "table"}
    return Schema(objects, columns)


@functools.lru_cache(maxsize=16)
def _expected(steps: tuple[tuple[int, str], ...], version: int) -> Schema:
    conn = sqlite3.connect(":memory:")
    try:
        for number, sql in steps:
            if number <= version:
                conn.executescript(sql)
        return _schema_of(conn)
    finally:
        conn.close()


def expected(steps: Sequence[tuple[int, str]], version: int) -> Schema:
    """The schema the migrations `steps` (number, SQL) make up to `version`."""
    return _expected(tuple(steps), version)


def unexpected(conn: sqlite3.Connection, steps: Sequence[tuple[int, str]], version: int) -> list[str]:
    """What the file behind `conn` holds that the migrations up to its `version` do not make, worded for a
    message ("a trigger named rewrite", "a column hash in events"); [] when there is nothing.

    What is missing is not looked for here: a missing table or column is the caller's message to give."""
    want, have = expected(steps, version), _schema_of(conn)
    found = [f"{'an' if kind == 'index' else 'a'} {kind} named {name}"
             for kind, name in sorted(have.objects - want.objects)]
    for table, columns in sorted(have.columns.items()):
        found += [f"a column {column} in {table}" for column in sorted(columns - want.columns.get(table, columns))]
    return found
