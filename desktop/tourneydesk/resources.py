"""Where the shipped data is: blind structures, payout tables, translations, sounds, icons, migrations.

The repository keeps them in `resources/` and `db/migrations/`; they ship inside the package as
`tourneydesk.data` and `tourneydesk.migrations` (see setup.py), so one lookup through
`importlib.resources` finds them in an editable install, a wheel and a frozen bundle alike.
TOURNEYDESK_RESOURCES points the data elsewhere (a club's own folder, a test).

A broken install (a file or folder the package should carry is gone) is refused with
RESOURCES_MISSING naming exactly what was looked for, never a bare traceback.
"""

from __future__ import annotations

import os
from importlib import resources as importlib_resources
from pathlib import Path

from .core.protocol.errors import TourneyError

DATA_PACKAGE = "tourneydesk.data"
MIGRATIONS_PACKAGE = "tourneydesk.migrations"
RESOURCES_ENV = "TOURNEYDESK_RESOURCES"
# Where setup.py takes each data package from, in the repository.
CHECKOUT_FOLDERS = {DATA_PACKAGE: "resources", MIGRATIONS_PACKAGE: "db/migrations"}


def package_folder(package: str) -> Path:
    """The folder on disk that holds `package`'s files.

    A folder, not a Traversable: Qt (translations, sounds, icons) and SQLite want real paths, and
    every way TourneyDesk is installed (wheel, editable, PyInstaller bundle) unpacks to disk."""
    try:
        root = importlib_resources.files(package)
    except ModuleNotFoundError as exc:
        # Run from a checkout that is not installed (PYTHONPATH=desktop), or from an editable install made
        # before the data became a package: the folders sit where setup.py maps them from.
        checkout = Path(__file__).resolve().parents[2] / CHECKOUT_FOLDERS.get(package, "?")
        if checkout.is_dir() and (checkout / "__init__.py").is_file():
            return checkout
        raise _missing(f"the package {package}", str(exc)) from None
    folder = Path(str(root))
    if not folder.is_dir():
        raise _missing(str(folder), f"{package} is not a folder on disk")
    return folder


def resource_dir() -> Path:
    override = os.environ.get(RESOURCES_ENV)
    if override:
        return Path(override)
    return package_folder(DATA_PACKAGE)


def resource_folder(kind: str) -> Path:
    """One kind of shipped data (`structures`, `payouts`, `sounds`...), refused by name when absent."""
    folder = resource_dir() / kind
    if not folder.is_dir():
        raise _missing(str(folder), f"the folder of {kind}")
    return folder


def resource_file(kind: str, name: str) -> Path:
    """A file the package must carry (a sound, an icon, a catalogue): its path, or RESOURCES_MISSING naming it."""
    path = resource_folder(kind) / name
    if not path.is_file():
        raise _missing(str(path), f"the file {name}")
    return path


def migrations_folder() -> Path:
    return package_folder(MIGRATIONS_PACKAGE)


def _missing(looked_for: str, why: str) -> TourneyError:
    return TourneyError(
        "RESOURCES_MISSING",
        f"TourneyDesk's installation is incomplete: {looked_for} is missing ({why}). Reinstall TourneyDesk.",
        path=looked_for,
    )


def payout_table_text(name: str) -> str:
    folder = resource_folder("payouts")
    path = folder / f"{name}.toml"
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.toml"))
        raise TourneyError("PAYOUT_TABLE_UNKNOWN", f"There is no payout table {name!r}; known: {', '.join(known)}",
                           table=name)
    return path.read_text(encoding="utf-8")


def structures() -> dict[str, Path]:
    return {p.stem: p for p in sorted(resource_folder("structures").glob("*.toml"))}


def structure_path(name: str) -> Path:
    found = structures()
    if name in found:
        return found[name]
    path = Path(name)
    if path.is_file():
        return path
    raise TourneyError("STRUCTURE_UNKNOWN", f"There is no structure {name!r}; shipped: {', '.join(found)}",
                       structure=name)
