"""The code stays typed and lint-clean: the checks a reviewer runs first, run by CI."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing() -> None:
    result = run("ruff", "check", "desktop", "website", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


# What `mypy --strict` turns on module by module (the rest of it, warn_unused_ignores and warn_redundant_casts,
# is global in pyproject.toml).
STRICT_FLAGS = ("disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls", "disallow_untyped_defs",
                "disallow_incomplete_defs", "check_untyped_defs", "disallow_untyped_decorators", "warn_return_any",
                "no_implicit_reexport", "strict_equality", "extra_checks")


def test_both_packages_stay_held_to_mypy_strict() -> None:
    """Every module of the desktop program and of the website: the rules, the file, the sync, the club, the LAN,
    the windows, the site."""
    mypy = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["warn_unused_ignores"] is True and mypy["warn_redundant_casts"] is True
    assert set(mypy["files"]) == {"desktop/tourneydesk", "website/tourneysite"}
    # mypy runs once in the suite (above): a run on the site alone, `mypy --strict website/tourneysite` as a
    # reviewer types it, finds the desktop package by its source and checks the same modules by the same flags.
    assert set(mypy["mypy_path"]) == {"desktop", "website"}
    strict = {module for override in mypy["overrides"] if all(override.get(flag) is True for flag in STRICT_FLAGS)
              for module in override["module"]}
    assert {"tourneydesk.*", "tourneysite.*"} <= strict
    # And none of them let off again by a later override.
    for override in mypy["overrides"]:
        assert not any(override.get(flag) is False for flag in STRICT_FLAGS), override


def test_mypy_runs_once_a_suite() -> None:
    """A whole run of mypy takes a minute of the suite: it is run by the test above, nowhere else (CI runs the
    suite, not mypy beside it)."""
    runs = [path.name for path in (REPO / "tests").rglob("*.py") for line in path.read_text(encoding="utf-8")
            .splitlines() if line.strip().startswith(("result = run(\"mypy\"", "run(\"mypy\""))]
    assert runs == ["test_code_quality.py"]
    assert "mypy" not in (REPO / ".ci" / "run").read_text(encoding="utf-8")
