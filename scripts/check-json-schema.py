#!/usr/bin/env python3
"""Checks JSON files against one of the project's schemas with a real JSON Schema
validator (Python's jsonschema, draft 2020-12), every schema in schemas/ registered by
its $id so that references between them resolve.

    scripts/check-json-schema.py SCHEMA FILE... [--each]

--each: a file holding an array (or JSON lines) is checked element by element. Exit 0
when every value conforms; 1 with one line per problem otherwise; 2 on bad usage.
"""
import glob
import json
import os
import sys

try:
    import jsonschema
    from referencing import Registry, Resource
except ImportError:
    sys.exit("check-json-schema: needs the jsonschema package: pip install jsonschema")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def registry():
    resources = []
    for path in glob.glob(os.path.join(ROOT, "schemas", "*.schema.json")):
        with open(path) as f:
            schema = json.load(f)
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def values(path, each):
    with open(path) as f:
        text = f.read()
    if each and not text.lstrip().startswith("["):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    value = json.loads(text)
    return value if each and isinstance(value, list) else [value]


def main(arguments):
    each = "--each" in arguments
    arguments = [a for a in arguments if a != "--each"]
    if len(arguments) < 2:
        sys.exit(__doc__)
    with open(arguments[0]) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, registry=registry())
    problems = 0
    for path in arguments[1:]:
        for k, value in enumerate(values(path, each)):
            for error in validator.iter_errors(value):
                where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
                print(f"{path}{f' #{k}' if each else ''}: ${where}: {error.message[:200]}")
                problems += 1
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
