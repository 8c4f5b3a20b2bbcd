/// The merge walk over two monotone chains, shared by ``ChainPairs`` and ``ChainSweep``:
/// from the current segments, examine each pair of segments whose ranges overlap,
/// advancing the one that ends first, until both reach `end`.
enum ChainWalk {
    enum Outcome { case reached, stopped, overBudget }

    /// Walks cursors `a` and `c` up to `end`, leaving them on the segments that reach
    /// it. Each step counts one unit of `work`; past `budget` the walk gives up.
    @inline(__always)
    static func walk<Axis, Examiner: ChainSweepExaminer>(
        _ a: inout ChainCursor<Axis>, _ c: inout ChainCursor<Axis>, to end: Point, examiner: inout Examiner, work: inout Int,
        budget: Int = .max
    ) -> Outcome {
        while true {
            work += 1
            let a0 = a.start
            let a1 = a.end
            let c0 = c.start
            let c1 = c.end
            // Segments whose y-ranges are apart cannot meet.
            let aLow = a0.y < a1.y ? a0.y : a1.y
            let aHigh = a0.y < a1.y ? a1.y : a0.y
            let cLow = c0.y < c1.y ? c0.y : c1.y
            let cHigh = c0.y < c1.y ? c1.y : c0.y
            if !(aHigh < cLow || cHigh < aLow) && examiner.examine(a.edge, c.edge) { return .stopped }
            let advanceA = a1 < c1
            if !((advanceA ? a1 : c1) < end) { return .reached }
            if advanceA {
                if a.isLast { return .reached }
                a.advance()
            } else {
                if c.isLast { return .reached }
                c.advance()
            }
            if work > budget { return .overBudget }
        }
    }
}
