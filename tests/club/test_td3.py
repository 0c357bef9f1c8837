"""A saved The Tournament Director 3 file read as data, in every version's layout: its members, its night
(places, hits, rebuys, prizes), its blind structure, prize table, fee profiles and formulas; broken and
hostile files refused with where, and nothing run."""

from __future__ import annotations

import pytest

from tests.helpers.td3_saves import LAYOUTS, Bust, Night, Person, td3_save
from tourneydesk.club.td3 import Call, New, TdtError, parse, read_td3

PEOPLE = [Person("Lolo", "Élodie", "Varnier", email="lolo@example.org", email2="e.varnier@example.net",
                 phone="+33 6 11 22 33", phone2="+33 1 44 55", opt_id="501"),
          Person("Yannick O"), Person("Zoë"), Person("Gérard"), Person("Kasia"), Person("Bao")]
FORMULA = 'assign("points", round(100 * log(n) / r) + nh * 10)'


def night(**changes: object) -> Night:
    """Six invented players; Kasia rebuys; Gérard and Bao go out in the same second, Bao after; Zoë gives up."""
    values: dict[str, object] = {
        "title": "Club Poker 20250227", "day": "2025-02-27", "people": PEOPLE, "formula": FORMULA,
        "busts": [Bust("Kasia", ("Lolo",), 30, again="rebuy"), Bust("Gérard", ("Zoë", "Lolo"), 60.001),
                  Bust("Bao", ("Yannick O",), 60.002), Bust("Kasia", ("Yannick O",), 80), Bust("Zoë", (), 100),
                  Bust("Yannick O", ("Lolo",), 120)],
        "add_ons": {"Lolo": 1}, "points_adjustment": {"Zoë": 5}, "hits_adjustment": {"Bao": 1},
        "registered_only": [Person("Ines Never")], "prizes": [2000, 1200, 600], "prize_kind": "amount",
    }
    values.update(changes)
    return Night(**values)  # type: ignore[arg-type]


def by_name(save, name):
    uuid = next(m["td3_uuid"] for m in save.members if m["name"] == name)
    return next(r for r in save.night["results"] if r["td3_uuid"] == uuid)


@pytest.mark.parametrize("version", list(LAYOUTS))
def test_every_version_from_3_0_reads_the_same_club(version):
    save = read_td3(td3_save(night(), version))
    reference = read_td3(td3_save(night(), "3.7.2"))
    assert save.version == version
    assert (save.members, save.night, save.structure, save.payouts, save.fee_profiles, save.formula) == \
           (reference.members, reference.night, reference.structure, reference.payouts, reference.fee_profiles,
            reference.formula)
    assert save.problems == []


def test_before_3_7_a_save_is_windows_1252():
    data = td3_save(night(), "3.4.3")
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    assert [m["name"] for m in read_td3(data).members][:3] == ["Élodie Varnier", "Yannick O", "Zoë"]


def test_a_player_brings_names_e_mails_phones_and_td3s_ids():
    save = read_td3(td3_save(night()))
    lolo = save.members[0]
    assert lolo == {"name": "Élodie Varnier", "nickname": "Lolo", "first_name": "Élodie", "last_name": "Varnier",
                    "email": "lolo@example.org", "email2": "e.varnier@example.net", "phone": "+33 6 11 22 33",
                    "phone2": "+33 1 44 55", "td3_id": "501", "td3_uuid": PEOPLE[0].uuid}
    assert save.members[1] == {"name": "Yannick O", "td3_uuid": PEOPLE[1].uuid}
    assert "Ines Never" in [m["name"] for m in save.members]  # registered, never bought in: a member all the same


def test_places_are_as_td3_ranks_them_from_the_bust_outs_and_the_history():
    save = read_td3(td3_save(night()))
    places = {m["name"]: r["place"] for m in save.members for r in save.night["results"]
              if r["td3_uuid"] == m["td3_uuid"]}
    # Kasia's first bust was followed by a rebuy: her second counts. Gérard and Bao went out in the same
    # second; the history says Bao after him, so Bao ranks above.
    assert places == {"Élodie Varnier": 1, "Yannick O": 2, "Zoë": 3, "Kasia": 4, "Bao": 5, "Gérard": 6}
    assert "Ines Never" not in [m["name"] for m in save.members if m["td3_uuid"] in
                                {r["td3_uuid"] for r in save.night["results"]}]


def test_a_night_brings_hits_rebuys_add_ons_prizes_and_what_each_paid():
    save = read_td3(td3_save(night()))
    lolo, yannick, zoe, kasia, bao = (by_name(save, n) for n in ("Élodie Varnier", "Yannick O", "Zoë", "Kasia", "Bao"))
    assert (lolo["knockouts"], yannick["knockouts"], zoe["knockouts"]) == (3, 2, 1)  # a split pot: both hit
    assert (bao["knockouts"], bao["hits_adjustment"]) == (0, 1)
    assert zoe["points_adjustment"] == 5
    assert (kasia["rebuys"], kasia["reentries"], kasia["rebuy_cost"]) == (1, 0, 20000)
    assert (lolo["add_ons"], lolo["add_on_cost"], lolo["buy_in_cost"]) == (1, 5000, 20000)
    assert [lolo["prize"], yannick["prize"], zoe["prize"], kasia["prize"]] == [200000, 120000, 60000, 0]
    facts = {k: v for k, v in save.night.items() if k != "results"}
    assert facts == {"tournament_id": f"td3:{save.uuid}", "name": "Club Poker 20250227", "date": "2025-02-27",
                     "buy_in": 20000, "fee": 0, "entries": 6, "players": 6, "rebuys": 1, "add_ons": 1,
                     "buy_ins_amount": 120000, "rebuys_amount": 20000, "add_ons_amount": 5000,
                     "prize_pool": 145000, "paid_places": 3, "league": "Club", "season": "2025", "deal": 0}


def test_a_re_entry_is_a_buy_in_of_a_buy_in_profile():
    busts = [Bust("Kasia", ("Lolo",), 30, again="reentry"), *night().busts[1:]]
    kasia = by_name(read_td3(td3_save(night(busts=busts))), "Kasia")
    assert (kasia["reentries"], kasia["rebuys"], kasia["buy_in_cost"]) == (1, 0, 40000)


def test_a_shared_prize_is_split_to_the_cent():
    data = td3_save(night()).replace(f'AwardedToPlayers: ["{PEOPLE[0].uuid}"], CalculatedAmount: 2000'.encode(),
                                     f'AwardedToPlayers: ["{PEOPLE[0].uuid}", "{PEOPLE[1].uuid}", '
                                     f'"{PEOPLE[2].uuid}"], CalculatedAmount: 2000'.encode())
    save = read_td3(data)
    # 2,000.00 in three: 666.67, 666.67 and 666.66, beside Yannick's and Zoë's own prizes
    assert [by_name(save, n)["prize"] for n in ("Élodie Varnier", "Yannick O", "Zoë")] == [66667, 186667, 126666]


def test_the_structure_keeps_breaks_antes_minutes_chips_and_its_chip_ups():
    save = read_td3(td3_save(night()))
    assert save.structure["levels"][:7] == [
        {"small_blind": 25, "big_blind": 50, "minutes": 20}, {"small_blind": 50, "big_blind": 100, "minutes": 20},
        {"small_blind": 75, "big_blind": 150, "minutes": 20}, {"break_minutes": 10},
        {"small_blind": 100, "big_blind": 200, "minutes": 20, "ante": 100},
        {"small_blind": 150, "big_blind": 300, "minutes": 20, "ante": 150},
        # a Chip Up break: the 25s are no longer needed from 200/400 on
        {"break_minutes": 10, "color_up": [25]},
    ]
    assert [c["value"] for c in save.structure["chips"]] == [25, 100, 500, 1000]
    assert save.structure["starting_stack"] == 10000


def test_the_prize_table_becomes_shares_of_the_pool():
    assert read_td3(td3_save(night())).payouts == [5263, 3158, 1579]  # 2,000 / 1,200 / 600 of 3,800
    assert read_td3(td3_save(night(prizes=[50, 30, 20], prize_kind="percent"))).payouts == [5000, 3000, 2000]


def test_fee_profiles_come_with_their_kind_price_and_chips():
    profiles = read_td3(td3_save(night(rake=20))).fee_profiles
    assert [(p.name, p.kind, p.prize, p.fee, p.chips) for p in profiles] == [
        ("Standard", "buy_in", 20000, 2000, 10000), ("Late", "buy_in", 20000, 2000, 10000),
        ("Double", "rebuy", 20000, 0, 10000), ("Master", "add_on", 5000, 0, 3000)]


def test_the_points_formula_comes_and_triggers_and_layouts_are_listed_apart():
    save = read_td3(td3_save(night()))
    assert save.formula == FORMULA
    assert save.not_points == ["isRound and (ante = 25) and (secondsElapsed = 6) and (state = 2)",
                               "(not isRound) and (state = 2)", "isBreak and (breakNum >= 1)",
                               "isRound and (roundNum % 2 = 0)"]
    assert save.problems == []
    older = read_td3(td3_save(night(formula='assign("points", base + nh)', dependencies=['assign("base", n - r)']),
                              "3.4.3"))
    assert older.formula == 'assign("base", n - r)\nassign("points", base + nh)'  # its Dependencies first


def test_a_points_formula_that_reads_the_clock_is_no_points_and_a_broken_one_is_said():
    trigger = read_td3(td3_save(night(formula="isRound and (ante = 25)")))
    assert (trigger.formula, trigger.problems) == (None, [])
    assert "isRound and (ante = 25)" in trigger.not_points
    broken = read_td3(td3_save(night(formula="n * bonus(r)")))
    assert broken.formula is None
    assert [p["text"] for p in broken.problems] == [
        "The points formula is not brought over: there is no function 'bonus' at column 5"]


def test_a_night_ended_by_a_deal_places_those_in_it_by_their_chips():
    save = read_td3(td3_save(night(busts=night().busts[:4], deal=True, chips={"Zoë": 40000, "Lolo": 20000,
                                                                              "Yannick O": 30000})))
    assert save.night["deal"] == 3
    assert [by_name(save, n)["place"] for n in ("Zoë", "Yannick O", "Élodie Varnier", "Kasia")] == [1, 2, 3, 4]


def test_a_save_not_finished_has_no_night():
    save = read_td3(td3_save(night(busts=night().busts[:3], finished=False)))
    assert save.night is None
    assert save.unfinished == "it is not finished (4 players still in)"
    assert len(save.members) == 7


def test_the_literal_is_read_as_data():
    value = parse('{a: 1, "b c": [true, null, -2.5], d: new X({k: \'v\\n\'}), e: Map.from([["k", 2]])};')
    assert value == {"a": 1, "b c": [True, None, -2.5], "d": New("X", ({"k": "v\n"},)),
                     "e": Call("Map.from", ([["k", 2]],))}


@pytest.mark.parametrize(("text", "where"), [
    ("{a: 1", "expected ',' or '}', found the end of the file at character 6"),
    ("{a: 1} x", "'x' after the end at character 8"),
    ("{a: alert(1)}", "'alert' is not a value at character 5"),  # never a call but TD3's own Map.from
    ("{a: `cmd`}", "'`' is not expected at character 5"),
    ("{a: function() {}}", "'function' is not a value"),
    ("{a: 1, ", "it ends in the middle at character 7"),
    ("[" * 500, "nested too deeply"),
])
def test_a_broken_file_is_refused_with_where(text, where):
    with pytest.raises(TdtError) as info:
        parse(text)
    assert where in info.value.message
    assert info.value.code == "TD3_FILE_INVALID"


def test_a_literal_that_is_no_tournament_is_refused():
    with pytest.raises(TdtError, match="it holds no tournament"):
        read_td3(b'{V: "3.7.2", T: [1, 2]}')
