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
    /// Where each half-edge stands in its node's `around`.
    private(set) var slot: [Int] = []

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
        var cutCount = 0
        var overlaps = false
        var crossings = CrossingSnap(ring)
        try Self.findContacts(edges) { i, j, contact in
            switch contact {
            case .disjoint: break
            case .crossing(let rounded):
                let p = crossings.snap(rounded)
                cuts[i].append(p)
                cuts[j].append(p)
                cutCount += 2
            case .touching(let p):
                cuts[i].append(p)
                cuts[j].append(p)
                cutCount += 2
            case .overlapping(let a, let b):
                cuts[i] += [a, b]
                cuts[j] += [a, b]
                cutCount += 4
                overlaps = true
            }
        }
        // Split every edge at its cuts, in order along it. Where the ring runs over itself,
        // a piece comes twice: keep it once.
        var index: [Point: Int] = [:]
        index.reserveCapacity(n + cutCount)
        nodes.reserveCapacity(n + cutCount)
        origin.reserveCapacity(2 * (n + cutCount))
        func node(_ p: Point) -> Int {
            if let k = index[p] { return k }
            index[p] = nodes.count
            nodes.append(p)
            return nodes.count - 1
        }
        var seen = Set<UInt64>()
        func link(_ from: Int, _ to: Int) {
            let key = UInt64(min(from, to)) << 32 | UInt64(max(from, to))
            if from != to && (!overlaps || seen.insert(key).inserted) {
                origin.append(from)
                origin.append(to)
            }
        }
        let vertexNodes = ring.map(node)
        for (i, edge) in edges.enumerated() {
            var from = vertexNodes[i]
            if !cuts[i].isEmpty {
                let (dx, dy) = (edge.end.x - edge.start.x, edge.end.y - edge.start.y)
                let along = { (p: Point) in (p.x - edge.start.x) * dx + (p.y - edge.start.y) * dy }
                for p in cuts[i].sorted(by: { along($0) < along($1) }) {
                    let to = node(p)
                    link(from, to)
                    from = to
                }
            }
            link(from, vertexNodes[(i + 1) % n])
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
                let contact =
                    a.start < b.start || (a.start == b.start && a.end < b.end)
                    ? SegmentIntersection.classify(a, b) : SegmentIntersection.classify(b, a)
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
        slot = [Int](repeating: 0, count: halfEdges)
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
            doubledAreas.append(Ring.doubledSignedArea(of: walk.map { nodes[origin[$0]] }))
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

    /// The even-odd parity of each face: the unbounded face is even, and crossing an edge
    /// between two different faces changes it. This is what GEOS `MakeValid` (linework)
    /// keeps: the odd faces.
    func parities() -> [Bool] {
        guard !walks.isEmpty else { return [] }
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
        var onBoundary = [Bool](repeating: false, count: origin.count)
        for h in walks[f] { onBoundary[h] = true }
        for h in walks[f] where face[h ^ 1] == f { onBoundary[h] = false }
        // Next along the boundary: clockwise from the twin, skipping half-edges that are
        // not part of it.
        func following(_ h: Int) -> Int {
            let out = around[origin[h ^ 1]]
            var k = slot[h ^ 1]
            repeat {
                k = (k + out.count - 1) % out.count
            } while !onBoundary[out[k]]
            return out[k]
        }
        var best: (area: Double, points: [Point]) = (0, [])
        var done = [Bool](repeating: false, count: origin.count)
        for start in walks[f] where onBoundary[start] && !done[start] {
            var cycle: [Int] = []
            var h = start
            repeat {
                done[h] = true
                cycle.append(origin[h])
                h = following(h)
            } while h != start
            for loop in simpleLoops(cycle) {
                let points = loop.map { nodes[$0] }
                let area = Ring.doubledSignedArea(of: points)
                if area > best.area { best = (area, points) }
            }
        }
        return best.points
    }

    /// A closed walk (node ids) cut into loops that each visit a node once, at every node
    /// it visits again.
    func simpleLoops(_ walk: [Int]) -> [[Int]] {
        var loops: [[Int]] = []
        var stack: [Int] = []
        var position = [Int](repeating: -1, count: nodes.count)
        for v in walk {
            let k = position[v]
            if k >= 0 {
                loops.append(Array(stack[k...]))
                for u in stack[(k + 1)...] { position[u] = -1 }
                stack.removeSubrange((k + 1)...)
            } else {
                position[v] = stack.count
                stack.append(v)
            }
        }
        loops.append(stack)
        return loops
    }
}

/// Crossing points made one where rounding made them differ: a segment that crosses a stretch
/// the ring runs over twice crosses it once, but the two rounded points, each computed from
/// another pair of edges, can lie a unit in the last place apart, and two nodes that close
/// would leave a gap the faces run through. A crossing within ``tolerance`` of an earlier
/// one becomes that point. The tolerance is 2⁻⁴⁰ of the ring's extent,
/// far below anything drawn and far above rounding.
struct CrossingSnap {
    let tolerance: Double
    private var cells: [SIMD2<Int64>: [Point]] = [:]

    init(_ vertices: [Point]) {
        var (low, high) = (Point(.infinity, .infinity), Point(-.infinity, -.infinity))
        for p in vertices {
            low = Point(Swift.min(low.x, p.x), Swift.min(low.y, p.y))
            high = Point(Swift.max(high.x, p.x), Swift.max(high.y, p.y))
        }
        let extent = Swift.max(high.x - low.x, high.y - low.y, low.x.magnitude, low.y.magnitude, high.x.magnitude, high.y.magnitude)
        tolerance = Swift.max(extent, .leastNormalMagnitude) * 0x1p-40
    }

    private func cell(_ p: Point) -> SIMD2<Int64> {
        func index(_ v: Double) -> Int64 { Int64(Swift.min(Swift.max((v / tolerance).rounded(.down), -1e18), 1e18)) }
        return SIMD2(index(p.x), index(p.y))
    }

    private mutating func insert(_ p: Point) { cells[cell(p), default: []].append(p) }

    /// The earlier point within the tolerance of `p`, or `p` (then remembered).
    mutating func snap(_ p: Point) -> Point {
        let c = cell(p)
        for dx in Int64(-1)...1 {
            for dy in Int64(-1)...1 {
                for q in cells[c &+ SIMD2(dx, dy)] ?? [] where (q.x - p.x).magnitude <= tolerance && (q.y - p.y).magnitude <= tolerance {
                    return q
                }
            }
        }
        insert(p)
        return p
    }
}
