"""Pairing a device and the tokens it keeps: one-time codes, roles, hashed tokens, rate limits.

The console shows a code (six digits, two minutes, one device). The device sends it with its name and
gets a token for the code's role; only the token's SHA-256 is kept, beside the app's settings (not in
the tournament file: a pairing is no tournament event). A revoked token is refused at once. Wrong codes
and wrong tokens are counted per address: past the limit the address waits.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..core import engine
from ..core.protocol.errors import TourneyError

ROLES = ("td", "cashier", "display")
CODE_SECONDS = 120
CODE_DIGITS = 6
DEVICE_NAME_MAX = 40

# What each role may send, as each command declares it (`devices`): the TD runs the floor and sells, as the
# console does; the cashier sells; a screen only shows.
ALLOWED: dict[str, frozenset[str]] = {role: frozenset(name for name, c in engine.COMMANDS.items() if role in c.devices)
                                      for role in ROLES}

Clock = Callable[[], float]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Device:
    id: str  # a short handle for the console's list; not the token
    name: str
    role: str
    paired_at: float
    last_seen: float


@dataclass
class Code:
    code: str
    role: str
    expires: float


class RateLimit:
    """At most `count` events per `seconds` for each key (an address)."""

    def __init__(self, count: int, seconds: float, clock: Clock = time.monotonic) -> None:
        self.count, self.seconds, self._clock = count, seconds, clock
        self._seen: dict[str, deque[float]] = {}

    def hit(self, key: str) -> bool:
        """Count one event for `key`; False when it is over the limit."""
        now = self._clock()
        times = self._seen.setdefault(key, deque())
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if len(times) >= self.count:
            return False
        times.append(now)
        if len(self._seen) > 10_000:  # a flood of addresses must not grow this without end
            self._seen = {k: v for k, v in self._seen.items() if v and v[-1] > now - self.seconds}
        return True

    def over(self, key: str) -> bool:
        now = self._clock()
        times = self._seen.get(key, deque())
        return len([t for t in times if t > now - self.seconds]) >= self.count


class Pairing:
    """The pairing code on show and the paired devices; safe to call from the console and the server."""

    def __init__(self, store: Path | None, *, wall: Clock = time.time, monotonic: Clock = time.monotonic) -> None:
        self._store = store
        self._wall = wall
        self._lock = threading.Lock()
        self._code: Code | None = None
        self._devices: dict[str, Device] = {}  # by token hash
        self.code_attempts = RateLimit(5, 60, monotonic)
        self.all_code_attempts = RateLimit(30, 60, monotonic)  # many addresses guessing together
        self.wrong_tokens = RateLimit(10, 60, monotonic)
        self._load()

    # -- the console's side ------------------------------------------------------------------------
    def new_code(self, role: str) -> Code:
        if role not in ROLES:
            raise TourneyError("FIELD_INVALID", f"role must be one of {', '.join(ROLES)}", field="role")
        with self._lock:
            self._code = Code("".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS)), role,
                              self._wall() + CODE_SECONDS)
            return self._code

    def current_code(self) -> Code | None:
        with self._lock:
            if self._code is not None and self._code.expires <= self._wall():
                self._code = None
            return self._code

    def devices(self) -> list[Device]:
        with self._lock:
            return sorted(self._devices.values(), key=lambda d: d.paired_at)

    def revoke(self, device_id: str) -> bool:
        with self._lock:
            found = [h for h, d in self._devices.items() if d.id == device_id]
            for h in found:
                del self._devices[h]
            self._save()
            return bool(found)

    # -- the device's side ---------------------------------------------------------------------------
    def pair(self, code: Any, name: Any, address: str) -> tuple[str, Device]:
        """The token (shown once) and the device, for a right code; a refusal names what was wrong."""
        if not self.code_attempts.hit(address) or not self.all_code_attempts.hit("*"):
            raise TourneyError("TOO_MANY_ATTEMPTS", "Too many pairing attempts: wait a minute and try again")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > DEVICE_NAME_MAX:
            raise TourneyError("FIELD_INVALID", f"Give the device a name of at most {DEVICE_NAME_MAX} characters",
                               field="device")
        with self._lock:
            code_now = self._code if self._code is not None and self._code.expires > self._wall() else None
            if code_now is None or not isinstance(code, str) or not secrets.compare_digest(code.strip(),
                                                                                           code_now.code):
                raise TourneyError("PAIRING_CODE_WRONG", "That pairing code is wrong or has expired: ask the "
                                   "console for a new one", field="code")
            self._code = None  # one device per code
            token = secrets.token_urlsafe(32)
            now = self._wall()
            device = Device(secrets.token_hex(4), " ".join(name.split()), code_now.role, now, now)
            self._devices[token_hash(token)] = device
            self._save()
            return token, device

    def device_for(self, authorization: str | None, address: str) -> Device | None:
        """The device whose token the header carries (`Bearer <token>`); None for none or a wrong one.
        A wrong token counts against the address; past the limit even a right one waits a minute."""
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        if self.wrong_tokens.over(address):
            raise TourneyError("TOO_MANY_ATTEMPTS", "Too many wrong tokens from this device: wait a minute")
        with self._lock:
            device = self._devices.get(token_hash(token.strip()))
            if device is not None:
                device.last_seen = self._wall()
                return device
        self.wrong_tokens.hit(address)
        return None

    # -- the side store ------------------------------------------------------------------------------
    def _load(self) -> None:
        if self._store is None or not self._store.is_file():
            return
        try:
            data = json.loads(self._store.read_text(encoding="utf-8"))
            self._devices = {h: Device(**d) for h, d in data.get("devices", {}).items()}
        except (ValueError, TypeError, OSError):
            self._devices = {}  # a damaged store pairs afresh; it never stops the server

    def _save(self) -> None:
        if self._store is None:
            return
        self._store.parent.mkdir(parents=True, exist_ok=True)
        partial = self._store.with_suffix(".partial")
        partial.write_text(json.dumps({"devices": {h: asdict(d) for h, d in self._devices.items()}}, indent=1),
                           encoding="utf-8")
        partial.replace(self._store)


def default_store() -> Path:
    """The paired devices' hashed tokens, in the user's config folder beside the app's settings."""
    from platformdirs import user_config_path

    return user_config_path("TourneyDesk", appauthor=False) / "lan_devices.json"
