#!/usr/bin/env python3
"""Checks `remo-geom prepare` against independent computations: OpenCV's INTER_AREA resize
(exact area averaging; Pillow's BOX weighs whole pixels by their centres, so it is not
one) for the filter, Pillow's reading of EXIF orientation and its JPEG draft mode (the same
DCT scaling), and Little CMS through Pillow's ImageCms for the colour conversion, on inputs
made here from the sample photos.

Usage: prepare_against_pillow.py REMO_GEOM FOLDER. Prints one JSON object: {"cases": N,
"failures": [...]}; each failure names the case and what differed.
"""
import ctypes
import ctypes.util
import io
import json
import os
import subprocess
import sys

import cv2
import numpy as np
from PIL import Image, ImageCms, ImageOps
from oracle_checks import Checks

HERE = os.path.dirname(os.path.abspath(__file__))
ORIGINALS = os.path.join(HERE, "..", "..", "..", "SampleScans", "photos", "originals")


def display_p3_profile():
    """A Display P3 ICC profile made by the system's Little CMS (P3 primaries, D65, the
    sRGB curve), so that the file under test carries a real profile."""
    lcms = ctypes.CDLL(ctypes.util.find_library("lcms2"))

    class xyY(ctypes.Structure):
        _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]

    lcms.cmsBuildParametricToneCurve.restype = ctypes.c_void_p
    lcms.cmsBuildParametricToneCurve.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_double)]
    lcms.cmsCreateRGBProfile.restype = ctypes.c_void_p
    lcms.cmsCreateRGBProfile.argtypes = [ctypes.POINTER(xyY), ctypes.POINTER(xyY * 3), ctypes.POINTER(ctypes.c_void_p * 3)]
    lcms.cmsSaveProfileToMem.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
    lcms.cmsMD5computeID.argtypes = [ctypes.c_void_p]
    params = (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
    curve = lcms.cmsBuildParametricToneCurve(None, 4, params)
    white = xyY(0.3127, 0.3290, 1.0)
    primaries = (xyY * 3)(xyY(0.680, 0.320, 1.0), xyY(0.265, 0.690, 1.0), xyY(0.150, 0.060, 1.0))
    curves = (ctypes.c_void_p * 3)(curve, curve, curve)
    profile = lcms.cmsCreateRGBProfile(ctypes.byref(white), ctypes.byref(primaries), ctypes.byref(curves))
    size = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(profile, None, ctypes.byref(size))
    buffer = ctypes.create_string_buffer(size.value)
    lcms.cmsSaveProfileToMem(profile, buffer, ctypes.byref(size))
    return buffer.raw[: size.value]


def run(remo, image, output, *options):
    done = subprocess.run([remo, "prepare", image, "--output", output, *options], capture_output=True, text=True)
    result = json.loads(done.stdout) if done.returncode == 0 else None
    return done.returncode, result, done.stderr


def pixels(path, mode="RGB"):
    return np.asarray(Image.open(path).convert(mode)).astype(int)


def area(samples, width, height):
    """OpenCV's INTER_AREA on float samples, rounded: the exact area average."""
    shrunk = cv2.resize(np.asarray(samples).astype(np.float32), (width, height), interpolation=cv2.INTER_AREA)
    return np.floor(shrunk + 0.5).astype(int)


def area_premultiplied(rgba, width, height):
    """The area average of RGBA weighted by alpha, as a compositor needs it."""
    samples = np.asarray(rgba).astype(np.float64)
    weighted = np.dstack([samples[..., :3] * samples[..., 3:4] / 255, samples[..., 3]])
    shrunk = cv2.resize(weighted.astype(np.float32), (width, height), interpolation=cv2.INTER_AREA).astype(np.float64)
    alpha = shrunk[..., 3:4]
    colour = np.where(alpha > 0, shrunk[..., :3] * 255 / np.maximum(alpha, 1e-9), 0)
    return np.floor(np.dstack([colour, alpha]) + 0.5).astype(int)


def box(image, width, height):
    return area(image, width, height)


def main():
    remo, folder = sys.argv[1], sys.argv[2]
    checks = Checks()
    check = checks.check

    photo = Image.open(os.path.join(ORIGINALS, "coffee.png")).convert("RGB")  # 600 x 400
    big = photo.resize((1800, 1200), Image.LANCZOS)

    # The filter: OpenCV's area average at whole and fractional ratios, from a PNG (no DCT scaling, no
    # conversion). Each sample within 1 of Pillow's.
    source = os.path.join(folder, "big.png")
    big.save(source)
    for max_side in (900, 600, 257, 100, 7):
        out = os.path.join(folder, f"box-{max_side}.png")
        status, result, error = run(remo, source, out, "--max-side", str(max_side))
        case = f"box {max_side}"
        if status != 0:
            check(case, False, error)
            continue
        expected = box(big, result["width"], result["height"])
        difference = np.abs(pixels(out) - expected).max() if expected.shape == pixels(out).shape else 999
        check(case, result["width"] == max_side and result["height"] == round(1200 * max_side / 1800), f"size {result}")
        check(case, difference <= 1, f"differs from OpenCV's INTER_AREA by up to {difference}")
        check(case, result["format"] == "png" and result["profile"] == "srgb" and result["orientation"] == 1, f"result {result}")

    # Never enlarged: a 600 x 400 PNG with --max-side 1536 keeps its pixels.
    small = os.path.join(folder, "small.png")
    photo.save(small)
    status, result, error = run(remo, small, os.path.join(folder, "small-out.png"))
    check("no enlargement", status == 0 and (result["width"], result["height"]) == (600, 400), f"{status} {result} {error}")
    if status == 0:
        check("no enlargement", (pixels(os.path.join(folder, "small-out.png")) == np.asarray(photo)).all(), "pixels changed")

    # Transparency: colour weighted by alpha; a PNG keeps alpha, a JPEG is flattened on white.
    # Alpha falls from top to bottom, and every third column is wholly transparent with a
    # red that must not bleed into its neighbours.
    samples = np.asarray(big.convert("RGBA")).copy()
    samples[..., 3] = np.linspace(255, 0, big.size[1]).astype(np.uint8)[:, None]
    samples[:, ::3] = (255, 0, 0, 0)
    rgba = Image.fromarray(samples, "RGBA")
    rgba_path = os.path.join(folder, "alpha.png")
    rgba.save(rgba_path)
    status, result, error = run(remo, rgba_path, os.path.join(folder, "alpha-out.png"), "--max-side", "450")
    if status == 0:
        ours = pixels(os.path.join(folder, "alpha-out.png"), "RGBA")
        expected = area_premultiplied(rgba, result["width"], result["height"])
        visible = expected[..., 3] >= 16  # colour under near-transparent pixels is rounding noise
        check("alpha png", np.abs(ours[..., 3] - expected[..., 3]).max() <= 1, "alpha differs")
        check("alpha png", np.abs(ours[visible][:, :3] - expected[visible][:, :3]).max() <= 2, "colour under alpha differs")
    else:
        check("alpha png", False, error)
    status, result, error = run(remo, rgba_path, os.path.join(folder, "alpha-out.jpg"), "--max-side", "450", "--quality", "95")
    if status == 0:
        shrunk = area_premultiplied(rgba, result["width"], result["height"]).astype(np.float64)
        expected = shrunk[..., :3] * shrunk[..., 3:4] / 255 + 255 * (1 - shrunk[..., 3:4] / 255)
        difference = np.abs(pixels(os.path.join(folder, "alpha-out.jpg")) - expected).mean()
        # JPEG's own loss on the sharp columns is about 2.7 on average; colour that bleeds
        # or is not flattened on white is several times that.
        check("alpha jpeg", difference < 4, f"flattened on white differs by {difference:.2f} on average")
        check("alpha jpeg", result["format"] == "jpeg", f"{result}")
    else:
        check("alpha jpeg", False, error)

    # Orientation: each of the eight, turned as Pillow's exif_transpose turns it.
    upright = big.resize((600, 400), Image.BOX)
    for orientation, transpose in [(1, None), (2, Image.FLIP_LEFT_RIGHT), (3, Image.ROTATE_180), (4, Image.FLIP_TOP_BOTTOM),
                                   (5, Image.TRANSPOSE), (6, Image.ROTATE_90), (7, Image.TRANSVERSE), (8, Image.ROTATE_270)]:
        stored = upright.transpose(transpose) if transpose is not None else upright
        exif = Image.Exif()
        exif[0x0112] = orientation
        path = os.path.join(folder, f"turned-{orientation}.jpg")
        stored.save(path, quality=95, exif=exif.tobytes())
        out = os.path.join(folder, f"turned-{orientation}-out.png")
        status, result, error = run(remo, path, out, "--max-side", "300")
        case = f"orientation {orientation}"
        if status != 0:
            check(case, False, error)
            continue
        reference = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
        expected = box(reference, 300, 200)
        ours = pixels(out)
        check(case, ours.shape == expected.shape, f"size {ours.shape} is not {expected.shape}")
        if ours.shape == expected.shape:
            difference = np.abs(ours - expected).mean()
            check(case, difference < 2, f"differs from Pillow by {difference:.2f} on average")
        check(case, result["orientation"] == orientation and (result["sourceWidth"], result["sourceHeight"]) == stored.size,
              f"result {result}")

    # Display P3: converted to sRGB as Little CMS (Pillow's ImageCms) converts it. The
    # source is made by converting the photo from sRGB to P3, so the output should be near
    # the photo itself.
    p3 = ImageCms.ImageCmsProfile(io.BytesIO(display_p3_profile()))
    srgb = ImageCms.createProfile("sRGB")
    in_p3 = ImageCms.profileToProfile(upright, srgb, p3, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    for name, save in [("p3.png", lambda p: in_p3.save(p, icc_profile=p3.tobytes())),
                       ("p3.jpg", lambda p: in_p3.save(p, quality=98, icc_profile=p3.tobytes()))]:
        path = os.path.join(folder, name)
        save(path)
        out = os.path.join(folder, name + "-out.png")
        status, result, error = run(remo, path, out, "--format", "png")
        case = f"Display P3 {name}"
        if status != 0:
            check(case, False, error)
            continue
        check(case, result["profile"] == "converted", f"result {result}")
        expected = np.asarray(ImageCms.profileToProfile(
            Image.open(path).convert("RGB"), p3, srgb, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)).astype(int)
        difference = np.abs(pixels(out) - expected).max()
        check(case, difference <= 2, f"differs from Little CMS through Pillow by up to {difference}")
        # Not converted would be far off: P3's saturated samples read as sRGB.
        check(case, np.abs(np.asarray(in_p3).astype(int) - expected).max() > 10, "the test's source is no test")

    # Shrink on load: a 3000 x 2000 JPEG to 256 decodes at 1/8, as Pillow's draft mode
    # decodes it, and stays close to a full decode.
    large = photo.resize((3000, 2000), Image.LANCZOS)
    path = os.path.join(folder, "large.jpg")
    large.save(path, quality=92)
    status, result, error = run(remo, path, os.path.join(folder, "thumb.png"), "--max-side", "256")
    if status == 0:
        ours = pixels(os.path.join(folder, "thumb.png"))
        draft = Image.open(path)
        draft.draft("RGB", (256, 171))
        check("shrink on load", draft.size == (375, 250), f"Pillow's draft decoded {draft.size}")
        difference = np.abs(ours - area(draft.convert("RGB"), 256, 171)).max()
        check("shrink on load", difference <= 2, f"differs from Pillow's draft and an area average by up to {difference}")
        whole = np.abs(ours - area(Image.open(path).convert("RGB"), 256, 171))
        check("shrink on load", whole.mean() < 2, f"differs from a full decode by {whole.mean():.2f} on average")
    else:
        check("shrink on load", False, error)

    # A HEIC's own thumbnail (an iPhone's is 320 x 240): decoded instead of the image when it
    # is at least the target's size, as libvips's thumbnailer does, and not when it is smaller.
    # pillow-heif (its own libheif) decodes the references; its thumbnails are shrunk from the
    # grainy photo with another filter than an area average, so the two paths differ.
    import pillow_heif
    pillow_heif.register_heif_opener()
    grainy = np.clip(np.asarray(big).astype(int) + np.random.default_rng(3).normal(0, 12, (1200, 1800, 3)), 0, 255)
    path = os.path.join(folder, "thumbnail.heic")
    Image.fromarray(grainy.astype(np.uint8)).save(path, quality=90, thumbnails=[384])
    heif = pillow_heif.open_heif(path)
    thumbnail = heif[0].get_thumbnail(0)
    check("HEIC thumbnail", thumbnail.size == (384, 256), f"pillow-heif wrote a {thumbnail.size} thumbnail")
    references = {
        "thumbnail": np.asarray(Image.frombytes("RGB", thumbnail.size, bytes(thumbnail.data), "raw", "RGB", thumbnail.stride)),
        "image": np.asarray(Image.frombytes("RGB", heif.size, bytes(heif.data), "raw", "RGB", heif.stride)),
    }
    for max_side, source in ((256, "thumbnail"), (384, "thumbnail"), (385, "image")):
        out = os.path.join(folder, f"heic-{max_side}.png")
        status, result, error = run(remo, path, out, "--max-side", str(max_side))
        case = f"HEIC to {max_side}"
        if status != 0:
            check(case, False, error)
            continue
        check(case, (result["sourceWidth"], result["sourceHeight"]) == (1800, 1200), f"result {result}")
        ours = pixels(out)
        differences = {name: np.abs(ours - area(reference, result["width"], result["height"])).max()
                       for name, reference in references.items()}
        check(case, differences[source] <= 2, f"differs from pillow-heif's {source} and an area average by up to {differences}")
        other = "image" if source == "thumbnail" else "thumbnail"
        check(case, differences[other] > 8, f"as close to the {other} as to the {source}: {differences}")

    checks.report()


if __name__ == "__main__":
    main()
