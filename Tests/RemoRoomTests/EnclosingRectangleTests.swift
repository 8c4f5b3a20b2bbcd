import Foundation
import RemoGeometry
import RemoShapes
import Testing

@testable import RemoRoom

@Suite("The room's enclosing rectangle")
struct EnclosingRectangleTests {
    @Test("the hull keeps the corners only: repeated, collinear and inner points dropped")
    func hull() {
        let corners = [Point(0, 0), Point(4, 0), Point(4, 2), Point(0, 2)]
        let extra = [Point(2, 0), Point(4, 1), Point(1, 1), Point(0, 0), Point(4, 2), Point(4, 2)]
        let hull = EnclosingRectangle.convexHull(extra + corners + corners)
        #expect(Set(hull) == Set(corners) && hull.count == 4)
    }

    @Test("seeded outlines: a rotated 4 m × 2 m rectangle gives 4 × 2, and no angle gives a smaller box")
    func smallest() {
        var rng = SplitMix64(seed: 41)
        for _ in 0..<200 {
            let angle = Double.random(in: 0..<Double.pi, using: &rng)
            let (c, s) = (cos(angle), sin(angle))
            let rectangle = [Point(0, 0), Point(4, 0), Point(4, 2), Point(0, 2), Point(4, 2)].map {
                Point($0.x * c - $0.y * s + 10, $0.x * s + $0.y * c - 3)
            }
            let (length, width) = EnclosingRectangle.of(rectangle)
            #expect(abs(length - 4) < 1e-9 && abs(width - 2) < 1e-9)
            // Random outlines: the answer is no larger than the box at any sampled angle.
            let points = (0..<12).map { _ in Point(Double.random(in: 0...5, using: &rng), Double.random(in: 0...3, using: &rng)) }
            let (a, b) = EnclosingRectangle.of(points)
            for k in 0..<180 {
                let t = Double(k) * Double.pi / 180
                let u = points.map { $0.x * cos(t) + $0.y * sin(t) }
                let v = points.map { -$0.x * sin(t) + $0.y * cos(t) }
                let area = (u.max()! - u.min()!) * (v.max()! - v.min()!)
                #expect(a * b <= area + 1e-9)
            }
        }
    }

    /// The rectangle found by measuring every hull corner against every hull edge: the
    /// O(*h*²) reference for the calipers.
    static func measuredAgainstEveryEdge(_ points: [Point]) -> (Double, Double) {
        let hull = EnclosingRectangle.convexHull(points)
        var best: (area: Double, a: Double, b: Double)? = nil
        for i in hull.indices {
            let (p, q) = (hull[i], hull[(i + 1) % hull.count])
            let length = Segment(p, q).length
            guard length > 1e-12 else { continue }
            let u = Point((q.x - p.x) / length, (q.y - p.y) / length)
            let along = hull.map { $0.x * u.x + $0.y * u.y }
            let across = hull.map { -$0.x * u.y + $0.y * u.x }
            let (a, b) = (along.max()! - along.min()!, across.max()! - across.min()!)
            if best == nil || a * b < best!.area { best = (a * b, a, b) }
        }
        guard let best else { return (0, 0) }
        return (max(best.a, best.b), min(best.a, best.b))
    }

    @Test("the calipers give the rectangle that measuring every corner against every edge gives: seeded clouds, round rooms, slivers")
    func calipersAgainstEveryEdge() {
        var rng = SplitMix64(seed: 42)
        for round in 0..<400 {
            let count = Int.random(in: 1...300, using: &rng)
            let points: [Point]
            switch round % 3 {
            case 0:
                points = (0..<count).map { _ in Point(Double.random(in: -5...5, using: &rng), Double.random(in: -1...3, using: &rng)) }
            case 1:
                // Every point on the hull, as in a round room drawn in short steps.
                let (rx, ry) = (Double.random(in: 0.5...4, using: &rng), Double.random(in: 0.5...4, using: &rng))
                points = (0..<count).map { k in
                    let t = 2 * Double.pi * Double(k) / Double(count)
                    return Point(rx * cos(t), ry * sin(t))
                }
            default:
                // A sliver: nearly collinear points.
                points = (0..<count).map { _ in
                    let t = Double.random(in: 0...6, using: &rng)
                    return Point(t, 0.5 * t + Double.random(in: -1e-6...1e-6, using: &rng))
                }
            }
            let (a, b) = EnclosingRectangle.of(points)
            let (c, d) = Self.measuredAgainstEveryEdge(points)
            // The same smallest area; an ellipse has many edges of nearly that area, and
            // rounding may pick a neighbour of the reference's, with other sides.
            #expect(abs(a * b - c * d) <= 1e-9 * max(1, c * d) && a >= b, "round \(round): \((a, b)) against \((c, d))")
            if round % 3 != 1 { #expect(abs(a - c) <= 1e-9 * max(1, c) && abs(b - d) <= 1e-9 * max(1, c), "round \(round)") }
        }
    }

    @Test("a round room of 200,000 corners, all on the hull: the calipers give the circle's square")
    func roundRoom() {
        let count = 200_000
        let points = (0..<count).map { k in
            let t = 2 * Double.pi * Double(k) / Double(count)
            return Point(2.5 * cos(t), 2.5 * sin(t))
        }
        let (length, width) = EnclosingRectangle.of(points)
        #expect(abs(length - 5) < 1e-6 && abs(width - 5) < 1e-6)
    }
}
