#!/usr/bin/env python3
"""What a Python backend would do instead of `remo-geom render`: open the PNG, draw the
three outlines (a dark halo under a light core) and numbered chips with ImageDraw, save.

    pip install pillow
    python3 render_pillow.py /tmp/photo.png /tmp/photo-regions.json /tmp/out-pillow.png
"""
import json
import sys

from PIL import Image, ImageDraw


def main():
    image = Image.open(sys.argv[1]).convert("RGB")
    with open(sys.argv[2]) as f:
        doc = json.load(f)
    scale = doc.get("scale", 1)
    draw = ImageDraw.Draw(image)
    for region in doc["regions"]:
        pts = [tuple(p) if isinstance(p, list) else (p["x"], p["y"]) for p in region["points"]]
        pts.append(pts[0])
        draw.line(pts, fill=(16, 16, 16), width=int(6 * scale), joint="curve")
        draw.line(pts, fill=(255, 255, 255), width=int(3 * scale), joint="curve")
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        cx, cy, r = max(xs) + 12 * scale, min(ys) - 12 * scale, 12 * scale
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(255, 255, 255), outline=(16, 16, 16), width=int(1.5 * scale))
        draw.text((cx - 4 * scale, cy - 6 * scale), str(region["number"]), fill=(16, 16, 16))
    image.save(sys.argv[3])


if __name__ == "__main__":
    main()
