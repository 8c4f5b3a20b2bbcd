#!/usr/bin/env bash
# Every check CI runs, in one command: installs what is missing, builds, runs the Swift
# tests, the Temporal worker's tests (its own package, against a real Temporal server on
# loopback), schemathesis against a running service, a Python client generated from
# openapi.json calling every route, the DocC build, the formatting lint and the consumer
# check (an app using the libraries alone resolves no other package; these five beside the
# worker's build), and deploy/ against both binaries. Prints the time of each stage, and last how
# many tests ran and how many were skipped for want of the test data made elsewhere
# (Tests/test-data.json; docs/testing.md).
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
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$output"; stages_print' EXIT

# Everything the stages need is installed first, one installer at a time: checks that run
# beside one another must not install at once.
stage "set-up" scripts/setup.sh schemathesis generated-client worker
export REMO_SETUP_DONE=1
# The computing modules optimized in the debug build (Package.swift says why).
export REMO_OPTIMIZED_DEBUG=1
# A check that runs beside the stages that follow, into a log of its own that is shown when it
# fails; each is waited for by process id before the integration tests (`jobs -p` no longer
# lists a job that has already ended, so a check that failed early would pass unseen).
beside() {
    local name=$1 log="$output/$1.log"
    shift
    (stage "$name" "$@" >"$log" 2>&1 || { echo "$name failed:" >&2; cat "$log" >&2; exit 1; }) &
    besides+=($!)
}
besides=()
# The lint and the consumer check need no build: they run beside it, which leaves a core idle
# at times.
beside lint swift format lint --strict --recursive Sources Tests Package.swift Worker/Package.swift Worker/Sources/RemoWorker \
    Worker/Sources/remo-geom-worker Worker/Tests/RemoWorkerTests Benchmarks/Package.swift Benchmarks/Benchmarks
beside consumer scripts/check-consumer.sh
stage "build (debug, with tests)" swift build --build-tests
swift_tests() { swift test --skip-build "$@" 2>&1 | tee "$output/swift.log"; }
stage "swift test" swift_tests "$@"

# The worker is a package of its own (gRPC stays out of the main build). It is built in this
# package's .build, where the libraries, NIO, swift-configuration and ArgumentParser are
# already compiled with the same flags (Worker/Package.swift), so only its own modules and
# packages are compiled. While it builds, which keeps both cores busy only part of the time,
# the checks that need the main build alone run beside it. They are given the build's folder
# and module maps as they are now, so that none of them waits for SwiftPM's lock on .build or
# reads what the worker's build writes.
bin=$(cd "$(swift build --show-bin-path)" && pwd -P)
source scripts/lib/module-maps.sh
module_maps "$bin" >"$output/module-maps"
export REMO_BIN_PATH=$bin REMO_MODULE_MAPS=$output/module-maps REMO_WORKER_SCRATCH=$PWD/.build
beside schemathesis env REMO_GEOM="$bin/remo-geom" scripts/schemathesis.sh 25
beside generated-client env REMO_GEOM="$bin/remo-geom" scripts/generated-client.sh
beside docs scripts/docs.sh
Worker/scripts/test.sh build
failed=0
for pid in "${besides[@]}"; do wait "$pid" || failed=1; done
[ "$failed" -eq 0 ] || exit 1
stage "deploy files" scripts/check-deploy.sh "$bin/remo-geom" "$bin/remo-geom-worker"
# The integration tests after everything else: some of them time a cancellation.
Worker/scripts/test.sh test 2>&1 | tee "$output/worker.log"

# The closing count: Swift Testing's runs and Python's, and the tests skipped.
count() { { grep -aho "$1" "$output"/*.log || true; } | { grep -o '[0-9][0-9]*' || true; } | awk '{ n += $1 } END { print n + 0 }'; }
total=$(($(count 'Test run with [0-9]* tests') + $(count '^Ran [0-9]* tests')))
swift_skipped=$({ grep -ah '^➜ Test .* skipped' "$output"/*.log || true; } | wc -l)
skipped=$((swift_skipped + $(count 'skipped=[0-9]*')))
if [ "$skipped" -gt 0 ]; then
    echo "skipped: $skipped tests need test data not found in ${REMO_TEST_DATA:-../shared/data}; docs/testing.md says how to get it (then set REMO_TEST_DATA)"
else
    echo "skipped: none"
fi
echo "tests: $((total - skipped)) passed, 0 failed, $skipped skipped"
