"""Draw TourneyDesk's application icon into resources/icons/: PNGs at every size the systems ask for,
a Windows .ico and a macOS .icns holding them.

The icon is drawn, not painted: a poker chip (a ring of six edge spots) on a felt-green rounded square,
with a clock's two hands in its centre, for the blind clock the program runs. Everything is geometry
scaled to the size asked, so the small sizes stay crisp; at 16 and 24 px the chip's inner ring is left
out because it would only blur.

    python scripts/make_icon.py [--out resources/icons]

The .ico and .icns are plain containers of PNG images (both formats allow it since Windows Vista and
Mac OS X 10.7), written here byte by byte: no tool beyond Qt is needed.
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
from pathlib import Path

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# macOS icon types that may hold a PNG, by the pixel size they hold.
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))

FELT = "#1f6b45"
FELT_EDGE = "#154a30"
CHIP = "#c8102e"
SPOT = "#f4f1ea"
HANDS = "#1b1b1b"


def render_png(size: int) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen

    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = float(size)
    # The felt: a rounded square with a little margin, as each system's icon grid expects.
    margin = s * 0.06
    square = QRectF(margin, margin, s - 2 * margin, s - 2 * margin)
    p.setPen(QPen(QColor(FELT_EDGE), max(1.0, s * 0.02)))
    p.setBrush(QColor(FELT))
    p.drawRoundedRect(square, s * 0.2, s * 0.2)
    centre = QPointF(s / 2, s / 2)
    # The chip: a red disc, six cream spots on its edge, a cream inner ring.
    radius = s * 0.34
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(CHIP))
    p.drawEllipse(centre, radius, radius)
    p.setBrush(QColor(SPOT))
    for k in range(6):
        angle = math.pi / 2 + k * math.pi / 3
        path = QPainterPath()
        spot = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        start = math.degrees(angle) - 14
        path.moveTo(centre)
        path.arcTo(spot, start, 28)
        path.closeSubpath()
        inner = QPainterPath()
        inner.addEllipse(centre, radius * 0.72, radius * 0.72)
        p.drawPath(path.subtracted(inner))
    face = radius * 0.62
    if size >= 32:
        p.setPen(QPen(QColor(SPOT), s * 0.025))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(centre, radius * 0.66, radius * 0.66)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(SPOT))
    p.drawEllipse(centre, face, face)
    # The clock's hands: ten past ten, the watchmakers' smile.
    pen = QPen(QColor(HANDS), max(1.5, s * 0.045))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    # Screen angles (y points down): the hour hand short towards 10, the minute hand long towards 2.
    for degrees, length in ((-150, face * 0.5), (-30, face * 0.78)):
        angle = math.radians(degrees)
        p.drawLine(centre, QPointF(centre.x() + length * math.cos(angle), centre.y() + length * math.sin(angle)))
    p.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows icon: the ICONDIR header, one directory entry per size, then the PNGs."""
    sizes = [size for size in ICO_SIZES if size in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        # 0 in the width and height bytes means 256.
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + entries + images


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS icon family: 'icns', the total length, then (type, length, PNG) per entry; big-endian."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "resources" / "icons")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    args.out.mkdir(parents=True, exist_ok=True)
    pngs = {size: render_png(size) for size in PNG_SIZES}
    for size, data in pngs.items():
        (args.out / f"tourneydesk_{size}.png").write_bytes(data)
    (args.out / "tourneydesk.ico").write_bytes(ico(pngs))
    (args.out / "tourneydesk.icns").write_bytes(icns(pngs))
    print(f"{len(pngs)} PNGs, tourneydesk.ico and tourneydesk.icns in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
