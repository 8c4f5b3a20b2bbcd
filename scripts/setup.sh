#!/usr/bin/env bash
# Makes sure what remo-geom builds against is installed: the Swift toolchain, the
# Debian packages pkg-config, libgeos-dev, libpng-dev, libjpeg62-turbo-dev, libheif-dev,
# liblcms2-dev and libssl-dev, and for the tests Python's
# jsonschema. Installs what is missing (apt-get, pip) when run as root; otherwise says
# exactly what to run.
set -euo pipefail
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

# The tests check every JSON format against schemas/ and openapi.json with Python's
# jsonschema and openapi-spec-validator, and the service's /metrics with Prometheus's own
# parser (prometheus-client).
if ! python3 -c "import jsonschema, referencing, openapi_spec_validator, prometheus_client" >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "Installing the Python packages jsonschema, openapi-spec-validator and prometheus-client ..." >&2
        python3 -m pip install --quiet jsonschema openapi-spec-validator prometheus-client >&2
    else
        echo "remo-geom's tests need Python packages: python3 -m pip install --user jsonschema openapi-spec-validator prometheus-client" >&2
        exit 1
    fi
fi

# The photo tests make their labelled photos afresh (SampleScans/photos/photo_set.py) with
# Pillow, numpy and OpenCV.
if ! python3 -c "import PIL, numpy, cv2" >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "Installing the Python packages Pillow, numpy and opencv-python-headless ..." >&2
        python3 -m pip install --quiet Pillow numpy opencv-python-headless >&2
    else
        echo "remo-geom's tests need Python packages: python3 -m pip install --user Pillow numpy opencv-python-headless" >&2
        exit 1
    fi
fi
