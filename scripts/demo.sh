#!/usr/bin/env bash
# The main job on the bundled samples: installs what is missing, builds, and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The Swift runtime linked in: every command starts in about 15 ms instead of 26 (no Swift
# libraries to load and bind at start), which is most of a photo check's time.
swift build -c release --product remo-geom --static-swift-stdlib >&2
.build/release/remo-geom demo --output demo-output
