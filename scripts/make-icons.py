#!/usr/bin/env python3
"""Draws PetSpot's app icons (the paw of Static/favicon.svg) as PNG files for the web app manifest:
`icon-192.png`, `icon-512.png` (rounded, for "any") and `icon-maskable-512.png` (full bleed, the paw
inside the safe zone). Standard library only; run it again after changing the design.

    python3 scripts/make-icons.py Sources/PetSpotWeb/Static
"""
import struct
import sys
import zlib
from pathlib import Path

BLUE = (0x15, 0x5E, 0xEF)
WHITE = (0xFF, 0xFF, 0xFF)
# The favicon's shapes on its 64-unit grid: (cx, cy, rx, ry).
PAW = [(32, 42, 13, 11), (17, 27, 5.5, 7), (47, 27, 5.5, 7), (25, 16, 5, 6.5), (39, 16, 5, 6.5)]


def inside_rounded(x, y, size, radius):
    if radius == 0:
        return True
    cx = min(max(x, radius), size - radius)
    cy = min(max(y, radius), size - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def draw(size, rounded, scale):
    """One icon: the paw drawn at `scale` of the full size, centred; 4×4 samples a pixel."""
    rows = []
    unit = size * scale / 64
    offset = size * (1 - scale) / 2
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            colour = [0, 0, 0, 0]
            for sy in range(4):
                for sx in range(4):
                    x, y = px + (sx + 0.5) / 4, py + (sy + 0.5) / 4
                    if not inside_rounded(x, y, size, size * 14 / 64 if rounded else 0):
                        continue
                    gx, gy = (x - offset) / unit, (y - offset) / unit
                    paw = any(((gx - cx) / rx) ** 2 + ((gy - cy) / ry) ** 2 <= 1 for cx, cy, rx, ry in PAW)
                    rgb = WHITE if paw else BLUE
                    for i in range(3):
                        colour[i] += rgb[i]
                    colour[3] += 255
            row += bytes(round(c / 16) for c in colour)
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "Sources/PetSpotWeb/Static")
    (folder / "icon-192.png").write_bytes(draw(192, True, 1.0))
    (folder / "icon-512.png").write_bytes(draw(512, True, 1.0))
    (folder / "icon-maskable-512.png").write_bytes(draw(512, False, 0.7))
