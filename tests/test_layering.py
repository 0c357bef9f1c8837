"""The layers, read from the source: every import, at the top of a module or inside a function, with
relative imports resolved to the module they name (`from ..ui import app` inside core is caught).

* `core` is the rulebook: the standard library and itself only, and no clock, random source, SQLite,
  threads or network even from the standard library;
* `store` sits below the desk: it never imports `desk`, `ui` or anything above it (only the core and
  the package's data files);
* only `ui` imports Qt;
* no two modules import each other, by any path (`cli` -> `ui.app` -> `ui.start_page` -> `cli` was one).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "desktop"
PACKAGE = ROOT / "tourneydesk"
FORBIDDEN_IN_CORE = {"time", "random", "secrets", "sqlite3", "sqlite_utils", "PySide6", "os", "uuid", "datetime",
                     "threading", "socket", "subprocess", "asyncio", "httpx", "apscheduler", "platformdirs"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool = False) -> Iterator[str]:
    """Every module `source` (the text of `module`) imports, relative imports made absolute."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base)
                target = f"{prefix}.{node.module}" if node.module else prefix
            else:
                target = node.module or ""
            yield target
            for alias in node.names:  # `from . import engine` imports the module tourneydesk.core.engine
                yield f"{target}.{alias.name}"


def modules() -> dict[str, set[str]]:
    """Module -> the modules of this program it imports (names that are no module of ours dropped)."""
    found = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in found.items():
        raw = set(imports_of(path.read_text(encoding="utf-8"), name, path.name == "__init__.py"))
        graph[name] = raw
    return graph


GRAPH = modules()
OURS = set(GRAPH)


def top(name: str) -> str:
    return name.split(".")[0]


def test_the_resolver_sees_a_relative_import_out_of_the_core() -> None:
    found = set(imports_of("def f():\n    from ..ui import app\n", "tourneydesk.core.undo"))
    assert "tourneydesk.ui.app" in found
    assert set(imports_of("from . import engine\n", "tourneydesk.core.public")) >= {"tourneydesk.core.engine"}
    assert "tourneydesk.core.state" in set(imports_of("from .state import State\n", "tourneydesk.core", True))


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if m.startswith("tourneydesk.core")))
def test_the_core_imports_the_standard_library_and_itself_only(module: str) -> None:
    for name in GRAPH[module]:
        if name.startswith("tourneydesk"):
            assert name.startswith("tourneydesk.core"), f"{module} imports {name}"
        else:
            assert top(name) in sys.stdlib_module_names or name == "__future__", f"{module} imports {name}"
            assert top(name) not in FORBIDDEN_IN_CORE, f"{module} imports {name}"


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if m.startswith("tourneydesk.store")))
def test_the_store_never_imports_the_desk_or_a_window(module: str) -> None:
    # Beside the core and itself, only the package's data files (`resources`, the migrations).
    below = ("tourneydesk.core", "tourneydesk.store", "tourneydesk.migrations", "tourneydesk.resources")
    above = [n for n in GRAPH[module] if n.startswith("tourneydesk.") and not n.startswith(below)]
    assert above == [], f"{module} imports {above}"


def test_only_the_ui_imports_qt() -> None:
    outside = sorted(m for m, names in GRAPH.items() if any(top(n) == "PySide6" for n in names)
                     and not m.startswith("tourneydesk.ui"))
    assert outside == []


def test_no_import_cycle() -> None:
    edges = {m: {n for n in names if n in OURS and n != m and not m.startswith(f"{n}.")} for m, names in GRAPH.items()}
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycles.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(edges):
        if start not in state:
            visit(start, [start])
    assert cycles == [], " ; ".join(" -> ".join(c) for c in cycles[:5])
