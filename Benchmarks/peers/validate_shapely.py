#!/usr/bin/env python3
"""What a Python backend would do instead of `remo-geom validate`: the same rules with
json.load and shapely (GEOS underneath), one process, printing one JSON line per file.

    pip install shapely
    python3 validate_shapely.py /tmp/docs > /dev/null

Rules: at most 3 regions, area >= 2 % of the image, points inside the image, at most
100,000 points, validity (shapely is_valid), pairwise overlap (relate, interiors meet),
ids unique and numbers 1..n. No chip placement (remo-geom also places chips).
"""
import json
import os
import sys

from shapely.geometry import Polygon


def check(path):
    with open(path) as f:
        return {"file": path, **check_document(json.load(f))}


def check_document(doc):
    """The rules on one parsed region document: {"valid", "findings"}."""
    w, h = doc["image"]["width"], doc["image"]["height"]
    findings = []
    polys = []
    regions = doc["regions"]
    if len(regions) > 3:
        findings.append("too-many-regions")
    if len({r["id"] for r in regions}) != len(regions):
        findings.append("duplicate-id")
    if sorted(r["number"] for r in regions) != list(range(1, len(regions) + 1)):
        findings.append("bad-numbering")
    for r in regions:
        pts = [(p[0], p[1]) if isinstance(p, list) else (p["x"], p["y"]) for p in r["points"]]
        if len(pts) > 100_000:
            findings.append("too-many-points")
            continue
        if any(not (0 <= x <= w and 0 <= y <= h) for x, y in pts):
            findings.append("out-of-bounds")
        poly = Polygon(pts)
        if not poly.is_valid:
            findings.append("self-intersection")
            continue
        if poly.area / (w * h) < 0.02:
            findings.append("too-small")
        polys.append(poly)
    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            if polys[i].relate(polys[j])[0] != "F":
                findings.append("overlap")
    return {"valid": not findings, "findings": findings}


def main():
    paths = []
    for root, _, files in os.walk(sys.argv[1]):
        paths += [os.path.join(root, f) for f in files if f.endswith(".json")]
    for p in sorted(paths):
        print(json.dumps(check(p)))


if __name__ == "__main__":
    main()
