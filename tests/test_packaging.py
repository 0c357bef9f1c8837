"""The package carries its data and finds it through one lookup; a broken install names what it lacks."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tourneydesk import __version__, resources
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.desk import Desk
from tourneydesk.store import migrations_dir

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "desktop" / "tourneydesk"
# Modules that exist only on POSIX (or only on Windows): importing one at module level stops the program
# on the other system before it prints anything.
ONE_SYSTEM_ONLY = {"resource", "fcntl", "termios", "tty", "pty", "pwd", "grp", "posix", "msvcrt", "winreg", "_winapi"}


def run_tourneydesk(*args: str, env: dict[str, str] | None = None,
                    cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tourneydesk", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})}, cwd=cwd, check=False)


def test_the_data_is_found_as_package_data_of_the_installed_package() -> None:
    # The editable install maps tourneydesk.data onto the repository's resources/ and tourneydesk.migrations
    # onto db/migrations: the same lookup a wheel and a frozen bundle use.
    assert resources.package_folder(resources.DATA_PACKAGE) == REPO / "resources"
    assert resources.resource_folder("structures") == REPO / "resources" / "structures"
    assert migrations_dir() == REPO / "db" / "migrations"
    assert set(resources.structures()) >= {"pko", "turbo", "regular", "deepstack"}
    assert resources.resource_file("translations", "tourneydesk_fr.qm").stat().st_size > 0


def test_every_file_the_program_reads_is_declared_as_package_data() -> None:
    # A file in resources/ the wheel would leave behind is a bug found only on a club's machine.
    import tomllib

    declared = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]
    patterns = declared["tourneydesk.data"]
    shipped = {p.relative_to(REPO / "resources") for p in (REPO / "resources").rglob("*") if p.is_file()}
    needed = {p for p in shipped if p.suffix in {".toml", ".qm", ".wav", ".png", ".svg", ".ico", ".icns"}}
    assert needed, "resources/ holds nothing the program reads"
    left_out = sorted(str(p) for p in needed if not any(p.match(pattern) for pattern in patterns))
    assert left_out == []
    assert declared["tourneydesk.migrations"] == ["*.sql"]


def test_a_missing_data_folder_is_refused_by_the_path_it_looked_for(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(resources.RESOURCES_ENV, str(tmp_path))
    with pytest.raises(TourneyError) as refused:
        resources.structures()
    assert refused.value.code == "RESOURCES_MISSING"
    assert str(tmp_path / "structures") in refused.value.message
    (tmp_path / "sounds").mkdir()
    with pytest.raises(TourneyError) as refused:
        resources.resource_file("sounds", "level_change.wav")
    assert refused.value.params["path"] == str(tmp_path / "sounds" / "level_change.wav")


def test_a_missing_package_is_refused_by_name() -> None:
    with pytest.raises(TourneyError) as refused:
        resources.package_folder("tourneydesk.no_such_data")
    assert refused.value.code == "RESOURCES_MISSING" and "tourneydesk.no_such_data" in refused.value.message


def test_help_and_version_work_in_a_broken_install_and_sim_names_the_missing_folder(tmp_path: Path) -> None:
    broken = {resources.RESOURCES_ENV: str(tmp_path / "gone")}
    version = run_tourneydesk("--version", env=broken, cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.strip() == f"tourneydesk {__version__}"
    for args in (["--help"], ["sim", "--help"]):
        shown = run_tourneydesk(*args, env=broken, cwd=tmp_path)
        assert shown.returncode == 0, shown.stderr
        assert "usage: tourneydesk" in shown.stdout
    sim = run_tourneydesk("sim", "--players", "10", env=broken, cwd=tmp_path)
    assert sim.returncode == 2
    assert "RESOURCES_MISSING" in sim.stderr and str(tmp_path / "gone" / "structures") in sim.stderr
    assert "Traceback" not in sim.stderr


def test_help_shows_the_everyday_usage() -> None:
    shown = run_tourneydesk("--help")
    for usage in ("tourneydesk FILE.tdesk", "--cashier", "--display", "tourneydesk demo", "tourneydesk sim"):
        assert usage in shown.stdout, usage


def test_the_version_is_declared_once() -> None:
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    from importlib.metadata import version

    assert version("tourneydesk") == __version__


def test_a_new_file_records_the_version_the_package_declares(tmp_path: Path) -> None:
    import sqlite3

    from tests.helpers.configs import BASE_CONFIG

    Desk.create(tmp_path / "v.tdesk", BASE_CONFIG).close()
    with sqlite3.connect(tmp_path / "v.tdesk") as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'app_version'").fetchone() == (__version__,)


def _module_level_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """Imports that run when the module loads: at top level or in a top-level try, not under an `if`."""
    found: list[tuple[int, str]] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.extend((node.lineno, alias.name.split(".")[0]) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.append((node.lineno, node.module.split(".")[0]))
            elif isinstance(node, ast.Try | ast.ClassDef):
                visit(node.body)

    visit(tree.body)
    return found


def test_no_module_imports_a_module_of_one_system_at_load_time() -> None:
    # The same package runs on Windows, macOS and Linux: `import resource` at the top of sim.py stopped
    # `tourneydesk sim` on Windows before it printed a word.
    offenders = []
    for path in sorted([*PACKAGE.rglob("*.py"), *(REPO / "website").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [f"{path.relative_to(REPO)}:{line} imports {name}"
                      for line, name in _module_level_imports(tree) if name in ONE_SYSTEM_ONLY]
    assert offenders == []


def test_sim_reports_its_peak_memory_on_this_system() -> None:
    from tourneydesk.sim import peak_memory_mb

    assert 1 < peak_memory_mb() < 4096


def test_a_checkout_that_is_not_installed_finds_the_same_folders() -> None:
    # No site-packages (-S): no editable finder, only the source tree on the path, as a developer's
    # PYTHONPATH=desktop run or an editable install made before the data became a package.
    code = ("import sys; sys.path.insert(0, 'desktop'); from tourneydesk import resources; "
            "print(resources.resource_dir()); print(resources.migrations_folder())")
    found = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=REPO,
                           timeout=60, check=False)
    assert found.returncode == 0, found.stderr
    assert found.stdout.split() == [str(REPO / "resources"), str(REPO / "db" / "migrations")]


def test_setup_py_maps_the_data_packages_from_the_folders_the_checkout_uses() -> None:
    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    mapping = next(ast.literal_eval(node.value) for node in tree.body
                   if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "DATA_PACKAGES")
    assert mapping == resources.CHECKOUT_FOLDERS


def test_the_icon_ships_at_every_size_and_in_the_windows_and_macos_containers() -> None:
    import struct

    folder = resources.resource_folder("icons")
    for size in (16, 24, 32, 48, 64, 128, 256, 512, 1024):
        png = (folder / f"tourneydesk_{size}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (size, size)  # the IHDR's width and height
    ico = (folder / "tourneydesk.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    sizes = sorted(ico[6 + 16 * i] or 256 for i in range(count))
    assert (reserved, kind, sizes) == (0, 1, [16, 24, 32, 48, 64, 128, 256])
    icns = (folder / "tourneydesk.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, at = [], 8
    while at < len(icns):
        kinds.append(icns[at:at + 4])
        at += struct.unpack(">I", icns[at + 4:at + 8])[0]
    assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= set(kinds)
