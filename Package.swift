// swift-tools-version: 6.2
import PackageDescription

/// The packages of the command line and the service are used only with the Server trait.
let server = TargetDependencyCondition.when(traits: ["Server"])

/// The modules that compute (geometry, JSON, lassos, rooms, images, drawing, photos) are
/// optimized in debug builds too when REMO_OPTIMIZED_DEBUG=1, which scripts/test.sh sets: the
/// tests then run in about a third of the time, on the code as it ships. Only then, because
/// a package that others depend on by version may not carry unsafe flags.
let optimizedInDebug: [SwiftSetting] =
    Context.environment["REMO_OPTIMIZED_DEBUG"] == "1" ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "remo-geom",
    products: [
        // What an app or a backend imports.
        .library(name: "RemoGeometry", targets: ["RemoGeometry"]),
        .library(name: "RemoLasso", targets: ["RemoLasso"]),
        .library(name: "RemoRender", targets: ["RemoRender"]),
        .library(name: "RemoRoom", targets: ["RemoRoom"]),
        .library(name: "RemoImage", targets: ["RemoImage"]),
        .library(name: "RemoPhoto", targets: ["RemoPhoto"]),
        .library(name: "RemoService", targets: ["RemoService"]),
        .executable(name: "remo-geom", targets: ["remo-geom"]),
        .executable(name: "remo-geom-bench", targets: ["remo-geom-bench"]),
        // Only for this repository's other packages, which can import nothing but
        // products: RemoJSON for Worker/ (reading job arguments), RemoGEOS (the peer) and
        // RemoShapes (seeded inputs) for Benchmarks/.
        .library(name: "RemoJSON", targets: ["RemoJSON"]),
        .library(name: "RemoFiles", targets: ["RemoFiles"]),
        .library(name: "RemoSettings", targets: ["RemoSettings"]),
        .library(name: "RemoGEOS", targets: ["RemoGEOS"]),
        .library(name: "RemoShapes", targets: ["RemoShapes"]),
    ],
    // An app that imports only the libraries (RemoGeometry, RemoLasso, RemoRoom, …) depends on
    // this package with `traits: []`: then none of the packages below is resolved or fetched.
    traits: [
        // One trait, so that every build that enables it compiles the modules with the same
        // flags: the worker's build (Worker/) can then reuse this package's build folder.
        .trait(
            name: "Server",
            description:
                "The remo-geom command line and its HTTP service, and RemoSettings (options from the command line, REMO_ variables and a JSON file), with their packages (ArgumentParser, Hummingbird, SwiftNIO, swift-configuration, …)."
        ),
        .default(enabledTraits: ["Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.0.0"),
    ],
    targets: [
        // Pure Swift geometry: standard library only, so an iOS app can embed it.
        .target(name: "RemoGeometry", swiftSettings: optimizedInDebug),
        // Seeded shape generators (jittery lassos, combs) shared by tests, `bench` and Benchmarks/.
        .target(name: "RemoShapes", dependencies: ["RemoGeometry"], swiftSettings: optimizedInDebug),
        // A small strict JSON reader and writer shared by the document formats.
        .target(name: "RemoJSON", swiftSettings: optimizedInDebug),
        // Files: bounded reads of regular files only, and atomic writes; for the front ends.
        .target(name: "RemoFiles"),
        // Options from the command line, REMO_ variables and a JSON file, one reading for the
        // service and the worker; empty without the Server trait.
        .target(
            name: "RemoSettings",
            dependencies: [.product(name: "Configuration", package: "swift-configuration", condition: server)]
        ),
        .target(name: "RemoLasso", dependencies: ["RemoGeometry", "RemoJSON"], swiftSettings: optimizedInDebug),
        .target(name: "RemoRoom", dependencies: ["RemoGeometry", "RemoJSON"], swiftSettings: optimizedInDebug),
        .systemLibrary(
            name: "CRemoGEOS",
            pkgConfig: "geos",
            providers: [.apt(["libgeos-dev"])]
        ),
        .target(name: "RemoGEOS", dependencies: ["RemoGeometry", "CRemoGEOS"]),
        // libpng's classic API, kept in C: one function decodes and one encodes a whole
        // image, each owning its setjmp; the encoder's image data is deflated in stripes on
        // several threads with zlib. Debian's libpng-dev (and zlib1g-dev with it).
        .target(
            name: "CRemoPNG",
            cSettings: [.headerSearchPath("include")],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        // Drawing: annotations, floor plans and the exact masks, onto RemoImage's pixel buffer.
        .target(name: "RemoRender", dependencies: ["RemoGeometry", "RemoLasso", "RemoRoom", "RemoImage"], swiftSettings: optimizedInDebug),
        // libjpeg-turbo and libheif, each behind C that owns its error handling the way
        // CRemoPNG does (libjpeg's errors longjmp; libheif's are structs). Debian's
        // libjpeg62-turbo-dev and libheif-dev.
        .target(name: "CRemoJPEG", cSettings: [.headerSearchPath("include")], linkerSettings: [.linkedLibrary("jpeg")]),
        // libheif is opened at the first HEIF file (dlopen), not linked: loading it cost every
        // command about 3 ms of start-up (remo_heif.c).
        .target(name: "CRemoHEIF", cSettings: [.headerSearchPath("include")], linkerSettings: [.linkedLibrary("dl")]),
        // Little CMS 2 behind one C function that converts to sRGB. Debian's liblcms2-dev.
        .target(name: "CRemoColour", cSettings: [.headerSearchPath("include")], linkerSettings: [.linkedLibrary("lcms2")]),
        // Image I/O: PNG, JPEG and HEIC decoding with orientation and colour profile, PNG and
        // JPEG encoding, preparation for a generator (shrink, sRGB, upright), and the pixel
        // buffer the drawing layer paints on.
        .target(name: "RemoImage", dependencies: ["CRemoPNG", "CRemoJPEG", "CRemoHEIF", "CRemoColour"], swiftSettings: optimizedInDebug),
        // The first check of an uploaded room photo: resolution, blur, exposure.
        .target(name: "RemoPhoto", dependencies: ["RemoImage", "RemoJSON"], swiftSettings: optimizedInDebug),
        // The system's libcrypto (OpenSSL), for the SHA-256 in job results.
        .systemLibrary(name: "CRemoCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // One function per job (validate, chips, render, room, fit, plan), shared by the
        // command line, the HTTP service and the Temporal worker.
        .target(
            name: "RemoService",
            dependencies: ["RemoGeometry", "RemoJSON", "RemoLasso", "RemoRender", "RemoRoom", "RemoImage", "RemoPhoto", "CRemoCrypto"]
        ),
        // `remo-geom serve`: the jobs over HTTP (Hummingbird), with limits, backpressure,
        // metrics and graceful shutdown.
        .target(
            name: "RemoHTTP",
            dependencies: [
                "RemoService", "RemoJSON", "RemoLasso", "RemoRender", "RemoRoom",
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: server),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server),
                .product(name: "NIOPosix", package: "swift-nio", condition: server),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: server),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
                .product(name: "Prometheus", package: "swift-prometheus", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: server),
                "RemoSettings",
            ]
        ),
        .target(
            name: "RemoGeomCLI",
            dependencies: [
                "RemoGeometry", "RemoJSON", "RemoLasso", "RemoRender", "RemoRoom", "RemoService", "RemoHTTP",
                "RemoImage", "RemoPhoto", "RemoFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: server),
                "RemoSettings",
            ]
        ),
        .executableTarget(name: "remo-geom", dependencies: ["RemoGeomCLI"]),
        // remo-geom against GEOS on the same inputs: a tool of its own, so that the shipped
        // `remo-geom` does not link GEOS.
        .executableTarget(
            name: "remo-geom-bench",
            dependencies: [
                "RemoGeomCLI", "RemoGEOS", "RemoGeometry", "RemoJSON", "RemoLasso", "RemoRender", "RemoShapes",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: server),
            ]
        ),

        .target(name: "RemoTestSupport", dependencies: ["RemoGeometry", "RemoShapes", "RemoJSON"], path: "Tests/RemoTestSupport"),
        .testTarget(name: "RemoTestSupportTests", dependencies: ["RemoTestSupport", "RemoJSON"]),
        // Tests mirror the modules; GEOS is an oracle where it is one (differential tests, its
        // XML suite, repair, simplify and mask coverage against it).
        .testTarget(name: "RemoGeometryTests", dependencies: ["RemoGeometry", "RemoGEOS", "RemoShapes", "RemoTestSupport"]),
        .testTarget(name: "RemoJSONTests", dependencies: ["RemoJSON", "RemoShapes"]),
        .testTarget(
            name: "RemoRoomTests",
            dependencies: ["RemoRoom", "RemoGeometry", "RemoJSON", "RemoGEOS", "RemoShapes", "RemoTestSupport"]
        ),
        .testTarget(
            name: "RemoRenderTests",
            dependencies: ["RemoRender", "RemoImage", "RemoRoom", "RemoGeometry", "RemoGEOS", "RemoShapes", "RemoJSON", "RemoTestSupport"]
        ),
        .testTarget(
            name: "RemoImageTests", dependencies: ["RemoImage", "RemoShapes", "RemoTestSupport"],
            exclude: ["Fixtures", "LeakCheck"]
        ),
        .testTarget(name: "RemoPhotoTests", dependencies: ["RemoPhoto", "RemoImage", "RemoShapes", "RemoTestSupport"]),
        .testTarget(
            name: "RemoLassoTests",
            dependencies: ["RemoLasso", "RemoJSON", "RemoGeometry", "RemoGEOS", "RemoShapes", "RemoTestSupport"]
        ),
        .testTarget(
            name: "RemoGeomCLITests",
            dependencies: ["RemoGeomCLI", "RemoFiles", "RemoGEOS", "RemoJSON", "RemoRender", "RemoShapes", "RemoTestSupport"],
            // The Python scripts that compute what prepare, composite and bundle are checked against.
            exclude: ["Oracles"]),
        .testTarget(
            name: "RemoServiceTests",
            dependencies: [
                "RemoService", "RemoJSON", "RemoLasso", "RemoRoom", "RemoRender", "RemoImage", "RemoGeometry", "RemoShapes",
                "RemoTestSupport", "remo-geom",
            ]
        ),
        // The service end to end: a real `remo-geom serve` on loopback, asked with curl.
        .testTarget(
            name: "RemoHTTPTests",
            dependencies: ["RemoHTTP", "RemoGeometry", "RemoJSON", "RemoImage", "RemoRender", "RemoShapes", "RemoTestSupport", "remo-geom"]
        ),
    ]
)
