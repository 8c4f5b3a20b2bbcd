/// Scales 8-bit RGBA samples, each axis on its own. Shrinking is an area average: each
/// output pixel is the mean of the input area it covers, the input pixels cut by its edges
/// weighted by the share they cover (OpenCV's `INTER_AREA`), so every input pixel counts,
/// nothing aliases, and a uniform area stays exactly its colour. Enlarging interpolates
/// linearly between the two nearest pixel centres (OpenCV's `INTER_LINEAR`).
///
/// Kept here rather than taken from a library: libvips and Pillow are what it is measured
/// against, and neither is a library a Swift package can link on every platform the app
/// runs on; the filter is a few dozen lines.
package enum ImageScaling {
    /// For each output pixel along one axis: the first input pixel it takes and the weight
    /// of each input pixel it takes (summing to 1).
    struct Axis {
        var first: [Int]
        var count: [Int]
        /// The weights of output pixel `i` start at `offset[i]`.
        var offset: [Int]
        var weights: [Float]

        init(from input: Int, to output: Int) {
            let scale = Double(input) / Double(output)
            (first, count, offset, weights) = ([], [], [], [])
            if output > input {
                for i in 0..<output {
                    // The output pixel's centre on the input's grid, held within the first
                    // and last centres (the edge pixels carry on).
                    let x = min(Double(input - 1), max(0, (Double(i) + 0.5) * scale - 0.5))
                    let left = min(input - 1, Int(x.rounded(.down)))
                    let t = Float(x - Double(left))
                    first.append(left)
                    offset.append(weights.count)
                    if left + 1 < input && t > 0 {
                        count.append(2)
                        weights += [1 - t, t]
                    } else {
                        count.append(1)
                        weights.append(1)
                    }
                }
                return
            }
            for i in 0..<output {
                let (low, high) = (Double(i) * scale, min(Double(input), Double(i + 1) * scale))
                let start = Int(low.rounded(.down))
                let end = min(input, Int(high.rounded(.up)))
                first.append(start)
                count.append(end - start)
                offset.append(weights.count)
                for j in start..<end {
                    weights.append(Float((min(high, Double(j + 1)) - max(low, Double(j))) / scale))
                }
            }
        }
    }

    /// The image scaled to `toWidth` × `toHeight` (each at least 1).
    ///
    /// - Parameter premultiplied: Weigh colour by alpha, so that the colour of transparent
    ///   pixels does not bleed into their neighbours (for images with transparency).
    package static func scale(
        _ pixels: [UInt8], width: Int, height: Int, toWidth: Int, toHeight: Int, premultiplied: Bool
    ) -> [UInt8] {
        precondition(toWidth >= 1 && toHeight >= 1 && pixels.count == width * height * 4)
        if toWidth == width && toHeight == height { return pixels }
        var rows = Rows(width: width, height: height, toWidth: toWidth, toHeight: toHeight, premultiplied: premultiplied)
        pixels.withUnsafeBufferPointer { input in
            for y in 0..<rows.outputHeight {
                rows.makeRow(y) { input.baseAddress! + $0 * width * 4 }
            }
        }
        return rows.output
    }

    /// Scaling as an image's rows arrive from its decoder, top to bottom: each output row is
    /// made as soon as the input rows it takes are in, and only those input rows are held
    /// (about `height / toHeight + 1` when shrinking, 2 when enlarging), so the image is
    /// never held whole. The arithmetic is ``ImageScaling/scale(_:width:height:toWidth:toHeight:premultiplied:)``'s,
    /// sample for sample.
    package struct Rows {
        let width: Int
        let premultiplied: Bool
        let columns: Axis
        let rows: Axis
        /// The output, complete for its first `rowsMade` rows.
        private(set) var output: [UInt8]
        private var rowsMade = 0
        /// The input rows added so far.
        private(set) var rowsAdded = 0
        /// The input rows an output row may still need: row `j` in slot `j % slots`.
        private var window: [UInt8]
        private let slots: Int
        /// One input row's worth of weighted sums.
        private var sums: [Float]

        package init(width: Int, height: Int, toWidth: Int, toHeight: Int, premultiplied: Bool) {
            precondition(width >= 1 && height >= 1 && toWidth >= 1 && toHeight >= 1)
            (self.width, self.premultiplied) = (width, premultiplied)
            (columns, rows) = (Axis(from: width, to: toWidth), Axis(from: height, to: toHeight))
            output = [UInt8](repeating: 0, count: toWidth * toHeight * 4)
            slots = rows.count.max() ?? 1
            window = []
            sums = [Float](repeating: 0, count: width * 4)
        }

        /// The output's size.
        package var outputWidth: Int { columns.first.count }
        package var outputHeight: Int { rows.first.count }

        /// Adds the next input row: `fill` writes its `width * 4` samples to the pointer it
        /// is given. Then makes every output row now complete.
        package mutating func addRow<Failure>(_ fill: (UnsafeMutablePointer<UInt8>) throws(Failure) -> Void) throws(Failure) {
            if window.isEmpty { window = [UInt8](repeating: 0, count: slots * width * 4) }
            let (slots, rowBytes) = (slots, width * 4)
            let slot = rowsAdded % slots
            try window.withUnsafeMutableBufferPointer { (window) throws(Failure) in
                try fill(window.baseAddress! + slot * rowBytes)
            }
            rowsAdded += 1
            window.withUnsafeBufferPointer { window in
                while rowsMade < outputHeight && rows.first[rowsMade] + rows.count[rowsMade] <= rowsAdded {
                    makeRow(rowsMade) { window.baseAddress! + ($0 % slots) * rowBytes }
                }
            }
        }

        /// Makes output row `y` from the input rows `row` gives (by their index): its input
        /// rows summed down (each weighted), then that row summed across. (Enlarging a tall
        /// image reads each input row for about two output rows: cheap next to the rows
        /// written.)
        mutating func makeRow(_ y: Int, row: (Int) -> UnsafePointer<UInt8>) {
            let (width, toWidth, premultiplied, columns, rows) = (width, outputWidth, premultiplied, columns, rows)
            sums.withUnsafeMutableBufferPointer { sums in
                output.withUnsafeMutableBufferPointer { out in
                    for i in 0..<sums.count { sums[i] = 0 }
                    for k in 0..<rows.count[y] {
                        let weight = rows.weights[rows.offset[y] + k]
                        let row = row(rows.first[y] + k)
                        if premultiplied {
                            for x in 0..<width {
                                let alpha = weight * Float(row[x * 4 + 3])
                                sums[x * 4] += alpha * Float(row[x * 4])
                                sums[x * 4 + 1] += alpha * Float(row[x * 4 + 1])
                                sums[x * 4 + 2] += alpha * Float(row[x * 4 + 2])
                                sums[x * 4 + 3] += alpha
                            }
                        } else {
                            for i in 0..<(width * 4) { sums[i] += weight * Float(row[i]) }
                        }
                    }
                    let target = out.baseAddress! + y * toWidth * 4
                    for x in 0..<toWidth {
                        var (r, g, b, a) = (Float(0), Float(0), Float(0), Float(0))
                        for k in 0..<columns.count[x] {
                            let weight = columns.weights[columns.offset[x] + k]
                            let at = (columns.first[x] + k) * 4
                            r += weight * sums[at]
                            g += weight * sums[at + 1]
                            b += weight * sums[at + 2]
                            a += weight * sums[at + 3]
                        }
                        if premultiplied {
                            let unit = a > 0 ? 1 / a : 0
                            (r, g, b) = (r * unit, g * unit, b * unit)
                        }
                        target[x * 4] = sample(r)
                        target[x * 4 + 1] = sample(g)
                        target[x * 4 + 2] = sample(b)
                        target[x * 4 + 3] = sample(a)
                    }
                }
            }
            rowsMade = y + 1
        }
    }

    @inline(__always) static func sample(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value + 0.5)))
    }
}
