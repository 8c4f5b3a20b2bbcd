#!/usr/bin/env python3
"""Writes N region documents of 3 lassos x 500 points into a folder, for the
validate throughput comparison (remo-geom validate vs validate_shapely.py).

    python3 make_documents.py /tmp/docs 10000
"""
import json
import math
import os
import random
import sys


def lasso(rng, cx, cy, r, n):
    phase = rng.uniform(0, 2 * math.pi)
    wobble = rng.uniform(0.05, 0.2)
    pts = []
    for i in range(n):
        t = 2 * math.pi * (i + rng.uniform(-0.3, 0.3)) / n
        rr = r * (1 + wobble * math.sin(3 * t + phase)) + rng.uniform(-0.25, 0.25) * r * 2 * math.pi / n
        pts.append([round(cx + rr * math.cos(t), 2), round(cy + rr * math.sin(t), 2)])
    return pts


def main():
    folder, count = sys.argv[1], int(sys.argv[2])
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(42)
    for k in range(count):
        regions = []
        for i, (cx, cy) in enumerate([(800, 900), (2000, 1500), (3200, 2100)]):
            regions.append({"id": f"r{i + 1}", "number": i + 1,
                            "points": lasso(rng, cx + rng.uniform(-100, 100), cy + rng.uniform(-100, 100), rng.uniform(300, 550), 500),
                            "action": "replace", "instruction": "something nicer"})
        doc = {"image": {"width": 4032, "height": 3024}, "scale": 3, "regions": regions}
        with open(os.path.join(folder, f"doc-{k:05d}.json"), "w") as f:
            json.dump(doc, f)


if __name__ == "__main__":
    main()
