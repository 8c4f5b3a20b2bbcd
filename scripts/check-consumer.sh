#!/usr/bin/env bash
# Proves that an app depending on the libraries alone resolves no other package: a consumer
# package (made in a temporary folder) depends on this checkout by path with `traits: []`
# and imports RemoGeometry, RemoLasso and RemoRoom; it must resolve with no package pinned
# and nothing checked out, and its build plan must hold no other package's module.
#
# It is not compiled: the three libraries have no trait-dependent code (the traits guard only
# RemoHTTP and RemoSettings), so the main build has compiled exactly what an app would, and a
# second compile here cost CI a minute for nothing new.
#
#   scripts/check-consumer.sh
set -euo pipefail
unset REMO_OPTIMIZED_DEBUG  # an app builds the package as it is
root="$(cd "$(dirname "$0")/.." && pwd)"
identity="$(basename "$root" | tr '[:upper:]' '[:lower:]')"
consumer="$(mktemp -d)"
trap 'rm -rf "$consumer"' EXIT
mkdir -p "$consumer/Sources/App"
cat >"$consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [.package(path: "$root", traits: [])],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "RemoGeometry", package: "$identity"),
                .product(name: "RemoLasso", package: "$identity"),
                .product(name: "RemoRoom", package: "$identity"),
            ]
        )
    ]
)
SWIFT
cat >"$consumer/Sources/App/main.swift" <<'SWIFT'
import RemoGeometry
import RemoLasso
import RemoRoom

let ring = try Ring([Point(0, 0), Point(4, 0), Point(4, 3), Point(0, 3)])
print("area \(ring.area), simple \(ring.isSimple), rules \(LassoRules().maximumRegions), \(RoomScanFormat.allCases.count) scan formats")
SWIFT
cd "$consumer"
swift package resolve
pinned=0
if [ -f Package.resolved ]; then pinned=$(python3 -c 'import json,sys; print(len(json.load(open("Package.resolved")).get("pins", [])))'); fi
checkouts=$(find .build/checkouts -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
echo "consumer: $pinned packages pinned, $checkouts checked out"
if [ "$pinned" != 0 ] || [ "$checkouts" != 0 ]; then
    echo "consumer: an app using RemoGeometry, RemoLasso and RemoRoom resolved other packages:" >&2
    cat Package.resolved >&2 || true
    exit 1
fi
# The modules an app's build would compile: only this package's (and no C library but ours).
modules=$(swift package describe --type json | python3 -c '
import json, sys
deps = json.load(sys.stdin)["dependencies"]
print(" ".join(d.get("identity", d.get("name", "?")) for d in deps))')
echo "consumer: depends on $modules"
[ "$modules" = "$identity" ] || { echo "consumer: expected to depend on $identity alone, not: $modules" >&2; exit 1; }
