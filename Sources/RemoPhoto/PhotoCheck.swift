import RemoImage

/// The deterministic first check of an uploaded room photo (docs/commands.md):
/// resolution, blur and exposure. Every threshold is a named constant with where it came
/// from; a change to any of them or to a measure changes ``checkVersion``.
public enum PhotoCheck {
    /// The version of the checks and thresholds, carried in every report.
    public static let checkVersion = "2"

    /// A short side under this is rejected: the image generator works at about 1
    /// megapixel, and a 4:3 photo of 1 megapixel is 866 pixels high.
    public static let minimumShortSide = 768
    /// A long side under this is a warning: the app shows photos full-screen, at least
    /// 1024 pixels across.
    public static let preferredLongSide = 1024

    /// The short side the blur and exposure measures work at. Small enough that every
    /// photo of the labelled set (down to 1 megapixel) and the small originals it was made
    /// from are reduced, never enlarged, so the same scene measures the same at any size;
    /// large enough that blur of 1 % of the short side still spans 7 pixels. A quarter of
    /// an iPhone's 12-megapixel short side (3,024), so such a JPEG is decoded at 1/4 by
    /// libjpeg-turbo's DCT scaling and measured as it comes, with no resampling.
    public static let workingShortSide = 756

    /// Sharpness under this is rejected as blurred. Calibrated on the labelled set
    /// (SampleScans/photos, 1 megapixel, JPEG, at a working side of 768): the sharp photos
    /// scored 0.58 to 0.79, Gaussian blur of 1 % of the short side at most 0.14, motion blur
    /// of 2 % or 4 % at most 0.54 (diagonal). The margin is thin: the sharp photos were
    /// enlarged from originals of 400 to 640 pixels, so they are softer than a phone's own.
    /// Checked again at the working side of 756 on the whole set (1,071 photos, checkVersion
    /// 2): 629 of the 630 clear labels right.
    public static let blurReject = 0.55
    /// Sharpness under this is a warning: soft, though not clearly blurred.
    public static let blurWarn = 0.60

    /// A photo whose brightest parts (99th percentile of luma) stay under this is rejected
    /// as too dark: not even a lamp or a window reaches a quarter of white. The labelled
    /// set's darkened photos (a fifth of the light) stay under 52; its originals reach 180
    /// or more.
    public static let darkReject = 64.0
    /// A photo whose darkest parts (1st percentile) stay over this is rejected as washed
    /// out: nothing in the room is darker than three quarters of white. The brightened
    /// photos (a fifth of the shadow) start at 204; the originals at 30 or less.
    public static let brightReject = 191.0
    /// Mean luma under this (or over 255 minus it) is a warning: about half as bright as a
    /// normally exposed room (mean about 110), or that much brighter.
    public static let exposureWarn = 55.0
    /// More than this fraction of the pixels black or white with no detail is a warning.
    public static let clippedWarn = 0.25
    /// A 1st-to-99th percentile spread under this many grey levels is a warning: a flat,
    /// hazy photo.
    public static let contrastWarn = 48.0

    /// Decodes and checks a photo.
    ///
    /// A JPEG stored upright is measured while it is decoded: a thread of its own decodes
    /// the rows, and each band of tiles is measured as soon as its rows are in.
    ///
    /// - Parameters:
    ///   - bytes: A PNG, JPEG or HEIC file.
    ///   - maximumPixels: Larger photos are refused from their header.
    /// - Throws: `ImageError` when the file cannot be read.
    public static func check(_ bytes: [UInt8], maximumPixels: Int = PNGCodec.defaultMaximumPixels) throws(ImageError) -> PhotoReport {
        guard ImageFormat.sniff(bytes) == .jpeg else {
            let image = try ImageDecoder.decode(bytes, maximumPixels: maximumPixels, samples: .luma(shortSide: workingShortSide))
            let working = WorkingImage(luma: image.pixels, width: image.width, height: image.height, shortSide: workingShortSide)
            return report(
                format: image.format, width: image.fullWidth, height: image.fullHeight, orientation: image.orientation,
                profile: image.profile, blur: BlurMeasure(working), exposure: ExposureMeasure(working))
        }
        let file = try JPEGFile(bytes)
        let (blur, exposure) = try file.withRows(
            maximumPixels: maximumPixels, denominator: file.denominator(keepingShortSide: workingShortSide), channels: 1
        ) { (rows) throws(ImageError) in try measureWhileDecoding(rows, orientation: file.orientation) }
        let turned = file.orientation.swapsSides
        return report(
            format: .jpeg, width: turned ? file.height : file.width, height: turned ? file.width : file.height,
            orientation: file.orientation, profile: file.iccProfile.map(ColourProfile.icc) ?? .unspecified, blur: blur,
            exposure: exposure)
    }

    /// Measures a JPEG's luma while a thread of its own decodes it. When it is stored
    /// upright, its rows are brought to the working size and each band of tiles is measured
    /// as soon as the rows it reads are in, so most of the measuring is done by the time the
    /// decoding is. Otherwise the rows are turned upright once they are all in (the tiles
    /// lie on the picture as shown, so a photo's score does not depend on how the phone
    /// was held), and measured then.
    static func measureWhileDecoding(_ rows: JPEGRows, orientation: ExifOrientation) throws(ImageError) -> (BlurMeasure, ExposureMeasure) {
        let (width, height) = (rows.width, rows.height)
        var luma = [UInt8](repeating: 0, count: width * height)
        return try luma.withUnsafeMutableBufferPointer { (luma) throws(ImageError) in
            try RowsInFlight.decode(rows, into: luma, chunk: 16) { (waitForRows) throws(ImageError) in
                guard orientation == .up else {
                    try waitForRows(height)
                    let turned = orientation.apply(to: Array(luma), width: width, height: height, channels: 1)
                    let working = WorkingImage(luma: turned.pixels, width: turned.width, height: turned.height, shortSide: workingShortSide)
                    return (BlurMeasure(working), ExposureMeasure(working))
                }
                var reduction = WorkingImage.Reduction(width: width, height: height, shortSide: workingShortSide)
                var bands = BlurMeasure.Bands(width: reduction.width, height: reduction.height)
                while reduction.rowsDone < reduction.height {
                    let wanted = reduction.sourceRows(forRows: bands.rowsWanted)
                    try waitForRows(wanted)
                    reduction.add(rowsAvailable: wanted, of: UnsafeBufferPointer(luma))
                    reduction.samples.withUnsafeBufferPointer { bands.measure(rowsAvailable: reduction.rowsDone, of: $0) }
                }
                return (bands.result, ExposureMeasure(reduction.image))
            }
        }
    }

    static func report(
        format: ImageFormat, width: Int, height: Int, orientation: ExifOrientation, profile: ColourProfile, blur: BlurMeasure,
        exposure: ExposureMeasure
    ) -> PhotoReport {
        PhotoReport(
            format: format, width: width, height: height, orientation: orientation, profile: profile,
            checks: [resolution(width: width, height: height), self.blur(blur), self.exposure(exposure)])
    }

    static func resolution(width: Int, height: Int) -> PhotoCheckResult {
        let (short, long) = (min(width, height), max(width, height))
        if short < minimumShortSide {
            return PhotoCheckResult(
                code: "resolution", verdict: .reject, score: Double(short), threshold: Double(minimumShortSide),
                message: "the short side is \(short) pixels, under \(minimumShortSide): take the photo at full resolution")
        }
        if long < preferredLongSide {
            return PhotoCheckResult(
                code: "resolution", verdict: .warn, score: Double(long), threshold: Double(preferredLongSide),
                message: "the long side is \(long) pixels, under \(preferredLongSide)")
        }
        return PhotoCheckResult(
            code: "resolution", verdict: .ok, score: Double(short), threshold: Double(minimumShortSide),
            message: "\(width) × \(height) pixels")
    }

    static func blur(_ measure: BlurMeasure) -> PhotoCheckResult {
        guard let sharpness = measure.sharpness else {
            return PhotoCheckResult(
                code: "blur", verdict: .warn, score: 0, threshold: blurReject,
                message: "the photo is flat everywhere (\(measure.flatTiles) tiles): too little detail to judge its sharpness")
        }
        let score = (sharpness * 1000).rounded() / 1000
        if sharpness < blurReject {
            return PhotoCheckResult(
                code: "blur", verdict: .reject, score: score, threshold: blurReject,
                message: "the photo is blurred (sharpness \(score), under \(blurReject)): hold the phone still and let it focus")
        }
        if sharpness < blurWarn {
            return PhotoCheckResult(
                code: "blur", verdict: .warn, score: score, threshold: blurWarn,
                message: "the photo is slightly soft (sharpness \(score), under \(blurWarn))")
        }
        return PhotoCheckResult(code: "blur", verdict: .ok, score: score, threshold: blurWarn, message: "sharp (sharpness \(score))")
    }

    static func exposure(_ m: ExposureMeasure) -> PhotoCheckResult {
        let mean = (m.mean * 10).rounded() / 10
        func result(_ verdict: PhotoVerdict, _ score: Double, _ threshold: Double, _ message: String) -> PhotoCheckResult {
            PhotoCheckResult(code: "exposure", verdict: verdict, score: score, threshold: threshold, message: message)
        }
        if Double(m.brightest) < darkReject {
            return result(
                .reject, Double(m.brightest), darkReject,
                "the photo is too dark: even its brightest parts are at \(m.brightest) of 255 (mean \(mean))")
        }
        if Double(m.darkest) > brightReject {
            return result(
                .reject, Double(m.darkest), brightReject,
                "the photo is washed out: even its darkest parts are at \(m.darkest) of 255 (mean \(mean))")
        }
        if m.mean < exposureWarn { return result(.warn, mean, exposureWarn, "the photo is dark (mean brightness \(mean) of 255)") }
        if m.mean > 255 - exposureWarn {
            return result(.warn, mean, 255 - exposureWarn, "the photo is bright (mean brightness \(mean) of 255)")
        }
        let clipped = max(m.clippedShadows, m.clippedHighlights)
        if clipped > clippedWarn {
            let part = m.clippedShadows >= m.clippedHighlights ? "black shadows" : "white highlights"
            return result(
                .warn, (clipped * 1000).rounded() / 1000, clippedWarn,
                "\(Int((clipped * 100).rounded())) % of the photo is \(part) with no detail")
        }
        if Double(m.contrast) < contrastWarn {
            return result(
                .warn, Double(m.contrast), contrastWarn,
                "the photo has little contrast (\(m.contrast) grey levels between its 1st and 99th percentiles)")
        }
        return result(.ok, mean, m.mean < 127.5 ? exposureWarn : 255 - exposureWarn, "well exposed (mean brightness \(mean) of 255)")
    }
}
