"""docs/protocol.md has a section for every command and every event type the engine knows, and names
every refusal code the desk can raise: a new one fails here until it is documented."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tourneydesk.core import engine

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = ROOT / "docs" / "protocol.md"
# The desk and everything under it. Not the protocol: the windows' own messages (ui/), the club file
# beside the tournaments (club/, a store with its own refusals) and the venue network's HTTP answers
# (lan/, which passes the desk's refusals through as they are).
RAISERS = sorted(p for p in (ROOT / "desktop" / "tourneydesk").rglob("*.py")
                 if not {"ui", "club", "lan"} & set(p.relative_to(ROOT / "desktop" / "tourneydesk").parts))
ERROR_CALLS = {"TourneyError", "FileRefused", "refuse"}


def sections(title: str) -> set[str]:
    """The `### `name`` headings under the `## title` part of the page."""
    text = PROTOCOL.read_text(encoding="utf-8")
    part = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert part, f"docs/protocol.md has no part '## {title}'"
    return set(re.findall(r"^### `(\w+)`", part.group(1), re.MULTILINE))


def codes_raised(path: Path) -> set[str]:
    """The code strings given to TourneyError (or a file refusal) in one module, both arms of an `if`."""
    codes: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERROR_CALLS \
                and node.args:
            for part in ast.walk(node.args[0]):
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    codes.add(part.value)
    return codes


def test_every_command_has_its_section() -> None:
    commands = set(engine.COMMANDS)
    assert sorted(commands - sections("Commands")) == []
    assert sorted(sections("Commands") - commands) == []


def test_every_event_type_has_its_section() -> None:
    events = set(engine.APPLY) | {"tournament_created"}  # the first event is folded by `new_state`
    assert sorted(events - sections("Events: the file format")) == []
    assert sorted(sections("Events: the file format") - events) == []


def test_every_refusal_code_is_in_the_table() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    part = text[text.index("## Refusal codes"):text.index("## The snapshot")]
    documented = set(re.findall(r"`([A-Z][A-Z0-9_]+)`", part))
    raised = set().union(*(codes_raised(p) for p in RAISERS)) | {"CONFIG_INVALID"}  # ConfigError's own
    assert {"SEAT_TAKEN", "FILE_NEWER", "ICM_TOO_MANY_PLAYERS", "TABLE_UNKNOWN"} <= raised
    assert sorted(raised - documented) == []
