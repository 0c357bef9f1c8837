"""The shell speaks the user's language: the real `tourneydesk` run in a French shell (LANG=fr_FR.UTF-8, a home
of its own) says the TD3 import's report, the refusals and the sim's summary in French, from the windows' own
catalogue; the C locale and LANGUAGE are taken as a program on the command line takes them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.td3_saves import Bust, Night, Person, td3_save
from tourneydesk.shell_words import shell_language

PEOPLE = [Person(n) for n in ("Ana V", "Bruno K", "Chloé D")]
BUSTS = [Bust("Chloé D", ("Ana V",), 20), Bust("Bruno K", ("Ana V",), 40)]


def shell(tmp_path: Path, *args: str, **language: str) -> subprocess.CompletedProcess[str]:
    """`tourneydesk ARGS` in a shell of its own: its home and folders in tmp_path, French unless told."""
    home = tmp_path / "home"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CACHE_HOME": str(home / "cache"), "QT_QPA_PLATFORM": "offscreen",
           **(language or {"LANG": "fr_FR.UTF-8"})}
    return subprocess.run([sys.executable, "-m", "tourneydesk", *args], env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=False)


def season(folder: Path) -> Path:
    folder.mkdir()
    (folder / "a.tdt").write_bytes(td3_save(Night("Club 2025-03-07", "2025-03-07", PEOPLE, BUSTS,
                                                  formula="n * bonus(r)")))
    (folder / "b.tdt").write_bytes(td3_save(Night("Club 2025-04-04", "2025-04-04", PEOPLE, BUSTS[:1],
                                                  finished=False)))
    return folder


def test_the_td3_import_reports_in_french_in_a_french_shell(tmp_path: Path) -> None:
    ran = shell(tmp_path, "club", "--club", str(tmp_path / "club.tdclub"), "td3", str(season(tmp_path / "2025")),
                "--dry-run")
    assert ran.returncode == 0, ran.stderr
    out = ran.stdout.splitlines()
    assert out[0] == "Essai à blanc\u202f: le fichier du club n’est pas modifié."
    assert out[1].startswith("a.tdt (TD3 3.7.2)\u202f: soirée Club 2025-03-07 enregistrée; 3 membres ajoutés, "
                             "0 complété; modèle Club; répartition des gains Club 3 places payées"), out[1]
    assert out[2].startswith("b.tdt (TD3 3.7.2)\u202f: aucune soirée; 0 membre ajouté"), out[2]
    problems = out.index("Problèmes\u202f: ce qui n’a pas pu être repris (2)")
    assert out[problems + 1:problems + 3] == [
        "    a.tdt\u202f: La formule de points n’est pas reprise\u202f: il n’y a pas de fonction «\u202fbonus\u202f» "
        "à la colonne 5",
        "    b.tdt\u202f: Aucune soirée n’est enregistrée\u202f: le tournoi n’est pas fini (2 joueurs encore en jeu)"]
    assert out[-1] == "Importerait\u202f: 2 fichiers, 1 soirée, 3 membres ajoutés, 0 complété, 1 modèle, 0 ligue"


def test_the_same_import_speaks_english_under_the_c_locale(tmp_path: Path) -> None:
    ran = shell(tmp_path, "club", "--club", str(tmp_path / "club.tdclub"), "td3", str(season(tmp_path / "2025")),
                "--dry-run", LANG="fr_FR.UTF-8", LC_ALL="C")
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[0] == "Dry run: the club file is not changed."
    assert ran.stdout.splitlines()[-1].startswith("Would import: 2 files, 1 night, 3 members added")


def test_a_refusal_of_the_club_is_said_in_french(tmp_path: Path) -> None:
    ran = shell(tmp_path, "club", "--club", str(tmp_path / "club.tdclub"), "members", "confirm", "TD-99")
    assert (ran.returncode, ran.stderr) == (1, "tourneydesk club: Il n’y a pas de membre TD-99\n")


def test_the_sim_and_new_speak_french(tmp_path: Path) -> None:
    ran = shell(tmp_path, "sim", "--players", "12", "--seed", "3")
    assert ran.returncode == 0, ran.stderr
    first, money = ran.stdout.splitlines()[:2]
    assert first.startswith("Simulation de 12 joueurs (graine 3, pko)\u202f: vainqueur "), first
    assert money.startswith("  encaissé "), money
    made = shell(tmp_path, "new", str(tmp_path / "mardi.tdesk"), "--template", "pko")
    assert made.returncode == 0, made.stderr
    again = shell(tmp_path, "new", str(tmp_path / "mardi.tdesk"), "--template", "pko")
    assert again.returncode == 2 and "existe déjà\u202f: donnez un autre nom" in again.stderr, again.stderr


@pytest.mark.parametrize(("environment", "language"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "fr_BE.UTF-8"}, "fr"),
    ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8", "LANGUAGE": "de:fr"}, "fr"),
    ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "en"}, "en"),
    ({"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}, "en"),
    ({"LANG": "C.UTF-8", "LANGUAGE": "fr"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_shell_takes_its_language_as_a_command_line_program_does(environment: dict[str, str],
                                                                    language: str) -> None:
    assert shell_language(environment) == language
