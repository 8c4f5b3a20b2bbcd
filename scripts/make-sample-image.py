#!/usr/bin/env python3
"""Writes SampleScans/design.png: a synthetic 1024 x 768 living room (wall, window,
floor, sofa, floor lamp, rug, artwork) with photo-like noise, matching the regions in
SampleScans/regions/valid.json. Standard library only (zlib), deterministic."""
import math
import os
import random
import struct
import zlib

W, H = 1024, 768
rng = random.Random(7)
px = [[(0, 0, 0)] * W for _ in range(H)]


def clamp(v):
    return max(0, min(255, int(v)))


for y in range(H):
    for x in range(W):
        if y < 430:  # wall: warm light gradient
            t = y / 430
            c = (232 - 25 * t, 222 - 28 * t, 204 - 30 * t)
        else:  # wooden floor with planks
            plank = ((x + (y // 40) * 137) // 180) % 3
            t = (y - 430) / (H - 430)
            base = (150 + 12 * plank - 40 * t, 104 + 8 * plank - 30 * t, 70 - 20 * t)
            c = base if (x + (y // 40) * 137) % 180 > 2 else (90, 60, 40)
        px[y][x] = c


def rect(x0, y0, x1, y1, colour):
    for y in range(max(0, y0), min(H, y1)):
        for x in range(max(0, x0), min(W, x1)):
            px[y][x] = colour


def ellipse(cx, cy, rx, ry, colour):
    for y in range(max(0, int(cy - ry)), min(H, int(cy + ry) + 1)):
        for x in range(max(0, int(cx - rx)), min(W, int(cx + rx) + 1)):
            if ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1:
                px[y][x] = colour


rect(80, 70, 300, 330, (210, 232, 248))       # window
rect(80, 195, 300, 205, (245, 245, 240))
rect(185, 70, 195, 330, (245, 245, 240))
rect(470, 120, 650, 245, (40, 60, 90))        # artwork (dark)
rect(490, 140, 630, 225, (200, 120, 60))
ellipse(620, 660, 150, 50, (170, 40, 50))     # rug
ellipse(620, 660, 110, 34, (220, 190, 120))
rect(140, 440, 520, 600, (60, 80, 70))        # sofa body (dark green)
rect(120, 420, 180, 610, (50, 68, 60))        # arms
rect(480, 420, 540, 610, (50, 68, 60))
rect(170, 400, 500, 470, (72, 95, 82))        # back cushions
rect(812, 160, 828, 470, (40, 40, 40))        # lamp pole
ellipse(820, 150, 60, 40, (250, 236, 200))    # lamp shade (light)
rect(780, 465, 860, 480, (40, 40, 40))        # base

# Photo-like noise.
rows = []
for y in range(H):
    row = bytearray([0])
    for x in range(W):
        r, g, b = px[y][x]
        n = rng.gauss(0, 4)
        row += bytes((clamp(r + n), clamp(g + n), clamp(b + n)))
    rows.append(bytes(row))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
png += chunk(b"sRGB", b"\x00") + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
out = os.path.join(os.path.dirname(__file__), "..", "SampleScans", "design.png")
with open(out, "wb") as f:
    f.write(png)
