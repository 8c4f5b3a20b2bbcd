#!/usr/bin/env bash
# The worker's tests: builds remo-geom-worker (debug, as CI does), runs the gRPC client's
# tests (Tests/RemoWorkerTests), then the integration tests against a real Temporal
# development server on loopback. Installs what they need first (scripts/setup.sh). Needs
# the main package's debug build (scripts/test.sh makes it).
#
#   Worker/scripts/test.sh           both steps
#   Worker/scripts/test.sh build     the build alone (scripts/test.sh runs it beside other checks)
#   Worker/scripts/test.sh test      the tests alone, on that build
#
# REMO_WORKER_SCRATCH=FOLDER builds in FOLDER instead of Worker/.build: scripts/test.sh gives
# the main package's .build, where the modules the two packages share are already compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
source ../scripts/lib/stages.sh
step=${1:-all}
[ $# -gt 0 ] && shift
scratch=()
if [ -n "${REMO_WORKER_SCRATCH:-}" ]; then
    scratch=(--scratch-path "$REMO_WORKER_SCRATCH")
    export REMO_WORKER="$REMO_WORKER_SCRATCH/debug/remo-geom-worker"
fi
if [ "$step" != test ]; then
    stage "worker: set-up" scripts/setup.sh
    stage "worker: build (debug, with tests)" swift build --build-tests "${scratch[@]}"
fi
if [ "$step" != build ]; then
    stage "worker: swift test" swift test --skip-build "${scratch[@]}"
    stage "worker: integration (Temporal)" python3 -m unittest discover -s Tests/Integration -v "$@"
fi
