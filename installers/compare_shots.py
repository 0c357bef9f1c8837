"""Compare two folders of screenshots: the frozen program's windows against the venv's.

    python compare_shots.py FROZEN VENV

Both render the same demo on the same fixed clock, so a window that is missing, a different size, or
more than a sliver different (a missing font draws every label differently, a missing image plugin
leaves the logo blank) fails. Exit 1 with the reason; prints one line per window otherwise.
"""

from __future__ import annotations

import os
import sys
from array import array
from pathlib import Path

MOST_PIXELS_DIFFERENT = 0.005  # of the window: anti-aliasing may differ by a hair, text may not


def pixels(path: Path) -> tuple[int, int, array[int]]:
    from PySide6.QtGui import QImage

    image = QImage(str(path)).convertToFormat(QImage.Format.Format_ARGB32)
    if image.isNull():
        raise SystemExit(f"{path} is not a picture")
    data = array("I")
    data.frombytes(bytes(image.constBits()))  # type: ignore[arg-type]
    return image.width(), image.height(), data


def main(frozen: Path, venv: Path) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication(sys.argv[:1])
    ours, theirs = sorted(p.name for p in frozen.glob("*.png")), sorted(p.name for p in venv.glob("*.png"))
    if not ours or ours != theirs:
        print(f"the frozen program rendered {ours}, the venv {theirs}")
        return 1
    failed = False
    for name in ours:
        w1, h1, a = pixels(frozen / name)
        w2, h2, b = pixels(venv / name)
        if (w1, h1) != (w2, h2):
            print(f"{name}: {w1}x{h1} frozen, {w2}x{h2} in the venv")
            failed = True
            continue
        distinct = len(set(a))
        different = sum(1 for x, y in zip(a, b, strict=True) if x != y) / len(a)
        verdict = "ok" if different <= MOST_PIXELS_DIFFERENT and distinct > 16 else "DIFFERENT"
        failed |= verdict != "ok"
        print(f"{name}: {w1}x{h1}, {distinct} colours, {different:.3%} of pixels differ: {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
