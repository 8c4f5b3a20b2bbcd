/// Examines every pair of monotone chains whose bounding boxes overlap, walking
/// the two chains' segments in merge order over their common range, so that every
/// pair of segments that could meet is examined: no sweep status, no events.
///
/// This is the fast path for the usual ring, whose chains are few and mostly far
/// apart. Its work is bounded: when more than ``maximumActive`` chains overlap one
/// vertical line, or the work passes the budget, it gives up and the caller runs the
/// O(*n* log *n*) ``ChainSweep`` instead. So the worst case stays O(*n* log *n*), and
/// the usual case is a linear pass after sorting the chains' boxes.
enum ChainPairs {
    /// More chains than this across one vertical line: a comb-like input, for the sweep.
    static let maximumActive = 256

    /// Runs the pairs; `nil` when the budget ran out (nothing can be concluded),
    /// otherwise whether the examiner stopped early.
    ///
    /// - Parameter crossRingsOnly: Examine only pairs of chains from different rings.
    static func run<Examiner: ChainSweepExaminer>(
        _ chains: MonotoneChains, examiner: inout Examiner, crossRingsOnly: Bool, budget: Int
    ) -> Bool? {
        let k = chains.chainCount
        let order = chains.boxes.map(\.min).withUnsafeBufferPointer { LexicographicSort.indices(of: $0) }
        var active: [Int] = []
        active.reserveCapacity(maximumActive)
        var work = 0
        return chains.points.withUnsafeBufferPointer { p -> Bool? in
            chains.boxes.withUnsafeBufferPointer { boxes -> Bool? in
                for r in 0..<k {
                    let c = Int(order[r])
                    let box = boxes[c]
                    active.removeAll { boxes[$0].max.x < box.min.x }
                    for a in active {
                        work += 1
                        let other = boxes[a]
                        guard other.max.y >= box.min.y && box.max.y >= other.min.y else { continue }
                        if crossRingsOnly
                            && chains.ring(of: chains.vertex[Int(chains.offsets[a])])
                                == chains.ring(of: chains.vertex[Int(chains.offsets[c])])
                        {
                            continue
                        }
                        switch walk(chains, p, a, c, examiner: &examiner, work: &work, budget: budget) {
                        case .stopped: return true
                        case .overBudget: return nil
                        case .done: break
                        }
                    }
                    active.append(c)
                    if (active.count > maximumActive && budget != Int.max) || work > budget { return nil }
                }
                return false
            }
        }
    }

    enum WalkOutcome { case done, stopped, overBudget }

    /// Walks chains a and c over their common lexicographic range.
    static func walk<Examiner: ChainSweepExaminer>(
        _ chains: MonotoneChains, _ p: UnsafeBufferPointer<Point>, _ a: Int, _ c: Int, examiner: inout Examiner, work: inout Int,
        budget: Int
    ) -> WalkOutcome {
        let aFirst = Int(chains.offsets[a])
        let aLast = Int(chains.offsets[a + 1]) - 1
        let cFirst = Int(chains.offsets[c])
        let cLast = Int(chains.offsets[c + 1]) - 1
        let start = p[aFirst] < p[cFirst] ? p[cFirst] : p[aFirst]
        let end = p[aLast] < p[cLast] ? p[aLast] : p[cLast]
        if end < start { return .done }
        var sa = segment(p, aFirst, aLast - 1, at: start)
        var sc = segment(p, cFirst, cLast - 1, at: start)
        while true {
            work += 1
            let a0 = p[sa]
            let a1 = p[sa + 1]
            let c0 = p[sc]
            let c1 = p[sc + 1]
            let aLow = a0.y < a1.y ? a0.y : a1.y
            let aHigh = a0.y < a1.y ? a1.y : a0.y
            let cLow = c0.y < c1.y ? c0.y : c1.y
            let cHigh = c0.y < c1.y ? c1.y : c0.y
            if !(aHigh < cLow || cHigh < aLow) && examiner.examine(sa, sc) { return .stopped }
            let advanceA = a1 < c1
            if !((advanceA ? a1 : c1) < end) { return .done }
            if advanceA {
                if sa + 1 >= aLast { return .done }
                sa += 1
            } else {
                if sc + 1 >= cLast { return .done }
                sc += 1
            }
            if work > budget { return .overBudget }
        }
    }

    /// The last segment start in `low...high` whose point is before q (or `low`).
    @inline(__always)
    static func segment(_ p: UnsafeBufferPointer<Point>, _ low: Int, _ high: Int, at q: Point) -> Int {
        var low = low
        var high = high
        while low < high {
            let mid = (low + high + 1) >> 1
            if p[mid] < q { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
