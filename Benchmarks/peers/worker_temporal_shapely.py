#!/usr/bin/env python3
"""The peer of remo-geom-worker for the worker benchmark: the activity worker a Python team
would write instead, temporalio serving `ValidateRegions` on the same task queue with the
rules of validate_shapely.py (shapely) and the same argument, `{"document"}` (the default rules).

    pip install temporalio shapely
    python3 Benchmarks/peers/worker_temporal_shapely.py --temporal 127.0.0.1:7233 [--concurrency 2]

Synchronous activities in a thread pool, as temporalio recommends for CPU work. SIGTERM:
the worker shuts down gracefully.
"""
import argparse
import asyncio
import concurrent.futures
import signal

from temporalio import activity
from temporalio.client import Client, TLSConfig
from temporalio.worker import Worker

from validate_shapely import check_document


@activity.defn(name="ValidateRegions")
def validate_regions(argument: dict) -> dict:
    return check_document(argument["document"])


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--temporal", required=True)
    parser.add_argument("--task-queue", default="remo-geom")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--tls-ca", help="TLS to the frontend, trusting this CA (PEM)")
    parser.add_argument("--tls-server-name", help="the name the frontend's certificate carries")
    args = parser.parse_args()
    tls = False
    if args.tls_ca:
        with open(args.tls_ca, "rb") as f:
            tls = TLSConfig(server_root_ca_cert=f.read(), domain=args.tls_server_name)
    client = await Client.connect(args.temporal, tls=tls)
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        worker = Worker(client, task_queue=args.task_queue, activities=[validate_regions],
                        activity_executor=pool, max_concurrent_activities=args.concurrency)
        stop = asyncio.Event()
        for s in (signal.SIGTERM, signal.SIGINT):
            asyncio.get_running_loop().add_signal_handler(s, stop.set)
        async with worker:
            await stop.wait()


if __name__ == "__main__":
    asyncio.run(main())
