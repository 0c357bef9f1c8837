"""The core is the rulebook in Python: no Qt, no SQLite, no clock and no random source inside it."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "desktop" / "tourneydesk" / "core"
FORBIDDEN = {"time", "random", "secrets", "sqlite3", "sqlite_utils", "PySide6", "os", "uuid", "datetime",
             "threading", "socket", "httpx", "apscheduler"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_core_imports_only_the_standard_library_and_itself() -> None:
    for path in sorted(CORE.rglob("*.py")):
        for name in imported_modules(path):
            assert name in sys.stdlib_module_names or name == "tourneydesk", f"{path.name} imports {name}"


def test_core_never_reads_the_clock_or_a_random_source() -> None:
    for path in sorted(CORE.rglob("*.py")):
        assert not imported_modules(path) & FORBIDDEN, f"{path.name} imports {imported_modules(path) & FORBIDDEN}"


def test_no_float_literal_in_the_core() -> None:
    """Money is minor units and chips are integers: a float literal in the rules would be a slip."""
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        floats = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, float)]
        assert not floats, f"{path.name} has float literals on lines {floats}"
