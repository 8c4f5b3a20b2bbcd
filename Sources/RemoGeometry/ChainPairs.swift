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
                        case .reached: break
                        }
                    }
                    active.append(c)
                    if (active.count > maximumActive && budget != Int.max) || work > budget { return nil }
                }
                return false
            }
        }
    }

    /// Walks chains a and c over their common lexicographic range.
    static func walk<Examiner: ChainSweepExaminer>(
        _ chains: MonotoneChains, _ p: UnsafeBufferPointer<Point>, _ a: Int, _ c: Int, examiner: inout Examiner, work: inout Int,
        budget: Int
    ) -> ChainWalk.Outcome {
        let aFirst = Int(chains.offsets[a])
        let aLast = Int(chains.offsets[a + 1]) - 1
        let cFirst = Int(chains.offsets[c])
        let cLast = Int(chains.offsets[c + 1]) - 1
        let start = p[aFirst] < p[cFirst] ? p[cFirst] : p[aFirst]
        let end = p[aLast] < p[cLast] ? p[aLast] : p[cLast]
        if end < start { return .reached }
        var sa = ChainWalk.segment(p, aFirst, aLast - 1, at: start)
        var sc = ChainWalk.segment(p, cFirst, cLast - 1, at: start)
        return ChainWalk.walk(p, &sa, lastA: aLast - 1, &sc, lastC: cLast - 1, to: end, examiner: &examiner, work: &work, budget: budget)
    }
}
