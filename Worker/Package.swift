// swift-tools-version: 6.2
// `remo-geom-worker`: the jobs as Temporal activities, over gRPC. Kept apart from the main
// package so that `swift build`, `swift test` and `demo` never build gRPC and the two copies
// of BoringSSL its transport brings (DESIGN.md section 11).
//
//   swift build --package-path Worker                # debug, as CI builds it
//   Worker/scripts/generate-protos.sh                # regenerate Sources/TemporalAPI
import PackageDescription

let package = Package(
    name: "remo-geom-worker",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "remo-geom-worker", targets: ["remo-geom-worker"])
    ],
    dependencies: [
        .package(name: "remo-geom", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf", from: "2.4.1"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
        // SHA-256 of written files; already built for the transport's TLS, which the worker
        // does not use.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
    ],
    targets: [
        // Generated from Protos/ (a subset of Temporal's API) by scripts/generate-protos.sh.
        .target(
            name: "TemporalAPI",
            dependencies: [
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
            ]
        ),
        // The activities (JSON arguments to jobs and back), the files root, and the poll loop.
        .target(
            name: "RemoWorker",
            dependencies: [
                "TemporalAPI",
                .product(name: "RemoService", package: "remo-geom"),
                .product(name: "RemoJSON", package: "remo-geom"),
                .product(name: "RemoLasso", package: "remo-geom"),
                .product(name: "RemoRender", package: "remo-geom"),
                .product(name: "RemoRoom", package: "remo-geom"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "remo-geom-worker",
            dependencies: [
                "RemoWorker", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ]
)
