#!/usr/bin/env python3
"""The photo check a Python team would write: OpenCV's variance of the Laplacian with the
popular threshold of 100 for blur, and the short side for resolution. HEIC through
pillow-heif (OpenCV cannot read it).

    python3 Benchmarks/peers/photo_opencv.py FILE...    (one JSON line per file)
"""
import json
import sys
import time

import cv2
import numpy as np

BLUR_THRESHOLD = 100  # "variance of the Laplacian under 100 is blurry"


def grey(path):
    if path.lower().endswith((".heic", ".heif")):
        import pillow_heif
        from PIL import Image
        pillow_heif.register_heif_opener()
        return np.asarray(Image.open(path).convert("L"))
    image = cv2.imread(path, cv2.IMREAD_COLOR)  # applies EXIF orientation
    if image is None:
        raise ValueError(f"{path}: cannot be read")
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def check(path):
    g = grey(path)
    variance = float(cv2.Laplacian(g, cv2.CV_64F).var())
    height, width = g.shape
    return {"file": path, "width": width, "height": height, "laplacianVariance": variance,
            "blurred": variance < BLUR_THRESHOLD, "resolution": "reject" if min(width, height) < 768 else ("warn" if max(width, height) < 1024 else "ok")}


def main():
    for path in sys.argv[1:]:
        started = time.perf_counter()
        result = check(path)
        result["seconds"] = time.perf_counter() - started
        print(json.dumps(result))


if __name__ == "__main__":
    main()
