"""The Linux .deb of the frozen bundle: program, launcher, desktop entry, icons, the .tdesk MIME type.

Laid out as a club's desktop expects:
    /opt/tourneydesk/                 the one-folder bundle
    /usr/bin/tourneydesk              a link to its program (PyInstaller finds its folder through it)
    /usr/share/applications/tourneydesk.desktop       the menu entry, handling application/x-tourneydesk
    /usr/share/mime/packages/tourneydesk.xml          *.tdesk is application/x-tourneydesk
    /usr/share/icons/hicolor/NxN/{apps,mimetypes}/    the icon, for the program and for its files
The file manager opens a .tdesk with TourneyDesk because it is the one program declaring the type.
The MIME, desktop and icon caches are refreshed by the triggers of shared-mime-info,
desktop-file-utils and the icon theme, so the package needs no maintainer scripts.

`Depends:` is found, not guessed: every system library the bundle's programs and Qt plugins link
against (and that PyInstaller left out, as it leaves out the X and GL libraries) is traced to the
Debian package that holds it on this machine, as dpkg-shlibdeps does.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Not linked by the program itself: the display speaks through speech-dispatcher when it is there.
RECOMMENDS = ("libspeechd2", "speech-dispatcher")
# Found by no library: fontconfig reads the system's fonts, and a machine without one shows no text.
FONTS = "fonts-dejavu-core | fonts-liberation | fonts-noto-core"
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
MIME_TYPE = "application/x-tourneydesk"

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=TourneyDesk
GenericName=Poker tournament director
GenericName[fr]=Directeur de tournoi de poker
Comment=Runs a live poker tournament offline: clock, buy-ins, seating, payouts
Comment[fr]=Dirige un tournoi de poker en direct, hors ligne : horloge, caisse, placement, gains
Exec=tourneydesk %f
Icon=tourneydesk
Terminal=false
Categories=Office;Utility;
MimeType={mime};
Keywords=poker;tournament;blinds;clock;payouts;tournoi;
StartupWMClass=TourneyDesk
"""

MIME_XML = """<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{mime}">
    <comment>TourneyDesk tournament</comment>
    <comment xml:lang="fr">Tournoi TourneyDesk</comment>
    <sub-class-of type="application/vnd.sqlite3"/>
    <icon name="application-x-tourneydesk"/>
    <glob pattern="*.tdesk" weight="60"/>
  </mime-type>
</mime-info>
"""

CONTROL = """Package: tourneydesk
Version: {version}
Architecture: {arch}
Maintainer: TourneyDesk <tourneydesk@localhost>
Installed-Size: {size_kb}
Depends: {depends}
Recommends: {recommends}
Section: games
Priority: optional
Description: runs a live poker tournament offline
 TourneyDesk runs a poker tournament at a venue with no internet: the blind clock,
 registration, buy-ins, re-entries, rebuys, add-ons, bounties, seating and
 balancing, eliminations and payouts. One file per tournament; the results are
 sent to the club's website when the network is back.
"""

Runner = Callable[..., Any]


def machine() -> str:
    return {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}.get(
        platform.machine().lower(), platform.machine().lower())


def deb_architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()


def elf_files(folder: Path) -> list[Path]:
    found = []
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as f:
                if f.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def system_libraries(bundle: Path) -> tuple[set[str], set[str]]:
    """(system libraries the bundle links against, libraries no one provides here), by ldd."""
    system: set[str] = set()
    missing: set[str] = set()
    inside = str(bundle.resolve())
    # The bootloader puts the bundle's folder first on the library path: a library it carries is its own
    # copy at run time, whatever ldd (which does not know that) resolves here.
    bundled = {path.name for path in bundle.rglob("*")}
    for elf in elf_files(bundle):
        listed = subprocess.run(["ldd", str(elf)], capture_output=True, text=True, check=False).stdout
        for line in listed.splitlines():
            if "=>" not in line:
                continue
            name, _, target = (part.strip() for part in line.partition("=>"))
            target = target.split(" (")[0].strip()
            if name in bundled:
                continue
            if target == "not found":
                missing.add(name)
            elif target.startswith("/") and not os.path.realpath(target).startswith(inside):
                system.add(target)
    return system, missing


def packages_of(libraries: set[str]) -> set[str]:
    """The Debian packages holding these files (`dpkg -S`), without the architecture qualifier."""
    packages: set[str] = set()
    for library in sorted(libraries):
        for candidate in (library, os.path.realpath(library)):
            # dpkg knows /usr/lib/... while ldd may say /lib/... (the merged /usr): try both spellings.
            spellings = {candidate, candidate.removeprefix("/usr"), "/usr" + candidate
                         if not candidate.startswith("/usr") else candidate}
            owner = None
            for spelling in spellings:
                found = subprocess.run(["dpkg", "-S", spelling], capture_output=True, text=True, check=False)
                if found.returncode == 0:
                    owner = found.stdout.split(":")[0].strip()
                    break
            if owner:
                packages.add(owner)
                break
    return packages


def depends(bundle: Path) -> tuple[list[str], set[str]]:
    libraries, missing = system_libraries(bundle)
    return sorted(packages_of(libraries)), missing


def build_deb(bundle: Path, out: Path, version: str, icons: Path, run: Runner) -> Path:
    root = out / "deb-root"
    shutil.rmtree(root, ignore_errors=True)
    opt = root / "opt" / "tourneydesk"
    shutil.copytree(bundle, opt, symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    os.symlink("/opt/tourneydesk/tourneydesk", root / "usr" / "bin" / "tourneydesk")
    share = root / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    (share / "applications" / "tourneydesk.desktop").write_text(DESKTOP_ENTRY.format(mime=MIME_TYPE),
                                                                 encoding="utf-8")
    (share / "mime" / "packages").mkdir(parents=True)
    (share / "mime" / "packages" / "tourneydesk.xml").write_text(MIME_XML.format(mime=MIME_TYPE), encoding="utf-8")
    for size in HICOLOR_SIZES:
        for kind, name in (("apps", "tourneydesk"), ("mimetypes", "application-x-tourneydesk")):
            folder = share / "icons" / "hicolor" / f"{size}x{size}" / kind
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copy2(icons / f"tourneydesk_{size}.png", folder / f"{name}.png")
    doc = share / "doc" / "tourneydesk"
    doc.mkdir(parents=True)
    (doc / "copyright").write_text("TourneyDesk\nLicense: MIT\n", encoding="utf-8")
    needed, missing = depends(bundle)
    if missing:
        print(f"   libraries no package provides on this machine (plugins that stay unused without them): "
              f"{', '.join(sorted(missing))}")
    print(f"   Depends: {', '.join(needed)}")
    size_kb = sum(p.stat().st_size for p in root.rglob("*") if p.is_file() and not p.is_symlink()) // 1024
    (root / "DEBIAN").mkdir()
    (root / "DEBIAN" / "control").write_text(
        CONTROL.format(version=version, arch=deb_architecture(), size_kb=size_kb, depends=", ".join([*needed, FONTS]),
                       recommends=", ".join(RECOMMENDS)),
        encoding="utf-8")
    for path in [root, *root.rglob("*")]:  # dpkg-deb refuses group-writable maintainer folders
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)
    deb = out / f"tourneydesk_{version}_{deb_architecture()}.deb"
    run(["dpkg-deb", "--root-owner-group", "-Zgzip", "--build", root, deb], what="building the .deb")
    return deb
