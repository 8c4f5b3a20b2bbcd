#!/usr/bin/env python3
"""Accuracy, size invariance and speed of `remo-geom photo` against the OpenCV peer
(Benchmarks/peers/photo_opencv.py) on the whole labelled set, in one run.

    python3 Benchmarks/photos/photo_accuracy.py [--sizes 1,3,12] [--formats jpeg,png,heic]

The set (SampleScans/photos/photo_set.py) is made one scene at a time in a temporary
folder, measured by both, and deleted. Accuracy is counted where the label is clear:
blurred photos must be rejected, sharp ones must not be (and, strictly, be ok); the peer's
verdict is its Laplacian variance against 100. Speed: both on the same 12-megapixel JPEGs,
remo-geom end to end (the release CLI over the folder, per photo), the peer in-process
(imread, grey, Laplacian variance), so its interpreter's start is not counted against it.
Needs the release build, Pillow, numpy, opencv-python-headless and pillow-heif.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "SampleScans", "photos"))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "peers"))
import photo_set  # noqa: E402
import photo_opencv  # noqa: E402


def run_remo(binary, folder):
    out = subprocess.run([binary, "photo", "--format", "jsonl", folder], capture_output=True, text=True)
    return {os.path.basename(json.loads(line)["file"]): json.loads(line) for line in out.stdout.splitlines()}


def verdict(report, code):
    return next(c for c in report["checks"] if c["code"] == code)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,3,12")
    parser.add_argument("--formats", default="jpeg,png,heic")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/remo-geom"))
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    formats = args.formats.split(",")
    rows = []
    speed = {"remo": [], "peer": []}
    for scene in photo_set.SCENES:
        folder = tempfile.mkdtemp(prefix="remo-photos-")
        try:
            labels = photo_set.make(folder, sizes, formats, scenes=[scene])
            started = time.perf_counter()
            ours = run_remo(args.binary, folder)
            remo_seconds = time.perf_counter() - started
            for name, label in labels.items():
                peer = photo_opencv.check(os.path.join(folder, name))
                rows.append((name, label, ours[name], peer))
            # Speed on this scene's 12-megapixel JPEGs: both over the same files.
            if 12 in sizes and "jpeg" in formats:
                big = sorted(n for n, l in labels.items() if l["megapixels"] == 12 and l["format"] == "jpeg")
                speed_folder = os.path.join(folder, "speed")
                os.makedirs(speed_folder)
                for n in big:
                    os.link(os.path.join(folder, n), os.path.join(speed_folder, n))
                started = time.perf_counter()
                run_remo(args.binary, speed_folder)
                speed["remo"].append((time.perf_counter() - started) / len(big))
                started = time.perf_counter()
                for n in big:
                    photo_opencv.check(os.path.join(speed_folder, n))
                speed["peer"].append((time.perf_counter() - started) / len(big))
            print(f"{scene}: {len(labels)} photos, remo-geom {remo_seconds:.1f} s", file=sys.stderr)
        finally:
            shutil.rmtree(folder)

    def accuracy(title, cases):
        right = sum(1 for ok in cases if ok)
        print(f"  {title}: {right} of {len(cases)} ({100 * right / max(1, len(cases)):.1f} %)")

    print(f"Labelled set: {len(rows)} photos ({len(photo_set.SCENES)} scenes, sizes {sizes} MP, formats {formats})")
    clear = [(n, l, o, p) for n, l, o, p in rows if l["blur"] != "unclear"]
    for group, test in (("all clear labels", lambda l: True), ("sharp", lambda l: l["blur"] == "sharp"),
                        ("Gaussian blur >= 1 %", lambda l: l["variant"].startswith("gauss")),
                        ("motion blur >= 2 %", lambda l: l["variant"].startswith("motion"))):
        cases = [(l, o, p) for n, l, o, p in clear if test(l)]
        print(f"Blur, {group} ({len(cases)} photos):")
        accuracy("remo-geom (blurred rejected, sharp not rejected)",
                 [(verdict(o, "blur")["verdict"] == "reject") == (l["blur"] == "blurred") for l, o, p in cases])
        accuracy("remo-geom strictly (blurred rejected, sharp ok)",
                 [verdict(o, "blur")["verdict"] == ("reject" if l["blur"] == "blurred" else "ok") for l, o, p in cases])
        accuracy("OpenCV Laplacian variance < 100", [p["blurred"] == (l["blur"] == "blurred") for l, o, p in cases])
    print("Resolution:")
    accuracy("remo-geom", [verdict(o, "resolution")["verdict"] == l["resolution"] for n, l, o, p in rows])
    accuracy("OpenCV peer", [p["resolution"] == l["resolution"] for n, l, o, p in rows])
    print("Exposure (dark and washed-out photos rejected, the others not):")
    accuracy("remo-geom", [(verdict(o, "exposure")["verdict"] == "reject") == (l["exposure"] == "reject") for n, l, o, p in rows])

    by_scene = collections.defaultdict(list)
    for n, l, o, p in rows:
        if l["variant"] != "small":
            by_scene[(l["scene"], l["variant"], l["format"])].append((l["megapixels"], verdict(o, "blur"), p))
    same3 = [len({b["verdict"] for _, b, _ in v}) == 1 for v in by_scene.values() if len(v) > 1]
    same_reject = [len({b["verdict"] == "reject" for _, b, _ in v}) == 1 for v in by_scene.values() if len(v) > 1]
    same_peer = [len({p["blurred"] for _, _, p in v}) == 1 for v in by_scene.values() if len(v) > 1]
    spread = [max(b["score"] for _, b, _ in v) - min(b["score"] for _, b, _ in v) for v in by_scene.values() if len(v) > 1]
    print(f"Size invariance over {sizes} MP ({len(same3)} scene, variant and format triples):")
    accuracy("remo-geom, same blur verdict", same3)
    accuracy("remo-geom, rejected alike", same_reject)
    accuracy("OpenCV peer, same blurred-or-not", same_peer)
    if spread:
        spread.sort()
        print(f"  remo-geom sharpness spread across sizes: median {spread[len(spread) // 2]:.3f}, max {spread[-1]:.3f}")
    laplacian = collections.defaultdict(list)
    for n, l, o, p in rows:
        if l["variant"] == "sharp" and l["format"] == "jpeg":
            laplacian[l["megapixels"]].append(p["laplacianVariance"])
    for mp, values in sorted(laplacian.items()):
        print(f"  OpenCV Laplacian variance of the sharp photos at {mp} MP: {min(values):.0f} to {max(values):.0f}")
    if speed["remo"]:
        r, q = sum(speed["remo"]) / len(speed["remo"]), sum(speed["peer"]) / len(speed["peer"])
        print(f"Speed on 12-megapixel JPEGs: remo-geom {1000 * r:.0f} ms per photo end to end, "
              f"OpenCV peer {1000 * q:.0f} ms in-process: {q / r:.1f}x")


if __name__ == "__main__":
    main()
