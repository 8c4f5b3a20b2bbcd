#!/usr/bin/env python3
"""Small versions of the worst cases (Benchmarks/worst-cases), as seeds for scripts/fuzz.sh:

    python3 Fuzz/make_hostile_seeds.py region|room|png DIR

Shapes that once cost time with the square of a count (many regions, identical regions,
regions that tile the canvas, a floor of many corners), a ring going back and forth
between two points, negative sizes, a PNG chunk longer than the file.
"""
import json
import math
import struct
import sys
import zlib


def square(x, y, side):
    return [[x, y], [x + side, y], [x + side, y + side], [x, y + side]]


def dense(corners, count):
    points = []
    for i, a in enumerate(corners):
        b = corners[(i + 1) % len(corners)]
        steps = count // len(corners)
        points += [[a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps] for k in range(steps)]
    return points


def region_seeds(out):
    image = {"width": 256, "height": 256}
    docs = {
        "many-squares": [square(8 * (k % 30), 8 * (k // 30), 4) for k in range(120)],
        "identical-squares": [square(20, 20, 100)] * 40,
        "tiling-strips": [dense([[x0, 0], [x1, 0], [x1, 256], [x0, 256]], 400) for x0, x1 in [(0, 85), (85, 170), (170, 256)]],
        "back-and-forth": [[[10, 10], [200, 150], [10, 10], [200, 150]]],
        "nested-ells": [[[c, c], [250, c], [250, c + 2], [c + 2, c + 2], [c + 2, 250], [c, 250]] for c in range(0, 120, 5)],
    }
    for name, rings in docs.items():
        regions = [{"id": f"r{k}", "number": k + 1, "points": ring} for k, ring in enumerate(rings)]
        with open(f"{out}/{name}.json", "w") as f:
            json.dump({"image": image, "scale": 1, "regions": regions}, f)


def room_seeds(out):
    count = 3000
    corners = [[2 * math.cos(2 * math.pi * k / count), 2 * math.sin(2 * math.pi * k / count), 0] for k in range(count)]
    floor = {"category": {"floor": {}}, "dimensions": [4, 4, 0], "polygonCorners": corners,
             "transform": [1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1], "story": 0}
    sofa = {"category": {"sofa": {}}, "dimensions": [-2, 0.8, 0.9], "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0.4, 0, 1]}
    with open(f"{out}/round-room.json", "w") as f:
        json.dump({"version": 2, "walls": [], "doors": [], "windows": [], "openings": [], "objects": [sofa], "floors": [floor]}, f)
    with open(f"{out}/negative-sizes.json", "w") as f:
        json.dump({"floorArea": -3, "ceilingHeight": -2.4, "walls": [{"length": 4, "height": -2.4, "position": [0, 1.2, 0]}],
                   "openings": [{"type": "door", "width": -0.9, "height": 2}]}, f)


def png_seeds(out):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
    with open(f"{out}/huge-text-chunk.png", "wb") as f:
        f.write((header + struct.pack(">I", 0x7FFFFFFF) + b"tEXtComment\x00" + b"x" * 96)[:141])
    rows = b"".join(b"\x00" + b"\x80" * 48 for _ in range(16))
    texts = b"".join(chunk(b"tEXt", b"k\x00" + b"v" * 200) for _ in range(300))
    with open(f"{out}/many-text-chunks.png", "wb") as f:
        f.write(header + texts + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def jpeg_seeds(out):
    """A progressive JPEG with its scans repeated 300 times (over the limit of 256), EXIF
    whose first directory points past the end, and a PNG under a JPEG name."""
    import io
    from PIL import Image
    picture = Image.new("RGB", (64, 48), (90, 140, 200))
    data = io.BytesIO()
    picture.save(data, "JPEG", progressive=True)
    jpeg = data.getvalue()
    first_scan = jpeg.find(b"\xff\xda")
    scans = jpeg[first_scan:-2]
    with open(f"{out}/many-scans.jpg", "wb") as f:
        f.write(jpeg[:first_scan] + scans * 300 + b"\xff\xd9")
    exif = b"Exif\x00\x00II*\x00" + struct.pack("<I", 0xFFFFFF00)
    app1 = b"\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif
    with open(f"{out}/broken-exif.jpg", "wb") as f:
        f.write(jpeg[:2] + app1 + jpeg[2:])
    data = io.BytesIO()
    picture.save(data, "PNG")
    with open(f"{out}/png-named.jpg", "wb") as f:
        f.write(data.getvalue())


def heic_seeds(out):
    """A HEIC cut short, and one whose first box claims 4 GB."""
    with open("Tests/RemoImageTests/Fixtures/upright.heic", "rb") as f:
        heic = f.read()
    with open(f"{out}/truncated.heic", "wb") as f:
        f.write(heic[: len(heic) // 3])
    with open(f"{out}/huge-box.heic", "wb") as f:
        f.write(struct.pack(">I", 0xFFFFFFF0) + heic[4:])


if __name__ == "__main__":
    {"region": region_seeds, "room": room_seeds, "png": png_seeds, "jpeg": jpeg_seeds, "heic": heic_seeds}[sys.argv[1]](sys.argv[2])
