#!/usr/bin/env python3
"""Builds the OpenAPI 3.1 document of `remo-geom serve` (docs/service.md):
openapi.json at the top of the repository, from the routes below and the JSON Schemas in
schemas/ (copied into components, their references rewritten), and the Swift file that
embeds it for `GET /openapi.json`.

    scripts/make-openapi.py            write openapi.json and Sources/RemoHTTP/Generated/OpenAPIDocument.swift
    scripts/make-openapi.py --check    exit 1 if either is not what this script writes
"""
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.path.join(ROOT, "Sources/RemoHTTP/Generated/OpenAPIDocument.swift")
DOCUMENT = os.path.join(ROOT, "openapi.json")


def component_name(file_name):
    return "".join(part.capitalize() for part in file_name.replace(".schema.json", "").split("-"))


def definition_name(owner, definition):
    """A schema's $defs entry as a component of its own: RoomScan's capturedRoom is RoomScanCapturedRoom."""
    return owner + definition[0].upper() + definition[1:]


def rewrite(value, own):
    """References between schema files and into their $defs become references to named
    components: client generators (openapi-python-client, datamodel-code-generator) follow
    no reference into another component's $defs."""
    if isinstance(value, dict):
        result = {}
        for key, item in value.items():
            if key in ("$schema", "$id", "$defs"):
                continue
            if key == "$ref" and isinstance(item, str):
                target, _, pointer = item.partition("#")
                name = component_name(target) if target else own
                if pointer.startswith("/$defs/"):
                    name = definition_name(name, pointer[len("/$defs/"):])
                elif pointer:
                    sys.exit(f"make-openapi: a reference the components cannot name: {item}")
                item = f"#/components/schemas/{name}"
            result[key] = rewrite(item, own)
        return result
    if isinstance(value, list):
        return [rewrite(item, own) for item in value]
    return value


def schemas():
    result = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "schemas", "*.schema.json"))):
        name = component_name(os.path.basename(path))
        with open(path) as f:
            schema = json.load(f)
        result[name] = rewrite(schema, name)
        for definition, value in schema.get("$defs", {}).items():
            result[definition_name(name, definition)] = rewrite(value, name)
    result["Status"] = {"type": "object", "required": ["status"], "properties": {"status": {"enum": ["ok", "draining"]}}}
    return result


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def json_body(name, description):
    return {"required": True, "description": description, "content": {"application/json": {"schema": ref(name)}}}


def errors(*codes):
    text = {
        "400": "The body cannot be parsed or has the wrong shape (the message names where), a query parameter is invalid, or the body breaks its HTTP framing (bad-framing).",
        "404": "No such route.", "405": "The route takes another method (see Allow).",
        "408": "The request's head did not arrive within --header-timeout, or its body came slower than --min-body-rate; the connection is closed.",
        "413": "The body is over --max-body-bytes: refused from Content-Length before reading, or as soon as a streamed body passes it.",
        "415": "A media type the route does not take, or a body with a Content-Encoding.",
        "422": "An image over --max-pixels (checked from its header), of another size than the document, a room number the scan does not have, a region id the document does not have, or a job that declares more memory than --memory-budget (over-memory-budget).",
        "503": "Every job slot is busy and the queue is full, or the bodies being received fill the memory budget: retry after Retry-After seconds.",
    }
    result = {}
    for code in codes:
        response = {"description": text[code], "content": {"application/json": {"schema": ref("Error")}}}
        if code == "503":
            response["headers"] = {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds"}}
        if code == "405":
            response["headers"] = {"Allow": {"schema": {"type": "string"}}}
        result[code] = response
    return result


def job(operation_id, summary, description, body, ok, query=()):
    operation = {
        "operationId": operation_id, "tags": ["jobs"],
        "summary": summary, "description": description, "requestBody": body,
        "parameters": [
            {"name": name, "in": "query", "required": False, "description": text, "schema": schema} for name, text, schema in query
        ],
        "responses": {"200": ok, **errors("400", "405", "408", "413", "415", "422", "503")},
    }
    if not operation["parameters"]:
        del operation["parameters"]
    return {"post": operation}


def json_ok(name, description):
    return {"description": description, "content": {"application/json": {"schema": ref(name)}}}


PNG = {"description": "The picture.", "content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}}
# The image media types the service takes; it tells the format from the bytes.
IMAGE_TYPES = ("image/jpeg", "image/png", "image/heic", "image/heif")
FIT_BODY = {
    "type": "object",
    "required": ["items"],
    "properties": {
        "scan": {**ref("RoomScan"), "description": "A room scan in any format of docs/formats.md; without it every badge is unknown."},
        "items": ref("ShoppingList"),
        "remove": {"type": "array", "items": {"type": "string"}, "description": "Furniture treated as removed (identifier or category, any case)."},
        "roomNumber": {"type": "integer", "minimum": 1, "maximum": 999999999, "description": "Which room of a CapturedStructure (default 1)."},
    },
}


# The multipart body of composite and drift: the image sent, the generator's answer, the regions.
REVISION_BODY = {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["before", "after", "regions"],
    "properties": {"before": {"type": "string", "format": "binary", "description": "The image sent to the generator: PNG, JPEG or HEIC."},
                   "after": {"type": "string", "format": "binary", "description": "The generator's image: PNG, JPEG or HEIC."},
                   "regions": {"$ref": "#/components/schemas/RegionDocument"}}},
    "encoding": {"before": {"contentType": ", ".join(IMAGE_TYPES)}, "after": {"contentType": ", ".join(IMAGE_TYPES)},
                 "regions": {"contentType": "application/json"}}}}}


PLAN_BODY = {
    "type": "object",
    "required": ["scan"],
    "properties": {**FIT_BODY["properties"], "scan": ref("RoomScan")},
}


def document():
    fit_body = {"required": True, "content": {"application/json": {"schema": ref("FitRequest")}}}
    plan_body = {"required": True, "content": {"application/json": {"schema": ref("PlanRequest")}}}
    paths = {
        "/v1/validate": job("validate", "Validate a region document", "The validate result of docs/formats.md without 'file'; an invalid document is still 200 with valid false.",
            json_body("RegionDocument", "A region document."), json_ok("ValidateResult", "The result."),
            query=[("maxRegions", "The most regions a document may have (default 3).", {"type": "integer", "minimum": 0}),
                   ("minAreaFraction", "The smallest region area, as a fraction of the image area (default 0.02).", {"type": "number", "minimum": 0, "maximum": 1}),
                   ("maxPoints", "The most points a region may have (default 100000).", {"type": "integer", "minimum": 3})]),
        "/v1/chips": job("chips", "Place the numbered chips", "As 'remo-geom chips' prints them.", json_body("RegionDocument", "A region document."),
                         json_ok("ChipsResult", "The chips and the chip-unplaceable warnings.")),
        "/v1/render": job("render", "Draw the outlines and chips onto the image", "The same bytes as 'remo-geom render'; Remo-Valid says whether the document is valid (invalid regions are still drawn).",
            {"required": True, "content": {"multipart/form-data": {"schema": {
                "type": "object", "required": ["image", "regions"],
                "properties": {"image": {"type": "string", "format": "binary", "description": "The design image: PNG, JPEG or HEIC."},
                               "regions": ref("RegionDocument")}},
                "encoding": {"image": {"contentType": ", ".join(IMAGE_TYPES)}, "regions": {"contentType": "application/json"}}}}},
            {**PNG, "headers": {"Remo-Valid": {"schema": {"enum": ["true", "false"]}}}},
            query=[("strokeWidth", "Outline width in points (default 3).", {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100}),
                   ("scale", "Pixels per point: auto (from the image's size) or a number up to 20; by default the document's own scale, as chips and validate use.",
                    {"anyOf": [{"enum": ["auto"]}, {"type": "number", "exclusiveMinimum": 0, "maximum": 20}]}),
                   ("chips", "Draw the numbered chips (default true).", {"enum": ["true", "false"]}),
                   ("compression", "PNG compression: fast, default or small (default fast).", {"enum": ["fast", "default", "small"]})]),
        "/v1/composite": job("composite", "Put the generator's image back over the original", "The revision as the app shows it: the after part's pixels where the regions' mask (the mask job's exact coverage, grown and feathered) is full, the before part's where it is empty, blended between; an after of another size is scaled to before's first. The same bytes as 'remo-geom composite'; the result object (without 'output') is in the Remo-Result header as compact JSON.",
            REVISION_BODY,
            {**PNG, "headers": {"Remo-Result": {"description": "The result as compact JSON (the CompositeResult schema).", "schema": {"type": "string"}}}},
            query=[("grow", "Grow the regions outward by this many points before blending, 0 to 200 (default 8).", {"type": "number", "minimum": 0, "maximum": 200}),
                   ("feather", "Ramp from the edit to the original over this many points about the grown outline, 0 to 200 (default 4).", {"type": "number", "minimum": 0, "maximum": 200}),
                   ("compression", "PNG compression: fast, default or small (default fast).", {"enum": ["fast", "default", "small"]})]),
        "/v1/drift": job("drift", "Check whether the generator changed the picture outside the regions", "Both images averaged to a working size and compared in CIE Lab outside the regions grown by grow, the overall shift taken out before local changes: kept or drifted, with the changed areas. The same object as 'remo-geom drift --format json' (a drifted pair is still 200).",
            REVISION_BODY,
            json_ok("DriftResult", "The verdict and what changed."),
            query=[("grow", "Leave the regions grown by this many points out of the measure, 0 to 200 (default 8).", {"type": "number", "minimum": 0, "maximum": 200})]),
        "/v1/bundle": job("bundle", "Prepare one round for the generator", "Everything one round sends to the image generator, consistent by construction: the document's clear repairs made and the document validated, then image.png (the image prepared), annotated.png, mask.png (every region but the keep ones) and instructions.json at the prepared size, each with its bytes in base64. An invalid document is still 200, with valid false, its findings and no files.",
            {"required": True, "content": {"multipart/form-data": {"schema": {
                "type": "object", "required": ["image", "regions"],
                "properties": {"image": {"type": "string", "format": "binary", "description": "The design image: PNG, JPEG or HEIC."},
                               "regions": ref("RegionDocument")}},
                "encoding": {"image": {"contentType": ", ".join(IMAGE_TYPES)}, "regions": {"contentType": "application/json"}}}}},
            json_ok("BundleResult", "The round's files, or the findings that refused it."),
            query=[("maxSide", "The longest side of the round's pictures, in pixels; never scaled up (default 1536).", {"type": "integer", "minimum": 1, "maximum": 1000000})]),
        "/v1/room": job("room", "Summarise a room scan", "The room object of docs/formats.md without 'file'.",
                        {"required": True, "content": {"application/json": {"schema": ref("RoomScan")}}},
                        json_ok("RoomResult", "The rooms."),
                        query=[("format", "Force the scan format: captured-room, captured-structure or room-dimensions (default: told from the scan).", {"enum": ["captured-room", "captured-structure", "room-dimensions"]})]),
        "/v1/fit": job("fit", "Fit badges for a shopping list", "The fit object ('room' is null).", fit_body, json_ok("FitResult", "The badges.")),
        "/v1/plan": job("plan", "Draw the floor plan", "The plan of the room, with each fitting item at its witness placement when 'items' is given.",
                        plan_body, PNG),
        "/v1/photo": job("photo", "Check a room photo", "The photo report of docs/commands.md (resolution, blur, exposure), as 'remo-geom photo' gives it without 'file'. The format is told from the bytes.",
                         {"required": True, "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in IMAGE_TYPES}},
                         json_ok("PhotoResult", "The report.")),
        "/v1/prepare": job("prepare", "Prepare an image for the generator", "The image upright, converted to sRGB, shrunk (never enlarged) by an area average so that its long side is at most maxSide, as PNG or JPEG: the same bytes as 'remo-geom prepare'. The result object (without 'output') is in the Remo-Result header as compact JSON.",
                           {"required": True, "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in IMAGE_TYPES}},
                           {"description": "The prepared image.", "headers": {"Remo-Result": {"description": "The result as compact JSON (the PrepareResult schema).", "schema": {"type": "string"}}},
                            "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in ("image/png", "image/jpeg")}},
                           query=[("maxSide", "The longest side written, in pixels; never scaled up (default 1536; 256 for a thumbnail).", {"type": "integer", "minimum": 1, "maximum": 1000000}),
                                  ("quality", "JPEG quality, 1 to 100 (default 85).", {"type": "integer", "minimum": 1, "maximum": 100}),
                                  ("format", "png or jpeg; by default png for a PNG and jpeg for the others.", {"enum": ["png", "jpeg"]})]),
        "/v1/repair": job("repair", "Repair self-crossing lassos", "The region document with each region that crosses or touches itself replaced by the outer boundary of the largest polygon GEOS MakeValid would make of it, and a repairs list (docs/commands.md).",
                          json_body("RegionDocument", "A region document."), json_ok("RepairResult", "The repaired document.")),
        "/v1/simplify": job("simplify", "Simplify lassos", "The region document with at most maxPoints points per region (fewer with a tolerance), simple regions kept simple, regions that did not overlap kept apart and each area changed by at most 1 %, and a simplifications list (docs/commands.md).",
                            json_body("RegionDocument", "A region document."), json_ok("SimplifyResult", "The simplified document."),
                            query=[("maxPoints", "The most points a region keeps, at least 3 (default 500).", {"type": "integer", "minimum": 3}),
                                   ("tolerance", "Also drop points while every original point stays within this many pixels (default: none).", {"type": "number", "minimum": 0})]),
        "/v1/mask": job("mask", "Draw the inpainting mask", "The image-sized mask of the regions (docs/commands.md): each pixel the exact share of it the regions cover, rounded; alpha is an RGBA PNG transparent where the generator may paint, white-on-black an 8-bit grey PNG white there. The same bytes as 'remo-geom mask'.",
                        json_body("RegionDocument", "A region document."), PNG,
                        query=[("region", "Only this region (its id); every region by default.", {"type": "string"}),
                               ("style", "alpha (transparent where the generator may paint) or white-on-black (default alpha).", {"enum": ["alpha", "white-on-black"]}),
                               ("feather", "Soften the edge over this many points, 0 to 200 (default 0).", {"type": "number", "minimum": 0, "maximum": 200}),
                               ("grow", "Grow the regions outward by this many points, with round corners, 0 to 200 (default 0).", {"type": "number", "minimum": 0, "maximum": 200}),
                               ("compression", "PNG compression: fast, default or small (default fast).", {"enum": ["fast", "default", "small"]})]),
        "/v1/dimensions": job("dimensions", "Read products' sizes from retailers' texts", "One reading per text, as 'remo-geom dimensions' reads it (docs/formats.md): width, depth, height and diameter in metres, how they were told apart, how sure they are, and the sizes in the text that are not the product's.",
                              json_body("DimensionsRequest", "The texts: {\"texts\": [...]}."), json_ok("DimensionsResult", "The readings, in order.")),
        "/healthz": {"get": {"operationId": "healthz", "tags": ["operations"], "summary": "Liveness", "responses": {"200": json_ok("Status", "Alive."), **errors("405")}}},
        "/readyz": {"get": {"operationId": "readyz", "tags": ["operations"], "summary": "Readiness", "responses": {
            "200": json_ok("Status", "Ready."), "503": json_ok("Status", "Draining after SIGTERM or SIGINT."), **errors("405")}}},
        "/metrics": {"get": {"operationId": "metrics", "tags": ["operations"], "summary": "Prometheus metrics", "description": "Requests by route and status, durations, in flight, bytes in and out.",
                             "responses": {"200": {"description": "Prometheus text.", "content": {"text/plain": {"schema": {"type": "string"}}}}, **errors("405")}}},
        "/openapi.json": {"get": {"operationId": "openapi", "tags": ["operations"], "summary": "This document", "responses": {"200": {"description": "The OpenAPI document.", "content": {"application/json": {"schema": {"type": "object"}}}}, **errors("405")}}},
    }
    components = schemas()
    components["FitRequest"] = FIT_BODY
    components["PlanRequest"] = PLAN_BODY
    return {
        "openapi": "3.1.0",
        "info": {"title": "remo-geom", "version": "0.1.0",
                 "description": "The geometry and pictures of Remo's lasso annotations and room scans, over HTTP: one route per job, the same bytes as the remo-geom command line. Errors are {\"error\": {\"code\", \"message\"}}; bad input never gives 5xx."},
        "servers": [{"url": "http://127.0.0.1:8080"}],
        "tags": [{"name": "jobs", "description": "One route per job: the same bytes as the remo-geom command line."},
                 {"name": "operations", "description": "Health, readiness, metrics and this document."}],
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "paths": paths,
        "components": {"schemas": components},
    }


def swift_source(text):
    return (
        "// swift-format-ignore-file\n// Generated by scripts/make-openapi.py from its routes and schemas/: do not edit.\n\n"
        "/// The OpenAPI 3.1 document served at `GET /openapi.json`: the bytes of `openapi.json`.\n"
        "enum OpenAPIDocument {\n"
        f"    static let json = ####\"\"\"\n{text}\n\n\"\"\"####\n"
        "}\n"
    )


def main():
    text = json.dumps(document(), indent=2, ensure_ascii=False)
    swift = swift_source(text)
    if "--check" in sys.argv:
        current = [open(p).read() if os.path.exists(p) else "" for p in (DOCUMENT, SWIFT)]
        if current != [text + "\n", swift]:
            sys.exit("make-openapi: openapi.json or OpenAPIDocument.swift is not current: run scripts/make-openapi.py")
        print("make-openapi: openapi.json and OpenAPIDocument.swift are current")
        return
    with open(DOCUMENT, "w") as f:
        f.write(text + "\n")
    with open(SWIFT, "w") as f:
        f.write(swift)


if __name__ == "__main__":
    main()
