#!/usr/bin/env python3
"""Hostile clients against `remo-geom serve`, each case against every binary given, in one
run, on loopback only (docs/robustness.md):

    python3 Benchmarks/service_hostile.py [--only WORDS] BINARY [BINARY ...]

For each case the service is started afresh (--concurrency 2, the options the binary knows
among those the case asks for), the attack is made, and while it lasts a normal validation
is timed every 0.2 s. The table gives, per case and binary: the slowest of those validations
(the target is under 1 s), how many answers were 5xx (the target is none), the service's peak
resident memory (VmHWM; the target is at most 1 GB), and what the attack itself got.
"""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import zlib
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VALID = open(os.path.join(ROOT, "SampleScans/regions/valid.json"), "rb").read()


class Service:
    def __init__(self, binary, options, launcher=()):
        help_text = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True).stdout
        known = [o for o in options if o[0] in help_text]
        self.log = tempfile.NamedTemporaryFile(delete=False)
        arguments = list(launcher) + [binary, "serve", "--port", "0", "--concurrency", "2"]
        if "--drain-delay" in help_text:
            arguments += ["--drain-delay", "0"]
        for option, value in known:
            arguments += [option, value]
        self.process = subprocess.Popen(arguments, stderr=self.log, stdout=subprocess.DEVNULL)
        self.port = None
        for _ in range(200):
            text = open(self.log.name, errors="replace").read()
            found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", text)
            if found:
                self.port = int(found.group(1))
                break
            time.sleep(0.05)
        if self.port is None:
            raise RuntimeError(f"{binary} did not start: {open(self.log.name).read()}")
        self.pid = self.process.pid
        if launcher:
            # prlimit execs the service: the same process.
            pass
        self.options = [o for o, _ in known]

    def peak(self):
        try:
            for line in open(f"/proc/{self.pid}/status"):
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
        except FileNotFoundError:
            return 0
        return 0

    def request(self, method, path, body=None, headers=None, timeout=30):
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()
        except Exception as error:  # a refused or timed-out connection
            return 0, str(error).encode()

    def statuses(self):
        return [int(s) for s in re.findall(r"status=(\d+)", open(self.log.name, errors="replace").read())]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.unlink(self.log.name)


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    return s


def png(width, height):
    """A flat RGB PNG: a few hundred KB for 100 megapixels."""
    row = b"\x00" + bytes([200, 180, 160]) * width
    compressor = zlib.compressobj(9)
    data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def document(width, height):
    return json.dumps({"image": {"width": width, "height": height}, "regions": [
        {"id": "a", "number": 1, "points": [[width * 0.2, height * 0.2], [width * 0.8, height * 0.2], [width * 0.8, height * 0.8], [width * 0.2, height * 0.8]]}]}).encode()


def form(boundary, parts):
    body = b""
    for name, content in parts:
        body += b"--" + boundary + b"\r\nContent-Disposition: form-data; name=\"" + name + b"\"\r\n\r\n" + content + b"\r\n"
    return body + b"--" + boundary + b"--\r\n"


def stalled_uploads(service):
    held = []
    for _ in range(2):
        s = connect(service.port)
        s.sendall(b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"im")
        held.append(s)
    time.sleep(6)
    return held, "2 connections, a head then 4 of 1,000 bytes"


def many_partial_heads(service):
    held = []
    for _ in range(1100):
        try:
            s = connect(service.port)
            s.sendall(b"POST /v1/validate HTTP/1.1\r\nHost: x\r\n")
            held.append(s)
        except OSError:
            break
    time.sleep(4)
    return held, f"{len(held)} connections with half a head, soft limit of 1,024 files"


def long_boundary(service):
    # The delimiter is "--" and the boundary: dashes in a body of dashes match all of it but
    # its last byte everywhere, which a search that starts again at each byte pays in full.
    boundary = b"-" * 59_999 + b"x"
    body = b"-" * 1_000_000
    started = time.time()
    status, _ = service.request("POST", "/v1/render", body, {"Content-Type": "multipart/form-data; boundary=" + boundary.decode()}, timeout=120)
    return [], f"60 KB boundary, 1 MB of dashes: {status} in {time.time() - started:.1f} s"


def tiny_parts(service):
    boundary = b"x"
    part = b"--x\r\n\r\n\r\n"
    body = part * 6_000_000 + b"--x--\r\n"
    started = time.time()
    status, _ = service.request("POST", "/v1/render", body, {"Content-Type": "multipart/form-data; boundary=x"}, timeout=300)
    return [], f"{len(body) >> 20} MB of {6_000_000:,} empty parts: {status} in {time.time() - started:.1f} s"


def framing(service):
    bad = [
        b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{\"a\":1}",
        b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}0\r\n\r\n",
        b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n{}",
        b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 9223372036854775808\r\n\r\n{}",
    ]
    answers = []
    for raw in bad:
        s = connect(service.port)
        s.settimeout(10)
        s.sendall(raw)
        s.shutdown(socket.SHUT_WR)
        try:
            answers.append(s.recv(100).split(b"\r\n")[0].decode(errors="replace").replace("HTTP/1.1 ", ""))
        except OSError:
            answers.append("none")
        s.close()
    return [], "5 framing errors: " + "; ".join(answers)


def two_big_renders(service):
    image, regions = png(10000, 10000), document(10000, 10000)
    boundary = b"remo"
    body = form(boundary, [(b"image", image), (b"regions", regions)])
    results = []

    def render():
        results.append(service.request("POST", "/v1/render", body, {"Content-Type": "multipart/form-data; boundary=remo"}, timeout=300)[0])
    threads = [threading.Thread(target=render) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [], f"two 100 MP renders at once: {sorted(results)}"


def request_id(service):
    service.request("POST", "/v1/validate", VALID, {"Content-Type": "application/json", "X-Request-Id": "abc status=200 path=/admin"})
    time.sleep(0.3)
    log = open(service.log.name, errors="replace").read()
    return [], "X-Request-Id with spaces: " + ("written raw into the log" if "path=/admin" in log else "replaced")


CASES = [
    ("stalled uploads", stalled_uploads, [("--header-timeout", "3")], ()),
    ("1,100 partial heads", many_partial_heads, [], ("prlimit", "--nofile=1024:4096")),
    ("60 KB multipart boundary", long_boundary, [], ()),
    ("6 million multipart parts", tiny_parts, [], ()),
    ("framing errors", framing, [], ()),
    ("two 100 MP renders", two_big_renders, [("--memory-budget", "1536M")], ()),
    ("X-Request-Id with spaces", request_id, [], ()),
]


def run(binary, name, attack, options, launcher):
    service = Service(binary, options, launcher)
    slowest = [0.0]
    stop = threading.Event()

    def probe():
        while not stop.is_set():
            started = time.time()
            status, _ = service.request("POST", "/v1/validate", VALID, {"Content-Type": "application/json"}, timeout=30)
            elapsed = time.time() - started if status == 200 else 30.0
            slowest[0] = max(slowest[0], elapsed)
            stop.wait(0.2)
    prober = threading.Thread(target=probe)
    prober.start()
    try:
        held, what = attack(service)
    finally:
        stop.set()
        prober.join()
    for s in held:
        s.close()
    fives = sum(1 for s in service.statuses() if s >= 500)
    peak = service.peak()
    service.stop()
    return {"case": name, "binary": binary, "slowest validate s": round(slowest[0], 3), "5xx": fives,
            "peak MB": peak >> 20, "attack": what, "options": " ".join(service.options) or "none"}


def main():
    arguments = sys.argv[1:]
    only = None
    if arguments[:1] == ["--only"]:
        only, arguments = arguments[1], arguments[2:]
    binaries = arguments
    if not binaries:
        sys.exit(__doc__)
    rows = []
    for name, attack, options, launcher in CASES:
        if only and only not in name:
            continue
        for binary in binaries:
            row = run(binary, name, attack, options, launcher)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr)
    print("| case | binary | options | slowest validate during it | 5xx | peak memory | what the attack got |")
    print("|---|---|---|---:|---:|---:|---|")
    for r in rows:
        print(f"| {r['case']} | `{r['binary']}` | {r['options']} | {r['slowest validate s']} s | {r['5xx']} | {r['peak MB']} MB | {r['attack']} |")


if __name__ == "__main__":
    main()
