#!/usr/bin/env python3
"""Writes the labelled pairs `drift` is calibrated and tested on: an image sent to the
generator (`before`), the generator's answer (`after`, always with an edit inside the
regions, as a real one has) and the region document, labelled kept or drifted by how `after`
was made outside the regions.

    python3 SampleScans/drift/drift_set.py FOLDER [--per-class N] [--seed S]

Kept classes: re-encoded (JPEG at quality 55-85), noisy (Gaussian noise, sigma 3-8), tinted (a
colour cast of ΔE76 about 2-4), blurred (Gaussian, radius 1), smaller (the answer at 50-80 % of
the size, re-encoded). Drifted classes: added (a patch of another picture, 1.5-4 % of the image,
pasted outside the regions), removed (an area of 1.5-4 % smoothed away), recoloured (an area's
hue turned), relit (brightness times 0.5-0.65, or a strong warm cast), smaller-added (an object
added and the answer smaller). The pictures are the repository's own: SampleScans/design.png
with its sample regions, and the photo originals with a lasso made here. Writes
FOLDER/base-K-before.png and base-K-regions.json for each picture, NAME-after.(png|jpg) for
each pair, and FOLDER/labels.json ({NAME: {"label", "class", "before", "after", "regions"}}).
"""
import argparse
import io
import json
import math
import os
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.dirname(HERE)
KEPT = ["reencoded", "noisy", "tinted", "blurred", "smaller"]
DRIFTED = ["added", "removed", "recoloured", "relit", "smaller-added"]


def bases():
    """(image, region document) pairs: the design with its regions, and each photo original
    with an elliptical lasso."""
    design = Image.open(os.path.join(SAMPLES, "design.png")).convert("RGB")
    with open(os.path.join(SAMPLES, "regions", "valid.json")) as f:
        found = [(design, json.load(f))]
    originals = os.path.join(SAMPLES, "photos", "originals")
    for name in sorted(os.listdir(originals)):
        image = Image.open(os.path.join(originals, name)).convert("RGB")
        if image.width < 800:
            image = image.resize((image.width * 2, image.height * 2), Image.LANCZOS)
        w, h = image.size
        cx, cy, rx, ry = w * 0.35, h * 0.55, w * 0.16, h * 0.14
        points = [[round(cx + rx * math.cos(2 * math.pi * k / 64), 2), round(cy + ry * math.sin(2 * math.pi * k / 64), 2)]
                  for k in range(64)]
        found.append((image, {"image": {"width": w, "height": h}, "regions": [
            {"id": "chair", "number": 1, "points": points, "action": "replace", "instruction": "a green armchair"}]}))
    return found


def region_mask(document, size, grow):
    """The regions filled and grown by `grow` pixels, as a boolean array."""
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    for region in document["regions"]:
        points = [tuple(p) if isinstance(p, list) else (p["x"], p["y"]) for p in region["points"]]
        draw.polygon(points, fill=255)
    inside = np.asarray(mask) > 0
    if grow:
        import cv2
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * grow + 1, 2 * grow + 1))
        inside = cv2.dilate(inside.astype(np.uint8), kernel) > 0
    return inside


def edit_inside(after, document, rng):
    """The generator's own edit: the regions repainted (a new colour and texture)."""
    inside = region_mask(document, after.size, 0)
    samples = np.asarray(after).astype(np.int16)
    colour = np.array([rng.randint(0, 255) for _ in range(3)])
    texture = np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, 12, samples.shape)
    samples[inside] = np.clip(colour + texture[inside], 0, 255)
    return Image.fromarray(samples.astype(np.uint8))


def outside_box(document, size, share, rng):
    """A box of about `share` of the image, wholly outside the regions grown by 24 pixels."""
    w, h = size
    grown = region_mask(document, size, 24)
    for _ in range(500):
        aspect = rng.uniform(0.6, 1.6)
        bw = int(math.sqrt(share * w * h * aspect))
        bh = int(share * w * h / max(1, bw))
        if bw >= w or bh >= h:
            continue
        x, y = rng.randint(0, w - bw), rng.randint(0, h - bh)
        if not grown[y:y + bh, x:x + bw].any():
            return x, y, bw, bh
    raise RuntimeError("no room outside the regions")


def jpeg(image, quality):
    data = io.BytesIO()
    image.save(data, "JPEG", quality=quality)
    data.seek(0)
    return Image.open(data).convert("RGB")


def make(kind, before, document, others, rng):
    after = edit_inside(before, document, rng)
    w, h = before.size
    if kind == "reencoded":
        return jpeg(after, rng.randint(55, 85))
    if kind == "noisy":
        noise = np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, rng.uniform(3, 8), (h, w, 3))
        return Image.fromarray(np.clip(np.asarray(after) + noise, 0, 255).astype(np.uint8))
    if kind == "tinted":
        factors = np.array([1 + rng.uniform(-0.04, 0.04) for _ in range(3)])
        return Image.fromarray(np.clip(np.asarray(after) * factors, 0, 255).astype(np.uint8))
    if kind == "blurred":
        return after.filter(ImageFilter.GaussianBlur(1))
    if kind == "smaller":
        f = rng.uniform(0.5, 0.8)
        return jpeg(after.resize((int(w * f), int(h * f)), Image.LANCZOS), rng.randint(70, 90))
    if kind in ("added", "smaller-added"):
        x, y, bw, bh = outside_box(document, (w, h), rng.uniform(0.015, 0.04), rng)
        source = rng.choice(others)
        sx, sy = rng.randint(0, source.width - bw), rng.randint(0, source.height - bh)
        after.paste(source.crop((sx, sy, sx + bw, sy + bh)), (x, y))
        if kind == "smaller-added":
            f = rng.uniform(0.5, 0.8)
            return jpeg(after.resize((int(w * f), int(h * f)), Image.LANCZOS), 85)
        return after
    if kind == "removed":
        x, y, bw, bh = outside_box(document, (w, h), rng.uniform(0.015, 0.04), rng)
        patch = after.crop((x, y, x + bw, y + bh))
        mean = tuple(int(v) for v in np.asarray(patch).reshape(-1, 3).mean(axis=0))
        # Smoothed away: the area's own mean colour, shifted as a generator's fill is.
        fill = tuple(int(np.clip(v + rng.choice([-1, 1]) * rng.uniform(25, 45), 0, 255)) for v in mean)
        after.paste(Image.new("RGB", (bw, bh), fill), (x, y))
        return after
    if kind == "recoloured":
        # An area with colour to turn: neither near black nor near white (where a turned hue
        # would not show), so that the label says what a person sees.
        for _ in range(100):
            x, y, bw, bh = outside_box(document, (w, h), rng.uniform(0.015, 0.04), rng)
            patch = after.crop((x, y, x + bw, y + bh)).convert("HSV")
            if 70 <= np.asarray(patch)[..., 2].mean() <= 220:
                break
        hsv = np.asarray(patch).astype(np.int16)
        hsv[..., 0] = (hsv[..., 0] + rng.randint(60, 190)) % 256
        hsv[..., 1] = np.clip(hsv[..., 1] + 80, 0, 255)
        after.paste(Image.fromarray(hsv.astype(np.uint8), "HSV").convert("RGB"), (x, y))
        return after
    if kind == "relit":
        samples = np.asarray(after).astype(np.float64)
        if rng.random() < 0.5:
            samples *= rng.uniform(0.5, 0.65)
        else:
            samples = samples * np.array([1.25, 1.0, 0.6]) + np.array([30, 10, 0])
        return Image.fromarray(np.clip(samples, 0, 255).astype(np.uint8))
    raise ValueError(kind)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--per-class", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    os.makedirs(options.folder, exist_ok=True)
    found = bases()
    labels = {}
    for index, (before, document) in enumerate(found):
        before.save(os.path.join(options.folder, f"base-{index}-before.png"), compress_level=1)
        with open(os.path.join(options.folder, f"base-{index}-regions.json"), "w") as f:
            json.dump(document, f)
    for kind in KEPT + DRIFTED:
        for k in range(options.per_class):
            index = k % len(found)
            before, document = found[index]
            others = [image for image, _ in found if image is not before]
            after = make(kind, before, document, others, rng)
            name = f"{kind}-{k:03d}"
            suffix = "jpg" if kind in ("reencoded", "smaller", "smaller-added") else "png"
            if suffix == "jpg":
                after.save(os.path.join(options.folder, f"{name}-after.jpg"), quality=95)
            else:
                after.save(os.path.join(options.folder, f"{name}-after.png"), compress_level=1)
            labels[name] = {"label": "kept" if kind in KEPT else "drifted", "class": kind, "before": f"base-{index}-before.png",
                            "after": f"{name}-after.{suffix}", "regions": f"base-{index}-regions.json"}
    with open(os.path.join(options.folder, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1)


if __name__ == "__main__":
    main()
