#!/usr/bin/env bash
# Prints the SHA-256 of what a remo-geom binary gives for every sample of SampleScans/ and
# every real RoomPlan export of the test data, through every job: one line per job and
# input, the exit status included. Two binaries (before and after a change) compare with
# diff; the service and the worker give the command line's bytes (their tests check it).
#
#   scripts/output-hashes.sh .build/debug/remo-geom > after.txt
#   diff before.txt after.txt
set -uo pipefail
binary=$(realpath "${1:?usage: scripts/output-hashes.sh path/to/remo-geom}")
cd "$(dirname "$0")/.."
data="${REMO_TEST_DATA:-../shared/data}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One line: the job, the input, the exit status and the hash of standard output and of the
# file written, if any.
run() {
    local label=$1 output=$2
    shift 2
    rm -f "$output"
    local stdout status
    stdout=$("$binary" "$@" 2>/dev/null | sha256sum | cut -c1-16)
    status=${PIPESTATUS[0]}
    local written="-"
    [ -f "$output" ] && written=$(sha256sum <"$output" | cut -c1-16)
    echo "$label exit=$status stdout=$stdout file=$written"
}

for doc in SampleScans/regions/*.json; do
    name=$(basename "$doc")
    run "validate $name" /nonexistent validate "$doc" --format json
    run "chips $name" /nonexistent chips "$doc" --format json
    run "repair $name" /nonexistent repair "$doc"
    run "simplify $name" /nonexistent simplify "$doc" --max-points 12
    run "render $name" "$work/r.png" render --image SampleScans/design.png --regions "$doc" --output "$work/r.png"
    run "render-auto $name" "$work/r.png" render --image SampleScans/design.png --regions "$doc" --output "$work/r.png" \
        --scale auto --stroke-width 5 --compression small
    run "mask $name" "$work/m.png" mask --regions "$doc" --output "$work/m.png"
    run "mask-soft $name" "$work/m.png" mask --regions "$doc" --output "$work/m.png" --style white-on-black --grow 4 --feather 6
done
scans=(SampleScans/rooms/bedroom-narrow-door.json SampleScans/rooms/l-shaped.json SampleScans/rooms/living-room.json
    SampleScans/rooms/walls-not-closed.json)
if [ -d "$data/roomplan" ]; then
    for scan in "$data"/roomplan/*.json; do scans+=("$scan"); done
else
    echo "output-hashes: no real RoomPlan exports in $data/roomplan; the samples only" >&2
fi
for scan in "${scans[@]}"; do
    name=$(basename "$scan")
    run "room $name" "$work/p.png" room "$scan" --format json --plan "$work/p.png"
    run "fit $name" "$work/f.png" fit --room "$scan" --items SampleScans/rooms/shopping-list.json --format json --plan "$work/f.png"
done
for photo in SampleScans/photos/*.jpg SampleScans/photos/*.heic; do
    run "photo $(basename "$photo")" /nonexistent photo "$photo" --format json
done
