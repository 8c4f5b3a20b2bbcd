#!/usr/bin/env bash
# The worker's tests: builds remo-geom-worker (debug, as CI does), runs the gRPC client's
# tests (Tests/RemoWorkerTests), then the integration tests against a real Temporal
# development server on loopback. Installs what they need first (scripts/setup.sh). Needs
# the main package's debug build (scripts/test.sh makes it).
#
#   Worker/scripts/test.sh           both steps
#   Worker/scripts/test.sh build     the build alone (scripts/test.sh runs it beside other checks)
#   Worker/scripts/test.sh test      the tests alone, on that build
set -euo pipefail
cd "$(dirname "$0")/.."
source ../scripts/lib/stages.sh
step=${1:-all}
[ $# -gt 0 ] && shift
if [ "$step" != test ]; then
    stage "worker: set-up" scripts/setup.sh
    stage "worker: build (debug, with tests)" swift build --build-tests
fi
if [ "$step" != build ]; then
    stage "worker: swift test" swift test --skip-build
    stage "worker: integration (Temporal)" python3 -m unittest discover -s Tests/Integration -v "$@"
fi
