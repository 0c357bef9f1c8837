"""The venue's logo, for the TV's page (`/screen`) and the projector display: one picture for every
tournament run on this laptop, kept beside the paired devices (the user's config folder), so it stays
through restarts. `tourneydesk FILE lan logo PICTURE` sets it, `--remove` takes it away.

A tournament's own `[display] logo` (a file beside it, docs/config.md) goes first on its screens. Only a
picture is ever kept or served: PNG, JPEG, GIF or WebP, told by its first bytes (not its name), at most
2 MB and 6,000 pixels a side; anything else is refused in a sentence. The page asks for `/logo`, a
fixed address with no file name in it, so no request can name another file.
"""

from __future__ import annotations

import hashlib
import os
import struct
from dataclasses import dataclass
from pathlib import Path

MAX_BYTES = 2 * 1024 * 1024
MAX_SIDE = 6000
STORED = "venue_logo"  # beside lan_devices.json; the type is told by the bytes, never by a name


class LogoRefused(ValueError):
    """A file that cannot be the venue's logo, in a sentence for the TD."""


@dataclass(frozen=True)
class Logo:
    data: bytes
    media_type: str

    @property
    def version(self) -> str:
        """Changes whenever the picture does: a TV's page reloads it then, and only then."""
        return hashlib.sha256(self.data).hexdigest()[:16]


def picture_type(data: bytes) -> str | None:
    """The picture's media type from its first bytes; None for anything that is not PNG, JPEG, GIF or WebP."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def _sides(data: bytes, media_type: str) -> tuple[int, int] | None:
    """Width and height where the header says them plainly (PNG, GIF); None when not read here."""
    if media_type == "image/png" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    if media_type == "image/gif" and len(data) >= 10:
        return struct.unpack("<HH", data[6:10])
    return None


def check(data: bytes, name: str = "That file") -> str:
    """The media type of `data` if it may be the logo; refused (LogoRefused) in words otherwise."""
    if len(data) > MAX_BYTES:
        raise LogoRefused(f"{name} is {len(data) / 1024 / 1024:.1f} MB: a logo is at most "
                          f"{MAX_BYTES // 1024 // 1024} MB (save it smaller)")
    media_type = picture_type(data)
    if media_type is None:
        raise LogoRefused(f"{name} is not a picture: a logo is a PNG, JPEG, GIF or WebP file")
    sides = _sides(data, media_type)
    if sides is not None and (max(sides) > MAX_SIDE or min(sides) < 1):
        raise LogoRefused(f"{name} is {sides[0]}x{sides[1]} pixels: a logo is at most {MAX_SIDE} a side")
    return media_type


def stored_path(store: Path) -> Path:
    """Where the venue's logo is kept: beside the devices' store (`pairing.default_store`)."""
    return store.parent / STORED


def set_logo(store: Path, picture: Path) -> str:
    """Keep `picture` as the venue's logo (written whole, then put in place); its media type."""
    try:
        with picture.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except IsADirectoryError as exc:
        raise LogoRefused(f"{picture} is a folder, not a picture") from exc
    except OSError as exc:
        raise LogoRefused(f"{picture} cannot be read: {exc.strerror or exc}") from exc
    media_type = check(data, str(picture))
    target = stored_path(store)
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    part.write_bytes(data)
    os.replace(part, target)
    return media_type


def remove_logo(store: Path) -> bool:
    """Take the venue's logo away; False when there was none."""
    try:
        stored_path(store).unlink()
    except FileNotFoundError:
        return False
    return True


def read_picture(path: Path) -> Logo | None:
    """The picture at `path` if it is one a page may be sent; None otherwise (missing, not a picture, too big)."""
    try:
        if not path.is_file():
            return None
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
        return Logo(data, check(data))
    except (OSError, LogoRefused):
        return None


def _own_path(own: object, beside: Path) -> Path | None:
    if isinstance(own, str) and own:
        return Path(own) if Path(own).is_absolute() else beside / own
    return None


def signature(store: Path | None, own: object, beside: Path) -> tuple[object, ...]:
    """What the files a tournament's logo may come from look like on disk now (size, time, inode): the server
    compares it every second and reads the picture again only when it changed, then tells every open TV."""
    paths = [p for p in (_own_path(own, beside), stored_path(store) if store is not None else None) if p is not None]
    seen: list[object] = []
    for path in paths:
        try:
            st = path.stat()
        except OSError:
            seen.append((str(path), None))
        else:
            seen.append((str(path), st.st_size, st.st_mtime_ns, st.st_ino))
    return tuple(seen)


def shown_logo(store: Path | None, own: object, beside: Path) -> Logo | None:
    """The logo a tournament's screens show: its own `[display] logo` (a file beside it, or an absolute
    path) when it is a picture, else the venue's; None when there is neither."""
    path = _own_path(own, beside)
    if path is not None:
        found = read_picture(path)
        if found is not None:
            return found
    return read_picture(stored_path(store)) if store is not None else None
