#!/usr/bin/env python3
"""The labelled photo set: real photographs (originals/, see SOURCES.md) degraded in known
ways, at 1, 3 and 12 megapixels, as JPEG, PNG and HEIC, with the verdict each should get.

    python3 SampleScans/photos/photo_set.py OUT [--sizes 1,3,12] [--formats jpeg,png,heic]

writes OUT/<scene>__<variant>__<size>mp.<ext> and OUT/labels.json. Deterministic. Needs
Pillow, numpy, opencv-python-headless and (for HEIC) pillow-heif.

Variants, each applied at the target size (so blur is a fraction of the photo's short side):
  sharp             the original, resized (Lanczos) to the target size
  gauss-S           Gaussian blur, sigma S % of the short side (0.25, 0.5: unclear; 1, 2: blurred)
  motion-L-A        motion blur L % of the short side long at A degrees (1: unclear; 2, 4: blurred)
  small             the original at a quarter of a megapixel (resolution: reject)
  dark, bright      a fifth of the light, or of the shadow (exposure: reject)
Labels: blur sharp / blurred / unclear (not scored), resolution by docs/commands.md's
rule on the size, exposure ok (not rejected) / reject.
"""
import argparse
import json
import math
import os
import sys

import cv2
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
SCENES = ["astronaut", "camera", "coffee", "rocket", "brick", "gravel", "grass"]
VARIANTS = (["sharp", "gauss-0.25", "gauss-0.5", "gauss-1", "gauss-2"]
            + [f"motion-{length}-{angle}" for length in (1, 2, 4) for angle in (0, 45, 90)]
            + ["small", "dark", "bright"])


def size_for(original, megapixels):
    aspect = original.width / original.height
    return round(math.sqrt(megapixels * 1e6 * aspect)), round(math.sqrt(megapixels * 1e6 / aspect))


def degrade(original, variant, megapixels):
    """The variant of the original at the target size, as an RGB or grey numpy array."""
    if variant == "small":
        megapixels = 0.25
    width, height = size_for(original, megapixels)
    pixels = np.asarray(original.resize((width, height), Image.LANCZOS)).astype(np.float32)
    short = min(width, height)
    if variant.startswith("gauss-"):
        sigma = float(variant.split("-")[1]) / 100 * short
        pixels = cv2.GaussianBlur(pixels, (0, 0), sigma, borderType=cv2.BORDER_REFLECT)
    elif variant.startswith("motion-"):
        _, length, angle = variant.split("-")
        length = max(2, round(float(length) / 100 * short))
        kernel = np.zeros((length + 1, length + 1), np.float32)
        c = length / 2
        dx, dy = math.cos(math.radians(float(angle))) * c, math.sin(math.radians(float(angle))) * c
        cv2.line(kernel, (round(c - dx), round(c - dy)), (round(c + dx), round(c + dy)), 1.0, 1)
        pixels = cv2.filter2D(pixels, -1, kernel / kernel.sum(), borderType=cv2.BORDER_REFLECT)
    elif variant == "dark":
        pixels = pixels * 0.2
    elif variant == "bright":
        pixels = 255 - (255 - pixels) * 0.2
    return np.clip(pixels + 0.5, 0, 255).astype(np.uint8), (width, height)


def labels(variant, width, height):
    if variant.startswith("gauss-"):
        blur = "blurred" if float(variant.split("-")[1]) >= 1 else "unclear"
    elif variant.startswith("motion-"):
        blur = "blurred" if float(variant.split("-")[1]) >= 2 else "unclear"
    elif variant in ("dark", "bright"):
        blur = "unclear"  # a fifth of the contrast: sharpness is not what is wrong
    else:
        blur = "sharp"
    short, long = min(width, height), max(width, height)
    resolution = "reject" if short < 768 else ("warn" if long < 1024 else "ok")
    exposure = "reject" if variant in ("dark", "bright") else "ok"
    return {"blur": blur, "resolution": resolution, "exposure": exposure}


def save(pixels, path, fmt):
    image = Image.fromarray(pixels)
    if fmt == "jpeg":
        image.save(path, quality=90)
    elif fmt == "png":
        image.save(path, compress_level=1)
    else:
        import pillow_heif
        pillow_heif.register_heif_opener()
        image.convert("RGB").save(path, format="HEIF", quality=90)


def make(out, sizes, formats, scenes=SCENES, variants=VARIANTS):
    """Writes the set and returns {file name: labels}."""
    os.makedirs(out, exist_ok=True)
    extension = {"jpeg": "jpg", "png": "png", "heic": "heic"}
    found = {}
    for scene in scenes:
        original = Image.open(os.path.join(HERE, "originals", scene + ".png"))
        for variant in variants:
            for megapixels in sizes:
                pixels, (width, height) = degrade(original, variant, megapixels)
                for fmt in formats:
                    name = f"{scene}__{variant}__{megapixels}mp.{extension[fmt]}"
                    save(pixels, os.path.join(out, name), fmt)
                    found[name] = dict(labels(variant, width, height), scene=scene, variant=variant, megapixels=megapixels, format=fmt)
    with open(os.path.join(out, "labels.json"), "w") as f:
        json.dump(found, f, indent=1, sort_keys=True)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--sizes", default="1,3,12")
    parser.add_argument("--formats", default="jpeg,png,heic")
    parser.add_argument("--scenes", default=",".join(SCENES))
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args()
    sizes = [float(s) if "." in s else int(s) for s in args.sizes.split(",")]
    found = make(args.out, sizes, args.formats.split(","), args.scenes.split(","), args.variants.split(","))
    print(f"{len(found)} photos in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
