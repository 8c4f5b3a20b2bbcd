/// The merge walk over two monotone chains, shared by ``ChainPairs`` and ``ChainSweep``:
/// from the current segments, examine each pair of segments whose ranges overlap,
/// advancing the one that ends first, until both reach `end`.
enum ChainWalk {
    enum Outcome { case reached, stopped, overBudget }

    /// Walks segments `a` (of a chain whose last segment starts at `lastA`) and `c`
    /// (likewise) up to `end`, leaving the cursors on the segments that reach it.
    /// Each step counts one unit of `work`; past `budget` the walk gives up.
    @inline(__always)
    static func walk<Examiner: ChainSweepExaminer>(
        _ p: UnsafeBufferPointer<Point>, _ a: inout Int, lastA: Int, _ c: inout Int, lastC: Int, to end: Point,
        examiner: inout Examiner, work: inout Int, budget: Int = .max
    ) -> Outcome {
        while true {
            work += 1
            let a0 = p[a]
            let a1 = p[a + 1]
            let c0 = p[c]
            let c1 = p[c + 1]
            // Segments whose y-ranges are apart cannot meet.
            let aLow = a0.y < a1.y ? a0.y : a1.y
            let aHigh = a0.y < a1.y ? a1.y : a0.y
            let cLow = c0.y < c1.y ? c0.y : c1.y
            let cHigh = c0.y < c1.y ? c1.y : c0.y
            if !(aHigh < cLow || cHigh < aLow) && examiner.examine(a, c) { return .stopped }
            let advanceA = a1 < c1
            if !((advanceA ? a1 : c1) < end) { return .reached }
            if advanceA {
                if a >= lastA { return .reached }
                a += 1
            } else {
                if c >= lastC { return .reached }
                c += 1
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
