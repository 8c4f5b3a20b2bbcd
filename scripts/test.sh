#!/usr/bin/env bash
# The test suite: installs what is missing, then runs every test (Swift Testing and
# XCTest), then the worker's integration tests (Worker/scripts/test.sh). The tests read
# data made elsewhere from ../shared/data beside the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --skip-build --parallel "$@"
# The Temporal worker: its own package (gRPC stays out of the main build), built in debug
# and tested against a real Temporal development server on loopback.
Worker/scripts/test.sh
