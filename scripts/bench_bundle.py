"""The installers' figures: how big the Linux bundle and .deb are, and how fast the frozen program opens.

    python installers/build.py --out build/installers      # first, once
    python scripts/bench_bundle.py [--build build/installers] [--runs 5]

Printed beside a baseline measured in the same run:
- the bundle unpacked (target at most 250 MB) and the .deb (at most 120 MB), beside what the same
  program takes installed from the wheel in a venv (its site-packages), and what takes the space;
- the frozen program opening the demo file to a usable console (the window shown and painted), beside
  the venv's program opening the same file (target: within 1.5x), median of interleaved runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MB = 2**20


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def what_takes_the_space(bundle: Path, top: int = 12) -> list[tuple[str, int]]:
    """The bundle's space by part: each Qt library and plugin folder, each Python package, the rest."""
    parts: Counter[str] = Counter()
    for path in bundle.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        rel = path.relative_to(bundle).parts
        inner = rel[1:] if rel[0] == "_internal" else rel
        if inner[:3] == ("PySide6", "Qt", "lib"):
            key = "Qt library " + inner[3].split(".so")[0]
        elif inner[:3] == ("PySide6", "Qt", "plugins"):
            key = "Qt plugins/" + inner[3]
        elif inner[0] == "PySide6":
            key = "PySide6 bindings"
        elif len(inner) == 1:
            key = "libpython" if inner[0].startswith("libpython") else "other libraries (X, GLib, codecs...)"
        else:
            key = inner[0]
        parts[key] += path.stat().st_size
    return parts.most_common(top)


def time_to_ready(program: Path, file: Path, env: dict[str, str]) -> float:
    started = time.perf_counter()
    done = subprocess.run([str(program), str(file)], env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0 or "ready (ConsoleWindow" not in done.stderr:
        raise SystemExit(f"{program} did not open {file} to a console: {done.stderr[-2000:]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=REPO / "build" / "installers",
                        help="the folder installers/build.py built into")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    build = args.build.resolve()
    bundle, venv = build / "dist" / "tourneydesk", build / "venv"
    frozen, venv_program = bundle / "tourneydesk", venv / "bin" / "tourneydesk"
    debs, archives = sorted(build.glob("tourneydesk_*.deb")), sorted(build.glob("tourneydesk-*-linux-*.tar.gz"))
    if not frozen.is_file() or not venv_program.is_file() or not debs:
        print(f"no Linux build in {build}: run `python installers/build.py --out {build}` first", file=sys.stderr)
        return 2

    site = next((venv / "lib").glob("python3*/site-packages"))
    tooling = ("pyinstaller", "PyInstaller", "_pyinstaller", "pip", "setuptools", "altgraph", "packaging")
    installed = sum(size(p) if p.is_dir() else p.stat().st_size for p in site.iterdir()
                    if not p.name.startswith(tooling))
    unpacked, deb = size(bundle), debs[-1].stat().st_size
    print("Size (MB)")
    print(f"  bundle unpacked        {unpacked / MB:7.1f}   target <= 250   "
          f"{'met' if unpacked <= 250 * MB else 'MISSED'}")
    print(f"  .deb                   {deb / MB:7.1f}   target <= 120   {'met' if deb <= 120 * MB else 'MISSED'}")
    if archives:
        print(f"  .tar.gz                {archives[-1].stat().st_size / MB:7.1f}")
    print(f"  baseline: the wheel installed in a venv (site-packages, without the build tools) "
          f"{installed / MB:.1f}")
    print("  what takes the bundle's space:")
    for part, taken in what_takes_the_space(bundle):
        print(f"    {taken / MB:6.1f}  {part}")

    with tempfile.TemporaryDirectory(prefix="tourneydesk-bench-") as folder:
        home = Path(folder)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TOURNEYDESK_", "XDG_"))}
        env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
                   QT_QPA_PLATFORM="offscreen", TOURNEYDESK_EXIT_WHEN_READY="1")
        made = subprocess.run([str(venv_program), "demo", "--no-gui"], env=env, capture_output=True, text=True,
                              check=True)
        demo = Path(made.stdout.strip().splitlines()[-1])
        time_to_ready(frozen, demo, env)  # the first start fills the OS's file cache: not counted
        time_to_ready(venv_program, demo, env)
        frozen_s, venv_s = [], []
        for _ in range(args.runs):
            frozen_s.append(time_to_ready(frozen, demo, env))
            venv_s.append(time_to_ready(venv_program, demo, env))
    f, v = statistics.median(frozen_s), statistics.median(venv_s)
    print(f"\nOpening the demo to a usable console (offscreen, median of {args.runs} interleaved runs)")
    print(f"  frozen program         {f:6.2f} s")
    print(f"  baseline: the venv's   {v:6.2f} s")
    print(f"  ratio                  {f / v:6.2f}x  target <= 1.5x  {'met' if f <= 1.5 * v else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
