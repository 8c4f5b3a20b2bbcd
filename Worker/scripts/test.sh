#!/usr/bin/env bash
# The worker's tests: builds remo-geom-worker (debug, as CI does: a clean build of gRPC
# and its two copies of BoringSSL takes minutes) and runs the integration tests against a
# real Temporal development server on loopback. Installs what they need first
# (scripts/setup.sh). Needs the main package's debug build (scripts/test.sh makes it).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
started=$SECONDS
swift build
echo "remo-geom-worker: the debug build took $((SECONDS - started)) s" >&2
python3 -m unittest discover -s Tests/Integration -v "$@"
