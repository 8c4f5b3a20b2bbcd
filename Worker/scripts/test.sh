#!/usr/bin/env bash
# The worker's tests: builds remo-geom-worker (debug, as CI does: a clean build of
# swift-nio-http2, swift-protobuf and swift-crypto's BoringSSL takes minutes), runs the
# gRPC client's tests (Tests/RemoWorkerTests), then the integration tests against a real
# Temporal development server on loopback. Installs what they need first
# (scripts/setup.sh). Needs the main package's debug build (scripts/test.sh makes it).
set -euo pipefail
cd "$(dirname "$0")/.."
source ../scripts/lib/stages.sh
stage "worker: set-up" scripts/setup.sh
stage "worker: build (debug, with tests)" swift build --build-tests
stage "worker: swift test" swift test --skip-build
stage "worker: integration (Temporal)" python3 -m unittest discover -s Tests/Integration -v "$@"
