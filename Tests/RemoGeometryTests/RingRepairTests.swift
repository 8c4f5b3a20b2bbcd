import RemoGeometry
import RemoShapes
import Testing

/// The lasso repair's own invariances (GEOS is its oracle in RepairAgainstGEOSTests).
@Suite("Ring repair")
struct RingRepairTests {
    /// The ring as a cycle, whatever its start and direction: its points from the least,
    /// in the direction whose second point is the lesser.
    static func cycle(_ points: [Point]) -> [Point] {
        let least = points.indices.min { points[$0] < points[$1] }!
        let forward = Array(points[least...] + points[..<least])
        let backward = [forward[0]] + forward.dropFirst().reversed()
        return forward[1] < backward[1] ? forward : backward
    }

    @Test("the repair does not depend on where the ring starts or which way it runs", arguments: BadLasso.allCases)
    func startAndDirection(kind: BadLasso) throws {
        for seed in UInt64(0)..<60 {
            let points = kind.points(count: 120, seed: seed)
            let repair = try RingRepair(points)
            let shift = Int(seed * 7919) % points.count
            for variant in [
                Array(points[shift...] + points[..<shift]), points.reversed(), Array((points[shift...] + points[..<shift]).reversed()),
            ] {
                let other = try RingRepair(variant)
                #expect(Self.cycle(other.points) == Self.cycle(repair.points), "\(kind) seed \(seed)")
                #expect(
                    other.enclosedArea == repair.enclosedArea || abs(other.enclosedArea - repair.enclosedArea) < 1e-9 * repair.enclosedArea)
            }
        }
    }

    @Test("a simple ring comes back as itself, from its least point, in its own direction")
    func simpleRing() throws {
        for seed in UInt64(0)..<50 {
            let points = Shapes.lasso(count: 200, seed: seed)
            let repair = try RingRepair(points)
            #expect(Self.cycle(repair.points) == Self.cycle(points))
            #expect(repair.droppedAreaFraction == 0)
            #expect(repair.points.first == points.min())
            #expect((try Ring(repair.points).orientation) == (try Ring(points).orientation))
        }
    }

    @Test("an overshoot keeps the big loop; a figure eight of equal lobes drops half")
    func droppedArea() throws {
        // A 10 × 10 square drawn past its start into a 2 × 3 loop below it.
        let overshoot = try RingRepair([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10), Point(0, -2), Point(2, -2), Point(2, 1)])
        #expect(overshoot.area == 99)
        #expect(abs(overshoot.droppedAreaFraction - 4.0 / 103) < 1e-12)
        let eight = try RingRepair([Point(0, 0), Point(10, 10), Point(10, 0), Point(0, 10)])
        #expect(eight.area == 25 && eight.droppedAreaFraction == 0.5)
        // Two curls inside the loop are holes of it (GEOS: 118 − 6 − 9 = 103), filled.
        let curl = try RingRepair([
            Point(0, 0), Point(10, 0), Point(10, 10), Point(7, 10), Point(7, 4), Point(4, 4), Point(4, 7), Point(9, 7), Point(9, 12),
            Point(0, 12),
        ])
        #expect(curl.area == 118)
        #expect(curl.keptArea == 103)
        #expect(curl.droppedAreaFraction == 0)
    }

    @Test("small rings on a coarse grid (repeated points, overlaps, spikes, collinear runs) never crash: simple or refused")
    func degenerate() throws {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...12, using: &rng)
            let points = (0..<count).map { _ in
                Point(Double(Int.random(in: 0...4, using: &rng)), Double(Int.random(in: 0...4, using: &rng)))
            }
            do {
                let repair = try RingRepair(points)
                #expect(try Ring(repair.points).isSimple, "\(points)")
                #expect(repair.area > 0 && repair.keptArea <= repair.enclosedArea * (1 + 1e-12), "\(points)")
            } catch let failure as RingRepair.Failure {
                #expect(failure == .noArea, "\(points)")
            }
        }
    }

    @Test("rings with no area and scribbles are refused")
    func refusals() {
        #expect(throws: RingRepair.Failure.noArea) { try RingRepair([]) }
        #expect(throws: RingRepair.Failure.noArea) { try RingRepair([Point(1, 1)]) }
        #expect(throws: RingRepair.Failure.notFinite) { try RingRepair([Point(0, 0), Point(.nan, 1), Point(1, 0)]) }
        #expect(throws: RingRepair.Failure.noArea) { try RingRepair([Point(0, 0), Point(1, 1), Point(2, 2)]) }
        #expect(throws: RingRepair.Failure.noArea) { try RingRepair([Point(0, 0), Point(5, 0), Point(0, 0), Point(5, 0)]) }
        // 3,000 long strokes back and forth across one another: millions of pairs.
        let scribble = (0..<3000).map { (k: Int) -> Point in
            let y = Double(k % 1000) + Double(k) / 3000
            return Point(k % 2 == 0 ? 0 : 1000, y)
        }
        #expect(throws: RingRepair.Failure.tooTangled) { try RingRepair(scribble) }
    }
}
