#!/usr/bin/env python3
"""Writes the sample region documents in SampleScans/regions/ (deterministic).

Each document annotates the 1024 x 768 sample design image; the lassos are wobbly
loops like a finger draws, with a little tremor.
"""
import json
import math
import os
import random

W, H = 1024, 768
OUT = os.path.join(os.path.dirname(__file__), "..", "SampleScans", "regions")


def lasso(cx, cy, rx, ry, n, seed, wobble=0.08):
    rng = random.Random(seed)
    phase = rng.uniform(0, 2 * math.pi)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        r = 1 + wobble * math.sin(3 * t + phase) + rng.uniform(-0.004, 0.004)
        pts.append([round(cx + rx * r * math.cos(t), 2), round(cy + ry * r * math.sin(t), 2)])
    return pts


def region(i, rid, points, action, instruction, **extra):
    r = {"id": rid, "number": i, "points": points, "action": action, "instruction": instruction}
    r.update(extra)
    return r


def write(name, regions, scale=1):
    doc = {"image": {"width": W, "height": H}, "scale": scale, "regions": regions}
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


os.makedirs(OUT, exist_ok=True)
sofa = lasso(330, 505, 228, 122, 240, 1)
lamp = lasso(820, 295, 78, 196, 160, 2)
rug = lasso(620, 660, 162, 60, 180, 3)
art = lasso(560, 180, 90, 70, 120, 4)

write("valid.json", [
    region(1, "sofa", sofa, "replace", "swap for a green velvet sofa", avoid="leather", styleNudges=["mid-century"]),
    region(2, "lamp", lamp, "remove", "remove this floor lamp"),
    region(3, "rug", [{"x": x, "y": y} for x, y in rug], "replace", "a jute rug"),
])

# The lasso's end overshoots its start and comes back across it: a figure eight.
eight = lasso(330, 520, 210, 110, 200, 5)
eight = eight[:100] + [[540, 420], [120, 620]] + eight[100:]
write("self-intersecting.json", [
    region(1, "sofa", eight, "replace", "swap for a green velvet sofa"),
    region(2, "lamp", lamp, "remove", "remove this floor lamp"),
])

write("overlapping.json", [
    region(1, "sofa", sofa, "replace", "swap for a green velvet sofa"),
    region(2, "cushion", lasso(420, 470, 90, 60, 100, 6), "replace", "mustard cushions"),
])

write("too-small.json", [
    region(1, "vase", lasso(700, 420, 14, 20, 40, 7), "remove", "remove the vase"),
])

write("out-of-bounds.json", [
    region(1, "curtain", lasso(980, 300, 120, 200, 150, 8), "replace", "linen curtains"),
])

write("four-regions.json", [
    region(1, "sofa", sofa, "replace", "swap for a green velvet sofa"),
    region(2, "lamp", lamp, "remove", "remove this floor lamp"),
    region(3, "rug", rug, "replace", "a jute rug"),
    region(4, "art", art, "replace", "a large abstract print"),
])
