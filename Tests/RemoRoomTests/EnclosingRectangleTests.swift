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
}
