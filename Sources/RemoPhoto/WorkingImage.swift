import RemoImage
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
        var reduction = Reduction(width: width, height: height, shortSide: shortSide)
        luma.withUnsafeBufferPointer { reduction.add(rowsAvailable: height, of: $0) }
        self = reduction.image
    }

    /// Luma brought to the working size a few rows at a time, as the rows come from the
    /// decoder: each working row as soon as the source rows its boxes cover are in.
    struct Reduction {
        /// The source's width.
        let sourceWidth: Int
        /// The working size.
        let width: Int
        let height: Int
        /// For each working column and row, the source columns and rows its box covers
        /// and their weights; empty when the source is kept at its size.
        private let columns: [[(Int, Float)]]
        private let rows: [[(Int, Float)]]
        /// Source rows shrunk to the working width.
        private var narrowed: [Float]
        /// The working image's samples, complete for its first `rowsDone` rows.
        private(set) var samples: [Float]
        private var sourceRowsDone = 0
        /// The working rows complete so far.
        private(set) var rowsDone = 0

        init(width: Int, height: Int, shortSide: Int) {
            sourceWidth = width
            let scale = min(1, Double(shortSide) / Double(min(width, height)))
            if scale == 1 {  // already at the working size, as a 12-megapixel JPEG decoded at 1/4
                (self.width, self.height, columns, rows, narrowed) = (width, height, [], [], [])
            } else {
                self.width = max(1, Int((Double(width) * scale).rounded()))
                self.height = max(1, Int((Double(height) * scale).rounded()))
                columns = WorkingImage.boxWeights(from: width, to: self.width)
                rows = WorkingImage.boxWeights(from: height, to: self.height)
                narrowed = [Float](repeating: 0, count: self.width * height)
            }
            samples = [Float](repeating: 0, count: self.width * self.height)
        }

        /// The source rows the first `count` working rows are made of.
        func sourceRows(forRows count: Int) -> Int {
            guard !rows.isEmpty else { return count }
            return count == 0 ? 0 : (rows[count - 1].last.map { $0.0 + 1 } ?? 0)  // spans run down the source
        }

        /// Takes in the source rows not yet taken of the first `rowsAvailable` of `luma`, and
        /// makes every working row they complete.
        mutating func add(rowsAvailable: Int, of luma: UnsafeBufferPointer<UInt8>) {
            guard !rows.isEmpty else {
                for i in (sourceRowsDone * width)..<(rowsAvailable * width) { samples[i] = Float(luma[i]) }
                (sourceRowsDone, rowsDone) = (rowsAvailable, rowsAvailable)
                return
            }
            // Rows first: each source row shrunk to the working width, then rows combined.
            // (Through buffer pointers: indexing the arrays checked every access, and this was
            // a sixth of a photo's time when its size is not a multiple of the working size.)
            narrowed.withUnsafeMutableBufferPointer { narrowed in
                for y in sourceRowsDone..<rowsAvailable {
                    let (source, target) = (luma.baseAddress! + y * sourceWidth, narrowed.baseAddress! + y * width)
                    for x in 0..<width {
                        var sum: Float = 0
                        for (from, weight) in columns[x] { sum += Float(source[from]) * weight }
                        target[x] = sum
                    }
                }
            }
            sourceRowsDone = rowsAvailable
            var complete = rowsDone
            while complete < height && sourceRows(forRows: complete + 1) <= sourceRowsDone { complete += 1 }
            narrowed.withUnsafeBufferPointer { narrowed in
                samples.withUnsafeMutableBufferPointer { samples in
                    for y in rowsDone..<complete {
                        let target = samples.baseAddress! + y * width
                        for (from, weight) in rows[y] {
                            let source = narrowed.baseAddress! + from * width
                            for x in 0..<width { target[x] += source[x] * weight }
                        }
                    }
                }
            }
            rowsDone = complete
        }

        /// The working image, once every row is in.
        var image: WorkingImage { WorkingImage(width: width, height: height, samples: samples) }
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
