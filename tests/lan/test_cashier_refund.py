"""The tablet's refund over loopback: the entry's latest sale taken back through the desk's undo (drawer and
chips with it), a retry answered as the first, and clear refusals, in the tablet's language, for a sale
that is not the latest, one already refunded, one something since stands on, and a device not a cashier."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.lan import Lan
from tourneydesk.desk import Desk


@pytest.fixture
def bar(tmp_path: Path, lan_clock: FakeClock) -> Iterator[tuple[Lan, dict[str, str], str, str]]:
    """Alice bought in (cash) and rebought (card); Bruno bought in; a cashier tablet paired as Sam's."""
    path = tmp_path / "rebuy.tdesk"
    rebuys = config(seating={"seats_per_table": 6, "tables": 2},
                    rebuy={"price": {"prize": 2000, "fee": 0}, "chips": 10000, "until_level": 4, "max_stack": 10000})
    with Desk.create(path, rebuys, now=lan_clock) as desk:
        player = desk.execute({"type": "register", "name": "Alice Martin"})["player"]
        alice = desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})["entry"]
        other = desk.execute({"type": "register", "name": "Bruno Petit"})["player"]
        bruno = desk.execute({"type": "buy_in", "player": other, "payment": "cash", "present": True})["entry"]
        desk.execute({"type": "clock", "action": "start"})
        desk.execute({"type": "rebuy", "entry": alice, "payment": "card", "present": True, "stack": 3000})
    lan = Lan(path, lan_clock, tmp_path / "devices.json")
    till = lan.pair("cashier", "Bar till", "Sam")
    yield lan, {"Authorization": f"Bearer {till}"}, alice, bruno
    lan.close()


def drawer(lan: Lan) -> dict[str, int]:
    return lan.on_desk(lambda desk: {t.method: t.money_in for t in desk.drawer() if t.count})


def test_the_latest_sale_is_refunded_through_the_desk(bar: tuple[Lan, dict[str, str], str, str]) -> None:
    lan, auth, alice, _ = bar
    before = drawer(lan)
    offer = lan.http.get("/api/cashier/refund", params={"entry": alice}, headers=auth).json()
    assert (offer["kind"], offer["amount"], offer["payment"], offer["name"]) == ("rebuy", 2000, "card", "Alice Martin")
    assert lan.on_desk(lambda desk: desk.state.entries[alice].rebuys) == 1, "the offer takes nothing back"
    ask = {"entry": alice, "seq": offer["seq"], "command_id": "refund-1"}
    done = lan.http.post("/api/cashier/refund", json=ask, headers=auth)
    assert done.status_code == 200, done.text
    assert lan.on_desk(lambda desk: desk.state.entries[alice].rebuys) == 0
    assert before["card"] == 2000 and drawer(lan) == {"cash": before["cash"]}, "the card's 20 left the drawer"
    last = lan.on_desk(lambda desk: desk.events()[-1])
    assert (last.type, last.station, last.actor) == ("undone", "Bar till", "Sam")
    # The tablet did not hear the answer and sends the same refund again: answered as the first, nothing more.
    again = lan.http.post("/api/cashier/refund", json=ask, headers=auth)
    assert again.status_code == 200 and again.json()["result"]["undone"] == done.json()["result"]["undone"]
    assert lan.on_desk(lambda desk: desk.state.entries[alice].status) == "active", "the buy-in stands"
    # Asked afresh, the refund looks at the buy-in under it: it opened table 1, where Bruno was seated since,
    # which stands on the table, not on her sale: it can be refunded too, as the desk's undo of it can.
    under = lan.http.get("/api/cashier/refund", params={"entry": alice}, headers=auth).json()
    assert (under["kind"], under["seq"], under["amount"]) == ("buy_in", 4, 9000)
    assert lan.on_desk(lambda desk: desk.events(3)[0].type) == "entry_bought"


def test_the_first_buy_in_at_a_table_is_refunded_once_the_next_player_is_seated(
        bar: tuple[Lan, dict[str, str], str, str]) -> None:
    """Bruno sat down at the table Alice's buy-in opened: her buy-in is refunded all the same (it was refused
    with "something done since stands on it"), Bruno keeps his seat and the table stays open."""
    lan, auth, alice, bruno = bar
    seat = lan.on_desk(lambda desk: (desk.state.entries[bruno].table, desk.state.entries[bruno].seat))
    rebuy = lan.http.get("/api/cashier/refund", params={"entry": alice}, headers=auth).json()
    assert lan.http.post("/api/cashier/refund", json={"entry": alice, "seq": rebuy["seq"], "command_id": "r1"},
                         headers=auth).status_code == 200
    offer = lan.http.get("/api/cashier/refund", params={"entry": alice}, headers=auth).json()
    assert offer.get("kind") == "buy_in", offer
    done = lan.http.post("/api/cashier/refund", json={"entry": alice, "seq": offer["seq"], "command_id": "r2"},
                         headers={**auth, "Accept-Language": "fr-FR"})
    assert done.status_code == 200, done.text
    assert (done.json()["result"]["kind"], done.json()["result"]["amount"]) == ("buy_in", 9000)
    assert lan.on_desk(lambda desk: list(desk.state.players[desk.state.entries[bruno].player].entries)) == [bruno]
    assert lan.on_desk(lambda desk: alice not in desk.state.entries and desk.state.entries[bruno].status) == "active"
    assert lan.on_desk(lambda desk: (desk.state.entries[bruno].table, desk.state.entries[bruno].seat)) == seat
    assert lan.on_desk(lambda desk: [t["number"] for t in desk.snapshot()["tables"]]) == [seat[0]]
    assert drawer(lan) == {"cash": 9000}, "Bruno's buy-in alone in the drawer"


def test_an_older_sale_or_one_refunded_already_is_refused_in_words(bar: tuple[Lan, dict[str, str], str, str]) -> None:
    lan, auth, alice, _ = bar
    buy_in = lan.on_desk(lambda desk: next(e.seq for e in desk.events() if e.type == "entry_bought"
                                           and e.payload["entry"] == alice))
    older = lan.http.post("/api/cashier/refund", json={"entry": alice, "seq": buy_in, "command_id": "r-old"},
                          headers={**auth, "Accept-Language": "fr-FR"})
    assert older.status_code == 422 and older.json()["code"] == "NOT_LATEST_SALE"
    assert older.json()["text"].startswith("Seule la dernière vente du joueur")
    offer = lan.http.get("/api/cashier/refund", params={"entry": alice}, headers=auth).json()
    assert lan.http.post("/api/cashier/refund", json={"entry": alice, "seq": offer["seq"], "command_id": "r1"},
                         headers=auth).status_code == 200
    twice = lan.http.post("/api/cashier/refund", json={"entry": alice, "seq": offer["seq"], "command_id": "r2"},
                          headers=auth)
    assert twice.json()["code"] == "ALREADY_REFUNDED" and twice.json()["text"] == "That sale was refunded already"
    assert lan.on_desk(lambda desk: desk.state.entries[alice].status) == "active"


def test_a_sale_something_since_stands_on_is_not_refunded(bar: tuple[Lan, dict[str, str], str, str]) -> None:
    lan, auth, alice, bruno = bar
    lan.execute({"type": "bust", "entry": bruno})  # Bruno's buy-in now has a bust on top of it
    refused = lan.http.get("/api/cashier/refund", params={"entry": bruno},
                           headers={**auth, "Accept-Language": "fr-FR"})
    assert refused.json()["code"] == "REFUND_CONFLICT"
    assert "ne peut plus être remboursée" in refused.json()["text"]
    assert "« élimination · Bruno Petit »" in refused.json()["text"].replace("\u00a0", " "), "says what stands on it"
    english = lan.http.get("/api/cashier/refund", params={"entry": bruno}, headers=auth).json()["text"]
    assert english.startswith("This sale cannot be refunded now: “bust · Bruno Petit”"), english
    seq = lan.on_desk(lambda desk: next(e.seq for e in desk.events() if e.type == "entry_bought"
                                        and e.payload["entry"] == bruno))
    sent = lan.http.post("/api/cashier/refund", json={"entry": bruno, "seq": seq, "command_id": "r-b"}, headers=auth)
    assert sent.json()["code"] == "REFUND_CONFLICT"
    assert lan.on_desk(lambda desk: desk.state.entries[bruno].status) == "busted", "nothing changed"


@pytest.mark.parametrize("body", [{"entry": "nobody", "seq": 3, "command_id": "x"},
                                  {"entry": "ALICE", "seq": "3", "command_id": "x"},
                                  {"entry": "ALICE", "seq": 1, "command_id": "x"},
                                  {"entry": "ALICE", "seq": 3},
                                  {"entry": ["ALICE"], "seq": 3, "command_id": "x"}])
def test_a_crafted_refund_is_refused_and_changes_nothing(bar: tuple[Lan, dict[str, str], str, str],
                                                         body: dict[str, Any]) -> None:
    lan, auth, alice, _ = bar
    body = {k: (alice if v == "ALICE" else v) for k, v in body.items()}
    seq = lan.on_desk(lambda desk: desk.seq)
    r = lan.http.post("/api/cashier/refund", json=body, headers=auth)
    assert r.status_code in (400, 422) and r.json()["ok"] is False and r.json()["text"]
    assert lan.on_desk(lambda desk: desk.seq) == seq


def test_only_a_cashier_or_the_td_refunds(bar: tuple[Lan, dict[str, str], str, str]) -> None:
    lan, _, alice, _ = bar
    floor = lan.pair("floor", "Floor phone")
    r = lan.http.get("/api/cashier/refund", params={"entry": alice}, headers={"Authorization": f"Bearer {floor}"})
    assert r.status_code == 403
    r = lan.http.post("/api/cashier/refund", json={"entry": alice, "seq": 9, "command_id": "f"},
                      headers={"Authorization": f"Bearer {floor}"})
    assert r.status_code == 403 and lan.on_desk(lambda desk: desk.state.entries[alice].rebuys) == 1
    assert lan.http.post("/api/cashier/refund", json={"entry": alice, "seq": 9, "command_id": "f"}).status_code == 401
    td = lan.pair("td", "TD phone", "Marie")
    offer = lan.http.get("/api/cashier/refund", params={"entry": alice},
                         headers={"Authorization": f"Bearer {td}"}).json()
    assert offer["kind"] == "rebuy", "the TD opens every page, the cashier's too"
