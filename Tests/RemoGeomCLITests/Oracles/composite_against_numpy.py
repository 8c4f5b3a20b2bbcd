#!/usr/bin/env python3
"""Checks `remo-geom composite` against an independent computation: the blend of the two
images by the `mask` command's coverage, computed here with numpy, pixel by pixel; the
feather's reach against OpenCV's distance transform; an `after` of another size against
OpenCV's INTER_LINEAR (enlarging) and INTER_AREA (shrinking); the colour chunks of `before`.

Usage: composite_against_numpy.py REMO_GEOM FOLDER. Prints one JSON object: {"cases": N,
"failures": [...]}.
"""
import io
import json
import os
import subprocess
import sys

import cv2
import numpy as np
from PIL import Image, ImageCms
from oracle_checks import Checks, run_json

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "..", "..", "SampleScans")
DESIGN = os.path.join(SAMPLES, "design.png")
REGIONS = os.path.join(SAMPLES, "regions", "valid.json")


def grey(path):
    return np.asarray(Image.open(path).convert("L")).astype(int)


def rgba(path):
    return np.asarray(Image.open(path).convert("RGBA")).astype(int)


def main():
    remo, folder = sys.argv[1], sys.argv[2]
    checks = Checks()
    check = checks.check

    def run(*arguments):
        return run_json(remo, *arguments)

    def mask(grow, feather):
        path = os.path.join(folder, f"mask-{grow}-{feather}.png")
        status, _, error = run("mask", "--regions", REGIONS, "--output", path, "--style", "white-on-black",
                               "--grow", str(grow), "--feather", str(feather))
        assert status == 0, error
        return grey(path)

    # A generator's image: the design recoloured, with noise everywhere (so that no pixel of
    # `after` happens to equal `before`'s).
    design = np.asarray(Image.open(DESIGN).convert("RGB")).astype(int)
    noise = np.random.default_rng(3).integers(-20, 21, design.shape)
    edited = np.clip(design[..., ::-1] + noise, 0, 255).astype(np.uint8)
    after = os.path.join(folder, "after.png")
    Image.fromarray(edited).save(after)
    before_rgba = np.dstack([design, np.full(design.shape[:2], 255)])
    after_rgba = np.dstack([edited.astype(int), np.full(design.shape[:2], 255)])

    for grow, feather in [(8, 4), (0, 0), (3, 12)]:
        case = f"grow {grow} feather {feather}"
        out = os.path.join(folder, f"composite-{grow}-{feather}.png")
        status, result, error = run("composite", "--before", DESIGN, "--after", after, "--regions", REGIONS, "--output", out,
                                    "--grow", str(grow), "--feather", str(feather))
        if status != 0:
            check(case, False, error)
            continue
        m = mask(grow, feather)[..., None]
        expected = (before_rgba * (255 - m) + after_rgba * m + 127) // 255
        ours = rgba(out)
        check(case, ours.shape == expected.shape, f"shape {ours.shape}")
        if ours.shape != expected.shape:
            continue
        wrong = np.argwhere((ours != expected).any(axis=2))
        check(case, len(wrong) == 0, f"{len(wrong)} pixels differ from the blend by the mask's coverage, first at {wrong[:3].tolist()}")
        m = m[..., 0]
        check(case, (ours[m == 0] == before_rgba[m == 0]).all(), "a pixel outside the mask is not before's")
        check(case, (ours[m == 255] == after_rgba[m == 255]).all(), "a pixel inside the mask is not after's")
        check(case, (m == 0).sum() > 100000 and (m == 255).sum() > 10000, "the mask is not a test")
        if feather > 0:
            check(case, ((m > 0) & (m < 255)).sum() > 1000, "no blended pixels")
        check(case, result == {**result, "width": 1024, "height": 768, "scaledAfter": False}
              and result["bytes"] == os.path.getsize(out), f"result {result}")

    # The feather reaches no farther than --feather from the grown outline: farther from it,
    # the feathered mask is the hard one's 0 or 255.
    hard, soft = mask(8, 0), mask(8, 12)
    hard_inside = (hard >= 128).astype(np.uint8)
    distance = np.maximum(cv2.distanceTransform(hard_inside, cv2.DIST_L2, 5),
                          cv2.distanceTransform(1 - hard_inside, cv2.DIST_L2, 5))
    far = distance > 12 + 1
    check("feather reach", far.sum() > 100000, "nothing is far from the outline")
    check("feather reach", (soft[far] == np.where(hard_inside[far] == 1, 255, 0)).all(),
          f"{int((soft[far] != np.where(hard_inside[far] == 1, 255, 0)).sum())} pixels farther than the feather are not 0 or 255")
    near = (distance < 2)
    check("feather reach", ((soft[near] > 0) & (soft[near] < 255)).mean() > 0.9, "the feather does not soften the outline")

    # An `after` of another size is scaled to `before`'s first.
    m = mask(8, 4)
    for width, height, interpolation in [(512, 384, cv2.INTER_LINEAR), (1536, 1152, cv2.INTER_AREA)]:
        case = f"after at {width} x {height}"
        other = os.path.join(folder, f"after-{width}.png")
        Image.fromarray(edited).resize((width, height), Image.LANCZOS).save(other)
        out = os.path.join(folder, f"composite-{width}.png")
        status, result, error = run("composite", "--before", DESIGN, "--after", other, "--regions", REGIONS, "--output", out)
        if status != 0:
            check(case, False, error)
            continue
        source = np.asarray(Image.open(other).convert("RGB")).astype(np.float32)
        scaled = np.floor(cv2.resize(source, (1024, 768), interpolation=interpolation) + 0.5).astype(int)
        ours = rgba(out)
        difference = np.abs(ours[m == 255][:, :3] - scaled[m == 255]).max()
        check(case, result["scaledAfter"] is True, f"result {result}")
        check(case, difference <= 1, f"inside the mask, differs from OpenCV's scaling by up to {difference}")
        check(case, (ours[m == 0] == before_rgba[m == 0]).all(), "a pixel outside the mask is not before's")

    # Rows wider than a band's megabyte (16 rows of 1,600 pixels fill it; 13 of 20,000;
    # one of 300,000), and images with alpha: blended row by row all the same.
    for width, height, alpha in [(20000, 60, False), (300000, 5, False), (640, 200, True)]:
        case = f"{width} x {height}{' RGBA' if alpha else ''}"
        rng = np.random.default_rng(width)
        channels = 4 if alpha else 3
        first = rng.integers(0, 256, (height, width, channels), dtype=np.uint8)
        second = rng.integers(0, 256, (height, width, channels), dtype=np.uint8)
        paths = [os.path.join(folder, f"{name}-{width}.png") for name in ("before", "after", "composite")]
        for path, pixels in zip(paths, (first, second)):
            Image.fromarray(pixels).save(path, compress_level=1)
        document = os.path.join(folder, f"regions-{width}.json")
        with open(document, "w") as f:
            points = [[width * 0.1, height * 0.2], [width * 0.6, height * 0.1], [width * 0.5, height * 0.9]]
            json.dump({"image": {"width": width, "height": height}, "regions": [{"id": "r", "number": 1, "points": points}]}, f)
        status, result, error = run("composite", "--before", paths[0], "--after", paths[1], "--regions", document,
                                    "--output", paths[2], "--grow", "2", "--feather", "1")
        if status != 0:
            check(case, False, error)
            continue
        mask_path = os.path.join(folder, f"mask-{width}.png")
        status, _, error = run("mask", "--regions", document, "--output", mask_path, "--style", "white-on-black",
                               "--grow", "2", "--feather", "1")
        m = grey(mask_path)[..., None]
        expected = (rgba(paths[0]) * (255 - m) + rgba(paths[1]) * m + 127) // 255
        ours = Image.open(paths[2])
        check(case, ours.mode == ("RGBA" if alpha else "RGB"), f"written as {ours.mode}")
        wrong = np.argwhere((rgba(paths[2]) != expected).any(axis=2))
        check(case, len(wrong) == 0, f"{len(wrong)} pixels differ from the blend by the mask's coverage, first at {wrong[:3].tolist()}")
        check(case, ((m > 0) & (m < 255)).sum() > 0 and (m == 0).sum() > 0 and (m == 255).sum() > 0, "the mask is not a test")

    # `before`'s colour chunks travel, when `after` is a PNG blended row by row and when it is
    # a JPEG; standard input gives what the file gives.
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    tagged = os.path.join(folder, "tagged.png")
    Image.fromarray(design.astype(np.uint8)).save(tagged, icc_profile=profile)
    after_jpeg = os.path.join(folder, "after.jpg")
    Image.fromarray(edited).save(after_jpeg, quality=90)
    out = os.path.join(folder, "composite-tagged.png")
    status, result, error = run("composite", "--before", tagged, "--after", after_jpeg, "--regions", REGIONS, "--output", out)
    check("colour chunks", status == 0 and Image.open(out).info.get("icc_profile") == profile, f"{status} {error}")
    status, result, error = run("composite", "--before", tagged, "--after", after, "--regions", REGIONS, "--output", out)
    check("colour chunks, row by row", status == 0 and Image.open(out).info.get("icc_profile") == profile, f"{status} {error}")
    with open(tagged, "rb") as f:
        piped = subprocess.run([remo, "composite", "--before", "-", "--after", after, "--regions", REGIONS, "--output", "-"],
                               stdin=f, capture_output=True)
    with open(out, "rb") as f:
        check("standard input", piped.returncode == 0 and piped.stdout == f.read(), piped.stderr.decode()[:300])

    checks.report()


if __name__ == "__main__":
    main()
