/// A photo's luma at the fixed size the checks work at, as floating-point samples.
///
/// Every photo is brought to the same short side before it is measured, so the
/// measures see the same scene the same way at 1, 3 or 12 megapixels.
struct WorkingImage {
    var width: Int
    var height: Int
    var samples: [Float]

    init(width: Int, height: Int, samples: [Float]) {
        (self.width, self.height, self.samples) = (width, height, samples)
    }

    /// `luma` (rows of `width` bytes) averaged down so that its short side is
    /// `shortSide` (or kept when already at most that): each sample the mean of the
    /// source pixels its box covers, with fractional edges weighted.
    init(luma: [UInt8], width: Int, height: Int, shortSide: Int) {
        let scale = min(1, Double(shortSide) / Double(min(width, height)))
        if scale == 1 {  // already at the working size, as a 12-megapixel JPEG decoded at 1/4
            (self.width, self.height, self.samples) = (width, height, luma.map(Float.init))
            return
        }
        let outWidth = max(1, Int((Double(width) * scale).rounded()))
        let outHeight = max(1, Int((Double(height) * scale).rounded()))
        let columns = Self.boxWeights(from: width, to: outWidth)
        let rows = Self.boxWeights(from: height, to: outHeight)
        // Rows first: each source row shrunk to outWidth, then rows combined. (Through
        // buffer pointers: indexing the arrays checked every access, and this was a sixth of
        // a photo's time when its size is not a multiple of the working size.)
        var narrowed = [Float](repeating: 0, count: outWidth * height)
        var samples = [Float](repeating: 0, count: outWidth * outHeight)
        luma.withUnsafeBufferPointer { luma in
            narrowed.withUnsafeMutableBufferPointer { narrowed in
                for y in 0..<height {
                    let (source, target) = (luma.baseAddress! + y * width, narrowed.baseAddress! + y * outWidth)
                    for x in 0..<outWidth {
                        var sum: Float = 0
                        for (from, weight) in columns[x] { sum += Float(source[from]) * weight }
                        target[x] = sum
                    }
                }
            }
        }
        narrowed.withUnsafeBufferPointer { narrowed in
            samples.withUnsafeMutableBufferPointer { samples in
                for (y, spans) in rows.enumerated() {
                    let target = samples.baseAddress! + y * outWidth
                    for (from, weight) in spans {
                        let source = narrowed.baseAddress! + from * outWidth
                        for x in 0..<outWidth { target[x] += source[x] * weight }
                    }
                }
            }
        }
        self.width = outWidth
        self.height = outHeight
        self.samples = samples
    }

    /// For each output index, the source indices its box covers and their weights (which
    /// sum to 1).
    static func boxWeights(from source: Int, to output: Int) -> [[(Int, Float)]] {
        let step = Double(source) / Double(output)
        return (0..<output).map { i in
            let start = Double(i) * step
            let end = start + step
            var spans: [(Int, Float)] = []
            var s = Int(start)
            while Double(s) < end && s < source {
                let covered = min(end, Double(s + 1)) - max(start, Double(s))
                if covered > 0 { spans.append((s, Float(covered / step))) }
                s += 1
            }
            return spans
        }
    }
}
