import RemoGeometry

extension CoverageMask {
    /// The pixels where the outlines of two or more rings pass, found row by row from the
    /// rings' edges (horizontal ones included) as the mask is filled, and measured again
    /// exactly (`UnionCoverage`): there the signed areas
    /// count the rings' overlap twice. Elsewhere a pixel is inside at most one ring's
    /// outline, and the signed areas are exact.
    struct OverlapCells {
        let width: Int
        let rings: Int
        /// Every edge of every ring (each ring run the positive way), by its top.
        private let segments: [(segment: Segment, ring: Int)]
        private var nextSegment = 0
        /// The edges that reach the current row, horizontal ones included.
        private var rowSegments: [(segment: Segment, ring: Int)] = []
        /// Per column, the first ring seen in the current row and whether another was.
        private var firstRing: [Int]
        private var shared: [Bool]
        private var noted: [ClosedRange<Int>] = []

        /// - Parameter rings: The rings, each already run the positive way.
        init(rings: [[Point]], width: Int) {
            self.width = width
            self.rings = rings.count
            segments = rings.enumerated()
                .flatMap { k, ring in
                    CoverageMask.edges(of: ring).map { (segment: $0, ring: k) }
                }
                .sorted { Swift.min($0.segment.start.y, $0.segment.end.y) < Swift.min($1.segment.start.y, $1.segment.end.y) }
            firstRing = [Int](repeating: -1, count: width)
            shared = [Bool](repeating: false, count: width)
        }

        /// Notes that an edge of `ring` touched `columns` of the current row.
        private mutating func note(_ columns: ClosedRange<Int>, ring: Int) {
            noted.append(columns)
            for column in columns {
                if firstRing[column] < 0 {
                    firstRing[column] = ring
                } else if firstRing[column] != ring {
                    shared[column] = true
                }
            }
        }

        /// The columns of the row from `top` to `bottom` that a segment passes through.
        private func columns(of segment: Segment, from top: Double, to bottom: Double) -> ClosedRange<Int>? {
            let (p, q) = (segment.start, segment.end)
            var (low, high) = (Swift.min(p.x, q.x), Swift.max(p.x, q.x))
            if p.y != q.y {
                // The x-range of the part between the two heights.
                let (t0, t1) = ((top - p.y) / (q.y - p.y), (bottom - p.y) / (q.y - p.y))
                let (from, to) = (Swift.max(0, Swift.min(t0, t1)), Swift.min(1, Swift.max(t0, t1)))
                guard from <= to else { return nil }
                let (x0, x1) = (p.x + from * (q.x - p.x), p.x + to * (q.x - p.x))
                (low, high) = (Swift.min(x0, x1), Swift.max(x0, x1))
            }
            guard low.isFinite, high.isFinite, high >= 0, low <= Double(width) else { return nil }
            let first = Int(Swift.max(0, low).rounded(.down))
            let last = Swift.min(width - 1, Int(Swift.min(Double(width), high).rounded(.down)))
            return first <= last ? first...last : nil
        }

        /// The columns of `row` that edges of two rings or more pass through, each with its
        /// exact share inside the union.
        mutating func exactShares(row: Int) -> [(column: Int, share: Double)] {
            let (top, bottom) = (Double(row), Double(row + 1))
            while nextSegment < segments.count,
                Swift.min(segments[nextSegment].segment.start.y, segments[nextSegment].segment.end.y) <= bottom
            {
                rowSegments.append(segments[nextSegment])
                nextSegment += 1
            }
            rowSegments.removeAll { Swift.max($0.segment.start.y, $0.segment.end.y) < top }
            for (segment, ring) in rowSegments {
                if let columns = columns(of: segment, from: top, to: bottom) { note(columns, ring: ring) }
            }
            var sharedColumns: [Int] = []
            for columns in noted {
                for column in columns where shared[column] && column < width {
                    shared[column] = false  // once per column
                    sharedColumns.append(column)
                }
            }
            var shares: [(column: Int, share: Double)] = []
            if !sharedColumns.isEmpty {
                // A ring's edges that reach the row tell inside it from out.
                let ringEdges = (0..<rings).map { k in rowSegments.filter { $0.ring == k }.map(\.segment) }
                for column in sharedColumns {
                    let (left, right) = (Double(column), Double(column + 1))
                    let near = rowSegments.filter {
                        Swift.min($0.segment.start.x, $0.segment.end.x) <= right
                            && Swift.max($0.segment.start.x, $0.segment.end.x) >= left
                    }
                    let coverage = UnionCoverage(corner: Point(left, top), edges: near, rings: rings) { p, ring in
                        CoverageMask.winding(of: p, ringEdges[ring]) != 0
                    }
                    shares.append((column, coverage.share()))
                }
            }
            for columns in noted {
                for column in columns { (firstRing[column], shared[column]) = (-1, false) }
            }
            noted.removeAll(keepingCapacity: true)
            return shares
        }
    }
}
