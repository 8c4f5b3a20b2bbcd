import RemoGeometry

/// Distances from pixel centres to the nearest of some segments, over a box of the
/// image: only pixels within `reach` of a segment are computed (others stay
/// infinite), row by row along each segment's capsule, so the work is proportional to
/// the pixels near the lines, not to the image.
///
/// Each segment costs the pixels of its capsule, about (2 `reach`)² for a short one: a
/// 100,000-point lasso drawn 2,000 pixels wide would cost 4 × 10¹¹ distances. So the
/// work has a bound, ``workBudget``: lines whose capsules would cost more are drawn
/// through fewer of their points, each kept point at least a spacing from the last one
/// kept, the spacing doubling from `reach` / 64 until the capsules fit the budget. Only
/// strokes far wider than the detail of their line are thinned (the outline moves by
/// less than a few hundredths of the stroke's width); every other field is exact.
struct DistanceField {
    /// The most pixel distances one field computes: about a quarter of a second.
    static let workBudget = 100_000_000
    /// The box: columns `x0..<x0+width`, rows `y0..<y0+height` of the image.
    let x0: Int
    let y0: Int
    let width: Int
    let height: Int
    var distances: [Float]
    /// The pixel distances computed (for the tests of the bound).
    private(set) var visits = 0

    /// The field of the polylines' segments (each closed when `closed`), clipped to the image.
    init?(polylines: [[Point]], closed: Bool, reach: Double, imageWidth: Int, imageHeight: Int) {
        let all = polylines.flatMap { $0 }
        guard let box = BoundingBox(of: all) else { return nil }
        guard imageWidth > 0, imageHeight > 0 else { return nil }
        let left = (box.min.x - reach - 1).rounded(.down).clamped(to: 0...imageWidth)
        let top = (box.min.y - reach - 1).rounded(.down).clamped(to: 0...imageHeight)
        let right = (box.max.x + reach + 2).rounded(.up).clamped(to: 0...imageWidth)
        let bottom = (box.max.y + reach + 2).rounded(.up).clamped(to: 0...imageHeight)
        guard left < right, top < bottom else { return nil }
        x0 = left
        y0 = top
        width = right - left
        height = bottom - top
        distances = [Float](repeating: .infinity, count: width * height)
        var lines = polylines
        var spacing = reach / 64
        while Self.cost(lines, closed: closed, reach: reach, width: width, height: height) > Self.workBudget && spacing.isFinite {
            lines = polylines.map { Self.thinned($0, spacing: spacing) }
            spacing *= 2
        }
        for line in lines where !line.isEmpty {
            let count = closed ? line.count : line.count - 1
            if line.count == 1 { add(line[0], line[0], reach: reach) }
            for i in 0..<max(0, count) { add(line[i], line[(i + 1) % line.count], reach: reach) }
        }
    }

    /// An upper bound on the pixels the capsules of the lines' segments cover, each
    /// clipped to a box of `width` × `height`.
    static func cost(_ lines: [[Point]], closed: Bool, reach: Double, width: Int, height: Int) -> Int {
        var total = 0.0
        for line in lines where !line.isEmpty {
            let count = line.count == 1 ? 1 : (closed ? line.count : line.count - 1)
            for i in 0..<count {
                let (a, b) = (line[i], line[(i + 1) % line.count])
                let rows = min(abs(b.y - a.y) + 2 * reach + 2, Double(height))
                let columns = min(abs(b.x - a.x) + 2 * reach + 2, Double(width))
                total += rows * columns
            }
        }
        return total >= Double(Int.max / 2) ? Int.max / 2 : Int(total)
    }

    /// The line through its first point and each later point at least `spacing` from
    /// the last one kept.
    static func thinned(_ line: [Point], spacing: Double) -> [Point] {
        guard var last = line.first else { return [] }
        var kept = [last]
        for p in line.dropFirst() where Segment(last, p).length >= spacing {
            kept.append(p)
            last = p
        }
        return kept
    }

    /// Lowers the distances of pixels within `reach` of segment ab. The inner loop is
    /// ``Segment/distance(to:)`` with the segment's terms computed once per segment.
    mutating func add(_ a: Point, _ b: Point, reach: Double) {
        let lowY = (min(a.y, b.y) - reach - 0.5).rounded(.down).clamped(to: y0...(y0 + height - 1))
        let highY = (max(a.y, b.y) + reach - 0.5).rounded(.up).clamped(to: y0...(y0 + height - 1))
        guard lowY <= highY else { return }
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        distances.withUnsafeMutableBufferPointer { d in
            for y in lowY...highY {
                let cy = Double(y) + 0.5
                // The segment's x over the part of it within `reach` of this row, widened by `reach`.
                var xLow = min(a.x, b.x)
                var xHigh = max(a.x, b.x)
                if dy != 0 {
                    var t0 = (cy - reach - a.y) / dy
                    var t1 = (cy + reach - a.y) / dy
                    if t0 > t1 { swap(&t0, &t1) }
                    t0 = max(0, t0)
                    t1 = min(1, t1)
                    if t0 > t1 { continue }
                    let xa = a.x + t0 * dx
                    let xb = a.x + t1 * dx
                    xLow = min(xa, xb)
                    xHigh = max(xa, xb)
                }
                let lowX = (xLow - reach - 0.5).rounded(.down).clamped(to: x0...(x0 + width - 1))
                let highX = (xHigh + reach - 0.5).rounded(.up).clamped(to: x0...(x0 + width - 1))
                guard lowX <= highX else { continue }
                let row = (y - y0) * width - x0
                visits += highX - lowX + 1
                for x in lowX...highX {
                    let cx = Double(x) + 0.5
                    var t = length2 > 0 ? ((cx - a.x) * dx + (cy - a.y) * dy) / length2 : 0
                    t = min(1, max(0, t))
                    let ex = cx - (a.x + t * dx)
                    let ey = cy - (a.y + t * dy)
                    let distance = Float((ex * ex + ey * ey).squareRoot())
                    if distance < d[row + x] { d[row + x] = distance }
                }
            }
        }
    }
}
