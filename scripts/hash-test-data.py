#!/usr/bin/env python3
"""Rewrites the SHA-256 of every file each corpus of Tests/test-data.json uses, from the
copies in REMO_TEST_DATA (default: ../shared/data beside the checkout).

Run it after adding a file to a corpus or a corpus to the list; the tests then check the
data against these hashes (Tests/RemoTestSupport/TestData.swift). Which files a corpus uses
is its "files" pattern: a glob inside its folder, less "exclude".
"""
import fnmatch
import hashlib
import json
import os
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[1]
manifest_path = root / "Tests" / "test-data.json"
data = pathlib.Path(os.environ.get("REMO_TEST_DATA") or root.parent / "shared" / "data")
manifest = json.loads(manifest_path.read_text())
for name, corpus in manifest["corpora"].items():
    folder = data / corpus["folder"]
    if not folder.is_dir():
        sys.exit(f"hash-test-data.py: {folder} is missing: the corpus {name} cannot be hashed")
    names = sorted(
        p.name for p in folder.iterdir()
        if p.is_file() and fnmatch.fnmatch(p.name, corpus["pattern"])
        and not any(fnmatch.fnmatch(p.name, e) for e in corpus.get("exclude", [])))
    corpus["sha256"] = {n: hashlib.sha256((folder / n).read_bytes()).hexdigest() for n in names}
    print(f"{name}: {len(names)} files")
manifest_path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
