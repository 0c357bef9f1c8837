"""A saved The Tournament Director 3 file read as data: its members, blind structures, payout profiles
and league formulas; broken and hostile files refused with where, and nothing run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.club import club_cli
from tourneydesk.club import ClubService
from tourneydesk.club.td3 import Call, New, TdtError, parse, read_td3, translate_formula

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_37_file_gives_members_a_structure_payouts_and_a_formula():
    found = read_td3((FIXTURES / "club-3.7.tdt").read_bytes())
    assert found.members == [
        {"name": "Élodie Varnier", "nickname": "Lolo", "email": "elodie@example.org", "member_id": "501"},
        {"name": "Yannick Ostrel", "phone": "+33 6 99 00 11", "member_id": "502", "joined": "2025-01-01"},
        {"name": "Le Comte", "member_id": "503"},
    ]
    assert found.structures == {"Deepstack 30": [
        {"small_blind": 100, "big_blind": 200, "minutes": 30},
        {"small_blind": 200, "big_blind": 400, "ante": 400, "minutes": 30},
        {"break_minutes": 10},
        {"small_blind": 300, "big_blind": 600, "ante": 600, "minutes": 30},
    ]}
    assert found.payouts == {"Top 3": [5000, 3000, 2000]}
    assert found.formulas == {"Club points": "round(10 * sqrt(entries) / sqrt(place)) - 9"}
    assert found.problems == []


def test_an_older_windows_1252_file_with_new_map_and_what_cannot_be_moved():
    data = (FIXTURES / "club-3.3.tdt").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    found = read_td3(data)
    assert [m["name"] for m in found.members] == ["Gérard Pélissou", "Zoë Amarante"]  # the same person once
    assert found.formulas == {"Simple": "entries - place + 1"}
    assert found.problems == [
        "formula 'Odd': unknown name 'bonus' at column 11 (in 'entries * bonus(place)', from 'n * bonus(r)')",
        "structure 'Broken': a level without blinds or a length",
    ]


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
    ("[" * 500, "nested too deeply"),
])
def test_a_broken_file_is_refused_with_where(text, where):
    with pytest.raises(TdtError) as info:
        parse(text)
    assert where in info.value.message
    assert info.value.code == "TD3_FILE_INVALID"


def test_formulas_are_put_in_our_words():
    assert translate_formula("Math.sqrt(n) / r;") == "sqrt(entries) / place"
    assert translate_formula("n ** 2 - hits") == "entries ^ 2 - knockouts"


def test_tourneydesk_club_td3_imports_members_and_templates(tmp_path, capsys):
    club = tmp_path / "club.tdclub"
    assert club_cli(club, "td3", str(FIXTURES / "club-3.7.tdt"), "--leagues") == 0
    out = capsys.readouterr().out
    assert "3 members added" in out and "template Deepstack 30 saved" in out
    with ClubService.open(club) as service:
        assert [m.name for m in service.find("elodie")] == ["Élodie Varnier"]
        template = service.templates()["Deepstack 30"]
        assert [lv.get("small_blind") for lv in template["levels"]] == [100, 200, None, 300]
        assert template["payouts"]["places"] == [5000, 3000, 2000]
        assert service.leagues_by_name()["Club points"]["formula"] == "round(10 * sqrt(entries) / sqrt(place)) - 9"
    broken = tmp_path / "broken.tdt"
    broken.write_text("{T: new Tournament({", encoding="utf-8")
    assert club_cli(club, "td3", str(broken)) == 1
    assert "This is not a Tournament Director file we can read" in capsys.readouterr().err
