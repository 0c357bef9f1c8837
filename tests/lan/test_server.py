"""The LAN server over HTTP on 127.0.0.1: what the players' pages may read, who may write, and the
stream that carries each change."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.lan import Lan, seed_tournament
from tests.lan.sse import StreamReader
from tourneydesk.lan import words
from tourneydesk.lan.pairing import CODE_SECONDS, Pairing, RateLimit
from tourneydesk.lan.server import SECURITY_HEADERS, parse_listen
from tourneydesk.lan.view import ViewBuilder


def file_bytes(path: Path) -> bytes:
    return path.read_bytes() + (path.with_name(path.name + "-wal").read_bytes()
                                if path.with_name(path.name + "-wal").exists() else b"")


def test_the_players_view_carries_no_private_field(lan: Lan) -> None:
    seat = lan.http.get("/api/seat", params={"q": "alice"}).json()
    view = lan.http.get("/api/view").json()
    stream = StreamReader(lan.url)
    first = stream.wait_for(lambda m: m["full"])[2]
    stream.close()
    for text in (json.dumps(view), json.dumps(first), json.dumps(seat)):
        for private in ("example.org", "+33", "card", "email", "phone", "fee", "drawer", "paid", "owed"):
            assert private not in text, f"{private!r} reached a player's page"
    assert seat["found"] == [{"name": "Alice Martin", "table": seat["found"][0]["table"],
                              "seat": seat["found"][0]["seat"], "waits": False, "moved_from": None,
                              "bounty": 2000, "stack": None}], "the bounty on the head is public, as on the screens"
    assert view["sections"]["stats"]["players_left"] == 10
    assert view["sections"]["clock"]["running"] is True


def test_a_page_asking_as_the_server_starts_is_told_the_room_not_an_empty_one(
        tmp_path: Path, lan_clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    real = ViewBuilder.build

    def slow(self: ViewBuilder, *args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)  # the first view built as slowly as on a loaded laptop
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ViewBuilder, "build", slow)
    seed_tournament(tmp_path / "friday.tdesk", lan_clock)
    lan = Lan(tmp_path / "friday.tdesk", lan_clock, tmp_path / "devices.json")
    try:
        assert lan.http.get("/api/view").json()["sections"]["stats"]["players_left"] == 10
        assert [s["name"] for s in lan.http.get("/api/seat", params={"q": "alice"}).json()["found"]] == [
            "Alice Martin"]
    finally:
        lan.close()


def test_find_my_seat_needs_two_letters_and_says_who_just_moved(lan: Lan) -> None:
    assert lan.http.get("/api/seat", params={"q": "a"}).json()["found"] == []
    entry = lan.entry_of("Bruno Petit")
    before = lan.on_desk(lambda desk: (desk.state.entries[entry].table, desk.state.entries[entry].seat))
    free = lan.on_desk(lambda desk: next((t.number, s) for t in desk.state.tables.values() if t.number != before[0]
                                         for s in range(1, 7) if s not in t.seats))
    lan.execute({"type": "move", "entry": entry, "table": free[0], "seat": free[1]})
    # The phones' view is built on its own thread after the desk's change: the search tells the move
    # once that view is out, not at the instant the desk wrote it.
    found = seat_found(lan, "BRUNO", lambda s: (s["table"], s["seat"]) == free)
    assert found == {"name": "Bruno Petit", "table": free[0], "seat": free[1], "waits": found["waits"],
                     "moved_from": {"table": before[0], "seat": before[1]}, "bounty": 2000, "stack": None}
    lan.execute({"type": "chip_count", "entry": entry, "chips": 23500})
    seat_found(lan, "bruno", lambda s: s["stack"] == 23500)


def seat_found(lan: Lan, query: str, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first seat found for `query` once it passes `test` (the phones' view caught up with the desk)."""
    deadline = time.monotonic() + 30
    while True:
        found: list[dict[str, Any]] = lan.http.get("/api/seat", params={"q": query}).json()["found"]
        if found and test(found[0]):
            return found[0]
        assert time.monotonic() < deadline, f"the phones' view never told {query!r}: {found}"
        time.sleep(0.02)


def test_a_phone_that_follows_its_player_is_told_the_seat_when_it_changes_and_only_then(lan: Lan) -> None:
    bruno, chloe = lan.entry_of("Bruno Petit"), lan.entry_of("Chloé Durand")
    where = lan.on_desk(lambda desk: {e: (desk.state.entries[e].table, desk.state.entries[e].seat)
                                      for e in (bruno, chloe)})
    stream = StreamReader(lan.url, me="bruno petit")
    first = stream.wait_for(lambda m: "found" in m)[2]
    assert [(s["name"], s["table"], s["seat"]) for s in first["found"]] == [("Bruno Petit", *where[bruno])]

    def free_seat(table_not: int) -> tuple[int, int]:
        return lan.on_desk(lambda desk: next((t.number, s) for t in desk.state.tables.values() if t.number != table_not
                                             for s in range(1, 7) if s not in t.seats))

    to = free_seat(where[chloe][0])
    lan.execute({"type": "move", "entry": chloe, "table": to[0], "seat": to[1]})
    stream.wait_for(lambda m: m.get("sections", {}).get("seating"))
    to = free_seat(where[bruno][0])
    lan.execute({"type": "move", "entry": bruno, "table": to[0], "seat": to[1]})
    moved = stream.wait_for(lambda m: "found" in m and m["found"][0]["table"] == to[0])[2]
    stream.close()
    assert moved["found"][0]["moved_from"] == {
        "table": where[bruno][0], "seat": where[bruno][1]}
    seat_events = [m for _, _, m in stream.messages if "found" in m]
    assert len(seat_events) == 2, "Chloé's move told Bruno's phone nothing"


def test_a_level_change_reaches_an_open_stream_within_a_second(lan: Lan) -> None:
    stream = StreamReader(lan.url)
    stream.wait_for(lambda m: m["full"])
    sent = time.monotonic()
    lan.execute({"type": "clock", "action": "next"})
    arrived, _, message = stream.wait_for(lambda m: m["sections"].get("clock", {}).get("level") == 2)
    stream.close()
    assert arrived - sent < 1.0
    assert not message["full"] and "payouts" not in message["sections"], "only what changed is sent"


def test_a_page_that_reconnects_catches_up_and_one_up_to_date_gets_nothing_again(lan: Lan) -> None:
    stream = StreamReader(lan.url)
    _, seen_id, _ = stream.wait_for(lambda m: m["full"])
    stream.close()
    current = StreamReader(lan.url, last_event_id=seen_id)
    time.sleep(0.3)
    assert current.messages == [], "an up-to-date page is sent the view again"
    current.close()
    lan.execute({"type": "clock", "action": "pause"})
    behind = StreamReader(lan.url, last_event_id=seen_id)
    _, _, caught_up = behind.wait_for(lambda m: m["full"])
    behind.close()
    assert caught_up["sections"]["clock"]["running"] is False
    assert set(caught_up["sections"]) >= {"clock", "stats", "payouts", "busts", "tournament"}


def test_an_idle_stream_hears_a_beat_and_a_closed_one_is_let_go(lan: Lan, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tourneydesk.lan.server.HEARTBEAT_S", 0.5)
    stream = StreamReader(lan.url)
    _, seen, _ = stream.wait_for(lambda m: m["full"])
    arrived = stream.wait_for(lambda m: m == {}, timeout=5)
    assert arrived[1] == seen, "a beat is no change: the page's last event stays the last change"
    assert len(lan.server.hub.clients) == 1
    stream.close()
    lan.execute({"type": "clock", "action": "pause"})  # the next write finds the connection gone
    deadline = time.monotonic() + 5
    while lan.server.hub.clients and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not lan.server.hub.clients


def test_an_unpaired_device_cannot_write_and_nothing_changes(lan: Lan) -> None:
    before = file_bytes(lan.path), lan.on_desk(lambda desk: desk.seq)
    for headers in ({}, {"Authorization": "Bearer not-a-token"}, {"Cookie": "token=x"}):
        r = lan.http.post("/api/command", json={"type": "clock", "action": "pause", "command_id": "c1"},
                          headers=headers)
        assert r.status_code == 401 and r.json()["code"] == "NOT_PAIRED"
    assert lan.http.get("/api/td").status_code == 401
    assert (file_bytes(lan.path), lan.on_desk(lambda desk: desk.seq)) == before


def test_a_revoked_token_is_refused_at_once(lan: Lan) -> None:
    token = lan.pair("td", "Marie's phone")
    assert lan.send(token, {"type": "clock", "action": "pause", "command_id": "p1"}).status_code == 200
    device = lan.pairing.devices()[0]
    assert (device.name, device.role) == ("Marie's phone", "td")
    assert lan.pairing.revoke(device.id)
    seq = lan.on_desk(lambda desk: desk.seq)
    r = lan.send(token, {"type": "clock", "action": "resume", "command_id": "p2"})
    assert r.status_code == 401 and r.json()["code"] == "NOT_PAIRED"
    assert lan.on_desk(lambda desk: (desk.seq, desk.state.clock.running)) == (seq, False)


def test_each_role_sends_only_its_commands_and_the_log_names_the_device(lan: Lan) -> None:
    cashier, screen = lan.pair("cashier", "Bar till", "Sam"), lan.pair("display", "TV")
    floor = lan.pair("floor", "Floor phone", "Nadia")
    alice = lan.entry_of("Alice Martin")
    for token, cmd in ((cashier, {"type": "clock", "action": "pause"}), (screen, {"type": "register", "name": "X"}),
                       (floor, {"type": "register", "name": "Y"}), (floor, {"type": "undo"}),
                       (floor, {"type": "rebuy", "entry": alice, "payment": "cash", "present": True, "stack": 0}),
                       (floor, {"type": "clock", "action": "pause"})):
        r = lan.send(token, {**cmd, "command_id": f"r1-{cmd['type']}"})
        assert r.status_code == 403 and r.json()["code"] == "ROLE_FORBIDDEN", cmd
    seq = lan.on_desk(lambda desk: desk.seq)
    r = lan.send(cashier, {"type": "register", "name": "Zoé Blanc", "command_id": "r2", "station": "forged",
                           "actor": "Somebody else"})
    assert r.status_code == 200
    last = lan.on_desk(lambda desk: desk.events()[-1])
    assert (last.seq, last.type, last.station, last.actor) == (seq + 1, "player_registered", "Bar till", "Sam")
    # The floor busts (and the desk writes who did it from where); the page shows it no sale and no undo.
    r = lan.send(floor, {"type": "bust", "entry": lan.entry_of("Bruno Petit"), "by": [alice], "command_id": "f1"})
    assert r.status_code == 200, r.text
    last = lan.on_desk(lambda desk: desk.events()[-1])
    assert (last.type, last.station, last.actor) == ("busted", "Floor phone", "Nadia")
    assert lan.http.get("/api/td", headers={"Authorization": f"Bearer {floor}"}).status_code == 200
    r = lan.http.get("/api/cashier", headers={"Authorization": f"Bearer {floor}"})
    assert r.status_code == 403 and r.json()["params"]["needs"] == "cashier"
    r = lan.send(cashier, {"type": "register", "name": "No Id"})
    assert r.status_code == 422 and r.json()["code"] == "FIELD_MISSING"


def test_a_buy_in_sent_twice_with_one_command_id_charges_once(lan: Lan) -> None:
    token = lan.pair("cashier")
    registered = lan.send(token, {"type": "register", "name": "Zoé Blanc", "command_id": "reg-1"}).json()
    player = registered["result"]["player"]
    collected = lan.on_desk(lambda desk: desk.state.money.collected)
    buy = {"type": "buy_in", "player": player, "payment": "cash", "present": True, "command_id": "buy-1"}
    first, second = lan.send(token, buy).json(), lan.send(token, buy).json()
    assert first == second and first["ok"]
    price = lan.on_desk(lambda desk: desk.state.config.buy_in.total)
    assert lan.on_desk(lambda desk: (desk.state.money.collected, len(desk.state.players[player].entries))) == \
        (collected + price, 1)


def test_a_refusal_comes_back_with_the_desks_code_and_changes_nothing(lan: Lan) -> None:
    token = lan.pair("td")
    seq = lan.on_desk(lambda desk: desk.seq)
    r = lan.send(token, {"type": "bust", "entry": lan.entry_of("Alice Martin"), "by": [], "command_id": "b1"})
    assert r.status_code == 422
    assert r.json()["code"] == "BY_REQUIRED" and "won the pot" in r.json()["message"]
    assert lan.on_desk(lambda desk: desk.seq) == seq
    r = lan.http.post("/api/command", json={"type": "bust", "entry": lan.entry_of("Alice Martin"), "by": [],
                                            "command_id": "b1"},
                      headers={"Authorization": f"Bearer {token}", "Accept-Language": "fr-FR"})
    assert r.json()["text"] == "Indiquez qui a gagné le coup\u00a0: sa prime en dépend"
    assert lan.on_desk(lambda desk: desk.seq) == seq


def test_the_td_reads_the_dry_run_of_a_bust_and_what_undo_would_take_back(lan: Lan) -> None:
    token = lan.pair("td")
    auth = {"Authorization": f"Bearer {token}"}
    alice, bruno = lan.entry_of("Alice Martin"), lan.entry_of("Bruno Petit")
    found = lan.http.get("/api/td/find", params={"q": "ali"}, headers=auth).json()["found"]
    assert [f["entry"] for f in found] == [alice]
    seq = lan.on_desk(lambda desk: desk.seq)
    preview = lan.send(token, {"type": "bust", "entry": alice, "by": [bruno], "dry_run": True}).json()["result"]
    assert preview["out"][0]["place"] == 10 and preview["out"][0]["bounty_awards"][0]["to"] == bruno
    assert lan.on_desk(lambda desk: desk.seq) == seq, "a dry run writes nothing"
    lan.send(token, {"type": "bust", "entry": alice, "by": [bruno], "command_id": "b2"})
    td = lan.http.get("/api/td", headers={**auth, "Accept-Language": "fr-FR,fr;q=0.9"}).json()
    assert td["undo"]["text"] == "élimination · Alice Martin (Phone)"
    assert lan.send(token, {"type": "undo", "seq": td["undo"]["seq"], "command_id": "u1"}).status_code == 200
    assert lan.on_desk(lambda desk: desk.state.entries[alice].status) == "active"


def test_pairing_codes_are_one_time_expire_and_wrong_ones_are_limited_per_address(tmp_path: Path) -> None:
    now = [1000.0]
    mono = [0.0]
    pairing = Pairing(tmp_path / "devices.json", wall=lambda: now[0], monotonic=lambda: mono[0])
    code = pairing.new_code("cashier").code
    assert len(code) == 8 and code.isdigit()
    token, device = pairing.pair(code, "Till 2", "10.0.0.5")
    assert device.role == "cashier"
    with pytest.raises(Exception, match="wrong or has expired"):
        pairing.pair(code, "Another", "10.0.0.6")  # one device per code
    code = pairing.new_code("td").code
    now[0] += CODE_SECONDS + 1
    with pytest.raises(Exception, match="wrong or has expired"):
        pairing.pair(code, "Late", "10.0.0.5")
    for _ in range(4):  # five wrong codes a minute from one address
        with pytest.raises(Exception, match="wrong or has expired"):
            pairing.pair("00000000", "Guess", "10.0.0.5")
    code = pairing.new_code("td").code
    with pytest.raises(Exception, match="Too many pairing attempts"):
        pairing.pair(code, "Guess", "10.0.0.5")
    assert pairing.pair(code, "Fresh", "10.0.0.7")[1].role == "td", "another address is never held back"
    code = pairing.new_code("td").code
    mono[0] += 61
    assert pairing.pair(code, "Guess", "10.0.0.5")[1].role == "td"
    stored = (tmp_path / "devices.json").read_text()
    assert token not in stored and "Till 2" in stored, "only the token's hash is kept"
    again = Pairing(tmp_path / "devices.json")
    assert again.device_for(f"Bearer {token}", "10.0.0.5") is not None


def test_wrong_tokens_are_rate_limited(lan: Lan) -> None:
    token = lan.pair("td")
    for _ in range(10):
        assert lan.send("wrong", {"type": "clock", "action": "pause", "command_id": "w"}).status_code == 401
    r = lan.send(token, {"type": "clock", "action": "pause", "command_id": "w2"})
    assert r.status_code == 429 and r.headers["Retry-After"] == "60"
    assert lan.on_desk(lambda desk: desk.state.clock.running) is True


def test_rate_limit_forgets_after_its_window() -> None:
    t = [0.0]
    limit = RateLimit(2, 60, lambda: t[0])
    assert limit.hit("a") and limit.hit("a") and not limit.hit("a") and limit.hit("b")
    t[0] = 61
    assert limit.hit("a")


@pytest.mark.parametrize("path", ["/", "/td", "/cashier", "/screen", "/pair", "/static/lan.css",
                                  "/static/common.js", "/api/view", "/api/seat?q=al", "/nowhere"])
def test_every_answer_carries_the_security_headers(lan: Lan, path: str) -> None:
    r = lan.http.get(path)
    for key, value in SECURITY_HEADERS.items():
        assert r.headers.get(key) == value, f"{path}: {key}"
    if path == "/":
        assert "set-cookie" not in r.headers


def test_the_pages_speak_the_devices_language(lan: Lan) -> None:
    fr = lan.http.get("/", headers={"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.8"})
    assert '<html lang="fr">' in fr.text and "Trouver ma place" in fr.text
    en = lan.http.get("/", headers={"Accept-Language": "de-DE, en;q=0.5"})
    assert '<html lang="en">' in en.text and "Find my seat" in en.text


def test_language_is_the_first_of_english_and_french_asked_for() -> None:
    assert words.language("fr-FR,fr;q=0.9,en;q=0.8") == "fr"
    assert words.language("en-GB,fr;q=0.9") == "en"
    assert words.language("de,fr;q=0.3,en;q=0.2") == "fr"
    assert words.language("") == words.language(None) == "en"
    assert set(words.page_words("fr")) == set(words.WORDS)


def test_listen_address_is_host_and_port() -> None:
    assert parse_listen("8765") == ("0.0.0.0", 8765)
    assert parse_listen("192.168.1.10:80") == ("192.168.1.10", 80)
    with pytest.raises(ValueError, match="HOST:"):
        parse_listen("phone")


def test_the_remote_plays_hand_for_hand_and_applies_the_plans_step(lan: Lan) -> None:
    token = lan.pair("td")
    auth = {"Authorization": f"Bearer {token}"}
    assert lan.send(token, {"type": "hand_for_hand", "action": "on", "command_id": "h1"}).json()["ok"]
    assert lan.http.get("/api/td", headers=auth).json()["hand_for_hand"] is True
    next_hand = lan.send(token, {"type": "hand_for_hand", "action": "next", "command_id": "h2"}).json()
    assert next_hand["result"]["hand"] == 2
    lan.send(token, {"type": "hand_for_hand", "action": "off", "command_id": "h3"})
    # The buttons said, then four busts at one table: the plan's next step comes with its command.
    for table in (1, 2):
        seat = lan.on_desk(lambda desk, t=table: min(desk.state.tables[t].seats))
        button = {"type": "set_button", "table": table, "seat": seat, "command_id": f"sb{table}"}
        assert lan.send(token, button).json()["ok"]
    seats = lan.on_desk(lambda desk: sorted(desk.state.tables[1].seats.values()))
    for n, entry in enumerate(seats[:4]):
        bust = {"type": "bust", "entry": entry, "by": [seats[-1]], "command_id": f"bb{n}"}
        answer = lan.send(token, bust).json()
        assert answer["ok"], answer
    plan = lan.http.get("/api/td", headers=auth).json()["plan"]
    assert plan is not None and plan["title"] and plan["reason"] and plan["command"] is not None, plan
    seq = lan.on_desk(lambda desk: desk.seq)
    assert lan.send(token, {**plan["command"], "command_id": "plan-1"}).json()["ok"]
    assert lan.on_desk(lambda desk: desk.seq) > seq


def test_the_cashier_finds_a_player_with_entries_and_what_is_owed_and_reads_what_is_on_sale(lan: Lan) -> None:
    token = lan.pair("cashier")
    auth = {"Authorization": f"Bearer {token}"}
    alice, bruno = lan.entry_of("Alice Martin"), lan.entry_of("Bruno Petit")
    lan.execute({"type": "bust", "entry": alice, "by": [bruno]})
    owed = lan.execute({"type": "pay", "entry": bruno, "dry_run": True})["amount"]
    found = lan.http.get("/api/cashier/find", params={"q": "BRUNO"}, headers=auth).json()["found"]
    assert [(p["name"], [(e["entry"], e["status"], e["owed"]) for e in p["entries"]]) for p in found] == [
        ("Bruno Petit", [(bruno, "active", owed)])]
    assert owed > 0  # the bounty Bruno won
    assert lan.http.get("/api/td/find", params={"q": "alice"}, headers={"Authorization": f"Bearer {lan.pair('td')}"}
                        ).json()["found"] == []  # busted: nobody to bust
    sale = lan.http.get("/api/cashier", headers=auth).json()
    assert sale["prices"]["buy_in"] == {"prize": 8000, "bounty": 2000, "fee": 1000, "total": 11000}
    assert (sale["currency"], sale["registration_open"], sale["rebuy_open"], sale["add_on_open"], sale["reentry"]) \
        == ("EUR", True, False, False, True)


def test_the_tds_announcement_reaches_every_page_and_only_a_td_sends_one(lan: Lan) -> None:
    td, till = lan.pair("td", "Marie's phone", "Marie"), lan.pair("cashier", "Bar till")
    stream = StreamReader(lan.url)
    stream.wait_for(lambda m: m["full"])
    refused = lan.send(till, {"type": "announce", "text": "Free drinks", "command_id": "a0"})
    assert refused.status_code == 403
    r = lan.send(td, {"type": "announce", "text": "Dinner is served at the bar", "minutes": 30, "command_id": "a1"})
    assert r.status_code == 200, r.text
    message = stream.wait_for(lambda m: any(n.get("kind") == "message" for n in m["sections"].get("notes", [])))
    assert message[2]["sections"]["notes"][0] == {"kind": "message", "text": "Dinner is served at the bar"}
    lan.send(td, {"type": "announce", "text": "", "command_id": "a2"})
    stream.wait_for(lambda m: "notes" in m["sections"] and not any(
        n.get("kind") == "message" for n in m["sections"]["notes"]))
    stream.close()
    last = lan.on_desk(lambda desk: desk.events()[-1])
    assert (last.type, last.station, last.actor) == ("announced", "Marie's phone", "Marie")


def test_the_whole_blind_schedule_is_on_the_pages(lan: Lan) -> None:
    view = lan.http.get("/api/view").json()["sections"]
    levels = lan.on_desk(lambda desk: desk.config.levels)
    assert len(view["schedule"]) == len(levels)
    first = view["schedule"][0]
    assert (first["level"], first["small_blind"], first["big_blind"]) == (1, 100, 200)
    assert [row["is_break"] for row in view["schedule"]] == [lv.is_break for lv in levels]
    assert lan.http.get("/qr.svg").headers["content-type"].startswith("image/svg")


def test_the_tablet_reads_its_drawer_and_takes_back_a_registration_the_floor_cannot(lan: Lan) -> None:
    till, floor = lan.pair("cashier", "Bar till"), lan.pair("floor", "Floor phone")
    drawer = lan.http.get("/api/cashier", headers={"Authorization": f"Bearer {till}"}).json()["drawer"]
    by_method = {t["method"]: t for t in drawer}
    assert by_method["cash"]["count"] == 9 and by_method["card"]["count"] == 1, "nine paid cash, Alice by card"
    assert by_method["cash"]["in"] == 9 * by_method["card"]["in"]
    player = lan.send(till, {"type": "register", "name": "Zoé Blanc", "command_id": "u1"}).json()["result"]["player"]
    assert lan.send(floor, {"type": "unregister", "player": player, "command_id": "u2"}).status_code == 403
    assert lan.send(till, {"type": "unregister", "player": player, "command_id": "u3"}).status_code == 200
    assert lan.on_desk(lambda desk: desk.find_players("Zoé", 5)) == ()
