#!/usr/bin/env python3
"""Speed of `remo-geom photo` on 12-megapixel JPEGs against the OpenCV peer
(Benchmarks/peers/photo_opencv.py: imread, grey, Laplacian variance), every comparison in
one run, so that each ratio has its peer measured beside it.

    python3 Benchmarks/photos/photo_speed.py [--binary .build/release/remo-geom] [--repeats 12]

Four photos are made from SampleScans/photos/originals (upscaled to 4032 x 3024, JPEG
quality 90, as an iPhone's main camera shoots) in a temporary folder, in two weights: as
upscaled (0.7 to 1.2 MB: the originals are 400 to 640 pixels wide, so the enlargements are
smooth and compress far better than a phone's photo) and with a fixed grain added to their
luma (sigma 5 grey levels) so that each weighs about 3 MB, as an iPhone's 12-megapixel JPEG
does. Huffman decoding, which neither side can skip, takes time in proportion to the bytes,
so the heavier photos are the fairer test. Every row is printed for each weight:

- one process per photo: `remo-geom photo FILE`, start-up included, best of --repeats per
  photo; against the peer in-process with its imports warm (best per photo) and against
  the peer as a program (`python3 photo_opencv.py FILE`, interpreter and imports included);
  beside them, libjpeg-turbo's decoding of the photo alone at 1/4 in grey, which no check
  can skip: the peer's warm time over it bounds what any check per photo could reach;
- a running `remo-geom serve`, per photo: POST /v1/photo on a kept-alive connection (upload
  and HTTP included), best of --repeats, against the peer in-process;
- a folder of 40 (the four photos ten times), one process, per photo: remo-geom on both
  cores and on one, the peer in-process one photo after another (OpenCV's own threads on
  both cores, then on one).

Build the CLI as scripts/demo.sh does (`swift build -c release --product remo-geom
--static-swift-stdlib`): that build starts about 11 ms sooner than a dynamic one.
"""
import argparse
import contextlib
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PEER = os.path.join(ROOT, "Benchmarks", "peers", "photo_opencv.py")

# The decoding no check of a JPEG can skip: libjpeg-turbo's Huffman decoding of every
# byte, here as OpenCV asks for it at 1/4 scale in grey (the least work it can be asked
# for). Best per photo, in-process.
DECODING_FLOOR = r"""
import sys, time
import cv2
best = []
for f in sys.argv[1].split(","):
    times = []
    for _ in range(int(sys.argv[2])):
        t = time.perf_counter(); cv2.imread(f, cv2.IMREAD_REDUCED_GRAYSCALE_4); times.append(time.perf_counter() - t)
    best.append(min(times))
print(" ".join(str(b) for b in best))
"""

PEER_IN_PROCESS = r"""
import glob, os, sys, time
import cv2
files, repeats, cores = sys.argv[1].split(","), int(sys.argv[2]), sys.argv[3]
if cores == "one":
    os.sched_setaffinity(0, {0})
def check(f):
    grey = cv2.cvtColor(cv2.imread(f), cv2.COLOR_BGR2GRAY)
    return cv2.Laplacian(grey, cv2.CV_64F).var()
check(files[0])  # warm
best = []
for f in files:
    times = []
    for _ in range(repeats):
        t = time.perf_counter(); check(f); times.append(time.perf_counter() - t)
    best.append(min(times))
print(" ".join(str(b) for b in best))
"""


def make_photos(folder, grain):
    """The four photos at 4032 x 3024, with `grain` (a standard deviation in grey levels)
    of fixed noise added to the luma of each pixel."""
    import numpy as np
    from PIL import Image
    source = os.path.join(ROOT, "SampleScans", "photos", "originals")
    noise = np.random.default_rng(1)
    paths = []
    for i, name in enumerate(sorted(os.listdir(source))[:4]):
        path = os.path.join(folder, f"photo{i}.jpg")
        image = Image.open(os.path.join(source, name)).convert("RGB").resize((4032, 3024), Image.LANCZOS)
        if grain:
            pixels = np.asarray(image).astype(np.float32) + noise.normal(0, grain, (3024, 4032, 1))
            image = Image.fromarray(np.clip(pixels.round(), 0, 255).astype(np.uint8))
        image.save(path, quality=90)
        paths.append(path)
    return paths


def best_seconds(command, repeats, one_core=False):
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                       preexec_fn=(lambda: os.sched_setaffinity(0, {0})) if one_core else None)
        best = min(best, time.perf_counter() - started)
    return best


@contextlib.contextmanager
def running_service(binary):
    """`remo-geom serve` on a free loopback port, which it yields."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    service = subprocess.Popen([binary, "serve", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if subprocess.run(["curl", "-s", "-f", "-o", "/dev/null", f"http://127.0.0.1:{port}/readyz"]).returncode == 0:
                break
            time.sleep(0.1)
        yield port
    finally:
        service.terminate()
        service.wait()


def in_process(script, files, *arguments):
    out = subprocess.run([sys.executable, "-c", script, ",".join(files), *map(str, arguments)],
                         capture_output=True, text=True, check=True)
    return [float(x) for x in out.stdout.split()]


def peer_in_process(files, repeats, cores):
    return in_process(PEER_IN_PROCESS, files, repeats, cores)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "remo-geom"))
    parser.add_argument("--repeats", type=int, default=12)
    args = parser.parse_args()
    for weight, grain in [("as upscaled", 0), ("with grain, as heavy as a phone's", 5)]:
        with tempfile.TemporaryDirectory(prefix="remo-photo-speed-") as folder:
            photos = make_photos(folder, grain)
            sizes = ", ".join(f"{os.path.getsize(p) / 1e6:.1f}" for p in photos)
            print(f"== photos {weight} ({sizes} MB)")
            compare(photos, folder, args)


def compare(photos, folder, args):
    ms = lambda seconds: f"{seconds * 1000:.0f} ms"  # noqa: E731
    many = os.path.join(folder, "forty")
    os.makedirs(many)
    for k in range(10):
        for i, photo in enumerate(photos):
            os.symlink(photo, os.path.join(many, f"{k}-{i}.jpg"))
    forty = sorted(os.path.join(many, f) for f in os.listdir(many))

    print("one process per photo (best of %d per photo):" % args.repeats)
    warm = peer_in_process(photos, args.repeats, "both")
    floor = in_process(DECODING_FLOOR, photos, args.repeats)
    for photo, peer_warm, decoding in zip(photos, warm, floor):
        ours = best_seconds([args.binary, "photo", photo, "--format", "jsonl"], args.repeats)
        program = best_seconds([sys.executable, PEER, photo], max(3, args.repeats // 4))
        print(f"  {os.path.basename(photo)}: remo-geom {ms(ours)}; peer in-process {ms(peer_warm)} "
              f"({peer_warm / ours:.1f}x), peer as a program {ms(program)} ({program / ours:.1f}x); "
              f"decoding alone at 1/4 in grey {ms(decoding)} (the peer in-process at most {peer_warm / decoding:.1f}x that)")

    print("a running service, per photo (POST /v1/photo on a kept-alive connection, best of %d):" % args.repeats)
    with running_service(args.binary) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port)
        for photo, peer_warm in zip(photos, warm):
            with open(photo, "rb") as f:
                body = f.read()
            best = float("inf")
            for _ in range(args.repeats):
                started = time.perf_counter()
                connection.request("POST", "/v1/photo", body=body, headers={"Content-Type": "image/jpeg"})
                response = connection.getresponse()
                response.read()
                best = min(best, time.perf_counter() - started)
                assert response.status == 200, response.status
            print(f"  {os.path.basename(photo)}: remo-geom {ms(best)}; peer in-process {ms(peer_warm)} ({peer_warm / best:.1f}x)")
        connection.close()

    print("a folder of 40 in one process, per photo:")
    for cores in ["both", "one"]:
        ours = best_seconds([args.binary, "photo", many, "--format", "jsonl"], 3, one_core=cores == "one") / 40
        peer = sum(peer_in_process(forty, 1, cores)) / 40
        print(f"  {cores} core{'s' if cores == 'both' else ''}: remo-geom {ms(ours)}; peer in-process {ms(peer)} "
              f"({peer / ours:.1f}x)")


if __name__ == "__main__":
    main()
