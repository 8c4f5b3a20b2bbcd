/// The faces that a closed polyline cuts the plane into: the polyline is split at every
/// point where it meets itself (crossings, touches, overlaps), repeated pieces are kept
/// once, and the faces are traced around the resulting planar graph. Orientation tests
/// and the angular order around each node are exact; crossing points are rounded to the
/// nearest representable point, as GEOS rounds them.
struct PlanarFaces {
    /// Why the faces could not be formed.
    enum Failure: Error, Hashable, Sendable {
        /// More pairs of edges to examine than ``pairBudget``: a scribble, not a lasso.
        case tooTangled
    }

    /// The nodes: every distinct point of the split polyline.
    private(set) var nodes: [Point] = []
    /// Half-edges `2e` and `2e + 1` run along undirected edge `e` in its two directions;
    /// `origin[h]` is where half-edge `h` starts, and its twin is `h ^ 1`.
    private(set) var origin: [Int] = []
    /// The next half-edge around the same face, which lies on the left of both.
    private(set) var next: [Int] = []
    /// The face of each half-edge.
    private(set) var face: [Int] = []
    /// Each face's half-edges, in walk order.
    private(set) var walks: [[Int]] = []
    /// Each face's doubled signed area: positive for bounded faces (counter-clockwise in
    /// the x-right, y-up sense of ``Predicates/orient2d(_:_:_:)``), negative for the
    /// unbounded one.
    private(set) var doubledAreas: [Double] = []
    /// The unbounded face.
    private(set) var outerFace = 0
    /// The outgoing half-edges of each node in counter-clockwise order.
    private(set) var around: [[Int]] = []

    /// Pairs of edges whose x-ranges overlap that may be examined: 64 per edge and a
    /// million more. A hand-drawn lasso meets far fewer (a few per edge); a dense scribble
    /// of 100,000 points could meet billions.
    static func pairBudget(edges: Int) -> Int { 64 * edges + 1_000_000 }

    /// The faces of the closed polyline through `points` (the last point joins the first).
    init(closedPolyline points: [Point]) throws(Failure) {
        var ring: [Point] = []
        for p in points where ring.last != p { ring.append(p) }
        while ring.count > 1 && ring.first == ring.last { ring.removeLast() }
        let n = ring.count
        guard n >= 2 else { return }
        let edges = (0..<n).map { Segment(ring[$0], ring[($0 + 1) % n]) }
        var cuts = [[Point]](repeating: [], count: n)
        try Self.findContacts(edges) { i, j, contact in
            switch contact {
            case .disjoint: break
            case .crossing(let p), .touching(let p):
                cuts[i].append(p)
                cuts[j].append(p)
            case .overlapping(let a, let b):
                cuts[i] += [a, b]
                cuts[j] += [a, b]
            }
        }
        // Split every edge at its cuts, in order along it; keep each piece once.
        var index: [Point: Int] = [:]
        func node(_ p: Point) -> Int {
            if let k = index[p] { return k }
            index[p] = nodes.count
            nodes.append(p)
            return nodes.count - 1
        }
        var seen = Set<UInt64>()
        for (i, edge) in edges.enumerated() {
            let (dx, dy) = (edge.end.x - edge.start.x, edge.end.y - edge.start.y)
            let along = { (p: Point) in (p.x - edge.start.x) * dx + (p.y - edge.start.y) * dy }
            let stops = [edge.start] + cuts[i].sorted { along($0) < along($1) } + [edge.end]
            var from = node(stops[0])
            for p in stops.dropFirst() {
                let to = node(p)
                if to == from { continue }
                let key = UInt64(min(from, to)) << 32 | UInt64(max(from, to))
                if seen.insert(key).inserted {
                    origin += [from, to]
                }
                from = to
            }
        }
        traceFaces()
    }

    /// Calls `body` for every pair of edges that meet, other than neighbours meeting only
    /// at their shared vertex: a sweep over the edges sorted by their left ends, each
    /// compared with those still open whose y-range overlaps.
    private static func findContacts(
        _ edges: [Segment], _ body: (Int, Int, SegmentIntersection) -> Void
    ) throws(Failure) {
        let n = edges.count
        let order = (0..<n).sorted { min(edges[$0].start.x, edges[$0].end.x) < min(edges[$1].start.x, edges[$1].end.x) }
        var open: [Int] = []
        var budget = pairBudget(edges: n)
        for i in order {
            let e = edges[i]
            let left = min(e.start.x, e.end.x)
            let (low, high) = (min(e.start.y, e.end.y), max(e.start.y, e.end.y))
            open.removeAll { max(edges[$0].start.x, edges[$0].end.x) < left }
            budget -= open.count
            if budget < 0 { throw .tooTangled }
            for j in open {
                let f = edges[j]
                if max(f.start.y, f.end.y) < low || min(f.start.y, f.end.y) > high { continue }
                // The same rounded crossing whichever edge comes first and whichever way
                // each runs: the result must not depend on the ring's start or direction.
                let (a, b) = (Self.canonical(e), Self.canonical(f))
                let contact = a.start < b.start || (a.start == b.start && a.end < b.end) ? SegmentIntersection.classify(a, b) : SegmentIntersection.classify(b, a)
                if !contact.meets { continue }
                let neighbours = (i + 1) % n == j || (j + 1) % n == i
                if neighbours, n > 2, case .touching = contact { continue }
                body(i, j, contact)
            }
            open.append(i)
        }
    }

    /// The segment from its lesser end to its greater.
    static func canonical(_ s: Segment) -> Segment { s.start < s.end ? s : Segment(s.end, s.start) }

    /// Orders each node's half-edges by angle, links each half-edge to the next one
    /// around its face, and walks the faces.
    private mutating func traceFaces() {
        let halfEdges = origin.count
        around = [[Int]](repeating: [], count: nodes.count)
        for h in 0..<halfEdges { around[origin[h]].append(h) }
        var slot = [Int](repeating: 0, count: halfEdges)
        for v in nodes.indices {
            let centre = nodes[v]
            around[v].sort { Self.counterClockwise(from: centre, nodes[origin[$0 ^ 1]], before: nodes[origin[$1 ^ 1]]) }
            for (k, h) in around[v].enumerated() { slot[h] = k }
        }
        // Arriving at v along h, the face on h's left continues along the half-edge just
        // clockwise of h's twin.
        next = (0..<halfEdges).map { h in
            let out = around[origin[h ^ 1]]
            let k = slot[h ^ 1]
            return out[(k + out.count - 1) % out.count]
        }
        face = [Int](repeating: -1, count: halfEdges)
        for start in 0..<halfEdges where face[start] < 0 {
            var walk: [Int] = []
            var h = start
            repeat {
                face[h] = walks.count
                walk.append(h)
                h = next[h]
            } while h != start
            walks.append(walk)
            doubledAreas.append(Self.doubledArea(walk.map { nodes[origin[$0]] }))
        }
        outerFace = doubledAreas.indices.min { doubledAreas[$0] < doubledAreas[$1] } ?? 0
    }

    /// Whether the direction from `centre` to `a` comes before the one to `b` counter-
    /// clockwise from the positive x-axis (exact: half-planes, then orientation).
    static func counterClockwise(from centre: Point, _ a: Point, before b: Point) -> Bool {
        func upper(_ p: Point) -> Bool { p.y > centre.y || (p.y == centre.y && p.x > centre.x) }
        let (ua, ub) = (upper(a), upper(b))
        if ua != ub { return ua }
        return Predicates.orient2d(centre, a, b) > 0
    }

    /// Twice the signed area of a closed walk (shoelace, relative to its first point).
    static func doubledArea(_ points: [Point]) -> Double {
        guard let first = points.first else { return 0 }
        var sum = 0.0
        for k in points.indices {
            let a = points[k]
            let b = points[(k + 1) % points.count]
            sum += (a.x - first.x) * (b.y - first.y) - (b.x - first.x) * (a.y - first.y)
        }
        return sum
    }

    /// The even-odd parity of each face: the unbounded face is even, and crossing an edge
    /// between two different faces changes it. This is what GEOS `MakeValid` (linework)
    /// keeps: the odd faces.
    func parities() -> [Bool] {
        var odd = [Bool?](repeating: nil, count: walks.count)
        odd[outerFace] = false
        var queue = [outerFace]
        while let f = queue.popLast() {
            for h in walks[f] {
                let g = face[h ^ 1]
                if g != f && odd[g] == nil {
                    odd[g] = !odd[f]!
                    queue.append(g)
                }
            }
        }
        return odd.map { $0 ?? false }
    }

    /// The outer boundary of face `f` with its holes filled: the edges that `f` has on one
    /// side only, followed with `f` on the left and split where the boundary meets itself;
    /// the loop enclosing the most.
    func outerBoundary(of f: Int) -> [Point] {
        let own = Set(walks[f])
        let boundary = own.filter { !own.contains($0 ^ 1) }
        // Next along the boundary: clockwise from the twin, skipping half-edges that are
        // not part of it.
        func following(_ h: Int) -> Int {
            let out = around[origin[h ^ 1]]
            var k = out.firstIndex(of: h ^ 1)!
            repeat {
                k = (k + out.count - 1) % out.count
            } while !boundary.contains(out[k])
            return out[k]
        }
        var best: (area: Double, points: [Point]) = (0, [])
        var done = Set<Int>()
        for start in boundary.sorted() where !done.contains(start) {
            var cycle: [Point] = []
            var h = start
            repeat {
                done.insert(h)
                cycle.append(nodes[origin[h]])
                h = following(h)
            } while h != start
            for loop in Self.simpleLoops(cycle) {
                let area = Self.doubledArea(loop)
                if area > best.area { best = (area, loop) }
            }
        }
        return best.points
    }

    /// A closed walk cut into loops that each visit a point once, at every point it
    /// visits again.
    static func simpleLoops(_ walk: [Point]) -> [[Point]] {
        var loops: [[Point]] = []
        var stack: [Point] = []
        var position: [Point: Int] = [:]
        for p in walk {
            if let k = position[p] {
                loops.append(Array(stack[k...]))
                for q in stack[(k + 1)...] { position[q] = nil }
                stack.removeSubrange((k + 1)...)
            } else {
                position[p] = stack.count
                stack.append(p)
            }
        }
        loops.append(stack)
        return loops
    }
}
