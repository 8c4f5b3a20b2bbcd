#!/usr/bin/env python3
"""The images of a revision round against the tools a team would use instead, measured in
one run on the same inputs, a process per image (as a backend running a command per upload
would):

- prepare: a 12-megapixel JPEG to a 256-pixel JPEG thumbnail, and to the generator's 1536
  pixels, against vipsthumbnail (libvips's shrink-on-load thumbnailer) and Pillow's draft +
  thumbnail.

Prints, for each job and peer, the median wall time of --runs runs and the peak resident
memory, and the ratios against the peers. Needs the release build (swift build -c release
--product remo-geom), Debian's libvips-tools, and Pillow.

    python3 Benchmarks/revision_images.py [--runs 15]
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

PILLOW_THUMBNAIL = """
import sys
from PIL import Image
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


def measure(command, runs):
    """The median wall time in milliseconds and the largest peak RSS in MB over `runs` runs."""
    times, peaks = [], []
    for _ in range(runs):
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        times.append((time.perf_counter() - started) * 1000)
        if status != 0:
            sys.exit(f"failed: {' '.join(command)}: {process.stderr.read().decode()}")
        peaks.append(usage.ru_maxrss / 1024)
    return statistics.median(times), max(peaks)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--make-photo", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.make_photo:
        return make_photo(options.make_photo)
    if not os.access(REMO, os.X_OK):
        sys.exit("build first: swift build -c release --product remo-geom")
    folder = tempfile.mkdtemp(prefix="remo-revision-")
    photo = os.path.join(folder, "photo.jpg")
    # Made in a process of its own: a child's peak RSS counts what it inherits at fork, so
    # this process stays small.
    subprocess.run([sys.executable, __file__, "--make-photo", photo], check=True)
    print(f"input: 4032 x 3024 JPEG, {os.path.getsize(photo) / 1e6:.1f} MB; {options.runs} runs each, a process per image")
    for side in (256, 1536):
        out = os.path.join(folder, f"out-{side}.jpg")
        rows = {
            "remo-geom prepare": [REMO, "prepare", photo, "--output", out, "--max-side", str(side)],
            "vipsthumbnail": ["vipsthumbnail", photo, "-s", str(side), "-o", out + "[Q=85]"],
            "Pillow draft + thumbnail": [sys.executable, "-c", PILLOW_THUMBNAIL, photo, out, str(side)],
        }
        results = {name: measure(command, options.runs) for name, command in rows.items()}
        ours = results["remo-geom prepare"][0]
        print(f"\nprepare to {side} pixels:")
        for name, (milliseconds, peak) in results.items():
            ratio = "" if name == "remo-geom prepare" else f"   ours is {milliseconds / ours:.2f}x faster"
            print(f"  {name:26} {milliseconds:8.1f} ms   peak {peak:6.1f} MB{ratio}")
    decoded = 4032 * 3024 * 4 / 2**20
    print(f"\n(the source decoded as RGBA would be {decoded:.1f} MB)")


if __name__ == "__main__":
    main()
