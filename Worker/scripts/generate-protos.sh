#!/usr/bin/env bash
# Regenerates Sources/TemporalAPI from Protos/ with Debian's protoc and the two Swift
# plugins (swift-protobuf's protoc-gen-swift and grpc-swift-protobuf's
# protoc-gen-grpc-swift-2), built here from the worker's own dependencies. The output is
# committed, so CI never builds a generator.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v protoc >/dev/null || apt-get install -y protobuf-compiler
swift build --product protoc-gen-swift
swift build --product protoc-gen-grpc-swift-2
bin=$(swift build --show-bin-path)
out=Sources/TemporalAPI
rm -f "$out"/*.pb.swift "$out"/*.grpc.swift
protos=$(cd Protos && find temporal -name '*.proto' | sort)
# Several upstream files are named message.proto: name the output after the whole path.
(cd Protos && protoc -I . -I /usr/include \
    --plugin=protoc-gen-swift="$bin/protoc-gen-swift" \
    --swift_opt=FileNaming=PathToUnderscores --swift_opt=Visibility=Public \
    --swift_out="../$out" $protos)
(cd Protos && protoc -I . -I /usr/include \
    --plugin=protoc-gen-grpc-swift-2="$bin/protoc-gen-grpc-swift-2" \
    --grpc-swift-2_opt=FileNaming=PathToUnderscores --grpc-swift-2_opt=Visibility=Public \
    --grpc-swift-2_opt=Server=false \
    --grpc-swift-2_out="../$out" temporal/api/workflowservice/v1/service.proto)
ls "$out"
