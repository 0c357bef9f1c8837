"""The translation catalogues hold every string the windows show, each translated once, plural forms included.

The catalogues are refreshed from the code by lupdate, as CONTRIBUTING says; these tests run that very
refresh on a copy and fail when it would add a string (shown untranslated), drop one (a translation kept
under a context the code no longer looks it up in), or when lrelease warns of a duplicate.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from tourneydesk import resources
from tourneydesk.ui import i18n

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = resources.resource_dir() / "translations"


def tool(name: str) -> Path:
    path = Path(sys.executable).parent / f"pyside6-{name}"
    if not path.exists():
        pytest.skip(f"pyside6-{name} is not installed beside this Python")
    return path


def sources() -> list[str]:
    return sorted(str(p) for p in (ROOT / "desktop" / "tourneydesk").rglob("*.py"))


def messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    out: dict[tuple[str, str], ET.Element] = {}
    for context in ET.parse(ts).getroot().iter("context"):
        for message in context.iter("message"):
            out[(context.findtext("name") or "", message.findtext("source") or "")] = message
    return out


def unfinished(message: ET.Element) -> bool:
    translation = message.find("translation")
    assert translation is not None
    if translation.get("type"):
        return True
    forms = [f.text for f in translation.iter("numerusform")]
    if message.get("numerus") == "yes":
        return not forms or not all(f and f.strip() for f in forms)
    return not (translation.text or "").strip()


def refreshed(tmp_path: Path, name: str, *flags: str) -> Path:
    """The catalogue as lupdate makes it from today's code (CONTRIBUTING's command), on a copy."""
    copy = tmp_path / name
    shutil.copy(TRANSLATIONS / name, copy)
    subprocess.run([str(tool("lupdate")), *sources(), "-ts", str(copy), "-no-obsolete", "-locations", "none",
                    *flags], check=True, capture_output=True)
    return copy


@pytest.mark.parametrize(("name", "flags"), [("tourneydesk_fr.ts", ()), ("tourneydesk_en.ts", ("-pluralonly",))])
def test_the_catalogue_holds_every_string_of_the_code_translated(tmp_path: Path, name: str,
                                                                  flags: tuple[str, ...]) -> None:
    shipped = messages(TRANSLATIONS / name)
    fresh = messages(refreshed(tmp_path, name, *flags))
    assert sorted(set(fresh) - set(shipped)) == []  # shown in English: not in the catalogue yet
    assert sorted(set(shipped) - set(fresh)) == []  # a context the code does not look in: dropped by lupdate
    assert sorted(key for key, m in fresh.items() if unfinished(m)) == []


@pytest.mark.parametrize("name", ["tourneydesk_fr", "tourneydesk_en"])
def test_lrelease_compiles_the_catalogue_without_a_warning(tmp_path: Path, name: str) -> None:
    ts = TRANSLATIONS / f"{name}.ts"
    run = subprocess.run([str(tool("lrelease")), str(ts), "-qm", str(tmp_path / "out.qm")], check=True,
                         capture_output=True, text=True)
    said = run.stdout + run.stderr
    assert "duplicate" not in said.lower() and "warning" not in said.lower(), said
    assert " 0 unfinished" in said
    assert (tmp_path / "out.qm").read_bytes() == (TRANSLATIONS / f"{name}.qm").read_bytes()  # the .qm is today's


def test_a_count_takes_its_plural_form_in_both_languages(qapp: QApplication) -> None:
    from tourneydesk.ui.club.league_window import LeagueWindow

    def entries(n: int) -> str:
        return QCoreApplication.translate(LeagueWindow.__name__, "%n entries", None, n)

    try:
        i18n.install(qapp, "en")
        assert (entries(1), entries(30)) == ("1 entry", "30 entries")
        i18n.install(qapp, "fr")
        assert (entries(0), entries(1), entries(2)) == ("0 entrée", "1 entrée", "2 entrées")
    finally:
        i18n.install(qapp, "en")


def test_french_writes_the_typographic_apostrophe_everywhere() -> None:
    """Met on a real evening: "Pas encore d'entrée" beside "Pas encore d’entrée". French text uses ’ (as
    in "l’entrée") in every translation; a straight ' belongs to no French word."""
    straight = []
    for (context, _source), message in messages(TRANSLATIONS / "tourneydesk_fr.ts").items():
        translation = message.find("translation")
        assert translation is not None
        for text in [translation.text or "", *(form.text or "" for form in translation.iter("numerusform"))]:
            if "'" in text:
                straight.append((context, text))
    assert straight == []


def french_texts() -> list[tuple[str, str]]:
    out = []
    for (context, _source), message in messages(TRANSLATIONS / "tourneydesk_fr.ts").items():
        translation = message.find("translation")
        assert translation is not None
        out += [(context, text) for text in [translation.text or "",
                                             *(form.text or "" for form in translation.iter("numerusform"))]]
    return out


NO_BREAK = "\u00a0\u202f"


def test_french_punctuation_never_wraps_alone() -> None:
    """Met on a real evening: "Qui est éliminé ?" wrapped with the "?" alone on the next line. French puts a
    space before ? ! ; : and inside « »; it must be a no-break space (U+202F or U+00A0), so the mark stays
    with its word. Straight after a letter, the space is missing."""
    wrong = []
    for context, text in french_texts():
        text = text.replace("://", "")  # an address's "https://" is no French punctuation
        for at, char in enumerate(text):
            before = text[at - 1] if at else ""
            after = text[at + 1] if at + 1 < len(text) else ""
            loose_mark = char in "?!;:" and before not in NO_BREAK and before not in "?!…"
            loose_quote = (char == "«" and after not in NO_BREAK) or (char == "»" and before not in NO_BREAK)
            if loose_mark or loose_quote:
                wrong.append((context, text))
    assert wrong == []


def test_french_punctuation_keeps_a_no_break_space_in_the_compiled_catalogue(qapp: QApplication) -> None:
    """What the windows show comes from the .qm: the no-break space survives lrelease."""
    try:
        i18n.install(qapp, "fr")
        asked = QCoreApplication.translate("", "Who is out? Type part of the name, then Enter.")
    finally:
        i18n.install(qapp, "en")
    assert asked.startswith("Qui est éliminé\u202f?")


def test_every_window_says_its_words_through_the_one_tr() -> None:
    """`ui/i18n.tr` is the windows' one `tr()`, and `shell_words.tr` the shell's, which reads the same catalogue
    without Qt under the same empty context: a module of its own would be a copy, and a copy that looks a string
    up under another context than lupdate filed it under shows English to a French TD."""
    package = Path(__file__).resolve().parents[2] / "desktop" / "tourneydesk"
    copies = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            defined = isinstance(node, ast.FunctionDef) and node.name == "tr"
            bound = isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "tr" for t in node.targets)
            if defined or bound:
                copies.append(str(path.relative_to(package)))
    assert copies == ["shell_words.py", "ui/i18n.py"]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_shell_reads_every_word_as_the_windows_do(qapp: QApplication, language: str) -> None:
    """The shell's catalogue, read from the .ts without Qt, gives each string of every context, and each plural
    form, exactly as Qt gives it to the windows from the compiled catalogue."""
    from tourneydesk import shell_words

    keys = [(context.findtext("name") or "", message.findtext("source") or "", message.findtext("comment") or "",
             message.get("numerus") == "yes")
            for context in ET.parse(TRANSLATIONS / f"tourneydesk_{language}.ts").getroot().iter("context")
            for message in context.iter("message")]
    i18n.install(qapp, language)
    try:
        differ = [(context, source, n) for context, source, comment, numerus in keys for n in
                  ((0, 1, 2, 21) if numerus else (-1,))
                  if QCoreApplication.translate(context, source, comment or None, n)
                  != shell_words.translate(context, source, comment, n, language=language)]
    finally:
        i18n.install(qapp, "en")
    assert len(keys) > 50 and differ == []
