import RemoImage
/// The two kinds of mask that image generators take (docs/commands.md).
public enum MaskStyle: String, CaseIterable, Hashable, Sendable {
    /// An RGBA PNG, transparent where the generator may paint (OpenAI's edit convention):
    /// black, with alpha 255 minus the coverage.
    case alpha
    /// An 8-bit grey PNG, white where the generator may paint: the coverage itself.
    case whiteOnBlack = "white-on-black"
}

extension CoverageMask {
    /// The mask as a PNG of the given style.
    public func png(style: MaskStyle, compression: PNGCompression = .fast) throws(PNGError) -> [UInt8] {
        switch style {
        case .whiteOnBlack:
            return try PNGCodec.encodeGrey(values, width: width, height: height, compression: compression)
        case .alpha:
            var pixels = [UInt8](repeating: 0, count: values.count * 4)
            for (k, v) in values.enumerated() { pixels[4 * k + 3] = 255 - v }
            let image = RGBAImage(width: width, height: height, pixels: pixels, hadTransparency: true)
            return try PNGCodec.encode(image, compression: compression, alpha: true)
        }
    }
}
