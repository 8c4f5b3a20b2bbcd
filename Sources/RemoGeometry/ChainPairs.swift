/// Examines every pair of monotone chains whose bounding boxes overlap, walking
/// the two chains' segments in merge order over their common range, so that every
/// pair of segments that could meet is examined: no sweep status, no events.
///
/// This is the fast path for the usual ring, whose chains are few and mostly far
/// apart. Its work is bounded: when more than ``maximumActive`` chains overlap one
/// line across the axis (vertical along x), or the work passes the budget, it gives up and the caller runs the
/// O(*n* log *n*) ``ChainSweep`` instead. So the worst case stays O(*n* log *n*), and
/// the usual case is a linear pass after sorting the chains' boxes.
///
/// The boxes are sorted by a coarse key of their left side (the top 32 bits of an
/// order-preserving image of x), and a chain leaves the active list when its right
/// side's key is below the left key of the chain being added. Both keys are monotone
/// in x, so a chain only leaves when no later chain can reach it; exact box tests
/// then decide which pairs are walked.
enum ChainPairs {
    /// More chains than this across one line across the axis: a comb-like input, for the sweep.
    static let maximumActive = 256

    /// Runs the pairs; `nil` when the budget ran out (nothing can be concluded),
    /// otherwise whether the examiner stopped early.
    ///
    /// - Parameter crossRingsOnly: Examine only pairs of chains from different rings.
    static func run<Axis, Examiner: ChainSweepExaminer>(
        _ chains: MonotoneChains<Axis>, examiner: inout Examiner, crossRingsOnly: Bool, budget: Int
    ) -> Bool? {
        let k = chains.chainCount
        let boxes = UnsafeBufferPointer(chains.boxes)
        let order = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: k)
        defer { order.deallocate() }
        sort(boxes, into: order)
        let firstRingChains = chains.firstRingChainCount
        var work = 0
        // Active chains with their right keys and y-ranges, so that dropping and testing
        // them reads nothing else. Without a budget (tests of this path) the list may
        // hold every chain.
        let capacity = budget == .max ? k + 2 : maximumActive + 2
        return withUnsafeTemporaryAllocation(of: ActiveChain.self, capacity: capacity) { active -> Bool? in
            var activeCount = 0
            return chains.withPoints { first, second -> Bool? in
                if !crossRingsOnly {
                    switch walkNeighbours(chains, (first, second), examiner: &examiner, work: &work, budget: budget) {
                    case .stopped: return true
                    case .overBudget: return nil
                    case .reached: break
                    }
                }
                for r in 0..<k {
                    let c = Int(order[r] & 0xFFFF_FFFF)
                    let box = boxes[c]
                    let left = UInt64(coarseKey(box.min.x)) << 32
                    let cFirstRing = c < firstRingChains
                    // One pass drops the chains no longer reachable and walks the others
                    // whose boxes meet this one (rare: most meetings are of neighbours).
                    var kept = 0
                    for i in 0..<activeCount {
                        let other = active[i]
                        active[kept] = other
                        let alive = other.entry >= left
                        kept &+= alive ? 1 : 0
                        guard alive && other.high >= box.min.y && box.max.y >= other.low else { continue }
                        let a = Int(other.entry & 0xFFFF_FFFF)
                        if crossRingsOnly ? (a < firstRingChains) == cFirstRing : chains.areNeighbours(a, c) { continue }
                        switch walk(chains, (first, second), a, c, examiner: &examiner, work: &work, budget: budget) {
                        case .stopped: return true
                        case .overBudget: return nil
                        case .reached: break
                        }
                    }
                    activeCount = kept
                    work += activeCount
                    if activeCount >= maximumActive && budget != .max { return nil }
                    active[activeCount] = ActiveChain(
                        entry: UInt64(coarseKey(box.max.x)) << 32 | UInt64(c), low: box.min.y, high: box.max.y)
                    activeCount += 1
                    if work > budget { return nil }
                }
                return false
            }
        }
    }

    /// A chain in the active list: `right key << 32 | chain`, and its y-range.
    private struct ActiveChain {
        var entry: UInt64
        var low: Double
        var high: Double
    }

    /// A 32-bit key that never decreases as x grows: the top half of an
    /// order-preserving image of the double (−0 and +0 equal).
    @inline(__always)
    static func coarseKey(_ x: Double) -> UInt32 {
        let bits = (x + 0.0).bitPattern
        let ordered = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
        return UInt32(truncatingIfNeeded: ordered >> 32)
    }

    /// The chains in order of their boxes' coarse left keys, each entry
    /// `key << 32 | chain` (see ``sort(_:into:)``).
    static func sortedByLeftSide(_ boxes: UnsafeBufferPointer<BoundingBox>) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: boxes.count) { entries, count in
            sort(boxes, into: entries)
            count = boxes.count
        }
    }

    /// Writes the chains in order of their boxes' coarse left keys to `entries` (room
    /// for one per box), each `key << 32 | chain`: nothing more when the chains come in
    /// that order, one merge when they come in two ordered runs, else a merge sort for
    /// up to some thousands (insertion sort alone for a few), and for many a radix sort
    /// on the key's 11-bit digits (digits equal in every key are skipped).
    static func sort(_ boxes: UnsafeBufferPointer<BoundingBox>, into entries: UnsafeMutableBufferPointer<UInt64>) {
        let k = boxes.count
        // Descents: where the chains, in ring order, step back in x.
        var descents = 0
        var lastDescent = 0
        for c in 0..<k {
            entries[c] = UInt64(coarseKey(boxes[c].min.x)) << 32 | UInt64(c)
            let descent = c > 0 && entries[c - 1] > entries[c]
            descents += descent ? 1 : 0
            lastDescent = descent ? c : lastDescent
        }
        // The chains of a comb or a staircase come in order, or in two ordered runs
        // when the ring starts partway along.
        if descents <= 1 {
            if descents == 1 { mergeRuns(UnsafeMutableBufferPointer(rebasing: entries[0..<k]), at: lastDescent) }
            return
        }
        if k <= 2048 {
            mergeSort(UnsafeMutableBufferPointer(rebasing: entries[0..<k]))
            return
        }
        var all: UInt64 = ~0
        var any: UInt64 = 0
        for e in entries[0..<k] {
            all &= e
            any |= e
        }
        let varying = (all ^ any) >> 32
        let scratch = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: k)
        defer { scratch.deallocate() }
        var (source, target) = (entries, scratch)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2048) { counts in
            for shift in stride(from: 32, through: 54, by: 11) where (varying >> UInt64(shift - 32)) & 0x7FF != 0 {
                counts.initialize(repeating: 0)
                for i in 0..<k { counts[Int((source[i] >> UInt64(shift)) & 0x7FF)] += 1 }
                var total = 0
                for d in 0..<2048 {
                    let c = counts[d]
                    counts[d] = total
                    total += c
                }
                for i in 0..<k {
                    let digit = Int((source[i] >> UInt64(shift)) & 0x7FF)
                    target[counts[digit]] = source[i]
                    counts[digit] += 1
                }
                swap(&source, &target)
            }
        }
        if source.baseAddress != entries.baseAddress {
            entries.baseAddress!.update(from: source.baseAddress!, count: k)
        }
    }

    /// Merges the ordered runs `entries[..<middle]` and `entries[middle...]` in place
    /// (through a scratch buffer).
    static func mergeRuns(_ entries: UnsafeMutableBufferPointer<UInt64>, at middle: Int) {
        let scratch = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: entries.count)
        defer { scratch.deallocate() }
        merge(UnsafeBufferPointer(entries), low: 0, middle: middle, high: entries.count, into: scratch)
        entries.baseAddress!.update(from: scratch.baseAddress!, count: entries.count)
    }

    /// Merges the ordered runs `source[low..<middle]` and `source[middle..<high]` into
    /// `target[low..<high]`.
    @inline(__always)
    static func merge(
        _ source: UnsafeBufferPointer<UInt64>, low: Int, middle: Int, high: Int, into target: UnsafeMutableBufferPointer<UInt64>
    ) {
        var (i, j, o) = (low, middle, low)
        while i < middle && j < high {
            let takeLeft = source[i] <= source[j]
            target[o] = takeLeft ? source[i] : source[j]
            i += takeLeft ? 1 : 0
            j += takeLeft ? 0 : 1
            o += 1
        }
        while i < middle {
            target[o] = source[i]
            (i, o) = (i + 1, o + 1)
        }
        while j < high {
            target[o] = source[j]
            (j, o) = (j + 1, o + 1)
        }
    }

    /// Sorts `entries` in place: insertion sort in blocks of 16 (chains come in ring
    /// order, far from sorted, so longer insertions cost more), then merges of blocks
    /// through a scratch buffer.
    static func mergeSort(_ entries: UnsafeMutableBufferPointer<UInt64>) {
        let k = entries.count
        let block = 16
        for start in stride(from: 0, to: k, by: block) {
            for i in (start + 1)..<Swift.min(start + block, k) {
                let value = entries[i]
                var j = i
                while j > start && entries[j - 1] > value {
                    entries[j] = entries[j - 1]
                    j -= 1
                }
                entries[j] = value
            }
        }
        guard k > block else { return }
        let scratch = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: k)
        defer { scratch.deallocate() }
        var (source, target) = (entries, scratch)
        var width = block
        while width < k {
            for low in stride(from: 0, to: k, by: 2 * width) {
                let middle = Swift.min(low + width, k)
                let high = Swift.min(low + 2 * width, k)
                merge(UnsafeBufferPointer(source), low: low, middle: middle, high: high, into: target)
            }
            swap(&source, &target)
            width *= 2
        }
        if source.baseAddress != entries.baseAddress {
            entries.baseAddress!.update(from: source.baseAddress!, count: k)
        }
    }

    /// Walks each chain with the next one along its ring. They share a vertex and
    /// usually run side by side (most of a jittery lasso's pairs), and in ring order
    /// the points are read in sequence, not scattered as in the order of the boxes.
    /// The pass over the boxes skips these pairs.
    static func walkNeighbours<Axis, Examiner: ChainSweepExaminer>(
        _ chains: MonotoneChains<Axis>, _ points: (UnsafePointer<Point>, UnsafePointer<Point>), examiner: inout Examiner,
        work: inout Int, budget: Int
    ) -> ChainWalk.Outcome {
        for r in 0..<2 {
            let ring = r == 0 ? 0..<chains.firstRingChainCount : chains.firstRingChainCount..<chains.chainCount
            guard ring.count > 1 else { continue }
            // The last chain meets the first at vertex 0; with two chains that is the same pair.
            for a in ring.dropLast(ring.count == 2 ? 1 : 0) {
                let c = a + 1 == ring.upperBound ? ring.lowerBound : a + 1
                if c == a + 1, let onlyPair = onlyPairAtTurn(chains, points, a) {
                    work += 1
                    if examiner.examine(onlyPair.0, onlyPair.1) { return .stopped }
                    continue
                }
                let outcome = walk(chains, points, a, c, examiner: &examiner, work: &work, budget: budget)
                if outcome != .reached { return outcome }
            }
        }
        return .reached
    }

    /// The two edges at the turn where chain `a` hands over to chain `a + 1`, when
    /// they are the only segments of the two chains within the chains' common range
    /// (the usual case: a lasso's jitter or a comb's tooth), so that walking the pair
    /// would examine just them; `nil` when the walk has more to do.
    ///
    /// At a turn v both chains start (or both end) at v. If both start there, the walk
    /// runs from v to the nearer of the chains' far ends, and meets only the first
    /// segments when neither segment ends before that; if both end there, it runs from
    /// the later of the chains' starts, and meets only the last segments when neither
    /// starts after that.
    @inline(__always)
    static func onlyPairAtTurn<Axis>(
        _ chains: MonotoneChains<Axis>, _ points: (UnsafePointer<Point>, UnsafePointer<Point>), _ a: Int
    ) -> (Int, Int)? {
        let first = chains.ends[a]
        let second = chains.ends[a + 1]
        let p = chains.points(ofChain: a, points)
        let turn = Int(Swift.max(first.low, first.high))
        let (u, v, w) = (Axis.view(p[turn - 1]), Axis.view(p[turn]), Axis.view(p[turn + 1]))
        if v < u {
            // Both chains start at v.
            let aEnd = Axis.view(p[Int(first.high)])
            let cEnd = Axis.view(p[Int(second.high)])
            let end = aEnd < cEnd ? aEnd : cEnd
            if (u < w ? u : w) < end { return nil }
        } else {
            // Both chains end at v.
            let aStart = Axis.view(p[Int(first.low)])
            let cStart = Axis.view(p[Int(second.low)])
            let start = aStart < cStart ? cStart : aStart
            if start < (u < w ? w : u) { return nil }
        }
        let offset = chains.idOffset(ofChain: a)
        return (turn - 1 + offset, turn + offset)
    }

    /// Walks chains a and c over their common lexicographic range.
    @inline(__always)
    static func walk<Axis, Examiner: ChainSweepExaminer>(
        _ chains: MonotoneChains<Axis>, _ points: (UnsafePointer<Point>, UnsafePointer<Point>), _ a: Int, _ c: Int,
        examiner: inout Examiner, work: inout Int, budget: Int
    ) -> ChainWalk.Outcome {
        var sa = chains.cursor(a, at: Int(chains.ends[a].low), points)
        var sc = chains.cursor(c, at: Int(chains.ends[c].low), points)
        let aEnd = Axis.view(sa.points[Int(chains.ends[a].high)])
        let cEnd = Axis.view(sc.points[Int(chains.ends[c].high)])
        let start = sa.start < sc.start ? sc.start : sa.start
        let end = aEnd < cEnd ? aEnd : cEnd
        if end < start { return .reached }
        sa.moveToSegment(reaching: start)
        sc.moveToSegment(reaching: start)
        return ChainWalk.walk(&sa, &sc, to: end, examiner: &examiner, work: &work, budget: budget)
    }
}
