"""The app's language: English or French, from the system or from a setting; amounts and times follow it.

Every visible string goes through Qt's translation (`tr`/`QCoreApplication.translate`); the French
catalogue is `translations/tourneydesk_fr.qm` in the shipped data (PKR4U runs in French). A count is said
with Qt's plural forms (`tr("%n players", "", count)`): French says "1 joueur restant", and English needs
its own small catalogue of plural forms only (`tourneydesk_en.qm`), or it would say "1 players". Qt's own
strings (the buttons of a standard dialog, the Open and Save dialogs) come from Qt's catalogue, `qtbase_fr.qm`,
which ships with PySide6; the few it lacks are in ours (`QT_WORDS`).
"""

from __future__ import annotations

from pathlib import Path

from .. import resources
from ..core.protocol.errors import TourneyError
from .qt import PYSIDE6_FOLDER, QT_TRANSLATE_NOOP, QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

LANGUAGES = {"en": "English", "fr": "Français"}
SETTING = "language"  # "" follows the system

# Qt's own words that its French catalogue lacks (Qt 6.11 gave the file dialog's labels their Alt letters,
# and qtbase_fr.qm still has them without): "Look in" and "Files of type" read English in a French desk's
# Open and Save dialogs, and every folder's type "Folder". Written as Qt's own calls, in Qt's contexts, so
# that lupdate files them in our catalogue there; Qt asks every translator installed, its own first.
QT_WORDS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
    QCoreApplication.translate("QAbstractFileIconProvider", "Folder", "All other platforms"),
)


def tr(text: str, disambiguation: str = "", n: int = -1) -> str:
    """A string of the empty context, where lupdate files a bare tr("..."): with a count n >= 0, the plural
    form of "%n ..." for that count (lupdate marks a plural only in a tr() call, never in translate())."""
    return QCoreApplication.translate("", text, disambiguation or None, n)


def chosen_language(settings: QSettings | None = None) -> str:
    """The language code in use: the setting if one is made, else the system's when shipped, else English."""
    value = (settings or QSettings()).value(SETTING, "", type=str)
    if value in LANGUAGES:
        return str(value)
    system = QLocale.system().name().split("_")[0]
    return system if system in LANGUAGES else "en"


def locale_for(language: str) -> QLocale:
    """The locale that formats amounts, dates and times: the system's own when it speaks that language. English
    on a system of another language (a French laptop, or one that names none, "C") writes amounts as English
    does and dates as most clubs do, the day before the month with a 24-hour clock (en_GB): the month first
    (en_US) read "12/4/26" for the 12th of April on a French club's end-of-night report."""
    system = QLocale.system()
    if system.name().split("_")[0] == language:
        return system
    return QLocale("fr_FR") if language == "fr" else QLocale("en_GB")


def install(app: QCoreApplication, language: str | None = None) -> list[QTranslator]:
    """Install the translators for `language` (default: the chosen one) and make its locale the default.

    Returns the translators so the caller keeps them alive (Qt does not own them)."""
    for old in app.findChildren(QTranslator):
        app.removeTranslator(old)
    language = language or chosen_language()
    QLocale.setDefault(locale_for(language))
    installed: list[QTranslator] = []
    ours = QTranslator(app)
    # A missing catalogue is a broken install: refused by name (RESOURCES_MISSING), not English in silence.
    catalogue = resources.resource_file("translations", f"tourneydesk_{language}.qm")
    if not ours.load(str(catalogue)):
        raise TourneyError("RESOURCES_MISSING", f"The translation {catalogue} cannot be read", path=str(catalogue))
    app.installTranslator(ours)
    installed.append(ours)
    if language == "en":
        return installed  # the source strings are English: only their plural forms are in the catalogue
    qt_own = QTranslator(app)
    if any(qt_own.load(f"qtbase_{language}", str(folder)) for folder in qt_catalogues()):
        app.installTranslator(qt_own)
        installed.append(qt_own)
    return installed


def qt_catalogues() -> list[Path]:
    """Where Qt's own catalogues are: where Qt says, else beside PySide6 (PySide6/Qt/translations), where an
    installer that moved Qt's folders still has them."""
    said = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    beside = PYSIDE6_FOLDER / "Qt" / "translations"
    return [said] if said == beside else [said, beside]
