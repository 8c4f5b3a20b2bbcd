# module_maps BIN: the module maps of the C modules the Swift modules import (ours, the build's
# in BIN, the packages'), one per line. scripts/docs.sh hands them to swift-symbolgraph-extract;
# scripts/test.sh lists them before the worker's build adds its own to the same folders.
module_maps() {
    { find "$1/" -maxdepth 2 -name module.modulemap; find Sources -name module.modulemap
      find .build/checkouts -path '*/Sources/*' -name module.modulemap; } | sort -u
}
