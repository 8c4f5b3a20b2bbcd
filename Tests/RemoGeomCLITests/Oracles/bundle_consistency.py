#!/usr/bin/env python3
"""Checks that `remo-geom bundle` writes one round consistent by construction, against the
program's other commands run on their own: image.png is `prepare`'s PNG; the region
document scaled here (numpy-free: every point times the prepared size over the source's)
gives, through `mask` and `render --scale auto`, mask.png and annotated.png byte for byte;
`keep` regions are outlined but not in the mask; instructions.json lists the chips' numbers
in order with the text the contract spells; clear repairs are made, an invalid document
writes nothing, a folder with files is refused.

Usage: bundle_consistency.py REMO_GEOM FOLDER. Prints {"cases": N, "failures": [...]}.
"""
import json
import os
import sys

import numpy as np
from PIL import Image
from oracle_checks import Checks, run_json

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "..", "..", "SampleScans")
DESIGN = os.path.join(SAMPLES, "design.png")


def main():
    remo, folder = sys.argv[1], sys.argv[2]
    checks = Checks()
    check = checks.check

    def run(*arguments):
        return run_json(remo, *arguments)

    def read(path):
        with open(path, "rb") as f:
            return f.read()

    def points(region):
        return [[p["x"], p["y"]] if isinstance(p, dict) else list(p) for p in region["points"]]

    with open(os.path.join(SAMPLES, "regions", "valid.json")) as f:
        valid = json.load(f)
    # The lamp kept: outlined, not painted; the rug with an unknown action and no instruction.
    document = json.loads(json.dumps(valid))
    document["regions"][1]["action"] = "keep"
    document["regions"][2]["action"] = "paint"
    document["regions"][2]["instruction"] = "  "
    source = os.path.join(folder, "regions.json")
    with open(source, "w") as f:
        json.dump(document, f)

    out = os.path.join(folder, "round")
    status, result, error = run("bundle", "--image", DESIGN, "--regions", source, "--output-dir", out, "--max-side", "800")
    check("written", status == 0, f"exit {status}: {error}")
    if status != 0:
        checks.report()
        return
    names = [f["name"] for f in result["files"]]
    check("written", names == ["image.png", "annotated.png", "mask.png", "instructions.json"], f"files {names}")
    check("written", sorted(os.listdir(out)) == sorted(names), f"folder {os.listdir(out)}")
    for f in result["files"]:
        data = read(os.path.join(out, f["name"]))
        import hashlib
        check("written", f["bytes"] == len(data) and f["sha256"] == hashlib.sha256(data).hexdigest(), f"{f['name']} described wrongly")

    # image.png is prepare's PNG.
    prepared = os.path.join(folder, "prepared.png")
    run("prepare", DESIGN, "--output", prepared, "--max-side", "800")
    check("image", read(os.path.join(out, "image.png")) == read(prepared), "image.png is not prepare's output")
    width, height = Image.open(prepared).size

    # The document scaled with the image, by the same arithmetic.
    fx, fy = width / document["image"]["width"], height / document["image"]["height"]
    scaled = json.loads(json.dumps(document))
    scaled["image"] = {"width": width, "height": height}
    scaled.pop("scale", None)
    for region in scaled["regions"]:
        region["points"] = [[x * fx, y * fy] for x, y in points(region)]
    scaled_path = os.path.join(folder, "scaled.json")
    with open(scaled_path, "w") as f:
        json.dump(scaled, f)
    annotated = os.path.join(folder, "annotated.png")
    status, _, error = run("render", "--image", prepared, "--regions", scaled_path, "--output", annotated, "--scale", "auto")
    check("annotated", status in (0, 1) and read(os.path.join(out, "annotated.png")) == read(annotated),
          f"annotated.png is not render's output of the scaled document ({status} {error})")
    painted = json.loads(json.dumps(scaled))
    painted["regions"] = [r for r in painted["regions"] if r["action"] != "keep"]
    for number, region in enumerate(painted["regions"], 1):
        region["number"] = number
    painted_path = os.path.join(folder, "painted.json")
    with open(painted_path, "w") as f:
        json.dump(painted, f)
    mask = os.path.join(folder, "mask.png")
    run("mask", "--regions", painted_path, "--output", mask)
    check("mask", read(os.path.join(out, "mask.png")) == read(mask), "mask.png is not mask's output without the kept region")
    alpha = np.asarray(Image.open(os.path.join(out, "mask.png")).convert("RGBA"))[..., 3]
    lamp = points(scaled["regions"][1])
    cx, cy = int(sum(p[0] for p in lamp) / len(lamp)), int(sum(p[1] for p in lamp) / len(lamp))
    check("keep", alpha[cy, cx] == 255, "the kept region is painted in the mask")
    sofa = points(scaled["regions"][0])
    sx, sy = int(sum(p[0] for p in sofa) / len(sofa)), int(sum(p[1] for p in sofa) / len(sofa))
    check("keep", alpha[sy, sx] == 0, "a region to replace is not painted in the mask")

    # Instructions: the chips' numbers, in order; the text as the contract spells it.
    with open(os.path.join(out, "instructions.json")) as f:
        instructions = json.load(f)
    status, chips, _ = run("chips", scaled_path, "--format", "json")
    check("instructions", [r["number"] for r in instructions["regions"]] == sorted(c["number"] for c in chips["chips"]),
          f"numbers {instructions['regions']} against chips {chips}")
    check("instructions", instructions["text"].split("\n") == [
        "1. replace: swap for a green velvet sofa (avoid: leather; style: mid-century)",
        "2. keep: remove this floor lamp",
        "3. paint: "], f"text {instructions['text']!r}")
    codes = sorted((f["code"], f["region"]) for f in result["findings"])
    check("findings", codes == [("empty-instruction", "rug"), ("unknown-action", "rug")], f"findings {result['findings']}")

    # A folder that holds files: refused, unless --overwrite.
    status, _, error = run("bundle", "--image", DESIGN, "--regions", source, "--output-dir", out)
    check("folder", status == 2 and "already holds files" in error, f"{status} {error}")
    status, _, error = run("bundle", "--image", DESIGN, "--regions", source, "--output-dir", out, "--overwrite")
    check("folder", status == 0 and Image.open(os.path.join(out, "image.png")).size == (1024, 768), f"{status} {error}")

    # A clear repair is made (two points two apart swapped: a tiny loop); an ambiguous one
    # (the sample that leaves out 37 % of its drawing) is not, and the document is refused.
    crossing = json.loads(json.dumps(valid))
    sofa_points = points(crossing["regions"][0])
    sofa_points[5], sofa_points[7] = sofa_points[7], sofa_points[5]
    crossing["regions"][0]["points"] = sofa_points
    crossing_path = os.path.join(folder, "crossing.json")
    with open(crossing_path, "w") as f:
        json.dump(crossing, f)
    repaired = os.path.join(folder, "repaired")
    status, result, error = run("bundle", "--image", DESIGN, "--regions", crossing_path, "--output-dir", repaired)
    check("repair", status == 0 and [(r["region"], r["ambiguous"]) for r in result["repairs"]] == [("sofa", False)]
          and os.path.isdir(repaired), f"{status} {result} {error}")
    ambiguous = os.path.join(folder, "ambiguous")
    status, result, error = run("bundle", "--image", DESIGN, "--regions", os.path.join(SAMPLES, "regions", "self-intersecting.json"),
                                "--output-dir", ambiguous)
    check("repair", status == 1 and not os.path.exists(ambiguous) and result["repairs"][0]["ambiguous"]
          and result["findings"][0]["code"] == "self-intersection", f"{status} {result} {error}")
    invalid = os.path.join(folder, "invalid")
    status, result, error = run("bundle", "--image", DESIGN, "--regions", os.path.join(SAMPLES, "regions", "overlapping.json"),
                                "--output-dir", invalid)
    check("invalid", status == 1 and not os.path.exists(invalid) and result["findings"][0]["code"] == "overlap",
          f"{status} {result} {error}")

    # A JPEG stored turned: the document is for the picture as shown; image.png is upright.
    turned = os.path.join(folder, "turned.jpg")
    stored = Image.open(DESIGN).convert("RGB").transpose(Image.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(turned, quality=95, exif=exif.tobytes())
    upright = os.path.join(folder, "upright")
    status, result, error = run("bundle", "--image", turned, "--regions", os.path.join(SAMPLES, "regions", "valid.json"),
                                "--output-dir", upright)
    check("orientation", status == 0 and Image.open(os.path.join(upright, "image.png")).size == (1024, 768), f"{status} {error}")

    checks.report()


if __name__ == "__main__":
    main()
