#!/usr/bin/env python3
"""Throughput and CPU cost of remo-geom-worker against the Python peer
(Benchmarks/peers/worker_temporal_shapely.py, temporalio + shapely), in one run, on one
Temporal development server, with the same workflow (FanOut of
Worker/Tests/Integration/workflows.py: ValidateRegions over SampleScans/regions/valid.json
moved by a different offset each time).

    python3 Benchmarks/worker_load.py [--activities 2000] [--binary Worker/.build/release/remo-geom-worker]

For each of remo-geom with one and two worker processes, then the peer with one and two,
then each with one process over TLS (haproxy in front of the server, with a CA the run
makes, as harness.TLSTerminator sets it up for the tests), runs `--activities` ValidateRegions (20 workflows at once, 100 each) and prints activities per second
and CPU time per activity in the worker processes (user + system from /proc, read just
before they stop). Each worker runs two activities at once. On one 2-core machine the dev
server and the Python workflow worker take much of the CPU, so the rate alone says little;
the CPU per activity is the cost a deployment pays.
"""
import argparse
import asyncio
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Worker", "Tests", "Integration"))
import harness  # noqa: E402


class PeerProcess(harness.WorkerProcess):
    def __init__(self, server, root, concurrency=2, name="peer", arguments=()):
        self.log_path = os.path.join(root, f".{name}.log")
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "peers", "worker_temporal_shapely.py"), "--temporal", server.address,
             "--concurrency", str(concurrency), *arguments], stdout=self.log, stderr=subprocess.STDOUT)


async def measure(client, start_workers, document, activities):
    workers = start_workers()
    try:
        await asyncio.sleep(2)  # let them connect and poll
        per_workflow = activities // 20
        documents = [harness.workflows.shifted(document, k % 9, k % 7) for k in range(per_workflow)]
        cpu_before = sum(w.cpu_seconds() for w in workers)
        started = time.perf_counter()
        handles = [await client.start_workflow(
            harness.workflows.FanOut.run, {"documents": documents},
            id=f"load-{time.monotonic_ns()}-{n}", task_queue=harness.WORKFLOW_QUEUE) for n in range(20)]
        failures = 0
        for handle in handles:
            result = await handle.result()
            failures += sum(1 for r in result["validate"] if isinstance(r, dict))
        seconds = time.perf_counter() - started
        cpu = sum(w.cpu_seconds() for w in workers) - cpu_before
    finally:
        for w in workers:
            w.terminate()
    return {"rate": per_workflow * 20 / seconds, "cpuMs": cpu / (per_workflow * 20) * 1000, "failures": failures}


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--activities", type=int, default=2000)
    parser.add_argument("--binary", default=os.path.join(ROOT, "Worker", ".build", "release", "remo-geom-worker"))
    args = parser.parse_args()
    harness.WORKER = args.binary
    root = os.path.join("/tmp", f"remo-worker-load-{os.getpid()}")
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(ROOT, "SampleScans", "regions", "valid.json")) as f:
        document = json.load(f)
    server = harness.DevServer().start()
    terminator = None
    try:
        certificates = harness.make_certificates(root)
        terminator = harness.TLSTerminator(server, certificates, root)
        tls = ["--tls-ca", certificates["ca"], "--tls-server-name", "localhost"]
        client = await harness.connect(server)
        rows = []
        async with harness.workflow_worker(client):
            for label, make in [
                ("remo-geom-worker, 1 process", lambda: [harness.WorkerProcess(server, root, 2, "remo-1")]),
                ("remo-geom-worker, 2 processes",
                 lambda: [harness.WorkerProcess(server, root, 2, f"remo-2-{n}") for n in range(2)]),
                ("temporalio + shapely, 1 process", lambda: [PeerProcess(server, root, 2, "peer-1")]),
                ("temporalio + shapely, 2 processes", lambda: [PeerProcess(server, root, 2, f"peer-2-{n}") for n in range(2)]),
                ("remo-geom-worker, 1 process, TLS",
                 lambda: [harness.WorkerProcess(terminator, root, 2, "remo-tls", arguments=tls)]),
                ("temporalio + shapely, 1 process, TLS", lambda: [PeerProcess(terminator, root, 2, "peer-tls", tls)]),
            ]:
                result = await measure(client, make, document, args.activities)
                rows.append((label, result))
                print(f"{label}: {result['rate']:.0f} activities/s, {result['cpuMs']:.2f} ms CPU per activity, "
                      f"{result['failures']} failed", flush=True)
        for name, ours, peer in [("plaintext", rows[0][1]["cpuMs"], rows[2][1]["cpuMs"]),
                                 ("TLS", rows[4][1]["cpuMs"], rows[5][1]["cpuMs"])]:
            print(f"CPU per activity, one process each, {name}: remo-geom-worker {ours:.2f} ms, peer {peer:.2f} ms "
                  f"= {ours / peer:.2f} of the peer's")
    finally:
        if terminator:
            terminator.stop()
        server.stop()


if __name__ == "__main__":
    asyncio.run(main())
