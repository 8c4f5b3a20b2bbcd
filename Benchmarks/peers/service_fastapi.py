#!/usr/bin/env python3
"""The peer of `remo-geom serve` for the load benchmark: what a Python team would run
instead, FastAPI + uvicorn + shapely doing the same validate and chips over HTTP, and
Pillow drawing the outlines for render.

    pip install fastapi uvicorn shapely pillow
    uvicorn --app-dir Benchmarks/peers service_fastapi:app --host 127.0.0.1 --port 8090 --workers 2

POST /v1/validate: the rules of validate_shapely.py plus one chip per region at its box's
top-right corner, checked against every region with shapely's distance (remo-geom also
searches further when that spot is taken). POST /v1/render: multipart image + regions,
outlines drawn with Pillow, PNG out.
"""
import io
import json

from fastapi import FastAPI, File, Request, Response, UploadFile
from shapely.geometry import Point, Polygon

from validate_shapely import check_document

app = FastAPI()
RADIUS, GAP = 12.0, 4.0


def chips(doc):
    scale = doc.get("scale", 1)
    polygons = [Polygon([(p[0], p[1]) if isinstance(p, list) else (p["x"], p["y"]) for p in r["points"]]) for r in doc["regions"]]
    result = []
    for region, polygon in zip(doc["regions"], polygons):
        _, min_y, max_x, _ = polygon.bounds
        centre = Point(max_x + RADIUS * scale, min_y - RADIUS * scale)
        clear = all(other.distance(centre) >= (RADIUS + GAP) * scale for other in polygons)
        result.append({"region": region["id"], "number": region["number"], "center": [centre.x, centre.y],
                       "radius": RADIUS * scale, "clear": clear})
    return result


@app.post("/v1/validate")
async def validate(request: Request):
    doc = json.loads(await request.body())
    return {**check_document(doc), "chips": chips(doc)}


@app.post("/v1/render")
async def render(image: UploadFile = File(...), regions: UploadFile = File(...)):
    from PIL import Image, ImageDraw
    picture = Image.open(io.BytesIO(await image.read())).convert("RGB")
    doc = json.loads(await regions.read())
    draw = ImageDraw.Draw(picture)
    for region in doc["regions"]:
        points = [tuple(p) if isinstance(p, list) else (p["x"], p["y"]) for p in region["points"]]
        draw.line(points + points[:1], fill=(255, 255, 255), width=3, joint="curve")
    out = io.BytesIO()
    picture.save(out, format="PNG", compress_level=1)
    return Response(out.getvalue(), media_type="image/png")
