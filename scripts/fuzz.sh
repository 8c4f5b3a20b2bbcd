#!/usr/bin/env bash
# Builds and runs the libFuzzer harnesses in Fuzz/ against the package's modules.
#
#   scripts/fuzz.sh region|room|png|jpeg|heic [SECONDS]     (default 60 s; 1800 for a real run)
#
# The modules are built with -sanitize=fuzzer,address into .build-fuzz/; seed corpora
# come from SampleScans/ and the test data in REMO_TEST_DATA (docs/testing.md; copied into
# a temporary folder, never into the project; without it the run says so and goes on with
# the samples); crashes are written to fuzz-findings/ as crash-* files.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
target=${1:?usage: scripts/fuzz.sh region|room|png|jpeg|heic [SECONDS]}
data=${REMO_TEST_DATA:-../shared/data}
seconds=${2:-60}
case "$target" in
    region) harness=RegionDocumentFuzzer; modules="RemoRender RemoRoom RemoLasso RemoJSON RemoGeometry RemoImage CRemoPNG CRemoJPEG CRemoHEIF CRemoColour"; seeds="SampleScans/regions" ;;
    room) harness=RoomScanFuzzer; modules="RemoRender RemoRoom RemoLasso RemoJSON RemoGeometry RemoImage CRemoPNG CRemoJPEG CRemoHEIF CRemoColour"; seeds="SampleScans/rooms $data/roomplan" ;;
    png) harness=PNGFuzzer; modules="RemoImage CRemoPNG CRemoJPEG CRemoHEIF CRemoColour"; seeds="$data/pngsuite" ;;
    # libjpeg-turbo and libheif are Debian's, not instrumented: coverage guides through our
    # C and Swift around them, and AddressSanitizer still sees their reads of our buffers.
    # Small seeds only (the fixtures are 48 x 32): a photo of a megapixel runs a few times a
    # second under AddressSanitizer.
    jpeg) harness=ImageFuzzer; modules="RemoPhoto RemoImage RemoJSON CRemoPNG CRemoJPEG CRemoHEIF CRemoColour"; seeds="Tests/RemoImageTests/Fixtures"; max_len=65536 ;;
    heic) harness=ImageFuzzer; modules="RemoPhoto RemoImage RemoJSON CRemoPNG CRemoJPEG CRemoHEIF CRemoColour"; seeds="Tests/RemoImageTests/Fixtures"; max_len=65536 ;;
    *) echo "unknown target $target: region, room, png, jpeg or heic" >&2; exit 2 ;;
esac
scratch=.build-fuzz
# Only the library targets: with the fuzzer sanitizer an executable's top-level code does not build.
top=${modules%% *}
swift build -c release --scratch-path "$scratch" --target "$top" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xcc -fsanitize=fuzzer-no-link,address >&2
# The objects of the sources there now: a file since removed leaves its object behind.
objects=()
for m in $modules; do
    for o in "$scratch"/release/"$m".build/*.o; do
        [ -n "$(find "Sources/$m" -name "$(basename "$o" .o)" -print -quit)" ] && objects+=("$o")
    done
done
maps=()
for c in CRemoPNG CRemoJPEG CRemoHEIF CRemoColour; do
    [ -f "$scratch/release/$c.build/module.modulemap" ] && maps+=(-Xcc "-fmodule-map-file=$scratch/release/$c.build/module.modulemap")
done
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "$harness" \
    -I "$scratch/release/Modules" -I Sources/CRemoPNG/include -I Sources/CRemoJPEG/include -I Sources/CRemoHEIF/include \
    "${maps[@]}" "Fuzz/$harness.swift" "${objects[@]}" -lpng16 -ljpeg -lheif -llcms2 -lz -lm -o "$scratch/$harness"
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
case "$target" in jpeg) kinds='*.jpg' ;; heic) kinds='*.heic' ;; png) kinds='*.png' ;; *) kinds='*.json' ;; esac
for s in $seeds; do
    [ -d "$s" ] || echo "fuzz.sh: no seeds from $s: the test data is not there (REMO_TEST_DATA; docs/testing.md)" >&2
done
for s in $seeds; do find "$s" -maxdepth 1 -type f -name "$kinds" -exec cp {} "$corpus" \; 2>/dev/null || true; done
# Small versions of the worst cases (many, identical or tiling regions, a
# floor of many corners, negative sizes, a PNG chunk longer than the file).
python3 Fuzz/make_hostile_seeds.py "$target" "$corpus"
if [ "$target" = room ]; then
    # The RoomDimensions form and a CapturedStructure, which no sample file takes.
    cat > "$corpus/room-dimensions.json" <<'JSON'
{"floorArea": 12, "ceilingHeight": 2.4, "walls": [
 {"length": 4, "height": 2.4, "position": [0, 1.2, -1.5], "normal": [0, 0, 1]},
 {"length": 3, "height": 2.4, "position": {"x": 2, "y": 1.2, "z": 0}, "normal": {"x": -1, "y": 0, "z": 0}},
 {"length": 4, "height": 2.4, "position": [0, 1.2, 1.5], "normal": [0, 0, -1]},
 {"length": 3, "height": 2.4, "position": [-2, 1.2, 0], "normal": [1, 0, 0]}],
 "openings": [{"type": "door", "width": 0.9, "height": 2.0, "position": [0.5, 1, 1.5]}, {"type": "window", "width": 1.2, "height": 1.0}]}
JSON
    { printf '{"rooms": ['; cat SampleScans/rooms/l-shaped.json; printf ','; cat SampleScans/rooms/living-room.json; printf '], "version": 2}'; } > "$corpus/structure.json"
fi
mkdir -p fuzz-findings
"$scratch/$harness" -max_total_time="$seconds" -rss_limit_mb=4096 -max_len="${max_len:-1048576}" -artifact_prefix=fuzz-findings/ "$corpus"
