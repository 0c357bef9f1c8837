"""What the events are called: one catalogue for the console's event log and the venue network's pages
(the TD's remote says what an undo takes back in the console's words).

The words are English here, marked for lupdate in the context `events`; their French is in the
translation catalogue like every other visible string (CONTRIBUTING.md, "Words the user reads"). The
console reads it through Qt (`ui/console/event_log.py`); the pages run without Qt, so they read the same
catalogue's source, `translations/tourneydesk_fr.ts`, shipped beside the compiled one.
"""

from __future__ import annotations

import functools

from . import shell_words

CONTEXT = "events"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks `text` for the catalogue under `context` (lupdate looks for this name and reads the literal)."""
    return text


# Each event type's words, and a variant's (`type:flag`, see `LogWords.variant`) where it has its own.
EVENTS: dict[str, str] = {
    "tournament_created": QT_TRANSLATE_NOOP("events", "tournament created"),
    "player_registered": QT_TRANSLATE_NOOP("events", "registration"),
    "player_edited": QT_TRANSLATE_NOOP("events", "player corrected"),
    "player_unregistered": QT_TRANSLATE_NOOP("events", "registration taken back"),
    "player_noted": QT_TRANSLATE_NOOP("events", "note on a player"),
    "entry_bought": QT_TRANSLATE_NOOP("events", "buy-in"),
    "entry_bought:reentry": QT_TRANSLATE_NOOP("events", "re-entry"),
    "alternate_added": QT_TRANSLATE_NOOP("events", "put on the waiting list"),
    "alternates_removed": QT_TRANSLATE_NOOP("events", "taken off the waiting list"),
    "rebought": QT_TRANSLATE_NOOP("events", "rebuy"),
    "rebought:back": QT_TRANSLATE_NOOP("events", "rebuy after a bust"),
    "added_on": QT_TRANSLATE_NOOP("events", "add-on"),
    "busted": QT_TRANSLATE_NOOP("events", "bust"),
    "moved": QT_TRANSLATE_NOOP("events", "move"),
    "table_opened": QT_TRANSLATE_NOOP("events", "table opened"),
    "button_set": QT_TRANSLATE_NOOP("events", "button placed"),
    "table_broken": QT_TRANSLATE_NOOP("events", "table broken"),
    "table_filled": QT_TRANSLATE_NOOP("events", "table filled"),
    "final_table_drawn": QT_TRANSLATE_NOOP("events", "final table drawn"),
    "clock_set": QT_TRANSLATE_NOOP("events", "clock"),
    "hand_for_hand": QT_TRANSLATE_NOOP("events", "hand-for-hand ends"),
    "hand_for_hand:on": QT_TRANSLATE_NOOP("events", "hand-for-hand"),
    "penalty_given": QT_TRANSLATE_NOOP("events", "penalty"),
    "player_clock": QT_TRANSLATE_NOOP("events", "player on the clock"),
    "entry_removed": QT_TRANSLATE_NOOP("events", "disqualification or removal"),
    "chips_counted": QT_TRANSLATE_NOOP("events", "chip count"),
    "announced": QT_TRANSLATE_NOOP("events", "announcement"),
    "chips_removed": QT_TRANSLATE_NOOP("events", "chips removed"),
    "config_changed": QT_TRANSLATE_NOOP("events", "settings changed"),
    "payouts_edited": QT_TRANSLATE_NOOP("events", "payouts edited"),
    "deal_made": QT_TRANSLATE_NOOP("events", "deal"),
    "envelopes_fixed": QT_TRANSLATE_NOOP("events", "mystery envelopes fixed"),
    "envelopes_left_paid": QT_TRANSLATE_NOOP("events", "mystery envelopes left paid"),
    "paid": QT_TRANSLATE_NOOP("events", "payment"),
    "stack_abandoned": QT_TRANSLATE_NOOP("events", "stack abandoned"),
    "tournament_finished": QT_TRANSLATE_NOOP("events", "tournament finished"),
    "flight_stopped": QT_TRANSLATE_NOOP("events", "flight stopped"),
    "chips_bagged": QT_TRANSLATE_NOOP("events", "chips bagged"),
    "flight_bagged": QT_TRANSLATE_NOOP("events", "flight bagged"),
    "flights_known": QT_TRANSLATE_NOOP("events", "other flights read"),
    "flight_taken": QT_TRANSLATE_NOOP("events", "flight taken"),
    "qualifier_seated": QT_TRANSLATE_NOOP("events", "qualifier seated"),
    "seat_held": QT_TRANSLATE_NOOP("events", "seat no longer held"),
    "seat_held:held": QT_TRANSLATE_NOOP("events", "holds a seat already"),
    "satellite_ended": QT_TRANSLATE_NOOP("events", "satellite ended"),
    "seat_won": QT_TRANSLATE_NOOP("events", "seat won"),
    "satellite_seats_taken": QT_TRANSLATE_NOOP("events", "satellite seats taken"),
    "undone": QT_TRANSLATE_NOOP("events", "undo"),
}

# The values an event's `action` field holds (the clock's actions, a removal's kind, a deal's method).
ACTIONS: dict[str, str] = {
    "start": QT_TRANSLATE_NOOP("events", "started"),
    "pause": QT_TRANSLATE_NOOP("events", "paused"),
    "resume": QT_TRANSLATE_NOOP("events", "resumed"),
    "next": QT_TRANSLATE_NOOP("events", "next level"),
    "previous": QT_TRANSLATE_NOOP("events", "previous level"),
    "adjust": QT_TRANSLATE_NOOP("events", "time changed"),
    "set": QT_TRANSLATE_NOOP("events", "level chosen"),
    "disqualified": QT_TRANSLATE_NOOP("events", "disqualified"),
    "removed": QT_TRANSLATE_NOOP("events", "removed"),
    "icm": QT_TRANSLATE_NOOP("events", "ICM"),
    "chip_chop": QT_TRANSLATE_NOOP("events", "chip chop"),
    "custom": QT_TRANSLATE_NOOP("events", "amounts agreed"),
    "structure": QT_TRANSLATE_NOOP("events", "blind structure"),
    "config": QT_TRANSLATE_NOOP("events", "settings"),
    "players_left": QT_TRANSLATE_NOOP("events", "players left reached"),
    "level": QT_TRANSLATE_NOOP("events", "end of its level"),
    "td": QT_TRANSLATE_NOOP("events", "stopped by the TD"),
    "left": QT_TRANSLATE_NOOP("events", "left the list"),
    "closed": QT_TRANSLATE_NOOP("events", "late registration closed"),
}


@functools.cache
def translated(language: str) -> dict[str, str]:
    """The catalogue's words in `language`, by their English, read from its translation catalogue without
    Qt (English is the source: nothing to read)."""
    if language == "en":
        return {}
    return {source: forms[0] for (context, source, _), forms in shell_words.catalogue(language).items()
            if context == CONTEXT}


def in_language(english: str, language: str) -> str:
    """One of the catalogue's words in `language` (English where it has no translation)."""
    return translated(language).get(english, english)
