import Foundation
import RemoGEOS
import RemoGeomCLI
import RemoGeometry
import RemoJSON
import RemoLasso
import RemoRender
import RemoShapes

/// One row of the `bench` table.
struct BenchCase {
    var operation: String
    var vertices: Int
    var shape: String
    var remoNanos: Double
    var geosNanos: Double?
    /// What remo-geom is timed against: GEOS unless said (the mask's geometry is held to
    /// the encoding of the same mask as a PNG).
    var peer = "GEOS"

    var speedup: Double? { geosNanos.map { $0 / remoNanos } }

    var json: JSONValue {
        .object([
            ("operation", .string(operation)), ("vertices", .number(Double(vertices))), ("shape", .string(shape)),
            ("remoNanos", .number(remoNanos.rounded())), ("geosNanos", geosNanos.map { .number($0.rounded()) } ?? .null),
            ("speedup", speedup.map { .number(($0 * 100).rounded() / 100) } ?? .null), ("peer", .string(peer)),
        ])
    }

    static func textTable(_ cases: [BenchCase], budgetSeconds: Double) -> String {
        var lines = ["operation         shape   vertices        remo-geom        GEOS (or peer)   speedup"]
        var skipped = false
        for c in cases {
            let geos =
                c.geosNanos.map { (c.peer == "GEOS" ? "" : c.peer + " ") + format($0) }
                ?? (c.operation == "decodeDocument" ? "–" : "over budget")
            let speedup = c.speedup.map { String(format: "%.1f×", $0) } ?? "–"
            if c.geosNanos == nil && c.operation != "decodeDocument" { skipped = true }
            lines.append(
                c.operation.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + c.shape.padding(toLength: 6, withPad: " ", startingAt: 0)
                    + String(repeating: " ", count: max(0, 10 - String(c.vertices).count)) + String(c.vertices)
                    + String(repeating: " ", count: max(0, 17 - format(c.remoNanos).count)) + format(c.remoNanos)
                    + String(repeating: " ", count: max(0, 22 - geos.count)) + geos
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

/// One operation on one input, ready to be timed: remo-geom's run and GEOS's (nil when
/// GEOS is over budget, already timed by one long run, or has no counterpart).
struct BenchJob {
    var operation: String
    var shape: String
    var vertices: Int
    var remo: () throws -> Void
    var geos: (() throws -> Void)?
    /// GEOS's time from a single run, when that run was long enough on its own.
    var geosOnce: Double?
    var remoSamples: [Double] = []
    var geosSamples: [Double] = []
    var peer = "GEOS"

    /// The case with the median times.
    var result: BenchCase {
        let geosNanos = geosSamples.isEmpty ? geosOnce : BenchRunner.median(geosSamples)
        return BenchCase(
            operation: operation, vertices: vertices, shape: shape, remoNanos: BenchRunner.median(remoSamples), geosNanos: geosNanos,
            peer: peer)
    }
}

/// Runs the bench cases: remo-geom and GEOS on the same rings, same process.
///
/// Every case is prepared first; then ten rounds each run every case in turn, some
/// milliseconds of remo-geom and then of GEOS, and the medians are reported. So the
/// cases and the two libraries all see the shared machine as it is in each round,
/// and ratios between cases (a comb against a lasso, n against 2n) hold as well as
/// those against GEOS.
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
    static let repairSizes = [500, 5_000]
    static let simplifySizes = [20_000]
    static let rounds = 10

    mutating func runAll(sizeFilter: Set<Int>?) throws -> [BenchCase] {
        var jobs: [BenchJob] = []
        for n in Self.lassoSizes where sizeFilter?.contains(n) ?? true {
            let points = Shapes.lasso(count: n, seed: UInt64(n))
            let inner = Self.shrunk(points, by: 0.5)
            jobs += try ringJobs(points, shape: "lasso", relationPartner: inner)
        }
        for n in Self.combSizes where sizeFilter?.contains(n) ?? true {
            jobs += try ringJobs(Shapes.comb(count: n), shape: "comb", relationPartner: nil)
        }
        for n in Self.repairSizes where sizeFilter?.contains(n) ?? true { jobs.append(try repairJob(count: n)) }
        for n in Self.simplifySizes where sizeFilter?.contains(n) ?? true { jobs.append(try simplifyJob(count: n)) }
        if sizeFilter?.contains(1500) ?? true { jobs += try maskJobs() }
        if sizeFilter?.contains(1500) ?? true { jobs += try documentJobs() }
        let roundNanos = minimumSeconds * 1e9 / Double(Self.rounds)
        for _ in 0..<Self.rounds {
            for i in jobs.indices {
                try Self.sample(jobs[i].remo, for: roundNanos, into: &jobs[i].remoSamples)
                if let geos = jobs[i].geos { try Self.sample(geos, for: roundNanos, into: &jobs[i].geosSamples) }
            }
        }
        return jobs.map(\.result)
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
    mutating func documentJobs() throws -> [BenchJob] {
        let bytes = Self.sampleDocument(seed: 11)
        let document = try RegionDocument.decode(bytes)
        let polygons = try document.regions.map { try GEOSGeometry.polygon($0.points) }
        let validator = LassoValidator()
        // Validation of the decoded document, as GEOS gets its geometries already built.
        let validate = try job("validateDocument", "lasso", 1500) {
            blackHole(validator.validate(document))
        } geos: {
            for p in polygons { _ = try p.isValid() }
            for i in 0..<3 { for j in (i + 1)..<3 { _ = try polygons[i].relate(polygons[j]) } }
        }
        let decode = BenchJob(
            operation: "decodeDocument", shape: "lasso", vertices: 1500, remo: { blackHole(try? RegionDocument.decode(bytes)) }, geos: nil)
        return [validate, decode]
    }

    /// The repair of a lasso drawn past its start into a small loop, against GEOS
    /// `MakeValid` on the same ring (which does less: no exterior ring is chosen).
    mutating func repairJob(count: Int) throws -> BenchJob {
        let points = BadLasso.closingOvershoot.points(count: count, seed: 1)
        let polygon = try GEOSGeometry.polygon(points)
        let ours = try RingRepair(points)
        let theirs = try polygon.makeValid().polygons().map { try $0.area() }.max() ?? 0
        if (ours.keptArea - theirs).magnitude > 1e-9 * theirs {
            throw BenchError.disagreement("repair of the overshoot of \(count) points: \(ours.keptArea) against GEOS \(theirs)")
        }
        return try job("repair", "overshoot", count) {
            blackHole(try RingRepair(points))
        } geos: {
            _ = try polygon.makeValid()
        }
    }

    /// A lasso simplified to 500 points, against GEOS `TopologyPreserveSimplify` at the
    /// Hausdorff distance ours reached (so both keep about as many points).
    mutating func simplifyJob(count: Int) throws -> BenchJob {
        let points = Shapes.lasso(count: count, seed: UInt64(count))
        let polygon = try GEOSGeometry.polygon(points)
        let ours = RingSimplification.simplify([points], maxPoints: 500)[0]
        let theirs = try polygon.topologyPreserveSimplify(tolerance: ours.hausdorff).exteriorPointCount() - 1
        guard ours.pointsAfter <= 500, (theirs - ours.pointsAfter).magnitude <= 25 else {
            throw BenchError.disagreement("simplify of a lasso of \(count) points: \(ours.pointsAfter) points against GEOS \(theirs)")
        }
        return try job("simplify", "lasso", count) {
            blackHole(RingSimplification.simplify([points], maxPoints: 500))
        } geos: {
            _ = try polygon.topologyPreserveSimplify(tolerance: ours.hausdorff)
        }
    }

    /// The mask of three 500-point lassos on a 4032 × 3024 photo: its geometry (the exact
    /// coverage of every pixel), plain and grown by 9 pixels, against encoding the same mask
    /// as a grey PNG, the cheaper of the two styles. The target is a tenth: geometry nobody
    /// waits for.
    mutating func maskJobs() throws -> [BenchJob] {
        let document = try RegionDocument.decode(Self.sampleDocument(seed: 11))
        let rings = document.regions.map(\.points)
        func mask(grownBy distance: Double) -> CoverageMask {
            var mask = CoverageMask(width: 4032, height: 3024, filling: rings)
            mask.grow(rings, by: distance)
            return mask
        }
        var jobs: [BenchJob] = []
        for (name, distance) in [("mask", 0.0), ("mask grown 9", 9.0)] {
            let encoded = mask(grownBy: distance)
            var job = try job(name, "lasso", 1500) {
                blackHole(mask(grownBy: distance))
            } geos: {
                blackHole(try encoded.png(style: .whiteOnBlack))
            }
            job.peer = "PNG"
            jobs.append(job)
        }
        return jobs
    }

    /// The points scaled by `factor` about their centroid.
    static func shrunk(_ points: [Point], by factor: Double) -> [Point] {
        let cx = points.reduce(0) { $0 + $1.x } / Double(points.count)
        let cy = points.reduce(0) { $0 + $1.y } / Double(points.count)
        return points.map { Point(cx + ($0.x - cx) * factor, cy + ($0.y - cy) * factor) }
    }

    mutating func ringJobs(_ points: [Point], shape: String, relationPartner: [Point]?) throws -> [BenchJob] {
        let ring = try Ring(points)
        let polygon = try GEOSGeometry.polygon(points)
        let n = points.count
        // Both must agree before their times mean anything.
        if try polygon.isValid() != ring.isSimple {
            throw BenchError.disagreement("simplicity of the \(shape) of \(n) points")
        }
        var jobs = [
            try job("simplicity", shape, n) {
                blackHole(ring.simplicity())
            } geos: {
                _ = try polygon.isValid()
            },
            try job("area", shape, n) {
                blackHole(ring.area)
            } geos: {
                _ = try polygon.area()
            },
        ]
        if let partner = relationPartner {
            let other = try Ring(partner)
            let otherPolygon = try GEOSGeometry.polygon(partner)
            jobs.append(
                try job("relation", shape, n) {
                    blackHole(ring.relation(to: other))
                } geos: {
                    _ = try polygon.relate(otherPolygon)
                })
        }
        return jobs
    }

    /// A job for remo-geom's `remo` against GEOS's `geos`. GEOS is left out when its
    /// time predicted from the previous size (as if quadratic) exceeds the budget,
    /// and timed once here when that run is long enough on its own.
    mutating func job(
        _ operation: String, _ shape: String, _ n: Int, remo: @escaping () throws -> Void, geos: @escaping () throws -> Void
    ) throws -> BenchJob {
        var job = BenchJob(operation: operation, shape: shape, vertices: n, remo: remo, geos: nil)
        let key = operation + "/" + shape
        if let last = lastGEOS[key] {
            let ratio = Double(n) / Double(last.vertices)
            if last.nanos * ratio * ratio > budgetNanos { return job }
        }
        let clock = ContinuousClock()
        let t0 = clock.now
        try geos()
        let first = Self.nanos(clock.now - t0)
        lastGEOS[key] = (n, first)
        if first * 3 > minimumSeconds * 1e9 {
            job.geosOnce = first
        } else {
            job.geos = geos
        }
        return job
    }

    /// Times `body` run by run, at least once and until `nanos` have passed or there
    /// are 2,000 samples, appending each time.
    ///
    /// A run shorter than a few microseconds is repeated within one sample (the
    /// sample is the mean over the repeats), so that reading the clock, about a
    /// hundred nanoseconds here, does not count as part of it. The first run, which
    /// brings the case's data back into the caches, is not counted.
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
    var description: String {
        switch self {
        case .disagreement(let what): "remo-geom and GEOS disagree on the \(what)"
        }
    }
}

/// Keeps the optimiser from discarding a result.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
