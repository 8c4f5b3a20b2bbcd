/// How a stored image is turned for display: the EXIF orientation tag (TIFF 6.0 tag
/// 0x0112), 1 to 8. A phone stores the sensor's rows as they came and says here how to
/// turn them.
public enum ExifOrientation: Int, Hashable, Sendable, CaseIterable {
    /// As stored.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned half a turn.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored about the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// Turned a quarter clockwise.
    case right = 6
    /// Mirrored about the other diagonal (transversed).
    case rightMirrored = 7
    /// Turned a quarter counter-clockwise.
    case left = 8

    /// Whether width and height change places.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation in EXIF data (the TIFF structure after `Exif\0\0`): `.up` when the
    /// tag is absent, out of range or the data is malformed. Every offset is checked.
    public static func exif(_ tiff: [UInt8]) -> ExifOrientation {
        guard tiff.count >= 8 else { return .up }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return .up
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return .up }
        for entry in 0..<count {
            let at = ifd + 2 + 12 * entry
            guard let tag = u16(at) else { return .up }
            // SHORT (type 3), one value, held in the first two bytes of the value field.
            if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8) {
                return ExifOrientation(rawValue: value) ?? .up
            }
        }
        return .up
    }

    /// Turns `pixels` (rows of `width` pixels of `channels` bytes, as stored) for display.
    /// - Returns: The turned pixels and their width and height.
    public func apply(to pixels: [UInt8], width: Int, height: Int, channels: Int) -> (pixels: [UInt8], width: Int, height: Int) {
        guard self != .up else { return (pixels, width, height) }
        let (outWidth, outHeight) = swapsSides ? (height, width) : (width, height)
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                // The stored pixel shown at (x, y).
                let (sx, sy): (Int, Int) =
                    switch self {
                    case .up: (x, y)
                    case .upMirrored: (width - 1 - x, y)
                    case .down: (width - 1 - x, height - 1 - y)
                    case .downMirrored: (x, height - 1 - y)
                    case .leftMirrored: (y, x)
                    case .right: (y, height - 1 - x)
                    case .rightMirrored: (width - 1 - y, height - 1 - x)
                    case .left: (width - 1 - y, x)
                    }
                let from = (sy * width + sx) * channels
                let to = (y * outWidth + x) * channels
                for c in 0..<channels { out[to + c] = pixels[from + c] }
            }
        }
        return (out, outWidth, outHeight)
    }
}
