"""Where the website token is kept: the system keyring, or a private file where there is none.

The token is a venue's password for the results website, so it never goes into the tournament
file: that file is copied into backups and handed over in a cash dispute. It is kept per tournament
and site (`<tournament id> <url>`), in the system keyring (macOS Keychain, Windows Credential
Locker, the Secret Service on Linux) when `keyring` finds one. On a machine without a keyring
backend (a bare Linux box, a CI runner) it falls back to `sync-tokens.json` in the user's config
folder, readable by the user only (mode 0600): plain text on the disk, which the README says.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from platformdirs import user_config_path

SERVICE = "TourneyDesk website sync"
FALLBACK_NAME = "sync-tokens.json"


def token_key(tournament_id: str, url: str) -> str:
    return f"{tournament_id} {url.strip().rstrip('/')}"


class TokenStore:
    """Save and load website tokens. `use_keyring=False` or no keyring backend: the fallback file."""

    def __init__(self, folder: str | Path | None = None, *, use_keyring: bool = True) -> None:
        self.fallback = Path(folder or user_config_path("TourneyDesk", appauthor=False)) / FALLBACK_NAME
        # Looked for when a token is first wanted: finding the backend loads every keyring plug-in (a fifth
        # of a second), which the console of a tournament with no website never needs to open.
        self._use_keyring = use_keyring
        self._found: tuple[Any | None] | None = None

    @property
    def _keyring(self) -> Any | None:
        if self._found is None:
            self._found = (_system_keyring() if self._use_keyring else None,)
        return self._found[0]

    @property
    def where(self) -> str:
        """Where tokens go, in words for the settings dialog."""
        if self._keyring is not None:
            return "the system keyring"
        return f"{self.fallback} (no system keyring on this computer)"

    def save(self, tournament_id: str, url: str, token: str) -> None:
        key = token_key(tournament_id, url)
        if self._keyring is not None:
            self._keyring.set_password(SERVICE, key, token)
            return
        tokens = self._read_fallback()
        tokens[key] = token
        self._write_fallback(tokens)

    def load(self, tournament_id: str, url: str) -> str | None:
        key = token_key(tournament_id, url)
        if self._keyring is not None:
            value = self._keyring.get_password(SERVICE, key)
            return None if value is None else str(value)
        found = self._read_fallback().get(key)
        return found if isinstance(found, str) else None

    def delete(self, tournament_id: str, url: str) -> None:
        key = token_key(tournament_id, url)
        if self._keyring is not None:
            with contextlib.suppress(Exception):  # keyring raises PasswordDeleteError when absent
                self._keyring.delete_password(SERVICE, key)
            return
        tokens = self._read_fallback()
        if tokens.pop(key, None) is not None:
            self._write_fallback(tokens)

    def _read_fallback(self) -> dict[str, Any]:
        try:
            data = json.loads(self.fallback.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write_fallback(self, tokens: dict[str, Any]) -> None:
        """Written to a temporary file created 0600, then renamed: never readable by others, never half-written."""
        self.fallback.parent.mkdir(parents=True, exist_ok=True)
        partial = self.fallback.with_name(self.fallback.name + ".partial")
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(tokens, handle, indent=1, sort_keys=True)
        os.replace(partial, self.fallback)


def _system_keyring() -> Any | None:
    """The keyring backend, or None when keyring is not installed or has no usable backend."""
    try:
        import keyring
        from keyring.backends import fail
    except ImportError:
        return None
    backend = keyring.get_keyring()
    if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 0) <= 0:
        return None
    return backend
