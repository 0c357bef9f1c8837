"""The chain over the log: each event's hash covers the event and the hash of the one before.

A file whose bytes were flipped, truncated or rewritten no longer matches its chain; a backup restored
and played on, or a file copied as a template, shares a chain with the original only up to the event
where the two histories part. The laptop keeps the hash of every event in the log; the website keeps
the hash the laptop sent with every event it holds, so that either side can tell, by comparing one
hash, whether the other holds the same history up to that event.

The hash is over the event as stored (its payload as the compact, key-sorted JSON text written to the
file), so that verifying a whole log on open costs one SHA-256 per event and no JSON work.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

# The hash "before" the first event of every log.
GENESIS = "0" * 64


def _field(value: str | None) -> bytes:
    # None and "" are different facts (no station, an empty station): \x00 marks None.
    return b"\x00" if value is None else value.encode("utf-8", "surrogatepass")


def event_hash(prev: str, seq: int, command_seq: int, type_: str, at: float, station: str | None,
               actor: str | None, payload_text: str) -> str:
    """The hash of one event (hex SHA-256), chained to `prev`, the hash of the event before it.

    Its fields in order, each followed by \x1f (a separator no field but the payload can contain), then
    the payload: one buffer hashed at once, which is what makes checking a whole log on open cheap."""
    return hashlib.sha256(b"\x1f".join((
        prev.encode("ascii"), b"%d" % seq, b"%d" % command_seq, _field(type_), repr(float(at)).encode("ascii"),
        _field(station), _field(actor), payload_text.encode("utf-8", "surrogatepass")))).hexdigest()


class ChainBreak(Exception):
    """The log stops matching its chain at event `seq`: every event before it is intact."""

    def __init__(self, seq: int, last_hash: str, why: str) -> None:
        super().__init__(f"event #{seq}: {why}")
        self.seq = seq
        self.last_hash = last_hash  # the hash of event seq - 1, the last one that holds
        self.why = why


Row = tuple[object, object, object, object, object, object, object, object]


def verify(rows: Iterable[Row], prev: str = GENESIS, first: int = 1) -> tuple[int, str]:
    """Check a log, as read from the file, against its chain; return (last seq, last hash).

    `rows` are (seq, command_seq, type, at, station, actor, payload text, hash) in seq order, from event
    `first` on, whose predecessor's hash is `prev` (a whole log: from event 1, after GENESIS). Raises
    ChainBreak at the first event that is missing, out of place, of a wrong kind of value, or whose stored
    hash is not the one its contents and the event before it give.
    """
    expected = first
    for seq, command_seq, type_, at, station, actor, payload, stored in rows:
        if seq != expected:
            raise ChainBreak(expected, prev, "it is missing from the log")
        if (not isinstance(command_seq, int) or not 0 < command_seq <= expected or not isinstance(type_, str)
                or not isinstance(at, float) or not isinstance(payload, str)
                or not (station is None or isinstance(station, str))
                or not (actor is None or isinstance(actor, str))):
            raise ChainBreak(expected, prev, "one of its fields holds a value of the wrong kind")
        if stored != event_hash(prev, expected, command_seq, type_, at, station, actor, payload):
            raise ChainBreak(expected, prev, "its contents are not those it was written with")
        prev = stored
        expected += 1
    return expected - 1, prev
