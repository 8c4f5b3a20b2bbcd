/// Whether a ring is simple, and if not, one place that shows it is not.
public enum Simplicity: Hashable, Sendable {
    /// At least three distinct points, and no two edges share a point except
    /// consecutive edges at their common vertex.
    case simple
    /// Fewer than three distinct points after normalisation.
    case tooFewPoints
    /// Two edges meet where they must not.
    case selfIntersection(SelfIntersection)

    /// Whether this is ``simple``.
    public var isSimple: Bool { self == .simple }
}

/// Two edges of a ring that meet where they must not.
public struct SelfIntersection: Hashable, Sendable, CustomStringConvertible {
    /// How the two edges meet.
    public enum Kind: String, Hashable, Sendable {
        /// The edges cross at a point inside both.
        case crossing
        /// A vertex lies on another edge, or two non-consecutive vertices coincide.
        case touching
        /// The edges are collinear and share a stretch (a spike or a gore when consecutive).
        case overlapping
    }

    /// The input index of the first vertex of the lower-numbered edge.
    public let firstEdge: Int
    /// The input index of the first vertex of the other edge.
    public let secondEdge: Int
    /// A point the two edges share (rounded for a crossing).
    public let point: Point
    /// How the edges meet.
    public let kind: Kind

    /// Creates a report; the two edge indices are stored in increasing order.
    public init(edges a: Int, _ b: Int, point: Point, kind: Kind) {
        firstEdge = Swift.min(a, b)
        secondEdge = Swift.max(a, b)
        self.point = point
        self.kind = kind
    }

    public var description: String {
        "edges starting at points \(firstEdge) and \(secondEdge) \(kind == .crossing ? "cross" : kind == .touching ? "touch" : "overlap") at \(point)"
    }
}

extension Ring {
    /// Whether the ring is simple (see ``Simplicity/simple``).
    ///
    /// - Complexity: O(*n* log *n*) in the worst case, where *n* is the number of vertices.
    ///   Rings of up to eight vertices (furniture footprints, rectangles) test every
    ///   pair of edges, which costs less than building chains.
    public var isSimple: Bool { (count <= Self.smallRing ? simplicityByBruteForce() : simplicity()).isSimple }

    /// The most vertices for which ``isSimple`` tests every pair of edges.
    static let smallRing = 8

    /// Tests the edge pair `(a, b)` of this ring (normalised edge numbers, `a != b`):
    /// consecutive edges may share only their common vertex, others nothing.
    ///
    /// Inlined where it is called: most pairs the chain walks meet are consecutive
    /// edges that turn, settled by one orientation test; everything else goes to
    /// `foldedBack` or `edgeContact`.
    @inline(__always)
    func contact(between a: Int, and b: Int) -> SelfIntersection? {
        let n = count
        let aNext = a + 1 == n ? 0 : a + 1
        let bNext = b + 1 == n ? 0 : b + 1
        guard aNext == b || bNext == a else { return edgeContact(a, b) }
        // Consecutive: shared vertex s, far ends u and w. They overlap exactly when
        // u, s, w are collinear and u and w lie on the same side of s.
        let (first, second) = aNext == b ? (a, b) : (b, a)
        guard Predicates.orient2d(closedVertices[first], closedVertices[second], closedVertices[second + 1]) == 0 else {
            return nil
        }
        return foldedBack(first, second)
    }

    /// Consecutive edges `first` → `second` whose three points are collinear: an
    /// overlap (a spike or a gore) when the far ends lie on the same side.
    @inline(never)
    private func foldedBack(_ first: Int, _ second: Int) -> SelfIntersection? {
        let s = closedVertices[second]
        let u = closedVertices[first]
        let w = closedVertices[second + 1]
        guard Predicates.dotSign(s, u, w) > 0 else { return nil }
        let nearer = Segment(s, w).contains(u) ? u : w
        return SelfIntersection(edges: inputIndices[first], inputIndices[second], point: nearer, kind: .overlapping)
    }

    /// Two edges that are not consecutive, which must not meet at all.
    @inline(never)
    private func edgeContact(_ a: Int, _ b: Int) -> SelfIntersection? {
        func report(_ point: Point, _ kind: SelfIntersection.Kind) -> SelfIntersection {
            SelfIntersection(edges: inputIndices[a], inputIndices[b], point: point, kind: kind)
        }
        switch SegmentIntersection.classify(edge(a), edge(b)) {
        case .disjoint: return nil
        case .crossing(let p): return report(p, .crossing)
        case .touching(let p): return report(p, .touching)
        case .overlapping(let p, _): return report(p, .overlapping)
        }
    }

    /// The O(*n*²) reference: tests every pair of edges and reports the first pair
    /// (in edge order) that meets where it must not. For tests and cross-checks.
    ///
    /// - Complexity: O(*n*²).
    @_spi(Testing) public func simplicityByBruteForce() -> Simplicity {
        let n = count
        guard hasThreeDistinctPoints else { return .tooFewPoints }
        for a in 0..<n {
            for b in (a + 1)..<n {
                if let hit = contact(between: a, and: b) { return .selfIntersection(hit) }
            }
        }
        return .simple
    }
}

extension Ring {
    /// Whether the ring has at least three distinct points. Normalisation leaves no two
    /// consecutive vertices equal, but a ring can still go back and forth between two
    /// points (A, B, A, B): that is too few points, not a self-intersection.
    ///
    /// - Complexity: O(*n*) at worst; usually the third vertex settles it.
    public var hasThreeDistinctPoints: Bool {
        guard count >= 3 else { return false }
        let first = vertices[vertices.startIndex]
        let second = vertices[vertices.startIndex + 1]
        return vertices.contains { $0 != first && $0 != second }
    }
}
