import RemoGeometry

/// The free floor for the exact check of a placement: the floor outline and the
/// obstacles on it (floor-standing furniture that stays, door clear zones), each obstacle
/// with its box and, when convex, its corners counterclockwise for a separating-axis test.
final class FreeFloor: Sendable {
    /// An obstacle with what the check needs of it, computed once.
    struct Obstacle: Sendable {
        /// Its ring, unless it is a convex quadrilateral (``quad``), which needs none.
        let ring: Ring?
        let box: BoundingBox
        /// The corners counterclockwise when the obstacle is convex and has more or fewer
        /// than four; nil otherwise.
        let convex: [Point]?
        /// The corners counterclockwise, held inline, when there are four and they are
        /// convex (furniture, door zones).
        let quad: Quad?
        /// Its corners as given (for a quadrilateral), in that order.
        private let given: Quad?
        /// Its area.
        let area: Double

        /// The obstacle with these four corners, if they make a simple polygon with
        /// coordinates the exact predicates take: turning one way (a footprint, a door
        /// zone), they are held inline without building a ring.
        init?(corners given: Quad) {
            guard given.isInRange, let quad = given.counterclockwiseIfConvex else {
                guard let ring = try? Ring(given.points), ring.isSimple else { return nil }
                self.init(ring: ring)
                return
            }
            let diagonal = (Point(quad.c.x - quad.a.x, quad.c.y - quad.a.y), Point(quad.d.x - quad.b.x, quad.d.y - quad.b.y))
            let area = (diagonal.0.x * diagonal.1.y - diagonal.0.y * diagonal.1.x) / 2
            self.init(ring: nil, box: quad.box, convex: nil, quad: quad, given: given, area: area)
        }

        /// The obstacle a ring bounds (its box, and its corners when it is convex).
        init?(ring: Ring) {
            guard let box = ring.boundingBox else { return nil }
            let v = ring.vertices
            let i = v.startIndex
            let quad = v.count == 4 ? Quad(v[i], v[i + 1], v[i + 2], v[i + 3]).counterclockwiseIfConvex : nil
            let convex = v.count == 4 ? nil : FreeFloor.counterclockwiseIfConvex(Array(v))
            self.init(ring: ring, box: box, convex: convex, quad: quad, given: nil, area: ring.area)
        }

        private init(ring: Ring?, box: BoundingBox, convex: [Point]?, quad: Quad?, given: Quad?, area: Double) {
            (self.ring, self.box, self.convex, self.quad, self.given, self.area) = (ring, box, convex, quad, given, area)
        }

        /// Calls `body` with each corner in the order given.
        func forEachCorner(_ body: (Point) -> Void) {
            if let given {
                for k in 0..<4 { body(given[k]) }
            } else if let ring {
                for p in ring.vertices { body(p) }
            }
        }

        /// How many corners it has.
        var cornerCount: Int { given != nil ? 4 : ring?.count ?? 0 }
    }

    let outline: Ring
    let obstacles: [Obstacle]

    init(outline: Ring, obstacles: [Obstacle]) {
        self.outline = outline
        self.obstacles = obstacles
    }

    /// The free floor with obstacles given as rings.
    convenience init(outline: Ring, obstacles: [Ring]) {
        self.init(outline: outline, obstacles: obstacles.compactMap { Obstacle(ring: $0) })
    }

    /// Exact: the quadrilateral is strictly convex, lies in the closed floor outline and
    /// meets no obstacle's interior.
    func holds(_ corners: [Point]) -> Bool {
        corners.count == 4 && holds(Quad(corners[0], corners[1], corners[2], corners[3]))
    }

    /// ``holds(_:)`` for four corners held inline, as the fit search makes them: nothing
    /// is allocated unless the outline touches the quadrilateral.
    func holds(_ corners: Quad) -> Bool {
        guard corners.isInRange, let quad = corners.counterclockwiseIfConvex else { return false }
        let box = quad.box
        // No outline vertex strictly inside it.
        for w in outline.vertices where box.contains(w) && quad.strictlyContains(w) { return false }
        // No outline edge through it: a crossing, or two contacts not on one side.
        for k in 0..<outline.count {
            let edge = outline.edge(k)
            guard
                max(edge.start.x, edge.end.x) >= box.min.x, min(edge.start.x, edge.end.x) <= box.max.x,
                max(edge.start.y, edge.end.y) >= box.min.y, min(edge.start.y, edge.end.y) <= box.max.y
            else { continue }
            // The usual case, a wall near the piece: all four corners strictly on one side
            // of its line, so the edge neither crosses nor touches the quadrilateral.
            if quad.strictlyOnOneSide(of: edge.start, edge.end) { continue }
            var contacts: [Point] = []
            for side in 0..<4 {
                switch SegmentIntersection.classify(edge, quad.side(side)) {
                case .crossing: return false
                case .touching(let p): contacts.append(p)
                case .overlapping(let p, let q): contacts += [p, q]
                case .disjoint: break
                }
            }
            for a in contacts.indices {
                for b in contacts.indices where b > a && contacts[a] != contacts[b] {
                    let shareSide = (0..<4).contains { side in
                        let s = quad.side(side)
                        return s.contains(contacts[a]) && s.contains(contacts[b])
                    }
                    if !shareSide { return false }
                }
            }
        }
        // So the outline's boundary stays out of the quadrilateral's interior, which is
        // then wholly on the floor or wholly off it: its middle tells, or else its corners.
        let middle = Point((quad.a.x + quad.c.x) / 2, (quad.a.y + quad.c.y) / 2)
        switch outline.locate(middle) {
        case .inside: break
        case .outside: return false
        case .boundary: for p in quad.points where outline.locate(p) == .outside { return false }
        }
        // Off every obstacle (by index: copying each obstacle out costs more than its test).
        for i in obstacles.indices {
            let b = obstacles[i].box
            guard b.max.x > box.min.x && b.min.x < box.max.x && b.max.y > box.min.y && b.min.y < box.max.y else { continue }
            if let corners = obstacles[i].quad {
                if !quad.separated(from: corners) { return false }
            } else if let convex = obstacles[i].convex {
                if !quad.separated(from: convex) { return false }
            } else {
                guard let ring = try? Ring(quad.points), let obstacle = obstacles[i].ring, ring.relation(to: obstacle) != .overlapping
                else { return false }
            }
        }
        return true
    }

    /// Exact and cheap, for ruling positions out: whether the quadrilateral surely is not
    /// free floor, because a corner of an obstacle or of the outline lies strictly inside
    /// it, or its middle lies strictly inside an obstacle or outside the outline. False
    /// says nothing.
    func surelyNotFree(_ corners: Quad) -> Bool {
        guard corners.isInRange, let quad = corners.counterclockwiseIfConvex else { return false }
        let box = quad.box
        let middle = Point((quad.a.x + quad.c.x) / 2, (quad.a.y + quad.c.y) / 2)
        let middleInside = quad.strictlyContains(middle)
        for i in obstacles.indices {
            let b = obstacles[i].box
            guard b.max.x > box.min.x && b.min.x < box.max.x && b.max.y > box.min.y && b.min.y < box.max.y else { continue }
            // Near a corner strictly inside, the obstacle's inside is inside the quadrilateral.
            if let corners = obstacles[i].quad {
                for k in 0..<4 where box.contains(corners[k]) && quad.strictlyContains(corners[k]) { return true }
                if middleInside && b.contains(middle) && corners.strictlyContains(middle) { return true }
            } else {
                for w in obstacles[i].ring?.vertices ?? [] where box.contains(w) && quad.strictlyContains(w) { return true }
            }
        }
        for w in outline.vertices where box.contains(w) && quad.strictlyContains(w) { return true }
        return middleInside && outline.locate(middle) == .outside
    }

    /// The points counterclockwise if they form a strictly convex polygon, else nil.
    static func counterclockwiseIfConvex(_ points: [Point]) -> [Point]? {
        let n = points.count
        guard n >= 3 else { return nil }
        @inline(__always) func next(_ k: Int) -> Int { k + 1 == n ? 0 : k + 1 }
        var sign = 0
        for k in 0..<n {
            let o = Predicates.orient2d(points[k], points[next(k)], points[next(next(k))])
            if o == 0 || (sign != 0 && o != sign) { return nil }
            sign = o
        }
        // Turning one way at every corner is convex only if it goes round once: then
        // the direction along x changes sign at most twice (counted round the ring).
        var turns = 0
        var last = 0.0
        for k in 0..<(2 * n) {
            let m = k < n ? k : k - n
            let dx = points[next(m)].x - points[m].x
            guard dx != 0 else { continue }
            if last != 0 && (dx > 0) != (last > 0) && k >= n { turns += 1 }
            last = dx
        }
        guard turns <= 2 else { return nil }
        return sign > 0 ? points : points.reversed()
    }
}
