#!/usr/bin/env python3
"""Calls every route of a running `remo-geom serve` through a Python client that
openapi-python-client generated from openapi.json (scripts/generated-client.sh makes it and
starts the service). Each call must come back with its documented status and parse into
the generated model of its answer (not None); a refusal must parse into the error model.

    call-every-route.py CLIENT_PARENT URL
"""
import importlib
import json
import os
import sys
from io import BytesIO

sys.path.insert(0, sys.argv[1])
URL = sys.argv[2]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

client_module = importlib.import_module("remo_geom_client")
# openapi-python-client 0.29 writes `body: File | Unset = UNSET` for a required body of
# several media types (/v1/photo takes JPEG, PNG, HEIC and HEIF) without importing Unset
# (openapi-generators/openapi-python-client#1451, open). The spec is right as it stands;
# the name is lent to the generated module here rather than changing its code.
import builtins  # noqa: E402
from remo_geom_client.types import Unset  # noqa: E402

builtins.Unset = Unset
from remo_geom_client.api.jobs import (  # noqa: E402
    bundle, chips, composite, dimensions, drift, fit, mask, photo, plan, prepare, render, repair, room, simplify, validate)
from remo_geom_client.api.operations import healthz, metrics, openapi, readyz  # noqa: E402
from remo_geom_client import models  # noqa: E402
from remo_geom_client.types import File  # noqa: E402

client = client_module.Client(base_url=URL, raise_on_unexpected_status=True, timeout=60)
failures = []


def sample(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


def document(path):
    return models.RemoGeomRegionDocument.from_dict(json.loads(sample(path)))


def check(name, response, status, model):
    parsed = response.parsed
    if response.status_code != status or parsed is None or (model is not None and not isinstance(parsed, model)):
        failures.append(f"{name}: status {response.status_code}, parsed as {type(parsed).__name__}, wanted {status} {model.__name__ if model else ''}")
    else:
        print(f"{name}: {status} {type(parsed).__name__}")


valid = document("SampleScans/regions/valid.json")
design = sample("SampleScans/design.png")
scan = json.loads(sample("SampleScans/rooms/living-room.json"))
items = json.loads(sample("SampleScans/rooms/shopping-list.json"))

check("validate", validate.sync_detailed(client=client, body=valid, max_regions=3), 200, models.RemoGeomValidateResult)
check("chips", chips.sync_detailed(client=client, body=valid), 200, models.RemoGeomChipsResult)
check("render", render.sync_detailed(
    client=client, body=models.RenderBody(image=File(payload=BytesIO(design), file_name="design.png", mime_type="image/png"), regions=valid),
    stroke_width=4), 200, File)
check("render (JPEG as the image part)", render.sync_detailed(
    client=client, body=models.RenderBody(image=File(payload=BytesIO(sample("SampleScans/photos/sharp.jpg")), file_name="x.jpg", mime_type="image/jpeg"), regions=valid)),
    422, models.RemoGeomErrorObject)
check("room", room.sync_detailed(client=client, body=models.RoomScanCapturedRoom.from_dict(scan)),
      200, models.RemoGeomRoomResult)
check("fit", fit.sync_detailed(client=client, body=models.FitRequest.from_dict({"scan": scan, "items": items})), 200, models.RemoGeomFitResult)
check("plan", plan.sync_detailed(client=client, body=models.PlanRequest.from_dict({"scan": scan, "items": items})), 200, File)
check("photo", photo.sync_detailed(client=client, body=File(payload=BytesIO(sample("SampleScans/photos/sharp.jpg")), mime_type="image/jpeg")),
      200, models.PhotoResult)
check("photo (HEIC)", photo.sync_detailed(client=client, body=File(payload=BytesIO(sample("SampleScans/photos/sharp.heic")), mime_type="image/heic")),
      200, models.PhotoResult)
check("prepare", prepare.sync_detailed(client=client, body=File(payload=BytesIO(sample("SampleScans/photos/sharp.heic")), mime_type="image/heic"),
                                       max_side=256), 200, File)
check("composite", composite.sync_detailed(
    client=client, body=models.CompositeBody(before=File(payload=BytesIO(design), file_name="before.png", mime_type="image/png"),
                                             after=File(payload=BytesIO(design), file_name="after.png", mime_type="image/png"), regions=valid),
    grow=4), 200, File)
check("drift", drift.sync_detailed(
    client=client, body=models.DriftBody(before=File(payload=BytesIO(design), file_name="before.png", mime_type="image/png"),
                                         after=File(payload=BytesIO(design), file_name="after.png", mime_type="image/png"), regions=valid),
    grow=4), 200, models.DriftResult)
check("bundle", bundle.sync_detailed(
    client=client, body=models.BundleBody(image=File(payload=BytesIO(design), file_name="design.png", mime_type="image/png"), regions=valid),
    max_side=512), 200, models.BundleResult)
check("repair", repair.sync_detailed(client=client, body=document("SampleScans/regions/self-intersecting.json")), 200, models.RepairResult)
check("simplify", simplify.sync_detailed(client=client, body=valid, max_points=50), 200, models.SimplifyResult)
check("mask", mask.sync_detailed(client=client, body=valid, style=models.MaskStyle.WHITE_ON_BLACK, feather=2), 200, File)
check("dimensions", dimensions.sync_detailed(client=client, body=models.RemoGeomDimensionsRequest(texts=["W 88 x D 38 x H 33 in", "Seat height: 18 in"])),
      200, models.RemoGeomDimensionsResult)
check("validate (a bad parameter)", validate.sync_detailed(client=client, body=valid, max_regions=-1), 400, models.RemoGeomErrorObject)
check("healthz", healthz.sync_detailed(client=client), 200, None)
check("readyz", readyz.sync_detailed(client=client), 200, None)
check("metrics", metrics.sync_detailed(client=client), 200, None)
check("openapi", openapi.sync_detailed(client=client), 200, None)

if failures:
    print("\n".join(["generated client: failures:"] + failures), file=sys.stderr)
    sys.exit(1)
print("generated client: every route answered and parsed")
