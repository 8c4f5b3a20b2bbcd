import RemoGeometry

extension CoverageMask {
    /// Widens the mask by everything within `distance` pixels of the rings' outlines: each
    /// edge swept by a disc, so corners grow round.
    ///
    /// Pixels well inside the growth of some edge are filled a run at a time. Only those
    /// near the grown outline (a band about a pixel and a half wide) are measured, each the
    /// exact share of its square inside the grown region (`GrownCoverage`), from the edges
    /// near it.
    ///
    /// - Complexity: O(*n* log *n* + *n* · `distance` + *b* · *k*²) for *n* edges, *b*
    ///   pixels in the bands and *k* edges near each: each edge takes one span per row it
    ///   reaches, plus the runs filled.
    public mutating func grow(_ rings: [[Point]], by distance: Double) {
        guard distance > 0, distance.isFinite else { return }
        // A pixel whose centre is within `inside` of an edge is wholly in its growth (the
        // square reaches 0.71 from its centre); one farther than `reach` from every edge is
        // wholly out.
        let (inside, reach) = (distance - 0.75, distance + 0.75)
        // One orientation for all rings (as the mask itself is filled), so a point is in the
        // region where the edges wind round it.
        let edges = rings.filter { $0.count >= 2 }
            .flatMap { ring in Self.edges(of: Ring.doubledSignedArea(of: ring) < 0 ? ring.reversed() : ring) }
            .sorted { Swift.min($0.start.y, $0.end.y) < Swift.min($1.start.y, $1.end.y) }
        var active: [Segment] = []
        var solid: [ClosedRange<Int>] = []
        var band: [ClosedRange<Int>] = []
        var spans: [(columns: ClosedRange<Int>, edge: Segment)] = []
        var next = 0
        for row in 0..<height {
            let y = Double(row) + 0.5
            while next < edges.count, Swift.min(edges[next].start.y, edges[next].end.y) - reach <= y {
                active.append(edges[next])
                next += 1
            }
            active.removeAll { Swift.max($0.start.y, $0.end.y) + reach < y }
            if active.isEmpty {
                if next == edges.count { break }
                continue
            }
            (solid, band, spans) = ([], [], [])
            for edge in active {
                let (p, q) = (edge.start, edge.end)
                guard let outer = columns(of: Self.sweptSpan(p, q, radius: reach, atY: y)) else { continue }
                spans.append((outer, edge))
                guard inside > 0, let inner = columns(of: Self.sweptSpan(p, q, radius: inside, atY: y)) else {
                    band.append(outer)
                    continue
                }
                solid.append(inner)
                if outer.lowerBound < inner.lowerBound { band.append(outer.lowerBound...(inner.lowerBound - 1)) }
                if inner.upperBound < outer.upperBound { band.append((inner.upperBound + 1)...outer.upperBound) }
            }
            fill(row: row, solid)
            measure(row: row, band: band, spans: spans, active: active, distance: distance)
        }
    }

    /// Sets each pixel of the row's `band` not already full to its exact share of the grown
    /// region. `spans` holds each edge with the columns within reach of it: a pixel is
    /// measured against the edges whose spans hold it.
    private mutating func measure(
        row: Int, band: [ClosedRange<Int>], spans: [(columns: ClosedRange<Int>, edge: Segment)], active: [Segment],
        distance: Double
    ) {
        // The edges that cross the row tell inside from out in it.
        let (top, bottom) = (Double(row), Double(row + 1))
        let crossing = active.filter { Swift.min($0.start.y, $0.end.y) <= bottom && Swift.max($0.start.y, $0.end.y) >= top }
        let insideRegion = { (p: Point) in Self.winding(of: p, crossing) != 0 }
        let spans = spans.sorted { $0.columns.lowerBound < $1.columns.lowerBound }
        var (next, holding) = (0, [(columns: ClosedRange<Int>, edge: Segment)]())
        for column in Self.merged(band) where values[row * width + column] < 255 {
            while next < spans.count, spans[next].columns.lowerBound <= column {
                holding.append(spans[next])
                next += 1
            }
            holding.removeAll { $0.columns.upperBound < column }
            let share = GrownCoverage(
                corner: Point(Double(column), Double(row)), edges: holding.map(\.edge), radius: distance, insideRegion: insideRegion
            ).share()
            values[row * width + column] = Swift.max(values[row * width + column], Self.byte(share))
        }
    }

    /// The rows ``grow(_:by:)`` would visit for each edge, summed: its work is about this
    /// many spans, so a caller can refuse a growth too far for the outline's size.
    public static func growRows(_ rings: [[Point]], by distance: Double, height: Int) -> Int {
        guard distance > 0, distance.isFinite else { return 0 }
        let rows = edges(of: rings).reduce(0.0) { $0 + Swift.min(Double(height), ($1.start.y - $1.end.y).magnitude + 2 * distance + 3) }
        return rows < Double(Int.max / 2) ? Int(rows) : Int.max / 2
    }

    /// The edges of every ring of two points or more, each ring closed.
    private static func edges(of rings: [[Point]]) -> [Segment] {
        rings.filter { $0.count >= 2 }.flatMap(edges(of:))
    }

    /// The columns whose centres lie in `span`, within the mask; nil when none do.
    private func columns(of span: ClosedRange<Double>?) -> ClosedRange<Int>? {
        guard let span else { return nil }
        let first = (span.lowerBound - 0.5).rounded(.up).clamped(to: 0...width)
        let last = (span.upperBound - 0.5).rounded(.down).clamped(to: -1...(width - 1))
        return first <= last ? first...last : nil
    }

    /// Sets the runs of a row to 255, each pixel once however much the runs overlap.
    private mutating func fill(row: Int, _ runs: [ClosedRange<Int>]) {
        let base = row * width
        var from = 0
        values.withUnsafeMutableBufferPointer { values in
            for run in runs.sorted(by: { $0.lowerBound < $1.lowerBound }) where run.upperBound >= from {
                let start = Swift.max(from, run.lowerBound)
                UnsafeMutableBufferPointer(rebasing: values[(base + start)...(base + run.upperBound)]).update(repeating: 255)
                from = run.upperBound + 1
            }
        }
    }

    /// Every column of `runs`, once each, left to right.
    private static func merged(_ runs: [ClosedRange<Int>]) -> [Int] {
        var columns: [Int] = []
        var from = Int.min
        for run in runs.sorted(by: { $0.lowerBound < $1.lowerBound }) where run.upperBound >= from {
            columns += Swift.max(from, run.lowerBound)...run.upperBound
            from = run.upperBound + 1
        }
        return columns
    }

    /// The x-range of the row at height `y` within `radius` of the segment `p`–`q` (a
    /// capsule, convex: its slice is one interval, the hull of the slices of the two end
    /// discs and of the band between them).
    static func sweptSpan(_ p: Point, _ q: Point, radius: Double, atY y: Double) -> ClosedRange<Double>? {
        var low = Double.infinity
        var high = -Double.infinity
        for end in [p, q] where (y - end.y).magnitude <= radius {
            let half = (radius * radius - (y - end.y) * (y - end.y)).squareRoot()
            (low, high) = (Swift.min(low, end.x - half), Swift.max(high, end.x + half))
        }
        let (dx, dy) = (q.x - p.x, q.y - p.y)
        let length = (dx * dx + dy * dy).squareRoot()
        if dy != 0, length > 0 {
            // Within `radius` of the line through p and q ...
            let a = ((y - p.y) * dx - radius * length) / dy
            let b = ((y - p.y) * dx + radius * length) / dy
            var band = (Swift.min(a, b), Swift.max(a, b))
            // ... and projecting onto the segment between its ends.
            if dx != 0 {
                let c = -(y - p.y) * dy / dx
                let d = (length * length - (y - p.y) * dy) / dx
                band = (Swift.max(band.0, Swift.min(c, d)), Swift.min(band.1, Swift.max(c, d)))
            } else if !((0...(length * length)).contains((y - p.y) * dy)) {
                band = (1, 0)
            }
            if band.0 <= band.1 { (low, high) = (Swift.min(low, p.x + band.0), Swift.max(high, p.x + band.1)) }
        } else if dy == 0, (y - p.y).magnitude <= radius {
            (low, high) = (Swift.min(low, Swift.min(p.x, q.x)), Swift.max(high, Swift.max(p.x, q.x)))
        }
        return low <= high ? low...high : nil
    }
}
