import Foundation
import RemoGeometry

/// The room turned so that one wall direction runs along x: the outline, the obstacles
/// and their boxes in that frame, computed once per ``FitChecker`` and shared by every
/// product and by all four quarter turns of a piece. The free rectangles are found in
/// it, and the slow search's cheap floating-point filter works in it; every position is
/// confirmed exactly on the plan.
final class TurnedFrame: Sendable {
    /// A straight piece of outline a piece's back can stand against.
    struct Wall: Sendable {
        /// Its y (along x) or x (along y) in this frame.
        var at: Double
        /// Its extent along the other axis.
        var low: Double
        var high: Double
    }

    let degrees: Double
    /// ``degrees`` turned by each quarter turn, in [0, 360).
    private let quarterDegrees: SIMD4<Double>
    /// The plan's directions of this frame's x and y axes.
    let u: Point
    let v: Point
    let ring: [Point]
    /// The outline's edges in blocks, so that the cheap filter looks only at the part of
    /// the outline near a rectangle (a floor of thousands of corners made each position
    /// of the slow search a pass over all of them).
    let ringBlocks: EdgeBlocks
    let box: BoundingBox
    /// The obstacles' corners, one obstacle after another (one array, not one per
    /// obstacle: see ``obstacle(_:)``), and where each obstacle's corners end.
    let obstacleCorners: [Point]
    private let obstacleEnds: [Int]
    let obstacleBoxes: [BoundingBox]

    init(degrees: Double, outline: Ring, obstacles: [FreeFloor.Obstacle]) {
        self.degrees = degrees
        var quarterDegrees = SIMD4<Double>()
        for quarter in 0..<4 {
            let turned = (degrees + Double(quarter) * 90).truncatingRemainder(dividingBy: 360)
            quarterDegrees[quarter] = turned < 0 ? turned + 360 : turned
        }
        self.quarterDegrees = quarterDegrees
        let angle = degrees * .pi / 180
        u = Point(cos(angle), sin(angle))
        v = Point(-u.y, u.x)
        let (u, v) = (u, v)
        func turned(_ p: Point) -> Point { Point(p.x * u.x + p.y * u.y, p.x * v.x + p.y * v.y) }
        ring = outline.vertices.map(turned)
        ringBlocks = EdgeBlocks(ring[...], closed: true)
        var corners: [Point] = []
        var ends: [Int] = []
        var boxes: [BoundingBox] = []
        corners.reserveCapacity(obstacles.reduce(0) { $0 + $1.cornerCount })
        ends.reserveCapacity(obstacles.count)
        boxes.reserveCapacity(obstacles.count)
        for obstacle in obstacles {
            var (low, high) = (Point(.infinity, .infinity), Point(-.infinity, -.infinity))
            let start = corners.count
            obstacle.forEachCorner { p in
                let q = turned(p)
                corners.append(q)
                (low, high) = (Point(min(low.x, q.x), min(low.y, q.y)), Point(max(high.x, q.x), max(high.y, q.y)))
            }
            ends.append(corners.count)
            boxes.append(corners.count > start ? BoundingBox(min: low, max: high) : BoundingBox(min: Point(0, 0), max: Point(0, 0)))
        }
        (obstacleCorners, obstacleEnds, obstacleBoxes) = (corners, ends, boxes)
        box = BoundingBox(of: ring) ?? BoundingBox(min: Point(0, 0), max: Point(0, 0))
    }

    /// The plan's direction of this frame's x axis turned `quarter` quarter turns (exact:
    /// a quarter turn swaps and negates).
    @inline(__always)
    func axis(_ quarter: Int) -> Point {
        switch quarter & 3 {
        case 0: u
        case 1: v
        case 2: Point(-u.x, -u.y)
        default: Point(-v.x, -v.y)
        }
    }

    /// This frame's degrees turned `quarter` quarter turns, in [0, 360).
    @inline(__always)
    func degrees(_ quarter: Int) -> Double { quarterDegrees[quarter & 3] }

    /// How many obstacles there are.
    var obstacleCount: Int { obstacleEnds.count }

    /// The corners of obstacle `k` in this frame.
    func obstacle(_ k: Int) -> ArraySlice<Point> { obstacleCorners[(k == 0 ? 0 : obstacleEnds[k - 1])..<obstacleEnds[k]] }

    /// A plan point in this frame.
    func turned(_ p: Point) -> Point { Point(p.x * u.x + p.y * u.y, p.x * v.x + p.y * v.y) }

    /// A point of this frame back on the plan.
    func plan(_ p: Point) -> Point { Point(p.x * u.x + p.y * v.x, p.x * u.y + p.y * v.y) }

    /// For each quarter turn of a piece (see ``ClearedBox/turned(quarter:)``), the outline
    /// edges its back can stand against: along x with the floor above (0), along y with
    /// the floor to the left (1), along x with the floor below (2), along y with the floor
    /// to the right (3). Found when the slow search needs them, not kept.
    func walls() -> [[Wall]] {
        var walls: [[Wall]] = [[], [], [], []]
        let nudge = FitTolerance.wallSide * max(1, box.width, box.height)
        for i in ring.indices {
            let p = ring[i]
            let q = ring[(i + 1) % ring.count]
            if abs(p.y - q.y) <= FitTolerance.squareToFrame * max(1, abs(p.y)) + 1e-12 {
                let wall = Wall(at: p.y, low: min(p.x, q.x), high: max(p.x, q.x))
                let floorAbove = insideOutline(Point((p.x + q.x) / 2, p.y + nudge))
                walls[floorAbove ? 0 : 2].append(wall)
            } else if abs(p.x - q.x) <= FitTolerance.squareToFrame * max(1, abs(p.x)) + 1e-12 {
                let wall = Wall(at: p.x, low: min(p.y, q.y), high: max(p.y, q.y))
                let floorLeft = insideOutline(Point(p.x - nudge, (p.y + q.y) / 2))
                walls[floorLeft ? 1 : 3].append(wall)
            }
        }
        return walls
    }

    /// Lower-left corners of a `w` × `h` box with its back against a wall, for the piece
    /// turned `quarter` quarter turns: at each wall's ends and at every outline and
    /// obstacle vertex along it (where furniture stands).
    func cornersAgainstWalls(quarter: Int, width w: Double, height h: Double) -> [Point] {
        var corners: [Point] = []
        let alongX = quarter % 2 == 0
        let length = alongX ? w : h
        for wall in walls()[quarter & 3] where wall.high - wall.low >= length - FitTolerance.length {
            func add(_ s: Double) {
                guard s >= wall.low - FitTolerance.length && s + length <= wall.high + FitTolerance.length else { return }
                switch quarter & 3 {
                case 0: corners.append(Point(s, wall.at))
                case 1: corners.append(Point(wall.at - w, s))
                case 2: corners.append(Point(s, wall.at - h))
                default: corners.append(Point(wall.at, s))
                }
            }
            add(wall.low)
            add(wall.high - length)
            for p in ring {
                add(alongX ? p.x : p.y)
                add((alongX ? p.x : p.y) - length)
            }
            for p in obstacleCorners {
                add(alongX ? p.x : p.y)
                add((alongX ? p.x : p.y) - length)
            }
        }
        return corners
    }

    /// Floating-point point-in-polygon (crossing number), for the cheap filter only.
    static func inside(_ p: Point, _ ring: ArraySlice<Point>) -> Bool {
        var inside = false
        var a = ring[ring.endIndex - 1]
        for b in ring {
            if crosses(a, b, rightOf: p) { inside.toggle() }
            a = b
        }
        return inside
    }

    /// Whether edge ab crosses the ray cast rightwards from p (half-open in y).
    @inline(__always)
    static func crosses(_ a: Point, _ b: Point, rightOf p: Point) -> Bool {
        (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
    }

    /// ``inside(_:_:)`` for the outline, looking only at the edges of blocks whose height
    /// spans p's (no other edge can cross p's row): the same answer.
    func insideOutline(_ p: Point) -> Bool {
        var inside = false
        ringBlocks.forEachBlock(spanning: p.y) { edges in
            for i in edges where Self.crosses(ring[i], ring[i + 1 == ring.count ? 0 : i + 1], rightOf: p) { inside.toggle() }
        }
        return inside
    }

    /// The cheap filter for the rectangle [x0, x1] × [y0, y1]: slightly shrunk, it lies
    /// inside the outline, clear of outline vertices, and off the obstacles' boxes or,
    /// where boxes meet, their polygons. Cheapest tests first, nothing allocated.
    func roughlyHolds(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
        let e = FitTolerance.roughShrink
        let (x0, y0, x1, y1) = (x0 + e, y0 + e, x1 - e, y1 - e)
        @inline(__always) func strictlyIn(_ p: Point) -> Bool { p.x > x0 && p.x < x1 && p.y > y0 && p.y < y1 }
        for (k, b) in obstacleBoxes.enumerated() where b.max.x > x0 && b.min.x < x1 && b.max.y > y0 && b.min.y < y1 {
            let obstacle = self.obstacle(k)
            // A vertex inside, the rectangle's centre inside the obstacle, or crossing edges.
            if obstacle.contains(where: strictlyIn) { return false }
            if Self.inside(Point((x0 + x1) / 2, (y0 + y1) / 2), obstacle) { return false }
            for j in obstacle.indices {
                let edge = Segment(obstacle[j], obstacle[j + 1 == obstacle.endIndex ? obstacle.startIndex : j + 1])
                for side in 0..<4 {
                    let a = Point(side == 1 || side == 2 ? x1 : x0, side >= 2 ? y1 : y0)
                    let b = Point(side == 0 || side == 1 ? x1 : x0, side == 0 || side == 3 ? y0 : y1)
                    if case .crossing = SegmentIntersection.classify(Segment(a, b), edge) { return false }
                }
            }
        }
        // A corner of the outline strictly inside (corner i starts edge i).
        let meets = { (b: BoundingBox) in b.max.x > x0 && b.min.x < x1 && b.max.y > y0 && b.min.y < y1 }
        if ringBlocks.contains(blockWhere: meets, { edges in edges.contains { strictlyIn(ring[$0]) } }) { return false }
        return insideOutline(Point(x0, y0)) && insideOutline(Point(x1, y0)) && insideOutline(Point(x1, y1))
            && insideOutline(Point(x0, y1))
    }
}
