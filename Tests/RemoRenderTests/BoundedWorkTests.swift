import Foundation
import RemoGeometry
import RemoImage
import RemoLasso
import RemoShapes
import RemoTestSupport
import Testing

@testable import RemoRender

/// Pictures within every limit that would cost minutes or gigabytes without the work budgets, held to
/// work counters and memory high-water marks rather than time.
@Suite("Bounded work when drawing")
struct RenderBoundedWorkTests {
    @Test("a 100,000-point lasso stroked 2,000 pixels wide over 12 megapixels stays within the field's work budget")
    func wideStrokeBudget() {
        let points = Shapes.lasso(count: 100_000, center: Point(2000, 1500), radius: 1100, seed: 7)
        let reach = 99.0 * 20 / 2 + 1.5 * 20 + 1
        #expect(DistanceField.cost([points], closed: true, reach: reach, width: 4000, height: 3000) > DistanceField.workBudget)
        guard let field = DistanceField(polylines: [points], closed: true, reach: reach, imageWidth: 4000, imageHeight: 3000) else {
            Issue.record("no field")
            return
        }
        #expect(field.visits <= DistanceField.workBudget)
        // The thinned line still draws the stroke: the lasso's centre is within the core
        // (its radius is under the stroke's half-width) and a far corner is not reached.
        let centre = (1500 - field.y0) * field.width + (2000 - field.x0)
        #expect(field.distances[centre] < Float(99.0 * 20 / 2))
    }

    @Test("an ordinary stroke is exact: under the budget, no point is dropped")
    func ordinaryStrokeExact() {
        let points = Shapes.lasso(count: 2_000, center: Point(500, 400), radius: 300, seed: 3)
        let reach = 3.0 * 3 / 2 + 1.5 * 3 + 1
        #expect(DistanceField.cost([points], closed: true, reach: reach, width: 1024, height: 768) <= DistanceField.workBudget)
        #expect(DistanceField.thinned(points, spacing: 0) == points)
        guard let field = DistanceField(polylines: [points], closed: true, reach: reach, imageWidth: 1024, imageHeight: 768) else {
            Issue.record("no field")
            return
        }
        // Within reach, every distance is the distance to the nearest of all the segments.
        var rng = SplitMix64(seed: 5)
        for _ in 0..<400 {
            let (x, y) = (Int.random(in: 0..<field.width, using: &rng), Int.random(in: 0..<field.height, using: &rng))
            let stored = field.distances[y * field.width + x]
            let p = Point(Double(field.x0 + x) + 0.5, Double(field.y0 + y) + 0.5)
            let exact = points.indices.map { Segment(points[$0], points[($0 + 1) % points.count]).distance(to: p) }.min()!
            guard exact < reach else { continue }
            #expect(abs(Double(stored) - exact) < 1e-4)
        }
    }

    @Test("a round floor of 200,000 corners fills in work linear in the outline, with the exact pixels")
    func roundFloorFill() throws {
        let count = 200_000
        let polygon = (0..<count).map { k in
            let t = 2 * Double.pi * Double(k) / Double(count)
            return Point(600 + 500 * cos(t), 600 + 500 * sin(t))
        }
        var painter = Painter(image: RGBAImage(width: 1200, height: 1200, fill: (0, 0, 0, 255)))
        let visits = painter.fill(polygon, colour: RGBA(255, 255, 255))
        // Each edge enters once; a row sees the few edges that cross it.
        #expect(visits <= 2 * count + 1200 * 64, "\(visits) edge visits")
        let ring = try Ring(polygon)
        var rng = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let (x, y) = (Int.random(in: 90..<1110, using: &rng), Int.random(in: 90..<1110, using: &rng))
            let expected = ring.locate(Point(Double(x) + 0.5, Double(y) + 0.5)) != .outside
            #expect((painter.image.pixels[(y * 1200 + x) * 4] == 255) == expected, "pixel (\(x), \(y))")
        }
    }
}
