/// An image decoded for display: turned as its orientation says, as luma or RGBA samples.
public struct DecodedImage: Sendable {
    /// The file's format.
    public var format: ImageFormat
    /// The orientation the file declared (EXIF for JPEG), already applied to `pixels`.
    /// HEIF files carry their own transformations, which libheif applies: those are
    /// reported as `.up`, as is every PNG.
    public var orientation: ExifOrientation
    /// The colour space the file declares.
    public var profile: ColourProfile
    /// The ICC profile, when the file has one.
    public var iccProfile: [UInt8]?
    /// The full size as displayed (after orientation), whatever size was decoded.
    public var fullWidth: Int
    /// The full height as displayed.
    public var fullHeight: Int
    /// The width of `pixels`: the full width, or less when decoded at reduced size.
    public var width: Int
    /// The height of `pixels`.
    public var height: Int
    /// Bytes per pixel: 1 (luma, BT.601 weights) or 4 (RGBA).
    public var channels: Int
    /// Rows top to bottom, `width * channels` bytes each.
    public var pixels: [UInt8]
}

/// BT.601 luma of 8-bit RGB, the weights JPEG's own Y channel uses, in integers.
@inline(__always) func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: (77 * Int(r) + 150 * Int(g) + 29 * Int(b) + 128) >> 8)
}
