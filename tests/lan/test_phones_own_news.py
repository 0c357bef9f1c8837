"""A player's own phone after their bust: the place and what they won, over a real stream on loopback;
the pool worded as the catalogue words it in French."""

from __future__ import annotations

from tests.helpers.lan import Lan
from tests.lan.sse import StreamReader
from tourneydesk.desk import Desk
from tourneydesk.lan import words


def bust(lan: Lan, name: str) -> None:
    """`name` busted by a tablemate (one moved in beside them when they sit alone)."""
    entry = lan.entry_of(name)

    def mate(desk: Desk) -> str:
        me = desk.state.entries[entry]
        table = desk.state.tables[me.table]
        others = [e for seat, e in sorted(table.seats.items()) if e != entry]
        if others:
            return others[0]
        other = next(e for e in desk.state.entries.values() if e.status == "active" and e.id != entry)
        free = next(s for s in range(1, 7) if s not in table.seats)
        desk.execute({"type": "move", "entry": other.id, "table": me.table, "seat": free})
        return other.id

    by = lan.on_desk(mate)
    lan.execute({"type": "bust", "entry": entry, "by": [by]})


def test_a_busted_players_phone_is_told_the_place_and_the_prize(lan: Lan) -> None:
    field = ["Alice Martin", "Bruno Petit", "Chloé Durand", "David Moreau", "Emma Laurent", "Farid Simon",
             "Gina Michel", "Hugo Lefèvre", "Inès Garcia", "Jules Roux"]
    stream = StreamReader(lan.url, me="chloé durand")
    stream.wait_for(lambda m: m.get("found") and m["found"][0]["name"] == "Chloé Durand")
    for name in field[:8]:  # Chloé out third, in the money
        if name != "Chloé Durand":
            bust(lan, name)
    chloe = lan.entry_of("Chloé Durand")
    bust(lan, "Chloé Durand")
    told = stream.wait_for(lambda m: "found" in m and m.get("out") is not None)[2]
    stream.close()
    desk = lan.on_desk(lambda d: next(e for e in d.snapshot()["entries"] if e["id"] == chloe))
    assert desk["place"] == 3 and desk["prize"] > 0, "the seeded field pays third place"
    assert told["found"] == [] and told["out"] == {
        "name": "Chloé Durand", "place": 3, "final": desk["place_final"], "prize": desk["prize"],
        "bounty_won": desk["bounty_won"]}


def test_a_phone_following_someone_in_play_is_told_no_place(lan: Lan) -> None:
    stream = StreamReader(lan.url, me="alice martin")
    first = stream.wait_for(lambda m: "found" in m)[2]
    stream.close()
    assert first["out"] is None and first["found"][0]["name"] == "Alice Martin"


def test_a_place_out_carries_nothing_of_the_drawer(lan: Lan) -> None:
    bust(lan, "Alice Martin")
    stream = StreamReader(lan.url, me="alice martin")
    told = stream.wait_for(lambda m: "found" in m and m.get("out"))[2]
    stream.close()
    assert set(told["out"]) == {"name", "place", "final", "prize", "bounty_won"}, "no owed, paid or payment"
    assert told["out"]["place"] == 10 and told["out"]["final"] is False


def test_the_pool_is_the_dotation_in_french() -> None:
    fr = words.page_words("fr")
    assert fr["prize_pool"] == "Dotation"
    assert fr["split"].startswith("dotation {prize}")
    assert words.page_words("en")["prize_pool"] == "Prize pool"
