#!/usr/bin/env bash
# API fuzzing: schemathesis (from PyPI) against a running `remo-geom serve`, from the
# service's own openapi.json, with a bounded number of examples per route.
#
#   scripts/schemathesis.sh [EXAMPLES]     (default 25)
#
# Checks every answer: no 5xx; statuses, media types, headers and bodies as openapi.json
# documents them; 405 with Allow for other methods. Left out are the two checks of
# whether requests are accepted exactly as the schemas say (positive_data_acceptance,
# negative_data_rejection): the scan readers take more than the schemas state (RoomPlan
# exports vary, and absurd elements are dropped with a warning rather than refused), and
# some refusals (a room number past the rooms, image bytes that are no image) cannot be
# stated in a schema. Starts the service on a free loopback port and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-25}
scripts/setup.sh schemathesis
st=$(command -v st || echo "$(dirname "$(command -v python3)")/st")
# The debug build's binary; scripts/test.sh names the one its test build made (REMO_GEOM).
if [ -z "${REMO_GEOM:-}" ]; then
    swift build --product remo-geom >&2
    REMO_GEOM=.build/debug/remo-geom
fi
source scripts/lib/service.sh
log=$(mktemp)
server=""
trap 'kill $server 2>/dev/null || true; rm -f "$log"' EXIT
start_service "$log"
"$st" run openapi.json --url "http://127.0.0.1:$port" --max-examples "$examples" --seed 1 \
    --checks all --exclude-checks positive_data_acceptance,negative_data_rejection
if grep -q 'status=5' "$log"; then
    echo "schemathesis.sh: the service answered 5xx" >&2
    exit 1
fi
echo "schemathesis: no failures"
