#!/usr/bin/env python3
"""Writes a photo-like 4032 x 3024 PNG (smooth gradients, shapes and sensor noise) and a
region document of 3 lassos x 500 points for it, for the render comparison.

    pip install numpy pillow
    python3 make_photo.py /tmp/photo.png /tmp/photo-regions.json
"""
import json
import math
import random
import sys

import numpy as np
from PIL import Image

W, H = 4032, 3024
rng = np.random.default_rng(1)
y, x = np.mgrid[0:H, 0:W].astype(np.float32)
r = 120 + 80 * np.sin(x / 700) + 40 * (y / H)
g = 110 + 60 * np.cos(y / 500) + 30 * (x / W)
b = 100 + 50 * np.sin((x + y) / 900)
img = np.stack([r, g, b], axis=-1)
for cx, cy, rad, col in [(1200, 1500, 700, (30, 60, 40)), (2600, 900, 500, (230, 220, 200)), (3100, 2200, 600, (150, 40, 50))]:
    mask = (x - cx) ** 2 + (y - cy) ** 2 < rad * rad
    img[mask] = col
img += rng.normal(0, 6, img.shape)
Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB").save(sys.argv[1], compress_level=1)

rnd = random.Random(3)


def lasso(cx, cy, r, n):
    pts = []
    for i in range(n):
        t = 2 * math.pi * (i + rnd.uniform(-0.3, 0.3)) / n
        rr = r * (1 + 0.1 * math.sin(3 * t)) + rnd.uniform(-0.25, 0.25) * r * 2 * math.pi / n
        pts.append([round(cx + rr * math.cos(t), 2), round(cy + rr * math.sin(t), 2)])
    return pts


doc = {"image": {"width": W, "height": H}, "scale": 3, "regions": [
    {"id": f"r{i + 1}", "number": i + 1, "points": lasso(cx, cy, rad, 500)}
    for i, (cx, cy, rad) in enumerate([(1200, 1500, 650), (2600, 900, 480), (3100, 2200, 560)])]}
with open(sys.argv[2], "w") as f:
    json.dump(doc, f)
