import RemoImage
/// Sharpness by re-blurring (Crété-Roffet, Dolmiere, Ladret and Nicolas, "The Blur Effect:
/// Perception and Estimation with a New No-Reference Perceptual Blur Metric", SPIE
/// Electronic Imaging 2007): blur the image again with a 9-pixel box and see how much of
/// its variation between neighbours goes. A sharp image loses much of it; one that is
/// blurred already loses little. The measure is a ratio, so it does not depend on the
/// photo's contrast, and it is taken at the fixed working size, so not on its pixel count.
///
/// It is taken per tile and per direction (rows, columns, both diagonals): flat tiles (a
/// bare wall, a clear sky) say nothing about focus and are left out; in each direction the
/// score is a high percentile of the other tiles, so a sharp subject in front of a soft
/// background still counts as sharp; and the photo's score is the least of the four
/// directions', so motion blur at any angle lowers it.
struct BlurMeasure {
    /// The tile side in working pixels.
    static let tileSide = 48
    /// A tile whose standard deviation is under this many grey levels is flat and left
    /// out (a plain wall, a clear sky). The spread of values, not their variation between
    /// neighbours, decides: a blurred tile keeps its spread but loses its variation.
    static let flatDeviation: Float = 4
    /// A tile that is not flat but whose mean variation between neighbours is under this
    /// many grey levels has no fine detail: it scores 0.
    static let smoothVariation: Float = 1
    /// The tiles' percentile taken as the photo's score.
    static let percentile = 0.75
    /// The length of the re-blurring box, as in the paper.
    static let boxLength = 9

    /// The photo's sharpness, 0 (nothing left to lose) to 1, or nil when every tile is flat.
    var sharpness: Double?
    /// The tiles measured.
    var measuredTiles: Int
    /// The tiles left out as flat.
    var flatTiles: Int

    /// The directions measured: along rows, along columns and both diagonals, so that
    /// motion blur at any angle shows in one of them.
    static let directions = [(1, 0), (0, 1), (1, 1), (1, -1)]

    private init(sharpness: Double?, measuredTiles: Int, flatTiles: Int) {
        (self.sharpness, self.measuredTiles, self.flatTiles) = (sharpness, measuredTiles, flatTiles)
    }

    /// Measures a whole working image.
    init(_ image: WorkingImage) {
        var bands = Bands(width: image.width, height: image.height)
        image.samples.withUnsafeBufferPointer { bands.measure(rowsAvailable: image.height, of: $0) }
        self = bands.result
    }

    /// The measure taken a band of tiles at a time, each band as soon as the rows it reads
    /// are there: so a photo can be measured while the rest of it is still being decoded
    /// (``PhotoCheck`` does that with a JPEG), and only one band is ever re-blurred.
    struct Bands {
        let width: Int
        let height: Int
        /// The tiles of the bands measured so far, row by row.
        private var tiles: [Tile] = []
        /// The top row of the next band to measure.
        private var nextBand = 0
        /// A band's rows, and one more above and below, re-blurred in one direction.
        private var reblurred: [Float]

        init(width: Int, height: Int) {
            (self.width, self.height) = (width, height)
            reblurred = [Float](repeating: 0, count: width * min(height, tileSide + 2))
        }

        /// How many rows of the working image the next band reads (the image's height once
        /// every band is measured): its own, the neighbours of its edge pixels, and the half
        /// box around those.
        var rowsWanted: Int { min(height, nextBand + tileSide + 1 + boxLength / 2) }

        /// Measures every band not yet measured whose rows are among the first
        /// `rowsAvailable` of `samples`.
        mutating func measure(rowsAvailable: Int, of samples: UnsafeBufferPointer<Float>) {
            // Every measured pixel needs neighbours on all sides: an image one or two pixels
            // across has none (the HEIC fuzzer found a photo one pixel wide trapping here).
            guard width >= 3 && height >= 3 else {
                nextBand = height
                return
            }
            while nextBand < height && rowsWanted <= rowsAvailable {
                measureBand(at: nextBand, of: samples)
                nextBand += tileSide
            }
        }

        /// The band of tiles from row `top`: the pixels of each that have neighbours on all
        /// sides; for each direction, the variation between neighbours in each tile and how
        /// much of it the re-blurring took away.
        private mutating func measureBand(at top: Int, of samples: UnsafeBufferPointer<Float>) {
            let (w, h) = (width, height)
            let rows = max(top, 1)..<min(top + tileSide, h - 1)
            let first = tiles.count
            for tx in stride(from: 0, to: w, by: tileSide) {
                var tile = Tile(x: max(tx, 1)..<min(tx + tileSide, w - 1), y: rows)
                tile.deviation = tile.deviation(of: samples, width: w)
                tiles.append(tile)
            }
            // The rows re-blurred: the band's and the neighbours' above and below.
            let blurredRows = max(0, rows.lowerBound - 1)..<min(h, rows.upperBound + 1)
            for (d, direction) in directions.enumerated() {
                reblurred.withUnsafeMutableBufferPointer { b in
                    boxBlur(samples, width: w, height: h, along: direction, rows: blurredRows, into: b.baseAddress!)
                }
                let back = direction.1 * w + direction.0
                reblurred.withUnsafeBufferPointer { b in
                    for t in first..<tiles.count {
                        var sums = (variation: Float(0), lost: Float(0))
                        for y in rows {
                            let (start, x) = (y * w + tiles[t].x.lowerBound, tiles[t].x.lowerBound)
                            addDifferences(
                                sharp: samples.baseAddress! + start, blurred: b.baseAddress! + (y - blurredRows.lowerBound) * w + x,
                                back: back, count: tiles[t].x.count, to: &sums)
                        }
                        (tiles[t].variation[d], tiles[t].lost[d]) = sums
                    }
                }
            }
        }

        /// The photo's measure, once every band is measured.
        var result: BlurMeasure {
            // Per direction, each tile's sharpness in that direction.
            var scores = [[Double]](repeating: [], count: directions.count)
            var flat = 0
            for tile in tiles {
                let count = tile.x.count * tile.y.count
                guard count > tileSide * tileSide / 4 else { continue }  // a sliver at the edge
                if tile.deviation < flatDeviation {
                    flat += 1
                    continue
                }
                // A tile with spread but hardly any variation between neighbours is all gentle
                // slopes: no fine detail at all, as in a badly blurred photo.
                let smooth = (tile.variation[0] + tile.variation[1]) / Float(2 * count) < smoothVariation
                for d in directions.indices {
                    // The paper's blur in a direction is (variation - lost) / variation;
                    // sharpness is what is left of 1.
                    scores[d].append(smooth || tile.variation[d] == 0 ? 0 : Double(tile.lost[d] / tile.variation[d]))
                }
            }
            // A high percentile of the tiles in each direction, and the least of those: motion
            // blur leaves the other directions sharp, and a few tiles whose lines run along the
            // motion look sharp in every direction.
            let percentiles = scores.map { tiles -> Double in
                let sorted = tiles.sorted()
                return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * percentile))]
            }
            return BlurMeasure(
                sharpness: scores[0].isEmpty ? nil : percentiles.min(), measuredTiles: scores[0].count, flatTiles: flat)
        }
    }

    /// The pixels of one tile that have neighbours on all sides, and per direction the
    /// sums over them.
    private struct Tile {
        var x: Range<Int>
        var y: Range<Int>
        var variation = SIMD4<Float>.zero
        var lost = SIMD4<Float>.zero
        /// The standard deviation of its values.
        var deviation: Float = 0

        /// The standard deviation of its values in `samples`, rows of `width`.
        func deviation(of samples: UnsafeBufferPointer<Float>, width: Int) -> Float {
            var (sum, sumOfSquares) = (Float(0), Float(0))
            for y in self.y {
                for i in (y * width + x.lowerBound)..<(y * width + x.upperBound) {
                    let value = samples[i]
                    sum += value
                    sumOfSquares += value * value
                }
            }
            let count = Float(x.count * y.count)
            let mean = sum / count
            return (sumOfSquares / count - mean * mean).squareRoot()
        }
    }

    /// Eight samples, worked on together.
    typealias Lanes = SIMD8<Float>

    /// The eight samples from `p` on.
    static func lanes(_ p: UnsafePointer<Float>) -> Lanes { UnsafeRawPointer(p).loadUnaligned(as: Lanes.self) }

    /// The magnitudes of eight samples: their sign bits cleared. (`SIMD` has no `abs`, and
    /// the stdlib's lane-wise `pointwiseMax` and `replacing(with:where:)` work a lane at a time.)
    @inline(__always)
    static func magnitude(_ lanes: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(lanes, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: Lanes.self)
    }

    /// Adds, over `count` pixels from `sharp` and `blurred`, each pixel's difference from its
    /// neighbour `back` samples before it (the variation) and how much smaller that
    /// difference is after re-blurring (the variation lost). Eight pixels at a time, in
    /// eight running sums added at the end.
    static func addDifferences(
        sharp f: UnsafePointer<Float>, blurred b: UnsafePointer<Float>, back: Int, count: Int,
        to sums: inout (variation: Float, lost: Float)
    ) {
        var (variation, lost) = (Lanes.zero, Lanes.zero)
        var i = 0
        while i + Lanes.scalarCount <= count {
            let sharp = magnitude(lanes(f + i) - lanes(f + i - back))
            let blurred = magnitude(lanes(b + i) - lanes(b + i - back))
            variation += sharp
            // max(less, 0), exactly: 2 × less where it is positive, 0 where not, halved.
            let less = sharp - blurred
            lost += (less + magnitude(less)) * 0.5
            i += Lanes.scalarCount
        }
        sums.variation += variation.sum()
        sums.lost += lost.sum()
        for i in i..<count {
            let sharp = abs(f[i] - f[i - back])
            let blurred = abs(b[i] - b[i - back])
            sums.variation += sharp
            sums.lost += max(sharp - blurred, 0)
        }
    }

    /// The mean of `boxLength` samples centred on each pixel along `direction` (the line's
    /// ends repeated past the edges), for the pixels of `rows`, written to `out` from its
    /// start. The image is walked row by row, as it lies in memory: a pixel whose whole box
    /// is inside the image adds its `boxLength` samples from as many rows (a column or
    /// diagonal walked pixel by pixel would jump a row's width at every step); the few near
    /// the edges clamp each sample to the line.
    static func boxBlur(
        _ f: UnsafeBufferPointer<Float>, width w: Int, height h: Int, along direction: (Int, Int), rows: Range<Int>,
        into out: UnsafeMutablePointer<Float>
    ) {
        let half = boxLength / 2
        let (dx, dy) = direction
        let step = dy * w + dx
        // The columns whose box stays inside every row, and the rows whose box does.
        // (Empty in an image narrower or lower than a box.)
        let inner = (half * abs(dx))..<Swift.max(half * abs(dx), w - half * abs(dx))
        let innerRows = (half * abs(dy))..<Swift.max(half * abs(dy), h - half * abs(dy))
        for y in rows {
            let (row, line) = (y * w, out + (y - rows.lowerBound) * w)
            /// A pixel near an edge: each sample of its box clamped to the line's ends.
            func clamped(_ x: Int) {
                // How far the line runs from (x, y) forwards and backwards.
                let forwards = min(dx > 0 ? w - 1 - x : Int.max, dy > 0 ? h - 1 - y : (dy < 0 ? y : Int.max))
                let backwards = min(dx > 0 ? x : Int.max, dy > 0 ? y : (dy < 0 ? h - 1 - y : Int.max))
                var sum: Float = 0
                for k in -half...half { sum += f[row + x + min(max(k, -backwards), forwards) * step] }
                line[x] = sum / Float(boxLength)
            }
            guard innerRows.contains(y), !inner.isEmpty else {
                for x in 0..<w { clamped(x) }
                continue
            }
            for x in 0..<inner.lowerBound { clamped(x) }
            // Eight pixels at a time, then the rest one by one, adding in the same order.
            let centre = f.baseAddress! + row
            var x = inner.lowerBound
            while x + Lanes.scalarCount <= inner.upperBound {
                var sum = Lanes.zero
                for k in -half...half { sum += lanes(centre + k * step + x) }
                UnsafeMutableRawPointer(line + x).storeBytes(of: sum / Float(boxLength), as: Lanes.self)
                x += Lanes.scalarCount
            }
            for x in x..<inner.upperBound {
                var sum: Float = 0
                for k in -half...half { sum += centre[k * step + x] }
                line[x] = sum / Float(boxLength)
            }
            for x in inner.upperBound..<w { clamped(x) }
        }
    }
}
