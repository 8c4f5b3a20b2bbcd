/// An image made ready for an image generator or a thumbnail strip: decoded, turned
/// upright, converted to sRGB, shrunk so that its long side is at most a bound, and encoded
/// as PNG or JPEG.
///
/// The order is chosen for cost: a JPEG is decoded at the smallest DCT scale that still
/// holds the target size (libjpeg-turbo's shrink on load), then shrunk; a PNG is shrunk as
/// its rows are decoded, so it is never held at full size; then the small image is
/// converted and turned, so that colour conversion and turning touch only it. Shrinking and
/// turning commute, and so, up to rounding, do shrinking and conversion.
public enum ImagePreparation {
    /// The formats written.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        /// PNG (libpng), with transparency kept.
        case png
        /// JPEG (libjpeg-turbo), transparency flattened on white.
        case jpeg
    }

    /// What was written and what was done to get it.
    public struct Prepared: Sendable {
        /// The encoded image.
        public var bytes: [UInt8]
        /// Its format.
        public var format: Format
        /// Its width.
        public var width: Int
        /// Its height.
        public var height: Int
        /// The source's width as stored, before it was turned.
        public var sourceWidth: Int
        /// The source's height as stored, before it was turned.
        public var sourceHeight: Int
        /// The orientation applied (`.up` when none; HEIF's own transformations are applied
        /// by libheif and count as none).
        public var orientation: ExifOrientation
        /// Whether the colours were converted to sRGB (false for sRGB and untagged sources).
        public var converted: Bool
    }

    /// The size a `width` × `height` image is shrunk to so that its long side is at most
    /// `maxSide`: never larger, each side rounded, at least 1.
    public static func targetSize(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > maxSide else { return (width, height) }
        let scale = Double(maxSide) / Double(long)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// Prepares an image.
    ///
    /// - Parameters:
    ///   - bytes: PNG, JPEG or HEIC.
    ///   - maxSide: The longest side written.
    ///   - format: The format written; by default PNG for a PNG source, else JPEG.
    ///   - quality: The JPEG quality, 1–100.
    ///   - maximumPixels: Sources with more pixels are refused from their header.
    /// - Throws: ``ImageError``: `invalid-image`, `image-too-large`, `out-of-memory`,
    ///   `encoding-failed`.
    public static func prepare(
        _ bytes: [UInt8], maxSide: Int, format: Format?, quality: Int, maximumPixels: Int
    ) throws(ImageError) -> Prepared {
        var source = try decode(bytes, maxSide: maxSide, maximumPixels: maximumPixels)
        let target = targetSize(width: source.storedWidth, height: source.storedHeight, maxSide: maxSide)
        source.pixels = ImageScaling.scale(
            source.pixels, width: source.width, height: source.height, toWidth: target.width, toHeight: target.height,
            premultiplied: source.hasAlpha)
        var converted = false
        if SRGBConversion.needed(source.profile) {
            converted = SRGBConversion.convert(&source.pixels, icc: source.icc)
        }
        let turned = source.orientation.apply(to: source.pixels, width: target.width, height: target.height, channels: 4)
        let format = format ?? (source.format == .png ? .png : .jpeg)
        let encoded: [UInt8]
        switch format {
        case .jpeg:
            encoded = try JPEGEncoder.encode(turned.pixels, width: turned.width, height: turned.height, quality: quality)
        case .png:
            // The samples are sRGB now: an sRGB chunk says so (relative colorimetric).
            let image = RGBAImage(
                width: turned.width, height: turned.height, pixels: turned.pixels, hadTransparency: source.hasAlpha,
                colour: ColourChunks(srgbIntent: 1))
            do {
                encoded = try PNGCodec.encode(image, compression: .fast)
            } catch {
                throw ImageError(code: "encoding-failed", message: "the PNG could not be encoded: \(error)")
            }
        }
        return Prepared(
            bytes: encoded, format: format, width: turned.width, height: turned.height, sourceWidth: source.storedWidth,
            sourceHeight: source.storedHeight, orientation: source.orientation, converted: converted)
    }

    /// A source decoded as stored (not yet turned), possibly at a reduced DCT scale.
    struct Source {
        var format: ImageFormat
        /// The size as stored in the file.
        var storedWidth: Int
        var storedHeight: Int
        /// The size decoded (smaller than stored for a JPEG decoded at a reduced scale).
        var width: Int
        var height: Int
        var pixels: [UInt8]
        var hasAlpha: Bool
        var orientation: ExifOrientation
        var profile: ColourProfile
        var icc: [UInt8]?
    }

    static func decode(_ bytes: [UInt8], maxSide: Int, maximumPixels: Int) throws(ImageError) -> Source {
        switch ImageFormat.sniff(bytes) {
        case .jpeg?:
            let file = try JPEGFile(bytes)
            // The smallest DCT scale whose long side still holds the target's.
            let long = max(file.width, file.height)
            let denominator = [8, 4, 2].first { (long + $0 - 1) / $0 >= maxSide } ?? 1
            let (pixels, width, height) = try file.withRows(maximumPixels: maximumPixels, denominator: denominator, channels: 4) {
                (rows) throws(ImageError) in
                var pixels = [UInt8](repeating: 0, count: rows.width * rows.height * 4)
                try pixels.withUnsafeMutableBufferPointer { (pixels) throws(ImageError) in
                    try rows.read(rows.height, into: pixels.baseAddress!)
                }
                return (pixels, rows.width, rows.height)
            }
            return Source(
                format: .jpeg, storedWidth: file.width, storedHeight: file.height, width: width, height: height, pixels: pixels,
                hasAlpha: false, orientation: file.orientation, profile: file.iccProfile.map(ColourProfile.icc) ?? .unspecified,
                icc: file.iccProfile)
        case .png?:
            // Shrunk as its rows are decoded: the full-size image is never held.
            do {
                return try PNGCodec.withRows(bytes, maximumPixels: maximumPixels) { (rows) throws(PNGError) in
                    let target = targetSize(width: rows.width, height: rows.height, maxSide: maxSide)
                    let pixels = try rows.readScaled(
                        toWidth: target.width, toHeight: target.height, premultiplied: rows.hadTransparency)
                    let icc = rows.colour.iccProfile?.data
                    return Source(
                        format: .png, storedWidth: rows.width, storedHeight: rows.height, width: target.width,
                        height: target.height, pixels: pixels, hasAlpha: rows.hadTransparency, orientation: .up,
                        profile: icc.map(ColourProfile.icc) ?? .unspecified, icc: icc)
                }
            } catch {
                throw ImageDecoder.imageError(error)
            }
        case .heic?:
            // A thumbnail the file holds, when it is a copy at least as large as the target
            // (an iPhone's is 320 x 240: enough for a 256-pixel thumbnail). The target comes
            // from the image's size, read first (a file whose header cannot be read is
            // refused by the decoding, with the reason).
            let smaller = (try? ImageDecoder.heicSize(bytes)).flatMap { size in
                let target = targetSize(width: size.width, height: size.height, maxSide: maxSide)
                return target == size ? nil : target
            }
            let image = try ImageDecoder.heic(bytes, maximumPixels: maximumPixels, samples: .rgba, atLeast: smaller)
            return Source(
                format: .heic, storedWidth: image.fullWidth, storedHeight: image.fullHeight, width: image.width, height: image.height,
                pixels: image.pixels, hasAlpha: false, orientation: .up, profile: image.profile, icc: image.iccProfile)
        case nil:
            throw .invalid("not a PNG, JPEG or HEIC image (the first bytes are none of theirs)")
        }
    }
}
