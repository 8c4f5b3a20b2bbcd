#!/usr/bin/env python3
"""Checks recorded responses of `remo-geom serve` against openapi.json: the route, method
and status must be documented, the media type one the document gives, and a JSON body
must conform to its schema (Python's jsonschema, draft 2020-12).

    scripts/check-openapi-response.py RECORDS.jsonl

Each line of RECORDS: {"method", "path", "status", "contentType", "body"} with the body
as text (JSON responses) or "" (pictures, whose first bytes the tests check). Exit 0
when every response conforms, 1 with a line per problem.
"""
import json
import os
import sys

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASE = "urn:remo-geom:openapi"


def main(path):
    with open(os.path.join(ROOT, "openapi.json")) as f:
        document = json.load(f)
    registry = Registry().with_resource(BASE, Resource(contents=document, specification=DRAFT202012))
    problems = 0
    with open(path) as f:
        records = [json.loads(line) for line in f if line.strip()]
    for record in records:
        where = f"{record['method']} {record['path']} {record['status']}"
        route = document["paths"].get(record["path"])
        operation = route and route.get(record["method"].lower())
        if not operation:
            # An undocumented path answers 404, a documented one with another method 405,
            # each with the error object.
            expected = 405 if route else 404
            errors = jsonschema.Draft202012Validator({"$ref": f"{BASE}#/components/schemas/Error"}, registry=registry)
            if record["status"] != expected or not errors.is_valid(json.loads(record["body"] or "null")):
                print(f"{where}: expected {expected} with an error object")
                problems += 1
            continue
        response = operation["responses"].get(str(record["status"]))
        if not response:
            print(f"{where}: not in openapi.json")
            problems += 1
            continue
        media = record["contentType"].split(";")[0].strip()
        content = response.get("content", {})
        if media not in content:
            print(f"{where}: media type {media!r} not documented (documented: {', '.join(content)})")
            problems += 1
            continue
        if media != "application/json":
            continue
        pointer = "/paths/" + record["path"].split("?")[0].replace("~", "~0").replace("/", "~1")
        pointer += f"/{record['method'].lower()}/responses/{record['status']}/content/application~1json/schema"
        validator = jsonschema.Draft202012Validator({"$ref": f"{BASE}#{pointer}"}, registry=registry)
        for error in validator.iter_errors(json.loads(record["body"])):
            print(f"{where}: {'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
            problems += 1
    print(f"{len(records)} responses checked against openapi.json, {problems} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main(sys.argv[1])
