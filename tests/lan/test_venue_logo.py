"""The venue's logo on the TV's page and the projector: set and removed from the command line, kept through
restarts, served as the picture it is and nothing else (a non-picture, an oversized file, another file named
in the address: refused or never served), over a real server on loopback."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.lan import Lan, seed_tournament
from tourneydesk.lan import logo


def png(width: int = 4, height: int = 2, colour: bytes = b"\xc9\x9a\x2e") -> bytes:
    """A real PNG of one colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + colour * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"), "LANG": "C.UTF-8"}


def tourneydesk(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tourneydesk.cli", *args], capture_output=True, text=True,
                          env=environment(home), timeout=60, stdin=subprocess.DEVNULL)


def test_the_logo_is_set_refused_and_removed_from_the_command_line(tmp_path: Path, lan_clock: FakeClock) -> None:
    path = tmp_path / "friday.tdesk"
    seed_tournament(path, lan_clock, players=2, start=False)
    home = tmp_path / "home"
    stored = home / "config" / "TourneyDesk" / logo.STORED
    picture = tmp_path / "club.png"
    picture.write_bytes(png())
    done = tourneydesk(home, str(path), "lan", "logo", str(picture))
    assert done.returncode == 0, done.stderr
    assert "The venue's logo is now" in done.stdout and "(PNG)" in done.stdout
    assert stored.read_bytes() == png()
    notes = tmp_path / "notes.png"
    notes.write_text("not a picture, whatever its name says")
    refused = tourneydesk(home, str(path), "lan", "logo", str(notes))
    assert refused.returncode == 2 and "is not a picture: a logo is a PNG, JPEG, GIF or WebP file" in refused.stderr
    big = tmp_path / "poster.png"
    big.write_bytes(png() + b"\x00" * (logo.MAX_BYTES + 1))
    refused = tourneydesk(home, str(path), "lan", "logo", str(big))
    assert refused.returncode == 2 and "a logo is at most 2 MB" in refused.stderr
    huge = tmp_path / "huge.png"
    huge.write_bytes(png(9000, 1))
    assert "9000x1 pixels" in tourneydesk(home, str(path), "lan", "logo", str(huge)).stderr
    missing = tourneydesk(home, str(path), "lan", "logo", str(tmp_path / "nowhere.png"))
    assert missing.returncode == 2 and "cannot be read" in missing.stderr and "Traceback" not in missing.stderr
    assert stored.read_bytes() == png(), "a refused file leaves the logo as it was"
    removed = tourneydesk(home, str(path), "lan", "logo", "--remove")
    assert removed.returncode == 0 and "removed" in removed.stdout and not stored.exists()
    assert "no venue logo" in tourneydesk(home, str(path), "lan", "logo", "--remove").stdout


def test_the_tv_is_served_the_logo_as_a_picture_through_restarts(lan: Lan, tmp_path: Path) -> None:
    assert lan.http.get("/api/logo").json() == {"logo": None}
    assert lan.http.get("/logo").status_code == 404
    picture = tmp_path / "club.png"
    picture.write_bytes(png())
    store = tmp_path / "devices.json"  # the fixture's devices' store: the logo is kept beside it
    logo.set_logo(store, picture)
    version = lan.http.get("/api/logo").json()["logo"]
    assert version, "set while the server runs: seen at the next look"
    served = lan.http.get("/logo")
    assert served.status_code == 200 and served.content == png()
    assert served.headers["content-type"] == "image/png" and served.headers["x-content-type-options"] == "nosniff"
    lan.restart()
    assert lan.http.get("/api/logo").json()["logo"] == version and lan.http.get("/logo").content == png()
    picture.write_bytes(png(colour=b"\x0f\x5c\x3a"))
    logo.set_logo(store, picture)
    assert lan.http.get("/api/logo").json()["logo"] != version, "a new picture: a new version, the TV reloads it"


def test_the_stream_tells_every_open_tv_when_the_logo_changes(lan: Lan, tmp_path: Path) -> None:
    """Set or removed from another shell while the server runs: each open stream is told within the server's
    next look (a second), with the version the TV loads; nothing is told while it stays the same."""
    from tests.lan.sse import StreamReader

    reader = StreamReader(lan.url)
    try:
        picture = tmp_path / "club.png"
        picture.write_bytes(png())
        started = time.monotonic()
        logo.set_logo(tmp_path / "devices.json", picture)
        told = reader.wait_for(lambda data: "logo" in data, timeout=5)
        assert told[0] - started < 3, "told at the server's next look, not within a minute"
        version = lan.http.get("/api/logo").json()["logo"]
        assert told[2] == {"logo": version}
        logo.remove_logo(tmp_path / "devices.json")
        reader.wait_for(lambda data: data == {"logo": None}, timeout=5)
        assert [line for line in reader.lines if line == "event: logo"] == ["event: logo"] * 2, "told once a change"
    finally:
        reader.close()


def test_no_address_reaches_another_file(lan: Lan, tmp_path: Path) -> None:
    lan.pair("td")  # the devices' store written: the file an attacker would want
    secret = tmp_path / "devices.json"
    assert secret.exists()
    for path in ("/logo/../devices.json", "/logo/..%2Fdevices.json", "/logo?file=devices.json",
                 "/static/..%2F..%2Fdevices.json", "/logo%2F..%2F..%2Fdevices.json"):
        r = lan.http.get(path)
        assert secret.read_bytes() not in r.content and r.status_code in (404, 200), path
        if r.status_code == 200:
            assert r.headers["content-type"].startswith("image/"), path
    # A file put in the logo's place by hand that is no picture is never sent.
    (tmp_path / logo.STORED).write_text("<script>alert(1)</script>")
    assert lan.http.get("/logo").status_code == 404 and lan.http.get("/api/logo").json() == {"logo": None}


def test_a_tournaments_own_logo_goes_first_and_only_if_it_is_a_picture(tmp_path: Path, lan_clock: FakeClock) -> None:
    from tests.helpers.configs import PKO_CONFIG, config
    from tourneydesk.desk import Desk

    (tmp_path / "secret.txt").write_text("the house's accounts")
    for own, expected in (("club.png", png(2, 2)), ("secret.txt", png())):
        folder = tmp_path / own.replace(".", "-")
        folder.mkdir()
        (folder / "club.png").write_bytes(png(2, 2))
        own_logo = f"../{own}" if own == "secret.txt" else own
        Desk.create(folder / "t.tdesk", config(PKO_CONFIG, display={"logo": own_logo}), now=lan_clock).close()
        (folder / "devices.json").write_text("{}")
        (folder / logo.STORED).write_bytes(png())  # the venue's
        server = Lan(folder / "t.tdesk", lan_clock, folder / "devices.json")
        try:
            assert server.http.get("/logo").content == expected, own
        finally:
            server.close()


@pytest.mark.parametrize(("data", "kind"), [(png(), "image/png"), (b"\xff\xd8\xff\xe0" + b"\x00" * 20, "image/jpeg"),
                                            (b"GIF89a\x02\x00\x02\x00" + b"\x00" * 8, "image/gif"),
                                            (b"RIFF\x10\x00\x00\x00WEBPVP8 " + b"\x00" * 8, "image/webp"),
                                            (b"<svg onload='alert(1)'></svg>", None), (b"", None)])
def test_a_picture_is_told_by_its_bytes(data: bytes, kind: str | None) -> None:
    assert logo.picture_type(data) == kind
