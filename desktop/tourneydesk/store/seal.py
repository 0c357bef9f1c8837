"""Seals: what the store keeps beside the log, tied to a point of the log's chain.

Two things live outside the chain over the log (`tourneydesk.store.chain`): the checkpoint (the folded
state as of an event, so that a long tournament opens without folding every event again) and each
accepted command's answer (given again to a client that retries the command). Trusted as stored, a
changed digit in either was taken for the truth: a reopened file showed 950,000 chips in play where its
log held 150,000, and a retried command was answered with whatever the row said.

So each is written with its seal: the SHA-256 over what it holds and the chain's hash at the event it
stands for. The chain is checked on open; the seal binds the thing to a point of that checked chain. A
checkpoint whose seal does not hold is not used (the state is folded from the log), and a retried
command whose answer does not hold is refused rather than answered. Like the chain, a seal finds what a
bad disk or another program changed; it cannot stop someone who writes a new one on purpose.

Any file kept beside a log with a chain can seal its projections the same way: `seal` and `holds` know
nothing of tournaments.
"""

from __future__ import annotations

import hashlib

__all__ = ["holds", "seal"]


def seal(kind: str, seq: int, link: str, text: str) -> str:
    """The seal (hex SHA-256) of `text`, a projection of kind `kind` as of event `seq`, whose hash in the
    chain is `link`. The kind keeps a checkpoint's seal from passing for an answer's."""
    digest = hashlib.sha256()
    digest.update(f"{kind}\x1f{seq}\x1f{link}\x1f".encode("ascii", "replace"))
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def holds(claimed: object, kind: str, seq: object, link: object, text: object) -> bool:
    """Whether `claimed`, as read from the file, is the seal of the rest (each also as read: any of them
    may hold a value of the wrong kind in a damaged file)."""
    if not (isinstance(claimed, str) and isinstance(seq, int) and isinstance(link, str) and isinstance(text, str)):
        return False
    return claimed == seal(kind, seq, link, text)
