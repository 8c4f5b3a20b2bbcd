import RemoImage
/// Brightness, clipping and contrast of a photo's luma at the working size.
struct ExposureMeasure {
    /// Mean luma, 0 to 255.
    var mean: Double
    /// The fractions of pixels at or below `darkClip` and at or above `brightClip`.
    var clippedShadows: Double
    var clippedHighlights: Double
    /// The 1st and 99th percentiles of luma: the darkest and the brightest parts.
    var darkest: Int
    var brightest: Int
    /// The 99th percentile of luma minus the 1st.
    var contrast: Int { brightest - darkest }

    /// Luma at or below this is black with no detail left.
    static let darkClip: Float = 4
    /// Luma at or above this is white with no detail left.
    static let brightClip: Float = 251

    init(_ image: WorkingImage) {
        var histogram = [Int](repeating: 0, count: 256)
        var sum: Double = 0
        var dark = 0
        var bright = 0
        for v in image.samples {
            histogram[Int(min(max(v + 0.5, 0), 255))] += 1  // samples are 0 to 255: rounds to nearest
            sum += Double(v)
            if v <= Self.darkClip { dark += 1 }
            if v >= Self.brightClip { bright += 1 }
        }
        let n = max(1, image.samples.count)
        func percentile(_ p: Double) -> Int {
            let target = Int(Double(n) * p)
            var seen = 0
            for (level, count) in histogram.enumerated() {
                seen += count
                if seen > target { return level }
            }
            return 255
        }
        mean = sum / Double(n)
        clippedShadows = Double(dark) / Double(n)
        clippedHighlights = Double(bright) / Double(n)
        darkest = percentile(0.01)
        brightest = percentile(0.99)
    }
}
