#!/usr/bin/env python3
"""The accuracy of `remo-geom drift` on each class of the labelled pairs
(SampleScans/drift/drift_set.py), made afresh with a seed, through the release build.

    python3 Benchmarks/drift_accuracy.py [--per-class 24] [--seed 1]
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REMO = os.path.join(ROOT, ".build", "release", "remo-geom")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from needs import needs  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-class", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    needs(modules={"PIL": "Pillow", "numpy": "numpy"}, binary=REMO)
    folder = tempfile.mkdtemp(prefix="remo-drift-")
    subprocess.run([sys.executable, os.path.join(ROOT, "SampleScans", "drift", "drift_set.py"), folder,
                    "--per-class", str(options.per_class), "--seed", str(options.seed)], check=True)
    with open(os.path.join(folder, "labels.json")) as f:
        labels = json.load(f)
    tally = collections.defaultdict(lambda: [0, 0])
    for name, label in sorted(labels.items()):
        done = subprocess.run([REMO, "drift", "--before", os.path.join(folder, label["before"]),
                               "--after", os.path.join(folder, label["after"]),
                               "--regions", os.path.join(folder, label["regions"]), "--format", "json"],
                              capture_output=True, text=True)
        if done.returncode == 2:
            sys.exit(f"{name}: {done.stderr}")
        verdict = json.loads(done.stdout)["verdict"]
        tally[label["class"]][1] += 1
        if verdict == label["label"]:
            tally[label["class"]][0] += 1
        else:
            print(f"wrong: {name} ({label['label']}): {done.stdout.strip()}")
    print(f"seed {options.seed}, {options.per_class} pairs per class")
    for kind, (right, total) in tally.items():
        print(f"  {kind:14} {labels[next(n for n in labels if labels[n]['class'] == kind)]['label']:8} {right}/{total} = {right / total:.1%}")


if __name__ == "__main__":
    main()
