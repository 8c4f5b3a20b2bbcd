import RemoGeometry

/// How much of each pixel a set of regions covers, as 0–255: the exact fraction of the
/// pixel's square inside the regions (their union), rounded (docs/commands.md).
///
/// Coverage is computed as signed area, the way font rasterisers do it: each edge adds, to
/// the cells of each row it passes through, the area between itself and the cell's right
/// side, and a running sum along the row turns those into coverage. So the work is one
/// visit per cell an edge passes through, plus filling the runs inside at memory speed; no
/// pixel is tested against every edge, and nothing is sampled.
///
/// ```swift
/// var mask = CoverageMask(width: 4032, height: 3024, filling: lassos)   // exact coverage
/// mask.grow(lassos, by: 9)           // 9 pixels outward, round joins
/// mask.feather(over: 6)              // a 6-pixel soft edge
/// ```
public struct CoverageMask: Sendable {
    /// The mask's width in pixels.
    public let width: Int
    /// The mask's height in pixels.
    public let height: Int
    /// One value per pixel, row by row: 0 outside, 255 inside.
    public internal(set) var values: [UInt8]

    /// A mask of `width` × `height` pixels, each the share of it inside the union of
    /// `rings` (each closed implicitly; their orientations need not agree), rounded to
    /// 0–255. A ring that crosses itself covers what its loops enclose.
    ///
    /// - Complexity: O(*w* *h*) to clear the mask, then O(*n* log *n* + *c* + *p*) for *n*
    ///   edges passing through *c* cells in all, and *p* pixels inside.
    public init(width: Int, height: Int, filling rings: [[Point]]) {
        precondition(width > 0 && height > 0, "a mask has pixels")
        self.width = width
        self.height = height
        self.values = [UInt8](repeating: 0, count: width * height)
        fill(rings)
    }

    private mutating func fill(_ rings: [[Point]]) {
        // One orientation for all, so that where rings overlap their windings add up.
        let rings = rings.filter { $0.count >= 3 }.map { Ring.doubledSignedArea(of: $0) < 0 ? $0.reversed() : $0 }
        var edges = rings.flatMap { RowEdge.edges(of: $0, clippedTo: Double(width)) }
        guard !edges.isEmpty else { return }
        edges.sort { $0.top < $1.top }
        let firstRow = edges[0].top.rounded(.down).clamped(to: 0...height)
        var accumulator = [Double](repeating: 0, count: width + 2)
        var active: [RowEdge] = []
        var touched: [ClosedRange<Int>] = []
        var overlaps = rings.count > 1 ? OverlapCells(rings: rings, width: width) : nil
        var next = 0
        var row = firstRow
        while row < height, next < edges.count || !active.isEmpty {
            let (top, bottom) = (Double(row), Double(row + 1))
            while next < edges.count, edges[next].top < bottom {
                active.append(edges[next])
                next += 1
            }
            active.removeAll { $0.bottom <= top }
            if active.isEmpty, next < edges.count {
                row = Swift.max(row + 1, edges[next].top.rounded(.down).clamped(to: 0...height))
                continue
            }
            touched.removeAll(keepingCapacity: true)
            for edge in active {
                let (ya, yb) = (Swift.max(top, edge.top), Swift.min(bottom, edge.bottom))
                guard yb > ya else { continue }
                touched.append(
                    Self.addArea(from: edge.x(at: ya), to: edge.x(at: yb), height: (yb - ya) * edge.direction, into: &accumulator))
            }
            settle(row: row, touched: &touched, &accumulator)
            for (column, share) in overlaps?.exactShares(row: row) ?? [] {
                values[row * width + column] = Self.byte(share)
            }
            row += 1
        }
    }

    /// Turns a row's accumulated areas into coverage by a running sum, and clears them.
    /// Between the cells the edges touched the sum does not change, so those runs (the
    /// inside of a region, mostly) are filled at once.
    private mutating func settle(row: Int, touched: inout [ClosedRange<Int>], _ accumulator: inout [Double]) {
        guard !touched.isEmpty else { return }
        touched.sort { $0.lowerBound < $1.lowerBound }
        var sum = 0.0
        var c = touched[0].lowerBound
        let base = row * width
        values.withUnsafeMutableBufferPointer { values in
            for cells in touched where cells.upperBound >= c {
                if cells.lowerBound > c, c < width {
                    let end = Swift.min(cells.lowerBound, width)
                    UnsafeMutableBufferPointer(rebasing: values[(base + c)..<(base + end)]).update(repeating: Self.byte(sum.magnitude))
                }
                for k in Swift.max(c, cells.lowerBound)...cells.upperBound {
                    sum += accumulator[k]
                    accumulator[k] = 0
                    if k < width { values[base + k] = Self.byte(sum.magnitude) }
                }
                c = cells.upperBound + 1
            }
        }
    }

    /// Adds the signed area between the row piece from `x0` to `x1` (of signed height
    /// `height`) and each cell's right side; returns the cells it wrote.
    private static func addArea(from x0: Double, to x1: Double, height: Double, into accumulator: inout [Double]) -> ClosedRange<Int> {
        // The pieces lie within 0...width; rounding in x(at:) may stray a little past.
        let limit = Double(accumulator.count - 2)
        let (low, high) = (Swift.min(x0, x1).clamped(between: 0, limit), Swift.max(x0, x1).clamped(between: 0, limit))
        let first = Int(low.rounded(.down))
        let last = Swift.max(first, Int(high.rounded(.up)) - 1)
        if first == last {
            addInCell(first, low, high, height, &accumulator)
            return first...(first + 1)
        }
        // Cut at each cell boundary; each piece's height is its share of the width.
        let perUnit = height / (high - low)
        var start = low
        for c in first...last {
            let end = Swift.min(high, Double(c + 1))
            addInCell(c, start, end, perUnit * (end - start), &accumulator)
            start = end
        }
        return first...(last + 1)
    }

    /// A piece within cell `c`: the part of the cell right of it gets its height, split
    /// between this cell and the next by where the piece stands.
    private static func addInCell(_ c: Int, _ x0: Double, _ x1: Double, _ height: Double, _ accumulator: inout [Double]) {
        let middle = (x0 + x1) / 2 - Double(c)
        accumulator[c] += height * (1 - middle)
        accumulator[c + 1] += height * middle
    }

    /// The edges of a ring, closed (`grow` and the pixels where regions overlap take them).
    static func edges(of ring: [Point]) -> [Segment] {
        ring.indices.map { Segment(ring[$0], ring[$0 + 1 == ring.count ? 0 : $0 + 1]) }
    }

    /// How many times `edges` wind round `p`, by Sunday's crossing rule (a ring run the
    /// positive way, the way the shoelace formula gives a positive area, counts +1). Every
    /// edge that crosses `p`'s row must be among them. `grow` and the pixels where regions
    /// overlap ask it.
    static func winding(of p: Point, _ edges: [Segment]) -> Int {
        var winding = 0
        for edge in edges {
            let (a, b) = (edge.start, edge.end)
            let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
            if a.y <= p.y, b.y > p.y, side > 0 { winding += 1 }
            if b.y <= p.y, a.y > p.y, side < 0 { winding -= 1 }
        }
        return winding
    }

    static func byte(_ coverage: Double) -> UInt8 {
        guard coverage == coverage else { return 0 }
        return UInt8((Swift.min(1, Swift.max(0, coverage)) * 255).rounded())
    }
}

/// An edge as the rows see it: from its top to its bottom, with the direction it ran in.
struct RowEdge {
    var top: Double
    var bottom: Double
    /// x at `top`, and its change per unit of y.
    var xTop: Double
    var slope: Double
    /// +1 when the ring ran downwards along it, −1 upwards.
    var direction: Double

    func x(at y: Double) -> Double { slope == 0 ? xTop : xTop + (y - top) * slope }

    /// The ring's non-horizontal edges, cut where they cross x = 0 and x = `width`, and the
    /// pieces outside moved onto those lines: a piece left of the image still covers the
    /// cells to its right, and one right of it covers none.
    static func edges(of ring: [Point], clippedTo width: Double) -> [RowEdge] {
        var result: [RowEdge] = []
        guard ring.count >= 3 else { return result }
        for k in ring.indices {
            let (p, q) = (ring[k], ring[k + 1 == ring.count ? 0 : k + 1])
            guard p.y != q.y, p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { continue }
            var cuts = [0.0, 1.0]
            for line in [0, width] where (p.x - line) * (q.x - line) < 0 { cuts.append((line - p.x) / (q.x - p.x)) }
            cuts.sort()
            for (t0, t1) in zip(cuts, cuts.dropFirst()) where t1 > t0 {
                let a = Point(p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0)
                let b = Point(p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1)
                let xMiddle = (a.x + b.x) / 2
                let clampedX: Double? = xMiddle < 0 ? 0 : (xMiddle > width ? width : nil)
                let (upper, lower) = a.y < b.y ? (a, b) : (b, a)
                guard lower.y > upper.y else { continue }
                let slope = clampedX == nil ? (lower.x - upper.x) / (lower.y - upper.y) : 0
                result.append(
                    RowEdge(
                        top: upper.y, bottom: lower.y, xTop: clampedX ?? upper.x, slope: slope, direction: a.y < b.y ? 1 : -1))
            }
        }
        return result
    }
}

extension Double {
    /// This value limited to `low...high`; NaN gives `low`.
    fileprivate func clamped(between low: Double, _ high: Double) -> Double {
        self == self ? Swift.min(high, Swift.max(low, self)) : low
    }
}
