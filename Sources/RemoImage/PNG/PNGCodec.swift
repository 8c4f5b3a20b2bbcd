import CRemoPNG

/// Why a PNG could not be read or written.
public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data is not a valid PNG; libpng's message.
    case invalid(String)
    /// The image declares more pixels than allowed; refused before allocation.
    case tooLarge(String)
    /// Memory ran out.
    case outOfMemory(String)
    /// Encoding failed; libpng's message.
    case encoding(String)

    public var description: String {
        switch self {
        case .invalid(let m): return "not a valid PNG: \(m)"
        case .tooLarge(let m): return m
        case .outOfMemory(let m): return "out of memory: \(m)"
        case .encoding(let m): return "could not encode the PNG: \(m)"
        }
    }
}

/// How hard the encoder compresses.
public enum PNGCompression: String, Hashable, Sendable, CaseIterable {
    /// zlib level 1, run-length deflate, adaptive filters choosing Sub or Up for each
    /// row: on a 12-megapixel photo about twice as fast as level 2 trying all five
    /// filters, and no larger.
    case fast
    /// zlib level 6.
    case `default`
    /// zlib level 9.
    case small

    var zlibLevel: Int32 {
        switch self {
        case .fast: return 1
        case .default: return 6
        case .small: return 9
        }
    }
}

/// PNG decoding and encoding through libpng's classic API.
///
/// Every colour type, bit depth, palette, tRNS and interlacing decodes to 8-bit
/// RGBA samples as stored: palettes and low bit depths expanded, tRNS turned into
/// alpha, 16-bit samples scaled accurately to 8 bits (`v × 255 / 65535`, rounded, as
/// libpng's `png_set_scale_16`), no gamma or profile conversion. The colour chunks
/// (`iCCP`, `sRGB`, `gAMA`, `cHRM`) are read and written back unchanged.
public enum PNGCodec {
    /// The default pixel limit: 100 megapixels.
    public static let defaultMaximumPixels = 100_000_000
    /// The longest side of a PNG read or written: libpng writes none longer (its default
    /// limit), so a longer one is refused when read, and a picture to be written with a
    /// longer side is refused before it is drawn.
    public static let maximumSide = Int(REMO_PNG_MAX_SIDE)

    /// Decodes a whole PNG from memory.
    ///
    /// - Parameters:
    ///   - bytes: The whole PNG file.
    ///   - maximumPixels: Images with more pixels are refused from their header,
    ///     before any image memory is allocated.
    /// - Throws: ``PNGError`` with libpng's message for corrupt data.
    public static func decode(_ bytes: [UInt8], maximumPixels: Int = defaultMaximumPixels) throws(PNGError) -> RGBAImage {
        try withRows(bytes, maximumPixels: maximumPixels) { (rows) throws(PNGError) in
            let pixels = try rows.readScaled(toWidth: rows.width, toHeight: rows.height, premultiplied: false)
            return RGBAImage(
                width: rows.width, height: rows.height, pixels: pixels, hadTransparency: rows.hadTransparency, colour: rows.colour)
        }
    }

    /// Encodes an image as PNG: RGBA when `alpha` (by default when the source had
    /// transparency), otherwise RGB; the colour chunks are written as they are.
    ///
    /// Pass the image with `consume` when it is not needed afterwards: its pixels are then
    /// freed once compressed, before the PNG's pieces are joined.
    public static func encode(_ image: consuming RGBAImage, compression: PNGCompression = .fast, alpha: Bool? = nil)
        throws(PNGError) -> [UInt8]
    {
        guard image.pixels.count == image.width * image.height * 4, image.width > 0, image.height > 0,
            image.width <= Int(Int32.max), image.height <= Int(Int32.max)
        else { throw .encoding("the image has \(image.pixels.count) samples for \(image.width) × \(image.height) pixels") }
        var colour = remo_png_colour()
        var profile = image.colour.iccProfile?.data ?? []
        var pieces = try compressed { output, message, messageSize in
            profile.withUnsafeMutableBufferPointer { profileBuffer in
                fill(&colour, from: image.colour, profile: profileBuffer)
                return image.pixels.withUnsafeBufferPointer { pixels in
                    remo_png_encode(
                        pixels.baseAddress, UInt32(image.width), UInt32(image.height), (alpha ?? image.hadTransparency) ? 1 : 0,
                        &colour, compression.zlibLevel, output, message, messageSize)
                }
            }
        }
        _ = consume image
        return joined(&pieces)
    }

    /// Encodes an image given a row at a time, top to bottom, so that it is never held
    /// whole: the pixels ``encode(_:compression:alpha:)`` would write, compressed as the rows
    /// come, on this thread.
    ///
    /// - Parameters:
    ///   - alpha: RGBA when true, otherwise RGB.
    ///   - colour: The colour chunks to write.
    ///   - row: Row `y`'s `width * 4` RGBA samples, or nil to stop the encode (which then
    ///     throws). Rows are asked for in order, a stripe at a time, each stripe after the
    ///     first asking again for the row above it; asking for row `y` says that the rows
    ///     above `y - 1` are no longer needed, and each row is copied before the next is
    ///     asked for.
    package static func encode(
        width: Int, height: Int, alpha: Bool, colour: ColourChunks, compression: PNGCompression = .fast,
        row: (Int) -> UnsafePointer<UInt8>?
    ) throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .encoding("the image is \(width) × \(height) pixels")
        }
        var chunks = remo_png_colour()
        var profile = colour.iccProfile?.data ?? []
        let encoded = withoutActuallyEscaping(row) { row in
            var source = row
            return withUnsafeMutablePointer(to: &source) { source in
                Result { () throws(PNGError) in
                    try compressed { output, message, messageSize in
                        profile.withUnsafeMutableBufferPointer { profileBuffer in
                            fill(&chunks, from: colour, profile: profileBuffer)
                            return remo_png_encode_rows(
                                { context, y in context!.assumingMemoryBound(to: ((Int) -> UnsafePointer<UInt8>?).self).pointee(Int(y)) },
                                source, UInt32(width), UInt32(height), alpha ? 1 : 0, &chunks, compression.zlibLevel, output, message,
                                messageSize)
                        }
                    }
                }
            }
        }
        var pieces = try encoded.get()
        return joined(&pieces)
    }

    /// Encodes one grey sample per pixel (row by row, `width` × `height` bytes) as an
    /// 8-bit grey PNG.
    public static func encodeGrey(_ samples: [UInt8], width: Int, height: Int, compression: PNGCompression = .fast)
        throws(PNGError) -> [UInt8]
    {
        guard samples.count == width * height, width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .encoding("the image has \(samples.count) samples for \(width) × \(height) pixels")
        }
        var pieces = try compressed { output, message, messageSize in
            samples.withUnsafeBufferPointer { grey in
                remo_png_encode_grey(
                    grey.baseAddress, UInt32(width), UInt32(height), compression.zlibLevel, output, message, messageSize)
            }
        }
        return joined(&pieces)
    }

    /// Runs one of the C encoders: the PNG's pieces, or its message as the error.
    private static func compressed(
        _ encode: (UnsafeMutablePointer<remo_png_pieces>, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) throws(PNGError) -> remo_png_pieces {
        var message = [CChar](repeating: 0, count: 512)
        var pieces = remo_png_pieces()
        let status = message.withUnsafeMutableBufferPointer { text in encode(&pieces, text.baseAddress!, text.count) }
        guard Int(status) == REMO_PNG_OK else {
            remo_png_pieces_free(&pieces)
            throw .encoding(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return pieces
    }

    /// The pieces joined into one array, each freed as soon as it is copied, so that the
    /// PNG is held about once.
    private static func joined(_ pieces: inout remo_png_pieces) -> [UInt8] {
        let size = remo_png_pieces_size(&pieces)
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            remo_png_pieces_move(&pieces, buffer.baseAddress)
            count = size
        }
    }

    static func colourChunks(_ c: remo_png_colour) -> ColourChunks {
        var chunks = ColourChunks()
        if c.has_srgb != 0 { chunks.srgbIntent = Int(c.srgb_intent) }
        if c.has_gama != 0 { chunks.gamma = c.gama }
        if c.has_chrm != 0 {
            chunks.chromaticities = withUnsafeBytes(of: c.chrm) { Array($0.bindMemory(to: Int32.self)) }
        }
        if c.has_iccp != 0, let data = c.iccp {
            let name = withUnsafeBytes(of: c.iccp_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            chunks.iccProfile = ICCProfile(name: name, data: Array(UnsafeBufferPointer(start: data, count: Int(c.iccp_length))))
        }
        return chunks
    }

    static func fill(_ c: inout remo_png_colour, from chunks: ColourChunks, profile: UnsafeMutableBufferPointer<UInt8>) {
        if let intent = chunks.srgbIntent {
            c.has_srgb = 1
            c.srgb_intent = Int32(intent)
        }
        if let gamma = chunks.gamma {
            c.has_gama = 1
            c.gama = gamma
        }
        if let values = chunks.chromaticities, values.count == 8 {
            c.has_chrm = 1
            withUnsafeMutableBytes(of: &c.chrm) { raw in
                let slots = raw.bindMemory(to: Int32.self)
                for i in 0..<8 { slots[i] = values[i] }
            }
        }
        if let icc = chunks.iccProfile, !profile.isEmpty {
            c.has_iccp = 1
            c.iccp = profile.baseAddress
            c.iccp_length = UInt32(profile.count)
            withUnsafeMutableBytes(of: &c.iccp_name) { raw in
                let bytes = Array(icc.name.utf8.prefix(79))
                for i in 0..<raw.count { raw[i] = i < bytes.count ? bytes[i] : 0 }
            }
        }
    }
}
