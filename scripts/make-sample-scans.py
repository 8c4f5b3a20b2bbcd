#!/usr/bin/env python3
"""Writes sample room scans in RoomPlan's CapturedRoom JSON (iOS 17, "version": 2) and a
shopping list into SampleScans/rooms/ (deterministic). Transforms are column-major 4x4,
y up, metres; floor polygon corners are in the floor's own frame (as RoomPlan writes them)."""
import json
import math
import os
import uuid

OUT = os.path.join(os.path.dirname(__file__), "..", "SampleScans", "rooms")
NS = uuid.UUID("6f1c0d2e-9a57-4c8e-8f55-2b3f6c1f8a10")


def ident(name):
    return str(uuid.uuid5(NS, name)).upper()


def transform(angle, x, y, z):
    c, s = math.cos(angle), math.sin(angle)
    # Rotation about y: the element's x axis is (c, 0, -s)... written so that the x axis
    # on the plan is (c, s) in (x, z).
    return [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, x, y, z, 1]


def element(kind, name, dims, angle, x, y, z, parent=None, category=None, extra=None):
    e = {"category": category or {kind: {}}, "completedEdges": [], "confidence": {"high": {}}, "curve": None,
         "dimensions": dims, "identifier": ident(name), "parentIdentifier": parent, "polygonCorners": [], "story": 0,
         "transform": transform(angle, x, y, z)}
    if extra:
        e.update(extra)
    return e


def room(name, corners, height, doors=(), windows=(), objects=(), skip_walls=()):
    walls, wall_ids = [], []
    for i, (a, b) in enumerate(zip(corners, corners[1:] + corners[:1])):
        if i in skip_walls:
            wall_ids.append(None)
            continue
        length = math.dist(a, b)
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        w = element("wall", f"{name}-wall-{i}", [length, height, 0], angle, (a[0] + b[0]) / 2, height / 2, (a[1] + b[1]) / 2)
        walls.append(w)
        wall_ids.append(w["identifier"])
    cx = sum(p[0] for p in corners) / len(corners)
    cz = sum(p[1] for p in corners) / len(corners)
    floor = element("floor", f"{name}-floor", [0, 0, 0], 0, cx, 0, cz)
    # The floor's frame here is the plan itself (local x -> x, local y -> z).
    floor["transform"] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, cx, 0, cz, 1]
    floor["polygonCorners"] = [[p[0] - cx, p[1] - cz, 0] for p in corners]
    xs, zs = [p[0] for p in corners], [p[1] for p in corners]
    floor["dimensions"] = [max(xs) - min(xs), max(zs) - min(zs), 0]

    def on_wall(kind, label, i, t, width, h, bottom, category=None):
        a, b = corners[i], corners[(i + 1) % len(corners)]
        x, z = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        return element(kind, f"{name}-{label}", [width, h, 0], angle, x, bottom + h / 2, z, wall_ids[i], category)

    door_list = [on_wall("door", f"door-{k}", i, t, w, 2.03, 0, {"door": {"isOpen": False}}) for k, (i, t, w) in enumerate(doors)]
    window_list = [on_wall("window", f"window-{k}", i, t, w, 1.2, 0.9) for k, (i, t, w) in enumerate(windows)]
    object_list = []
    for k, (cat, (w, h, d), angle, x, z) in enumerate(objects):
        object_list.append({"attributes": {}, "category": {cat: {}}, "confidence": {"high": {}}, "dimensions": [w, h, d],
                            "identifier": ident(f"{name}-object-{k}"), "parentIdentifier": None, "story": 0,
                            "transform": transform(angle, x, h / 2, z)})
    return {"coreModel": "", "doors": door_list, "floors": [floor], "objects": object_list, "openings": [],
            "sections": [{"center": [cx, 0, cz], "label": {"livingRoom": {}}, "story": 0}], "story": 0, "version": 2,
            "walls": walls, "windows": window_list}


os.makedirs(OUT, exist_ok=True)
scans = {
    # 5.2 x 4.2 m living room: a sofa against the back wall, a coffee table, a 0.9 m door.
    "living-room.json": room("living", [(0, 0), (5.2, 0), (5.2, 4.2), (0, 4.2)], 2.6,
                             doors=[(1, 0.8, 0.9)], windows=[(3, 0.5, 1.6)],
                             objects=[("sofa", (2.2, 0.85, 0.95), 0, 2.2, 0.5), ("table", (1.1, 0.45, 0.6), 0, 2.2, 1.9)]),
    # 3.4 x 3.2 m bedroom with a narrow 0.7 m door and a bed.
    "bedroom-narrow-door.json": room("bedroom", [(0, 0), (3.4, 0), (3.4, 3.2), (0, 3.2)], 2.5,
                                     doors=[(2, 0.85, 0.7)], objects=[("bed", (1.6, 0.6, 2.05), 0, 1.7, 1.05)]),
    # An L-shaped room.
    "l-shaped.json": room("lshape", [(0, 0), (6, 0), (6, 2.5), (2.5, 2.5), (2.5, 5), (0, 5)], 2.7, doors=[(4, 0.5, 0.9)]),
    # A scan whose walls do not close: two walls were never captured.
    "walls-not-closed.json": room("open", [(0, 0), (4, 0), (4, 3.5), (0, 3.5)], 2.4, doors=[(0, 0.5, 0.85)], skip_walls=(2, 3)),
}
for name, data in scans.items():
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")

shopping = {"items": [
    {"id": "armchair", "name": "Lounge armchair", "category": "chair", "width": 75, "depth": 82, "height": 88, "unit": "cm"},
    {"id": "big-sofa", "name": "Three-seat sofa", "category": "sofa", "width": 2.4, "depth": 0.95, "height": 0.78, "unit": "m"},
    {"id": "wardrobe", "name": "Wide wardrobe", "category": "storage", "width": 1.5, "depth": 0.95, "height": 2.1, "unit": "m"},
    {"id": "mystery-lamp", "name": "Floor lamp", "category": "lamp", "height": 1.6, "unit": "m"},
]}
with open(os.path.join(OUT, "shopping-list.json"), "w") as f:
    json.dump(shopping, f, indent=1)
    f.write("\n")
