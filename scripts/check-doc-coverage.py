#!/usr/bin/env python3
"""Fails when a public symbol in the given symbol graphs has no documentation comment.

Usage: check-doc-coverage.py SYMBOL_GRAPH_DIR   (one folder per module, as scripts/docs.sh makes)

Symbols the compiler synthesises or inherits from a protocol (==, hash(into:),
description, init(from:), rawValue initialisers, enum cases' raw values) are checked only
when the project declares them, and then they must be documented like anything else,
except for the members that implement standard protocol requirements, whose meaning
the protocol already documents.
"""
import json
import pathlib
import sys

# Requirements of standard protocols: their documentation is the protocol's.
PROTOCOL_MEMBERS = {"==(_:_:)", "hash(into:)", "hashValue", "description", "<(_:_:)", "init(rawValue:)", "rawValue", "errorDescription"}


def main(root: pathlib.Path) -> int:
    missing = []
    total = 0
    for graph in sorted(root.glob("*/*.symbols.json")):
        data = json.loads(graph.read_text())
        for symbol in data["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            path = symbol["pathComponents"]
            if path[-1] in PROTOCOL_MEMBERS:
                continue
            # Members a type inherits from a library's protocol extensions (a collection's
            # filter, map, ...) carry no location in the project: their documentation is
            # the library's, and some of those have none.
            if "location" not in symbol:
                continue
            total += 1
            if not symbol.get("docComment", {}).get("lines"):
                missing.append(f"{graph.parent.name}: {'.'.join(path)} ({symbol['kind']['displayName']})")
    for line in missing:
        print("undocumented:", line)
    print(f"doc coverage: {total - len(missing)} of {total} public symbols documented")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
