#!/usr/bin/env bash
# The test suite: installs what is missing, then runs every test (Swift Testing and
# XCTest). The tests read data made elsewhere from ../shared/data beside the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --skip-build --parallel "$@"
