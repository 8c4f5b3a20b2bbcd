import CRemoColour

/// Converts RGBA samples to sRGB through Little CMS: the one place where remo-geom
/// changes an image's colour space.
package enum SRGBConversion {
    /// Whether samples in `profile` must be converted to be sRGB: not for sRGB, nor for
    /// an image that names no colour space (taken as sRGB, as browsers take it).
    package static func needed(_ profile: ColourProfile) -> Bool {
        switch profile {
        case .unspecified, .sRGB: false
        case .displayP3, .otherICC: true
        }
    }

    /// Converts `pixels` (RGBA) in place from the ICC profile `icc`, or from Display P3 when
    /// `icc` is nil (a HEIF colour description).
    ///
    /// - Returns: Whether they were converted; false, leaving them as they are, when the
    ///   profile cannot be read or is not an RGB profile (then they are taken as sRGB).
    package static func convert(_ pixels: inout [UInt8], icc: [UInt8]?) -> Bool {
        var message = [CChar](repeating: 0, count: 256)
        let count = pixels.count / 4
        let status = pixels.withUnsafeMutableBufferPointer { pixels in
            if let icc {
                return icc.withUnsafeBufferPointer {
                    remo_colour_to_srgb($0.baseAddress, $0.count, pixels.baseAddress, count, &message, message.count)
                }
            }
            return remo_colour_to_srgb(nil, 0, pixels.baseAddress, count, &message, message.count)
        }
        return Int(status) == REMO_COLOUR_CONVERTED
    }
}
