import RemoGeometry

extension CoverageMask {
    /// Softens the mask's edges over about `distance` pixels: three box blurs along the rows
    /// and three down the columns, each a third of `distance` wide, which together ramp a
    /// straight edge smoothly (a quadratic spline) from 0 to 255. Beyond the image's sides
    /// the edge values carry on, so a region cut by the frame stays solid there.
    ///
    /// - Complexity: O(*w* *h*) to find what is not 0, then O(*a*) for the area *a* of its
    ///   box widened by the blur, whatever `distance`.
    public mutating func feather(over distance: Double) {
        guard distance.isFinite else { return }
        let radius = (distance / 6).rounded().clamped(to: 0...(width + height))
        guard radius > 0, let box = nonZeroBox() else { return }
        let reach = 3 * radius
        let columns = Swift.max(0, box.columns.lowerBound - reach)...Swift.min(width - 1, box.columns.upperBound + reach)
        let rows = Swift.max(0, box.rows.lowerBound - reach)...Swift.min(height - 1, box.rows.upperBound + reach)
        var line: [Int] = []
        for _ in 0..<3 {
            for row in rows { blur(start: row * width + columns.lowerBound, step: 1, count: columns.count, radius, &line) }
            blurColumns(rows: rows, columns: columns, radius)
        }
    }

    /// The rows and columns holding every value that is not 0, or nil when all are.
    private func nonZeroBox() -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        var (top, bottom, left, right) = (Int.max, -1, Int.max, -1)
        for row in 0..<height {
            let base = row * width
            guard let first = (0..<width).first(where: { values[base + $0] != 0 }) else { continue }
            let last = (0..<width).last(where: { values[base + $0] != 0 })!
            (top, bottom, left, right) = (Swift.min(top, row), row, Swift.min(left, first), Swift.max(right, last))
        }
        return bottom >= 0 ? (top...bottom, left...right) : nil
    }

    /// One box blur of width 2 × `radius` + 1 down every column of the box, with the end
    /// values carried on beyond its top and bottom. The box is read and written row by row
    /// (one running sum per column), not down each column in turn: a column's values lie
    /// `width` bytes apart, and walking them one column at a time made each read a cache miss
    /// (a 100-megapixel mask took 8 s to feather instead of 2).
    private mutating func blurColumns(rows: ClosedRange<Int>, columns: ClosedRange<Int>, _ radius: Int) {
        let (count, span) = (rows.count, columns.count)
        var source = [UInt8](repeating: 0, count: count * span)
        for k in 0..<count {
            let from = (rows.lowerBound + k) * width + columns.lowerBound
            for c in 0..<span { source[k * span + c] = values[from + c] }
        }
        let window = 2 * radius + 1
        func row(_ k: Int) -> Int { Swift.min(count - 1, Swift.max(0, k)) * span }
        // The first window, -radius...radius, as in blur(start:step:count:_:_:).
        var sums = [Int](repeating: 0, count: span)
        let (first, last) = (0, (count - 1) * span)
        for c in 0..<span { sums[c] = radius * Int(source[first + c]) + Swift.max(0, radius - (count - 1)) * Int(source[last + c]) }
        for k in 0...Swift.min(radius, count - 1) {
            for c in 0..<span { sums[c] += Int(source[k * span + c]) }
        }
        for k in 0..<count {
            let to = (rows.lowerBound + k) * width + columns.lowerBound
            let (entering, leaving) = (row(k + radius + 1), row(k - radius))
            for c in 0..<span {
                values[to + c] = UInt8((sums[c] + window / 2) / window)
                sums[c] += Int(source[entering + c]) - Int(source[leaving + c])
            }
        }
    }

    /// One box blur of width 2 × `radius` + 1 along `count` values from `start`, `step`
    /// apart, with the end values carried on beyond them: O(`count`), the window's sum kept
    /// as it slides.
    private mutating func blur(start: Int, step: Int, count: Int, _ radius: Int, _ line: inout [Int]) {
        line.removeAll(keepingCapacity: true)
        for k in 0..<count { line.append(Int(values[start + k * step])) }
        let window = 2 * radius + 1
        func at(_ k: Int) -> Int { line[Swift.min(count - 1, Swift.max(0, k))] }
        // The first window, -radius...radius, with the end value standing in beyond the
        // line's start and end: O(count) whatever the radius.
        var sum = radius * line[0] + line[0...Swift.min(radius, count - 1)].reduce(0, +)
        sum += Swift.max(0, radius - (count - 1)) * line[count - 1]
        for k in 0..<count {
            let mean: Int = (sum + window / 2) / window
            values[start + k * step] = UInt8(mean)
            sum += at(k + radius + 1) - at(k - radius)
        }
    }
}
