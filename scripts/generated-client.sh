#!/usr/bin/env bash
# A Python client generated from openapi.json by openapi-python-client (from PyPI), calling
# every route of a running `remo-geom serve` (scripts/call-every-route.py): the spec as
# client generators take it. The generator is told to send the image media types as
# application/octet-stream (its content_type_overrides), which it needs for binary bodies;
# the service tells an image's format from its bytes. Starts the service on a free
# loopback port and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh generated-client
generator=$(command -v openapi-python-client || echo "$(dirname "$(command -v python3)")/openapi-python-client")
# The debug build's binary; scripts/test.sh names the one its test build made (REMO_GEOM).
if [ -z "${REMO_GEOM:-}" ]; then
    swift build --product remo-geom >&2
    REMO_GEOM=.build/debug/remo-geom
fi
source scripts/lib/service.sh
work=$(mktemp -d)
server=""
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
start_service "$work/serve.log"
cat >"$work/config.yml" <<'CONFIG'
package_name_override: remo_geom_client
content_type_overrides:
  image/png: application/octet-stream
  image/jpeg: application/octet-stream
  image/heic: application/octet-stream
  image/heif: application/octet-stream
CONFIG
"$generator" generate --path openapi.json --config "$work/config.yml" --meta none --output-path "$work/remo_geom_client" >"$work/generate.log" 2>&1 \
    || { cat "$work/generate.log" >&2; exit 1; }
if grep -qi "warning\|could not" "$work/generate.log"; then
    echo "generated-client.sh: the generator warned:" >&2
    cat "$work/generate.log" >&2
    exit 1
fi
python3 scripts/call-every-route.py "$work" "http://127.0.0.1:$port"
