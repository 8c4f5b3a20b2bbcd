/// An image as 8-bit RGBA samples, row by row from the top, as the PNG stored them
/// (no gamma or colour-profile conversion), with the colour chunks that say how to
/// interpret them.
public struct RGBAImage: Hashable, Sendable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// `width * height * 4` samples: red, green, blue, alpha.
    public var pixels: [UInt8]
    /// Whether the source had transparency (an alpha channel or a tRNS chunk): such
    /// images are written back as RGBA, others as RGB.
    public var hadTransparency: Bool
    /// The colour chunks to carry to the output.
    public var colour: ColourChunks

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255), colour: ColourChunks = ColourChunks()) {
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = fill.0
            pixels[i + 1] = fill.1
            pixels[i + 2] = fill.2
            pixels[i + 3] = fill.3
        }
        self.pixels = pixels
        hadTransparency = fill.3 != 255
        self.colour = colour
    }

    /// An image from samples; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8], hadTransparency: Bool, colour: ColourChunks = ColourChunks()) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.hadTransparency = hadTransparency
        self.colour = colour
    }

    /// The samples of the pixel at (x, y).
    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// The PNG chunks that describe colour: carried from input to output unchanged, so a
/// Display P3 photo stays Display P3.
public struct ColourChunks: Hashable, Sendable {
    /// The sRGB rendering intent, when an sRGB chunk is present.
    public var srgbIntent: Int?
    /// The gAMA value times 100,000, when present.
    public var gamma: UInt32?
    /// The cHRM values times 100,000 (white, red, green, blue; x then y), when present.
    public var chromaticities: [Int32]?
    /// The embedded ICC profile, when present.
    public var iccProfile: ICCProfile?

    /// No colour chunks.
    public init(srgbIntent: Int? = nil, gamma: UInt32? = nil, chromaticities: [Int32]? = nil, iccProfile: ICCProfile? = nil) {
        self.srgbIntent = srgbIntent
        self.gamma = gamma
        self.chromaticities = chromaticities
        self.iccProfile = iccProfile
    }
}

/// An embedded ICC profile: its name and its (uncompressed) bytes.
public struct ICCProfile: Hashable, Sendable {
    /// The profile's name as stored in the iCCP chunk.
    public var name: String
    /// The profile's bytes, uncompressed.
    public var data: [UInt8]

    /// A profile from its name and bytes.
    public init(name: String, data: [UInt8]) {
        self.name = name
        self.data = data
    }
}
