import CRemoHEIF
import CRemoPNG

/// Decodes PNG (libpng), JPEG (libjpeg-turbo) and HEIC (libheif) held in memory, treating
/// every file as hostile: the format from the bytes, the pixel limit from the header
/// before any image memory, truncated data an error, every C error caught in C.
public enum ImageDecoder {
    /// The samples wanted.
    public enum Samples: Hashable, Sendable {
        /// Luma only, for analysis. A JPEG is decoded at 1/2, 1/4 or 1/8 of its size (the
        /// DCT scaling of libjpeg-turbo, several times faster) as long as its short side
        /// stays at least `shortSide`.
        case luma(shortSide: Int)
        /// RGBA at full size.
        case rgba
    }

    /// Decodes an image.
    ///
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - maximumPixels: Images with more pixels are refused from their header.
    ///   - samples: Luma (possibly reduced) or full-size RGBA.
    /// - Throws: ``ImageError``: `invalid-image` for what is no image of these formats or
    ///   is corrupt, `image-too-large` over the limit.
    public static func decode(_ bytes: [UInt8], maximumPixels: Int, samples: Samples) throws(ImageError) -> DecodedImage {
        switch ImageFormat.sniff(bytes) {
        case .png?: return try png(bytes, maximumPixels: maximumPixels, samples: samples)
        case .jpeg?: return try jpeg(bytes, maximumPixels: maximumPixels, samples: samples)
        case .heic?: return try heic(bytes, maximumPixels: maximumPixels, samples: samples)
        case nil: throw .invalid("not a PNG, JPEG or HEIC image (the first bytes are none of theirs)")
        }
    }

    /// The pixels an image will decode to, from its header alone (for a HEIF grid, the
    /// larger of what the image claims and what its grid decodes to), or nil when the
    /// header cannot be read (then decoding refuses the file without allocating).
    public static func declaredPixels(_ bytes: [UInt8]) -> Int? {
        var (width, height) = (UInt32(0), UInt32(0))
        switch ImageFormat.sniff(bytes) {
        case .png?:
            let read = bytes.withUnsafeBufferPointer { remo_png_header($0.baseAddress, $0.count, &width, &height) }
            return read == REMO_PNG_OK ? Int(width) * Int(height) : nil
        case .jpeg?:
            return (try? JPEGFile(bytes)).map { $0.width * $0.height }
        case .heic?:
            let claimed = (try? heicSize(bytes)).map { $0.width * $0.height }
            let grid = HEIFGrid.outputSize(bytes).map { Int(min(UInt64(Int.max), UInt64($0.width) * UInt64($0.height))) }
            return [claimed, grid].compactMap { $0 }.max()
        case nil:
            return nil
        }
    }

    /// A design image for `render`: a PNG exactly as RemoRender's `PNGCodec` reads it (its colour
    /// chunks carried to the output), a JPEG or HEIC turned upright with its ICC profile.
    public static func designImage(_ bytes: [UInt8], maximumPixels: Int) throws(ImageError) -> RGBAImage {
        if ImageFormat.sniff(bytes) == .png {
            do {
                return try PNGCodec.decode(bytes, maximumPixels: maximumPixels)
            } catch {
                throw imageError(error)
            }
        }
        let image = try decode(bytes, maximumPixels: maximumPixels, samples: .rgba)
        return rgbaImage(width: image.width, height: image.height, pixels: image.pixels, icc: image.iccProfile)
    }

    /// A design image, as ``designImage(_:maximumPixels:)`` reads it (upright, samples as
    /// stored, with its colour chunks), brought to the size `size` asks for by an area
    /// average as its rows are decoded: a PNG that is not interlaced, and a JPEG, are never
    /// held at full size.
    ///
    /// - Parameters:
    ///   - bytes: The whole file: PNG, JPEG or HEIC.
    ///   - maximumPixels: Images with more pixels are refused from their header.
    ///   - premultiplied: Weigh colour by alpha while averaging.
    ///   - size: The size wanted (each side at least 1), given the upright full size.
    /// - Returns: The image at that size, and the full size.
    /// - Throws: ``ImageError`` as ``decode(_:maximumPixels:samples:)``.
    public static func designImage(
        _ bytes: [UInt8], maximumPixels: Int, premultiplied: Bool,
        scaledTo size: (_ width: Int, _ height: Int) -> (width: Int, height: Int)
    ) throws(ImageError) -> (image: RGBAImage, fullWidth: Int, fullHeight: Int) {
        func wantedSize(_ width: Int, _ height: Int) -> (width: Int, height: Int) {
            let (w, h) = size(width, height)
            return (max(1, w), max(1, h))
        }
        switch ImageFormat.sniff(bytes) {
        case .png?:
            do {
                return try PNGCodec.withRows(bytes, maximumPixels: maximumPixels) { (rows) throws(PNGError) in
                    let (width, height) = wantedSize(rows.width, rows.height)
                    let pixels = try rows.readScaled(toWidth: width, toHeight: height, premultiplied: premultiplied)
                    let image = RGBAImage(
                        width: width, height: height, pixels: pixels, hadTransparency: rows.hadTransparency, colour: rows.colour)
                    return (image, rows.width, rows.height)
                }
            } catch {
                throw imageError(error)
            }
        case .jpeg?:
            let file = try JPEGFile(bytes)
            let orientation = file.orientation
            let upright = orientation.swapsSides ? (file.height, file.width) : (file.width, file.height)
            let wanted = wantedSize(upright.0, upright.1)
            // Scaled as stored, then turned.
            let stored = orientation.swapsSides ? (wanted.height, wanted.width) : (wanted.width, wanted.height)
            let pixels = try file.withRows(maximumPixels: maximumPixels, denominator: 1, channels: 4) {
                (rows) throws(ImageError) in
                var scaled = ImageScaling.Rows(
                    width: rows.width, height: rows.height, toWidth: stored.0, toHeight: stored.1, premultiplied: premultiplied)
                while rows.done < rows.height {
                    try scaled.addRow { (row) throws(ImageError) in try rows.read(1, into: row) }
                }
                return scaled.output
            }
            let turned = orientation.apply(to: pixels, width: stored.0, height: stored.1, channels: 4)
            let image = rgbaImage(width: turned.width, height: turned.height, pixels: turned.pixels, icc: file.iccProfile)
            return (image, upright.0, upright.1)
        default:
            let decoded = try decode(bytes, maximumPixels: maximumPixels, samples: .rgba)
            let (width, height) = wantedSize(decoded.width, decoded.height)
            let pixels = ImageScaling.scale(
                decoded.pixels, width: decoded.width, height: decoded.height, toWidth: width, toHeight: height,
                premultiplied: premultiplied)
            return (rgbaImage(width: width, height: height, pixels: pixels, icc: decoded.iccProfile), decoded.width, decoded.height)
        }
    }

    /// A decoded JPEG or HEIC as a design image: no transparency, its ICC profile as the
    /// colour chunk carried.
    static func rgbaImage(width: Int, height: Int, pixels: [UInt8], icc: [UInt8]?) -> RGBAImage {
        let colour = icc.map { ColourChunks(iccProfile: ICCProfile(name: "ICC profile", data: $0)) } ?? ColourChunks()
        return RGBAImage(width: width, height: height, pixels: pixels, hadTransparency: false, colour: colour)
    }

    package static func imageError(_ error: PNGError) -> ImageError {
        switch error {
        case .tooLarge(let m): .tooLarge(m)
        case .outOfMemory(let m): .outOfMemory(m)
        default: .invalid(error.description)
        }
    }

    static func png(_ bytes: [UInt8], maximumPixels: Int, samples: Samples) throws(ImageError) -> DecodedImage {
        let image: RGBAImage
        do {
            image = try PNGCodec.decode(bytes, maximumPixels: maximumPixels)
        } catch {
            throw imageError(error)
        }
        let profile: ColourProfile =
            if let icc = image.colour.iccProfile { .icc(icc.data) } else if image.colour.srgbIntent != nil { .sRGB } else { .unspecified }
        var decoded = DecodedImage(
            format: .png, orientation: .up, profile: profile, iccProfile: image.colour.iccProfile?.data, fullWidth: image.width,
            fullHeight: image.height, width: image.width, height: image.height, channels: 4, pixels: image.pixels)
        if case .luma = samples {
            decoded.channels = 1
            decoded.pixels = stride(from: 0, to: image.pixels.count, by: 4).map {
                luma(image.pixels[$0], image.pixels[$0 + 1], image.pixels[$0 + 2])
            }
        }
        return decoded
    }

    static func jpeg(_ bytes: [UInt8], maximumPixels: Int, samples: Samples) throws(ImageError) -> DecodedImage {
        let file = try JPEGFile(bytes)
        var denominator = 1
        if case .luma(let shortSide) = samples { denominator = file.denominator(keepingShortSide: shortSide) }
        let channels = if case .rgba = samples { 4 } else { 1 }
        let (stored, width, height) = try file.withRows(maximumPixels: maximumPixels, denominator: denominator, channels: channels) {
            (rows) throws(ImageError) in
            var pixels = [UInt8](repeating: 0, count: rows.width * rows.height * channels)
            try pixels.withUnsafeMutableBufferPointer { (pixels) throws(ImageError) in
                try rows.read(rows.height, into: pixels.baseAddress!)
            }
            return (pixels, rows.width, rows.height)
        }
        let orientation = file.orientation
        let turned = orientation.apply(to: stored, width: width, height: height, channels: channels)
        return DecodedImage(
            format: .jpeg, orientation: orientation, profile: file.iccProfile.map(ColourProfile.icc) ?? .unspecified,
            iccProfile: file.iccProfile, fullWidth: orientation.swapsSides ? file.height : file.width,
            fullHeight: orientation.swapsSides ? file.width : file.height, width: turned.width, height: turned.height, channels: channels,
            pixels: turned.pixels)
    }

    /// The size of a HEIF/HEIC file's image, after its transformations, from its header.
    static func heicSize(_ bytes: [UInt8]) throws(ImageError) -> (width: Int, height: Int) {
        var message = [CChar](repeating: 0, count: 512)
        var (width, height) = (UInt32(0), UInt32(0))
        let status = bytes.withUnsafeBufferPointer {
            remo_heif_header($0.baseAddress, $0.count, &width, &height, &message, message.count)
        }
        if let error = heifError(status, message) { throw error }
        return (Int(width), Int(height))
    }

    /// What a CRemoHEIF status says, or nil for success.
    private static func heifError(_ status: Int32, _ message: [CChar]) -> ImageError? {
        switch Int(status) {
        case REMO_HEIF_OK: nil
        case REMO_HEIF_TOO_LARGE: .tooLarge(text(message))
        case REMO_HEIF_OUT_OF_MEMORY: .outOfMemory(text(message))
        default: .invalid("not a valid HEIC image: \(text(message))")
        }
    }

    /// A HEIF/HEIC image decoded by libheif, turned by the file's own transformations.
    /// With `atLeast`, a thumbnail the file holds is decoded instead of the image when one is
    /// that large and a scaled copy of the image (remo_heif.h says how that is judged):
    /// `fullWidth` and `fullHeight` are then the image's, `width` and `height` the
    /// thumbnail's.
    package static func heic(
        _ bytes: [UInt8], maximumPixels: Int, samples: Samples, atLeast: (width: Int, height: Int)? = nil
    ) throws(ImageError) -> DecodedImage {
        // A grid decodes to the size its descriptor gives, whatever the image claims.
        // Sides of up to 2³² - 1 each: the product in UInt64, which holds it.
        if let grid = HEIFGrid.outputSize(bytes), UInt64(grid.width) * UInt64(grid.height) > UInt64(max(0, maximumPixels)) {
            throw .tooLarge(
                "the HEIF image's grid is \(grid.width) x \(grid.height) = \(UInt64(grid.width) * UInt64(grid.height)) pixels, above the limit of \(maximumPixels)"
            )
        }
        var message = [CChar](repeating: 0, count: 512)
        var image = remo_heif_image()
        defer { remo_heif_free_image(&image) }
        let channels: Int32 = if case .rgba = samples { 4 } else { 1 }
        let status = bytes.withUnsafeBufferPointer {
            remo_heif_decode(
                $0.baseAddress, $0.count, UInt64(max(0, maximumPixels)), channels, UInt32(clamping: atLeast?.width ?? 0),
                UInt32(clamping: atLeast?.height ?? 0), &image, &message, message.count)
        }
        if let error = heifError(status, message) { throw error }
        let icc = image.colour.icc.map { Array(UnsafeBufferPointer(start: $0, count: Int(image.colour.icc_length))) }
        let profile: ColourProfile =
            if let icc { .icc(icc) } else if image.colour.has_nclx != 0 { .nclx(primaries: Int(image.colour.colour_primaries)) } else {
                .unspecified
            }
        let (width, height) = (Int(image.width), Int(image.height))
        return DecodedImage(
            format: .heic, orientation: .up, profile: profile, iccProfile: icc, fullWidth: Int(image.source_width),
            fullHeight: Int(image.source_height), width: width, height: height, channels: Int(channels),
            pixels: Array(UnsafeBufferPointer(start: image.pixels, count: width * height * Int(channels))))
    }

    /// A C library's message, up to its terminating zero, without the line break some end
    /// with (libheif's).
    static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes.reversed().drop { $0 == 0x0A || $0 == 0x0D || $0 == 0x20 }.reversed(), as: UTF8.self)
    }
}
