"""The cashier's corrections: one name however it is typed, renames, nicknames and member ids added,
a registration made by mistake taken back; each a command that the undo takes back."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.helpers.desks import buy_in, refused, register
from tourneydesk.core.arithmetic.names import search_key, tidy
from tourneydesk.desk import Desk


def names(desk: Desk) -> list[str]:
    return sorted(p["name"] for p in desk.snapshot()["players"])


# -- one name, however it is typed ------------------------------------------------------------------
def test_runs_of_spaces_are_stored_as_one(make_desk):
    desk = make_desk()
    player = register(desk, "  Chloé   Lefèvre ")
    assert desk.state.players[player].name == "Chloé Lefèvre"


def test_a_name_differing_only_in_accents_case_or_spacing_is_the_same_person(make_desk):
    desk = make_desk()
    chloe = register(desk, "Chloé Lefèvre")
    for typed in ("chloe lefevre", "CHLOE  LEFEVRE", "Chloe Lefèvre"):
        error = refused(desk, {"type": "register", "name": typed}, "NAME_TAKEN")
        assert error.params["player"] == chloe
        assert error.params["other"] == "Chloé Lefèvre"
    assert names(desk) == ["Chloé Lefèvre"]


def test_member_ids_tell_two_people_of_one_name_apart(make_desk):
    desk = make_desk()
    register(desk, "Marc Martin", member_id="1203")
    register(desk, "marc martin", member_id="1204")
    assert names(desk) == ["Marc Martin", "marc martin"]


def test_a_second_person_of_one_name_is_registered_as_a_namesake_without_touching_the_first(make_desk):
    """The second Marc Martin at the desk: the cashier says it is another person; the first keeps what he had
    (no member id is asked of him), and both buy in."""
    desk = make_desk()
    first = register(desk, "Marc Martin")
    refused(desk, {"type": "register", "name": "Marc Martin"}, "NAME_TAKEN")  # the same one, by default
    second = desk.execute({"type": "register", "name": "Marc Martin", "namesake": True})["player"]
    assert second != first and desk.state.players[first].member_id is None
    buy_in(desk, first)
    buy_in(desk, second)
    assert [p["name"] for p in desk.snapshot()["players"]] == ["Marc Martin", "Marc Martin"]


def test_a_namesake_never_shares_the_other_ones_member_id(make_desk):
    desk = make_desk()
    register(desk, "Marc Martin", member_id="1203")
    refused(desk, {"type": "register", "name": "Marc Martin", "member_id": "1203", "namesake": True}, "NAME_TAKEN")
    bruno = register(desk, "Bruno Costa")
    desk.execute({"type": "edit_player", "player": bruno, "name": "marc martin", "namesake": True})
    assert desk.state.players[bruno].name == "marc martin"


@given(st.text(alphabet="aAéÉeEiï  çC", max_size=12))
def test_the_search_key_ignores_case_accents_and_spacing(text):
    key = search_key(text)
    assert key == search_key(text.upper()) == search_key(tidy(text)) == search_key(f"  {text}  ")
    assert not any(c in key for c in "éÉïçAEIC")
    assert "  " not in key


# -- corrections -------------------------------------------------------------------------------------
def test_a_typo_in_the_name_is_corrected_everywhere_the_name_shows(make_desk):
    desk = make_desk()
    player = register(desk, "Chole Lefevre")
    entry = buy_in(desk, player)["entry"]
    result = desk.execute({"type": "edit_player", "player": player, "name": "Chloé  Lefèvre"})
    assert result["changed"] == ["name"]
    snap = desk.snapshot()
    assert [e["name"] for e in snap["entries"] if e["id"] == entry] == ["Chloé Lefèvre"]
    assert names(desk) == ["Chloé Lefèvre"]
    # the corrected name is the one the desk knows now: the old one is free again
    refused(desk, {"type": "register", "name": "chloe lefevre"}, "NAME_TAKEN")
    register(desk, "Chole Lefevre")


def test_a_nickname_and_a_member_id_are_added_and_cleared(make_desk):
    desk = make_desk()
    player = register(desk, "Ana Silva")
    desk.execute({"type": "edit_player", "player": player, "nickname": "The Shark", "member_id": "0042"})
    snap_player = desk.snapshot()["players"][0]
    assert (snap_player["nickname"], snap_player["member_id"]) == ("The Shark", "0042")
    desk.execute({"type": "edit_player", "player": player, "nickname": ""})
    assert desk.state.players[player].nickname is None
    assert desk.state.players[player].member_id == "0042"


def test_a_rename_onto_someone_else_is_refused_and_changes_nothing(make_desk):
    desk = make_desk()
    register(desk, "Ana Silva")
    bruno = register(desk, "Bruno Costa")
    refused(desk, {"type": "edit_player", "player": bruno, "name": "ana  silva"}, "NAME_TAKEN")
    refused(desk, {"type": "edit_player", "player": bruno, "name": "Bruno Costa"}, "NOTHING_TO_DO")
    refused(desk, {"type": "edit_player", "player": bruno}, "FIELD_MISSING")
    refused(desk, {"type": "edit_player", "player": "p99", "name": "X"}, "UNKNOWN_PLAYER")
    refused(desk, {"type": "edit_player", "player": bruno, "name": "  "}, "NAME_INVALID")
    refused(desk, {"type": "edit_player", "player": bruno, "seat": 3}, "UNKNOWN_FIELD")


def test_a_person_may_correct_the_case_of_their_own_name(make_desk):
    desk = make_desk()
    player = register(desk, "ana silva")
    desk.execute({"type": "edit_player", "player": player, "name": "Ana Silva"})
    assert names(desk) == ["Ana Silva"]


def test_an_edit_is_undone_and_the_old_name_comes_back(make_desk):
    desk = make_desk()
    player = register(desk, "Chole Lefevre")
    desk.execute({"type": "edit_player", "player": player, "name": "Chloé Lefèvre", "member_id": "7"})
    desk.execute({"type": "undo"})
    assert desk.state.players[player].name == "Chole Lefevre"
    assert desk.state.players[player].member_id is None
    assert names(desk) == ["Chole Lefevre"]


def test_a_registration_made_by_mistake_is_taken_back(make_desk):
    desk = make_desk()
    register(desk, "Ana Silva")
    ghost = register(desk, "celine")
    desk.snapshot()
    desk.execute({"type": "unregister", "player": ghost})
    assert names(desk) == ["Ana Silva"]
    assert ghost not in desk.state.players
    # the name is free again, and the id of the one taken back is never handed out again to someone else
    again = register(desk, "Céline Dumas")
    assert again != ghost
    assert names(desk) == ["Ana Silva", "Céline Dumas"]


def test_unregistering_and_registering_between_two_snapshots_keeps_the_list_right(make_desk):
    desk = make_desk()
    register(desk, "Ana Silva")
    desk.snapshot()
    ghost = register(desk, "gaelle")
    desk.execute({"type": "unregister", "player": ghost})
    register(desk, "Gaëlle Roux")
    assert names(desk) == ["Ana Silva", "Gaëlle Roux"]


def test_the_unregister_is_undone(make_desk):
    desk = make_desk()
    ghost = register(desk, "celine")
    desk.execute({"type": "unregister", "player": ghost})
    desk.execute({"type": "undo"})
    assert names(desk) == ["celine"]
    buy_in(desk, ghost)


def test_someone_who_bought_in_cannot_be_unregistered(make_desk):
    desk = make_desk()
    player = register(desk, "Ana Silva")
    buy_in(desk, player)
    error = refused(desk, {"type": "unregister", "player": player}, "PLAYER_HAS_ENTRIES")
    assert "Ana Silva has bought in" in error.message


def test_corrections_survive_reopening_the_file(make_desk, clock):
    desk = make_desk()
    player = register(desk, "Chole")
    ghost = register(desk, "oops")
    desk.execute({"type": "edit_player", "player": player, "name": "Chloé", "phone": "+33 6 00 00 00 00"})
    desk.execute({"type": "unregister", "player": ghost})
    path = desk.path
    desk.close()
    again = Desk.open(path, now=clock)
    try:
        assert [(p.name, p.phone) for p in again.state.players.values()] == [("Chloé", "+33 6 00 00 00 00")]
        assert again.snapshot() == again.snapshot()
    finally:
        again.close()


def test_the_website_sees_the_new_name_but_no_contact(make_desk):
    from tourneydesk.core.protocol.public import public_events

    desk = make_desk()
    player = register(desk, "Chole")
    desk.execute({"type": "edit_player", "player": player, "name": "Chloé", "email": "c@example.org"})
    edited = [e for e in public_events(desk.events()) if e.type == "player_edited"]
    assert [e.payload for e in edited] == [{"player": player, "name": "Chloé"}]


# -- a private note on a player --------------------------------------------------------------------
def test_a_note_on_a_player_is_kept_for_the_cashier_and_an_empty_one_takes_it_off(make_desk, tmp_path):
    desk = make_desk()
    ana = register(desk, "Ana Silva")
    answer = desk.execute({"type": "note_player", "player": ana, "note": "  Pays by card only  "})
    assert answer["note"] == "Pays by card only"
    assert desk.person(ana).note == "Pays by card only"
    refused(desk, {"type": "note_player", "player": ana, "note": "Pays by card only"}, "NOTHING_TO_DO")
    with Desk.open(desk.path, read_only=True) as again:  # the file says it, not the desk's memory
        assert again.person(ana).note == "Pays by card only"
    desk.execute({"type": "note_player", "player": ana, "note": ""})
    assert desk.person(ana).note is None


def test_a_note_names_a_registered_player_and_says_something(make_desk):
    desk = make_desk()
    ana = register(desk, "Ana Silva")
    refused(desk, {"type": "note_player", "player": "p99", "note": "x"}, "UNKNOWN_PLAYER")
    refused(desk, {"type": "note_player", "player": ana}, "FIELD_MISSING")
    refused(desk, {"type": "note_player", "player": ana, "note": "x" * 501}, "FIELD_INVALID")


def test_a_note_never_blocks_undoing_the_buy_in_before_it_and_is_undone_on_its_own(make_desk):
    desk = make_desk()
    ana = register(desk, "Ana Silva")
    bought = buy_in(desk, ana)
    desk.execute({"type": "note_player", "player": ana, "note": "Arrived late"})
    desk.execute({"type": "note_player", "player": ana, "note": "Arrived late; leaves at midnight"})
    desk.execute({"type": "undo"})  # the last note taken back: the one before shows again
    assert desk.person(ana).note == "Arrived late"
    desk.execute({"type": "undo", "seq": bought["seq"]})  # the buy-in, though a note came after it
    assert desk.person(ana).entries == () and desk.person(ana).note == "Arrived late"


def test_the_registration_a_note_stands_on_cannot_be_undone_past_it(make_desk):
    desk = make_desk()
    ana = register(desk, "Ana Silva")
    registered = desk.events()[-1].seq
    desk.execute({"type": "note_player", "player": ana, "note": "Arrived late"})
    refused(desk, {"type": "undo", "seq": registered}, "UNDO_CONFLICT")


def test_a_note_never_leaves_the_laptop(make_desk):
    from tourneydesk.core.protocol.public import public_events
    from tourneydesk.core.read_models import snapshot

    desk = make_desk()
    ana = register(desk, "Ana Silva")
    desk.execute({"type": "note_player", "player": ana, "note": "Owes 20 from last week"})
    sent = [e for e in public_events(desk.events()) if e.type == "player_noted"]
    assert [e.payload for e in sent] == [{}]  # the site learns that a note was written, not whose nor what
    assert "Owes 20" not in str(snapshot.public(desk.snapshot()))
