import CRemoJPEG

/// A JPEG's header, read before any pixel is decoded: its size as stored, its EXIF
/// orientation and its ICC profile. Its rows are decoded through ``withRows(maximumPixels:denominator:channels:_:)``.
package struct JPEGFile {
    /// The whole file.
    package let bytes: [UInt8]
    /// The size as stored, before the orientation is applied.
    package let width: Int
    package let height: Int
    package let orientation: ExifOrientation
    package let iccProfile: [UInt8]?

    package init(_ bytes: [UInt8]) throws(ImageError) {
        var message = [CChar](repeating: 0, count: 512)
        var info = remo_jpeg_info()
        defer { remo_jpeg_free_info(&info) }
        let status = bytes.withUnsafeBufferPointer { remo_jpeg_header($0.baseAddress, $0.count, &info, &message, message.count) }
        guard Int(status) == REMO_JPEG_OK else { throw .invalid("not a valid JPEG: \(ImageDecoder.text(message))") }
        self.bytes = bytes
        (width, height) = (Int(info.width), Int(info.height))
        orientation =
            info.exif == nil ? .up : ExifOrientation.exif(Array(UnsafeBufferPointer(start: info.exif, count: Int(info.exif_length))))
        iccProfile = info.icc.map { Array(UnsafeBufferPointer(start: $0, count: Int(info.icc_length))) }
    }

    /// The largest of libjpeg-turbo's DCT scalings (1/8, 1/4, 1/2) that keeps the short
    /// side at least `shortSide`, or 1.
    package func denominator(keepingShortSide shortSide: Int) -> Int {
        [8, 4, 2].first { min(width, height) / $0 >= shortSide } ?? 1
    }

    /// Starts decoding at 1/`denominator` of the size, as luma (`channels` 1) or RGBA (4),
    /// and runs `body` with the rows to read; the decoder is freed when `body` returns.
    ///
    /// - Throws: ``ImageError``: `image-too-large` over `maximumPixels` (from the header,
    ///   before any image memory), `invalid-image` for what libjpeg-turbo cannot decode, and
    ///   whatever `body` throws.
    package func withRows<Result>(
        maximumPixels: Int, denominator: Int, channels: Int, _ body: (inout JPEGRows) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try bytes.withUnsafeBufferPointer { (bytes) throws(ImageError) -> Result in
            var message = [CChar](repeating: 0, count: 512)
            var reader: OpaquePointer?
            var (width, height) = (UInt32(0), UInt32(0))
            let status = remo_jpeg_open(
                bytes.baseAddress, bytes.count, UInt64(max(0, maximumPixels)), Int32(denominator), Int32(channels), &reader, &width,
                &height, &message, message.count)
            guard Int(status) == REMO_JPEG_OK, let reader else { throw Self.error(status: status, message) }
            defer { remo_jpeg_close(reader) }
            var rows = JPEGRows(reader: reader, width: Int(width), height: Int(height), channels: channels)
            return try body(&rows)
        }
    }

    static func error(status: Int32, _ message: [CChar]) -> ImageError {
        switch Int(status) {
        case REMO_JPEG_TOO_LARGE: .tooLarge(ImageDecoder.text(message))
        case REMO_JPEG_OUT_OF_MEMORY: .outOfMemory(ImageDecoder.text(message))
        default: .invalid("not a valid JPEG: \(ImageDecoder.text(message))")
        }
    }
}

/// The rows of a JPEG being decoded, top to bottom as stored. Only valid inside
/// ``JPEGFile/withRows(maximumPixels:denominator:channels:_:)``, and used by one thread at
/// a time (it may be handed to the thread that decodes while another reads the rows done).
package struct JPEGRows: @unchecked Sendable {
    fileprivate let reader: OpaquePointer
    /// The decoded size.
    package let width: Int
    package let height: Int
    /// Bytes per pixel: 1 (luma) or 4 (RGBA).
    package let channels: Int
    /// The rows decoded so far.
    package private(set) var done = 0

    /// Decodes the next `count` rows (fewer at the bottom) to `target`, `width * channels`
    /// bytes each.
    package mutating func read(_ count: Int, into target: UnsafeMutablePointer<UInt8>) throws(ImageError) {
        let count = min(count, height - done)
        var message = [CChar](repeating: 0, count: 512)
        let status = remo_jpeg_read_rows(reader, target, UInt32(count), &message, message.count)
        guard Int(status) == REMO_JPEG_OK else { throw JPEGFile.error(status: status, message) }
        done += count
    }
}
