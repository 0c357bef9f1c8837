"""The club's refusals in the window's language: a French window says in French why a member, a season, a
spreadsheet or a TD3 save was refused (by the refusal's code and rule, as the desk's are), never the club's
English; an English window says the same as the shell."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.td3_saves import Bust, Night, Person, td3_save
from tourneydesk.club import ClubService
from tourneydesk.club.td3 import read_td3
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.ui import i18n
from tourneydesk.ui.club.league_editors import SeasonsDialog, sample_points
from tourneydesk.ui.club.members_window import MemberForm, MembersWindow
from tourneydesk.ui.club.td3_window import Td3ImportDialog
from tourneydesk.ui.messages import error_text

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
NB = "\u202f"  # French puts a no-break space before : and inside « »


@pytest.fixture
def french(qapp: QApplication) -> Iterator[None]:
    i18n.install(qapp, "fr")
    yield
    i18n.install(qapp, "en")


@pytest.fixture
def club_path(tmp_path: Path) -> Path:
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        club.execute({"type": "add_member", "name": "Ana Silva", "member_id": "1203"})
        club.execute({"type": "create_league", "name": "Vendredi", "formula": "linear"})
    return path


def refusal(club_path: Path, cmd: dict[str, object]) -> TourneyError:
    with ClubService.open(club_path) as club, pytest.raises(TourneyError) as info:
        club.execute(cmd)
    return info.value


def test_a_member_form_says_its_refusals_in_french(qtbot: QtBot, club_path: Path, french: None) -> None:
    form = MemberForm(club_path)
    qtbot.addWidget(form)
    form.boxes["name"].setText("Chloé Lefèvre")
    form.boxes["joined"].setText("hier")
    form.save()
    assert form.error.text() == f"La date d’adhésion{NB}: une date comme 2026-12-01 est attendue, pas «{NB}hier{NB}»"
    form.boxes["joined"].clear()
    form.boxes["member_id"].setText("12 03")
    form.save()
    assert form.error.text() == f"Un numéro de membre est un code court sans espace, pas «{NB}12 03{NB}»"
    form.boxes["member_id"].clear()
    form.boxes["email"].setText("x" * 300)
    form.save()
    assert form.error.text() == f"L’e-mail{NB}: au plus 128 caractères de texte"
    with ClubService.open(club_path) as club:
        assert [m.name for m in club.members()] == ["Ana Silva"]  # nothing was written

    with ClubService.open(club_path) as club:
        ana = club.member("1203")
    same = MemberForm(club_path, ana)
    qtbot.addWidget(same)
    same.save()
    assert same.error.text() == "Ana Silva est déjà écrit ainsi"


def test_the_members_window_says_a_merge_refused_in_french(qtbot: QtBot, club_path: Path, french: None) -> None:
    window = MembersWindow(club_path)
    qtbot.addWidget(window)
    assert not window.run({"type": "merge_members", "member": "1203", "into": "1203"})
    assert window.message.text() == "Le membre 1203 est déjà ce membre"


def test_a_season_refused_is_said_in_french(qtbot: QtBot, club_path: Path, french: None) -> None:
    seasons = SeasonsDialog(club_path, "Vendredi")
    qtbot.addWidget(seasons)
    for key, text in (("name", "Hiver"), ("date_from", "2026-03-31"), ("date_to", "2026-01-01")):
        seasons.boxes[key].setText(text)
    seasons.save()
    assert seasons.error.text() == "La saison finit (2026-01-01) avant de commencer (2026-03-31)"
    seasons.boxes["date_from"].setText("le 1er mars")
    seasons.save()
    assert seasons.error.text() == (f"Le premier jour{NB}: une date comme 2026-12-01 est attendue, pas "
                                    f"«{NB}le 1er mars{NB}»")


def test_a_spreadsheet_and_a_td3_save_refused_are_said_in_french(qtbot: QtBot, club_path: Path, tmp_path: Path,
                                                                   french: None) -> None:
    (tmp_path / "membres.xlsx").write_bytes(b"PK\x03\x04" + b"\x00" * 64)
    window = MembersWindow(club_path)
    qtbot.addWidget(window)
    assert window.import_file(tmp_path / "membres.xlsx") is None
    assert window.message.text() == (f"Le fichier est celui d’un tableur (.xlsx, .ods ou .xls), pas un CSV{NB}: "
                                     "enregistrez-le en CSV depuis le tableur et importez celui-là")
    whole = td3_save(Night("Club 2025-03-07", "2025-03-07", [Person("Ana V")], []))
    (tmp_path / "coupée.tdt").write_bytes(whole[:100])
    dialog = Td3ImportDialog(club_path)
    qtbot.addWidget(dialog)
    dialog.add_paths([tmp_path / "coupée.tdt"])
    assert dialog.report.item(0, 1).text() == f"illisible{NB}: laissé de côté"
    assert dialog.report.item(0, 4).text().startswith(f"Ce n’est pas un fichier de Tournament Director lisible{NB}: ")
    assert dialog.summary.text() == f"Aucune sauvegarde n’est lisible{NB}: rien à importer"


@pytest.mark.parametrize(("cmd", "english", "french_text"), [
    ({"type": "add_member", "name": "  "}, "The name is empty", f"Le nom{NB}: rien n’est écrit"),
    ({"type": "add_member", "name": "X" * 70}, "The name is 70 characters long; at most 64",
     f"Le nom{NB}: 70 caractères{NB}; au plus 64"),
    ({"type": "edit_member", "member": "1203", "member_id": "1"},
     "A member id never changes: it is the club's record of the person",
     f"Un numéro de membre ne change jamais{NB}: c’est la trace de la personne au club"),
    ({"type": "create_league", "name": " ", "formula": "linear"}, "The league needs a name",
     f"La ligue{NB}: il lui faut un nom"),
    ({"type": "create_league", "name": "Hiver", "formula": "linear", "best": 0},
     "The best results counted are a whole number of 1 or more",
     "Les meilleurs résultats comptés sont un nombre entier, 1 ou plus"),
    ({"type": "edit_league", "name": "Vendredi", "formula": "linear"}, "League Vendredi already has those rules",
     "La ligue Vendredi a déjà ces règles"),
    ({"type": "adjust", "league": "Vendredi", "member": "1203", "points": 5, "reason": "r" * 201},
     "The reason is a text of at most 200 characters", "La raison est un texte d’au plus 200 caractères"),
    ({"type": "save_formula", "name": "linear", "text": "1"}, "linear is a preset's name: give the formula another",
     f"linear est le nom d’une formule prédéfinie{NB}: donnez-en un autre à la formule"),
    ({"type": "import_members", "rows": [{"name": "Bruno", "member_id": "7"}, {"row": 3, "nickname": "Bob"}]},
     "Row 3: The name is missing", f"Ligne 3{NB}: Le nom manque"),
])
def test_a_club_refusal_reads_in_each_language(qapp: QApplication, club_path: Path, cmd: dict[str, object],
                                               english: str, french_text: str) -> None:
    exc = refusal(club_path, cmd)
    assert error_text(exc) == english
    i18n.install(qapp, "fr")
    try:
        assert error_text(exc) == french_text
    finally:
        i18n.install(qapp, "en")


def test_a_member_lists_rows_left_out_are_said_in_french(qtbot: QtBot, club_path: Path, tmp_path: Path,
                                                        french: None) -> None:
    data = tmp_path / "membres.csv"
    data.write_text("Nom;Numéro;Inscrit le\nChloé Lefèvre;12;\nMarc Martin;12;\nLéa Roux;;hier\nBruno;1203;\n",
                    encoding="utf-8")
    window = MembersWindow(club_path)
    qtbot.addWidget(window)
    dialog = window.import_file(data)
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert [dialog.problems.item(i).text() for i in range(dialog.problems.count())] == [
        f"Ligne 3{NB}: deux membres ont le numéro de membre 12 (lignes 2 et 3)",
        f"Ligne 4{NB}: La date d’adhésion{NB}: une date comme 2026-12-01 est attendue, pas «{NB}hier{NB}»",
        f"Ligne 5{NB}: Le numéro de membre 1203 est déjà celui de Ana Silva"]


def folder_with_problems(folder: Path) -> Path:
    """Three saves a club brings over, each with something that cannot come: a points formula with a mistake on
    its second line, a night still playing, a night with a high-hand prize and bounty chips."""
    folder.mkdir()
    people = [Person(n) for n in ("Ana V", "Bruno K", "Chloé D")]
    busts = [Bust("Chloé D", ("Ana V",), 20), Bust("Bruno K", ("Ana V",), 40)]
    broken = 'assign("points", 1)\nassign("points", n * bonus(r))'
    (folder / "2025-03-07.tdt").write_bytes(td3_save(Night("Club 2025-03-07", "2025-03-07", people, busts,
                                                           formula=broken)))
    (folder / "2025-04-04.tdt").write_bytes(td3_save(Night("Club 2025-04-04", "2025-04-04", people, busts[:1],
                                                           finished=False)))
    (folder / "2025-05-02.tdt").write_bytes(td3_save(Night("Club 2025-05-02", "2025-05-02", people, busts,
                                                           high_hand=50, bounty_chip=5)))
    return folder


def test_what_td3_saves_cannot_bring_over_is_listed_per_file_in_french_with_the_formulas_place(
        qtbot: QtBot, club_path: Path, tmp_path: Path, french: None) -> None:
    dialog = Td3ImportDialog(club_path)
    qtbot.addWidget(dialog)
    dialog.add_paths([folder_with_problems(tmp_path / "Saves")])
    assert dialog.report.horizontalHeaderItem(4).text() == "Problèmes"
    problems = {dialog.report.item(r, 0).text().split(" ")[0]: dialog.report.item(r, 4).text().splitlines()
                for r in range(dialog.report.rowCount())}
    assert problems["2025-03-07.tdt"] == [
        f"La formule de points n’est pas reprise{NB}: il n’y a pas de fonction «{NB}bonus{NB}» à la ligne 2, "
        "colonne 22"]
    assert problems["2025-04-04.tdt"] == [
        f"Aucune soirée n’est enregistrée{NB}: le tournoi n’est pas fini (2 joueurs encore en jeu)"]
    assert problems["2025-05-02.tdt"] == [
        f"Des prix qui ne sont pas pour une place (une main haute, un bonus) ne sont pas repris (1){NB}: un profil "
        "de paiement ne paie que des places",
        f"Les primes gagnées ne sont pas reprises{NB}: TD3 garde des jetons de prime, pas l’argent gagné par chaque "
        f"joueur{NB}; elles comptent pour 0"]


def test_a_formula_typed_with_a_mistake_is_explained_in_french_naming_its_place(french: None) -> None:
    assert sample_points("points + 1") == f"nom inconnu «{NB}points{NB}» à la colonne 1"
    assert sample_points("max(place, 1") == (f"une «{NB}){NB}» fermante est attendue, pas la fin de la formule à la "
                                             "colonne 13")
    assert sample_points("10 / (place - place)") == "division par zéro"


def test_the_payout_profiles_and_league_made_from_td3_saves_are_named_in_french_on_a_french_desk(
        qtbot: QtBot, club_path: Path, tmp_path: Path, french: None) -> None:
    """Seen on a French desk: the profile made from a save's prize table was "Club 3 paid"."""
    people = [Person(n) for n in ("Ana V", "Bruno K", "Chloé D", "Dario M")]
    busts = [Bust("Dario M", ("Ana V",), 20), Bust("Chloé D", ("Ana V",), 30), Bust("Bruno K", ("Ana V",), 40)]
    (tmp_path / "soirée.tdt").write_bytes(td3_save(Night("Club Poker 2025-03-07", "2025-03-07", people, busts,
                                                         league="", season="", formula='assign("points", 1)')))
    dialog = Td3ImportDialog(club_path)
    qtbot.addWidget(dialog)
    dialog.leagues.setChecked(True)
    dialog.add_paths([tmp_path / "soirée.tdt"])
    assert "table des prix Club Poker 3 places payées" in dialog.report.item(0, 3).text()
    dialog.import_button.click()
    with ClubService.open(club_path) as club:
        assert [p["name"] for p in club.payout_profiles()] == ["Club Poker 3 places payées"]
        assert "Points TD3" in club.leagues_by_name()


def test_a_td3_formula_that_fails_on_a_night_says_why_in_french(club_path: Path, tmp_path: Path,
                                                                french: None) -> None:
    people = [Person(n) for n in ("Ana V", "Bruno K", "Chloé D")]
    busts = [Bust("Chloé D", ("Ana V",), 20), Bust("Bruno K", ("Ana V",), 40)]
    night = Night("Club 2025-03-07", "2025-03-07", people, busts, formula='assign("points", 10 / (r - 1))')
    with ClubService.open(club_path) as club:
        club.execute({"type": "import_td3", "leagues": True,
                      "saves": [{**read_td3(td3_save(night)).to_dict(), "file": "a.tdt"}]})
        with pytest.raises(TourneyError) as failed:
            club.standings("Club 2025")
    assert error_text(failed.value) == (f"La formule ne donne pas de points à Ana V pour Club 2025-03-07 "
                                        f"(2025-03-07){NB}: division par zéro")
