#!/usr/bin/env python3
"""A sample workflow over remo-geom-worker's activities, as Remo's backend would write it:
validate the lassos, render them onto the design image, summarise the room scan, fit the
shopping list and draw the plan, check a room photo. scripts/cluster-demo.sh runs it.

    python3 Worker/Examples/room_and_lassos.py --temporal 127.0.0.1:7233 --files-root DIR

The files root must hold in/design.png, in/regions.json, in/room.json, in/shopping-list.json
and in/photo.jpg (cluster-demo.sh copies them from SampleScans/); the outputs go to out/.
"""
import argparse
import asyncio
import json
import os
import sys
from datetime import timedelta

from temporalio import workflow
from temporalio.client import Client
from temporalio.common import RetryPolicy
from temporalio.worker import Worker

# Bad input fails at once (remo-geom marks it non-retryable); anything else is retried.
RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_attempts=5)
QUICK = dict(task_queue="remo-geom", start_to_close_timeout=timedelta(seconds=30), retry_policy=RETRY)
# Image jobs heartbeat; a short heartbeat timeout finds a dead worker quickly.
IMAGE = dict(QUICK, start_to_close_timeout=timedelta(minutes=5), heartbeat_timeout=timedelta(seconds=10))


@workflow.defn
class RoomAndLassos:
    @workflow.run
    async def run(self, inputs: dict) -> dict:
        document, scan, items = inputs["regions"], inputs["scan"], inputs["items"]
        validation, room, photo = await asyncio.gather(
            workflow.execute_activity("ValidateRegions", {"document": document}, **QUICK),
            workflow.execute_activity("SummarizeRoom", {"scan": scan}, **QUICK),
            workflow.execute_activity("CheckPhoto", {"image": "in/photo.jpg"}, **IMAGE),
        )
        annotated, fit, plan = await asyncio.gather(
            workflow.execute_activity(
                "RenderAnnotation",
                {"image": "in/design.png", "regions": document, "output": "out/annotated.png"}, **IMAGE),
            workflow.execute_activity("FitBadges", {"scan": scan, "items": items}, **QUICK),
            workflow.execute_activity("DrawPlan", {"scan": scan, "items": items, "output": "out/plan.png"}, **IMAGE),
        )
        return {"validation": validation, "annotated": annotated, "room": room, "fit": fit, "plan": plan,
                "photo": photo}


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--temporal", required=True)
    parser.add_argument("--files-root", required=True)
    args = parser.parse_args()

    def load(name):
        with open(os.path.join(args.files_root, "in", name)) as f:
            return json.load(f)

    client = await Client.connect(args.temporal)
    async with Worker(client, task_queue="remo-geom-demo-workflows", workflows=[RoomAndLassos]):
        result = await client.execute_workflow(
            RoomAndLassos.run,
            {"regions": load("regions.json"), "scan": load("room.json"), "items": load("shopping-list.json")},
            id="room-and-lassos", task_queue="remo-geom-demo-workflows")
    v = result["validation"]
    print(f"ValidateRegions: valid={v['valid']}, " + ", ".join(
        f"{r['id']} {r['areaFraction']:.1%} of the image" for r in v["regions"]))
    a = result["annotated"]
    print(f"RenderAnnotation: {a['output']} ({a['bytes']} bytes, sha256 {a['sha256'][:12]}...)")
    r = result["room"]["rooms"][0]
    print(f"SummarizeRoom: {r['floorArea']} m² floor, ceiling {r['ceilingHeight']} m, "
          f"walls {len(r['walls'])}, doors {len(r['doors'])}, objects {len(r['objects'])}")
    print("FitBadges: " + ", ".join(f"{i['id']} {i['badge']}" for i in result["fit"]["items"]))
    print(f"DrawPlan: {result['plan']['output']} ({result['plan']['bytes']} bytes)")
    p = result["photo"]
    print(f"CheckPhoto: {p['verdict']} (" + ", ".join(f"{c['code']} {c['verdict']}" for c in p["checks"]) + ")")
    print(f"files written under {os.path.abspath(args.files_root)}/out")


if __name__ == "__main__":
    asyncio.run(main())
    # The Temporal client's Rust threads can outlive the event loop, and the interpreter's
    # teardown then aborts now and then ("PyGILState_Release: thread state ... must be current",
    # temporalio/sdk-python issue 300) after the workflow has finished. Nothing is left to
    # clean up: leave without the teardown.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
