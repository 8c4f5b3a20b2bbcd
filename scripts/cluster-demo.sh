#!/usr/bin/env bash
# remo-geom as Temporal activities: starts a Temporal development server and two
# remo-geom-worker processes on loopback, runs a sample workflow (Worker/Examples/
# room_and_lassos.py) over SampleScans/ (validate, render, room, fit, plan, photo), prints
# the results and where the files went, and stops everything it started.
#
#   scripts/cluster-demo.sh [OUTPUT-FOLDER]      # default: demo-output/cluster
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh worker
# A debug build, as the tests use: a first one takes about 3 minutes on 2 cores (SwiftNIO's
# HTTP/2, swift-protobuf, swift-crypto's BoringSSL), a first release build about 4.
echo "Building remo-geom-worker (a first build takes a few minutes) ..." >&2
swift build --package-path Worker --product remo-geom-worker >&2
worker=$(swift build --package-path Worker --show-bin-path)/remo-geom-worker
temporal="$(dirname "$(python3 -c 'import sys; print(sys.executable)')")/temporal"

root=${1:-demo-output/cluster}
mkdir -p "$root/in" "$root/out"
cp SampleScans/design.png "$root/in/design.png"
cp SampleScans/regions/valid.json "$root/in/regions.json"
cp SampleScans/rooms/living-room.json "$root/in/room.json"
cp SampleScans/rooms/shopping-list.json "$root/in/shopping-list.json"
cp SampleScans/photos/sharp.jpg "$root/in/photo.jpg"

port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
frontend=$(port)
pids=()
stop() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop EXIT

"$temporal" server start-dev --ip 127.0.0.1 --port "$frontend" --headless --http-port "$(port)" \
    --metrics-port "$(port)" --log-level error >"$root/temporal.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$frontend") 2>/dev/null && break; sleep 0.1; done
echo "Temporal development server on 127.0.0.1:$frontend" >&2
for n in 1 2; do
    "$worker" --temporal "127.0.0.1:$frontend" --files-root "$root" --identity "worker-$n" 2>>"$root/worker-$n.log" &
    pids+=($!)
done
python3 Worker/Examples/room_and_lassos.py --temporal "127.0.0.1:$frontend" --files-root "$root"
echo "workers' logs: $root/worker-1.log, $root/worker-2.log" >&2
