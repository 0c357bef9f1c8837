"""The Alt+letter keys a window offers: the menu bar's menus and every button, box and labelled field in it
(each menu's own entries apart, where a letter works only while that menu is open)."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QMainWindow, QMenu, QWidget


def mnemonic(text: str) -> str | None:
    """The letter after a single "&" ("&&" is a plain ampersand), lower-cased; None without one."""
    i = 0
    while i < len(text) - 1:
        if text[i] == "&":
            if text[i + 1] != "&":
                return text[i + 1].casefold()
            i += 1
        i += 1
    return None


def window_mnemonics(window: QWidget) -> dict[str, list[str]]:
    """Letter -> the texts in the window or dialog (menu titles, buttons, group boxes, labels with a buddy) that
    use it."""
    found: dict[str, list[str]] = defaultdict(list)
    texts = [action.text() for action in window.menuBar().actions()] if isinstance(window, QMainWindow) else []
    for widget in window.findChildren(QWidget):
        if isinstance(widget, QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QLabel) and widget.buddy() is not None:
            texts.append(widget.text())
    for text in texts:
        letter = mnemonic(text)
        if letter is not None:
            found[letter].append(text)
    return dict(found)


def menu_mnemonics(window: QMainWindow) -> dict[str, dict[str, list[str]]]:
    """Each menu of the menu bar (and its submenus): letter -> its entries that use it."""
    out: dict[str, dict[str, list[str]]] = {}

    def walk(menu: QMenu) -> None:
        found: dict[str, list[str]] = defaultdict(list)
        for action in menu.actions():
            letter = mnemonic(action.text())
            if letter is not None and action.isVisible():
                found[letter].append(action.text())
            if action.menu() is not None:
                walk(action.menu())  # type: ignore[arg-type]
        out[menu.title()] = dict(found)

    for action in window.menuBar().actions():
        if isinstance(action, QAction) and action.menu() is not None:
            walk(action.menu())  # type: ignore[arg-type]
    return out
