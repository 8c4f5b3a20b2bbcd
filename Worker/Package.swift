// swift-tools-version: 6.2
// `remo-geom-worker`: the jobs as Temporal activities, over gRPC (its own unary client on
// swift-nio-http2). Kept apart from the main package so that `swift build`, `swift test` and
// `demo` never build HTTP/2 or protobuf (docs/worker.md).
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
        // The libraries and RemoSettings (swift-configuration), with the Server trait as the
        // main package's own build has it: the service's packages are resolved but not built
        // (nothing here imports them), and the libraries are compiled with the same flags, so
        // scripts/test.sh builds this package in the main package's build folder without
        // compiling them a second time.
        .package(name: "remo-geom", path: "..", traits: ["Server"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.25.0"),
    ],
    targets: [
        // Generated from Protos/ (a subset of Temporal's API) by scripts/generate-protos.sh.
        .target(
            name: "TemporalAPI",
            dependencies: [
                .product(name: "SwiftProtobuf", package: "swift-protobuf")
            ]
        ),
        // The activities (JSON arguments to jobs and back), the files root, the poll loop, the
        // gRPC client (GRPC/), and /metrics and /healthz (Operations/).
        .target(
            name: "RemoWorker",
            dependencies: [
                "TemporalAPI",
                .product(name: "RemoService", package: "remo-geom"),
                .product(name: "RemoFiles", package: "remo-geom"),
                .product(name: "RemoJSON", package: "remo-geom"),
                .product(name: "RemoLasso", package: "remo-geom"),
                .product(name: "RemoRender", package: "remo-geom"),
                .product(name: "RemoImage", package: "remo-geom"),
                .product(name: "RemoRoom", package: "remo-geom"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The gRPC client against swift-nio-http2's server side, in memory; the activities are
        // tested against a real Temporal server by Tests/Integration (Python).
        .testTarget(
            name: "RemoWorkerTests",
            dependencies: [
                "RemoWorker",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
            ]
        ),
        .executableTarget(
            name: "remo-geom-worker",
            dependencies: [
                "RemoWorker", .product(name: "RemoImage", package: "remo-geom"), .product(name: "RemoSettings", package: "remo-geom"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
    ]
)
