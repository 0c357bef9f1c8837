"""What the display says: the snapshot (docs/protocol.md: the snapshot) turned into the text of each box.

Pure functions of the snapshot's data, so what the room reads is tested without painting anything.
Every word goes through Qt's translation (context "Display"); the core's own English notes are rebuilt
here from their kind and fields, so that the room reads them in the app's language.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core.read_models.seats import seat_prizes
from .. import fmt
from ..changes import Changes, EntryIndex
from ..i18n import tr
from ..namesakes import Namesakes, labels, moved_label
from ..qt import QT_TRANSLATE_NOOP, QCoreApplication, QLocale

# lupdate reads `translate("Context", "text")` calls, not a helper's: the alias keeps call sites short.
translate = QCoreApplication.translate

# The order notices take on the screen: what needs the room's attention now comes first.
NOTICE_ORDER = ("on_clock", "table_moves", "in_the_money", "hand_for_hand", "final_table", "finished", "color_up",
                "add_on_open", "registration_closes", "waiting_list", "short_tables")
WAITING_PER_LINE = 4  # names of the waiting list a notice line holds, big enough to read from the back


@dataclass(frozen=True)
class Line:
    text: str
    role: str = "text"  # a theme's text role: text, muted, accent, alert
    highlight: bool = False  # drawn on the highlight band (a payout place already won)


@dataclass(frozen=True)
class Notice:
    kind: str
    line: Line


def ante_text(ante: int, kind: str, locale: QLocale) -> str:
    if not ante or kind == "none":
        return translate("Display", "NO ANTE")
    if kind == "big_blind":
        return translate("Display", "BB ANTE {ante}").format(ante=fmt.chips(ante, locale))
    return translate("Display", "ANTE {ante}").format(ante=fmt.chips(ante, locale))


def blinds_text(small: int, big: int, locale: QLocale) -> str:
    return f"{fmt.chips(small, locale)} / {fmt.chips(big, locale)}"


def winner_lines(winner: dict[str, Any], currency: str, locale: QLocale) -> dict[str, Line]:
    """The finished tournament: the clock's place shows who won and what, not a stopped clock."""
    won = [fmt.money(winner["prize"], currency, locale, cents=False)] if winner.get("prize") else []
    if winner.get("bounty_won"):
        won.append(translate("Display", "BOUNTIES {amount}").format(
            amount=fmt.money(winner["bounty_won"], currency, locale, cents=False)))
    empty = Line("")
    return {"level": Line(translate("Display", "THE WINNER"), "accent"), "time": Line(winner["name"], "accent"),
            "state": Line(translate("Display", "FINISHED"), "muted"), "blinds_label": empty,
            "blinds": Line(" · ".join(won), "accent"), "ante": empty, "next": empty, "break_in": empty}


def seats_won_lines(target: str, seats: int, locale: QLocale) -> dict[str, Line]:
    """A satellite that has ended has no winner: the clock's place says how many seats were won, and where."""
    empty = Line("")
    return {"level": Line(translate("Display", "SEATS WON"), "accent"),
            "time": Line(fmt.chips(seats, locale), "accent"),
            "state": Line(translate("Display", "FINISHED"), "muted"), "blinds_label": empty,
            "blinds": Line(translate("Display", "TO {target}").format(target=target), "accent"), "ante": empty,
            "next": empty, "break_in": empty}


def clock_lines(clock: dict[str, Any], status: str, announcements: list[dict[str, Any]],
                locale: QLocale, winner: dict[str, Any] | None = None, currency: str = "") -> dict[str, Line]:
    if status == "finished" and winner is not None:
        return winner_lines(winner, currency, locale)
    on_break = clock["on_break"]
    nxt = clock["next"]
    if on_break:
        level = Line(translate("Display", "BREAK"), "accent")
    elif clock["overtime"]:
        level = Line(translate("Display", "LEVEL {level} · OVERTIME").format(level=clock["level"]), "alert")
    else:
        level = Line(translate("Display", "LEVEL {level}").format(level=clock["level"]))
    if status == "finished":
        state = Line(translate("Display", "FINISHED"), "accent")
    elif not clock["started"]:
        state = Line(translate("Display", "NOT STARTED YET"), "muted")
    elif not clock["running"]:
        # The clock is what stopped: never read as the break, which the room also hears called a pause.
        state = Line(translate("Display", "CLOCK PAUSED"), "alert")
    elif any(a["kind"] == "new_level" for a in announcements):
        state = Line(translate("Display", "The new level applies from the next hand"), "accent")  # UPPS 10.1
    else:
        state = Line("")
    if on_break:
        blinds_label = (translate("Display", "AFTER THE BREAK · LEVEL {level}").format(level=nxt["level"])
                        if nxt["level"] else translate("Display", "AFTER THE BREAK"))
        following, break_in = "", ""
    else:
        blinds_label = translate("Display", "BLINDS")
        if clock["overtime"] or nxt["index"] == clock["index"]:
            following = translate("Display", "NEXT: THIS LEVEL REPEATS")
        elif nxt["is_break"]:
            following = translate("Display", "NEXT: BREAK, {minutes} MIN").format(minutes=nxt["minutes"])
        else:
            following = translate("Display", "NEXT: {blinds} · {ante}").format(
                blinds=blinds_text(nxt["small_blind"], nxt["big_blind"], locale),
                ante=ante_text(nxt["ante"], nxt["ante_kind"], locale))
        break_in = (translate("Display", "NEXT BREAK IN {time}").format(time=fmt.clock(clock["break_in_s"]))
                    if clock["break_in_s"] is not None else "")
    return {
        "level": level,
        "time": Line(fmt.clock(clock["remaining_s"]), "alert" if not clock["running"] and clock["started"]
                     and status != "finished" else "text"),
        "state": state,
        "blinds_label": Line(blinds_label, "muted"),
        "blinds": Line(blinds_text(clock["small_blind"], clock["big_blind"], locale), "accent"),
        "ante": Line(ante_text(clock["ante"], clock["ante_kind"], locale)),
        "next": Line(following, "muted"),
        "break_in": Line(break_in, "muted"),
    }


def field_lines(snap: dict[str, Any], locale: QLocale) -> dict[str, Line]:
    counts, chips, money = snap["counts"], snap["chips"], snap["money"]
    currency = snap["tournament"]["currency"]
    big_blind = snap["clock"]["big_blind"]
    average = chips["average"]
    extra = [(translate("Display", "RE-ENTRIES"), counts["reentries"])]
    extra += [(label, counts[key]) for label, key in ((translate("Display", "REBUYS"), "rebuys"),
                                                      (translate("Display", "ADD-ONS"), "add_ons")) if counts[key]]
    pool_label = translate("Display", "PRIZE POOL")
    if money["overlay"]:
        pool_label = translate("Display", "PRIZE POOL · OVERLAY {amount}").format(
            amount=fmt.money(money["overlay"], currency, locale, cents=False))
    average_text = fmt.chips(average, locale)
    if big_blind:
        average_text = translate("Display", "{average} · {big_blinds} BB").format(
            average=average_text, big_blinds=fmt.chips(average // big_blind, locale))
    entries, pool = counts["entries"], money["prize_pool"]
    event = snap.get("event") or {}
    if event.get("kind") == "day2":  # the event as a whole: every flight's entries, the pool they made
        entries, pool = event["entries"], event["combined_pool"]
        pool_label = translate("Display", "COMBINED PRIZE POOL")
        extra = [(translate("Display", "FLIGHTS"), len(event["flights"])),
                 (translate("Display", "QUALIFIERS"), event["qualifiers"])]
    elif event.get("kind") == "satellite":
        extra = [(translate("Display", "SEATS"), event["seats"]), *extra]
    pool_text = fmt.money(pool, currency, locale, cents=False)
    if snap["tournament"].get("points_only"):
        pool_label, pool_text = translate("Display", "NO MONEY IN PLAY"), translate("Display", "POINTS ONLY")
    return {
        "players_label": Line(translate("Display", "PLAYERS LEFT"), "muted"),
        "players": Line(f"{fmt.chips(counts['players_left'], locale)} / {fmt.chips(entries, locale)}"),
        "reentries_label": Line(" · ".join(label for label, _ in extra), "muted"),
        "reentries": Line(" · ".join(fmt.chips(n, locale) for _, n in extra)),
        "average_label": Line(translate("Display", "AVERAGE STACK"), "muted"),
        "average": Line(average_text),
        **_chips_lines(chips, locale),
        "pool_label": Line(pool_label, "muted"),
        "pool": Line(pool_text, "accent"),
    }


def _chips_lines(chips: dict[str, Any], locale: QLocale) -> dict[str, Line]:
    """The chips in play; once the TD has counted stacks, the chip leader instead, which the room asks for."""
    leader = chips.get("leader")
    if leader:
        return {"chips_label": Line(translate("Display", "CHIP LEADER · {chips}").format(
                    chips=fmt.chips(leader["stack"], locale)), "muted"),
                "chips": Line(str(leader["name"]))}
    return {"chips_label": Line(translate("Display", "CHIPS IN PLAY"), "muted"),
            "chips": Line(fmt.chips(chips["in_play"], locale))}


def pages(count: int, per_page: int) -> int:
    return max(1, -(-count // max(1, per_page)))


def payout_rows(snap: dict[str, Any], locale: QLocale, first: int = 0,
                count: int | None = None) -> tuple[str, int, list[tuple[str, str, str, bool]]]:
    """The money panel's title, its number of rows, and the rows from `first` (`count` of them, or all):
    (place, name, amount, highlighted), the prizes of the places paid; after a deal, each dealing
    player's name and amount in place of the top places; once finished, the results. Three columns, not
    one line, so that the room reads each at ten metres. Only the rows asked for are worded: a field of
    10,000 pays 1,500 places, and the room sees a page of them."""
    payouts = snap["payouts"]
    currency = snap["tournament"]["currency"]
    deal = snap.get("deal")
    last = None if count is None else first + count

    def money(amount: int) -> str:
        return fmt.money(amount, currency, locale, cents=False)

    def place(number: int | None) -> str:
        return fmt.chips(number, locale) if number is not None else ""

    if snap["tournament"].get("points_only"):  # no prize to show: the places, best first, are the night's result
        placed = sorted((e for e in snap["entries"] if e["place"] is not None), key=lambda e: (e["place"], e["name"]))
        title = (translate("Display", "RESULTS · POINTS ONLY") if snap["tournament"]["status"] == "finished"
                 else translate("Display", "PLACES · POINTS ONLY"))
        return title, len(placed), [(place(e["place"]), e["name"], "", True) for e in placed[first:last]]
    if snap["tournament"]["status"] == "finished":
        names = labels(snap["players"], snap["entries"])  # two Marc Martins in the money told apart
        placed = sorted((e for e in snap["entries"] if e["place"] is not None and (e["prize"] or e["place"] == 1)),
                        key=lambda e: (e["place"], names[e["id"]]))
        seats = seat_prizes(snap)

        def won(entry: dict[str, Any]) -> str:  # a satellite's seat is the seat to its target, not cash
            seat = seats.get(entry["id"])
            if seat is None:
                return money(entry["prize"]) if entry["prize"] else ""
            if seat.cash:
                return translate("Display", "SEAT TO {target} + {cash}").format(target=seat.target,
                                                                              cash=money(seat.cash))
            return translate("Display", "SEAT TO {target}").format(target=seat.target)

        return translate("Display", "RESULTS"), len(placed), [
            (place(e["place"]), names[e["id"]], won(e), True) for e in placed[first:last]]
    if deal:
        names = labels(snap["players"], snap["entries"])
        entries = {e["id"]: e for e in snap["entries"] if e["id"] in deal["amounts"]}
        dealt = sorted(deal["amounts"].items(), key=lambda item: (-item[1], item[0]))
        rows = [(place(entries.get(entry, {}).get("place")), names.get(entry, ""), money(amount),
                 entries.get(entry, {}).get("place") is not None) for entry, amount in dealt]
        rows += [(place(row["place"]), "", money(row["amount"]), bool(row["entries"]))
                 for row in payouts[len(dealt):]]
        title = translate("Display", "DEAL")
        if deal.get("play_for"):
            title = translate("Display", "DEAL · {amount} TO THE WINNER").format(amount=money(deal["play_for"]))
        return title, len(rows), rows[first:last]
    title = (translate("Display", "{count} PLACES PAID").format(count=fmt.chips(len(payouts), locale))
             if payouts else translate("Display", "PAYOUTS"))
    return title, len(payouts), [(place(row["place"]), "", money(row["amount"]), bool(row["entries"]))
                                 for row in payouts[first:last]]


def payout_lines(snap: dict[str, Any], rows: int, page: int, locale: QLocale) -> dict[str, Line]:
    """One page of the payouts; the places already won are highlighted."""
    title, count, _ = payout_rows(snap, locale, 0, 0)
    total = pages(count, rows)
    page %= total
    if total > 1:
        title += f" · {page + 1}/{total}"
    out = {"payouts_title": Line(title, "muted")}
    _, _, shown = payout_rows(snap, locale, page * rows, rows)
    for i in range(rows):
        if i < len(shown):
            number, name, amount, won = shown[i]
            out[f"payout_left_{i}"] = Line(number, "muted", won)
            out[f"payout_name_{i}"] = Line(name, "text", won)
            out[f"payout_right_{i}"] = Line(amount, "text", won)
        else:
            out[f"payout_left_{i}"] = out[f"payout_name_{i}"] = out[f"payout_right_{i}"] = Line("")
    return out


class Heads:
    """The heads still in play with a bounty on them, kept from snapshot to snapshot: after a bust only
    the entries that changed are looked at, not the whole field."""

    def __init__(self, known: Callable[[], Changes | None] | None = None) -> None:
        self._entries = EntryIndex(known, field=False)
        self._heads: dict[str, tuple[int, str, str]] = {}  # id -> (minus the bounty, name for sorting, id)
        self._biggest: list[tuple[int, str, str]] | None = None
        self._rows = 0

    def update(self, entries: list[dict[str, Any]]) -> None:
        changed = self._entries.update(entries)
        if len(changed) == len(entries):
            self._heads.clear()
        for i in changed:
            e = entries[i]
            if e["bounty"] > 0 and e["table"] is not None:
                self._heads[e["id"]] = (-e["bounty"], e["name"].casefold(), e["id"])
            else:
                self._heads.pop(e["id"], None)
        if changed:
            self._biggest = None

    def biggest(self, rows: int) -> list[dict[str, Any]]:
        """The `rows` biggest bounties, the biggest first (ties by name)."""
        if self._biggest is None or rows != self._rows:
            self._biggest, self._rows = heapq.nsmallest(rows, self._heads.values()), rows
        return [part for _, _, entry_id in self._biggest if (part := self._entries.get(entry_id)) is not None]


def bounty_lines(snap: dict[str, Any], rows: int, locale: QLocale, heads: Heads | None = None) -> dict[str, Line]:
    """The biggest bounties on heads still in play (a progressive knockout's targets)."""
    currency = snap["tournament"]["currency"]
    if heads is None:
        heads = Heads()
        heads.update(snap["entries"])
    biggest = heads.biggest(rows)
    out = {"bounties_title": Line(translate("Display", "BIGGEST BOUNTIES"), "muted")}
    for i in range(rows):
        if i < len(biggest):
            out[f"bounty_left_{i}"] = Line(biggest[i]["name"])
            out[f"bounty_right_{i}"] = Line(fmt.money(biggest[i]["bounty"], currency, locale, cents=False), "accent")
        else:
            out[f"bounty_left_{i}"] = out[f"bounty_right_{i}"] = Line("")
    return out


def envelope_lines(snap: dict[str, Any], rows: int, locale: QLocale) -> dict[str, Line]:
    """Mystery bounties: in the bounties' box, the envelopes left by amount, the largest first."""
    currency = snap["tournament"]["currency"]
    left = snap["money"]["envelopes"]["left"]
    out = {"bounties_title": Line(translate("Display", "MYSTERY ENVELOPES LEFT"), "muted")}
    for i in range(rows):
        if i < len(left):
            out[f"bounty_left_{i}"] = Line(fmt.money(left[i]["amount"], currency, locale, cents=False), "accent")
            out[f"bounty_right_{i}"] = Line(tr("%n envelope(s)", "", left[i]["count"]))
        else:
            out[f"bounty_left_{i}"] = out[f"bounty_right_{i}"] = Line("")
    return out


# The colours the shipped structures give their chips, in English: the room reads them in its own language
# (plural, as the colour-up says them: "les jetons verts 25"); a colour the club typed itself stays as typed.
CHIP_COLOURS = frozenset({
    QT_TRANSLATE_NOOP("chip colours", "white"), QT_TRANSLATE_NOOP("chip colours", "red"),
    QT_TRANSLATE_NOOP("chip colours", "blue"), QT_TRANSLATE_NOOP("chip colours", "green"),
    QT_TRANSLATE_NOOP("chip colours", "black"), QT_TRANSLATE_NOOP("chip colours", "purple"),
    QT_TRANSLATE_NOOP("chip colours", "yellow"), QT_TRANSLATE_NOOP("chip colours", "orange"),
    QT_TRANSLATE_NOOP("chip colours", "grey"), QT_TRANSLATE_NOOP("chip colours", "pink"),
    QT_TRANSLATE_NOOP("chip colours", "brown"),
})


def colour_word(colour: str) -> str:
    known = colour.strip().casefold()
    return translate("chip colours", known) if known in CHIP_COLOURS else colour


def _chip_names(values: list[int], colours: dict[int, str], locale: QLocale) -> str:
    names = [f"{colour_word(colours[v])} {fmt.chips(v, locale)}" if v in colours else fmt.chips(v, locale)
             for v in values]
    return and_list(names)


def and_list(names: list[str]) -> str:
    """"a", "a and b", "a, b and c": a list as a sentence says it."""
    if len(names) == 1:
        return names[0]
    return translate("Display", "{list} and {last}").format(list=", ".join(names[:-1]), last=names[-1])


def notices(clock: dict[str, Any], announcements: list[dict[str, Any]], on_clock: list[dict[str, Any]],
            tables: list[dict[str, Any]], chip_colours: dict[int, str], locale: QLocale,
            winner: str | None = None, namesakes: Namesakes | None = None,
            waiting: dict[str, Any] | None = None) -> list[Notice]:
    """Every announcement the room should read now, the most urgent first (`winner`: who won, once finished;
    `waiting`: the snapshot's waiting list for a seat)."""
    out = [Notice("on_clock", Line(translate("Display", "ON THE CLOCK: {name}  {time}").format(
        name=p["name"], time=fmt.clock(p["remaining_s"])), "alert")) for p in on_clock]  # UPPS 10.9: a countdown
    for note in announcements:
        kind = note["kind"]
        if kind in ("new_level", "message"):  # under the clock; the TD's message runs along the bottom
            continue
        if kind == "table_moves":  # a few moves a line, the lines taking turns: each name big enough to read
            out.extend(Notice(kind, line) for line in moves_lines(note, namesakes or Namesakes()))
            continue
        line = announcement_line(note, chip_colours, locale, winner)
        out.append(Notice(kind, line))
    short = [t for t in tables if t["players"] and t["ante"] != clock["ante"]]
    if clock["ante"] and short and not clock["on_break"]:
        # PKR4U 16: half the ante with 3 to 5 players, none heads-up
        parts = [translate("Display", "table {table} {ante}").format(
            table=t["number"], ante=fmt.chips(t["ante"], locale) if t["ante"] else translate("Display", "no ante"))
            for t in short]
        out.append(Notice("short_tables", Line(translate("Display", "Short-handed ante: {tables}").format(
            tables=", ".join(parts)))))
    if waiting and clock["registration_open"]:
        out.extend(Notice("waiting_list", line) for line in waiting_lines(waiting))
    rank = {kind: i for i, kind in enumerate(NOTICE_ORDER)}
    return sorted(out, key=lambda n: rank.get(n.kind, len(rank)))


def waiting_lines(waiting: dict[str, Any]) -> list[Line]:
    """The alternates in order, first first, a few names a line (the lines take turns with the notices)."""
    players = waiting["players"]
    out = []
    for start in range(0, len(players), WAITING_PER_LINE):
        names = ", ".join(f"{n}. {p['name']}" for n, p in enumerate(players[start:start + WAITING_PER_LINE],
                                                                    start=start + 1))
        out.append(Line(translate("Display", "Waiting list: {names}").format(names=names), "accent"))
    return out


def announcement_line(note: dict[str, Any], chip_colours: dict[int, str], locale: QLocale,
                      winner: str | None = None) -> Line:
    """One of the core's announcements in the app's language, rebuilt from its kind and fields; a kind
    this display does not know is shown in the core's own words rather than not at all."""
    kind = note["kind"]
    if kind == "hand_for_hand":
        if note.get("hand"):
            return Line(translate("Display", "HAND-FOR-HAND · HAND {hand}").format(hand=note["hand"]), "alert")
        return Line(translate("Display", "HAND-FOR-HAND"), "alert")
    if kind == "final_table":
        return Line(translate("Display", "FINAL TABLE"), "accent")
    if kind == "color_up" and note.get("chips"):
        return Line(translate("Display", "Colour-up at this break: the {chips} chips go").format(
            chips=_chip_names(note["chips"], chip_colours, locale)), "accent")
    if kind == "add_on_open":
        return Line(translate("Display", "Add-on open"), "accent")
    if kind == "registration_closes" and note.get("seconds") is not None:
        minutes = max(1, -(-note["seconds"] // 60))  # as a clock reads: 50 minutes until 49:00 is left
        return Line(tr("Late registration closes in %n minutes", "", minutes))
    if kind == "new_level":
        return Line(translate("Display", "The new level applies from the next hand"), "accent")
    if kind == "in_the_money":
        return Line(translate("Display", "IN THE MONEY"), "accent")
    if kind == "finished" and winner:
        return Line(translate("Display", "{name} wins").format(name=winner), "accent")
    return Line(str(note.get("text", "")), "accent")


MOVES_A_LINE = 3


def moves_lines(note: dict[str, Any], namesakes: Namesakes) -> list[Line]:
    """ "Table 4 breaks: Marc Martin → table 1 seat 2 · ..." for the room, a few moves a line; two players of
    one name told apart by the seats they leave."""
    how, table = note.get("how"), note.get("table")
    if how == "break":
        head = translate("Display", "Table {table} breaks").format(table=table)
    elif how == "fill":
        head = translate("Display", "Table {table} opens").format(table=table)
    elif how == "final":
        head = translate("Display", "Final table: the seats drawn")
    else:
        head = translate("Display", "Player moved")
    moves = [translate("Display", "{name} → table {table} seat {seat}").format(
        name=moved_label(namesakes, m), table=m["table"], seat=m["seat"]) for m in note.get("moves", [])]
    chunks = [moves[i:i + MOVES_A_LINE] for i in range(0, len(moves), MOVES_A_LINE)] or [[]]
    # Joined in the room's language: French puts a no-break space before the colon.
    return [Line(translate("Display", "{head}: {moves}").format(head=head, moves=" · ".join(chunk)), "alert")
            for chunk in chunks]


def notice_lines(found: list[Notice], slots: int, page: int) -> tuple[dict[str, Line], int]:
    """The notices for the slots on screen: players on the clock stay put, the rest take turns."""
    pinned = [n.line for n in found if n.kind == "on_clock"][:slots]
    rest = [n.line for n in found if n.kind != "on_clock"]
    free = slots - len(pinned)
    total = pages(len(rest), free) if free else 1
    page %= total
    lines = pinned + (rest[page * free:(page + 1) * free] if free else [])
    return {f"notice_{i}": lines[i] if i < len(lines) else Line("") for i in range(slots)}, total
