/// The image formats remo-geom reads, told apart by their first bytes (never by the
/// file's name: a PNG renamed `.jpg` is read as the PNG it is).
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// PNG (libpng).
    case png
    /// JPEG (libjpeg-turbo), JFIF or Exif.
    case jpeg
    /// HEIC: HEIF with HEVC images, as iPhones write them (libheif).
    case heic

    /// The HEIF brands of still images (ISO/IEC 23008-12) that libheif decodes with HEVC.
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]

    /// The format of `bytes`, or nil when they are none of these.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        // ISO base media: a box size, then `ftyp` and the major brand.
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8),
            heifBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self))
        {
            return .heic
        }
        return nil
    }
}
