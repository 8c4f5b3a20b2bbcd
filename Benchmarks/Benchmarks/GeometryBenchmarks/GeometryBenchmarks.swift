import Benchmark
import RemoGEOS
import RemoGeometry
import RemoShapes

/// The operations of `remo-geom-bench`, for regression tracking: remo-geom and GEOS
/// on the same rings (names say which). Thresholds are explicit p90 tolerances.
let benchmarks: @Sendable () -> Void = {
    let thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .wallClock: .init(relative: [.p90: 25.0]),
        .mallocCountTotal: .init(relative: [.p90: 10.0]),
    ]
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 10_000,
        thresholds: thresholds
    )

    for (shape, n) in [("Lasso", 500), ("Lasso", 100_000), ("Comb", 100_000)] {
        let points = shape == "Lasso" ? Shapes.lasso(count: n, seed: UInt64(n)) : Shapes.comb(count: n)
        guard let ring = try? Ring(points), let polygon = try? GEOSGeometry.polygon(points) else { continue }

        Benchmark("Simplicity.\(shape).\(n).remo") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(ring.simplicity()) }
        }
        Benchmark("Simplicity.\(shape).\(n).geosIsValid") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? polygon.isValid()) }
        }
        Benchmark("Area.\(shape).\(n).remo") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(ring.area) }
        }
        Benchmark("Area.\(shape).\(n).geos") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? polygon.area()) }
        }
        if shape == "Lasso" {
            let inner = points.map { Point($0.x * 0.5, $0.y * 0.5) }
            guard let innerRing = try? Ring(inner), let innerPolygon = try? GEOSGeometry.polygon(inner) else { continue }
            Benchmark("Relation.\(shape).\(n).remo") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(ring.relation(to: innerRing)) }
            }
            Benchmark("Relation.\(shape).\(n).geosRelate") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(try? polygon.relate(innerPolygon)) }
            }
        }
    }

    renderBenchmarks()
    roomBenchmarks()

    // Peak memory for a one-million-point ring: build, check, measure.
    Benchmark(
        "Memory.Lasso.1000000.buildAndCheck",
        configuration: .init(metrics: [.peakMemoryResident, .wallClock], maxDuration: .seconds(10), maxIterations: 3)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let ring = try? Ring(Shapes.lasso(count: 1_000_000, seed: 1))
            blackHole(ring?.simplicity())
            blackHole(ring?.area)
        }
    }
}
