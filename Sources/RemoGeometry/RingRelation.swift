/// How two simple rings' regions relate.
///
/// Agrees with the DE-9IM matrix: ``overlapping`` exactly when GEOS `relate` gives
/// an interior–interior entry other than `F`, ``touching`` when only the boundaries meet.
public enum RingRelation: String, Hashable, Sendable {
    /// No common point.
    case disjoint
    /// The boundaries meet, the interiors do not.
    case touching
    /// The interiors meet: crossing, containment and equality included.
    case overlapping
}

extension Ring {
    /// The relation of this ring's region to `other`'s; both rings must be simple
    /// (for others the answer is unspecified, never a trap).
    ///
    /// The monotone chains of both rings are paired directly where their boxes overlap
    /// (or swept, for comb-like inputs; see ``simplicity()``). Two edges that cross
    /// inside both mean `overlapping`. Every other contact is at a vertex of one ring, and
    /// there the two regions' wedges are compared exactly: if they share a direction
    /// the interiors meet. With contacts and no shared direction the rings touch;
    /// with no contact at all, one vertex of each ring decides containment.
    ///
    /// - Complexity: O((*n* + *m*) log(*n* + *m*)).
    public func relation(to other: Ring) -> RingRelation { relation(to: other, strategy: .automatic) }

    /// ``relation(to:)`` with a chosen strategy, so tests can hold each path to the oracles.
    func relation(to other: Ring, strategy: ContactStrategy) -> RingRelation {
        guard count >= 3, other.count >= 3 else { return .disjoint }
        if let a = boundingBox, let b = other.boundingBox, !a.intersects(b) { return .disjoint }
        // The direct pairs along x, else along y; the sweep when both give up.
        let contact =
            boundaryContactByPairs(with: other, AlongX.self, strategy: strategy)
            ?? boundaryContactByPairs(with: other, AlongY.self, strategy: strategy) ?? boundaryContactBySweep(with: other)
        switch contact {
        case .interiorsMeet: return .overlapping
        case .touching: return .touching
        case .apart:
            let inside = other.locate(closedVertices[0]) == .inside || locate(other.closedVertices[0]) == .inside
            return inside ? .overlapping : .disjoint
        }
    }

    /// What the direct pairs along `Axis` find where the two rings' boundaries meet;
    /// `nil` when the strategy does not run them there or they give up.
    private func boundaryContactByPairs<Axis: ChainAxis>(
        with other: Ring, _ axis: Axis.Type, strategy: ContactStrategy
    ) -> BoundaryContact? {
        guard let budget = strategy.pairsBudget(along: axis, count: count + other.count) else { return nil }
        let box = boundingBox.flatMap { a in other.boundingBox.map { a.union($0) } }
        let chains = MonotoneChains<Axis>(
            closedVertices, other.closedVertices, depthLimit: ContactStrategy.depthLimit(budget: budget, box: box, along: axis))
        if chains.isTooDeep { return nil }
        var examiner = ContactExaminer(first: self, second: other)
        guard let stopped = ChainPairs.run(chains, examiner: &examiner, crossRingsOnly: true, budget: budget) else { return nil }
        return BoundaryContact(interiorsMeet: stopped, touched: examiner.touched)
    }

    /// What the sweep finds where the two rings' boundaries meet.
    private func boundaryContactBySweep(with other: Ring) -> BoundaryContact {
        let chains = MonotoneChains<AlongX>(closedVertices, other.closedVertices)
        var sweep = ChainSweep(chains: chains, examiner: ContactExaminer(first: self, second: other))
        let stopped = sweep.run()
        return BoundaryContact(interiorsMeet: stopped, touched: sweep.examiner.touched)
    }
}

/// Where two rings' boundaries meet, as far as the boundaries tell.
private enum BoundaryContact {
    /// The interiors meet at some contact (the examiner stopped there).
    case interiorsMeet
    /// The boundaries meet, the interiors do not there.
    case touching
    /// The boundaries have no common point: containment decides.
    case apart

    init(interiorsMeet: Bool, touched: Bool) {
        self = interiorsMeet ? .interiorsMeet : touched ? .touching : .apart
    }
}

/// Finds how two rings meet for ``Ring/relation(to:)``. It stops the sweep when
/// the interiors meet.
private struct ContactExaminer: ChainSweepExaminer {
    let first: Ring
    let second: Ring
    /// 1 when a ring turns counter-clockwise with y up, -1 otherwise.
    let turns: (Int, Int)
    var touched = false

    init(first: Ring, second: Ring) {
        self.first = first
        self.second = second
        turns = (first.mathematicalOrientation >= 0 ? 1 : -1, second.mathematicalOrientation >= 0 ? 1 : -1)
    }

    var n: Int { first.count }

    func ring(_ r: Int) -> Ring { r == 0 ? first : second }

    mutating func examine(_ a: Int, _ b: Int) -> Bool {
        guard (a < n) != (b < n) else { return false }
        let (ea, eb) = a < n ? (a, b - n) : (b, a - n)
        let contact: Point
        switch SegmentIntersection.classify(first.edge(ea), second.edge(eb)) {
        case .disjoint: return false
        case .crossing: return true
        case .touching(let p): contact = p
        case .overlapping(let p, _): contact = p
        }
        touched = true
        return wedgesOverlap(at: contact, firstEdge: ea, secondEdge: eb)
    }

    mutating func examineEvents(at q: Point, vertices: [Int32]) -> Bool {
        guard let a = vertices.first(where: { Int($0) < n }), let b = vertices.first(where: { Int($0) >= n }) else {
            return false
        }
        touched = true
        return wedgesOverlap(at: q, firstEdge: Int(a), secondEdge: Int(b) - n)
    }

    /// Whether the interiors meet near `q`, a point of edge `ea` of the first ring
    /// and edge `eb` of the second (an endpoint of at least one).
    func wedgesOverlap(at q: Point, firstEdge ea: Int, secondEdge eb: Int) -> Bool {
        Wedge(of: first, edge: ea, at: q, turn: turns.0).overlaps(Wedge(of: second, edge: eb, at: q, turn: turns.1), at: q)
    }
}

/// The open angular region a ring's interior occupies around a point of its
/// boundary: counter-clockwise (y up) from the direction of `start` to that of `end`.
struct Wedge {
    var start: Point
    var end: Point

    /// The wedge at `q`, a point of edge `e` of `ring` (`turn` is the ring's orientation).
    init(of ring: Ring, edge e: Int, at q: Point, turn: Int) {
        let n = ring.count
        let v = ring.closedVertices
        let a = v[e]
        let b = v[e + 1]
        let previous: Point
        let next: Point
        if q == a {
            previous = v[e == 0 ? n - 1 : e - 1]
            next = b
        } else if q == b {
            previous = a
            next = v[e + 2 > n ? 1 : e + 2]
        } else {
            previous = a
            next = b
        }
        // Interior to the left of each edge for a counter-clockwise ring: from the
        // outgoing direction counter-clockwise to the incoming one.
        (start, end) = turn > 0 ? (next, previous) : (previous, next)
    }

    /// Whether the two open wedges at `q` share a direction.
    func overlaps(_ other: Wedge, at q: Point) -> Bool {
        // Angles counter-clockwise from self.end; self covers (θ(start), 2π).
        // The other wedge misses it exactly when 0 ≤ θ(other.start) ≤ θ(other.end) ≤ θ(start).
        !(Self.notAfter(q, end, other.start, other.end) && Self.notAfter(q, end, other.end, start))
    }

    /// Whether θ(u) ≤ θ(v), angles at q counter-clockwise from `reference`.
    static func notAfter(_ q: Point, _ reference: Point, _ u: Point, _ v: Point) -> Bool {
        let hu = half(q, reference, u)
        let hv = half(q, reference, v)
        if hu != hv { return hu < hv }
        return Predicates.orient2d(q, u, v) >= 0
    }

    /// 0 for angles in [0, π) from `reference`, 1 for [π, 2π).
    static func half(_ q: Point, _ reference: Point, _ u: Point) -> Int {
        let o = Predicates.orient2d(q, reference, u)
        if o > 0 { return 0 }
        if o < 0 { return 1 }
        return Predicates.dotSign(q, reference, u) > 0 ? 0 : 1
    }
}
