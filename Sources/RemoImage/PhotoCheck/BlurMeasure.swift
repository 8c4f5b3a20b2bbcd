/// Sharpness by re-blurring (Crété-Roffet, Dolmiere, Ladret and Nicolas, "The Blur Effect:
/// Perception and Estimation with a New No-Reference Perceptual Blur Metric", SPIE
/// Electronic Imaging 2007): blur the image again with a 9-pixel box and see how much of
/// its variation between neighbours goes. A sharp image loses much of it; one that is
/// blurred already loses little. The measure is a ratio, so it does not depend on the
/// photo's contrast, and it is taken at the fixed working size, so not on its pixel count.
///
/// It is taken per tile: flat tiles (a bare wall, a clear sky) say nothing about focus and
/// are left out, and the score is a high percentile of the rest, so a sharp subject in
/// front of a soft background still counts as sharp.
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
    /// Tiles measured and tiles left out as flat.
    var measuredTiles: Int
    var flatTiles: Int

    /// The directions measured: along rows, along columns and both diagonals, so that
    /// motion blur at any angle shows in one of them.
    static let directions = [(1, 0), (0, 1), (1, 1), (1, -1)]

    init(_ image: WorkingImage) {
        let (w, h) = (image.width, image.height)
        let f = image.samples
        let reblurred = Self.directions.map { Self.boxBlur(f, width: w, height: h, along: $0) }
        // Per direction, each tile's sharpness in that direction.
        var scores = [[Double]](repeating: [], count: Self.directions.count)
        var flat = 0
        for ty in stride(from: 0, to: h, by: Self.tileSide) {
            for tx in stride(from: 0, to: w, by: Self.tileSide) {
                // Per direction: the variation between neighbours, and how much of it the
                // re-blurring took away.
                var variation = [Float](repeating: 0, count: Self.directions.count)
                var lost = [Float](repeating: 0, count: Self.directions.count)
                var count = 0
                var (sum, sumOfSquares) = (Float(0), Float(0))
                for y in max(ty, 1)..<min(ty + Self.tileSide, h - 1) {
                    for x in max(tx, 1)..<min(tx + Self.tileSide, w - 1) {
                        let i = y * w + x
                        sum += f[i]
                        sumOfSquares += f[i] * f[i]
                        for (d, (dx, dy)) in Self.directions.enumerated() {
                            let j = (y - dy) * w + (x - dx)
                            let sharp = abs(f[i] - f[j])
                            let blurred = abs(reblurred[d][i] - reblurred[d][j])
                            variation[d] += sharp
                            lost[d] += max(0, sharp - blurred)
                        }
                        count += 1
                    }
                }
                guard count > Self.tileSide * Self.tileSide / 4 else { continue }  // a sliver at the edge
                let mean = sum / Float(count)
                if (sumOfSquares / Float(count) - mean * mean).squareRoot() < Self.flatDeviation {
                    flat += 1
                    continue
                }
                // A tile with spread but hardly any variation between neighbours is all
                // gentle slopes: no fine detail at all, as in a badly blurred photo.
                let smooth = (variation[0] + variation[1]) / Float(2 * count) < Self.smoothVariation
                for d in Self.directions.indices {
                    // The paper's blur in a direction is (variation - lost) / variation;
                    // sharpness is what is left of 1.
                    scores[d].append(smooth || variation[d] == 0 ? 0 : Double(lost[d] / variation[d]))
                }
            }
        }
        // A high percentile of the tiles in each direction, and the least of those: motion
        // blur leaves the other directions sharp, and a few tiles whose lines run along the
        // motion look sharp in every direction.
        let percentiles = scores.map { tiles -> Double in
            let sorted = tiles.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * Self.percentile))]
        }
        sharpness = scores[0].isEmpty ? nil : percentiles.min()
        measuredTiles = scores[0].count
        flatTiles = flat
    }

    /// The mean of `boxLength` samples centred on each pixel along `direction` (edges
    /// clamped).
    static func boxBlur(_ f: [Float], width w: Int, height h: Int, along direction: (Int, Int)) -> [Float] {
        let half = boxLength / 2
        var out = [Float](repeating: 0, count: f.count)
        for y in 0..<h {
            for x in 0..<w {
                var sum: Float = 0
                for k in -half...half {
                    let sx = min(max(x + k * direction.0, 0), w - 1)
                    let sy = min(max(y + k * direction.1, 0), h - 1)
                    sum += f[sy * w + sx]
                }
                out[y * w + x] = sum / Float(boxLength)
            }
        }
        return out
    }
}
