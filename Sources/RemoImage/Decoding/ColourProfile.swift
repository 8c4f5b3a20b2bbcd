/// The colour space an image says its samples are in.
public enum ColourProfile: Hashable, Sendable {
    /// No profile and no colour description: by convention sRGB.
    case unspecified
    /// sRGB, by ICC profile or by a HEIF colour description (BT.709 primaries).
    case sRGB
    /// Display P3, as iPhones write it (an ICC profile, or SMPTE EG 432 primaries).
    case displayP3
    /// Another ICC profile; its description when it has one.
    case otherICC(String)

    /// The name in reports: `sRGB`, `Display P3`, `unspecified` or the profile's own.
    public var name: String {
        switch self {
        case .unspecified: "unspecified"
        case .sRGB: "sRGB"
        case .displayP3: "Display P3"
        case .otherICC(let description): description.isEmpty ? "ICC profile" : description
        }
    }

    /// The profile an ICC profile describes, from its `desc` tag (ICC.1 v2 `desc` or v4
    /// `mluc`). Every offset is checked; a malformed profile is `otherICC("")`.
    public static func icc(_ profile: [UInt8]) -> ColourProfile {
        let description = iccDescription(profile) ?? ""
        if description.contains("Display P3") { return .displayP3 }
        if description.contains("sRGB") { return .sRGB }
        return .otherICC(description)
    }

    /// The profile of a HEIF colour description (ITU-T H.273 colour primaries).
    static func nclx(primaries: Int) -> ColourProfile {
        switch primaries {
        case 1: .sRGB
        case 12: .displayP3
        case 2: .unspecified
        default: .otherICC("colour primaries \(primaries)")
        }
    }

    static func iccDescription(_ p: [UInt8]) -> String? {
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= p.count else { return nil }
            return Int(p[at]) << 24 | Int(p[at + 1]) << 16 | Int(p[at + 2]) << 8 | Int(p[at + 3])
        }
        guard let count = u32(128), count < 1_000 else { return nil }
        for i in 0..<count {
            let entry = 132 + 12 * i
            guard let signature = u32(entry), let offset = u32(entry + 4), let size = u32(entry + 8) else { return nil }
            guard signature == 0x6465_7363, offset + size <= p.count, size >= 12 else { continue }  // "desc"
            switch u32(offset) {
            case 0x6465_7363:  // "desc": a counted ASCII string
                guard let length = u32(offset + 8), length > 0, offset + 12 + length <= p.count else { return nil }
                return String(decoding: p[(offset + 12)..<(offset + 12 + length)].prefix { $0 != 0 }, as: UTF8.self)
            case 0x6D6C_7563:  // "mluc": the first record's UTF-16BE string
                guard let length = u32(offset + 20), let start = u32(offset + 24), offset + start + length <= p.count else { return nil }
                let bytes = p[(offset + start)..<(offset + start + length)]
                let units = stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).map {
                    UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
                }
                return String(decoding: units, as: UTF16.self)
            default: return nil
            }
        }
        return nil
    }
}
