"""The `tourneysite` command: `serve` runs the results site; `token create` gives a venue its token."""

from __future__ import annotations

import argparse
import sys
import time

from .storage import open_storage


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tourneysite", description="The club's results website for TourneyDesk.")
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="run the site")
    serve.add_argument("--db", required=True, help="the database: a file path or sqlite:///path/to/site.db")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8080, help="the port (default 8080)")

    token = commands.add_parser("token", help="venue tokens")
    token_commands = token.add_subparsers(dest="token_command", required=True)
    create = token_commands.add_parser("create", help="a new token for a venue (the venue is created if new)")
    create.add_argument("--venue", required=True, help="the venue's name, as the site shows it")
    create.add_argument("--db", required=True, help="the database: a file path or sqlite:///path/to/site.db")

    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            return _serve(args.db, args.host, args.port)
        return _create_token(args.db, args.venue)
    except ValueError as error:
        print(f"tourneysite: {error}", file=sys.stderr)
        return 2


def _serve(db: str, host: str, port: int) -> int:
    import uvicorn

    from .app import create_app

    uvicorn.run(create_app(db), host=host, port=port, log_level="info")
    return 0


def _create_token(db: str, venue: str) -> int:
    venue = venue.strip()
    if not venue or len(venue) > 100:
        raise ValueError("a venue name is 1 to 100 characters")
    storage = open_storage(db)
    try:
        token = storage.create_token(venue, time.time())
    finally:
        storage.close()
    # The token is shown once and stored only as a hash: the last word, for scripts to pick up.
    print(f"A new token for {venue} (keep it secret; it is shown only once): {token}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
