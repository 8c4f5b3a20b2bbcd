import RemoGEOS
import RemoGeometry
import RemoShapes
import Testing

/// The lasso repair against GEOS `MakeValid` on seeded self-crossing lassos of every kind.
@Suite("Repair against GEOS MakeValid")
struct RepairTests {
    /// GEOS's answer: the area of the largest polygon MakeValid makes, with its holes filled,
    /// the polygon's own area and the total area of them all.
    static func geos(_ points: [Point]) throws -> (filled: Double, kept: Double, total: Double) {
        let polygons = try GEOSGeometry.polygon(points).makeValid().polygons()
        let areas = try polygons.map { try $0.area() }
        guard let k = areas.indices.max(by: { areas[$0] < areas[$1] }) else { return (0, 0, 0) }
        return (try polygons[k].filled().area(), areas[k], areas.reduce(0, +))
    }

    static func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
        (a - b).magnitude <= tolerance * Swift.max(a.magnitude, b.magnitude, 1e-300)
    }

    @Test("the repaired ring is simple and its area is GEOS's, 400 lassos per kind", arguments: BadLasso.allCases)
    func againstGEOS(kind: BadLasso) throws {
        var disagreements: [String] = []
        var (crossing, dropping) = (0, 0)
        for seed in UInt64(0)..<400 {
            let points = kind.points(count: 40 + Int(seed % 7) * 80, seed: seed)
            if !(try Ring(points).isSimple) { crossing += 1 }
            let expected = try Self.geos(points)
            guard let repair = try? RingRepair(points) else {
                if expected.kept > 0 { disagreements.append("seed \(seed): no repair, GEOS kept \(expected.kept)") }
                continue
            }
            if repair.droppedAreaFraction > 0 { dropping += 1 }
            if !(try Ring(repair.points).isSimple) { disagreements.append("seed \(seed): the repaired ring is not simple") }
            if !Self.close(repair.area, expected.filled) {
                disagreements.append("seed \(seed): area \(repair.area), GEOS \(expected.filled)")
            }
            if !Self.close(repair.keptArea, expected.kept) || !Self.close(repair.enclosedArea, expected.total) {
                disagreements.append(
                    "seed \(seed): kept \(repair.keptArea) of \(repair.enclosedArea), GEOS \(expected.kept) of \(expected.total)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements: \(disagreements.prefix(8))")
        // The family is what it says: nearly every lasso of it crosses or touches itself.
        #expect(crossing >= 380, "only \(crossing) of 400 are not simple")
        print("\(kind): \(crossing) not simple, \(dropping) lose area")
    }
}
