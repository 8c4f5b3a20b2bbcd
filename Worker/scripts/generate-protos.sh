#!/usr/bin/env bash
# Regenerates Sources/TemporalAPI from Protos/ with Debian's protoc and swift-protobuf's
# protoc-gen-swift, built here from the worker's own dependencies. The output is committed,
# so CI never builds a generator. The service's calls are typed by hand in
# Sources/RemoWorker/GRPC/WorkflowService.swift (the worker has its own unary client).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v protoc >/dev/null || apt-get install -y protobuf-compiler
swift build --product protoc-gen-swift
bin=$(swift build --show-bin-path)
out=Sources/TemporalAPI
rm -f "$out"/*.pb.swift
protos=$(cd Protos && find temporal -name '*.proto' | sort)
# Several upstream files are named message.proto: name the output after the whole path.
(cd Protos && protoc -I . -I /usr/include \
    --plugin=protoc-gen-swift="$bin/protoc-gen-swift" \
    --swift_opt=FileNaming=PathToUnderscores --swift_opt=Visibility=Public \
    --swift_out="../$out" $protos)
ls "$out"
