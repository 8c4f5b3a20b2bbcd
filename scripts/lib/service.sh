# Sourced by the scripts that test a running `remo-geom serve` (schemathesis.sh,
# generated-client.sh). `start_service LOG` starts "$REMO_GEOM" serve on a free loopback
# port with its standard error in LOG, sets `server` (its pid) and `port`, and exits the
# script naming the caller when the service does not start. The caller's EXIT trap stops it.
start_service() {
    local log=$1
    "$REMO_GEOM" serve --port 0 2>"$log" &
    server=$!
    port=""
    for _ in $(seq 1 100); do
        port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$log" | grep -o '[0-9]*$' || true)
        [ -n "$port" ] && return 0
        sleep 0.1
    done
    echo "$(basename "$0"): the service did not start" >&2
    cat "$log" >&2
    exit 1
}
