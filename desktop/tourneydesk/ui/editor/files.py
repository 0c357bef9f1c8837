"""Templates and structure files, saved and loaded by the tournament editor: plain TOML in the club's
documents folder (`Documents/TourneyDesk/templates`), the same format as the shipped structures.

A template is a whole tournament (every setting the config holds); a structure file its levels (a
template or a shipped structure is read as one too: its levels are taken). Both are read back through
the core's own checks, so a file that would make a wrong tournament is refused by name, and nothing
changes in the editor.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ...core.config import parse_config, parse_levels, parse_toml, to_toml
from ...core.protocol.errors import ConfigError, TourneyError
from ..console.common import tr
from ..messages import error_text
from ..qt import QFileDialog, QMessageBox, QWidget

TOML_FILES = "TOML (*.toml)"


def templates_folder() -> Path:
    from ..club.templates_box import tournaments_folder

    return tournaments_folder() / "templates"


def save_template(path: Path, config: dict[str, Any]) -> Path:
    """The whole tournament as a template; refused (and nothing written) when it is not a valid one."""
    parse_config(config)
    return _write(path, to_toml(config))


def read_template(path: Path) -> dict[str, Any]:
    return parse_toml(_read(path)).to_dict()


def save_structure(path: Path, levels: list[dict[str, Any]]) -> Path:
    parse_levels(levels)
    return _write(path, to_toml({"levels": levels}))


def read_structure(path: Path) -> list[dict[str, Any]]:
    """The levels of a structure file, or of a template."""
    try:
        data = tomllib.loads(_read(path))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError("config", f"is not valid TOML: {exc}") from exc
    return [level.to_dict() for level in parse_levels(data.get("levels"))]


def _write(path: Path, text: str) -> Path:
    if path.suffix != ".toml":
        path = path.with_suffix(".toml")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise TourneyError("FILE_UNREADABLE", f"{path} cannot be written: {exc}", path=str(path)) from exc
    return path


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TourneyError("FILE_UNREADABLE", f"{path} cannot be read: {exc}", path=str(path)) from exc


# -- the file dialogs ---------------------------------------------------------------------------------
def _refused(parent: QWidget, exc: TourneyError) -> None:
    QMessageBox.warning(parent, tr("Not done"), error_text(exc))


def ask_save_template(parent: QWidget, config: dict[str, Any], name: str) -> Path | None:
    target, _ = QFileDialog.getSaveFileName(parent, tr("Save as a template"), str(templates_folder() / f"{name}.toml"),
                                            TOML_FILES)
    if not target:
        return None
    try:
        return save_template(Path(target), config)
    except TourneyError as exc:
        _refused(parent, exc)
        return None


def ask_template(parent: QWidget) -> dict[str, Any] | None:
    target, _ = QFileDialog.getOpenFileName(parent, tr("Load a template"), str(templates_folder()), TOML_FILES)
    if not target:
        return None
    try:
        return read_template(Path(target))
    except TourneyError as exc:
        _refused(parent, exc)
        return None


def ask_save_levels(parent: QWidget, levels: list[dict[str, Any]]) -> Path | None:
    target, _ = QFileDialog.getSaveFileName(parent, tr("Save the levels"), str(templates_folder() / "levels.toml"),
                                            TOML_FILES)
    if not target:
        return None
    try:
        return save_structure(Path(target), levels)
    except TourneyError as exc:
        _refused(parent, exc)
        return None


def ask_levels(parent: QWidget) -> list[dict[str, Any]] | None:
    target, _ = QFileDialog.getOpenFileName(parent, tr("Load levels"), str(templates_folder()), TOML_FILES)
    if not target:
        return None
    try:
        return read_structure(Path(target))
    except TourneyError as exc:
        _refused(parent, exc)
        return None
