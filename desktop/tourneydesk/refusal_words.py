"""A refusal said in the user's language, by its code and parameters: one catalogue for the windows
(`ui/messages.py`, through Qt) and the shell (`shell_words.py`, which reads the same translations without Qt).

The desk and the club raise `TourneyError` with a stable code, its parameters and an English message
(docs/protocol.md: refusals). The templates below are English with {param} placeholders, marked for lupdate
in the context `errors`; their French is in the translation catalogue like every other visible string. A
refusal the catalogue does not know keeps its own English message, so a new one is never shown blank.
"""

from __future__ import annotations

from typing import Any, Protocol

from .core.protocol.errors import TourneyError


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks `text` for the catalogue under `context` (lupdate looks for this name and reads the literal)."""
    return text


class Words(Protocol):
    """How a reader says the catalogue's words: the windows through Qt, the shell from the catalogue's source."""

    def translate(self, text: str) -> str:
        """`text` of the context `errors` in the reader's language (itself where it has no translation)."""
        ...

    def number(self, value: int) -> str:
        """A quantity as the reader's language groups its digits ("20,000", "20 000")."""
        ...

    def percent(self, basis_points: int) -> str:
        """A share in basis points, in percent as the reader writes it ("33.5", "33,5")."""
        ...


# code -> English template with {param} placeholders; each goes through the reader's translation at use.
# QT_TRANSLATE_NOOP marks them for lupdate, which cannot read a template out of a dict on its own.
_MARKED: dict[str, object] = {
    "ALREADY_ACTIVE": QT_TRANSLATE_NOOP("errors", "This player already has a live entry"),
    "NOT_PRESENT": QT_TRANSLATE_NOOP("errors", "The player must be here in person to buy chips (PKR4U 14)"),
    "REGISTRATION_CLOSED": QT_TRANSLATE_NOOP("errors", "Late registration is closed"),
    "NAME_TAKEN": QT_TRANSLATE_NOOP("errors", "That name is already registered"),
    "PLAYER_HAS_ENTRIES": QT_TRANSLATE_NOOP("errors", "This player has bought in: undo the buy-in or remove "
                                                      "the entry instead"),
    "NOTHING_OWED": QT_TRANSLATE_NOOP("errors", "Nothing is owed to this entry now"),
    # A flight's bags (the console's bag dialog).
    "FLIGHT_NOT_STOPPED": QT_TRANSLATE_NOOP("errors", "The flight plays on: its chips are bagged once it has "
                                                      "stopped"),
    "FLIGHT_BAGGED": QT_TRANSLATE_NOOP("errors", "Every table of the flight is bagged"),
    "TABLE_BAGGED": QT_TRANSLATE_NOOP("errors", "Table {table} is bagged already"),
    "BAGS_OVER": QT_TRANSLATE_NOOP("errors", "With table {table} the bags add up to {chips} chips, more than the "
                                             "{in_play} in play: count it again"),
    # Refusals a window meets that named the core's ids or its basis points (issue 28): in the TD's words.
    "UNKNOWN_ENTRY": QT_TRANSLATE_NOOP("errors", "That entry is no longer in this tournament (taken back, or "
                                                 "undone): choose the player again"),
    "UNKNOWN_PLAYER": QT_TRANSLATE_NOOP("errors", "That player is no longer registered (taken back, or undone): "
                                                  "find them again"),
    "UNDO_UNKNOWN": QT_TRANSLATE_NOOP("errors", "Event #{seq} cannot be undone on its own"),
    "PAYMENT_INVALID": QT_TRANSLATE_NOOP("errors", "Choose how the player pays: cash, card, transfer, voucher or "
                                                   "comp"),
    "PAYOUTS_INVALID/none": QT_TRANSLATE_NOOP("errors", "Give at least one paid place, with its share"),
    "PAYOUTS_INVALID/not_whole": QT_TRANSLATE_NOOP("errors", "Place {place} needs a share above 0 %"),
    "PAYOUTS_INVALID/grows": QT_TRANSLATE_NOOP("errors", "Place {place} ({share} %) would pay more than place "
                                                         "{above_place} ({above} %)"),
    "PAYOUTS_INVALID/sum": QT_TRANSLATE_NOOP("errors", "The shares add up to {total} %, not the whole pool (100 %)"),
    "PAYOUTS_INVALID": QT_TRANSLATE_NOOP("errors", "The paid places are not right: each needs a share, first place "
                                                   "first, adding up to 100 %"),
    "SATELLITE_PAYS_SEATS": QT_TRANSLATE_NOOP("errors", "A satellite pays its seats and what is left over: it has "
                                                        "no prize places to change"),
    "PRIZE_POOL_INVALID": QT_TRANSLATE_NOOP("errors", "The prize pool cannot be below 0"),
    "PAYOUT_ROUNDING_INVALID": QT_TRANSLATE_NOOP("errors", "Prizes are rounded to a unit of 1 or more"),
    "DEAL_AMOUNT_INVALID": QT_TRANSLATE_NOOP("errors", "Each amount of the deal is a whole amount, 0 or more"),
    "DEAL_PRIZES_INVALID": QT_TRANSLATE_NOOP("errors", "The prizes left must pay each place no more than the place "
                                                       "above it"),
    "DEAL_METHOD_UNKNOWN": QT_TRANSLATE_NOOP("errors", "A deal is made by ICM, chip chop or amounts typed in"),
    "ICM_TOO_MANY_PLAYERS": QT_TRANSLATE_NOOP("errors", "ICM counts {players} players too slowly: make a chip chop "
                                                        "or type the amounts"),
    "ABANDON_INVALID": QT_TRANSLATE_NOOP("errors", "That stack is not this player's live entry"),
    "CHIP_SET_EMPTY": QT_TRANSLATE_NOOP("errors", "Give the chip values of the set (at least one)"),
    "STACK_NOT_IN_CHIPS": QT_TRANSLATE_NOOP("errors", "A starting stack of {stack} cannot be made of chips of "
                                                      "{chip}"),
    "SEAT_VALUE_DIFFERS": QT_TRANSLATE_NOOP("errors", "A seat won there is not worth a buy-in here: the two must "
                                                      "cost the same"),
    "SEAT_HOLDER_ENTERED": QT_TRANSLATE_NOOP("errors", "Already entered, leave them out: {names}"),
    "FLIGHT_STOPPED": QT_TRANSLATE_NOOP("errors", "The flight has stopped already"),
    "FLIGHT_NOT_DUE": QT_TRANSLATE_NOOP("errors", "{players_left} players are left: the flight stops at {target}"),
    "FLIGHTS_TAKEN": QT_TRANSLATE_NOOP("errors", "The Day 2 has taken its flights already"),
    "NOT_A_DAY2": QT_TRANSLATE_NOOP("errors", "This tournament is not the Day 2 of an event"),
    "DAY2_STARTED": QT_TRANSLATE_NOOP("errors", "The Day 2 takes its flights before anyone is registered"),
    "DAY2_NO_ENTRIES": QT_TRANSLATE_NOOP("errors", "The Day 2's players come from its flights: nobody buys in "
                                                   "here"),
    "FLIGHT_BAGS_DIFFER": QT_TRANSLATE_NOOP("errors", "The bags of {flight} do not add up to its {chips} chips"),
    "BAG_MISSING": QT_TRANSLATE_NOOP("errors", "Give every bag of table {table}; missing: {names}"),
    "PLAYS_IN_OTHER_FLIGHT": QT_TRANSLATE_NOOP("errors", "This player still plays in {flight}: another flight once "
                                                         "busted there"),
    "QUALIFIED_IN_OTHER_FLIGHT": QT_TRANSLATE_NOOP("errors", "This player qualified in {flight}: this event allows "
                                                             "no other flight after qualifying"),
    # A Day 2 made from its flights (the start page).
    "FLIGHT_NOT_BAGGED": QT_TRANSLATE_NOOP("errors", "{flight} is not bagged yet: its Day 2 takes it once every "
                                                     "table is bagged"),
    "FLIGHT_OF_ANOTHER_EVENT": QT_TRANSLATE_NOOP("errors", "{flight} is a flight of another event"),
    "FLIGHT_TWICE": QT_TRANSLATE_NOOP("errors", "{flight} is chosen twice"),
    "NOT_A_FLIGHT": QT_TRANSLATE_NOOP("errors", "{name} is not a flight of an event"),
    # A satellite's seats taken by its target (the console).
    "NOT_A_SATELLITE": QT_TRANSLATE_NOOP("errors", "This tournament is not a satellite"),
    "SATELLITE_NOT_ENDED": QT_TRANSLATE_NOOP("errors", "The satellite plays on: its seats are known once it has "
                                                       "ended"),
    "SATELLITE_TAKEN": QT_TRANSLATE_NOOP("errors", "The seats of {satellite} are taken already"),
    "SEAT_FOR_ANOTHER_EVENT": QT_TRANSLATE_NOOP("errors", "{satellite} gives seats in another event"),
    "BAGS_SHORT": QT_TRANSLATE_NOOP("errors", "The bags add up to {chips} chips, {missing} short of the {in_play} "
                                              "in play: count again, or accept the difference"),
    # What the TD console meets: the clock, busts, moves, the floor, edits and undo.
    "BY_REQUIRED": QT_TRANSLATE_NOOP("errors", "Name who won the pot: their bounty depends on it"),
    "NOT_AT_SAME_TABLE": QT_TRANSLATE_NOOP("errors", "An eliminator must play at the same table"),
    "ENTRY_NOT_ACTIVE": QT_TRANSLATE_NOOP("errors", "This player is no longer in play"),
    "LAST_PLAYER": QT_TRANSLATE_NOOP("errors", "The last player left cannot bust"),
    "BUSTS_AT_SEVERAL_TABLES": QT_TRANSLATE_NOOP("errors", "Several busts in one hand must be at one table"),
    "SAME_TABLE": QT_TRANSLATE_NOOP("errors", "A player is never moved to another seat of the same table "
                                              "(UPPS 4.4)"),
    "SEAT_TAKEN": QT_TRANSLATE_NOOP("errors", "Table {table} seat {seat} is taken"),
    "TABLE_BARRED": QT_TRANSLATE_NOOP("errors", "This player left an abandoned stack at table {table}: "
                                                "never seated there again"),
    "TABLE_CLOSED": QT_TRANSLATE_NOOP("errors", "That table is closed"),
    "TABLE_IN_USE": QT_TRANSLATE_NOOP("errors", "Table {table} has players: it must stay"),
    "BUTTON_NEEDED": QT_TRANSLATE_NOOP("errors", "Say where the button is first (set the button)"),
    "NOTHING_TO_DO": QT_TRANSLATE_NOOP("errors", "That changes nothing"),
    "CLOCK_STARTED": QT_TRANSLATE_NOOP("errors", "The clock has already started"),
    "CLOCK_NOT_STARTED": QT_TRANSLATE_NOOP("errors", "Start the clock first"),
    "CLOCK_PAUSED": QT_TRANSLATE_NOOP("errors", "The clock is already paused"),
    "CLOCK_RUNNING": QT_TRANSLATE_NOOP("errors", "The clock is already running"),
    "NO_PREVIOUS_LEVEL": QT_TRANSLATE_NOOP("errors", "The clock is at the first level"),
    "TOO_FEW_PLAYERS": QT_TRANSLATE_NOOP("errors", "The clock starts with 2 players or more; players bought "
                                                   "in so far: {players}"),
    "TOURNAMENT_FINISHED": QT_TRANSLATE_NOOP("errors", "The tournament is over"),
    "HAND_FOR_HAND_ON": QT_TRANSLATE_NOOP("errors", "Hand-for-hand is already on"),
    "BOUNTY_KIND_FIXED": QT_TRANSLATE_NOOP("errors", "Mystery bounties cannot be switched on or off once entries "
                                                     "are bought"),
    "NOT_MYSTERY": QT_TRANSLATE_NOOP("errors", "This tournament has no mystery bounties"),
    "ENVELOPES_ON_DAY2": QT_TRANSLATE_NOOP("errors", "This flight's bounty parts go to the Day 2: its envelopes are "
                                                     "fixed there, from every flight's parts"),
    "REGISTRATION_OPEN": QT_TRANSLATE_NOOP("errors", "The envelopes are fixed once late registration has closed: "
                                                     "until then the bounty pool may still grow"),
    "ENVELOPES_DRAWN": QT_TRANSLATE_NOOP("errors", "Envelopes have been drawn already: they can no longer be "
                                                   "changed"),
    "ENVELOPES_NOT_POOL": QT_TRANSLATE_NOOP("errors", "The envelopes must add up to the bounty pool exactly"),
    "SHARES_NOT_WHOLE": QT_TRANSLATE_NOOP("errors", "The shares add up to {total} %, not the whole pool (100 %)"),
    "ENVELOPES_EMPTY": QT_TRANSLATE_NOOP("errors", "Every envelope must hold money: the bounty pool does not fill "
                                                   "that many"),
    "ENVELOPES_NOT_FIXED": QT_TRANSLATE_NOOP("errors", "The mystery bounties have started: fix the envelopes first "
                                                       "(Mystery envelopes...), then record the knockout"),
    "ENVELOPES_NOBODY_TO_DRAW": QT_TRANSLATE_NOOP("errors", "The deal ends the tournament: no knockout is left to "
                                                            "draw the envelopes, so they are shared in the deal or "
                                                            "as the house says"),
    "ENVELOPES_HOUSE_RULE_AT_FINISH": QT_TRANSLATE_NOOP("errors", "The house's rule for the envelopes left is "
                                                                  "applied at the finish: while play goes on they are "
                                                                  "drawn on, or shared in the deal"),
    "HAND_FOR_HAND_OFF": QT_TRANSLATE_NOOP("errors", "Hand-for-hand is not on"),
    "REASON_REQUIRED": QT_TRANSLATE_NOOP("errors", "Give the reason: the TD's decision is recorded with it"),
    "PAST_LEVELS_CHANGED": QT_TRANSLATE_NOOP("errors", "Levels already played must stay as they were"),
    "NOTHING_TO_UNDO": QT_TRANSLATE_NOOP("errors", "There is nothing to undo"),
    "UNDO_CONFLICT": QT_TRANSLATE_NOOP("errors", "That command cannot be undone: a later one depends on it"),
    "CHIPS_ABSURD": QT_TRANSLATE_NOOP("errors", "That is more chips than there are in play"),
    "CHIPS_INVALID": QT_TRANSLATE_NOOP("errors", "A count of {chips} chips: a player with no chips is out (bust "
                                                 "them)"),
    "NOT_AT_TABLE": QT_TRANSLATE_NOOP("errors", "{name} does not sit at table {table}"),
    "STACK_REQUIRED": QT_TRANSLATE_NOOP("errors", "Several out in one hand: give each one's chips at the start "
                                                  "of the hand (UPPS 7.2)"),
    "BY_INVALID": QT_TRANSLATE_NOOP("errors", "A player out in this hand cannot also have won it"),
    # What the cashier desk meets: re-entries, rebuys and add-ons the rules refuse.
    "REENTRY_LIMIT": QT_TRANSLATE_NOOP("errors", "No re-entry left: at most {max} per player"),
    "REENTRY_NOT_ALLOWED": QT_TRANSLATE_NOOP("errors", "This tournament is a freezeout: no re-entry"),
    "PLAYER_OUT": QT_TRANSLATE_NOOP("errors", "This player was disqualified or removed and cannot enter again"),
    "SAME_SEAT_NOT_ALLOWED": QT_TRANSLATE_NOOP("errors", "The same seat cannot be kept: a new seat is drawn"),
    "NOT_ON_BREAK": QT_TRANSLATE_NOOP("errors", "A stack can be given up for a re-entry only during a break"),
    "REBUY_NOT_ALLOWED": QT_TRANSLATE_NOOP("errors", "This tournament has no rebuys"),
    "REBUY_CLOSED": QT_TRANSLATE_NOOP("errors", "Rebuys closed at the end of level {until_level}"),
    "REBUY_STACK_TOO_BIG": QT_TRANSLATE_NOOP("errors", "A rebuy is allowed at {max_stack} chips or fewer; "
                                                       "the player has {stack}"),
    "REBUY_LIMIT": QT_TRANSLATE_NOOP("errors", "No rebuy left: at most {max} per entry"),
    "ADD_ON_NOT_ALLOWED": QT_TRANSLATE_NOOP("errors", "This tournament has no add-on"),
    "ADD_ON_CLOSED": QT_TRANSLATE_NOOP("errors", "The add-on is taken during the break after level "
                                                 "{at_break_after_level}"),
    "ADD_ON_LIMIT": QT_TRANSLATE_NOOP("errors", "This entry has taken the add-on already"),
    "NO_MONEY": QT_TRANSLATE_NOOP("errors", "This is a points-only event: no money changes hands"),
    # The waiting list for a seat (the alternates).
    "NO_SEAT_AVAILABLE": QT_TRANSLATE_NOOP("errors", "Every seat is taken: put the player on the waiting list, "
                                                     "or add tables in the settings"),
    "ALTERNATES_WAITING": QT_TRANSLATE_NOOP("errors", "{waiting} waiting for a seat, {first} first: put this "
                                                      "player on the waiting list"),
    "ALTERNATE_NOT_FIRST": QT_TRANSLATE_NOOP("errors", "{first} is first on the waiting list: this player is "
                                                       "number {position}"),
    "ALREADY_WAITING": QT_TRANSLATE_NOOP("errors", "This player is already number {position} on the waiting list"),
    "SEAT_FREE": QT_TRANSLATE_NOOP("errors", "A seat is free: sell the buy-in"),
    "NOT_WAITING": QT_TRANSLATE_NOOP("errors", "This player is not on the waiting list"),
    "PLAYER_WAITING": QT_TRANSLATE_NOOP("errors", "This player is on the waiting list: take them off it first"),
    "WAITING_LIST_OPEN": QT_TRANSLATE_NOOP("errors", "Late registration is still open: take the players off the "
                                                     "waiting list one at a time"),
    # Seating, the final table and deals.
    "SEAT_EMPTY": QT_TRANSLATE_NOOP("errors",
                                    "Table {table} seat {seat} is empty: heads-up the button goes to a player"),
    "LAST_TABLE": QT_TRANSLATE_NOOP("errors", "Table {table} is the last table open: it cannot break"),
    "NO_ROOM": QT_TRANSLATE_NOOP("errors", "Table {table} cannot break now: its players cannot all be seated at "
                                           "the other tables"),
    "FINAL_TABLE_DRAWN": QT_TRANSLATE_NOOP("errors", "The final table was drawn at table {table}"),
    "FINAL_TABLE_TOO_EARLY": QT_TRANSLATE_NOOP("errors", "Too many players left for the final table: {players} "
                                                         "for {size} seats"),
    "NOT_STARTED": QT_TRANSLATE_NOOP("errors", "The clock has not started yet"),
    "CANNOT_FINISH": QT_TRANSLATE_NOOP("errors", "The tournament cannot end while more than one player is left "
                                                 "({players_left}) or late registration is open"),
    "OWN_ABANDONED_BOUNTY": QT_TRANSLATE_NOOP("errors", "A player can never win the bounty of the stack they "
                                                        "abandoned (PKR4U 6)"),
    "DEAL_TOO_EARLY": QT_TRANSLATE_NOOP("errors", "A deal is made once late registration has closed and no "
                                                  "abandoned stack is left"),
    "DEAL_PLAYERS_MISMATCH": QT_TRANSLATE_NOOP("errors", "A deal includes every player still in play"),
    "DEAL_STACKS_INVALID": QT_TRANSLATE_NOOP("errors", "Give every player's chip count: a whole number above 0"),
    # The tournament file: what the disk, another program or a damaged log refuse.
    "DISK_FULL": QT_TRANSLATE_NOOP("errors", "The disk is full: free some space, nothing was lost"),
    "DISK_ERROR": QT_TRANSLATE_NOOP("errors", "The disk failed to write; nothing that was recorded is lost. Check "
                                              "the disk, then try again"),
    "RESOURCES_MISSING": QT_TRANSLATE_NOOP("errors", "The program's installation is incomplete ({path} is "
                                                     "missing): install TourneyDesk again"),
    "STRUCTURE_UNKNOWN": QT_TRANSLATE_NOOP("errors", "There is no blind structure called {structure}"),
    "PAYOUT_TABLE_UNKNOWN": QT_TRANSLATE_NOOP("errors", "There is no payout table called {table}"),
    "FILE_IN_USE": QT_TRANSLATE_NOOP("errors", "This tournament is open in {holder}: close it there, or switch "
                                               "to that window"),
    "LOG_DAMAGED": QT_TRANSLATE_NOOP("errors", "The file is damaged at event #{first_bad_seq}; the events "
                                               "before it are intact ({intact_events}). Restore a backup, or "
                                               "open everything before the damage"),
    "FILE_READ_ONLY": QT_TRANSLATE_NOOP("errors", "The file is on a medium that cannot be written: open it "
                                                  "read-only, or copy it somewhere writable"),
    "FILE_IMMUTABLE": QT_TRANSLATE_NOOP("errors", "The file is marked as unchangeable by the system: lift that "
                                                  "mark, or open it read-only"),
    "FILE_NO_PERMISSION": QT_TRANSLATE_NOOP("errors", "You may not write to this file or its folder: ask for the "
                                                      "right to, or open it read-only"),
    "FILE_NOT_A_FILE": QT_TRANSLATE_NOOP("errors", "That is a {kind}, not a file: choose the tournament file "
                                                   "itself"),
    "FILE_OPENED_READ_ONLY": QT_TRANSLATE_NOOP("errors", "This tournament is open read-only: nothing can be "
                                                         "changed in it"),
    "FILE_UNREADABLE": QT_TRANSLATE_NOOP("errors", "This file cannot be read: ask its owner or an administrator "
                                                   "for the right to read it, or check the disk"),
    "ANSWER_DAMAGED": QT_TRANSLATE_NOOP("errors", "This command was recorded already, but the answer kept with it "
                                                  "no longer matches the log: nothing was done again. The event "
                                                  "log shows what it did (from event #{first_seq})"),
    "COMMANDS_MISSING": QT_TRANSLATE_NOOP("errors", "The last {missing_commands} commands recorded in this file "
                                                    "are missing from it ({found_seq} events of "
                                                    "{acknowledged_seq}): its write-ahead log was cut short or "
                                                    "damaged. Restore a backup that holds more, or open the "
                                                    "file as it is and enter them again"),
    # The club file: its members, leagues, seasons and formulas.
    "MEMBER_ID_TAKEN": QT_TRANSLATE_NOOP("errors", "Member id {member} is already another member's: a member id "
                                                   "is never given twice"),
    "UNKNOWN_MEMBER": QT_TRANSLATE_NOOP("errors", "There is no member {member}"),
    "MEMBER_ERASED": QT_TRANSLATE_NOOP("errors", "Member {member} was erased on request"),
    "MERGE_SAME": QT_TRANSLATE_NOOP("errors", "Member {member} is already that member"),
    "LEAGUE_EXISTS": QT_TRANSLATE_NOOP("errors", "There is already a league {league}"),
    "UNKNOWN_LEAGUE": QT_TRANSLATE_NOOP("errors", "There is no league {league}"),
    "SEASON_EXISTS": QT_TRANSLATE_NOOP("errors", "The league has a season {season} already"),
    "SEASON_OVERLAPS": QT_TRANSLATE_NOOP("errors", "The season overlaps {season}: a night counts in one season "
                                                   "of a league"),
    "UNKNOWN_SEASON": QT_TRANSLATE_NOOP("errors", "The league has no season {season}"),
    "UNKNOWN_FORMULA": QT_TRANSLATE_NOOP("errors", "The club has no formula {formula}"),
    "FORMULA_NOT_POINTS": QT_TRANSLATE_NOOP("errors", "This formula reads what changes while the clock runs: "
                                                      "it is a TD3 event trigger or screen layout, not league "
                                                      "points"),
    # The club file refused on open (club/store.py): what is wrong and the way out.
    "CLUB_FILE_MISSING": QT_TRANSLATE_NOOP("errors", "There is no club file {path}"),
    "CLUB_FILE_NOT_A_FILE": QT_TRANSLATE_NOOP("errors", "{path} is not a file: choose the club file itself"),
    "CLUB_FILE_FOREIGN": QT_TRANSLATE_NOOP("errors", "{path} is not a club file"),
    "CLUB_FILE_NEWER": QT_TRANSLATE_NOOP("errors", "The club file {path} was written by a newer TourneyDesk: "
                                                   "update the program"),
    "CLUB_FILE_DAMAGED": QT_TRANSLATE_NOOP("errors", "The club file {path} is damaged and was not opened: put one "
                                                     "of its backups back (tourneydesk club restore BACKUP)"),
    "CLUB_CHANGES_MISSING": QT_TRANSLATE_NOOP("errors", "The club file {path} holds {found} changes, but "
                                                        "{acknowledged} were made in it: the last {missing} are "
                                                        "missing. Put back the newest backup that holds more "
                                                        "(tourneydesk club restore BACKUP), or open it as it is "
                                                        "(tourneydesk club --open-as-is)"),
    "CLUB_FILE_IN_USE": QT_TRANSLATE_NOOP("errors", "The club file {path} is being written by another program: "
                                                    "try again"),
    "CLUB_FILE_UNREADABLE": QT_TRANSLATE_NOOP("errors", "The club file {path} cannot be read"),
    "CLUB_FILE_UNWRITABLE": QT_TRANSLATE_NOOP("errors", "The club file {path} could not be written: nothing was "
                                                        "changed"),
    "CLUB_FILE_FAILED/read": QT_TRANSLATE_NOOP("errors", "The club file could not be read: {why}"),
    "CLUB_FILE_FAILED/written": QT_TRANSLATE_NOOP("errors", "The club file could not be written: {why}"),
    "CLUB_FILE_FAILED/opened": QT_TRANSLATE_NOOP("errors", "The club file could not be opened: {why}"),
    "CLUB_FILE_FAILED/created": QT_TRANSLATE_NOOP("errors", "The club file could not be made: {why}"),
    "CLUB_FILE_FAILED/closed": QT_TRANSLATE_NOOP("errors", "The club file could not be closed: {why}"),
    # The club's refusals that share a code with others are told apart by their rule ("CODE/rule"); {what}
    # is the field at fault and {thing} what is named, in the user's words (_FIELDS, _THINGS below).
    "NAME_INVALID/not_text": QT_TRANSLATE_NOOP("errors", "{what} must be text"),
    "NAME_INVALID/empty": QT_TRANSLATE_NOOP("errors", "{what} is empty"),
    "NAME_INVALID/too_long": QT_TRANSLATE_NOOP("errors", "{what} is {length} characters long; at most {max}"),
    "NAME_INVALID/control": QT_TRANSLATE_NOOP("errors", "{what} contains a control character"),
    "NAME_INVALID/needs_name": QT_TRANSLATE_NOOP("errors", "{thing} needs a name"),
    "NAME_INVALID/name_too_long": QT_TRANSLATE_NOOP("errors", "{thing}: the name is {length} characters long; at "
                                                              "most {max}"),
    "NAME_INVALID/preset": QT_TRANSLATE_NOOP("errors", "{name} is a preset's name: give the formula another"),
    "NAME_AMBIGUOUS": QT_TRANSLATE_NOOP("errors", "{name} is {count} members already ({ids}): give the row the "
                                                  "member id of the one it is"),
    "FIELD_INVALID/member_id_empty": QT_TRANSLATE_NOOP("errors", "A member id cannot be empty"),
    "FIELD_INVALID/member_id_form": QT_TRANSLATE_NOOP("errors", "A member id is a short code without spaces, not "
                                                                "“{value}”"),
    "FIELD_INVALID/member_id_fixed": QT_TRANSLATE_NOOP("errors", "A member id never changes: it is the club's "
                                                                 "record of the person"),
    "FIELD_INVALID/text_too_long": QT_TRANSLATE_NOOP("errors", "{what} must be text of at most {limit} characters"),
    "FIELD_INVALID/date_form": QT_TRANSLATE_NOOP("errors", "{what} must be a date like 2026-12-01, not “{value}”"),
    "FIELD_INVALID/best": QT_TRANSLATE_NOOP("errors", "The best results counted are a whole number of 1 or more"),
    "FIELD_INVALID/league_dates": QT_TRANSLATE_NOOP("errors", "The league ends ({date_to}) before it begins "
                                                              "({date_from})"),
    "FIELD_INVALID/season_dates": QT_TRANSLATE_NOOP("errors", "The season ends ({date_to}) before it begins "
                                                              "({date_from})"),
    "FIELD_INVALID/points": QT_TRANSLATE_NOOP("errors", "The points are a number of points to give (or, below 0, "
                                                        "to take)"),
    "FIELD_INVALID/did_not_play": QT_TRANSLATE_NOOP("errors", "{name} did not play {tournament}"),
    "FIELD_INVALID/reason_too_long": QT_TRANSLATE_NOOP("errors", "The reason is a text of at most {limit} "
                                                                 "characters"),
    "FIELD_MISSING/which_member": QT_TRANSLATE_NOOP("errors", "Say which member"),
    "FIELD_MISSING/which_league": QT_TRANSLATE_NOOP("errors", "Say which league"),
    "FIELD_MISSING/member_name": QT_TRANSLATE_NOOP("errors", "A member needs a name"),
    "FIELD_MISSING/row_name": QT_TRANSLATE_NOOP("errors", "The name is missing"),
    "FIELD_MISSING/season_days": QT_TRANSLATE_NOOP("errors", "A season has a first and a last day"),
    "NOTHING_TO_DO/member_same": QT_TRANSLATE_NOOP("errors", "{name} is already written that way"),
    "NOTHING_TO_DO/member_already": QT_TRANSLATE_NOOP("errors", "{name} is a member already"),
    "NOTHING_TO_DO/league_same": QT_TRANSLATE_NOOP("errors", "League {league} already has those rules"),
    "NOTHING_TO_DO/league_members_same": QT_TRANSLATE_NOOP("errors", "{league} is already so"),
    "NOTHING_TO_DO/season_same": QT_TRANSLATE_NOOP("errors", "The season {season} already has those dates"),
    "UNKNOWN_TEMPLATE": QT_TRANSLATE_NOOP("errors", "There is no template {template}"),
    "FLIGHT_NOT_A_NIGHT": QT_TRANSLATE_NOOP("errors", "{flight} is a flight of {event}: the club records the event "
                                                      "once, from its Day 2, with every flight's players"),
    "FORMULA_FAILED": QT_TRANSLATE_NOOP("errors", "The formula gives no points for {name} in {night} ({date}): "
                                                  "{problem}"),
    # A member list read from a spreadsheet (club/csv_import.py).
    "CSV_INVALID/too_big": QT_TRANSLATE_NOOP("errors", "The file is {megabytes} MB: a member list is far smaller"),
    "CSV_INVALID/empty": QT_TRANSLATE_NOOP("errors", "The file is empty: the first line must name the columns"),
    "CSV_INVALID/unreadable_row": QT_TRANSLATE_NOOP("errors", "Row {row}: the file cannot be read as CSV there"),
    "CSV_INVALID/big_cell": QT_TRANSLATE_NOOP("errors", "Row {row}: a cell of {kilobytes} KB or more; a member's "
                                                        "field is a few lines at most (is a quotation mark left "
                                                        "open above it?)"),
    "CSV_NOT_TEXT/spreadsheet": QT_TRANSLATE_NOOP("errors", "The file is a spreadsheet's own file (.xlsx, .ods or "
                                                            ".xls), not a CSV: save it from the spreadsheet as CSV "
                                                            "and import that"),
    "CSV_NOT_TEXT/broken_text": QT_TRANSLATE_NOOP("errors", "The file begins as {encoding} text but is not: save it "
                                                            "again as CSV (UTF-8)"),
    "CSV_NOT_TEXT/binary": QT_TRANSLATE_NOOP("errors", "The file is not text (it holds binary bytes): a member list "
                                                       "is a CSV file, saved from the spreadsheet as CSV"),
    "CSV_MAPPING_INVALID/name": QT_TRANSLATE_NOOP("errors", "Say which column holds the name"),
    "MEMBER_ID_TWICE": QT_TRANSLATE_NOOP("errors", "Row {row}: two members have member id {member_id} (rows {first} "
                                                   "and {row})"),
    "MEMBER_ID_TAKEN/listed": QT_TRANSLATE_NOOP("errors", "Member id {member} is already {name}'s"),
    "NAME_TWICE": QT_TRANSLATE_NOOP("errors", "Row {row}: {name} is already on row {first}; give each a member id "
                                              "if they are two people"),
    # A formula's mistake (club/formula.py), by its rule; {where} is the place in the formula ("at column 5",
    # "at line 2, column 5"), said apart so that every language puts it where its sentence wants it.
    "FORMULA_INVALID/not_a_number": QT_TRANSLATE_NOOP("errors", "'{text}' is not a number{where}"),
    "FORMULA_INVALID/not_allowed": QT_TRANSLATE_NOOP("errors", "'{text}' is not allowed{where}"),
    "FORMULA_INVALID/chained": QT_TRANSLATE_NOOP("errors", "comparisons cannot be chained{where}"),
    "FORMULA_INVALID/parentheses": QT_TRANSLATE_NOOP("errors", "{function} needs its arguments in "
                                                                "parentheses{where}"),
    "FORMULA_INVALID/arguments_one": QT_TRANSLATE_NOOP("errors", "{function} takes 1 argument, not {given}{where}"),
    "FORMULA_INVALID/arguments_exact": QT_TRANSLATE_NOOP("errors", "{function} takes {fewest} arguments, not "
                                                                    "{given}{where}"),
    "FORMULA_INVALID/arguments_or_more": QT_TRANSLATE_NOOP("errors", "{function} takes {fewest} arguments or more, "
                                                                      "not {given}{where}"),
    "FORMULA_INVALID/arguments_between": QT_TRANSLATE_NOOP("errors", "{function} takes {fewest} or {most} "
                                                                      "arguments, not {given}{where}"),
    "FORMULA_INVALID/unknown_name": QT_TRANSLATE_NOOP("errors", "unknown name '{name}'{where}"),
    "FORMULA_INVALID/ends_too_soon": QT_TRANSLATE_NOOP("errors", "the formula ends too soon{where}"),
    "FORMULA_INVALID/not_expected": QT_TRANSLATE_NOOP("errors", "'{text}' is not expected here{where}"),
    "FORMULA_INVALID/expected_close": QT_TRANSLATE_NOOP("errors", "expected a closing ')', found '{found}'{where}"),
    "FORMULA_INVALID/expected_close_end": QT_TRANSLATE_NOOP("errors", "expected a closing ')', found the "
                                                                       "end{where}"),
    "FORMULA_INVALID/expected_comma": QT_TRANSLATE_NOOP("errors", "expected ',', found '{found}'{where}"),
    "FORMULA_INVALID/expected_comma_end": QT_TRANSLATE_NOOP("errors", "expected ',', found the end{where}"),
    "FORMULA_INVALID/too_big": QT_TRANSLATE_NOOP("errors", "the formula gives no number: a figure in it goes "
                                                            "beyond what can be counted"),
    "FORMULA_INVALID/unclosed_text": QT_TRANSLATE_NOOP("errors", "a text in quotes is not closed{where}"),
    "FORMULA_INVALID/nested": QT_TRANSLATE_NOOP("errors", "the formula is nested too deeply"),
    "FORMULA_INVALID/quoted_text": QT_TRANSLATE_NOOP("errors", "a text in quotes is only a name to assign, as in "
                                                                "assign(\"points\", 10){where}"),
    "FORMULA_INVALID/refused_chance": QT_TRANSLATE_NOOP("errors", "{function}() cannot give league points: it "
                                                                   "would give points by chance{where}"),
    "FORMULA_INVALID/refused_lists": QT_TRANSLATE_NOOP("errors", "{function}() cannot give league points: it works "
                                                                  "on lists, which a points formula here does not "
                                                                  "keep{where}"),
    "FORMULA_INVALID/refused_rakes": QT_TRANSLATE_NOOP("errors", "{function}() cannot give league points: it reads "
                                                                  "TD3's rakes and profiles by name, which the club "
                                                                  "file does not keep{where}"),
    "FORMULA_INVALID/no_function": QT_TRANSLATE_NOOP("errors", "there is no function '{function}'{where}"),
    "FORMULA_INVALID/assign_name": QT_TRANSLATE_NOOP("errors", "assign takes the name to assign in quotes first: "
                                                                "assign(\"points\", 10){where}"),
    "FORMULA_INVALID/not_kept": QT_TRANSLATE_NOOP("errors", "TD3's {name} is not kept in the club file{where}"),
    "FORMULA_INVALID/empty": QT_TRANSLATE_NOOP("errors", "the formula is empty"),
    "FORMULA_INVALID/too_long": QT_TRANSLATE_NOOP("errors", "the formula is {length} characters long; at most "
                                                             "{most}"),
    "FORMULA_INVALID/no_language": QT_TRANSLATE_NOOP("errors", "there is no formula language '{language}'; known: "
                                                                "{known}"),
    "FORMULA_INVALID/no_value": QT_TRANSLATE_NOOP("errors", "{function}({value}) has no value"),
    "FORMULA_INVALID/sqrt_negative": QT_TRANSLATE_NOOP("errors", "sqrt({value}) has no value: the number is "
                                                                  "negative"),
    "FORMULA_INVALID/power": QT_TRANSLATE_NOOP("errors", "{base} ^ {exponent} has no value"),
    "FORMULA_INVALID/multiple_of_zero": QT_TRANSLATE_NOOP("errors", "a multiple of 0 has no value"),
    "FORMULA_INVALID/read_before": QT_TRANSLATE_NOOP("errors", "{name} is read before it is given a value"),
    "FORMULA_INVALID/division_by_zero": QT_TRANSLATE_NOOP("errors", "division by zero"),
    "FORMULA_WHERE/column": QT_TRANSLATE_NOOP("errors", " at column {column}"),
    "FORMULA_WHERE/line": QT_TRANSLATE_NOOP("errors", " at line {line}, column {column}"),
    # What a TD3 save holds that does not come over (club/td3.py, td3_import.py: the import's Problems).
    "TD3_LEFT_OUT/level": QT_TRANSLATE_NOOP("errors", "The blind structure is not brought over: its level {number} "
                                                      "has no blinds or no length"),
    "TD3_LEFT_OUT/formula": QT_TRANSLATE_NOOP("errors", "The points formula is not brought over: {problem}"),
    "TD3_LEFT_OUT/other_prizes": QT_TRANSLATE_NOOP("errors", "Prizes not for a place (a high hand, a bonus) are "
                                                             "not brought over ({count}): a payout profile pays "
                                                             "places only"),
    "TD3_LEFT_OUT/prize_places": QT_TRANSLATE_NOOP("errors", "The prize table is not brought over: it pays places "
                                                             "{places}, not 1, 2, 3… in a row"),
    "TD3_LEFT_OUT/bounties": QT_TRANSLATE_NOOP("errors", "The bounties won are not brought over: TD3 keeps bounty "
                                                         "chips, not the money each player won; they count as 0"),
    "TD3_LEFT_OUT/not_finished": QT_TRANSLATE_NOOP("errors", "No night is recorded: the tournament is not finished "
                                                             "({count} players still in)"),
    "TD3_LEFT_OUT/nobody": QT_TRANSLATE_NOOP("errors", "No night is recorded: nobody bought in"),
    "TD3_LEFT_OUT/no_date": QT_TRANSLATE_NOOP("errors", "No night is recorded: the save has no date"),
    "TD3_LEFT_OUT/player": QT_TRANSLATE_NOOP("errors", "The player '{name}' is not brought over: {problem}"),
    "TD3_LEFT_OUT/template": QT_TRANSLATE_NOOP("errors", "The blind structure is not kept as a template: {problem}"),
    "TD3_LEFT_OUT/no_member": QT_TRANSLATE_NOOP("errors", "The result in place {place} is not brought over: its "
                                                          "player has no name"),
    # TD3's saves brought over (club/td3.py); the detail is where the reading stopped, as the parser says it.
    "TD3_FILE_INVALID": QT_TRANSLATE_NOOP("errors", "This is not a Tournament Director file we can read: {detail}"),
    "TD3_FILE_UNREADABLE": QT_TRANSLATE_NOOP("errors", "The file cannot be read: {why}"),
}
CATALOGUE: dict[str, str] = {code: str(text) for code, text in _MARKED.items()}
# The fields a refusal names ({what}) and the things the club names ({thing}), as the user calls them.
_FIELDS: dict[str, object] = {
    "name": QT_TRANSLATE_NOOP("errors", "the name"),
    "nickname": QT_TRANSLATE_NOOP("errors", "the nickname"),
    "first name": QT_TRANSLATE_NOOP("errors", "the first name"),
    "last name": QT_TRANSLATE_NOOP("errors", "the last name"),
    "email": QT_TRANSLATE_NOOP("errors", "the email"),
    "email2": QT_TRANSLATE_NOOP("errors", "the second email"),
    "phone": QT_TRANSLATE_NOOP("errors", "the phone"),
    "phone2": QT_TRANSLATE_NOOP("errors", "the second phone"),
    "notes": QT_TRANSLATE_NOOP("errors", "the notes"),
    "joined": QT_TRANSLATE_NOOP("errors", "the date joined"),
    "td3_id": QT_TRANSLATE_NOOP("errors", "TD3's ID"),
    "date_from": QT_TRANSLATE_NOOP("errors", "the first day"),
    "date_to": QT_TRANSLATE_NOOP("errors", "the last day"),
}
_THINGS: dict[str, object] = {
    "league": QT_TRANSLATE_NOOP("errors", "the league"),
    "season": QT_TRANSLATE_NOOP("errors", "the season"),
    "formula": QT_TRANSLATE_NOOP("errors", "the formula"),
    "template": QT_TRANSLATE_NOOP("errors", "the template"),
}


# Parameters that name something (a table, a seat, a level, an event) rather than count it: written
# as they are. Every other whole number is a quantity, written as the locale groups it ("20 000").
NAMING = frozenset({"table", "seat", "until_level", "at_break_after_level", "first_bad_seq", "first_seq", "seq",
                    "level", "index", "port", "row", "place", "number", "column", "line"})


def _shown(words: Words, key: str, value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool) and key not in NAMING:
        return words.number(value)
    return value


def _formula_place(words: Words, params: dict[str, Any]) -> str:
    """Where in a formula its mistake is: " at line 2, column 5", " at column 5", or nothing."""
    column, line = params.get("column"), params.get("line")
    if column is None:
        return ""
    if line is not None:
        return words.translate(CATALOGUE["FORMULA_WHERE/line"]).format(line=line, column=column)
    return words.translate(CATALOGUE["FORMULA_WHERE/column"]).format(column=column)


def worded(exc: TourneyError, words: Words) -> str:
    """The refusal in the reader's words, by its code (and `rule`); its own English message when the catalogue
    has no words for it, or they do not fit its parameters."""
    rule = exc.params.get("rule")
    template = CATALOGUE.get(f"{exc.code}/{rule}") or CATALOGUE.get(exc.code)
    if template is None:
        return exc.message
    facts = {key: _shown(words, key, value) for key, value in exc.params.items()}
    # The core counts shares in basis points; the TD reads percent.
    for key in ("total", "share", "above") if exc.code in ("SHARES_NOT_WHOLE", "PAYOUTS_INVALID") else ():
        if isinstance(exc.params.get(key), int):
            facts[key] = words.percent(int(exc.params[key]))
    if exc.code == "PAYOUTS_INVALID" and isinstance(exc.params.get("place"), int):
        facts["above_place"] = int(exc.params["place"]) - 1
    if isinstance(exc.params.get("names"), list):  # several players named
        facts["names"] = ", ".join(str(name) for name in exc.params["names"])
    if exc.code in ("FORMULA_INVALID", "FORMULA_NOT_POINTS"):
        facts["where"] = _formula_place(words, exc.params)
    inner = exc.params.get("problem_code")
    if inner:  # the mistake inside (a formula's, a member's), worded too
        facts["problem"] = worded(TourneyError(str(inner), str(exc.params["problem"]),
                                               **dict(exc.params.get("problem_params") or {})), words)
    for key, named_words in (("what", _FIELDS), ("thing", _THINGS)):
        named = named_words.get(str(exc.params.get("field" if key == "what" else key)))
        facts[key] = words.translate(str(named)) if named is not None else exc.params.get(key, exc.params.get("field"))
    try:
        text = words.translate(template).format(**facts)
    except (KeyError, IndexError, ValueError):
        return exc.message
    if template.startswith(("{what}", "{thing}")):
        text = text[:1].upper() + text[1:]
    if "row" in exc.params and "{row}" not in template:  # a row of a member list
        return words.translate(QT_TRANSLATE_NOOP("errors", "Row {row}: {problem}")).format(row=exc.params["row"],
                                                                                          problem=text)
    return text
