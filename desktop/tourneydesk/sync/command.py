"""`tourneydesk sync FILE`: push a tournament file to the results website once, and say how it went.

Exit 0 when the website has acknowledged every event, 1 when something is still waiting (the
message says why: offline, the site's error, or its refusal), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import getpass
import ipaddress
import os
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

from .. import cli_args
from ..store.log_reader import LogReader, LogUnreadable
from .credentials import TokenStore

DEFAULT_TIMEOUT_S = 15.0

TOKEN_ENV = "TOURNEYDESK_SYNC_TOKEN"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sync = commands.add_parser("sync", help="send a tournament's results to the club's website once")
    sync.add_argument("file", type=Path, help="the .tdesk tournament file")
    sync.add_argument("--url", help="the results website (default: the tournament's sync.url setting)")
    sync.add_argument("--token", help=f"the venue token (default: ${TOKEN_ENV}, else the one saved for this "
                                      "tournament and website)")
    sync.add_argument("--remember", action="store_true",
                      help="save the token for this tournament and website (system keyring, where there is one)")
    sync.add_argument("--timeout", type=cli_args.seconds, default=DEFAULT_TIMEOUT_S,
                      help=f"seconds to wait for the website's answer (default {DEFAULT_TIMEOUT_S:g})")
    sync.add_argument("--replace-history", action="store_true",
                      help="when the website holds another history of this tournament (a backup restored, a copied "
                           "file), publish this file's as the true one; the site keeps the other, and who replaced it")
    sync.add_argument("--by", help="who replaces the history, as the website's log will name them "
                                   "(default: this computer's user and name)")
    sync.add_argument("--insecure", action="store_true",
                      help="allow plain http:// to a computer other than this one (the token then travels unencrypted)")


def run(args: argparse.Namespace) -> int:
    path: Path = args.file
    try:
        tournament_id, configured_url = _file_settings(path)
    except (LogUnreadable, ValueError, OSError) as exc:
        return _fail(f"{path} is not a tournament file it can read: {exc}", 2)
    url = (args.url or configured_url or "").strip()
    if not url:
        return _fail("no website: pass --url (or set sync.url in the tournament's settings)", 2)
    if not url.startswith(("http://", "https://")):
        return _fail(f"--url must start with http:// or https://, not {url!r}", 2)
    problem = address_problem(url)
    if problem is not None:
        return _fail(f"--url {url} {problem}", 2)
    if url.startswith("http://") and not _loopback(url) and not args.insecure:
        return _fail(f"{url} is plain http: the venue token would cross the network unencrypted. Use https://, "
                     "or pass --insecure if this network is the club's own", 2)
    store = TokenStore()
    token = args.token or os.environ.get(TOKEN_ENV) or store.load(tournament_id, url)
    if not token:
        return _fail(f"no token: pass --token or set ${TOKEN_ENV} (tourneysite token create gives one)", 2)
    problem = cli_args.token_problem(token, "--token" if args.token else f"${TOKEN_ENV}" if os.environ.get(
        TOKEN_ENV) else "the token saved for this tournament")
    if problem is not None:
        return _fail(problem, 2)
    if args.remember:
        store.save(tournament_id, url, token)
        print(f"Token saved in {store.where}")

    from .pusher import Pusher  # httpx is imported only by the command that needs it

    pusher = Pusher(path, url, token, timeout=args.timeout)
    if args.replace_history:
        pusher.replace_history(args.by or _who())
    try:
        status = pusher.step()
    finally:
        pusher.close()
    if status.state == "synced":
        print(f"Synced: {url} holds all {status.last_seq} events of this tournament")
        return 0
    waiting = f"; {status.waiting} events still waiting" if status.waiting else ""
    return _fail(f"{status.error or 'not everything was sent'}{waiting}", 1)


def _file_settings(path: Path) -> tuple[str, str | None]:
    """The tournament id and the sync.url of its newest config, read without opening a Desk."""
    if not path.is_file():
        raise ValueError("no such file")
    with LogReader(path, read_only=True) as log:
        newest = log.newest_payload(("tournament_created", "config_changed"), "config")
        tournament_id = log.tournament_id
    url = None
    if newest is not None:
        config = newest.get("config") or {}
        found = (config.get("sync") or {}).get("url")
        url = found if isinstance(found, str) else None
    return tournament_id, url


def address_problem(url: str) -> str | None:
    """Why `url` (http:// or https://) is no address a request can be sent to; None when it is one."""
    try:
        parts = urlsplit(url)
        if parts.port == 0:  # reading the port checks it: beyond 65535 or no number raises
            return "names port 0"
    except ValueError as exc:  # http://[::1 with its bracket left open, a port that is no number
        return f"is not a web address: {exc}"
    if not parts.hostname:
        return "names no computer"
    return None


def _loopback(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _who() -> str:
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "someone"
    return f"{user} on {socket.gethostname()}"[:100]


def _fail(message: str, code: int) -> int:
    print(f"tourneydesk sync: {message}", file=sys.stderr)
    return code
