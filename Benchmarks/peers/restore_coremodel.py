#!/usr/bin/env python3
"""A real export with its coreModel blob back at the original size, for timing reads.

Usage: python3 Benchmarks/peers/restore_coremodel.py OUT.json [EXPORT.json [CHARS]]
(default: the 11-object real room, BuildMate visit-…4f59e5, whose original file had
225,901 characters)

The real exports of the roomplan test data are transcriptions: their `coreModel`, an
opaque base64 blob of 40–360 KB in the files RoomPlan writes, is replaced by a short
placeholder (Tests/test-data.json). Reading such a
transcription skips almost nothing, so it times less than reading the scan a phone
uploads. This writes the transcription again with a seeded base64 blob that brings it to
the original's size, in Foundation's style (slashes escaped as \\/, as JSONEncoder
writes them). The elements, and so the room, are unchanged.

  python3 Benchmarks/peers/restore_coremodel.py /tmp/room-full.json
  (cd Benchmarks && swift run -c release FitRounds /tmp/room-full.json)
  python3 Benchmarks/peers/parse_roomplan_inprocess.py /tmp/room-full.json
"""
import base64
import json
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_data import roomplan  # noqa: E402

here = pathlib.Path(__file__).resolve().parent

if len(sys.argv) < 2:
    sys.exit(__doc__)
out = pathlib.Path(sys.argv[1])
source = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else roomplan("BartVerbier_BuildMate_visit-20260710-135715-4f59e5.json")
target = int(sys.argv[3]) if len(sys.argv) > 3 else 225_901

scan = json.loads(source.read_text(encoding="utf-8"))
if "coreModel" not in scan:
    sys.exit(f"{source}: no coreModel to restore")


def written(blob):
    scan["coreModel"] = blob
    # The blob's slashes escaped as JSONEncoder writes them; no other string has one.
    return json.dumps(scan, indent=2, sort_keys=True).replace("/", "\\/")


rng = random.Random(5)
size = len(written(""))
blob = ""
# Escaped slashes make the text longer than the blob: grow it until the text reaches the size.
while size < target:
    more = base64.b64encode(rng.randbytes(max(3, (target - size) * 3 // 5 // 3 * 3))).decode()
    blob += more
    size = len(written(blob))
out.write_text(written(blob), encoding="utf-8")
print(f"{out}: {size:,} characters ({source.name} with a {len(blob):,}-character coreModel)")
