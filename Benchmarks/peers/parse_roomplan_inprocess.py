#!/usr/bin/env python3
"""json.load against remo-geom's scan reader in one process, rounds interleaved.

Usage:
  (cd Benchmarks && swift build -c release --product RemoRoomFFI)
  python3 Benchmarks/peers/parse_roomplan_inprocess.py [FILE] [ROUNDS]
(default: the largest real export of the roomplan test data, 200 rounds)

A shared machine's speed changes from second to second, so timing the two in separate
processes compares different machines. Here each round times 100 calls of every case in
turn, and the best round of each is kept. remo-geom's reader is called through ctypes
(the "ctypes call" line is that cost alone; it is left in remo-geom's figures). "file"
opens and reads the file too, like json.load and `remo-geom room`.
"""
import ctypes
import json
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_data import roomplan  # noqa: E402

here = pathlib.Path(__file__).resolve().parent
library = here.parent / ".build/release/libRemoRoomFFI.so"

path = sys.argv[1] if len(sys.argv) > 1 else str(roomplan("Imhaohao_standardphysics_phone-ravida_room.json"))
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 200
if not library.exists():
    sys.exit(f"{library} is missing: run (cd Benchmarks && swift build -c release --product RemoRoomFFI) first")
lib = ctypes.CDLL(str(library))
lib.remo_decode_file.argtypes = [ctypes.c_char_p]
lib.remo_decode_bytes.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
data = pathlib.Path(path).read_bytes()
buffer = (ctypes.c_uint8 * len(data)).from_buffer_copy(data)
if lib.remo_decode_file(path.encode()) < 1 or lib.remo_decode_bytes(buffer, len(data)) < 1:
    sys.exit(f"{path}: remo-geom does not read it as a scan")


def load():
    with open(path, "rb") as f:
        return json.load(f)


cases = {
    "json.load (file)": load,
    "remo-geom (file)": lambda: lib.remo_decode_file(path.encode()),
    "json.loads (bytes)": lambda: json.loads(data),
    "remo-geom (bytes)": lambda: lib.remo_decode_bytes(buffer, len(data)),
    "ctypes call": lambda: lib.remo_decode_bytes(buffer, 0),
}
best = {name: float("inf") for name in cases}
for _ in range(rounds):
    for name, f in cases.items():
        t = time.perf_counter()
        for _ in range(100):
            f()
        best[name] = min(best[name], (time.perf_counter() - t) / 100)
print(f"{pathlib.Path(path).name}: {len(data)} bytes, best of {rounds} interleaved rounds of 100")
for name, seconds in best.items():
    print(f"  {name:20s} {seconds * 1e6:7.1f} µs")
print(f"  file:  remo-geom {best['json.load (file)'] / best['remo-geom (file)']:.2f}× faster than json.load")
print(f"  bytes: remo-geom {best['json.loads (bytes)'] / best['remo-geom (bytes)']:.2f}× faster than json.loads")
