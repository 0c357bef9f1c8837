"""What the command lines take, checked before anything runs: `tourneydesk`'s (cli.py, `sync`, `club`) and
`tourneysite`'s. A value that is not what its option takes is a usage error (exit 2) naming the option, in
one line; nothing has been read or written yet.

A file name comes from the system as bytes: one that is not UTF-8 (a name written on another system)
reaches Python with lone surrogates standing for those bytes, and stays usable as a file name. Every
other text (a name, a formula, a token) is stored or sent, and must be text: it is refused otherwise.
The output streams write such a file name back as the bytes it was given (`names_as_given`).
"""

from __future__ import annotations

import argparse
import math
import stat
import sys
from pathlib import Path

TOKEN_MAX = 200


def names_as_given() -> None:
    """Standard output and error write a file name that is not UTF-8 back as its own bytes, rather than
    stopping the command with an encoding error in the middle of its answer."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="surrogateescape")


def is_text(value: str) -> bool:
    """No lone surrogate: what a file, a database or a website can hold."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def not_text(args: argparse.Namespace, paths: tuple[str, ...] = ()) -> str | None:
    """The first option given a value that is not text, as the message naming it; None when all are.
    `paths`: the options that name a file (given as strings), which may hold any bytes a file name holds."""
    for name, value in vars(args).items():
        values = value if isinstance(value, list) else [value]
        if name not in paths and any(isinstance(v, str) and not is_text(v) for v in values):
            return f"{name.replace('_', '-')} is not text: it holds bytes that are no UTF-8 character"
    return None


def token_problem(token: str, where: str) -> str | None:
    """Why `token` (given by `where`: --token, $TOURNEYDESK_SYNC_TOKEN) cannot be a venue token, which travels
    in an HTTP header; None when it can."""
    if not token.isascii() or not token.isprintable() or " " in token or len(token) > TOKEN_MAX:
        return f"{where} is not a venue token: `tourneysite token create` gives one (letters, digits, - and _)"
    return None


def seconds(value: str) -> float:
    """An argparse type: a duration, more than 0 and finite."""
    try:
        found = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds") from None
    if not math.isfinite(found) or found <= 0:
        raise argparse.ArgumentTypeError(f"{value!r}: the seconds are a number more than 0")
    return found


def kind_problem(path: Path) -> str | None:
    """Why `path` cannot be a file to read or write: a folder, a device, a name the system refuses (too
    long, a file where a folder should be); None when it is a file or nothing is there yet."""
    try:
        found = path.stat()
    except FileNotFoundError:
        return None
    except OSError as error:
        return system_says(error)
    if stat.S_ISDIR(found.st_mode):
        return f"{path} is a folder: give the name of the file"
    if not stat.S_ISREG(found.st_mode):
        return f"{path} is not a file"
    return None


def new_file_problem(path: Path) -> str | None:
    """`kind_problem`, or the folder a new file would go into is not there. What the system says of the
    rest (no right to write, a medium read-only) comes when the file is written."""
    problem = kind_problem(path)
    if problem is None and not path.parent.is_dir():
        return f"there is no folder {path.parent}"
    return problem


def system_says(error: OSError) -> str:
    """What the system said of a file, in a line: "/media/usb/x.csv: Permission denied"."""
    reason = error.strerror or str(error)
    return f"{error.filename}: {reason}" if error.filename else reason
