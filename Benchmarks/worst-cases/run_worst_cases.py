#!/usr/bin/env python3
"""Times remo-geom on the worst cases of make_worst_cases.py and checks the
targets: each command within 10 s and 1 GB, output at most 10 x the input + 1 MB (a mask,
image-sized by contract, at most the PNG of its pixels).

    python3 Benchmarks/worst-cases/run_worst_cases.py [--binary PATH] [--timeout S] [--cases DIR]

Wall time and peak memory (ru_maxrss of that child alone, from wait4) are printed per
case; the exit status is 1 when a case misses a target. A benchmark, not a test: the
tests assert work counters instead of time.
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SECONDS, BYTES = 10.0, 1 << 30
# A 100-megapixel RGBA mask, stored: what the contract allows a mask to weigh.
MASK_BYTES = 400_000_000


def cases(d, out):
    return [
        ("validate 1,000 small squares", ["validate", f"{d}/thousand-squares.json", "--format", "json"], [f"{d}/thousand-squares.json"]),
        ("validate 600 identical squares, 1 KB ids", ["validate", f"{d}/identical-squares.json", "--format", "json"], [f"{d}/identical-squares.json"]),
        ("validate 26 nested 100k-point lassos", ["validate", f"{d}/nested-lassos.json", "--format", "json"], [f"{d}/nested-lassos.json"]),
        ("chips, 3 x 100k points tiling 4032 x 3024", ["chips", f"{d}/tiling-regions.json", "--format", "json"], [f"{d}/tiling-regions.json"]),
        ("chips, 3 x 100k points tiling 10000 x 10000", ["chips", f"{d}/tiling-regions-10k.json", "--format", "json"], [f"{d}/tiling-regions-10k.json"]),
        ("room --plan, 200k floor corners", ["room", f"{d}/round-room-200k.json", "--format", "json", "--plan", f"{out}/plan.png"], [f"{d}/round-room-200k.json"]),
        ("fit --plan, 200k floor corners", ["fit", "--room", f"{d}/round-room-200k.json", "--items", f"{ROOT}/SampleScans/rooms/shopping-list.json", "--format", "json", "--plan", f"{out}/fit.png"], [f"{d}/round-room-200k.json"]),
        ("render 100k-point lasso, 12 MP, stroke 99 x scale 20", ["render", "--image", f"{d}/image-4000x3000.png", "--regions", f"{d}/lasso-100k.json", "--output", f"{out}/render.png", "--stroke-width", "99", "--scale", "20"], [f"{d}/image-4000x3000.png", f"{d}/lasso-100k.json"]),
        ("render a 141-byte PNG with a 2^31-byte chunk", ["render", "--image", f"{d}/huge-text-chunk.png", "--regions", f"{d}/small-doc-16.json", "--output", f"{out}/tiny.png"], [f"{d}/huge-text-chunk.png"]),
        ("mask 100 MP, feather 200 pt x scale 20", ["mask", "--regions", f"{d}/mask-100mp.json", "--output", f"{out}/mask.png", "--feather", "200"], [f"{d}/mask-100mp.json"], MASK_BYTES),
        ("mask 100 MP, grow + feather 200 pt x scale 20", ["mask", "--regions", f"{d}/mask-100mp.json", "--output", f"{out}/mask.png", "--feather", "200", "--grow", "200"], [f"{d}/mask-100mp.json"], MASK_BYTES),
    ]


def run(binary, arguments, timeout):
    with tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        start = time.monotonic()
        process = subprocess.Popen([binary] + arguments, stdout=stdout, stderr=stderr)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.kill()
                pid, status, usage = os.wait4(process.pid, 0)
                return None, usage.ru_maxrss * 1024, 0, "timed out"
            time.sleep(0.01)
        elapsed = time.monotonic() - start
        stdout.seek(0, 2)
        stderr.seek(0)
        message = stderr.read().decode("utf-8", "replace").strip().splitlines()
        return elapsed, usage.ru_maxrss * 1024, stdout.tell(), f"exit {os.waitstatus_to_exitcode(status)}" + (f": {message[-1][:90]}" if message else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=f"{ROOT}/.build/release/remo-geom")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--cases", default=None, help="folder of cases (made when missing)")
    args = parser.parse_args()
    d = args.cases or tempfile.mkdtemp(prefix="remo-worst-")
    if not os.path.exists(f"{d}/nested-lassos.json"):
        subprocess.run([sys.executable, f"{HERE}/make_worst_cases.py", d], check=True)
    out = tempfile.mkdtemp(prefix="remo-worst-out-")
    missed = 0
    print(f"{'case':55} {'seconds':>8} {'peak MB':>8} {'out KB':>8}  status")
    for name, arguments, inputs, *allowed in cases(d, out):
        elapsed, peak, written, status = run(args.binary, arguments, args.timeout)
        files = [f for f in os.listdir(out)]
        written += sum(os.path.getsize(f"{out}/{f}") for f in files)
        for f in files:
            os.remove(f"{out}/{f}")
        size = sum(os.path.getsize(p) for p in inputs)
        largest = allowed[0] if allowed else 10 * size + (1 << 20)
        ok = elapsed is not None and elapsed <= SECONDS and peak <= BYTES and written <= largest
        missed += not ok
        shown = f"{elapsed:8.2f}" if elapsed is not None else f">{args.timeout:7.0f}"
        print(f"{name:55} {shown} {peak / 1e6:8.0f} {written / 1e3:8.0f}  {'ok' if ok else 'MISSED'} ({status})", flush=True)
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
