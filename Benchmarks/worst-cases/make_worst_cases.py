#!/usr/bin/env python3
"""Writes the worst cases into a folder: inputs that stay inside every documented limit
and would cost minutes or gigabytes without the work budgets (docs/robustness.md). Standard library only.

    python3 Benchmarks/worst-cases/make_worst_cases.py OUT_DIR

run_worst_cases.sh times remo-geom on each of them.
"""
import json
import math
import os
import random
import struct
import sys
import zlib


def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f, separators=(",", ":"))


def png(path, width, height, rgb=(128, 128, 128)):
    """A flat RGB PNG written row by row (a 12-megapixel one compresses to a few KB)."""
    row = b"\x00" + bytes(rgb) * width
    compressor = zlib.compressobj(9)
    data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", data))
        f.write(chunk(b"IEND", b""))


def square(x, y, size):
    return [[x, y], [x + size, y], [x + size, y + size], [x, y + size]]


def along(a, b, count):
    """count points from a towards b (b itself not included)."""
    return [[a[0] + (b[0] - a[0]) * k / count, a[1] + (b[1] - a[1]) * k / count] for k in range(count)]


def strip(x0, x1, height, points):
    """A rectangle from x0 to x1 over the whole height, its outline in `points` points."""
    corners = [(x0, 0), (x1, 0), (x1, height), (x0, height)]
    quarter = points // 4
    ring = []
    for i in range(4):
        ring += along(corners[i], corners[(i + 1) % 4], quarter)
    return ring


def lasso(cx, cy, rx, ry, count, seed):
    rng = random.Random(seed)
    return [
        [cx + rx * (1 + 0.02 * rng.random()) * math.cos(2 * math.pi * k / count),
         cy + ry * (1 + 0.02 * rng.random()) * math.sin(2 * math.pi * k / count)]
        for k in range(count)
    ]


def rounded(points):
    return [[round(x, 2), round(y, 2)] for x, y in points]


def main(out):
    os.makedirs(out, exist_ok=True)
    # 1. A thousand small squares (about 90 KB).
    regions = [{"id": f"r{k}", "number": k + 1, "points": square(10 * (k % 100), 10 * (k // 100), 5)} for k in range(1000)]
    write_json(f"{out}/thousand-squares.json", {"image": {"width": 1024, "height": 1024}, "regions": regions})
    # 1b. 600 identical squares with 1 KB ids: every pair overlaps.
    regions = [{"id": f"{k:04d}" + "x" * 1020, "number": k + 1, "points": square(100, 100, 400)} for k in range(600)]
    write_json(f"{out}/identical-squares.json", {"image": {"width": 1024, "height": 1024}, "regions": regions})
    # 1c. 26 nested 100,000-point lassos: every box overlaps every other (2.6 million points, under 64 MiB).
    regions = [{"id": f"r{k}", "number": k + 1, "points": rounded(lasso(2016, 1512, 300 + 40 * k, 200 + 40 * k, 100_000, k))} for k in range(26)]
    write_json(f"{out}/nested-lassos.json", {"image": {"width": 4032, "height": 3024}, "regions": regions})
    # 2. Three 100,000-point regions tiling the image: no room for any chip.
    for width, height, name in [(4032, 3024, "tiling-regions"), (10000, 10000, "tiling-regions-10k")]:
        third = width // 3
        regions = [
            {"id": f"r{k + 1}", "number": k + 1, "points": strip(k * third, width if k == 2 else (k + 1) * third, height, 100_000)}
            for k in range(3)
        ]
        write_json(f"{out}/{name}.json", {"image": {"width": width, "height": height}, "regions": regions})
    # 3. A scan whose floor has 200,000 corners (a round room).
    count = 200_000
    corners = [[2.5 * math.cos(2 * math.pi * k / count), 2.5 * math.sin(2 * math.pi * k / count), 0] for k in range(count)]
    scan = {
        "version": 2, "story": 0, "walls": [], "doors": [], "windows": [], "openings": [], "objects": [], "sections": [],
        "floors": [{
            "category": {"floor": {}}, "completedEdges": [], "confidence": {"high": {}}, "curve": None,
            "dimensions": [5, 5, 0], "identifier": "F", "parentIdentifier": None, "polygonCorners": corners, "story": 0,
            "transform": [1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1],
        }],
    }
    write_json(f"{out}/round-room-200k.json", scan)
    # 4. A 100,000-point lasso over a 12-megapixel image (stroke 99 pt at scale 20).
    png(f"{out}/image-4000x3000.png", 4000, 3000)
    regions = [{"id": "r1", "number": 1, "points": lasso(2000, 1500, 1200, 900, 100_000, 7)}]
    write_json(f"{out}/lasso-100k.json", {"image": {"width": 4000, "height": 3000}, "regions": regions})
    # 5. A 141-byte PNG declaring a text chunk of 2^31 - 1 bytes.
    ihdr = struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + struct.pack(">I", 0x7FFFFFFF) + b"tEXt" + b"Comment\x00" + b"x" * 96
    with open(f"{out}/huge-text-chunk.png", "wb") as f:
        f.write(data[:141])
    write_json(f"{out}/small-doc-16.json", {"image": {"width": 16, "height": 16}, "regions": [{"id": "a", "number": 1, "points": square(2, 2, 10)}]})
    # 6. A region document at the pixel limit (10,000 x 10,000) and the largest scale, for a
    #    mask feathered and grown by the most a request takes (200 points x 20 = 4,000 pixels).
    quad = [[1000, 1000], [9000, 1200], [8000, 9000], [1500, 8500]]
    write_json(f"{out}/mask-100mp.json", {"image": {"width": 10000, "height": 10000}, "scale": 20, "regions": [{"id": "a", "number": 1, "points": quad}]})


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "worst-cases")
