#!/usr/bin/env bash
# Builds the DocC documentation of RemoGeometry, RemoLasso, RemoRoom, RemoRender, RemoImage, RemoPhoto, RemoService and RemoHTTP with
# warnings as errors, and checks that every public symbol has a documentation comment.
#
#   scripts/docs.sh            (archives in .build/docs/<Module>.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
for module in RemoGeometry RemoLasso RemoRoom RemoRender RemoImage RemoPhoto RemoService RemoHTTP; do
    symbols=".build/docs/symbols/$module"
    rm -rf "$symbols" ".build/docs/$module.doccarchive"
    mkdir -p "$symbols"
    # The module's own graph and its extensions of other modules' types (Module@Other).
    cp "$graphs/$module.symbols.json" "$symbols/"
    find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$symbols/" \;
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$symbols" \
        --fallback-display-name "$module" --fallback-bundle-identifier "app.remo.$module" \
        --output-dir ".build/docs/$module.doccarchive" --warnings-as-errors
    echo "docs: $module built without warnings"
done
python3 scripts/check-doc-coverage.py .build/docs/symbols
