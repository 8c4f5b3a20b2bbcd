import RemoShapes
import RemoTestSupport
import Testing

@testable import RemoGeometry

@Suite("Ring normalisation, area and orientation")
struct RingTests {
    @Test("consecutive duplicates and the closing point are dropped; indices map back to the input")
    func normalisation() throws {
        let ring = try Ring([Point(0, 0), Point(0, 0), Point(10, 0), Point(10, 10), Point(10, 10), Point(0, 10), Point(0, 0)])
        #expect(ring.vertices == [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)])
        #expect(ring.inputIndices == [0, 2, 3, 5])
    }

    @Test("a ring that is only duplicates collapses to one point and is too small")
    func collapsed() throws {
        let ring = try Ring([Point(1, 1), Point(1, 1), Point(1, 1)])
        #expect(ring.count == 1)
        #expect(ring.simplicity() == .tooFewPoints)
        #expect(try Ring([Point(1, 1), Point(2, 2), Point(1, 1)]).simplicity() == .tooFewPoints)
        #expect(try Ring([]).simplicity() == .tooFewPoints)
    }

    @Test(
        "NaN, infinities and out-of-range coordinates are rejected with the point's index",
        arguments: [
            (Double.nan, CoordinateProblem.notANumber), (.infinity, .infinite), (-.infinity, .infinite),
            (1e200, .tooLarge), (1e-200, .tooSmall), (-1e-150, .tooSmall),
        ])
    func rejection(value: Double, problem: CoordinateProblem) {
        #expect(throws: RingError.invalidCoordinate(index: 2, axis: .y, problem: problem)) {
            try Ring([Point(0, 0), Point(1, 0), Point(1, value), Point(0, 1)])
        }
    }

    @Test("the accepted range's edges are accepted")
    func rangeEdges() throws {
        _ = try Ring([Point(0, 0), Point(0x1p400, 0), Point(0, -0x1p400), Point(0x1p-400, 0)])
    }

    @Test("area is absolute; orientation is as seen on screen with y down")
    func areaAndOrientation() throws {
        // Right, then down, then left on screen: clockwise.
        let clockwise = try Ring([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)])
        #expect(clockwise.area == 100)
        #expect(clockwise.orientation == .clockwise)
        let counter = try Ring(clockwise.vertices.reversed())
        #expect(counter.area == 100)
        #expect(counter.orientation == .counterclockwise)
        let triangle = try Ring([Point(0, 0), Point(4, 0), Point(0, 3)])
        #expect(triangle.area == 6)
        #expect(try Ring([Point(0, 0), Point(1, 1), Point(2, 2)]).orientation == .degenerate)
    }

    @Test("area keeps its digits far from the origin")
    func shiftedOrigin() throws {
        let offset = 1e9
        let ring = try Ring([Point(offset, offset), Point(offset + 1, offset), Point(offset + 1, offset + 1), Point(offset, offset + 1)])
        #expect(ring.area == 1)
    }

    @Test("the vector coordinate check agrees with the plain one at every edge of the range")
    func coordinateCheckAgrees() {
        let edges: [Double] = [
            0, -0.0, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
            CoordinateRange.maximumMagnitude, CoordinateRange.maximumMagnitude.nextUp, CoordinateRange.maximumMagnitude.nextDown,
            CoordinateRange.minimumMagnitude, CoordinateRange.minimumMagnitude.nextUp, CoordinateRange.minimumMagnitude.nextDown,
            1, 4032, 1e-300, 1e300, 0x1p399, 0x1p-399, 0x1p401, 0x1p-401,
        ]
        var rng = SplitMix64(seed: 3)
        let random = (0..<2000).map { _ in Double(bitPattern: rng.next()) }
        for value in edges + edges.map({ -$0 }) + random {
            for point in [Point(value, 1), Point(0, value)] {
                var acceptance = CoordinateRange.Acceptance()
                acceptance.check(SIMD2(2, 3))
                acceptance.check(SIMD2(point.x, point.y))
                acceptance.check(SIMD2(4, 5))
                #expect(acceptance.all == CoordinateRange.accepts(value), "\(value)")
            }
        }
        // The first bad point is still the one named, wherever it is.
        for bad in [3, 0, 9] {
            var points = (0..<10).map { Point(Double($0), Double($0 * $0 % 7)) }
            points[bad] = Point(1, .nan)
            #expect(throws: RingError.invalidCoordinate(index: bad, axis: .y, problem: .notANumber)) { try Ring(points) }
        }
    }

    @Test("area and orientation of a simple ring in one pass agree with the exact ones, slivers included")
    func areaAndOrientationInOnePass() throws {
        var checked = 0
        for (family, seed) in RingFamily.allCases.flatMap({ f in (UInt64(0)..<60).map { (f, $0) } }) {
            let points = family.points(seed: seed, maximumCount: 300)
            for variant in [points, points.reversed()] {
                let ring = try Ring(variant)
                guard ring.isSimple else { continue }
                let (area, orientation) = ring.areaAndOrientationOfSimpleRing
                #expect(area == ring.area)
                #expect(orientation == ring.orientation, "family \(family) seed \(seed)")
                checked += 1
            }
        }
        // Slivers whose area is below the rounding of their terms (the near-degenerate
        // grid naive orientation gets wrong): the sign falls back to the exact test.
        var slivers = 0
        for i in 0..<32 {
            for j in 0..<32 {
                let a = Point(0.5 + Double(i) * 0x1p-53, 0.5 + Double(j) * 0x1p-53)
                for sliver in [[Point(12, 12), a, Point(24, 24)], [Point(24, 24), a, Point(12, 12)]] {
                    let ring = try Ring(sliver)
                    guard ring.isSimple else { continue }
                    #expect(ring.areaAndOrientationOfSimpleRing.orientation == ring.orientation, "\(sliver)")
                    slivers += 1
                }
            }
        }
        #expect(slivers > 1000)
        #expect(checked > 300)
    }
}
