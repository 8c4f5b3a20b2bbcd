#!/usr/bin/env bash
# Builds the DocC documentation of RemoGeometry, RemoLasso, RemoRoom, RemoRender, RemoImage, RemoPhoto, RemoService and RemoHTTP with
# warnings as errors, and checks that every public symbol has a documentation comment.
#
#   scripts/docs.sh            (archives in .build/docs/<Module>.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The symbol graphs are read from the debug build the tests use (scripts/test.sh has made
# it; it is made here when this runs alone). `swift package dump-symbol-graph` would build
# every module again without testability, and the next `swift build --build-tests` again with
# it: a minute and a half of CI for the same public symbols. scripts/test.sh gives the build's
# folder as REMO_BIN_PATH: it builds the worker in the same .build meanwhile, and SwiftPM
# would wait for that build to end.
bin=${REMO_BIN_PATH:-}
if [ -z "$bin" ]; then
    swift build --build-tests -q
    bin=$(swift build --show-bin-path)
fi
modules="$bin/Modules"
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
# The C modules the Swift modules import, by their module maps (REMO_MODULE_MAPS: a file that
# lists them, from scripts/test.sh).
source scripts/lib/module-maps.sh
maps=()
while IFS= read -r map; do maps+=(-Xcc "-fmodule-map-file=$map"); done < <(
    if [ -n "${REMO_MODULE_MAPS:-}" ]; then cat "$REMO_MODULE_MAPS"; else module_maps "$bin"; fi)
for module in RemoGeometry RemoLasso RemoRoom RemoRender RemoImage RemoPhoto RemoService RemoHTTP; do
    symbols=".build/docs/symbols/$module"
    rm -rf "$symbols" ".build/docs/$module.doccarchive"
    mkdir -p "$symbols"
    # The module's own graph and its extensions of other modules' types (Module@Other).
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$modules" "${maps[@]}" \
        -minimum-access-level public -output-dir "$symbols"
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$symbols" \
        --fallback-display-name "$module" --fallback-bundle-identifier "app.remo.$module" \
        --output-dir ".build/docs/$module.doccarchive" --warnings-as-errors
    echo "docs: $module built without warnings"
done
python3 scripts/check-doc-coverage.py .build/docs/symbols
