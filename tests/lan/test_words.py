"""The phones' pages are French as it is printed: what the desktop's catalogue keeps, the pages keep too."""

from __future__ import annotations

import re
from pathlib import Path

from tourneydesk.lan import words

# a plan step of each kind, and each reason for one, as the TD's phone shows them
STEPS = [{"kind": "final_table"}, {"kind": "break_table", "table": 4}, {"kind": "open_table", "table": 5},
         {"kind": "move", "entry": "e1", "from": {"table": 1, "seat": 2}, "to": {"table": 2, "seat": 5}},
         {"kind": "needs_button", "table": 3}, {"kind": "hand_for_hand"}]
WHY = {"players": 7, "size": 9, "table": 4, "tables": 2, "paid": 6, "name": "Zoé Blanc", "from_table": 1,
       "to_table": 2}
REASONS = ["final_table", "table_empty", "table_breaks", "table_opens", "which_button", "move_floor", "bubble",
           "final_table_next"]


def french_texts() -> list[str]:
    texts = list(words.page_words("fr").values())
    texts += [words.refusal_text(code, "", "fr") for code in words.ERRORS]
    texts += [words.step_title(step, {"e1": "Zoé Blanc"}, "fr") for step in STEPS]
    texts += [words.step_reason({"why": {"code": code, **WHY}}, "fr") for code in REASONS]
    return texts


def test_no_french_mark_can_start_a_line_and_no_apostrophe_is_straight() -> None:
    texts = french_texts()
    assert len(texts) > 60
    loose = [t for t in texts if re.search(r" [:;!?]|« | »", t)]
    assert loose == []
    assert [t for t in texts if "'" in t] == []
    assert "Qui est éliminé\u202f?" in texts and "Connexion perdue\u00a0: reconnexion…" in texts


def test_english_is_left_as_it_is() -> None:
    assert words.word("who_is_out", "en") == "Who is out?"
    assert words.word("offline", "en") == "Connection lost: reconnecting…"


def test_the_pages_scripts_build_no_sentence_around_a_colon_of_their_own() -> None:
    """A colon typed in a script would reach a French phone without its no-break space ("Ensuite: 200 /
    400"): every phrase with a colon is a word of the table, which words French as it is printed."""
    static = Path(words.__file__).parent / "static"
    for script in static.glob("*.js"):
        code = script.read_text(encoding="utf-8")
        assert '": "' not in code.replace('"Content-Type": "', ""), f"{script.name} builds a colon of its own"
    for key, (_, fr) in words.WORDS.items():
        shown = words.page_words("fr")[key]
        assert " :" not in shown and (":" not in fr or "\u00a0:" in shown), key
    assert words.page_words("fr")["plan_more_one"] == "et 1 autre ensuite"


def test_each_french_word_for_taking_something_away_has_one_meaning() -> None:
    """"Retirer" said both "revoke a lost tablet" and "take the announcement down" on the TD's remote, beside
    "take off the waiting list"; a removed entry and a revoked pairing were both "retiré". Now "retirer" is
    the waiting list's only, a device is "révoqué" (as the console says), an announcement "effacée", a
    player taken out of the event "exclu" (as the console's list says), a registration "annulée" and a sale
    "remboursée" (or, with no money, "reprise")."""
    fr = words.page_words("fr")
    refusals = {code: words.refusal_text(code, "", "fr") for code in words.ERRORS}
    taking_away = {key: text for key, text in {**fr, **refusals}.items() if re.search(r"retir", text, re.I)}
    assert taking_away and all("liste d\u2019attente" in text or "liste" in text for text in taking_away.values()), \
        taking_away
    assert fr["revoke"] == "Révoquer" and "révoquer" in fr["revoke_again"] and "révoqué" in fr["revoked"]
    assert "révoquée" in fr["not_paired"] and "révoquée" in refusals["NOT_PAIRED"]
    assert fr["announce_clear"] == "Effacer l\u2019annonce" and "effacée" in fr["announce_cleared"]
    assert fr["status_removed"] == "exclu" and "exclu" in refusals["PLAYER_OUT"]
    assert fr["unregister"] == "Annuler l\u2019inscription" and fr["refund"] == "Rembourser"
    # And no two actions share a button's word on one page.
    buttons = ["revoke", "announce_clear", "leave_waiting", "waiting_clear", "unregister", "refund", "take_back",
               "undo", "cancel"]
    shown = [fr[key] for key in buttons]
    assert len(set(shown)) == len(shown), shown
