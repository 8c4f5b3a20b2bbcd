import CRemoPNG

/// The rows of a PNG being decoded, top to bottom, as 8-bit RGBA samples (as
/// ``PNGCodec`` describes). Only valid inside ``PNGCodec/withRows(_:maximumPixels:_:)``.
package struct PNGRows {
    fileprivate let reader: OpaquePointer
    /// The image's size.
    package let width: Int
    package let height: Int
    /// Whether the PNG is interlaced (Adam7): its rows can then only be read all at once.
    package let interlaced: Bool
    /// Whether it has an alpha channel or a tRNS chunk.
    package let hadTransparency: Bool
    /// Its colour chunks.
    package let colour: ColourChunks
    /// The rows decoded so far.
    package private(set) var done = 0

    /// Decodes the next `count` rows (fewer at the bottom) to `target`, `width * 4` bytes
    /// each. An interlaced PNG must be read whole, in one call. Reading the last row also
    /// checks what follows the image data.
    package mutating func read(_ count: Int, into target: UnsafeMutablePointer<UInt8>) throws(PNGError) {
        let count = min(count, height - done)
        var message = [CChar](repeating: 0, count: 512)
        let status = remo_png_read_rows(reader, target, UInt32(count), &message, message.count)
        guard Int(status) == REMO_PNG_OK else { throw PNGCodec.error(status: status, message) }
        done += count
    }
}

extension PNGCodec {
    /// Opens a PNG held in memory and runs `body` with its rows to read; the decoder is freed
    /// when `body` returns.
    ///
    /// - Throws: ``PNGError``: `tooLarge` over `maximumPixels` or a side over
    ///   ``maximumSide`` (from the header, before any image memory), `invalid` for what libpng
    ///   cannot decode, and whatever `body` throws.
    package static func withRows<Result>(
        _ bytes: [UInt8], maximumPixels: Int = defaultMaximumPixels, _ body: (inout PNGRows) throws(PNGError) -> Result
    ) throws(PNGError) -> Result {
        try bytes.withUnsafeBufferPointer { (bytes) throws(PNGError) -> Result in
            try withReader(body) { reader, info, message, size in
                remo_png_open(bytes.baseAddress, bytes.count, UInt64(max(0, maximumPixels)), reader, info, message, size)
            }
        }
    }

    /// ``withRows(_:maximumPixels:_:)-([UInt8],_,_)`` for a PNG in memory or in a file, a
    /// file read as its rows are decoded (64 KB at a time).
    package static func withRows<Result>(
        _ input: ImageInput, maximumPixels: Int = defaultMaximumPixels, _ body: (inout PNGRows) throws(PNGError) -> Result
    ) throws(PNGError) -> Result {
        switch input {
        case .bytes(let bytes):
            return try withRows(bytes, maximumPixels: maximumPixels, body)
        case .file(let file):
            return try withExtendedLifetime(file) { () throws(PNGError) in
                try withReader(body) { reader, info, message, size in
                    remo_png_open_file(file.descriptor, file.size, UInt64(max(0, maximumPixels)), reader, info, message, size)
                }
            }
        }
    }

    /// Opens a reader with `open` and runs `body` with its rows; frees it after.
    private static func withReader<Result>(
        _ body: (inout PNGRows) throws(PNGError) -> Result,
        open: (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<remo_png_info>, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) throws(PNGError) -> Result {
        var message = [CChar](repeating: 0, count: 512)
        var reader: OpaquePointer?
        var info = remo_png_info()
        defer { remo_png_free_info(&info) }
        let status = message.withUnsafeMutableBufferPointer { text in open(&reader, &info, text.baseAddress!, text.count) }
        guard Int(status) == REMO_PNG_OK, let reader else { throw error(status: status, message) }
        defer { remo_png_close(reader) }
        var rows = PNGRows(
            reader: reader, width: Int(info.width), height: Int(info.height), interlaced: info.interlaced != 0,
            hadTransparency: info.had_transparency != 0, colour: colourChunks(info.colour))
        return try body(&rows)
    }

    static func error(status: Int32, _ message: [CChar]) -> PNGError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(status) {
        case REMO_PNG_TOO_LARGE: return .tooLarge(text)
        case REMO_PNG_OUT_OF_MEMORY: return .outOfMemory(text)
        default: return .invalid(text.isEmpty ? "libpng could not read it" : text)
        }
    }
}

extension PNGRows {
    /// The whole image (read from its first row: no row may have been read yet), scaled to
    /// `toWidth` × `toHeight` by ``ImageScaling`` as its rows are decoded, so that it is never
    /// held at its full size (unless it is interlaced, when it must be read whole first).
    package mutating func readScaled(toWidth: Int, toHeight: Int, premultiplied: Bool) throws(PNGError) -> [UInt8] {
        precondition(done == 0, "readScaled reads the whole image")
        if interlaced || (toWidth, toHeight) == (width, height) {
            let count = width * height * 4
            var failure: PNGError?
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                do throws(PNGError) {
                    try read(height, into: buffer.baseAddress!)
                    initialized = count
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return ImageScaling.scale(
                pixels, width: width, height: height, toWidth: toWidth, toHeight: toHeight, premultiplied: premultiplied)
        }
        var scaled = ImageScaling.Rows(
            width: width, height: height, toWidth: toWidth, toHeight: toHeight, premultiplied: premultiplied)
        while done < height {
            try scaled.addRow { (row) throws(PNGError) in try read(1, into: row) }
        }
        return scaled.output
    }
}

extension PNGCodec {
    /// How many bytes ``header(_:)`` reads: the signature and the IHDR chunk's data.
    package static let headerBytes = 29

    /// The size and interlacing a PNG's header declares, read without decoding anything;
    /// nil when the bytes do not start as a PNG does.
    package static func header(_ bytes: [UInt8]) -> (width: Int, height: Int, interlaced: Bool)? {
        var (width, height) = (UInt32(0), UInt32(0))
        let read = bytes.withUnsafeBufferPointer { remo_png_header($0.baseAddress, $0.count, &width, &height) }
        // IHDR's data starts at 16: width, height, depth, colour type, compression, filter, interlacing.
        guard read == REMO_PNG_OK, bytes.count > 28 else { return nil }
        return (Int(width), Int(height), bytes[28] != 0)
    }
}
