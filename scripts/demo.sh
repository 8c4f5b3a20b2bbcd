#!/usr/bin/env bash
# The main job on the bundled samples: installs what is missing, builds, and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product remo-geom >&2
.build/release/remo-geom demo --output demo-output
