import CRemoJPEG

/// Encodes RGBA images as JPEG through libjpeg-turbo.
package enum JPEGEncoder {
    /// The JPEG of `pixels` (RGBA, `width * height * 4` bytes) at `quality` (1–100). Alpha is
    /// flattened on white: a JPEG has none.
    ///
    /// - Throws: ``ImageError`` when libjpeg-turbo fails (out of memory).
    package static func encode(_ pixels: [UInt8], width: Int, height: Int, quality: Int) throws(ImageError) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            let alpha = Int(pixels[i * 4 + 3])
            for c in 0..<3 {
                // c·α + 255·(1 − α), rounded, in integers.
                rgb[i * 3 + c] = UInt8((Int(pixels[i * 4 + c]) * alpha + 255 * (255 - alpha) + 127) / 255)
            }
        }
        var message = [CChar](repeating: 0, count: 512)
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let status = rgb.withUnsafeBufferPointer {
            remo_jpeg_encode($0.baseAddress, UInt32(width), UInt32(height), Int32(quality), &output, &size, &message, message.count)
        }
        defer { remo_jpeg_free_buffer(output) }
        guard Int(status) == REMO_JPEG_OK, let output else {
            throw ImageError(code: "encoding-failed", message: "the JPEG could not be encoded: \(ImageDecoder.text(message))")
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
