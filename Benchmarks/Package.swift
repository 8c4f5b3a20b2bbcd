// swift-tools-version: 6.2
// The ordo-one benchmark suite, kept apart so that `swift build` and `swift test` of
// the main package never fetch or build the benchmark dependencies.
//
//   cd Benchmarks && swift package benchmark                    # run and print
//   swift package benchmark baseline update main                 # record a baseline
//   swift package benchmark baseline check main                  # compare against it
import PackageDescription

let package = Package(
    name: "remo-geom-benchmarks",
    platforms: [.macOS(.v15)],
    products: [
        // remo-geom's scan reader as a C library, so that Python can time it beside
        // json.load in one process (Benchmarks/peers/parse_roomplan_inprocess.py).
        .library(name: "RemoRoomFFI", type: .dynamic, targets: ["RemoRoomFFI"])
    ],
    dependencies: [
        // The libraries only: without the Server trait none of the service's packages is resolved.
        .package(name: "remo-geom", path: "..", traits: []),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "RemoRoomFFI",
            dependencies: [.product(name: "RemoRoom", package: "remo-geom"), .product(name: "RemoFiles", package: "remo-geom")],
            path: "Benchmarks/RemoRoomFFI"
        ),
        // The seeded shopping list the room benchmarks share.
        .target(
            name: "RoomBenchmarkSupport",
            dependencies: [.product(name: "RemoRoom", package: "remo-geom"), .product(name: "RemoShapes", package: "remo-geom")],
            path: "Benchmarks/RoomBenchmarkSupport"
        ),
        // Fit badges beside one read of the scan, every part timed in each round.
        .executableTarget(
            name: "FitRounds",
            dependencies: [
                "RoomBenchmarkSupport", .product(name: "RemoRoom", package: "remo-geom"), .product(name: "RemoJSON", package: "remo-geom"),
                .product(name: "RemoFiles", package: "remo-geom"),
            ],
            path: "Benchmarks/FitRounds"
        ),
        .executableTarget(
            name: "GeometryBenchmarks",
            dependencies: [
                "RoomBenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RemoGeometry", package: "remo-geom"),
                .product(name: "RemoGEOS", package: "remo-geom"),
                .product(name: "RemoShapes", package: "remo-geom"),
                .product(name: "RemoLasso", package: "remo-geom"),
                .product(name: "RemoRender", package: "remo-geom"),
                .product(name: "RemoImage", package: "remo-geom"),
                .product(name: "RemoRoom", package: "remo-geom"),
                .product(name: "RemoJSON", package: "remo-geom"),
                .product(name: "RemoFiles", package: "remo-geom"),
            ],
            path: "Benchmarks/GeometryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
