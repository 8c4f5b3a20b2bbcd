/// What a ``ChainSweep`` reports to: the pairs of segments that are neighbours
/// at some position of the sweep line, and the chain events at each point.
protocol ChainSweepExaminer {
    /// Examines the segments starting at flat positions `a` and `b` (of different
    /// chains). Returns `true` to stop the sweep.
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
    let chains: MonotoneChains
    var examiner: Examiner
    private var status: SweepStatus
    /// For chain c with a chain above it: that chain, and both cursors (flat segment starts).
    private var partner: [Int32]
    private var cursorLow: [Int32]
    private var cursorHigh: [Int32]
    private var stopped = false
    /// Contacts noticed while placing a chain, examined once it is placed.
    private var pending: [(Int, Int)] = []
    private var lastInserted: Int32 = -1

    init(chains: MonotoneChains, examiner: Examiner) {
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
        let k = chains.chainCount
        // Events: chain c starts at points[offsets[c]] (code 2c+1) and ends at
        // points[offsets[c+1]-1] (code 2c).
        var eventPoints = [Point](repeating: Point(0, 0), count: 2 * k)
        for c in 0..<k {
            eventPoints[2 * c] = chains.points[Int(chains.offsets[c + 1]) - 1]
            eventPoints[2 * c + 1] = chains.points[Int(chains.offsets[c])]
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
                let position = code & 1 == 1 ? Int(chains.offsets[c]) : Int(chains.offsets[c + 1]) - 1
                let id = chains.vertex[position]
                if !ids.contains(id) { ids.append(id) }
            }
            if examiner.examineEvents(at: q, vertices: ids) { return true }
            // Chains ending at q leave before chains starting at q enter.
            for g in r..<groupEnd where order[g] & 1 == 0 {
                remove(Int(order[g]) >> 1, at: q)
                if stopped { return true }
            }
            for g in r..<groupEnd where order[g] & 1 == 1 {
                insert(Int(order[g]) >> 1, at: q)
                if stopped { return true }
            }
            r = groupEnd
        }
        return false
    }

    private func segment(of c: Int, at q: Point) -> Int {
        Self.segment(in: chains, of: c, at: q)
    }

    /// Walks the pair (c, partner[c]) up to q, examining each overlapping segment pair.
    private mutating func walk(_ c: Int, to q: Point) {
        let d = Int(partner[c])
        guard d >= 0 else { return }
        var sc = Int(cursorLow[c])
        var sd = Int(cursorHigh[c])
        let lastC = Int(chains.offsets[c + 1]) - 2
        let lastD = Int(chains.offsets[d + 1]) - 2
        var work = 0
        let outcome = chains.points.withUnsafeBufferPointer { p in
            ChainWalk.walk(p, &sc, lastA: lastC, &sd, lastC: lastD, to: q, examiner: &examiner, work: &work)
        }
        if outcome == .stopped { stopped = true }
        cursorLow[c] = Int32(sc)
        cursorHigh[c] = Int32(sd)
    }

    private mutating func remove(_ c: Int, at q: Point) {
        let below = status.predecessor(Int32(c))
        let above = status.successor(Int32(c))
        if below != -1 {
            walk(Int(below), to: q)
            if stopped { return }
        }
        if above != -1 {
            walk(c, to: q)
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
    private mutating func isBelow(_ c: Int, _ t: Int, at q: Point) -> Bool {
        let first = Int(chains.offsets[c])
        let w = chains.points[first + 1]
        var s = Self.segment(in: chains, of: t, at: q)
        var a = chains.points[s]
        var b = chains.points[s + 1]
        var o = a == q ? 0 : Predicates.orient2d(a, b, q)
        if o == 0 {
            if a != q { pending.append((s, first)) }  // q lies on t's segment
            if b == q && s + 2 < Int(chains.offsets[t + 1]) {
                // q is a vertex inside chain t: to the right of q, t follows its next segment.
                s += 1
                (a, b) = (q, chains.points[s + 1])
                pending.append((s, first))
            }
            o = Predicates.orient2d(a == q ? q : a, b, w)
            if o == 0 {
                pending.append((s, first))  // collinear stretch
                return c < t
            }
        }
        return o < 0
    }

    private mutating func insert(_ c: Int, at q: Point) {
        let first = Int(chains.offsets[c])
        pending.removeAll(keepingCapacity: true)
        // Finger: chains often start next to the one inserted last (teeth of a comb,
        // the two chains of a turning vertex). Two comparisons confirm the place.
        var placed = false
        if lastInserted >= 0 && status.contains(lastInserted) {
            let f = Int(lastInserted)
            if isBelow(c, f, at: q) {
                let under = status.predecessor(lastInserted)
                if under == -1 || !isBelow(c, Int(under), at: q) {
                    status.insert(Int32(c), beside: lastInserted, above: false)
                    placed = true
                }
            } else {
                let over = status.successor(lastInserted)
                if over == -1 || isBelow(c, Int(over), at: q) {
                    status.insert(Int32(c), beside: lastInserted, above: true)
                    placed = true
                }
            }
        }
        if !placed {
            var tree = status
            status = SweepStatus(capacity: 0)
            tree.insert(Int32(c)) { t in isBelow(c, Int(t), at: q) }
            status = tree
        }
        lastInserted = Int32(c)
        let below = status.predecessor(Int32(c))
        let above = status.successor(Int32(c))
        if below != -1 && above != -1 {
            let b = Int(below)
            walk(b, to: q)
            if stopped { return }
            partner[c] = above
            cursorLow[c] = Int32(first)
            cursorHigh[c] = cursorHigh[b]
            partner[b] = Int32(c)
            cursorHigh[b] = Int32(first)
        } else if below != -1 {
            let b = Int(below)
            partner[b] = Int32(c)
            cursorLow[b] = Int32(segment(of: b, at: q))
            cursorHigh[b] = Int32(first)
            partner[c] = -1
        } else if above != -1 {
            partner[c] = above
            cursorLow[c] = Int32(first)
            cursorHigh[c] = Int32(segment(of: Int(above), at: q))
        } else {
            partner[c] = -1
        }
        for (s, f) in pending where examiner.examine(s, f) {
            stopped = true
            return
        }
    }

    /// The flat start of chain c's segment that reaches q: the last segment whose
    /// start is before q (or the first segment).
    private static func segment(in chains: MonotoneChains, of c: Int, at q: Point) -> Int {
        chains.points.withUnsafeBufferPointer { p in
            ChainWalk.segment(p, Int(chains.offsets[c]), max(Int(chains.offsets[c]), Int(chains.offsets[c + 1]) - 2), at: q)
        }
    }
}
