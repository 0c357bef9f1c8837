"""A refused setting is said in the TD's words, in English and in French, naming the level as the clock
counts the levels of play ("Level 8: ..."), never with the file's keys (`levels[8].big_blind`); the
refusal's code and its `field` and `problem` stay what they were for every other reader."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.keyboard import active_dialog, press, type_text
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.structure_editor import StructureEditor
from tourneydesk.ui.editor import TournamentEditor
from tourneydesk.ui.messages import error_text

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
Levels = list[dict[str, Any]]


def changed(row: int, **values: Any) -> Callable[[Levels], Levels]:
    def edit(levels: Levels) -> Levels:
        levels[row].update(values)
        return levels
    return edit


# The demo's structure: rows 0-5 are levels 1-6, row 6 the break after level 6, row 7 level 7, row 8
# level 8; 28 levels of play in all; late registration runs to level 6; the clock is in level 3.
EDITS: dict[str, tuple[Callable[[Levels], Levels], str, str]] = {
    "big blind": (changed(8, big_blind=500),
                  "Level 8: the big blind (500) must be more than the small blind (600)",
                  "Niveau 8\u00a0: la grosse blinde (500) doit dépasser la petite blinde (600)"),
    "small blind": (changed(5, small_blind=0),
                    "Level 6: the small blind must be at least 1",
                    "Niveau 6\u00a0: la petite blinde doit valoir au moins 1"),
    "ante with no kind": (changed(3, ante_kind="none"),
                          "Level 4: an ante of 400 needs an ante kind (every player, or big blind ante)",
                          "Niveau 4\u00a0: une ante de 400 demande un type d’ante (chaque joueur, ou ante "
                          "grosse blinde)"),
    "kind with no ante": (changed(3, ante=0),
                          "Level 4: the ante cannot be 0 with the ante kind “big blind ante”",
                          "Niveau 4\u00a0: l’ante ne peut pas être 0 avec le type d’ante "
                          "«\u00a0ante grosse blinde\u00a0»"),
    "minutes typed wrong": (changed(4, minutes="2O"),
                            "Level 5: the length in minutes must be a whole number, not “2O”",
                            "Niveau 5\u00a0: la durée en minutes doit être un nombre entier, pas «\u00a02O\u00a0»"),
    "minutes left empty": (changed(4, minutes=""),
                           "Level 5: the length in minutes is empty: type a whole number",
                           "Niveau 5\u00a0: la durée en minutes est vide\u00a0: tapez un nombre entier"),
    "minutes too long": (changed(4, minutes=2000),
                         "Level 5: the length in minutes can be {1440} at most",
                         "Niveau 5\u00a0: la durée en minutes ne peut pas dépasser {1440}"),
    "break of no minutes": (changed(6, break_minutes=0),
                            "The break after level 6: the break's length in minutes must be at least 1",
                            "Pause après le niveau 6\u00a0: la durée de la pause en minutes doit valoir au moins 1"),
    "colour-up of no chip": (changed(6, color_up=[30]),
                             "The break after level 6: the colour-up takes off chips of 30, which this chip set "
                             "does not have",
                             "Pause après le niveau 6\u00a0: le changement de jetons retire des jetons de 30, "
                             "que cette mallette n’a pas"),
    "a break at the end": (lambda levels: [*levels, {"break_minutes": 10}],
                           "The break after level 28: the structure must end with a level of play: the last "
                           "level is played on when the structure runs out",
                           "Pause après le niveau 28\u00a0: la structure doit finir par un niveau de jeu\u00a0: "
                           "le dernier niveau se prolonge quand la structure est épuisée"),
    "levels cut below late registration": (lambda levels: levels[:5],
                                           "The last level of late registration is level 6, but the structure "
                                           "has only 5 levels of play",
                                           "Le dernier niveau des inscriptions tardives est le niveau 6, mais la "
                                           "structure n’a que 5 niveaux de jeu"),
}


@pytest.fixture
def french(qapp: QApplication) -> Iterator[None]:
    i18n.install(qapp, "fr")
    yield
    i18n.install(qapp, "en")


def grouped(text: str) -> str:
    """`{1440}` written as the machine's locale groups a quantity (the suite also runs in French)."""
    return text.replace("{1440}", QLocale().toString(1440))


def refusal_of(desk: Desk, edit: Callable[[Levels], Levels]) -> TourneyError:
    levels = edit([level.to_dict() for level in desk.config.levels])
    with pytest.raises(TourneyError) as refused:
        desk.execute({"type": "edit_structure", "levels": levels, "dry_run": True})
    return refused.value


@pytest.mark.parametrize("case", list(EDITS))
def test_every_structure_refusal_names_the_level_in_english(demo_desk: Desk, case: str) -> None:
    edit, english, _ = EDITS[case]
    refusal = refusal_of(demo_desk, edit)
    assert refusal.code == "CONFIG_INVALID" and refusal.params["field"].startswith(("levels", "registration"))
    assert refusal.message == f"{refusal.params['field']} {refusal.params['problem']}"  # the core's words stay
    assert error_text(refusal) == grouped(english)


@pytest.mark.parametrize("case", list(EDITS))
def test_every_structure_refusal_names_the_level_in_french(demo_desk: Desk, case: str, french: None) -> None:
    edit, _, words = EDITS[case]
    assert error_text(refusal_of(demo_desk, edit)) == grouped(words)


def test_the_structure_editor_says_the_refusal_in_french_as_the_td_types(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot, french: None) -> None:
    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    editor = active_dialog(qtbot, window)
    assert isinstance(editor, StructureEditor)
    editor.view.setCurrentIndex(editor.model.index(8, 2))  # level 8's big blind, after the first break
    editor.view.setFocus()
    type_text(qtbot, "5")  # the first key opens the cell's editor
    type_text(qtbot, "00")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not editor.error.isHidden())
    assert editor.error.text() == "Niveau 8\u00a0: la grosse blinde (500) doit dépasser la petite blinde (600)"
    assert editor.model.index(8, 0).data() == "Niveau 8" and not editor.apply_button.isEnabled()


@pytest.mark.parametrize(("key", "typed", "english", "french_words"), [
    ("seating.final_table_size", "12", "The final table's size can be 9 at most",
     "La taille de la table finale ne peut pas dépasser 9"),
    ("registration.until_level", "40", "The last level of late registration is level 40, but the structure has "
     "only 28 levels of play", "Le dernier niveau des inscriptions tardives est le niveau 40, mais la structure "
     "n’a que 28 niveaux de jeu"),
    ("name", "", "The tournament's name cannot be empty", "Le nom du tournoi ne peut pas être vide"),
])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_settings_dialog_says_its_refusals_in_the_tds_words(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot, qapp: QApplication,
        key: str, typed: str, english: str, french_words: str, language: str) -> None:
    i18n.install(qapp, language)
    try:
        window = open_console(demo_desk)
        window.open_settings()
        dialog = active_dialog(qtbot, window)
        assert isinstance(dialog, TournamentEditor)
        field = dialog.show_field(key)
        field.widget.selectAll()  # type: ignore[attr-defined]
        press(qtbot, Qt.Key.Key_Backspace)
        type_text(qtbot, typed)
        press(qtbot, Qt.Key.Key_Tab)
        assert not field.error.isHidden()
        assert field.error.text() == (english if language == "en" else french_words)
        assert not dialog.ok_button.isEnabled()
    finally:
        i18n.install(qapp, "en")


# A whole config refused as the start page or the tournament editor meets it: in words, never its keys.
CONFIGS: dict[str, tuple[dict[str, Any], str, str]] = {
    "a buy-in of nothing": ({"buy_in": {"prize": 0, "bounty": 0, "fee": 0}},
                            "The buy-in must cost something: its prize pool, bounty and fee are all 0",
                            "Le buy-in doit coûter quelque chose\u00a0: sa part au prize pool, sa prime et ses "
                            "frais sont tous à 0"),
    "a bounty with no bounties": ({"buy_in": {"prize": 8000, "bounty": 2000}, "bounty": {"kind": "none"}},
                                  "The buy-in has a bounty part, but the tournament has no bounties: choose "
                                  "fixed or progressive",
                                  "Le buy-in a une part de prime, mais le tournoi n’a pas de primes\u00a0: "
                                  "choisissez fixe ou progressif"),
    "a rebuy with a bounty": ({"rebuy": {"price": {"prize": 1000, "bounty": 500}}},
                              "A rebuy's price carries no bounty: a rebuy or an add-on buys chips, not a head",
                              "Le prix d’une recave ne porte pas de prime\u00a0: une recave ou un add-on achète "
                              "des jetons, pas une tête"),
    "shares short of the whole": ({"payouts": {"places": [5000, 3000, 1500]}},
                                  "The shares add up to 95 %, not 100 %",
                                  "Les parts font 95\u00a0%, pas 100\u00a0%"),
    "a pay jump named twice": ({"seating": {"seats_per_table": 9, "tables": 2, "hand_for_hand_pay_jumps": [18, 9, 9]}},
                               "The pay jumps played hand-for-hand list place 9 twice",
                               "Les paliers de gains joués main par main citent deux fois la place 9"),
    "a currency in words": ({"currency": "euro"}, "The currency must be three capital letters, like EUR",
                            "La monnaie doit être trois lettres capitales, comme EUR"),
}


def config_refusal(changes: dict[str, Any]) -> TourneyError:
    from tests.helpers.configs import config
    from tourneydesk.core.config import parse_config

    with pytest.raises(TourneyError) as refused:
        parse_config(config(**changes))
    return refused.value


@pytest.mark.parametrize("case", list(CONFIGS))
def test_a_refused_config_is_said_in_the_tds_words(case: str, qapp: QApplication) -> None:
    changes, english, french_words = CONFIGS[case]
    refusal = config_refusal(changes)
    assert error_text(refusal) == english
    i18n.install(qapp, "fr")
    try:
        assert error_text(refusal) == french_words
    finally:
        i18n.install(qapp, "en")


def test_the_start_page_says_a_buy_in_of_nothing_in_the_tds_words(qtbot: QtBot, tmp_path: Any) -> None:
    from PySide6.QtCore import QSettings

    from tourneydesk.ui.start_page import StartPage

    page = StartPage(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(page)
    for box in (page.form.prize, page.form.bounty, page.form.fee):
        box.setValue(0)
    assert not page.create_tournament(tmp_path / "nothing.tdesk")
    assert page.error.text() == "The buy-in must cost something: its prize pool, bounty and fee are all 0"
