"""Where the shipped resources are: blind structures, payout tables (and later sounds and icons).

From a checkout or an editable install they sit in `resources/` at the top of the repository; a
frozen build carries them beside the program; TOURNEYDESK_RESOURCES overrides both.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .core.errors import TourneyError


def resource_dir() -> Path:
    override = os.environ.get("TOURNEYDESK_RESOURCES")
    if override:
        return Path(override)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidate = parent / "resources"
        if (candidate / "structures").is_dir():
            return candidate
    raise TourneyError("RESOURCES_MISSING", "The resources folder (structures, payout tables) is missing")


def payout_table_text(name: str) -> str:
    path = resource_dir() / "payouts" / f"{name}.toml"
    if not path.is_file():
        known = sorted(p.stem for p in (resource_dir() / "payouts").glob("*.toml"))
        raise TourneyError("PAYOUT_TABLE_UNKNOWN", f"There is no payout table {name!r}; known: {', '.join(known)}",
                           table=name)
    return path.read_text(encoding="utf-8")


def structures() -> dict[str, Path]:
    return {p.stem: p for p in sorted((resource_dir() / "structures").glob("*.toml"))}


def structure_path(name: str) -> Path:
    found = structures()
    if name in found:
        return found[name]
    path = Path(name)
    if path.is_file():
        return path
    raise TourneyError("STRUCTURE_UNKNOWN", f"There is no structure {name!r}; shipped: {', '.join(found)}",
                       structure=name)
