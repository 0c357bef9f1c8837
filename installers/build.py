"""Build TourneyDesk's installers for the machine this runs on, then try what was built.

    python installers/build.py [--out build/installers] [--no-package]

1. the wheel, from this checkout;
2. a build venv outside the checkout, with that wheel (and its gui extra) and PyInstaller;
3. the one-folder bundle, frozen from the installed wheel with installers/tourneydesk.spec;
4. smoke tests of the frozen program: `--version`, `sim --players 50`, `screenshots` offscreen
   (every window renders; the pictures match the venv's pixel for pixel, so the fonts are there too),
   and a `.tdesk` made by the installed wheel opened by the frozen program;
5. the installers: on Linux a portable .tar.gz and a .deb (dpkg-deb); on Windows the Inno Setup
   installer (when ISCC.exe is on the PATH or in its usual folder); on macOS TourneyDesk.app in a .dmg.

Every step that fails stops the build with a message saying which step and why, and a non-zero exit:
an installer that was not tried is not handed to a club. Only the standard library is used here, so
any Python 3.11 runs it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

import packaging_linux  # noqa: E402  (beside this script)

WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"


class BuildFailed(Exception):
    """A step of the build or of its smoke tests went wrong: the message says which and why."""


def step(title: str) -> None:
    print(f"\n== {title}", flush=True)


def run(args: list[str | Path], *, what: str, env: dict[str, str] | None = None, cwd: Path | None = None,
        timeout: float = 1800, capture: bool = False) -> subprocess.CompletedProcess[str]:
    shown = " ".join(str(a) for a in args)
    print(f"   $ {shown}", flush=True)
    try:
        done = subprocess.run([str(a) for a in args], env=env, cwd=cwd, timeout=timeout, text=True,
                              capture_output=capture, check=False)
    except subprocess.TimeoutExpired:
        raise BuildFailed(f"{what}: still running after {timeout:.0f} s: {shown}") from None
    except OSError as exc:
        raise BuildFailed(f"{what}: cannot run {args[0]}: {exc}") from None
    if done.returncode != 0:
        output = (done.stdout or "") + (done.stderr or "") if capture else "(its output is above)"
        raise BuildFailed(f"{what}: exit code {done.returncode} from {shown}\n{output[-4000:]}")
    return done


def version() -> str:
    namespace: dict[str, str] = {}
    source = (REPO / "desktop" / "tourneydesk" / "__init__.py").read_text(encoding="utf-8")
    exec(compile(source, "tourneydesk/__init__.py", "exec"), namespace)  # the one version source
    return namespace["__version__"]


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if WINDOWS else "bin/python")


def venv_command(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if WINDOWS else "bin") / (f"{name}.exe" if WINDOWS else name)


def build_wheel(out: Path) -> Path:
    step("the wheel")
    wheels = out / "wheel"
    shutil.rmtree(wheels, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels, REPO], what="building the wheel")
    found = sorted(wheels.glob("tourneydesk-*.whl"))
    if len(found) != 1:
        raise BuildFailed(f"building the wheel: expected one tourneydesk wheel in {wheels}, found {found}")
    print(f"   {found[0].name}")
    return found[0]


def build_venv(out: Path, wheel: Path) -> Path:
    step("the build venv (the installed wheel, its gui extra, PyInstaller)")
    venv = out / "venv"
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", venv], what="creating the build venv")
    run([venv_python(venv), "-m", "pip", "install", "-q", f"{wheel}[gui]", "pyinstaller>=6.10,<7"],
        what="installing the wheel and PyInstaller in the build venv")
    return venv


def freeze(out: Path, venv: Path) -> Path:
    step("the one-folder bundle (PyInstaller)")
    dist, work = out / "dist", out / "work"
    shutil.rmtree(dist, ignore_errors=True)
    run([venv_python(venv), "-m", "PyInstaller", HERE / "tourneydesk.spec", "--noconfirm", "--log-level", "WARN",
         "--distpath", dist, "--workpath", work], what="freezing the bundle", cwd=out)
    bundle = dist / "tourneydesk"
    # Links PyInstaller made to libraries the spec then dropped (the on-screen keyboard's...) point nowhere.
    for link in [p for p in bundle.rglob("*") if p.is_symlink() and not p.exists()]:
        link.unlink()
    if not frozen_program(bundle).is_file():
        raise BuildFailed(f"freezing the bundle: no program at {frozen_program(bundle)}")
    return bundle


def frozen_program(bundle: Path) -> Path:
    """The program that prints: what the smoke tests run and the Linux launcher starts."""
    return bundle / ("tourneydesk-cli.exe" if WINDOWS else "tourneydesk")


def clean_env(home: Path) -> dict[str, str]:
    """The environment of a user who never ran TourneyDesk: a fresh HOME, offscreen Qt, no override."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TOURNEYDESK_", "PYTHON", "XDG_"))}
    env.update(HOME=str(home), USERPROFILE=str(home), APPDATA=str(home / "AppData" / "Roaming"),
               LOCALAPPDATA=str(home / "AppData" / "Local"), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local" / "share"), XDG_CACHE_HOME=str(home / ".cache"),
               QT_QPA_PLATFORM="offscreen")
    return env


def smoke_test(program: Path, venv: Path, out: Path, expected_version: str) -> None:
    """Run the frozen program as a user would, from a folder outside the checkout, failing loudly."""
    step(f"smoke tests of {program}")
    with tempfile.TemporaryDirectory(prefix="tourneydesk-smoke-") as folder:
        where = Path(folder)
        env = clean_env(where / "home")
        shown = run([program, "--version"], what="the frozen --version", env=env, cwd=where, capture=True)
        if shown.stdout.strip() != f"tourneydesk {expected_version}":
            raise BuildFailed(f"the frozen --version printed {shown.stdout.strip()!r}, "
                              f"not 'tourneydesk {expected_version}'")
        print(f"   {shown.stdout.strip()}")
        helped = run([program, "--help"], what="the frozen --help", env=env, cwd=where, capture=True)
        if "tourneydesk FILE.tdesk" not in helped.stdout:
            raise BuildFailed("the frozen --help does not show the everyday usage")
        played = run([program, "sim", "--players", "50", "--db", where / "sim.tdesk"], what="the frozen sim",
                     env=env, cwd=where, capture=True, timeout=600)
        print("   sim --players 50: " + played.stdout.strip().splitlines()[0])
        # A file made by the installed wheel, opened by the frozen program.
        made = where / "made-by-the-wheel.tdesk"
        run([venv_command(venv, "tourneydesk"), "sim", "--players", "30", "--seed", "7", "--db", made],
            what="the wheel making a .tdesk", env=env, cwd=where, capture=True, timeout=600)
        before = made.read_bytes()
        frozen_shots, venv_shots = where / "frozen-shots", where / "venv-shots"
        run([program, "screenshots", made, "--out", where / "file-shots"], what="the frozen program opening "
            "a .tdesk made by the wheel", env=env, cwd=where, capture=True, timeout=600)
        if made.read_bytes() != before:
            raise BuildFailed("the frozen program changed the .tdesk it only rendered")
        run([program, "screenshots", "--out", frozen_shots], what="the frozen screenshots", env=env, cwd=where,
            capture=True, timeout=600)
        run([venv_command(venv, "tourneydesk"), "screenshots", "--out", venv_shots], what="the venv screenshots",
            env=env, cwd=where, capture=True, timeout=600)
        compared = run([venv_python(venv), HERE / "compare_shots.py", frozen_shots, venv_shots],
                       what="the frozen windows against the venv's", env=env, cwd=where, capture=True)
        print("   " + compared.stdout.strip().replace("\n", "\n   "))
        if not WINDOWS and not MACOS:
            on_x_server(program, made, env, where)
        keep = out / "smoke-screenshots"
        shutil.rmtree(keep, ignore_errors=True)
        shutil.copytree(frozen_shots, keep)
    print("   smoke tests passed")


def on_x_server(program: Path, made: Path, env: dict[str, str], where: Path) -> None:
    """The frozen program's real window on an X server (Xvfb): the xcb plugin and the libraries it loads."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise BuildFailed("the window on an X server: Xvfb is not installed (apt-get install xvfb)")
    read, write = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        if not display:
            raise BuildFailed("the window on an X server: Xvfb did not start")
        x_env = {**env, "QT_QPA_PLATFORM": "xcb", "DISPLAY": f":{display}", "TOURNEYDESK_EXIT_WHEN_READY": "1"}
        shown = run([program, made], what="the frozen console on an X server", env=x_env, cwd=where, capture=True,
                    timeout=300)
        if "ready (ConsoleWindow, xcb)" not in shown.stderr:
            raise BuildFailed(f"the frozen console on an X server did not show: {shown.stderr[-2000:]}")
        print(f"   on Xvfb :{display}: the console opened the wheel's file")
    finally:
        server.terminate()
        server.wait(timeout=30)


def package_linux(bundle: Path, out: Path, release: str) -> list[Path]:
    step("the portable .tar.gz")
    archive = out / f"tourneydesk-{release}-linux-{packaging_linux.machine()}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(bundle, arcname=f"tourneydesk-{release}")
    print(f"   {archive.name}: {archive.stat().st_size / 2**20:.1f} MB")
    step("the .deb")
    deb = packaging_linux.build_deb(bundle, out, release, REPO / "resources" / "icons", run)
    print(f"   {deb.name}: {deb.stat().st_size / 2**20:.1f} MB")
    return [archive, deb]


def package_windows(out: Path, release: str) -> list[Path]:
    step("the Inno Setup installer")
    candidates = [shutil.which("iscc"), shutil.which("ISCC"),
                  *(str(Path(os.environ.get(var, "")) / "Inno Setup 6" / "ISCC.exe")
                    for var in ("ProgramFiles(x86)", "ProgramFiles", "LOCALAPPDATA"))]
    iscc = next((c for c in candidates if c and Path(c).is_file()), None)
    if iscc is None:
        raise BuildFailed("the Inno Setup installer: ISCC.exe not found (install Inno Setup 6)")
    run([iscc, f"/DAppVersion={release}", f"/DBundle={out / 'dist' / 'tourneydesk'}", f"/O{out}",
         HERE / "windows" / "tourneydesk.iss"], what="the Inno Setup installer")
    return sorted(out.glob(f"TourneyDesk-{release}-setup.exe"))


def package_macos(out: Path, release: str) -> list[Path]:
    step("the .dmg")
    app = out / "dist" / "TourneyDesk.app"
    if not (app / "Contents" / "Info.plist").is_file():
        raise BuildFailed(f"the .dmg: {app} has no Contents/Info.plist")
    staging = out / "dmg"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    shutil.copytree(app, staging / "TourneyDesk.app", symlinks=True)
    os.symlink("/Applications", staging / "Applications")  # drag the app onto it
    dmg = out / f"TourneyDesk-{release}-macos.dmg"
    dmg.unlink(missing_ok=True)
    run(["hdiutil", "create", "-volname", "TourneyDesk", "-srcfolder", staging, "-ov", "-format", "UDZO", dmg],
        what="the .dmg")
    return [dmg]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build and smoke-test TourneyDesk's installers for this machine.")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "installers",
                        help="where the build goes (default build/installers)")
    parser.add_argument("--no-package", action="store_true", help="stop after the smoke tests of the bundle")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    release = version()
    started = time.monotonic()
    try:
        wheel = build_wheel(out)
        venv = build_venv(out, wheel)
        bundle = freeze(out, venv)
        program = frozen_program(bundle) if not MACOS else out / "dist" / "TourneyDesk.app" / "Contents" / \
            "MacOS" / "tourneydesk"
        smoke_test(program, venv, out, release)
        made: list[Path] = [wheel]
        if not args.no_package:
            if WINDOWS:
                made += package_windows(out, release)
            elif MACOS:
                made += package_macos(out, release)
            else:
                made += package_linux(bundle, out, release)
    except BuildFailed as failed:
        print(f"\nBUILD FAILED: {failed}", file=sys.stderr, flush=True)
        return 1
    step(f"done in {time.monotonic() - started:.0f} s")
    for path in made:
        print(f"   {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
