import Foundation
import RemoGEOS
import RemoGeometry
import RemoJSON
import RemoLasso
import RemoShapes

/// One row of the `bench` table.
struct BenchCase {
    var operation: String
    var vertices: Int
    var shape: String
    var remoNanos: Double
    var geosNanos: Double?

    var speedup: Double? { geosNanos.map { $0 / remoNanos } }

    var json: JSONValue {
        .object([
            ("operation", .string(operation)), ("vertices", .number(Double(vertices))), ("shape", .string(shape)),
            ("remoNanos", .number(remoNanos.rounded())), ("geosNanos", geosNanos.map { .number($0.rounded()) } ?? .null),
            ("speedup", speedup.map { .number(($0 * 100).rounded() / 100) } ?? .null),
        ])
    }

    static func textTable(_ cases: [BenchCase], budgetSeconds: Double) -> String {
        var lines = ["operation         shape   vertices        remo-geom             GEOS   speedup"]
        var skipped = false
        for c in cases {
            let geos = c.geosNanos.map(format) ?? (c.operation == "decodeDocument" ? "–" : "over budget")
            let speedup = c.speedup.map { String(format: "%.1f×", $0) } ?? "–"
            if c.geosNanos == nil && c.operation != "decodeDocument" { skipped = true }
            lines.append(
                c.operation.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + c.shape.padding(toLength: 6, withPad: " ", startingAt: 0)
                    + String(repeating: " ", count: max(0, 10 - String(c.vertices).count)) + String(c.vertices)
                    + String(repeating: " ", count: max(0, 17 - format(c.remoNanos).count)) + format(c.remoNanos)
                    + String(repeating: " ", count: max(0, 17 - geos.count)) + geos
                    + String(repeating: " ", count: max(0, 10 - speedup.count)) + speedup)
        }
        if skipped {
            lines.append(
                "over budget: GEOS was not run because its predicted time exceeded \(budgetSeconds) s (quadratic growth from the previous size)."
            )
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ nanos: Double) -> String {
        if nanos >= 1e9 { return String(format: "%.2f s", nanos / 1e9) }
        if nanos >= 1e6 { return String(format: "%.2f ms", nanos / 1e6) }
        if nanos >= 1e3 { return String(format: "%.1f µs", nanos / 1e3) }
        return String(format: "%.0f ns", nanos)
    }
}

/// Runs the bench cases: remo-geom and GEOS on the same rings, same process.
struct BenchRunner {
    let budgetNanos: Double
    let minimumSeconds: Double
    /// The last GEOS time per (operation, shape), to predict the next size.
    var lastGEOS: [String: (vertices: Int, nanos: Double)] = [:]

    init(budgetNanos: Double, minimumSeconds: Double) {
        self.budgetNanos = budgetNanos
        self.minimumSeconds = minimumSeconds
    }

    static let lassoSizes = [100, 500, 5_000, 100_000, 200_000]
    static let combSizes = [10_000, 100_000, 200_000]

    mutating func runAll(sizeFilter: Set<Int>?) throws -> [BenchCase] {
        var cases: [BenchCase] = []
        for n in Self.lassoSizes where sizeFilter?.contains(n) ?? true {
            let points = Shapes.lasso(count: n, seed: UInt64(n))
            let inner = Self.shrunk(points, by: 0.5)
            cases += try measureRing(points, shape: "lasso", relationPartner: inner)
        }
        for n in Self.combSizes where sizeFilter?.contains(n) ?? true {
            cases += try measureRing(Shapes.comb(count: n), shape: "comb", relationPartner: nil)
        }
        if sizeFilter?.contains(1500) ?? true { cases += try measureDocument() }
        return cases
    }

    /// A document of three 500-point lassos on a 4032 × 3024 photo, as JSON bytes.
    static func sampleDocument(seed: UInt64) -> [UInt8] {
        let centers = [Point(800, 900), Point(2000, 1500), Point(3200, 2100)]
        let regions: [JSONValue] = centers.enumerated().map { i, c in
            let points = Shapes.lasso(count: 500, center: c, radius: 450, seed: seed &+ UInt64(i))
            return .object([
                ("id", .string("r\(i + 1)")), ("number", .number(Double(i + 1))),
                ("points", .array(points.map { .array([.number(($0.x * 100).rounded() / 100), .number(($0.y * 100).rounded() / 100)]) })),
            ])
        }
        let document = JSONValue.object([
            ("image", .object([("width", .number(4032)), ("height", .number(3024))])), ("scale", .number(3)), ("regions", .array(regions)),
        ])
        return Array(JSONWriter.string(document).utf8)
    }

    /// Whole-document validation (every rule, overlap, chips) against GEOS doing
    /// only isValid on the three rings and relate on the three pairs; and decoding alone.
    mutating func measureDocument() throws -> [BenchCase] {
        let bytes = Self.sampleDocument(seed: 11)
        let document = try RegionDocument.decode(bytes)
        let polygons = try document.regions.map { try GEOSGeometry.polygon($0.points) }
        let validator = LassoValidator()
        // Validation of the decoded document, as GEOS gets its geometries already built.
        let (remo, geos) = try timePair("validateDocument", "lasso", 1500) {
            blackHole(validator.validate(document))
        } geos: {
            for p in polygons { _ = try p.isValid() }
            for i in 0..<3 { for j in (i + 1)..<3 { _ = try polygons[i].relate(polygons[j]) } }
        }
        let decodeOnly = try time { blackHole(try? RegionDocument.decode(bytes)) }
        return [
            BenchCase(operation: "validateDocument", vertices: 1500, shape: "lasso", remoNanos: remo, geosNanos: geos),
            BenchCase(operation: "decodeDocument", vertices: 1500, shape: "lasso", remoNanos: decodeOnly, geosNanos: nil),
        ]
    }

    /// The points scaled by `factor` about their centroid.
    static func shrunk(_ points: [Point], by factor: Double) -> [Point] {
        let cx = points.reduce(0) { $0 + $1.x } / Double(points.count)
        let cy = points.reduce(0) { $0 + $1.y } / Double(points.count)
        return points.map { Point(cx + ($0.x - cx) * factor, cy + ($0.y - cy) * factor) }
    }

    mutating func measureRing(_ points: [Point], shape: String, relationPartner: [Point]?) throws -> [BenchCase] {
        let ring = try Ring(points)
        let polygon = try GEOSGeometry.polygon(points)
        let n = points.count
        var cases: [BenchCase] = []

        // Both must agree before their times mean anything.
        let simple = ring.isSimple
        let (remoSimplicity, geosValid) = try timePair("simplicity", shape, n) {
            blackHole(ring.simplicity())
        } geos: {
            _ = try polygon.isValid()
        }
        if geosValid != nil, try polygon.isValid() != simple {
            throw BenchError.disagreement("simplicity of the \(shape) of \(n) points")
        }
        cases.append(BenchCase(operation: "simplicity", vertices: n, shape: shape, remoNanos: remoSimplicity, geosNanos: geosValid))

        let (remoArea, geosArea) = try timePair("area", shape, n) {
            blackHole(ring.area)
        } geos: {
            _ = try polygon.area()
        }
        cases.append(BenchCase(operation: "area", vertices: n, shape: shape, remoNanos: remoArea, geosNanos: geosArea))

        if let partner = relationPartner {
            let other = try Ring(partner)
            let otherPolygon = try GEOSGeometry.polygon(partner)
            let (remoRelation, geosRelation) = try timePair("relation", shape, n) {
                blackHole(ring.relation(to: other))
            } geos: {
                _ = try polygon.relate(otherPolygon)
            }
            cases.append(BenchCase(operation: "relation", vertices: n, shape: shape, remoNanos: remoRelation, geosNanos: geosRelation))
        }
        return cases
    }

    /// The median time of `body` in nanoseconds over repeated runs.
    func time(_ body: () throws -> Void) throws -> Double {
        var samples: [Double] = []
        try Self.sample(body, for: minimumSeconds * 1e9, into: &samples)
        return Self.median(samples)
    }

    /// The median times of remo-geom's `remo` and GEOS's `geos` in nanoseconds, taken
    /// in alternating rounds so that both see the same state of a shared machine;
    /// GEOS's is nil when its time predicted from the previous size exceeds the budget,
    /// and from a single run when that run is long.
    mutating func timePair(
        _ operation: String, _ shape: String, _ n: Int, remo: () throws -> Void, geos: () throws -> Void
    ) throws -> (Double, Double?) {
        let key = operation + "/" + shape
        if let last = lastGEOS[key] {
            let ratio = Double(n) / Double(last.vertices)
            if last.nanos * ratio * ratio > budgetNanos { return (try time(remo), nil) }
        }
        let clock = ContinuousClock()
        let t0 = clock.now
        try geos()
        let first = Self.nanos(clock.now - t0)
        if first * 3 > minimumSeconds * 1e9 {
            lastGEOS[key] = (n, first)
            return (try time(remo), first)
        }
        // Ten rounds, each some milliseconds of remo-geom's runs and then of GEOS's:
        // each side runs warm, and both see the machine as it is in that round.
        var remoSamples: [Double] = []
        var geosSamples: [Double] = []
        let roundNanos = minimumSeconds * 1e9 / 10
        for _ in 0..<10 {
            try Self.sample(remo, for: roundNanos, into: &remoSamples)
            try Self.sample(geos, for: roundNanos, into: &geosSamples)
        }
        let result = (Self.median(remoSamples), Self.median(geosSamples))
        lastGEOS[key] = (n, result.1)
        return result
    }

    /// Times `body` run by run, at least once and until `nanos` have passed or there
    /// are 2,000 samples, appending each time.
    ///
    /// A run shorter than a few microseconds is repeated within one sample (the
    /// sample is the mean over the repeats), so that reading the clock, about a
    /// hundred nanoseconds here, does not count as part of it.
    static func sample(_ body: () throws -> Void, for nanos: Double, into samples: inout [Double]) throws {
        let clock = ContinuousClock()
        var t0 = clock.now
        try body()
        let once = Self.nanos(clock.now - t0)
        let repeats = Swift.max(1, Swift.min(1_000, Int(5_000 / Swift.max(once, 1))))
        let start = clock.now
        var count = 0
        repeat {
            t0 = clock.now
            for _ in 0..<repeats { try body() }
            samples.append(Self.nanos(clock.now - t0) / Double(repeats))
            count += 1
        } while Self.nanos(clock.now - start) < nanos && count < 2_000
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }

    static func nanos(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
    }
}

enum BenchError: Error, CustomStringConvertible {
    case disagreement(String)
    var description: String { "remo-geom and GEOS disagree on the \(self)" }
}

/// Keeps the optimiser from discarding a result.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
