"""What the paired devices read besides the public view: run on the desk's thread, read-only.

The TD's remote reads the plan's next step, what undo would take back and the players it can bust; the
cashier finds a player, their entries, the prices and what is owed. Nothing here writes: every change
is a command sent through the desk.
"""

from __future__ import annotations

from typing import Any

from ..core.config import PAYMENT_METHODS, Config, Price
from ..core.protocol.errors import TourneyError
from ..core.protocol.events import Event
from ..core.protocol.plan_steps import step_command
from ..desk import Desk
from . import words

FOUND_AT_MOST = 12
SALES = {"entry_bought": "buy_in", "rebought": "rebuy", "added_on": "add_on"}  # a sale's event: what was sold


def find_entries(desk: Desk, query: str) -> list[dict[str, Any]]:
    """The players in play whose name holds `query`, for the TD's bust: one row per live entry."""
    out = [{"entry": e.id, "name": e.name, "table": e.table, "seat": e.seat, "bounty": e.bounty}
           for p in desk.find_players(query, FOUND_AT_MOST, in_play=True) for e in p.entries]
    needle = " ".join(query.split()).casefold()
    out.sort(key=lambda r: (not str(r["name"]).casefold().startswith(needle), str(r["name"]).casefold()))
    return out[:FOUND_AT_MOST]


def td_state(desk: Desk, lang: str) -> dict[str, Any]:
    names = desk.names()
    steps = desk.plan()
    step = steps[0] if steps else None
    now = desk.clock_now()
    clock = now["clock"]
    return {
        "plan": None if step is None else {
            "title": words.step_title(step, names, lang), "reason": words.step_reason(step, lang),
            "command": step_command(step), "more": len(steps) - 1,
            "ask": button_question(desk, step["table"]) if step["kind"] == "needs_button" else None},
        "undo": undo_preview(desk, lang),
        "waiting": waiting_list(desk),
        "finish": finish_offer(desk),
        "hand_for_hand": clock["hand_for_hand"], "hand": clock["hand"],
        "started": clock["started"], "running": clock["running"], "status": now["status"],
        # the pages' fetch puts the answer's HTTP status in `status`: the page reads this one
        "finished": now["status"] == "finished",
    }


def waiting_list(desk: Desk) -> dict[str, Any]:
    """The alternates in order with their ids (the remote and the tablet take one off the list), the seats
    free for them, and whether late registration still lets them in (else the TD clears the list)."""
    listed = desk.waiting()
    return {"players": [{"player": p["player"], "name": p["name"]} for p in listed["players"]],
            "seats_free": listed["seats_free"], "open": desk.open_now().registration}


def button_question(desk: Desk, table: int) -> dict[str, Any]:
    """The plan's question "where is the button at table T?", with the seats to answer by: each player's,
    and each empty one where the button may be dead (TDA; not heads-up, where it is a player's: `name` None)."""
    names = desk.names()
    found = next((t for t in desk.snapshot()["tables"] if t["number"] == table), None)
    taken = {int(seat): names.get(entry, entry) for seat, entry in (found or {}).get("seats", {}).items()}
    seats = range(1, desk.config.seating.seats_per_table + 1) if len(taken) > 2 else sorted(taken)
    return {"table": table, "seats": [{"seat": seat, "name": taken.get(seat)} for seat in seats]}


def finish_offer(desk: Desk) -> dict[str, Any] | None:
    """One player left and the night not over: who wins if the TD ends it now, and whether that also closes
    late registration (or a rebuy after a bust), as the console's question says. None otherwise."""
    if desk.status != "running" or desk.counts().players_left != 1:
        return None
    cmd: dict[str, Any] = {"type": "finish", "dry_run": True}
    try:
        answer = desk.execute(cmd)
    except TourneyError as exc:
        if not exc.params.get("entries_open"):
            return None
        cmd["close_registration"] = True
        answer = desk.execute(cmd)
    return {"winner": desk.name_of(answer["winner"]), "close_registration": bool(cmd.get("close_registration"))}


def undo_preview(desk: Desk, lang: str) -> dict[str, Any] | None:
    """What undo would take back now, as the desk's own dry run says; None when nothing can be."""
    try:
        result = desk.execute({"type": "undo", "dry_run": True})
    except TourneyError:
        return None
    seq = result["undone"]
    events = [e for e in desk.events(seq - 1) if e.command_seq == seq]
    return {"seq": seq, "text": words.describe_command(events, desk.names(), lang) if events else result["description"]}


def _price(price: Price) -> dict[str, int]:
    return {"prize": price.prize, "bounty": price.bounty, "fee": price.fee, "total": price.total}


def sale_prices(config: Config) -> dict[str, Any]:
    c = config
    return {"buy_in": _price(c.buy_in), "reentry": _price(c.reentry.price) if c.reentry else None,
            "rebuy": _price(c.rebuy.price) if c.rebuy else None,
            "add_on": _price(c.add_on.price) if c.add_on else None}


def cashier_state(desk: Desk, prints: bool) -> dict[str, Any]:
    """What the tablet sells now; `prints`: whether a seat card is printed on the laptop after a buy-in."""
    config, open_now = desk.config, desk.open_now()
    return {"prices": sale_prices(config), "payments": list(PAYMENT_METHODS), "currency": config.currency,
            "prints": prints, "starting_stack": config.starting_stack,
            "drawer": [{"method": t.method, "in": t.money_in, "out": t.money_out, "count": t.count}
                       for t in desk.drawer() if t.count],
            "rebuy_max_stack": config.rebuy.max_stack if config.rebuy else None,
            "registration_open": open_now.registration, "rebuy_open": open_now.rebuy,
            "add_on_open": open_now.add_on, "reentry": config.reentry is not None,
            # A points-only night takes no money: the tablet seats the player, no price, no payment, no drawer.
            "points_only": config.points_only, "waiting": waiting_list(desk)}


def find_players(desk: Desk, query: str) -> list[dict[str, Any]]:
    """The players whose name holds `query`, each with their entries and what is owed to each."""
    return [{"player": p.id, "name": p.name, "nickname": p.nickname, "out": p.out,
             "entries": [{"entry": e.id, "number": e.number, "status": e.status, "table": e.table, "seat": e.seat,
                          "rebuys": e.rebuys, "add_ons": e.add_ons, "owed": e.owed} for e in p.entries]}
            for p in desk.find_players(query, FOUND_AT_MOST)]


# -- a refund: the undo of an entry's latest sale, through the desk -------------------------------------
def _sales_of(desk: Desk, entry: str) -> list[Event]:
    """The sales of `entry` still standing (not undone), oldest first. The log is read from its end, a window
    at a time widening, back to the entry's buy-in: a refund is asked of a recent sale."""
    undone = desk.undone_commands()
    last, window = desk.seq, 256
    while True:
        after = max(0, last - window)
        found = [e for e in desk.events(after) if e.type in SALES and e.payload.get("entry") == entry]
        if any(e.type == "entry_bought" for e in found) or not after:
            return [e for e in found if e.command_seq not in undone]
        window *= 4


def _conflict(desk: Desk, exc: TourneyError, entry: str, seq: int, lang: str) -> TourneyError:
    """The desk's UNDO_CONFLICT as the tablet's refusal, naming what stands on the sale (the later command, as
    the log words it in the tablet's language), so that the cashier can tell the TD what to take back."""
    later = exc.params.get("later")
    events = [e for e in desk.events(later - 1) if e.command_seq == later] if isinstance(later, int) else []
    what = words.describe_command(events, desk.names(), lang) if events else exc.message
    return TourneyError("REFUND_CONFLICT", f"This sale cannot be refunded now: {what!r}, done since, stands on it",
                        entry=entry, seq=seq, later=later, what=what)


def refund_offer(desk: Desk, entry: str, lang: str = "en") -> dict[str, Any]:
    """What a refund of `entry` takes back: its latest sale still standing, if the desk's undo can take it back
    now (nothing done since stands on it: a bust, a move, a later sale). Refused in words otherwise."""
    if not isinstance(entry, str) or desk.entry(entry) is None:
        raise TourneyError("UNKNOWN_ENTRY", "No entry has that id", field="entry")
    sales = _sales_of(desk, entry)
    if not sales:
        raise TourneyError("NOTHING_TO_REFUND", "No sale of this entry is left to refund", entry=entry)
    sale = sales[-1]
    try:
        desk.execute({"type": "undo", "seq": sale.seq, "dry_run": True})
    except TourneyError as exc:
        if exc.code == "UNDO_CONFLICT":
            raise _conflict(desk, exc, entry, sale.seq, lang) from exc
        raise
    price = sale.payload.get("price") or {}
    total = int(price.get("prize", 0)) + int(price.get("bounty", 0)) + int(price.get("fee", 0))
    return {"entry": entry, "seq": sale.seq, "kind": _kind(sale), "name": desk.name_of(entry),
            "amount": total, "payment": sale.payload.get("payment")}


def _kind(sale: Event) -> str:
    return "reentry" if sale.type == "entry_bought" and sale.payload.get("reentry") else SALES[sale.type]


def refund(desk: Desk, entry: Any, seq: Any, command_id: str, station: str, actor: str,
           lang: str = "en") -> dict[str, Any]:
    """The refund the tablet confirmed (`seq`: the sale it was shown). A retry of the same refund (the same
    `command_id`) is answered as the first was; a sale that is no longer the entry's latest, or was taken
    back already, is refused."""
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise TourneyError("FIELD_INVALID", "seq must be the number of the sale shown", field="seq")
    if not isinstance(entry, str) or desk.entry(entry) is None:
        raise TourneyError("UNKNOWN_ENTRY", "No entry has that id", field="entry")
    sold = [e for e in desk.events(seq - 1)[:1] if e.seq == seq and e.type in SALES and e.payload.get("entry") == entry]
    if not sold:
        raise TourneyError("NOT_A_SALE", "That is not a sale of this entry", field="seq", entry=entry)
    later = [e for e in _sales_of(desk, entry) if e.seq > seq]
    if later:
        raise TourneyError("NOT_LATEST_SALE", "Only the entry's latest sale can be refunded: refund that first",
                           entry=entry, seq=later[-1].seq)
    cmd = {"type": "undo", "seq": seq, "command_id": command_id, "station": station, "actor": actor}
    try:
        result = desk.execute(cmd)
    except TourneyError as exc:
        if exc.code == "UNDO_UNKNOWN":
            raise TourneyError("ALREADY_REFUNDED", "That sale was taken back already", entry=entry, seq=seq) from exc
        if exc.code == "UNDO_CONFLICT":
            raise _conflict(desk, exc, entry, seq, lang) from exc
        raise
    price = sold[0].payload.get("price") or {}
    total = int(price.get("prize", 0)) + int(price.get("bounty", 0)) + int(price.get("fee", 0))
    return {**result, "entry": entry, "kind": _kind(sold[0]), "amount": total,
            "payment": sold[0].payload.get("payment")}
