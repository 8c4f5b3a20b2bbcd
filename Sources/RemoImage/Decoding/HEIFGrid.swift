/// The size a HEIF grid image decodes to, read from the file's own boxes before libheif
/// decodes anything. libheif 1.15 reports the size the image's `ispe` property claims,
/// while the grid's descriptor decides the size it allocates and decodes: a 17 KB file
/// that claimed 1000 × 1000 decoded to 20000 × 20000 (2.4 GB, 12.8 s), and at 40000 ×
/// 40000 libheif crashed. So the pixel limit is held to this size too.
///
/// Only what that takes is read, with every length checked: the primary item (`pitm`), its
/// type (`iinf`), where its data lies (`iloc`, in the file or in `idat`), and the first
/// bytes of that data (ISO/IEC 23008-12, 6.6.2.3). Anything unexpected gives nil, and
/// libheif then says what is wrong with the file.
enum HEIFGrid {
    /// The grid's output width and height, or nil when the primary image is not a grid or
    /// the boxes cannot be read.
    static func outputSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let file = BoxReader(bytes: bytes, range: 0..<bytes.count)
        guard let meta = file.first("meta")?.fullBox() else { return nil }
        guard var pitm = meta.first("pitm"), let pitmVersion = pitm.version() else { return nil }
        guard let primary = pitm.uint(pitmVersion == 0 ? 2 : 4) else { return nil }
        guard isGrid(primary, meta.first("iinf")), var iloc = meta.first("iloc") else { return nil }
        guard let data = gridData(primary, &iloc, idat: meta.first("idat"), file: bytes), data.count >= 8 else { return nil }
        let wide = data[1] & 1 == 1
        var descriptor = BoxReader(bytes: data, range: 4..<data.count)
        guard let width = descriptor.uint(wide ? 4 : 2), let height = descriptor.uint(wide ? 4 : 2) else { return nil }
        return (width, height)
    }

    /// Whether the item's type, in `iinf`, is `grid`.
    private static func isGrid(_ item: Int, _ iinf: BoxReader?) -> Bool {
        guard var iinf, let version = iinf.version(), iinf.uint(version == 0 ? 2 : 4) != nil else { return false }
        while var infe = iinf.next("infe") {
            guard let version = infe.version(), version >= 2, let id = infe.uint(version == 2 ? 2 : 4), infe.uint(2) != nil,
                let type = infe.uint(4)
            else { continue }
            if id == item { return type == fourCC("grid") }
        }
        return false
    }

    /// The first extent of the item's data, from the file or from `idat`.
    private static func gridData(_ item: Int, _ iloc: inout BoxReader, idat: BoxReader?, file: [UInt8]) -> [UInt8]? {
        guard let version = iloc.version(), version <= 2, let sizes = iloc.uint(1), let more = iloc.uint(1) else { return nil }
        let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 15, more >> 4)
        let indexSize = version == 0 ? 0 : more & 15
        guard let count = iloc.uint(version < 2 ? 2 : 4) else { return nil }
        for _ in 0..<count {
            guard let id = iloc.uint(version < 2 ? 2 : 4) else { return nil }
            let method = version == 0 ? 0 : (iloc.uint(2) ?? -1) & 15
            guard iloc.uint(2) != nil, let base = iloc.uint(baseSize), let extents = iloc.uint(2) else { return nil }
            guard extents > 0 else { continue }
            guard iloc.uint(indexSize) != nil, let offset = iloc.uint(offsetSize), let length = iloc.uint(lengthSize) else {
                return nil
            }
            // The other extents, stepped over at once (fields of 0 bytes would make a
            // loop over them free of reading, and so without bound).
            guard iloc.skip((extents - 1) * (indexSize + offsetSize + lengthSize)) else { return nil }
            guard id == item else { continue }
            let source: ArraySlice<UInt8>
            switch (method, idat) {
            case (0, _): source = file[...]
            case (1, let idat?): source = file[idat.range]
            default: return nil
            }
            guard base <= source.count, offset <= source.count - base else { return nil }
            let start = source.startIndex + base + offset
            let end = length == 0 ? source.endIndex : start + min(length, 16, source.endIndex - start)
            return Array(source[start..<end])
        }
        return nil
    }

    static func fourCC(_ text: StaticString) -> Int {
        text.withUTF8Buffer { $0.reduce(0) { $0 << 8 | Int($1) } }
    }

    /// Big-endian fields and boxes within a range of the bytes.
    private struct BoxReader {
        let bytes: [UInt8]
        var range: Range<Int>

        /// An unsigned field of `size` bytes (0 reads nothing and gives 0).
        mutating func uint(_ size: Int) -> Int? {
            guard size >= 0, size <= 8, range.count >= size else { return nil }
            var value = 0
            for k in 0..<size { value = value << 8 | Int(bytes[range.lowerBound + k]) }
            range = range.lowerBound + size..<range.upperBound
            return size == 8 && value < 0 ? nil : value
        }

        /// Steps over `count` bytes; false when fewer are left.
        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, count <= range.count else { return false }
            range = range.lowerBound + count..<range.upperBound
            return true
        }

        /// A full box's version, its flags stepped over.
        mutating func version() -> Int? {
            guard let version = uint(1), uint(3) != nil else { return nil }
            return version
        }

        /// The same reader past a full box's version and flags.
        func fullBox() -> BoxReader? {
            var copy = self
            return copy.version() == nil ? nil : copy
        }

        /// The contents of the first box of that type in the range, wherever it stands.
        func first(_ type: StaticString) -> BoxReader? {
            var copy = self
            return copy.next(type)
        }

        /// The contents of the next box of that type, the reader moved past it; boxes of
        /// other types before it are stepped over.
        mutating func next(_ type: StaticString) -> BoxReader? {
            let wanted = HEIFGrid.fourCC(type)
            while range.count >= 8 {
                let start = range.lowerBound
                guard var size = uint(4), let found = uint(4) else { return nil }
                var header = 8
                if size == 1 {
                    guard let large = uint(8) else { return nil }
                    (size, header) = (large, 16)
                } else if size == 0 {
                    size = range.upperBound - start
                }
                guard size >= header, size <= range.upperBound - start else { return nil }
                range = start + size..<range.upperBound
                if found == wanted { return BoxReader(bytes: bytes, range: start + header..<start + size) }
            }
            return nil
        }
    }
}
