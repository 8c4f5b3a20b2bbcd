#!/usr/bin/env python3
"""Reading product sizes: `remo-geom dimensions` against the peer a Python team would write
(Benchmarks/peers/dimensions_quantulum.py: quantulum3 plus label rules), on the same corpus
(Tests/dimensions-corpus.txt), in one run.

    python3 Benchmarks/dimensions.py [--texts 10000] [--binary .build/release/remo-geom]

Accuracy: the share of corpus texts each reads exactly as a person does (every number
within 0.1 mm, the reading and the confidence, and how many parts were ignored), the
share whose numbers alone are right, and how many numbers each reports with confidence
exact that are wrong. Time: --texts texts (the
corpus repeated), for remo-geom one process from start to exit, for the peer its reading
loop only (imports excluded). Needs: pip install quantulum3, and the release build
(swift build -c release --product remo-geom).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "peers"))
sys.path.insert(0, HERE)
from needs import needs  # noqa: E402
UNITS = {"m": 1, "cm": 0.01, "mm": 0.001, "in": 0.0254, "ft": 0.3048}


def corpus():
    cases = []
    with open(os.path.join(ROOT, "Tests", "dimensions-corpus.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or " => " not in line:
                continue
            text, expected = line.rstrip("\n").rsplit(" => ", 1)
            e = {"w": None, "d": None, "h": None, "dia": None, "ign": 0, "rc": ("none", "none")}
            for field in expected.split():
                if "=" in field:
                    key, value = field.split("=")
                    if key == "ign":
                        e["ign"] = int(value)
                    else:
                        m = re.fullmatch(r"([0-9.]+)(m|cm|mm|in|ft)", value)
                        e[key] = float(m.group(1)) * UNITS[m.group(2)]
                elif field != "none":
                    e["rc"] = tuple(field.split("/"))
            if e["dia"] is not None:
                e["w"] = e["w"] if e["w"] is not None else e["dia"]
                e["d"] = e["d"] if e["d"] is not None else e["dia"]
            cases.append((text, e))
    return cases


def score(cases, readings):
    exact = numbers = wrong = 0
    for (_, e), r in zip(cases, readings):
        got = {"w": r["width"], "d": r["depth"], "h": r["height"], "dia": r["diameter"]}
        same = {k: (got[k] is None) == (e[k] is None) and (got[k] is None or abs(got[k] - e[k]) < 6e-5) for k in got}
        if all(same.values()):
            numbers += 1
            if (r["reading"], r["confidence"]) == e["rc"] and len(r["ignored"]) == e["ign"]:
                exact += 1
        if r["confidence"] == "exact":
            wrong += sum(1 for k in got if got[k] is not None and not same[k])
    return exact, numbers, wrong


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--texts", type=int, default=10000)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/remo-geom"))
    args = parser.parse_args()
    needs(modules={"quantulum3": "quantulum3"}, binary=args.binary)
    import dimensions_quantulum as peer
    cases = corpus()
    texts = [t for t, _ in cases]
    many = (texts * (args.texts // len(texts) + 1))[:args.texts]
    with tempfile.TemporaryDirectory() as work:
        listing = os.path.join(work, "texts.txt")
        with open(listing, "w", encoding="utf-8") as f:
            f.write("\n".join(many) + "\n")
        ours = [json.loads(line) for line in subprocess.run([args.binary, "dimensions", "--format", "jsonl", "--"] + texts,
                                                             check=True, capture_output=True, text=True).stdout.splitlines()]
        start = time.perf_counter()
        out = subprocess.run([args.binary, "dimensions", "--format", "jsonl", "--file", listing], check=True, capture_output=True)
        ours_seconds = time.perf_counter() - start
        assert len(out.stdout.splitlines()) == len(many)
    theirs = [peer.read(t) for t in texts]
    start = time.perf_counter()
    for t in many:
        peer.read(t)
    peer_seconds = time.perf_counter() - start
    print(f"corpus: {len(cases)} texts; timing: {len(many)} texts")
    print(f"{'reader':34} {'exact':>12} {'numbers right':>14} {'wrong exact numbers':>20} {'seconds':>9} {'texts/s':>10}")
    for name, readings, seconds in (("remo-geom dimensions (a process)", ours, ours_seconds),
                                    ("quantulum3 + label rules (loop)", theirs, peer_seconds)):
        exact, numbers, wrong = score(cases, readings)
        print(f"{name:34} {exact:>5}/{len(cases)} {100 * exact / len(cases):4.1f}% {numbers:>8}/{len(cases)} {wrong:>20} {seconds:>9.3f} {len(many) / seconds:>10.0f}")
    print(f"speed ratio: {peer_seconds / ours_seconds:.0f}x")


if __name__ == "__main__":
    main()
