#!/usr/bin/env python3
"""Writes the small image files RemoImageTests read (run from this folder; the outputs are
committed). Needs Pillow and pillow-heif.

Every picture shows, as displayed, four quadrants: red top left, green top right, blue
bottom left, white bottom right, on a 48 x 32 image (wider than high). The tests check the
quadrants after decoding, so orientation, colour conversion and size are all seen.

many-scans.jpg, broken-exif.jpg and truncated.heic come from Fuzz/make_hostile_seeds.py
(the jpeg and heic seeds); nclx-error.heic is the HEIC fuzzer's first finding (a leak of
libheif's colour profile when it reads the nclx box with an error); no-declared-size.heic is
a later finding: with-thumbnail.heic mutated until its image declares 0 x 0 pixels.
"""
import io
import struct

from PIL import Image

W, H = 48, 32
COLOURS = {"top-left": (255, 0, 0), "top-right": (0, 255, 0), "bottom-left": (0, 0, 255), "bottom-right": (255, 255, 255)}


def displayed():
    image = Image.new("RGB", (W, H))
    for y in range(H):
        for x in range(W):
            key = ("top" if y < H // 2 else "bottom") + "-" + ("left" if x < W // 2 else "right")
            image.putpixel((x, y), COLOURS[key])
    return image


# The stored image for each EXIF orientation: the inverse of the turn a viewer applies.
STORED = {
    1: lambda im: im,
    2: lambda im: im.transpose(Image.FLIP_LEFT_RIGHT),
    3: lambda im: im.transpose(Image.ROTATE_180),
    4: lambda im: im.transpose(Image.FLIP_TOP_BOTTOM),
    5: lambda im: im.transpose(Image.TRANSPOSE),
    6: lambda im: im.transpose(Image.ROTATE_90),    # shown turned a quarter clockwise
    7: lambda im: im.transpose(Image.TRANSVERSE),
    8: lambda im: im.transpose(Image.ROTATE_270),   # shown turned a quarter counter-clockwise
}


def main():
    from PIL import ImageOps
    picture = displayed()
    for orientation, store in STORED.items():
        stored = store(picture)
        exif = Image.Exif()
        exif[0x0112] = orientation
        stored.save(f"orientation-{orientation}.jpg", quality=95, exif=exif.tobytes())
        # Pillow's own reading of the file, turned upright, must be the picture again.
        check = ImageOps.exif_transpose(Image.open(f"orientation-{orientation}.jpg"))
        assert check.size == picture.size and check.getpixel((2, 2))[0] > 200, orientation
    picture.save("progressive.jpg", quality=95, progressive=True)
    cmyk = picture.convert("CMYK")
    cmyk.save("cmyk-adobe.jpg", quality=95)  # Pillow writes Adobe's inverted CMYK with an APP14 marker
    # A Display P3 profile's description is what the decoder reads; a minimal ICC header
    # with a v2 'desc' tag carries it.
    description = b"Display P3\x00"
    desc = b"desc" + b"\x00" * 4 + struct.pack(">I", len(description)) + description + b"\x00" * 79
    header = bytearray(128)
    header[36:40] = b"acsp"
    table = struct.pack(">I", 1) + b"desc" + struct.pack(">II", 128 + 4 + 12, len(desc))
    profile = bytes(header) + table + desc
    struct.pack_into(">I", header, 0, len(profile))
    profile = bytes(header) + table + desc
    picture.save("display-p3.jpg", quality=95, icc_profile=profile)
    with open("truncated.jpg", "wb") as f:
        data = io.BytesIO()
        picture.save(data, "JPEG", quality=95)
        f.write(data.getvalue()[: len(data.getvalue()) // 2])
    # A PNG under a JPEG name: read as the PNG it is.
    picture.save("png-named.jpg", format="PNG")
    # A whole small JPEG whose frame header declares 65,535 x 65,535 pixels.
    data = io.BytesIO()
    Image.new("L", (8, 8)).save(data, "JPEG")
    header = bytearray(data.getvalue())
    at = header.find(b"\xff\xc0")
    header[at + 5:at + 9] = struct.pack(">HH", 65535, 65535)
    with open("huge-declared.jpg", "wb") as f:
        f.write(bytes(header))
    import pillow_heif
    pillow_heif.register_heif_opener()
    picture.save("upright.heic", quality=95)
    # The picture at 192 x 128 holding a 96 x 64 thumbnail of itself, as an iPhone's HEIC
    # holds a 320 x 240 one.
    picture.resize((W * 4, H * 4), Image.NEAREST).save("with-thumbnail.heic", quality=95, thumbnails=[96])


if __name__ == "__main__":
    main()
