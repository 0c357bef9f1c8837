"""The waiting list for a seat (the alternates), worded once for the console, the cashier desk and the
projector: who waits, in order, and what the desk does next (call the first, or tell them all that late
registration has closed)."""

from __future__ import annotations

from typing import Any

from .i18n import tr

NAMES_SHOWN = 6  # on one line; the projector and the console's list show everyone


def names(waiting: dict[str, Any], limit: int | None = NAMES_SHOWN) -> str:
    """The names in order, "1. Ana, 2. Ben", cut after `limit` with how many more."""
    players = waiting["players"]
    shown = players if limit is None else players[:limit]
    text = ", ".join(f"{n}. {p['name']}" for n, p in enumerate(shown, start=1))
    if len(players) > len(shown):
        more = tr("and %n more", "", len(players) - len(shown))
        text = f"{text} {more}"
    return text


def next_step(waiting: dict[str, Any], registration_open: bool) -> str:
    """What the desk does about the list now."""
    if not registration_open:
        return tr("Late registration has closed: they will not be seated and paid nothing. Take them off the list "
                  "(Ctrl+Shift+Q)")
    free = waiting["seats_free"]
    if free:
        return tr("%n seat(s) free: call {name} to the cashier", "", free).format(name=waiting["players"][0]["name"])
    return tr("Every seat is taken: the first takes the next seat that frees")


def summary(waiting: dict[str, Any] | None, registration_open: bool) -> str:
    """One line: the count, the names, the next step; empty when nobody waits."""
    if not waiting:
        return ""
    count = len(waiting["players"])
    head = tr("Waiting list (%n): {names}", "", count).format(names=names(waiting))
    return f"{head} · {next_step(waiting, registration_open)}"
