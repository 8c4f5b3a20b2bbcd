#!/usr/bin/env bash
# Makes sure what remo-geom builds against is installed: the Swift toolchain, the
# Debian packages pkg-config, libgeos-dev, libpng-dev, libjpeg62-turbo-dev, libheif-dev,
# liblcms2-dev and libssl-dev, and the Python packages the tests use. Installs what is
# missing (apt-get, pip) when run as root; otherwise says exactly what to run.
#
#   scripts/setup.sh                          the build and the Swift tests
#   scripts/setup.sh schemathesis worker …    and the tools of those checks as well
set -euo pipefail
cd "$(dirname "$0")/.."
# scripts/test.sh runs this once for all its stages.
[ -n "${REMO_SETUP_DONE:-}" ] && exit 0

if ! command -v swift >/dev/null 2>&1; then
    echo "remo-geom needs the Swift toolchain (6.2 or later) on PATH: https://www.swift.org/install/linux/" >&2
    exit 1
fi

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists geos 2>/dev/null || missing+=(libgeos-dev)
pkg-config --exists libpng 2>/dev/null || missing+=(libpng-dev)
pkg-config --exists libjpeg 2>/dev/null || missing+=(libjpeg62-turbo-dev)  # JPEG photos and design images
pkg-config --exists libheif 2>/dev/null || missing+=(libheif-dev)          # HEIC photos
pkg-config --exists lcms2 2>/dev/null || missing+=(liblcms2-dev)           # colour conversion to sRGB (prepare)
pkg-config --exists libcrypto 2>/dev/null || missing+=(libssl-dev)         # SHA-256 of job outputs
command -v curl >/dev/null 2>&1 || missing+=(curl)  # the service tests talk HTTP through curl

if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "Installing ${missing[*]} ..." >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >&2
        apt-get install -y -qq "${missing[@]}" >&2
    else
        echo "remo-geom needs these Debian packages: ${missing[*]}" >&2
        echo "Install them with:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

# Installs Python packages unless `check` (Python code) runs: with pip as root, otherwise
# says what to run. One pip at a time: two at once in the same site-packages break each other.
python_packages() {
    local what=$1 check=$2
    shift 2
    python3 -c "$check" >/dev/null 2>&1 && return 0
    if [ "$(id -u)" -eq 0 ]; then
        echo "Installing the Python packages $* ..." >&2
        python3 -m pip install --quiet "$@" >&2
    else
        echo "$what needs Python packages: python3 -m pip install --user $*" >&2
        exit 1
    fi
}

# The tests check every JSON format against schemas/ and openapi.json with Python's
# jsonschema and openapi-spec-validator, and the service's /metrics with Prometheus's own
# parser (prometheus-client).
python_packages "remo-geom's tests" "import jsonschema, referencing, openapi_spec_validator, prometheus_client" \
    jsonschema openapi-spec-validator prometheus-client
# The photo tests make their labelled photos afresh (SampleScans/photos/photo_set.py) with
# Pillow, numpy, OpenCV and pillow-heif (HEIC files with thumbnails, and their pixels).
python_packages "remo-geom's tests" "import PIL, numpy, cv2, pillow_heif" Pillow numpy opencv-python-headless pillow-heif

# The tools of the checks scripts/test.sh runs beside one another, installed here first:
# schemathesis (scripts/schemathesis.sh), openapi-python-client (scripts/generated-client.sh)
# and what the worker's tests need (Worker/scripts/setup.sh).
for extra in "$@"; do
    case $extra in
    schemathesis) python_packages scripts/schemathesis.sh "import schemathesis" schemathesis ;;
    generated-client) python_packages scripts/generated-client.sh "import openapi_python_client" openapi-python-client ;;
    worker) Worker/scripts/setup.sh ;;
    *) echo "setup.sh: unknown extra '$extra' (schemathesis, generated-client, worker)" >&2 && exit 2 ;;
    esac
done
