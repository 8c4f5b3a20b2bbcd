/// What a ``ChainSweep`` reports to: the pairs of segments that are neighbours
/// at some position of the sweep line, and the chain events at each point.
protocol ChainSweepExaminer {
    /// Examines two ring edges (global ids, see ``MonotoneChains``) from different
    /// chains. Returns `true` to stop the sweep.
    mutating func examine(_ a: Int, _ b: Int) -> Bool
    /// Examines the distinct vertices (global ids) at which chains start or end at
    /// point `q`. Returns `true` to stop the sweep.
    mutating func examineEvents(at q: Point, vertices: [Int32]) -> Bool
}

/// A Shamos–Hoey sweep over monotone chains with lazy neighbour walks.
///
/// Only chain ends are events (sorted once). The status holds the chains the sweep
/// line crosses, ordered by exact orientation tests. Each pair of neighbouring chains
/// keeps cursors on its two current segments; when the pair is about to be separated
/// (a chain ends, or a new one comes between them) its segments are walked in merge
/// order up to that point and every overlapping pair is examined. Each segment is
/// walked O(1) times per neighbour pair, so the walks cost O(*n*) in all and the
/// events O(*k* log *k*) for *k* chains: O(*n* log *n*) in the worst case.
///
/// Correctness follows Shamos–Hoey: the leftmost forbidden contact is between
/// segments that are neighbours just before it, so its pair is walked through it
/// before the pair is ever separated. Until then the status order is exact.
struct ChainSweep<Examiner: ChainSweepExaminer> {
    /// Chains along x: the status order below is decided with orientations of the
    /// points as they are.
    let chains: MonotoneChains<AlongX>
    var examiner: Examiner
    private var status: SweepStatus
    /// For chain c with a chain above it: that chain, and both cursors (positions of
    /// the current segments in their rings).
    private var partner: [Int32]
    private var cursorLow: [Int32]
    private var cursorHigh: [Int32]
    private var stopped = false
    /// Contacts noticed while placing a chain (edge ids), examined once it is placed.
    private var pending: [(Int, Int)] = []
    private var lastInserted: Int32 = -1
    /// The work done so far, for the tests of the bound: steps of the neighbour walks
    /// (each examines one pair of segments) and order comparisons of chains.
    private(set) var steps = 0
    private(set) var comparisons = 0

    init(chains: MonotoneChains<AlongX>, examiner: Examiner) {
        self.chains = chains
        self.examiner = examiner
        let k = chains.chainCount
        status = SweepStatus(capacity: k)
        partner = Array(repeating: -1, count: k)
        cursorLow = Array(repeating: 0, count: k)
        cursorHigh = Array(repeating: 0, count: k)
    }

    /// Runs the sweep; returns whether the examiner stopped it.
    mutating func run() -> Bool {
        let chains = self.chains
        return chains.withPoints { first, second in run((first, second)) }
    }

    private mutating func run(_ points: (UnsafePointer<Point>, UnsafePointer<Point>)) -> Bool {
        let k = chains.chainCount
        // Events: chain c starts at its low end (code 2c+1) and stops at its high end (code 2c).
        var eventPoints = [Point](repeating: Point(0, 0), count: 2 * k)
        for c in 0..<k {
            let p = chains.points(ofChain: c, points)
            eventPoints[2 * c] = p[Int(chains.ends[c].high)]
            eventPoints[2 * c + 1] = p[Int(chains.ends[c].low)]
        }
        let order = eventPoints.withUnsafeBufferPointer { LexicographicSort.indices(of: $0) }
        var r = 0
        var ids: [Int32] = []
        while r < order.count {
            let q = eventPoints[Int(order[r])]
            ids.removeAll(keepingCapacity: true)
            var groupEnd = r
            while groupEnd < order.count, eventPoints[Int(order[groupEnd])] == q { groupEnd += 1 }
            for g in r..<groupEnd {
                let code = Int(order[g])
                let c = code >> 1
                let position = code & 1 == 1 ? chains.ends[c].low : chains.ends[c].high
                let id = chains.vertex(ofChain: c, at: Int(position))
                if !ids.contains(id) { ids.append(id) }
            }
            if examiner.examineEvents(at: q, vertices: ids) { return true }
            // Chains ending at q leave before chains starting at q enter.
            for g in r..<groupEnd where order[g] & 1 == 0 {
                remove(Int(order[g]) >> 1, at: q, points)
                if stopped { return true }
            }
            for g in r..<groupEnd where order[g] & 1 == 1 {
                insert(Int(order[g]) >> 1, at: q, points)
                if stopped { return true }
            }
            r = groupEnd
        }
        return false
    }

    /// Walks the pair (c, partner[c]) up to q, examining each overlapping segment pair.
    private mutating func walk(_ c: Int, to q: Point, _ points: (UnsafePointer<Point>, UnsafePointer<Point>)) {
        let d = Int(partner[c])
        guard d >= 0 else { return }
        var low = chains.cursor(c, at: Int(cursorLow[c]), points)
        var high = chains.cursor(d, at: Int(cursorHigh[c]), points)
        var work = 0
        if ChainWalk.walk(&low, &high, to: q, examiner: &examiner, work: &work) == .stopped { stopped = true }
        steps += work
        cursorLow[c] = Int32(truncatingIfNeeded: low.position)
        cursorHigh[c] = Int32(truncatingIfNeeded: high.position)
    }

    private mutating func remove(_ c: Int, at q: Point, _ points: (UnsafePointer<Point>, UnsafePointer<Point>)) {
        let below = status.predecessor(Int32(c))
        let above = status.successor(Int32(c))
        if below != -1 {
            walk(Int(below), to: q, points)
            if stopped { return }
        }
        if above != -1 {
            walk(c, to: q, points)
            if stopped { return }
        }
        status.remove(Int32(c))
        if below != -1 {
            let b = Int(below)
            if above != -1 {
                partner[b] = above
                cursorHigh[b] = cursorHigh[c]
            } else {
                partner[b] = -1
            }
        }
        partner[c] = -1
    }

    /// Whether chain `c`, starting at q, goes below chain `t` just to the right of q.
    /// Contacts met on the way (q on t, collinear starts) are queued in `pending`.
    private mutating func isBelow(_ c: Int, _ t: Int, at q: Point, _ points: (UnsafePointer<Point>, UnsafePointer<Point>)) -> Bool {
        comparisons += 1
        let start = chains.cursor(c, at: Int(chains.ends[c].low), points)
        let w = start.end
        var s = chains.cursor(t, reaching: q, points)
        var a = s.start
        var b = s.end
        var o = a == q ? 0 : Predicates.orient2d(a, b, q)
        if o == 0 {
            if a != q { pending.append((s.edge, start.edge)) }  // q lies on t's segment
            if b == q && !s.isLast {
                // q is a vertex inside chain t: to the right of q, t follows its next segment.
                s.advance()
                (a, b) = (q, s.end)
                pending.append((s.edge, start.edge))
            }
            o = Predicates.orient2d(a == q ? q : a, b, w)
            if o == 0 {
                pending.append((s.edge, start.edge))  // collinear stretch
                return c < t
            }
        }
        return o < 0
    }

    private mutating func insert(_ c: Int, at q: Point, _ points: (UnsafePointer<Point>, UnsafePointer<Point>)) {
        let first = Int(chains.ends[c].low)
        pending.removeAll(keepingCapacity: true)
        // Finger: chains often start next to the one inserted last (teeth of a comb,
        // the two chains of a turning vertex). Two comparisons confirm the place.
        var placed = false
        if lastInserted >= 0 && status.contains(lastInserted) {
            let f = Int(lastInserted)
            if isBelow(c, f, at: q, points) {
                let under = status.predecessor(lastInserted)
                if under == -1 || !isBelow(c, Int(under), at: q, points) {
                    status.insert(Int32(c), beside: lastInserted, above: false)
                    placed = true
                }
            } else {
                let over = status.successor(lastInserted)
                if over == -1 || isBelow(c, Int(over), at: q, points) {
                    status.insert(Int32(c), beside: lastInserted, above: true)
                    placed = true
                }
            }
        }
        if !placed {
            var tree = status
            status = SweepStatus(capacity: 0)
            tree.insert(Int32(c)) { t in isBelow(c, Int(t), at: q, points) }
            status = tree
        }
        lastInserted = Int32(c)
        let below = status.predecessor(Int32(c))
        let above = status.successor(Int32(c))
        if below != -1 && above != -1 {
            let b = Int(below)
            walk(b, to: q, points)
            if stopped { return }
            partner[c] = above
            cursorLow[c] = Int32(first)
            cursorHigh[c] = cursorHigh[b]
            partner[b] = Int32(c)
            cursorHigh[b] = Int32(first)
        } else if below != -1 {
            let b = Int(below)
            partner[b] = Int32(c)
            cursorLow[b] = Int32(truncatingIfNeeded: chains.cursor(b, reaching: q, points).position)
            cursorHigh[b] = Int32(first)
            partner[c] = -1
        } else if above != -1 {
            partner[c] = above
            cursorLow[c] = Int32(first)
            cursorHigh[c] = Int32(truncatingIfNeeded: chains.cursor(Int(above), reaching: q, points).position)
        } else {
            partner[c] = -1
        }
        for (s, f) in pending where examiner.examine(s, f) {
            stopped = true
            return
        }
    }
}
