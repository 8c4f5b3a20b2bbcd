#!/usr/bin/env bash
# Checks deploy/ against the binaries CI built (docs/deploy.md):
# - deploy/runtime-packages.txt is exactly the Debian packages that own the libraries both
#   binaries link (ldd) or open (the dlopen names in Sources/), the Swift runtime aside
#   (the Dockerfile links it statically);
# - neither binary links GEOS;
# - the Dockerfile installs that list;
# - the systemd units pass `systemd-analyze verify` with the built binaries in their place.
#
#   scripts/check-deploy.sh BINARY...      (CI: remo-geom and remo-geom-worker of the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: scripts/check-deploy.sh BINARY..." >&2; exit 2; }
swift_runtime=$(dirname "$(realpath "$(command -v swift)")")/../lib/swift
listed=$(sed 's/#.*//' deploy/runtime-packages.txt | tr -s ' \n' '\n' | grep . | sort -u)
owner() {
    # The package owning a library file, by its path as found or as resolved (Debian 12
    # records some under /usr/lib, some under /lib).
    dpkg -S "$1" 2>/dev/null || dpkg -S "$(realpath "$1")" 2>/dev/null || dpkg -S "/usr$1" 2>/dev/null || true
}
needed=""
for binary in "$@"; do
    [ -x "$binary" ] || { echo "check-deploy: no binary $binary" >&2; exit 1; }
    if ldd "$binary" | grep libgeos >/dev/null; then  # not -q: grep would stop early, and ldd's SIGPIPE read as "no GEOS"
        echo "check-deploy: $binary links GEOS; only bench, tests and benchmarks may" >&2
        exit 1
    fi
    while read -r path; do
        case "$(realpath "$path")" in "$(realpath "$swift_runtime")"/*) continue ;; esac
        # sed, not head: head leaves while dpkg still writes, and under pipefail dpkg's
        # SIGPIPE failed the stage at random.
        package=$(owner "$path" | sed -n 1p | cut -d: -f1)
        [ -n "$package" ] || { echo "check-deploy: no Debian package owns $path (linked by $binary)" >&2; exit 1; }
        needed="$needed $package"
    done < <(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }')
done
for name in $(grep -rhoE 'dlopen\("[^"]+"' Sources | sed 's/dlopen("//; s/"$//' | sort -u); do
    # awk reads to the end: leaving early would fail the stage at random, as above.
    path=$(ldconfig -p | awk -v n="$name" '$1 == n && path == "" { path = $NF } END { print path }')
    [ -n "$path" ] || { echo "check-deploy: $name (opened with dlopen) is not installed here" >&2; exit 1; }
    needed="$needed $(owner "$path" | sed -n 1p | cut -d: -f1)"
done
needed=$(echo "$needed" | tr ' ' '\n' | grep . | sort -u)
if [ "$needed" != "$listed" ]; then
    echo "check-deploy: deploy/runtime-packages.txt is not what the binaries need:" >&2
    diff <(echo "$listed") <(echo "$needed") | sed 's/^</  listed, not needed:/; s/^>/  needed, not listed:/' | grep listed >&2
    exit 1
fi
grep -q 'runtime-packages.txt' deploy/Dockerfile || { echo "check-deploy: the Dockerfile does not install deploy/runtime-packages.txt" >&2; exit 1; }
if ! command -v systemd-analyze >/dev/null 2>&1; then
    echo "check-deploy: runtime packages match; the systemd units were not verified: systemd-analyze is not installed (apt-get install systemd)"
    exit 0
fi
units=$(mktemp -d)
trap 'rm -rf "$units"' EXIT
for unit in deploy/systemd/*.service; do
    cp "$unit" "$units/"
    for binary in "$@"; do
        sed -E -i "s#/usr/local/bin/$(basename "$binary")( |\$)#$(realpath "$binary")\1#" "$units/$(basename "$unit")"
    done
done
systemd-analyze verify "$units"/*.service
echo "check-deploy: runtime packages ($(echo "$listed" | wc -l)) match what both binaries load; no GEOS; units verify"
