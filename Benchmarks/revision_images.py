#!/usr/bin/env python3
"""The images of a revision round against the tools a team would use instead, measured in
one run on the same inputs, a process per image (as a backend running a command per upload
would):

- prepare: a 12-megapixel JPEG to a 256-pixel JPEG thumbnail, and to the generator's 1536
  pixels, against vipsthumbnail (libvips's shrink-on-load thumbnailer) and Pillow's draft +
  thumbnail (pillow-heif for HEIC); then the same photo as HEIC with a 320 x 240 thumbnail
  of itself (as an iPhone writes it), which both vipsthumbnail and ours decode instead of the
  image for the 256-pixel thumbnail; libjpeg-turbo's own `djpeg -scale 1/8` (decoding alone, no resize or encoding)
  is shown as the floor every thumbnailer of this file stands on.
- render: a 12-megapixel PNG and three lassos to the annotated PNG, against libvips (pyvips:
  the outlines as an SVG overlay, a dark halo under a light core, composited) and Pillow
  (ImageDraw lines), all writing PNG at zlib level 1.
- composite: two 12-megapixel PNGs and three lassos to the composite PNG, against Pillow
  (polygon mask, Gaussian blur, Image.composite) and OpenCV (fillPoly, GaussianBlur, a
  numpy blend), all writing PNG at zlib level 1 as ours does.
- drift: the same two PNGs and lassos to the drift verdict, against Pillow (BOX resize,
  ImageCms to Lab, MaxFilter for the growth) and OpenCV (INTER_AREA, cvtColor to Lab,
  dilate, connected components), each with numpy for the median shift and the share.
- mask and bundle: ours alone, for their peak memory (12 MP mask; a round of the 12 MP
  design at the generator's 1536 pixels).

Prints, for each job and peer, the median wall time of --runs runs and the peak resident
memory, and the ratios against the peers. Needs the release build (docs/performance.md's
figures are of the build as it ships: swift build -c release --product remo-geom
--static-swift-stdlib, which starts 5 ms sooner and 5 MB smaller), Debian's libvips-tools and libjpeg-turbo-progs, and Python's Pillow, pillow-heif,
numpy, opencv-python-headless and pyvips.

    python3 Benchmarks/revision_images.py [--runs 15] [--jobs prepare,render,composite,drift,mask,bundle]
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
REMO = os.path.join(ROOT, ".build", "release", "remo-geom")
sys.path.insert(0, HERE)
from needs import needs  # noqa: E402
RGBA_MB = 4032 * 3024 * 4 / 2**20

PILLOW_COMPOSITE = """
import json, sys
from PIL import Image, ImageDraw, ImageFilter
before, after = Image.open(sys.argv[1]).convert("RGB"), Image.open(sys.argv[2]).convert("RGB")
document = json.load(open(sys.argv[3]))
mask = Image.new("L", before.size, 0)
draw = ImageDraw.Draw(mask)
for region in document["regions"]:
    draw.polygon([tuple(p) for p in region["points"]], fill=255)
mask = mask.filter(ImageFilter.GaussianBlur(8))
Image.composite(after, before, mask).save(sys.argv[4], compress_level=1)
"""

OPENCV_COMPOSITE = """
import json, sys
import cv2, numpy as np
before, after = cv2.imread(sys.argv[1]), cv2.imread(sys.argv[2])
document = json.load(open(sys.argv[3]))
mask = np.zeros(before.shape[:2], np.uint8)
for region in document["regions"]:
    cv2.fillPoly(mask, [np.round(np.array(region["points"])).astype(np.int32)], 255)
mask = cv2.GaussianBlur(mask, (0, 0), 8)[..., None].astype(np.uint16)
blend = (before.astype(np.uint16) * (255 - mask) + after.astype(np.uint16) * mask + 127) // 255
cv2.imwrite(sys.argv[4], blend.astype(np.uint8), [cv2.IMWRITE_PNG_COMPRESSION, 1])
"""

PYVIPS_RENDER = """
import json, sys
import pyvips
image = pyvips.Image.new_from_file(sys.argv[1], access="sequential")
document = json.load(open(sys.argv[2]))
scale = document.get("scale", 1)
paths = "".join(
    '<polygon points="%s" fill="none" stroke="#101010" stroke-width="%g" stroke-linejoin="round"/>'
    '<polygon points="%s" fill="none" stroke="#ffffff" stroke-width="%g" stroke-linejoin="round"/>'
    % (" ".join("%g,%g" % tuple(p) for p in r["points"]), 6 * scale, " ".join("%g,%g" % tuple(p) for p in r["points"]), 3 * scale)
    for r in document["regions"])
svg = '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">%s</svg>' % (image.width, image.height, paths)
overlay = pyvips.Image.svgload_buffer(svg.encode())
image.composite2(overlay, "over").flatten().pngsave(sys.argv[3], compression=1)
"""

PILLOW_RENDER = """
import json, sys
from PIL import Image, ImageDraw
image = Image.open(sys.argv[1]).convert("RGB")
document = json.load(open(sys.argv[2]))
scale = document.get("scale", 1)
draw = ImageDraw.Draw(image)
for region in document["regions"]:
    points = [tuple(p) for p in region["points"]] + [tuple(region["points"][0])]
    draw.line(points, fill=(16, 16, 16), width=int(6 * scale), joint="curve")
    draw.line(points, fill=(255, 255, 255), width=int(3 * scale), joint="curve")
image.save(sys.argv[3], compress_level=1)
"""

# The drift check's measurement as each peer would write it: both images averaged to a
# long side of 256, CIE Lab, the regions grown 8 points and left out, the median shift of
# each axis taken out, the share of the rest that changed by ΔE76 >= 10 and the boxes of
# the changed areas.
PILLOW_DRIFT = """
import json, sys
import numpy as np
from PIL import Image, ImageCms, ImageDraw, ImageFilter
document = json.load(open(sys.argv[3]))
def lab(path):
    image = Image.open(path).convert("RGB")
    factor = 256 / max(image.size)
    image = image.resize((round(image.width * factor), round(image.height * factor)), Image.BOX)
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB")
    samples = np.asarray(ImageCms.applyTransform(image, transform)).astype(np.float32)
    return samples * [100 / 255, 1, 1] - [0, 128, 128], factor
(a, factor), (b, _) = lab(sys.argv[1]), lab(sys.argv[2])
mask = Image.new("L", (a.shape[1], a.shape[0]), 0)
draw = ImageDraw.Draw(mask)
for region in document["regions"]:
    draw.polygon([(p[0] * factor, p[1] * factor) for p in region["points"]], fill=255)
grow = 2 * round(8 * document.get("scale", 1) * factor) + 1
outside = np.asarray(mask.filter(ImageFilter.MaxFilter(max(3, grow)))) == 0
difference = b - a
difference -= np.median(difference[outside], axis=0)
delta = np.sqrt((difference ** 2).sum(axis=2))
changed = (delta >= 10) & outside
print(json.dumps({"changed": float(changed.mean()), "mean": float(delta[outside].mean())}))
"""

OPENCV_DRIFT = """
import json, sys
import cv2, numpy as np
document = json.load(open(sys.argv[3]))
def lab(path):
    image = cv2.imread(path)
    factor = 256 / max(image.shape[:2])
    small = cv2.resize(image, (round(image.shape[1] * factor), round(image.shape[0] * factor)), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small.astype(np.float32) / 255, cv2.COLOR_BGR2Lab), factor
(a, factor), (b, _) = lab(sys.argv[1]), lab(sys.argv[2])
mask = np.zeros(a.shape[:2], np.uint8)
for region in document["regions"]:
    cv2.fillPoly(mask, [np.round(np.array(region["points"]) * factor).astype(np.int32)], 255)
grow = 2 * round(8 * document.get("scale", 1) * factor) + 1
outside = cv2.dilate(mask, np.ones((grow, grow), np.uint8)) == 0
difference = b - a
difference -= np.median(difference[outside], axis=0)
delta = np.sqrt((difference ** 2).sum(axis=2))
changed = ((delta >= 10) & outside).astype(np.uint8)
count, _, boxes, _ = cv2.connectedComponentsWithStats(changed, connectivity=8)
print(json.dumps({"changed": float(changed.mean()), "mean": float(delta[outside].mean()), "boxes": int(count - 1)}))
"""

PILLOW_THUMBNAIL = """
import sys
from PIL import Image
if sys.argv[1].endswith(".heic"):
    import pillow_heif
    pillow_heif.register_heif_opener()
image = Image.open(sys.argv[1])
image.draft("RGB", (int(sys.argv[3]), int(sys.argv[3])))
image = image.convert("RGB")
image.thumbnail((int(sys.argv[3]), int(sys.argv[3])), Image.BOX)
image.save(sys.argv[2], quality=85)
"""


def make_photo(path):
    """A 4032 x 3024 JPEG at quality 92 (an iPhone's 12 megapixels), from a sample photo
    enlarged with grain, so that it compresses like a photograph (about 4 MB)."""
    import numpy as np
    from PIL import Image
    photo = Image.open(os.path.join(ROOT, "SampleScans", "photos", "originals", "coffee.png")).convert("RGB")
    large = np.asarray(photo.resize((4032, 3024), Image.LANCZOS)).astype(np.int16)
    grain = np.random.default_rng(7).normal(0, 6, large.shape).astype(np.int16)
    Image.fromarray(np.clip(large + grain, 0, 255).astype(np.uint8)).save(path, quality=92)


def make_heic(photo, path):
    """The photo as an iPhone's HEIC: the image and a 320 x 240 thumbnail of it."""
    import pillow_heif
    from PIL import Image
    pillow_heif.register_heif_opener()
    Image.open(photo).save(path, quality=80, thumbnails=[320])


def make_revision(folder):
    """A 4032 x 3024 design PNG, the generator's version of it (recoloured, with its own
    grain) and the sample's three lassos scaled to that size (scale 4)."""
    import json
    import numpy as np
    from PIL import Image
    design = Image.open(os.path.join(ROOT, "SampleScans", "design.png")).convert("RGB").resize((4032, 3024), Image.LANCZOS)
    rng = np.random.default_rng(11)
    samples = np.asarray(design).astype(np.int16)
    before = np.clip(samples + rng.normal(0, 4, samples.shape), 0, 255).astype(np.uint8)
    after = np.clip(samples[..., ::-1] + rng.normal(0, 4, samples.shape), 0, 255).astype(np.uint8)
    Image.fromarray(before).save(os.path.join(folder, "before.png"), compress_level=1)
    Image.fromarray(after).save(os.path.join(folder, "after.png"), compress_level=1)
    with open(os.path.join(ROOT, "SampleScans", "regions", "valid.json")) as f:
        document = json.load(f)
    factor = 4032 / document["image"]["width"]
    document["image"] = {"width": 4032, "height": 3024}
    document["scale"] = 4
    for region in document["regions"]:
        region["points"] = [[p["x"] * factor, p["y"] * factor] if isinstance(p, dict) else [p[0] * factor, p[1] * factor]
                            for p in region["points"]]
    with open(os.path.join(folder, "regions.json"), "w") as f:
        json.dump(document, f)


def measure(command, runs, statuses=(0,)):
    """The median wall time in milliseconds and the largest peak RSS in MB over `runs` runs;
    an exit status not in `statuses` stops the benchmark."""
    times, peaks = [], []
    for _ in range(runs):
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        times.append((time.perf_counter() - started) * 1000)
        if os.waitstatus_to_exitcode(status) not in statuses:
            sys.exit(f"failed: {' '.join(command)}: {process.stderr.read().decode()}")
        peaks.append(usage.ru_maxrss / 1024)
    return statistics.median(times), max(peaks)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--jobs", default="prepare,render,composite,drift,mask,bundle", help="which jobs to measure (default: all)")
    parser.add_argument("--make-photo", help=argparse.SUPPRESS)
    parser.add_argument("--make-revision", help=argparse.SUPPRESS)
    parser.add_argument("--make-heic", nargs=2, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.make_photo:
        return make_photo(options.make_photo)
    if options.make_heic:
        return make_heic(*options.make_heic)
    if options.make_revision:
        return make_revision(options.make_revision)
    needs(commands={"vipsthumbnail": "libvips-tools", "djpeg": "libjpeg-turbo-progs"},
          modules={"PIL": "Pillow", "pillow_heif": "pillow-heif", "numpy": "numpy", "cv2": "opencv-python-headless",
                   "pyvips": "pyvips"}, binary=REMO)
    folder = tempfile.mkdtemp(prefix="remo-revision-")
    jobs = options.jobs.split(",")
    photo, heic = os.path.join(folder, "photo.jpg"), os.path.join(folder, "photo.heic")
    if "prepare" in jobs:
        # Made in a process of its own: a child's peak RSS counts what it inherits at fork,
        # so this process stays small.
        subprocess.run([sys.executable, __file__, "--make-photo", photo], check=True)
        subprocess.run([sys.executable, __file__, "--make-heic", photo, heic], check=True)
    print(f"{options.runs} runs each, a process per job; 12 MP decoded as RGBA is {RGBA_MB:.1f} MB")
    if "prepare" in jobs:
        print(f"\nprepare's input: a 4032 x 3024 JPEG, {os.path.getsize(photo) / 1e6:.1f} MB, and the same as HEIC with a "
              f"320 x 240 thumbnail, as an iPhone writes it, {os.path.getsize(heic) / 1e6:.1f} MB")
        for source, side in ((photo, 256), (photo, 1536), (heic, 256), (heic, 1536)):
            out = os.path.join(folder, f"out-{side}.jpg")
            rows = {
                "remo-geom prepare": [REMO, "prepare", source, "--output", out, "--max-side", str(side)],
                "vipsthumbnail": ["vipsthumbnail", source, "-s", str(side), "-o", out + "[Q=85]"],
                "Pillow draft + thumbnail": [sys.executable, "-c", PILLOW_THUMBNAIL, source, out, str(side)],
            }
            if (source, side) == (photo, 256):
                rows["(djpeg -scale 1/8: decoding)"] = ["djpeg", "-scale", "1/8", "-outfile", os.devnull, photo]
            report(f"prepare {'HEIC' if source == heic else 'JPEG'} to {side} pixels", rows, options.runs)
    if {"render", "composite", "drift", "mask", "bundle"} & set(jobs):
        subprocess.run([sys.executable, __file__, "--make-revision", folder], check=True)
    before, after, regions = (os.path.join(folder, name) for name in ("before.png", "after.png", "regions.json"))
    if "render" in jobs:
        outputs = [os.path.join(folder, f"render-{name}.png") for name in ("remo", "vips", "pillow")]
        report("render at 12 megapixels", {
            "remo-geom render": [REMO, "render", "--image", before, "--regions", regions, "--output", outputs[0], "--overwrite"],
            "libvips (pyvips)": [sys.executable, "-c", PYVIPS_RENDER, before, regions, outputs[1]],
            "Pillow": [sys.executable, "-c", PILLOW_RENDER, before, regions, outputs[2]],
        }, options.runs)
        sizes = [os.path.getsize(path) for path in outputs]
        print(f"  file sizes: ours {sizes[0]:,}, libvips {sizes[1]:,} ({sizes[0] / sizes[1] - 1:+.1%}), Pillow {sizes[2]:,}")
    if "composite" in jobs:
        out = os.path.join(folder, "composite.png")
        report("composite at 12 megapixels", {
            "remo-geom composite": [REMO, "composite", "--before", before, "--after", after, "--regions", regions, "--output", out,
                                    "--overwrite"],
            "Pillow": [sys.executable, "-c", PILLOW_COMPOSITE, before, after, regions, out],
            "OpenCV": [sys.executable, "-c", OPENCV_COMPOSITE, before, after, regions, out],
        }, options.runs)
    if "drift" in jobs:
        report("drift at 12 megapixels", {
            "remo-geom drift": [REMO, "drift", "--before", before, "--after", after, "--regions", regions, "--format", "json"],
            "Pillow": [sys.executable, "-c", PILLOW_DRIFT, before, after, regions],
            "OpenCV": [sys.executable, "-c", OPENCV_DRIFT, before, after, regions],
        }, options.runs, statuses=(0, 1))
    if "mask" in jobs:
        report("mask at 12 megapixels", {
            "remo-geom mask": [REMO, "mask", "--regions", regions, "--output", os.path.join(folder, "mask.png"), "--overwrite"],
        }, options.runs)
    if "bundle" in jobs:
        report("bundle of a 12 MP design at 1536 pixels", {
            "remo-geom bundle": [REMO, "bundle", "--image", before, "--regions", regions, "--output-dir",
                                 os.path.join(folder, "round"), "--overwrite"],
        }, options.runs)


def report(title, rows, runs, statuses=(0,)):
    """Measures each row and prints it with its ratio to the first (ours) and its peak
    memory as a multiple of a 12 MP image decoded as RGBA."""
    results = {name: measure(command, runs, statuses) for name, command in rows.items()}
    ours = next(iter(results.values()))[0]
    print(f"\n{title}:")
    for index, (name, (milliseconds, peak)) in enumerate(results.items()):
        ratio = "" if index == 0 else f"   ours is {milliseconds / ours:.2f}x faster"
        print(f"  {name:30} {milliseconds:8.1f} ms   peak {peak:6.1f} MB ({peak / RGBA_MB:.2f}x RGBA){ratio}")


if __name__ == "__main__":
    main()
