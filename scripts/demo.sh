#!/usr/bin/env bash
# The main job on the bundled samples: installs what is missing, builds, and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product remo-geom >&2
status=0
.build/release/remo-geom validate SampleScans/regions --format text || status=$?
# Exit status 1 means "some document is invalid": the samples include broken ones on purpose.
if [ "$status" -gt 1 ]; then exit "$status"; fi
