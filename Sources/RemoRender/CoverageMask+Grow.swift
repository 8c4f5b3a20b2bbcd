import RemoGeometry

extension CoverageMask {
    /// Widens the mask by everything within `distance` pixels of the rings' outlines: each
    /// edge swept by a disc, so corners grow round.
    ///
    /// A pixel near the grown outline gets the share of its square on the inner side of the
    /// straight line across it at `distance` from the nearest point of the region's outline:
    /// the exact share where the grown outline runs straight across the pixel, as it does
    /// along the edges; off by a little in the pixels where it bends (round a corner, with a
    /// radius of `distance`, and at the creases where two edges' offsets meet).
    ///
    /// Pixels well inside the growth of some edge are filled a run at a time; only those
    /// near the grown outline (a band about a pixel and a half wide) look for their nearest
    /// edge.
    ///
    /// - Complexity: O(*n* log *n* + *n* · `distance` + *b*) for *n* edges and *b* pixels
    ///   in the bands: each edge takes one span per row it reaches, plus the runs filled.
    public mutating func grow(_ rings: [[Point]], by distance: Double) {
        guard distance > 0, distance.isFinite else { return }
        // A pixel whose centre is within `inside` of an edge is wholly in its growth (the
        // square reaches 0.71 from its centre); one farther than `reach` from every edge is
        // wholly out.
        let (inside, reach) = (distance - 0.75, distance + 0.75)
        let edges = Self.edges(of: rings).sorted { Swift.min($0.start.y, $0.end.y) < Swift.min($1.start.y, $1.end.y) }
        var nearest = [Nearest](repeating: .none, count: width)
        var active: [Segment] = []
        var solid: [ClosedRange<Int>] = []
        var band: [ClosedRange<Int>] = []
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
            (solid, band) = ([], [])
            for edge in active {
                let (p, q) = (edge.start, edge.end)
                guard let outer = columns(of: Self.sweptSpan(p, q, radius: reach, atY: y)) else { continue }
                var near = [outer]
                if inside > 0, let inner = columns(of: Self.sweptSpan(p, q, radius: inside, atY: y)) {
                    solid.append(inner)
                    near = []
                    if outer.lowerBound < inner.lowerBound { near.append(outer.lowerBound...(inner.lowerBound - 1)) }
                    if inner.upperBound < outer.upperBound { near.append((inner.upperBound + 1)...outer.upperBound) }
                }
                for columns in near {
                    for column in columns { nearest[column].consider(Point(Double(column) + 0.5, y), edge) }
                }
                band += near
            }
            fill(row: row, solid)
            for columns in band {
                for column in columns where nearest[column].squaredDistance.isFinite {
                    let value = Self.byte(nearest[column].share(within: distance))
                    if value > values[row * width + column] { values[row * width + column] = value }
                    nearest[column] = .none
                }
            }
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
        rings.filter { $0.count >= 2 }.flatMap { ring in ring.indices.map { Segment(ring[$0], ring[$0 + 1 == ring.count ? 0 : $0 + 1]) } }
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

    /// The nearest point of the outline seen so far from one pixel's centre.
    struct Nearest {
        var squaredDistance: Double
        /// From the nearest point to the centre.
        var dx: Double
        var dy: Double
        /// The edge's own normal, for a centre on the edge.
        var normal: (x: Double, y: Double)

        static let none = Nearest(squaredDistance: .infinity, dx: 0, dy: 0, normal: (1, 0))

        mutating func consider(_ centre: Point, _ edge: Segment) {
            let (ex, ey) = edge.offset(to: centre)
            let d = ex * ex + ey * ey
            guard d < squaredDistance else { return }
            (squaredDistance, dx, dy) = (d, ex, ey)
            let length = edge.length
            if d == 0, length > 0 { normal = (-(edge.end.y - edge.start.y) / length, (edge.end.x - edge.start.x) / length) }
        }

        /// The share of the pixel within `distance` of the outline, from the line across it
        /// at that distance from the nearest point.
        func share(within distance: Double) -> Double {
            let d = squaredDistance.squareRoot()
            guard d.isFinite else { return 0 }
            let (nx, ny) = d > 0 ? (dx / d, dy / d) : normal
            return CoverageMask.halfPlaneShare(distance - d, nx, ny)
        }
    }

    /// The share of a unit square on the side `(x − centre)·n ≤ offset` of a line with unit
    /// normal `n`: linear while the line crosses two opposite sides, quadratic near corners.
    static func halfPlaneShare(_ offset: Double, _ nx: Double, _ ny: Double) -> Double {
        let (u, v) = (Swift.max(nx.magnitude, ny.magnitude), Swift.min(nx.magnitude, ny.magnitude))
        let half = (u + v) / 2
        if offset >= half { return 1 }
        if offset <= -half { return 0 }
        if v < 1e-12 { return offset + 0.5 }
        let straight = (u - v) / 2
        if offset.magnitude <= straight { return 0.5 + offset / u }
        return offset > 0 ? 1 - (half - offset) * (half - offset) / (2 * u * v) : (half + offset) * (half + offset) / (2 * u * v)
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
