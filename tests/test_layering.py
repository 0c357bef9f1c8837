"""The layers, read from the source: every import, at the top of a module or inside a function, with
relative imports resolved to the module they name (`from ..ui import app` inside core is caught).

* the layer table of docs/architecture.md is the rule: every module of `desktop/` and `website/` is in
  one of its layers, a layer imports only the layers its row names, and what runs without Qt (every
  layer but the windows and the command line) reaches PySide6 by no path at all;

* `core` is the rulebook: the standard library and itself only, and no clock, random source, SQLite,
  threads or network even from the standard library;
* `store` sits below the desk: it never imports `desk`, `ui` or anything above it (only the core and
  the package's data files);
* only `ui` imports Qt, and inside it only `ui/qt.py` imports PySide6 (every window imports its Qt names from
  there);
* `ui` and `lan` never import the store: the file is the Desk's, and they reach it only through the Desk;
* `ui` never imports SQLite nor the club's command line: the club file is reached through `ClubService`;
* `sync` never speaks SQLite itself: it reads the log and keeps its bookkeeping through the store's
  `LogReader`, so the file's SQL is all in `store`;
* `ui` and `lan` never work out the log's facts (`core.protocol.log`, `core.rules.undo`): the Desk serves them;
* `ui` and `lan` never read the Desk's live `state`: they read the snapshots and read models it serves
  (the modules that still do are listed below, and the list may only shrink);
* in `ui`, only `ui/operations.py` sends a command (the bridge's `execute` is what it calls): one place
  stamps the station, previews with dry runs and turns a fault into a refusal the window shows;
* no two modules import each other, by any path (`cli` -> `ui.app` -> `ui.start_page` -> `cli` was one), in
  the desktop program or the website;
* and in the tests, no test module imports from another one (nor from a conftest): what tests share is in
  `tests/helpers`, the fixtures in the conftest files, so a test file can be run, moved or deleted alone.
"""

from __future__ import annotations

import ast
import re
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

WEBSITE = ROOT.parent / "website"
ARCHITECTURE = ROOT.parent / "docs" / "architecture.md"


def source_graph() -> dict[str, set[str]]:
    """Every module of the desktop package and of the website -> the modules it imports."""
    graph = dict(GRAPH)
    for path in (WEBSITE / "tourneysite").rglob("*.py"):
        parts = path.relative_to(WEBSITE).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        graph[name] = set(imports_of(path.read_text(encoding="utf-8"), name, path.name == "__init__.py"))
    return graph


WHOLE = source_graph()


def layer_table() -> dict[str, tuple[list[str], set[str]]]:
    """The table of docs/architecture.md: layer -> (the modules it holds, what it may import: the modules
    its row names, a layer by its name, one module of it as `layer.module`; parenthesised words explain)."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    rows = text[text.index("| layer | folder | holds | may import |"):].split("\n\n")[0].splitlines()[2:]
    places: dict[str, list[str]] = {}
    named: dict[str, list[str]] = {}
    for row in rows:
        layer, folders, _, may = (cell.strip() for cell in row.strip("|").split(" | "))
        paths = re.findall(r"`([^`]+)`", folders)
        base = paths[0].rsplit("/", 1)[0] if paths[0].endswith(".py") else paths[0].rstrip("/").rsplit("/", 1)[0]
        places[layer] = [_module_of(p if "/" in p else f"{base}/{p}") for p in paths]
        named[layer] = re.findall(r"`([a-z_.]+)`", re.sub(r"\([^)]*\)", "", may))
    table = {}
    for layer, tokens in named.items():
        allowed = set()
        for token in tokens:
            name, _, inner = token.partition(".")
            assert name in places, f"{layer} may import {token!r}, which is no layer of the table"
            allowed |= {f"{m}.{inner}" for m in places[name]} if inner else set(places[name])
        table[layer] = (places[layer], allowed)
    return table


def _module_of(path: str) -> str:
    parts = path.removeprefix("desktop/").removeprefix("website/").removesuffix("/").removesuffix(".py").split("/")
    return ".".join(parts)


LAYERS = layer_table()
ROOT_PACKAGE = "tourneydesk"  # its version, which every layer may read


def layer_of(module: str) -> str | None:
    held = [(len(m), layer) for layer, (mods, _) in LAYERS.items() for m in mods
            if module == m or module.startswith(f"{m}.")]
    return max(held)[1] if held else None


def test_every_module_is_in_a_layer_of_the_table() -> None:
    assert {"core", "store", "desk", "ui", "lan", "website", "words"} <= set(LAYERS)
    assert sorted(m for m in WHOLE if m != ROOT_PACKAGE and layer_of(m) is None) == []


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_each_layer_imports_only_what_its_row_in_the_table_names(layer: str) -> None:
    own, allowed = LAYERS[layer]
    wrong = sorted({f"{m} -> {n}" for m in WHOLE if layer_of(m) == layer for n in WHOLE[m]
                    if n in WHOLE and n != ROOT_PACKAGE and layer_of(n) != layer
                    and not any(n == a or n.startswith(f"{a}.") for a in allowed)})
    assert wrong == [], f"docs/architecture.md says {layer} may import {sorted(allowed) or 'nothing of ours'}"


WITH_QT = {"ui", "cli"}


def reach(module: str) -> set[str]:
    """Every module of ours `module` imports, by any path."""
    seen, todo = set(), [module]
    while todo:
        for name in WHOLE[todo.pop()]:
            if name in WHOLE and name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_the_table_reader_sees_a_layer_reached_indirectly() -> None:
    assert "tourneydesk.store.chain" in reach("tourneysite.results")  # the website's one module of the store
    assert layer_of("tourneydesk.store.chain") == "store" and layer_of("tourneysite.validation") == "website"
    assert "tourneydesk.store.chain" in LAYERS["website"][1] and "tourneydesk.store" not in LAYERS["website"][1]


@pytest.mark.parametrize("layer", sorted(set(LAYERS) - WITH_QT))
def test_what_runs_without_qt_reaches_no_qt_by_any_path(layer: str) -> None:
    """The desk, the core, the store, the sync, the venue network and the website run (and install) without
    Qt: no module they reach, however indirectly, imports PySide6 or a window."""
    for module in (m for m in WHOLE if layer_of(m) == layer):
        reached = {module} | reach(module)
        qt = sorted(m for m in reached if layer_of(m) in WITH_QT or any(top(n) == "PySide6" for n in WHOLE[m]))
        assert qt == [], f"{module} reaches {qt}"


def top(name: str) -> str:
    return name.split(".")[0]


def test_the_resolver_sees_a_relative_import_out_of_the_core() -> None:
    found = set(imports_of("def f():\n    from ...ui import app\n", "tourneydesk.core.rules.undo"))
    assert "tourneydesk.ui.app" in found
    assert set(imports_of("from .. import engine\n", "tourneydesk.core.protocol.public")) >= {"tourneydesk.core.engine"}
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


def test_inside_the_ui_only_the_qt_shim_imports_pyside6() -> None:
    others = sorted(m for m, names in GRAPH.items() if any(top(n) == "PySide6" for n in names)
                    and m != "tourneydesk.ui.qt")
    assert others == []


def test_the_qt_shim_is_what_the_windows_import() -> None:
    # Not a shim nobody uses: every module that names a Qt class gets it from ui/qt.py.
    users = {m for m, names in GRAPH.items() if "tourneydesk.ui.qt" in names}
    assert {"tourneydesk.ui.console.main_window", "tourneydesk.ui.cashier.window", "tourneydesk.ui.display.window",
            "tourneydesk.ui.bridge", "tourneydesk.ui.app"} <= users


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if m.startswith(("tourneydesk.ui", "tourneydesk.lan"))))
def test_the_windows_and_the_venue_network_never_import_the_store(module: str) -> None:
    store = sorted(n for n in GRAPH[module] if n == "tourneydesk.store" or n.startswith("tourneydesk.store."))
    assert store == [], f"{module} imports {store}: the file is reached through the Desk"


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if m.startswith("tourneydesk.ui")))
def test_the_windows_meet_no_sqlite_and_no_command_line(module: str) -> None:
    """The club's windows reach the club file through its door (`ClubService`), whose refusals say what went
    wrong with the file (CLUB_FILE_FAILED): never SQLite's own errors, never the shell's module."""
    below = sorted(n for n in GRAPH[module] if top(n) in {"sqlite3", "sqlite_utils"} or n == "tourneydesk.club.cli"
                   or n.startswith("tourneydesk.club.cli."))
    assert below == [], f"{module} imports {below}"


LOG_FACTS = {"tourneydesk.core.protocol.log", "tourneydesk.core.rules.undo"}


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if m.startswith(("tourneydesk.ui", "tourneydesk.lan"))))
def test_the_windows_ask_the_desk_what_the_log_says(module: str) -> None:
    """Which commands were undone, what Ctrl+Z takes back: read models of the Desk (`undone_commands`,
    `undo_target`), never worked out by a window from the events it holds."""
    computed = sorted(n for n in GRAPH[module] if n in LOG_FACTS or any(n.startswith(f"{m}.") for m in LOG_FACTS))
    assert computed == [], f"{module} imports {computed}: ask the Desk (docs/architecture.md)"


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if m.startswith("tourneydesk.sync")))
def test_the_sync_reads_the_file_through_the_store(module: str) -> None:
    sqlite = sorted(n for n in GRAPH[module] if top(n) in {"sqlite3", "sqlite_utils"})
    assert sqlite == [], f"{module} imports {sqlite}: the file's SQL is the store's (store/log_reader.py)"


def reads_of_desk_state(source: str) -> int:
    """How many times `source` reads `<something>desk.state` (`desk.state`, `self.desk.state`,
    `bridge.desk.state`, `self._desk.state`...): the Desk's live State, which is the Desk's own."""
    found = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            owner = node.value
            name = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            found += name.lstrip("_").endswith("desk")
    return found


# The windows that still read the live State, and how often: this list may only shrink (a module that
# stops reading it must leave the list, a new one may not join it).
STILL_READING_DESK_STATE: dict[str, int] = {
}


def test_the_desk_state_detector_sees_every_spelling() -> None:
    assert reads_of_desk_state("a = desk.state\nb = self.desk.state.entries\nc = self._desk.state\n") == 3
    assert reads_of_desk_state("d = self.bridge.desk.state\n") == 1
    assert reads_of_desk_state("e = snapshot.state\nf = self.state\n") == 0


def test_the_windows_read_the_desks_snapshots_not_its_state() -> None:
    found = {}
    for path in sorted([*(PACKAGE / "ui").rglob("*.py"), *(PACKAGE / "lan").rglob("*.py")]):
        count = reads_of_desk_state(path.read_text(encoding="utf-8"))
        if count:
            found[module_name(path)] = count
    grown = {m: n for m, n in found.items() if n > STILL_READING_DESK_STATE.get(m, 0)}
    assert grown == {}, f"reads of desk.state outside the Desk: {grown}"
    gone = {m: n for m, n in STILL_READING_DESK_STATE.items() if found.get(m, 0) < n}
    assert gone == {}, f"fewer reads of desk.state than listed (lower the list): {gone}, now {found}"


def commands_sent(source: str) -> int:
    """How many times `source` calls `execute` on a desk or a bridge (`self.bridge.execute(...)`,
    `desk.execute(...)`, `self._bridge.execute(...)`); the club's own door (`club.execute`) is not the Desk."""
    found = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "execute":
            owner = node.func.value
            name = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            found += name.lstrip("_").endswith(("desk", "bridge"))
    return found


def test_the_command_detector_sees_every_spelling() -> None:
    assert commands_sent("self.bridge.execute(c)\nself._bridge.execute(c)\ndesk.execute(c)\n") == 3
    assert commands_sent("club.execute(c)\nservice.execute(c)\nself.bridge.snapshot()\n") == 0


def test_every_window_sends_its_commands_through_operations() -> None:
    senders = {module_name(p): commands_sent(p.read_text(encoding="utf-8")) for p in (PACKAGE / "ui").rglob("*.py")}
    allowed = {"tourneydesk.ui.operations", "tourneydesk.ui.bridge"}
    others = sorted(m for m, n in senders.items() if n and m not in allowed)
    assert others == [], f"these send commands around ui/operations.py: {others}"
    assert senders["tourneydesk.ui.operations"] >= 1


def test_no_import_cycle() -> None:
    """In the desktop program and in the website (`storage` -> `storage_pg` -> `storage` was one there)."""
    edges = {m: {n for n in names if n in WHOLE and n != m and not m.startswith(f"{n}.")} for m, names in WHOLE.items()}
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


TESTS = Path(__file__).resolve().parent


def other_test_modules_in(source: str, module: str, is_package: bool = False) -> list[str]:
    """The test modules and conftest files that `source` (the text of test-suite module `module`) imports."""
    found = set()
    for target in imports_of(source, module, is_package):
        parts = target.split(".")
        hits = [i for i, p in enumerate(parts) if i and (p.startswith("test_") or p == "conftest")]
        if parts[0] == "tests" and hits:
            found.add(".".join(parts[: hits[0] + 1]))  # the module, not the name imported from it
    return sorted(found)


def test_the_test_import_detector_sees_every_spelling() -> None:
    source = ("from .test_push import wait_until\nfrom tests.ui.test_cashier import key\n"
              "import tests.desk.test_properties\nfrom tests.conftest import DURABLE\n"
              "from tests.helpers.desks import seat_players\nfrom . import conftest\n")
    assert other_test_modules_in(source, "tests.sync.test_faults") == [
        "tests.conftest", "tests.desk.test_properties", "tests.sync.conftest", "tests.sync.test_push",
        "tests.ui.test_cashier"]
    assert other_test_modules_in("from tests.helpers.sessions import Session\n", "tests.desk.test_fuzz_hostile") == []


def test_no_test_module_imports_another() -> None:
    offenders = {}
    for path in sorted(TESTS.rglob("*.py")):
        parts = path.relative_to(TESTS.parent).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        found = other_test_modules_in(path.read_text(encoding="utf-8"), ".".join(parts[:-1] if is_package else parts),
                                      is_package)
        if found:
            offenders[str(path.relative_to(TESTS.parent))] = found
    assert offenders == {}, f"move what they share into tests/helpers (fixtures into a conftest): {offenders}"
