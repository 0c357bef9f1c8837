"""The `tourneysite` command: `serve` runs the results site; the rest is the site owner's desk.

    tourneysite token create --venue NAME      a venue's token (the venue is created if new)
    tourneysite token list | revoke ID         the tokens with their last use; revoke one at once
    tourneysite venue list | set | rename | merge
    tourneysite tournament list | hide | show | delete ID
    tourneysite log                            what the owner did, and when
    tourneysite backup FILE                    a consistent copy of the database while the site runs

Every command takes `--db`. Exit 0 on success, 1 with the reason when the site refuses (a name that
does not exist...), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tourneydesk import cli_args

from .databases import open_storage
from .formats import check_language, check_time_zone
from .news import INTERRUPTED_AFTER_S, STALE_AFTER_S
from .storage import AdminError, Storage, VenueSettings

DB_HELP = "the database: a file path, sqlite:///path/to/site.db or postgresql://user@host/dbname"


def main(argv: list[str] | None = None) -> int:
    cli_args.names_as_given()
    parser = _parser()
    args = parser.parse_args(argv)
    problem = cli_args.not_text(args, paths=("db", "target"))
    if problem is not None:
        print(f"tourneysite: {problem}", file=sys.stderr)
        return 2
    try:
        if args.command == "serve":
            return _serve(args)
        storage = open_storage(args.db)
    except ValueError as error:
        print(f"tourneysite: {error}", file=sys.stderr)
        return 2
    try:
        handler: Callable[[Storage, argparse.Namespace], int] = args.handler
        return handler(storage, args)
    except AdminError as error:
        print(f"tourneysite: {error}", file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"tourneysite: {error}", file=sys.stderr)
        return 2
    finally:
        storage.close()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tourneysite", description="The club's results website for TourneyDesk.")
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="run the site")
    serve.add_argument("--db", required=True, help=DB_HELP)
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8080, choices=range(1, 65536), metavar="PORT",
                       help="the port (default 8080)")
    serve.add_argument("--stale-after", type=float, default=STALE_AFTER_S / 60, metavar="MINUTES",
                       help="minutes without news from a venue before its clock stops and says so (default 5)")
    serve.add_argument("--interrupted-after", type=float, default=INTERRUPTED_AFTER_S / 60, metavar="MINUTES",
                       help="minutes without news before a tournament not finished shows as interrupted "
                            "(default 240)")
    serve.add_argument("--root-path", default="", help="the sub-path a reverse proxy serves the site under, "
                       "e.g. /results (the proxy strips it; every link the pages write starts with it)")
    serve.add_argument("--proxy-headers", action="store_true",
                       help="trust X-Forwarded-For from the reverse proxy on this machine (the rate limits see "
                            "the readers' addresses, not the proxy's)")

    def sub(group: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help_: str,
            handler: Callable[[Storage, argparse.Namespace], int]) -> argparse.ArgumentParser:
        p = group.add_parser(name, help=help_)
        p.add_argument("--db", required=True, help=DB_HELP)
        p.set_defaults(handler=handler)
        return p

    token = commands.add_parser("token", help="venue tokens").add_subparsers(dest="token_command", required=True)
    create = sub(token, "create", "a new token for a venue (the venue is created if new)", _create_token)
    create.add_argument("--venue", required=True, help="the venue's name, as the site shows it")
    sub(token, "list", "every token: its id, venue, when made and last used, revoked", _list_tokens)
    revoke = sub(token, "revoke", "a token stops working at once", _revoke_token)
    revoke.add_argument("id", help="the token's id, as `token list` shows it")

    venue = commands.add_parser("venue", help="venues").add_subparsers(dest="venue_command", required=True)
    sub(venue, "list", "every venue with its settings", _list_venues)
    settings = sub(venue, "set", "how a venue's pages read", _set_venue)
    settings.add_argument("--venue", required=True, help="the venue's name (case and accents aside)")
    settings.add_argument("--language", help="the pages' language: en or fr")
    settings.add_argument("--time-zone", help="the venue's time zone, e.g. Europe/Paris")
    settings.add_argument("--buy-in-split", choices=("yes", "no"), help="show '€80 + €20 bounty' (yes) or '€100'")
    settings.add_argument("--sort", choices=("first-name", "surname"), help="how lists of names are sorted")
    rename = sub(venue, "rename", "correct a venue's name", _rename_venue)
    rename.add_argument("--venue", required=True)
    rename.add_argument("--to", required=True, help="the new name")
    merge = sub(venue, "merge", "two venues that are one: the first's tournaments and tokens go to the second",
                _merge_venues)
    merge.add_argument("source", help="the venue that goes away")
    merge.add_argument("target", help="the venue that keeps everything")

    tournament = commands.add_parser("tournament", help="tournaments").add_subparsers(dest="t_command",
                                                                                         required=True)
    sub(tournament, "list", "every tournament, hidden ones too", _list_tournaments)
    for name, help_ in (("hide", "take it off the pages (nothing is deleted)"), ("show", "put it back"),
                        ("delete", "delete it and every event of it (logged)")):
        p = sub(tournament, name, help_, _change_tournament)
        p.add_argument("id", help="the tournament's id (the end of its page's address)")
        if name == "delete":
            p.add_argument("--yes", action="store_true", help="really delete it")

    sub(commands, "log", "what the site's owner did, and when", _show_log)
    backup = sub(commands, "backup", "a consistent copy of the database, taken while the site runs", _backup)
    backup.add_argument("target", help="the new file to write (never overwritten)")
    return parser


def _serve(args: argparse.Namespace) -> int:
    from .app import create_app
    from .news import NewsPolicy
    from .server import serve

    if not 0 < args.stale_after <= args.interrupted_after:
        raise ValueError("--stale-after must be more than 0 and at most --interrupted-after")
    root_path = args.root_path
    if root_path and (not root_path.startswith("/") or root_path.endswith("/")):
        raise ValueError("--root-path is a path like /results: a leading slash, no trailing one")
    policy = NewsPolicy(stale_after_s=args.stale_after * 60, interrupted_after_s=args.interrupted_after * 60)
    serve(create_app(args.db, root_path=root_path, policy=policy), host=args.host, port=args.port,
          proxy_headers=args.proxy_headers, root_path=root_path)
    return 0


def _create_token(storage: Storage, args: argparse.Namespace) -> int:
    venue = " ".join(args.venue.split())
    if not venue or len(venue) > 100:
        raise ValueError("a venue name is 1 to 100 characters")
    known = storage.find_venue(venue)
    token = storage.create_token(venue, time.time())
    name = known.name if known else venue
    # The token is shown once and stored only as a hash: the last word, for scripts to pick up.
    print(f"A new token for {name} (keep it secret; it is shown only once): {token}")
    return 0


def _when(at: float | None) -> str:
    return "never" if at is None else dt.datetime.fromtimestamp(at, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _list_tokens(storage: Storage, args: argparse.Namespace) -> int:
    for t in storage.tokens():
        state = f"revoked {_when(t.revoked_at)}" if t.revoked_at else "in use"
        print(f"{t.id}  {t.venue_name}  made {_when(t.created_at)}  last used {_when(t.last_used_at)}  {state}")
    return 0


def _revoke_token(storage: Storage, args: argparse.Namespace) -> int:
    revoked = storage.revoke_token(args.id.strip().lower(), time.time())
    print(f"Token {revoked.id} of {revoked.venue_name} is revoked: it pushes nothing from now on.")
    return 0


def _venue_by_name(storage: Storage, name: str) -> int:
    venue = storage.find_venue(name)
    if venue is None:
        known = ", ".join(v.name for v in storage.venues()) or "none yet"
        raise AdminError(f"there is no venue {name!r} (venues: {known})")
    return venue.id


def _list_venues(storage: Storage, args: argparse.Namespace) -> int:
    for v in storage.venues():
        s = storage.venue_settings(v.id)
        count = len(storage.tournaments(v.id, hidden=True))
        order = "surname" if s.surname_first else "first name"
        print(f"{v.id}  {v.name}  {_tournaments(count)}  language {s.language}  time zone {s.time_zone}  "
              f"buy-in split {'yes' if s.buy_in_split else 'no'}  sorted by {order}")
    return 0


def _set_venue(storage: Storage, args: argparse.Namespace) -> int:
    venue_id = _venue_by_name(storage, args.venue)
    old = storage.venue_settings(venue_id)
    new = VenueSettings(
        language=check_language(args.language) if args.language else old.language,
        time_zone=check_time_zone(args.time_zone) if args.time_zone else old.time_zone,
        buy_in_split=(args.buy_in_split == "yes") if args.buy_in_split else old.buy_in_split,
        surname_first=(args.sort == "surname") if args.sort else old.surname_first)
    storage.set_venue_settings(venue_id, new)
    print(f"{args.venue}: language {new.language}, time zone {new.time_zone}.")
    return 0


def _rename_venue(storage: Storage, args: argparse.Namespace) -> int:
    name = " ".join(args.to.split())
    if not name or len(name) > 100:
        raise ValueError("a venue name is 1 to 100 characters")
    storage.rename_venue(_venue_by_name(storage, args.venue), name, time.time())
    print(f"The venue is now called {name}.")
    return 0


def _merge_venues(storage: Storage, args: argparse.Namespace) -> int:
    source, target = _venue_by_name(storage, args.source), _venue_by_name(storage, args.target)
    moved = storage.merge_venues(source, target, time.time())
    print(f"{args.source} is merged into {args.target}: {_tournaments(moved)} moved.")
    return 0


def _tournaments(count: int) -> str:
    return f"{count} tournament" if count == 1 else f"{count} tournaments"


def _list_tournaments(storage: Storage, args: argparse.Namespace) -> int:
    hidden = {t.id for t in storage.tournaments(hidden=True)} - {t.id for t in storage.tournaments()}
    for t in storage.tournaments(hidden=True):
        print(f"{t.id}  {t.venue_name}  {t.name}  {t.status}  events {t.acked_seq}"
              + ("  hidden" if t.id in hidden else ""))
    return 0


def _change_tournament(storage: Storage, args: argparse.Namespace) -> int:
    now = time.time()
    if args.t_command == "delete":
        if not args.yes:
            raise ValueError("deleting a tournament cannot be undone: add --yes (or hide it instead)")
        events = storage.delete_tournament(args.id, now)
        print(f"Tournament {args.id} is deleted ({events} events); the deletion is in `tourneysite log`.")
    else:
        storage.hide_tournament(args.id, args.t_command == "hide", now)
        print(f"Tournament {args.id} is {'hidden' if args.t_command == 'hide' else 'shown again'}.")
    return 0


def _show_log(storage: Storage, args: argparse.Namespace) -> int:
    for at, action, detail in storage.admin_log():
        print(f"{_when(at)}  {action}  " + "  ".join(f"{k}={v}" for k, v in detail.items()))
    return 0


def _backup(storage: Storage, args: argparse.Namespace) -> int:
    target = Path(args.target)
    storage.backup(target)
    print(f"The site's database is copied to {target}: serve it with --db {target} to restore.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
