"""The club windows' words that are said outside a window's own class (a status line, a question)."""

from __future__ import annotations

from ..qt import QCoreApplication


def tr(text: str, disambiguation: str = "", n: int = -1) -> str:
    # lupdate files a bare tr("...") under the empty context: look it up there.
    # A count n >= 0 picks the plural form of "%n ..." and writes the count in for %n.
    return QCoreApplication.translate("", text, disambiguation or None, n)
