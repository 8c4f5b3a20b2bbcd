/// The largest free rectangles of a floor, kept as a Pareto front: no rectangle on it
/// is both narrower and lower than another. An axis-aligned `a × b` rectangle fits in
/// some free rectangle exactly when the front holds one at least `a` wide and `b` high,
/// so a query is one binary search.
struct RectangleFront {
    /// One free rectangle: its size and its lower-left corner.
    struct Entry: Equatable {
        var width: Double
        var height: Double
        var x: Double
        var y: Double
    }

    /// Ascending width, strictly descending height.
    private(set) var entries: [Entry]

    /// An empty front, with room for a few dozen rectangles.
    init() {
        entries = []
        entries.reserveCapacity(32)
    }

    /// Adds a free rectangle unless one on the front already dominates it, and drops those it dominates.
    mutating func insert(_ entry: Entry) {
        guard entry.width > 0, entry.height > 0 else { return }
        let k = firstIndex(widthAtLeast: entry.width)
        if k < entries.count && entries[k].height >= entry.height { return }
        // Entries before k are narrower; those no higher are dominated now, and so is
        // an equally wide one at k (it is lower, or the guard above returned).
        var low = k
        while low > 0 && entries[low - 1].height <= entry.height { low -= 1 }
        let high = k < entries.count && entries[k].width == entry.width ? k + 1 : k
        // In place where it can be: the general replacement is slow for one element.
        switch high - low {
        case 0: entries.insert(entry, at: low)
        case 1: entries[low] = entry
        default: entries.replaceSubrange(low..<high, with: CollectionOfOne(entry))
        }
    }

    /// A free rectangle at least `width` wide and `height` high, if there is one:
    /// the narrowest such.
    func holding(width: Double, height: Double) -> Entry? {
        index(holding: width, height).map { entries[$0] }
    }

    /// The index in ``entries`` of ``holding(width:height:)``'s answer.
    func index(holding width: Double, _ height: Double) -> Int? {
        // Wider than the widest or higher than the highest: no search needed.
        guard let widest = entries.last, widest.width >= width, entries[0].height >= height else { return nil }
        let k = firstIndex(widthAtLeast: width)
        return k < entries.count && entries[k].height >= height ? k : nil
    }

    /// The first entry at least `width` wide (``entries``'s count if none), by a binary
    /// search whose steps pick the half without a branch: the queries of one list jump
    /// about the front, and mispredicted branches, not comparisons, were its cost.
    private func firstIndex(widthAtLeast width: Double) -> Int {
        entries.withUnsafeBufferPointer { e in
            var (base, n) = (0, e.count)
            guard n > 0 else { return 0 }
            while n > 1 {
                let half = n / 2
                base = e[base + half - 1].width < width ? base + half : base
                n -= half
            }
            return e[base].width < width ? base + 1 : base
        }
    }
}
