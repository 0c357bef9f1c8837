"""The site deployed as website/deploy/ says: started by the systemd unit's own command line, behind a real
nginx or Caddy with the shipped example config, over HTTPS, at the root of its own name or under a
sub-path of the club's site. A reader's links stay under the prefix and resolve, the laptop's
`tourneydesk sync` pushes through the proxy, pages and files arrive compressed, and a live page's
stream arrives through the proxy as the site sends it, not held in a buffer.
"""

from __future__ import annotations

import re
import shutil
import ssl
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players, table_mate
from tests.helpers.event_stream import Stream
from tests.helpers.proxies import Proxy, UnitSite, self_signed
from tests.helpers.site_process import create_token, site_env
from tourneydesk.desk import Desk

pytestmark = pytest.mark.slow

LAYOUTS = [("nginx", "nginx.conf", ""), ("nginx", "nginx-subpath.conf", "/results"),
           ("caddy", "Caddyfile", ""), ("caddy", "Caddyfile-subpath", "/results")]


@dataclass
class Deployment:
    site: UnitSite
    proxy: Proxy
    cert: Path
    prefix: str
    token: str

    @property
    def url(self) -> str:
        """The site's address as a reader types it."""
        return f"https://127.0.0.1:{self.proxy.https_port}{self.prefix}"

    def client(self) -> httpx.Client:
        return httpx.Client(verify=ssl.create_default_context(cafile=str(self.cert)), timeout=30)

    def sync(self, desk: Desk) -> subprocess.CompletedProcess[str]:
        """`tourneydesk sync` as the TD types it, trusting the site's certificate as the laptop's system would."""
        return subprocess.run([sys.executable, "-m", "tourneydesk.cli", "sync", str(desk.path), "--url", self.url,
                               f"--token={self.token}"], env={**site_env(), "SSL_CERT_FILE": str(self.cert)},
                              capture_output=True, text=True, timeout=120)


@pytest.fixture(params=LAYOUTS, ids=[f"{kind}-{config}" for kind, config, _ in LAYOUTS])
def deployment(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Deployment]:
    kind, config, prefix = request.param
    if shutil.which(kind) is None:
        pytest.skip(f"Debian's {kind} is not installed (.ci/run installs it)")
    cert, key = self_signed(tmp_path)
    site = UnitSite(tmp_path, ["--root-path", prefix] if prefix else [])
    token = create_token(site.db, "The Queen's Club")
    proxy = Proxy(kind, config, tmp_path, site.port, cert, key)
    site.start()
    try:
        proxy.start()
        yield Deployment(site, proxy, cert, prefix, token)
    finally:
        proxy.stop()
        site.stop()


@pytest.fixture
def evening(make_desk: Callable[..., Desk], clock: FakeClock) -> Desk:
    clock.t = time.time()  # the site behind the proxy reads the real clock: the evening is tonight
    desk = make_desk(PKO_CONFIG | {"name": "Proxied PKO"})
    entries = seat_players(desk, 12)
    desk.execute({"type": "clock", "action": "start"})
    for victim in entries[:2]:
        desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})
    return desk


def links(html: str) -> list[str]:
    return re.findall(r'(?:href|src|action)="([^"]*)"', html)


def test_the_site_behind_the_proxy_serves_a_reader_and_the_laptop(deployment: Deployment, evening: Desk) -> None:
    done = deployment.sync(evening)
    assert done.returncode == 0 and "Synced" in done.stdout, done.stdout + done.stderr
    tid = evening.state.tournament_id
    base, prefix = deployment.url, deployment.prefix
    with deployment.client() as http:
        pages = [f"{base}/", f"{base}/venues/1", f"{base}/t/{tid}", f"{base}/t/{tid}/results",
                 f"{base}/t/{tid}/widget/clock", f"{base}/t/{tid}/widget/results"]
        seen: set[str] = set()
        for page in pages:
            r = http.get(page)
            assert r.status_code == 200, (page, r.status_code)
            found = links(r.text)
            assert found, page
            for link in found:
                # Every link the page writes stays under the prefix: a root link would leave the club's sub-path.
                # ("#main", the skip link, is a place on the page itself)
                assert link.startswith((f"{prefix}/", "?", "#")) or link == "", (page, link)
                target = urljoin(page, link)
                assert urlsplit(target).path.startswith(f"{prefix}/")
                if target not in seen:
                    seen.add(target)
                    assert http.get(target).status_code == 200, (page, link)
        assert "Proxied PKO" in http.get(f"{base}/t/{tid}").text
        assert f'data-root="{prefix}"' in http.get(f"{base}/t/{tid}").text

        # Compressed: the pages (by the site) and the style and script (by the proxy).
        for path in (f"/t/{tid}/results", "/static/site.css", "/static/live.js"):
            r = http.get(base + path, headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200 and r.headers.get("content-encoding") == "gzip", (path, r.headers)
            assert len(r.content) > 500  # what httpx unpacked

        # An address typed with a trailing slash, or the sub-path alone, lands on the page, under the prefix.
        r = http.get(f"{base}/t/{tid}/", follow_redirects=True)
        assert r.status_code == 200 and r.url.path == f"{prefix}/t/{tid}" and r.url.port == deployment.proxy.https_port
        if prefix:
            r = http.get(base, follow_redirects=True)
            assert r.status_code == 200 and r.url.path == f"{prefix}/" and "Proxied PKO" in r.text
        # Plain http is sent to https.
        r = httpx.get(f"http://127.0.0.1:{deployment.proxy.http_port}{prefix}/", follow_redirects=False)
        assert r.status_code in (301, 308) and r.headers["location"].startswith("https://")

        # The push API itself answers through the proxy: a wrong token is refused, in JSON.
        r = http.post(f"{base}/api/v1/tournaments/{tid}/events", json={"after": 0, "events": []},
                      headers={"Authorization": "Bearer not-a-token"})
        assert r.status_code == 401 and r.json()["error"]


@pytest.mark.parametrize("encoding", ["gzip", "identity"])
def test_a_live_pages_stream_arrives_through_the_proxy_as_the_site_sends_it(
        deployment: Deployment, evening: Desk, encoding: str) -> None:
    assert deployment.sync(evening).returncode == 0
    tid = evening.state.tournament_id
    with deployment.client() as http:
        stream = Stream(http, f"{deployment.url}/t/{tid}/stream", headers={"Accept-Encoding": encoding})
        try:
            assert stream.response.headers["content-type"].startswith("text/event-stream")
            kind, ident, first = stream.next()
            assert kind == "model" and ident == evening.seq and first["stats"]["players_left"] == "10"
            live = [e for e in evening.snapshot()["entries"] if e["status"] == "active"]
            evening.execute({"type": "bust", "entry": live[0]["id"], "by": [table_mate(evening, live[0]["id"])]})
            assert deployment.sync(evening).returncode == 0
            pushed = time.monotonic()
            # A few hundred bytes: a proxy that buffered them would hold them for 25 s, until the next comment.
            kind, ident, patch = stream.next()
            assert time.monotonic() - pushed < 2.0
            assert kind == "patch" and ident == evening.seq and patch["stats"]["players_left"] == "9"
        finally:
            stream.close()


@pytest.mark.parametrize("config", ["nginx.conf", "nginx-subpath.conf", "nginx-processes.conf", "Caddyfile",
                                    "Caddyfile-subpath", "Caddyfile-processes"])
def test_every_shipped_proxy_config_is_valid(config: str, tmp_path: Path) -> None:
    """The configs for several processes too (their upstreams need not be running for the check)."""
    kind = "nginx" if config.startswith("nginx") else "caddy"
    if shutil.which(kind) is None:
        pytest.skip(f"Debian's {kind} is not installed (.ci/run installs it)")
    cert, key = self_signed(tmp_path)
    proxy = Proxy(kind, config, tmp_path, 8081, cert, key)
    checked = subprocess.run(proxy.check, capture_output=True, text=True, timeout=60,
                             env={"PATH": "/usr/sbin:/usr/bin:/bin", "HOME": str(tmp_path)})
    assert checked.returncode == 0, checked.stdout + checked.stderr


def taken(site: UnitSite, what: str) -> int:
    """How many requests starting `what` ("POST /api/") this process answered, by its access log."""
    return sum(1 for line in site.log.read_text(errors="replace").splitlines() if f'"{what}' in line)


@pytest.mark.parametrize(("kind", "config"), [("nginx", "nginx-processes.conf"), ("caddy", "Caddyfile-processes")])
def test_several_processes_behind_the_proxy_take_the_pushes_on_the_first_and_share_the_readers(
        kind: str, config: str, tmp_path: Path, evening: Desk) -> None:
    """tourneysite@.service three times on one database (SQLite here: its watchers tell the other processes of
    a push), behind the shipped config for several processes."""
    if shutil.which(kind) is None:
        pytest.skip(f"Debian's {kind} is not installed (.ci/run installs it)")
    cert, key = self_signed(tmp_path)
    sites = {n: UnitSite(tmp_path, [], instance=n) for n in (8081, 8082, 8083)}
    token = create_token(sites[8081].db, "The Queen's Club")
    proxy = Proxy(kind, config, tmp_path, 0, cert, key, processes={n: s.port for n, s in sites.items()})
    try:
        for site in sites.values():
            site.start()
        proxy.start()
        deployment = Deployment(sites[8081], proxy, cert, "", token)
        done = deployment.sync(evening)
        assert done.returncode == 0, done.stdout + done.stderr
        assert taken(sites[8081], "POST /api/") >= 1 and not any(taken(sites[n], "POST /api/") for n in (8082, 8083))
        tid = evening.state.tournament_id
        with deployment.client() as http:
            for _ in range(12):
                assert http.get(f"{deployment.url}/t/{tid}").status_code == 200
            assert sum(1 for site in sites.values() if taken(site, f"GET /t/{tid} ")) >= 2  # spread
            # A page's stream, on whichever process, hears of a push the first process took.
            stream = Stream(http, f"{deployment.url}/t/{tid}/stream")
            try:
                assert stream.next()[0] == "model"
                live = [e for e in evening.snapshot()["entries"] if e["status"] == "active"]
                evening.execute({"type": "bust", "entry": live[0]["id"], "by": [table_mate(evening, live[0]["id"])]})
                assert deployment.sync(evening).returncode == 0
                kind_, _, patch = stream.next()
                assert kind_ == "patch" and patch["stats"]["players_left"] == "9"
            finally:
                stream.close()
        # The first process stops (a restart, a crash): the second takes the pushes meanwhile.
        sites[8081].stop()
        live = [e for e in evening.snapshot()["entries"] if e["status"] == "active"]
        evening.execute({"type": "bust", "entry": live[0]["id"], "by": [table_mate(evening, live[0]["id"])]})
        done = deployment.sync(evening)
        assert done.returncode == 0, done.stdout + done.stderr
        assert taken(sites[8082], "POST /api/") >= 1
        with deployment.client() as http:
            assert http.get(f"{deployment.url}/api/v1/tournaments/{tid}").json()["counts"]["players_left"] == 8
    finally:
        proxy.stop()
        for site in sites.values():
            site.stop()
