import Foundation
import RemoGeometry

/// The room turned so that a piece at one orientation is axis-aligned: the outline,
/// the obstacles and their boxes in that frame, computed once per ``FitChecker`` and
/// shared by every product. Only the search's cheap floating-point filter works here;
/// every position it lets through is confirmed exactly on the plan.
struct TurnedFrame {
    let degrees: Double
    /// The piece's width and depth directions on the plan.
    let u: Point
    let v: Point
    let ring: [Point]
    let box: BoundingBox
    let blocks: [[Point]]
    let blockBoxes: [BoundingBox]
    /// The x of every outline and obstacle vertex: where furniture stands.
    let stops: [Double]
    /// Outline edges along x with the floor on their +y side: where a piece's back can go.
    let backEdges: [(y: Double, low: Double, high: Double)]

    init(degrees: Double, outline: Ring, obstacles: [Ring]) {
        self.degrees = degrees
        let angle = degrees * .pi / 180
        u = Point(cos(angle), sin(angle))
        v = Point(-u.y, u.x)
        let (u, v) = (u, v)
        func turned(_ p: Point) -> Point { Point(p.x * u.x + p.y * u.y, p.x * v.x + p.y * v.y) }
        ring = outline.vertices.map(turned)
        blocks = obstacles.map { $0.vertices.map(turned) }
        blockBoxes = blocks.map { BoundingBox(of: $0) ?? BoundingBox(min: Point(0, 0), max: Point(0, 0)) }
        box = BoundingBox(of: ring) ?? BoundingBox(min: Point(0, 0), max: Point(0, 0))
        stops = ring.map(\.x) + blocks.joined().map(\.x)
        var edges: [(y: Double, low: Double, high: Double)] = []
        for i in ring.indices {
            let p = ring[i]
            let q = ring[(i + 1) % ring.count]
            guard abs(p.y - q.y) <= 1e-9 * max(1, abs(p.y)) + 1e-12 else { continue }
            // The floor must lie on the +v side of this edge: the piece's back against it.
            let mid = Point((p.x + q.x) / 2, p.y + 1e-6 * max(1, box.height))
            guard Self.inside(mid, ring) else { continue }
            edges.append((p.y, min(p.x, q.x), max(p.x, q.x)))
        }
        backEdges = edges
    }

    /// A plan point in this frame.
    func turned(_ p: Point) -> Point { Point(p.x * u.x + p.y * u.y, p.x * v.x + p.y * v.y) }

    /// Floating-point point-in-polygon (crossing number), for the cheap filter only.
    static func inside(_ p: Point, _ ring: [Point]) -> Bool {
        var inside = false
        var a = ring[ring.count - 1]
        for b in ring {
            if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) { inside.toggle() }
            a = b
        }
        return inside
    }

    /// The cheap filter for the rectangle [x0, x1] × [y0, y1]: slightly shrunk, it lies
    /// inside the outline, clear of outline vertices, and off the obstacles' boxes or,
    /// where boxes meet, their polygons. Cheapest tests first, nothing allocated.
    func roughlyHolds(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
        let e = 1e-7
        let (x0, y0, x1, y1) = (x0 + e, y0 + e, x1 - e, y1 - e)
        @inline(__always) func strictlyIn(_ p: Point) -> Bool { p.x > x0 && p.x < x1 && p.y > y0 && p.y < y1 }
        for (block, b) in zip(blocks, blockBoxes) where b.max.x > x0 && b.min.x < x1 && b.max.y > y0 && b.min.y < y1 {
            // A vertex inside, the rectangle's centre inside the obstacle, or crossing edges.
            if block.contains(where: strictlyIn) { return false }
            if Self.inside(Point((x0 + x1) / 2, (y0 + y1) / 2), block) { return false }
            for j in block.indices {
                let edge = Segment(block[j], block[(j + 1) % block.count])
                for side in 0..<4 {
                    let a = Point(side == 1 || side == 2 ? x1 : x0, side >= 2 ? y1 : y0)
                    let b = Point(side == 0 || side == 1 ? x1 : x0, side == 0 || side == 3 ? y0 : y1)
                    if case .crossing = SegmentIntersection.classify(Segment(a, b), edge) { return false }
                }
            }
        }
        if ring.contains(where: strictlyIn) { return false }
        return Self.inside(Point(x0, y0), ring) && Self.inside(Point(x1, y0), ring) && Self.inside(Point(x1, y1), ring)
            && Self.inside(Point(x0, y1), ring)
    }
}
