"""Pairing a device and the tokens it keeps: one-time codes, roles, hashed tokens, rate limits.

The console (or `tourneydesk FILE lan pair ROLE` from another shell) asks for a code: eight digits, two
minutes, one device. The device sends it with its name and gets a token for the code's role; only the
token's SHA-256 is kept, beside the app's settings (not in the tournament file: a pairing is no
tournament event).

One store serves every server on the laptop (two tournaments, the console and a headless server): it is
the truth, this object only a cache of it. Every change is read, changed and written back under a lock
file, atomically; every check looks whether the file changed since it was read, so a device revoked by
one server, by the command line or by hand is refused by all at once. A revoked token's hash is kept
for ever: no server's later write can bring it back.

Guessing stays hopeless: wrong codes are counted per address (per /64 for IPv6) and an address past
five a minute waits, so a code lives through at most ten guesses from each address: on a /24 Wi-Fi,
2,540 of 100,000,000 codes. Nobody else's guesses ever refuse the right code from another address.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import json
import os
import secrets
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ..core import engine
from ..core.protocol.errors import TourneyError

ROLES = ("td", "floor", "cashier", "display")
CODE_SECONDS = 120
CODE_DIGITS = 8
DEVICE_NAME_MAX = 40
SEEN_EVERY_S = 60.0  # how often a device's "last heard from" is written back: not at every request

# What each role may send, as each command declares it (`devices`): the TD runs the floor and sells, as the
# console does; the floor staff bust and move players but neither sell nor undo; the cashier sells; a
# screen only shows.
ALLOWED: dict[str, frozenset[str]] = {role: frozenset(name for name, c in engine.COMMANDS.items() if role in c.devices)
                                      for role in ROLES}
# The roles whose pages a role may open besides its own: the TD has every page.
OPENS: dict[str, frozenset[str]] = {"td": frozenset(ROLES), "floor": frozenset({"floor"}),
                                    "cashier": frozenset({"cashier"}), "display": frozenset({"display"})}

Clock = Callable[[], float]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Device:
    id: str  # a short handle for the console's list and the command line; not the token
    name: str
    role: str
    paired_at: float
    last_seen: float
    person: str = ""  # who uses it, as typed at pairing: the log's actor for its commands


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
        self._lock = threading.Lock()

    def hit(self, key: str) -> bool:
        """Count one event for `key`; False when it is over the limit."""
        with self._lock:
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
        with self._lock:
            now = self._clock()
            times = self._seen.get(key, deque())
            return len([t for t in times if t > now - self.seconds]) >= self.count


def address_key(address: str) -> str:
    """Whom a limit counts: one IPv4 address, or one IPv6 /64 (a phone may take a new address in its
    network at will)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """The store's lock, shared by every process on the laptop that pairs or revokes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".lock"), "a+b") as handle:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            while True:
                try:
                    msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
                    break
                except OSError:  # LK_LOCK gives up after ten seconds: a long pairing elsewhere
                    continue
            try:
                yield
            finally:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


@dataclass
class _Stored:
    devices: dict[str, Device]  # by token hash
    revoked: set[str]  # token hashes, for ever
    codes: dict[str, Code]  # by the code's hash; Code.code is the hash there
    servers: dict[str, str]  # tournament file -> the address it is served on

    @classmethod
    def empty(cls) -> _Stored:
        return cls({}, set(), {}, {})

    @classmethod
    def parse(cls, text: str) -> _Stored:
        data = json.loads(text)
        known = {f.name for f in fields(Device)}
        revoked = {str(h) for h in data.get("revoked", [])}
        devices = {str(h): Device(**{k: v for k, v in d.items() if k in known})
                   for h, d in data.get("devices", {}).items() if h not in revoked}
        codes = {str(h): Code(str(h), str(c["role"]), float(c["expires"])) for h, c in data.get("codes", {}).items()}
        servers = {str(k): str(v) for k, v in data.get("servers", {}).items()}
        return cls(devices, revoked, codes, servers)

    def dumps(self) -> str:
        return json.dumps({"devices": {h: asdict(d) for h, d in self.devices.items()},
                           "revoked": sorted(self.revoked),
                           "codes": {h: {"role": c.role, "expires": c.expires} for h, c in self.codes.items()},
                           "servers": self.servers}, indent=1, ensure_ascii=False)


class Pairing:
    """The pairing codes on show and the paired devices; safe to call from the console, the server and
    other processes on the same store."""

    def __init__(self, store: Path | None, *, wall: Clock = time.time, monotonic: Clock = time.monotonic) -> None:
        self._store = store
        self._wall = wall
        self._lock = threading.RLock()
        self._data = _Stored.empty()
        self._stamp: tuple[int, int, int] | None = None
        self._code: Code | None = None  # the last code this object asked for, in clear, for the console
        self._seen: dict[str, float] = {}  # last heard from, by token hash, not yet written back
        self._written_seen = monotonic()
        self._monotonic = monotonic
        self.wrong_codes = RateLimit(5, 60, monotonic)
        self.wrong_tokens = RateLimit(10, 60, monotonic)
        with self._lock:
            self._refresh()

    @property
    def store(self) -> Path | None:
        """The devices' store file (None: kept in memory only); the venue's logo is kept beside it."""
        return self._store

    # -- the console's side ------------------------------------------------------------------------
    def new_code(self, role: str) -> Code:
        if role not in ROLES:
            raise TourneyError("FIELD_INVALID", f"role must be one of {', '.join(ROLES)}", field="role")
        code = Code("".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS)), role,
                    self._wall() + CODE_SECONDS)

        def add(data: _Stored) -> None:
            data.codes[token_hash(code.code)] = Code("", role, code.expires)

        self._change(add)
        with self._lock:
            self._code = code
        return code

    def current_code(self) -> Code | None:
        """The last code this console asked for, while it is unused and unexpired."""
        with self._lock:
            self._refresh()
            code = self._code
            if code is not None and (code.expires <= self._wall() or token_hash(code.code) not in self._data.codes):
                self._code = code = None
            return code

    def devices(self) -> list[Device]:
        with self._lock:
            self._refresh()
            out = [Device(**{**asdict(d), "last_seen": max(d.last_seen, self._seen.get(h, 0.0))})
                   for h, d in self._data.devices.items()]
        return sorted(out, key=lambda d: d.paired_at)

    def find(self, id_or_name: str) -> list[Device]:
        """The devices whose handle is `id_or_name`, or else whose name is (case aside)."""
        devices = self.devices()
        wanted = " ".join(id_or_name.split()).casefold()
        return [d for d in devices if d.id == id_or_name] or [d for d in devices if d.name.casefold() == wanted]

    def revoke(self, device_id: str) -> bool:
        found: list[str] = []

        def drop(data: _Stored) -> None:
            found.extend(h for h, d in data.devices.items() if d.id == device_id)
            for h in found:
                del data.devices[h]
                data.revoked.add(h)

        self._change(drop)
        return bool(found)

    def serving(self, tournament: Path, url: str | None) -> None:
        """Say (or, with None, unsay) where a tournament is served, for `lan pair` from another shell."""
        key = str(tournament.resolve())

        def note(data: _Stored) -> None:
            if url is None:
                data.servers.pop(key, None)
            else:
                data.servers[key] = url

        self._change(note)

    def served_at(self, tournament: Path) -> str | None:
        with self._lock:
            self._refresh()
            return self._data.servers.get(str(tournament.resolve()))

    # -- the device's side ---------------------------------------------------------------------------
    def pair(self, code: Any, name: Any, address: str, person: Any = None) -> tuple[str, Device]:
        """The token (shown once) and the device, for a right code; a refusal names what was wrong."""
        who = address_key(address)
        if self.wrong_codes.over(who):
            raise TourneyError("TOO_MANY_ATTEMPTS", "Too many pairing attempts: wait a minute and try again")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > DEVICE_NAME_MAX:
            raise TourneyError("FIELD_INVALID", f"Give the device a name of at most {DEVICE_NAME_MAX} characters",
                               field="device")
        if person is not None and (not isinstance(person, str) or len(person.strip()) > DEVICE_NAME_MAX):
            raise TourneyError("FIELD_INVALID", f"Give your name in at most {DEVICE_NAME_MAX} characters",
                               field="person")
        wanted = token_hash(code.strip()) if isinstance(code, str) and code.strip().isdigit() else None
        token = secrets.token_urlsafe(32)
        made: list[Device] = []

        def take(data: _Stored) -> None:
            now = self._wall()
            found = data.codes.get(wanted) if wanted is not None else None
            if wanted is None or found is None or found.expires <= now:
                return
            del data.codes[wanted]  # one device per code
            device = Device(secrets.token_hex(4), " ".join(name.split()), found.role, now, now,
                            " ".join(person.split()) if isinstance(person, str) else "")
            data.devices[token_hash(token)] = device
            made.append(device)

        self._change(take)
        if not made:
            self.wrong_codes.hit(who)
            raise TourneyError("PAIRING_CODE_WRONG", "That pairing code is wrong or has expired: ask the "
                               "console for a new one", field="code")
        return token, made[0]

    def device_for(self, authorization: str | None, address: str) -> Device | None:
        """The device whose token the header carries (`Bearer <token>`); None for none or a wrong one.
        A wrong token counts against the address; past the limit even a right one waits a minute."""
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        who = address_key(address)
        if self.wrong_tokens.over(who):
            raise TourneyError("TOO_MANY_ATTEMPTS", "Too many wrong tokens from this device: wait a minute")
        hashed = token_hash(token.strip())
        with self._lock:
            self._refresh()
            device = self._data.devices.get(hashed)
            if device is not None:
                self._seen[hashed] = self._wall()
        if device is None:
            self.wrong_tokens.hit(who)
            return None
        if self._monotonic() - self._written_seen >= SEEN_EVERY_S:
            self._write_seen()
        return device

    # -- the store -------------------------------------------------------------------------------------
    def _write_seen(self) -> None:
        with self._lock:
            seen, self._seen = self._seen, {}
            self._written_seen = self._monotonic()

        def touch(data: _Stored) -> None:
            for h, at in seen.items():
                if h in data.devices:
                    data.devices[h].last_seen = max(data.devices[h].last_seen, at)

        self._change(touch)

    def _file_stamp(self) -> tuple[int, int, int] | None:
        if self._store is None:
            return None
        try:
            st = os.stat(self._store)
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def _refresh(self) -> None:
        """Read the store again if it changed since it was last read (by anyone). Lock held."""
        if self._store is None:
            return
        stamp = self._file_stamp()
        if stamp == self._stamp:
            return
        self._stamp = stamp
        self._data = self._read()

    def _read(self) -> _Stored:
        assert self._store is not None
        try:
            return _Stored.parse(self._store.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return _Stored.empty()
        except (ValueError, TypeError, KeyError, OSError, AttributeError):
            # A damaged store pairs nobody until it is mended or replaced; it never stops the server.
            return _Stored.empty()

    def _change(self, fn: Callable[[_Stored], None]) -> None:
        """Read the store afresh, change it and write it back whole, under the lock every process takes."""
        with self._lock:
            if self._store is None:
                fn(self._data)
                return
            with _locked(self._store):
                data = self._read()
                now = self._wall()
                data.codes = {h: c for h, c in data.codes.items() if c.expires > now}
                fn(data)
                partial = self._store.with_suffix(".partial")
                with open(partial, "w", encoding="utf-8") as out:
                    out.write(data.dumps())
                    out.flush()
                    os.fsync(out.fileno())
                partial.replace(self._store)
                self._data, self._stamp = data, self._file_stamp()


def default_store() -> Path:
    """The paired devices' hashed tokens, in the user's config folder beside the app's settings."""
    from platformdirs import user_config_path

    return user_config_path("TourneyDesk", appauthor=False) / "lan_devices.json"
