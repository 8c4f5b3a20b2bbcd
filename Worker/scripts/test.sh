#!/usr/bin/env bash
# The worker's tests: builds remo-geom-worker (debug, as CI does), runs the gRPC client's
# tests (Tests/RemoWorkerTests), then the integration tests against a real Temporal
# development server on loopback. Installs what they need first (scripts/setup.sh), and
# builds the main package's remo-geom (debug) when it is missing: the tests compare with it.
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
# The integration tests in two processes, each with its Temporal server: the cluster's (TLS,
# files by URL), which are light, beside the worker's, which keep Temporal busy with fan-outs
# but leave a core mostly idle. The cluster's output follows the worker's.
integration() {
    local cluster_log status=0
    cluster_log=$(mktemp)
    python3 -m unittest discover -s Tests/Integration -p test_cluster.py -v "$@" >"$cluster_log" 2>&1 &
    local cluster=$!
    python3 -m unittest discover -s Tests/Integration -p 'test_[!c]*.py' -v "$@" || status=1
    wait "$cluster" || status=1
    cat "$cluster_log"
    rm -f "$cluster_log"
    return $status
}
if [ "$step" != test ]; then
    stage "worker: set-up" scripts/setup.sh
    stage "worker: build (debug, with tests)" swift build --build-tests "${scratch[@]}"
fi
if [ "$step" != build ]; then
    # The integration tests compare each activity with the command line's answer: the main
    # package's remo-geom (REMO_GEOM, by default its debug build), built here when missing.
    if [ -z "${REMO_GEOM:-}" ] && [ ! -x ../.build/debug/remo-geom ]; then
        stage "worker: build remo-geom (debug)" swift build --package-path .. --product remo-geom
    fi
    stage "worker: swift test" swift test --skip-build "${scratch[@]}"
    stage "worker: integration (Temporal)" integration "$@"
fi
