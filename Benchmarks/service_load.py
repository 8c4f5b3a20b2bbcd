#!/usr/bin/env python3
"""Load on `remo-geom serve` against its peer (Benchmarks/peers/service_fastapi.py:
FastAPI + uvicorn + shapely, two workers), in one run, on loopback only, with wrk.

    python3 Benchmarks/service_load.py [--seconds 10] [--soak 60] [--soak-only]

Measures requests per second and p50/p99 latency for POST /v1/validate (three 500-point
lassos) at 1, 16 and 64 connections for both servers, and POST /v1/render on a 1024 x 1024
design image at 16; then soaks remo-geom at 64 connections on validate and render (15 s of
warm-up and the soak in one wrk run), counting non-2xx answers over the whole run and
sampling its resident memory every 5 s: after warm-up, the highest, and at the end.
Needs: wrk (Debian), pip install fastapi uvicorn shapely pillow python-multipart, and the
release build (swift build -c release --product remo-geom).
"""
import argparse
import json
import math
import os
import random
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from needs import needs  # noqa: E402


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def lasso(cx, cy, r, count, seed):
    rng = random.Random(seed)
    return [[round(cx + r * (1 + 0.004 * rng.random()) * math.cos(2 * math.pi * k / count), 2),
             round(cy + r * (1 + 0.004 * rng.random()) * math.sin(2 * math.pi * k / count), 2)] for k in range(count)]


def png(width, height):
    """An RGB gradient, so that outlines cross light and dark ground."""
    rows = b"".join(b"\x00" + bytes([(x + y) % 256 for x in range(width * 3)]) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) + \
        chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")


def lua_post(path, body_file, content_type):
    with open(path, "w") as f:
        f.write(f'''
local f = io.open("{body_file}", "rb"); local body = f:read("*a"); f:close()
wrk.method = "POST"; wrk.body = body; wrk.headers["Content-Type"] = "{content_type}"
local threads = {{}}
function setup(thread) table.insert(threads, thread) end
function init(args) busy = 0; failed = 0 end
function response(status, headers, body)
  if status == 503 then busy = busy + 1 elseif status >= 300 then failed = failed + 1 end
end
done = function(summary, latency, requests)
  local busy, failed = 0, 0
  for _, t in ipairs(threads) do busy = busy + t:get("busy"); failed = failed + t:get("failed") end
  io.write(string.format("RESULT %f %f %f %d %d %d %d\\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests, busy, failed,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
''')


def wrk(url, script, connections, seconds):
    out = subprocess.run(["wrk", "-t", str(min(2, connections)), "-c", str(connections), "-d", f"{seconds}s", "-s", script, url],
                         capture_output=True, text=True).stdout
    m = re.search(r"RESULT (\S+) (\S+) (\S+) (\d+) (\d+) (\d+) (\d+)", out)
    if not m:
        sys.exit(f"wrk said: {out}")
    rps, p50, p99, count, busy, failed, socket_errors = m.groups()
    count, busy, failed = int(count), int(busy), int(failed) + int(socket_errors)
    # Answered requests per second: 503s from backpressure are not work done.
    answered = float(rps) * (count - busy - failed) / max(count, 1)
    return answered, float(p50), float(p99), count, busy, failed


def soak(url, script, pid, warmup, seconds):
    """wrk at 64 connections for warm-up and soak in one run (an idle pause between them
    would let the allocator hand memory back and flatter neither figure), sampling the
    server's RSS every 5 s; the samples from the end of the warm-up on."""
    import threading
    result = {}
    runner = threading.Thread(target=lambda: result.setdefault("wrk", wrk(url, script, 64, warmup + seconds)))
    runner.start()
    time.sleep(warmup)
    samples = [rss(pid)]
    while runner.is_alive():
        runner.join(5)
        samples.append(rss(pid))
    return result["wrk"], samples


def rss(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) * 1024


def compare(servers, work, seconds):
    """validate at 1, 16 and 64 connections and render at 16, for both servers."""
    for _, port in servers:  # warm-up
        wrk(f"http://127.0.0.1:{port}/v1/validate", f"{work}/validate.lua", 16, 3)
    print(f"POST /v1/validate, three 500-point lassos, {seconds} s each (wrk on loopback):")
    print("(req/s counts 200s only; p50 and p99 are over every answer, 503s included)")
    print(f"{'server':20} {'connections':>11} {'req/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'503':>8} {'other':>6}")
    rates = {}
    for connections in (1, 16, 64):
        for name, port in servers:
            rps, p50, p99, count, busy, failed = wrk(f"http://127.0.0.1:{port}/v1/validate", f"{work}/validate.lua", connections, seconds)
            rates[(name, connections)] = rps
            print(f"{name:20} {connections:>11} {rps:>10.0f} {p50:>8.2f} {p99:>8.2f} {busy:>8} {failed:>6}")
    for connections in (1, 16, 64):
        print(f"  ratio at {connections}: {rates[('remo-geom serve', connections)] / rates[('FastAPI + shapely', connections)]:.1f}x")
    print(f"\nPOST /v1/render, 1024 x 1024 design image, 16 connections, {seconds} s:")
    for name, port in servers:
        rps, p50, p99, count, busy, failed = wrk(f"http://127.0.0.1:{port}/v1/render", f"{work}/render.lua", 16, seconds)
        print(f"{name:20} {rps:>10.1f} req/s  p50 {p50:.1f} ms  p99 {p99:.1f} ms  503 {busy}, other non-2xx or errors {failed}")


def wait_listening(port):
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"nothing listens on {port}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--soak", type=int, default=60)
    parser.add_argument("--soak-only", action="store_true", help="skip the comparison with the peer")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/remo-geom"))
    args = parser.parse_args()
    needs(commands={"wrk": "wrk"}, modules={"fastapi": "fastapi", "uvicorn": "uvicorn", "shapely": "shapely", "PIL": "Pillow",
                                            "multipart": "python-multipart"}, binary=args.binary)
    work = tempfile.mkdtemp(prefix="remo-load-")
    doc = {"image": {"width": 1024, "height": 768}, "regions": [
        {"id": f"r{k}", "number": k + 1, "points": lasso(200 + 300 * k, 380, 120, 500, k)} for k in range(3)]}
    with open(f"{work}/validate.json", "w") as f:
        json.dump(doc, f)
    render_doc = {"image": {"width": 1024, "height": 1024}, "regions": [
        {"id": f"r{k}", "number": k + 1, "points": lasso(200 + 300 * k, 500, 120, 500, k)} for k in range(3)]}
    boundary = "remoloadboundary"
    with open(f"{work}/render.body", "wb") as f:
        f.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"d.png\"\r\nContent-Type: image/png\r\n\r\n".encode())
        f.write(png(1024, 1024))
        f.write(f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"regions\"; filename=\"r.json\"\r\nContent-Type: application/json\r\n\r\n".encode())
        f.write(json.dumps(render_doc).encode())
        f.write(f"\r\n--{boundary}--\r\n".encode())
    lua_post(f"{work}/validate.lua", f"{work}/validate.json", "application/json")
    lua_post(f"{work}/render.lua", f"{work}/render.body", f"multipart/form-data; boundary={boundary}")

    remo_port, peer_port = free_port(), free_port()
    remo = subprocess.Popen([args.binary, "serve", "--port", str(remo_port)], stderr=subprocess.DEVNULL)
    peer = subprocess.Popen([sys.executable, "-m", "uvicorn", "--app-dir", os.path.join(HERE, "peers"), "service_fastapi:app",
                             "--host", "127.0.0.1", "--port", str(peer_port), "--workers", "2", "--log-level", "warning"],
                            stderr=subprocess.DEVNULL)
    try:
        wait_listening(remo_port)
        wait_listening(peer_port)
        servers = [("remo-geom serve", remo_port), ("FastAPI + shapely", peer_port)]
        if not args.soak_only:
            compare(servers, work, args.seconds)
        if args.soak:
            print(f"\nSoak of remo-geom serve at 64 connections, {args.soak} s each:")
            for route, script in (("validate", "validate.lua"), ("render", "render.lua")):
                url = f"http://127.0.0.1:{remo_port}/v1/{route}"
                (rps, p50, p99, count, busy, failed), samples = soak(url, f"{work}/{script}", remo.pid, 15, args.soak)
                warm, peak, end = samples[0], max(samples), samples[-1]
                print(f"  {route}: {count} requests, {rps:.0f} req/s, p99 {p99:.1f} ms, 503 (backpressure) {busy}, other non-2xx or errors {failed}, "
                      f"RSS {warm / 1e6:.0f} MB after warm-up, at most {peak / 1e6:.0f} MB, {end / 1e6:.0f} MB at the end ({(end - warm) / warm * 100:+.0f} %)")
                print("    RSS every 5 s from the end of the warm-up (MB): " + " ".join(f"{x / 1e6:.0f}" for x in samples))
    finally:
        remo.terminate()
        peer.terminate()
        remo.wait()
        peer.wait()


if __name__ == "__main__":
    main()
