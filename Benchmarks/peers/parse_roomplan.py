#!/usr/bin/env python3
"""Python's json.load on a RoomPlan export: the peer for the Room.decode* benchmarks.

Usage: python3 Benchmarks/peers/parse_roomplan.py [FILE ...]
(default: the largest real export of the roomplan test data, Tests/test-data.json)

Prints the best mean time per load over forty rounds of 250 (short rounds, so that the
best of them sees a quiet machine), file reading included, like `remo-geom room` does;
the bytes-only figure (json.loads) is printed too.
"""
import json
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_data import roomplan  # noqa: E402

here = pathlib.Path(__file__).resolve().parent


def best(f, rounds=40, n=250):
    result = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(n):
            f()
        result = min(result, (time.perf_counter() - t) / n)
    return result


for name in sys.argv[1:] or [str(roomplan("Imhaohao_standardphysics_phone-ravida_room.json"))]:
    path = pathlib.Path(name)
    data = path.read_bytes()

    def load():
        with open(path, "rb") as f:
            return json.load(f)

    print(f"{path.name}: {len(data)} bytes")
    print(f"  json.load (open + read + parse): {best(load) * 1e6:.1f} µs")
    print(f"  json.loads (bytes in memory):    {best(lambda: json.loads(data)) * 1e6:.1f} µs")
