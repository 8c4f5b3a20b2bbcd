#!/usr/bin/env bash
# Every check CI runs, in one command: installs what is missing, builds, runs the Swift
# tests, the Temporal worker's tests (its own package, against a real Temporal server on
# loopback), schemathesis against a running service, the DocC build and the formatting
# lint. Prints the time of each stage, and last how many tests ran and how many were
# skipped for want of the test data made elsewhere (Tests/test-data.json; docs/testing.md).
#
#   scripts/test.sh                    everything
#   scripts/test.sh --filter Ring      arguments go to `swift test`
#
# Test data: REMO_TEST_DATA (default ../shared/data beside the checkout). Without it the
# tests that need it are skipped; with CI=true a missing corpus fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/stages.sh
output=$(mktemp -d)
trap 'rm -rf "$output"; stages_print' EXIT

stage "set-up" scripts/setup.sh
export REMO_SETUP_DONE=1
stage "build (debug, with tests)" swift build --build-tests
swift_tests() { swift test --skip-build "$@" 2>&1 | tee "$output/swift.log"; }
stage "swift test" swift_tests "$@"
# The worker: a package of its own (gRPC stays out of the main build).
Worker/scripts/test.sh 2>&1 | tee "$output/worker.log"
REMO_GEOM=.build/debug/remo-geom stage "schemathesis" scripts/schemathesis.sh 25
stage "docs (DocC, coverage)" scripts/docs.sh
stage "swift format lint" swift format lint --strict --recursive Sources Tests Package.swift Worker/Package.swift \
    Worker/Sources/RemoWorker Worker/Sources/remo-geom-worker Worker/Tests/RemoWorkerTests Benchmarks/Package.swift Benchmarks/Benchmarks

# The closing count: Swift Testing's runs and Python's, and the tests skipped.
count() { grep -ho "$1" "$output"/*.log | grep -o '[0-9][0-9]*' | awk '{ n += $1 } END { print n + 0 }'; }
total=$(($(count 'Test run with [0-9]* tests') + $(count '^Ran [0-9]* tests')))
skipped=$(($(grep -h '^➜ Test .* skipped' "$output"/*.log | wc -l) + $(count 'skipped=[0-9]*')))
if [ "$skipped" -gt 0 ]; then
    echo "skipped: $skipped tests need test data not found in ${REMO_TEST_DATA:-../shared/data}; docs/testing.md says how to get it (then set REMO_TEST_DATA)"
else
    echo "skipped: none"
fi
echo "tests: $((total - skipped)) passed, 0 failed, $skipped skipped"
