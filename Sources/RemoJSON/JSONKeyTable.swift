/// A fixed set of object keys that a decoder dispatches on, matched against the raw
/// bytes of each key so that no string is built for keys it does not want.
public struct JSONKeyTable: Sendable {
    /// Every key's bytes, one after the other, and where each starts (plus the end).
    let bytes: [UInt8]
    let starts: [Int]
    /// Each key's first eight bytes as a little-endian word (zeros past its end), so
    /// that most keys are told apart by one comparison of length and word.
    let heads: [UInt64]

    /// A table of `keys`; ``JSONReader/nextKey(in:)`` answers with their positions.
    public init(_ keys: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for key in keys {
            starts.append(bytes.count)
            bytes += Array(key.utf8)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        heads = keys.map { Array($0.utf8).withUnsafeBufferPointer(Self.head) }
    }

    /// The first (up to) eight of `key`'s bytes as a little-endian word, zeros after.
    static func head(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        for k in 0..<Swift.min(8, key.count) { word |= UInt64(key[k]) << (8 * UInt64(k)) }
        return word
    }

    /// ``head(_:)`` of the `count` bytes at `start` in `text`, in one load when eight
    /// bytes are there to read.
    @inline(__always)
    static func head(in text: UnsafeBufferPointer<UInt8>, at start: Int, count: Int) -> UInt64 {
        guard start + 8 <= text.count else { return head(UnsafeBufferPointer(rebasing: text[start..<(start + count)])) }
        let word = UInt64(littleEndian: UnsafeRawPointer(text.baseAddress! + start).loadUnaligned(as: UInt64.self))
        return count >= 8 ? word : word & ((1 &<< (8 * UInt64(count))) &- 1)
    }

    /// The position of the key with these UTF-8 bytes, or -1.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int { index(of: key, head: Self.head(key)) }

    /// The position of the key with these UTF-8 bytes and this ``head(_:)``, or -1.
    @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>, head: UInt64) -> Int {
        bytes.withUnsafeBufferPointer { b in
            starts.withUnsafeBufferPointer { s in
                heads.withUnsafeBufferPointer { h in
                    for i in 0..<h.count where h[i] == head && s[i + 1] - s[i] == key.count {
                        // Same length and first eight bytes: compare the rest.
                        var j = 8
                        while j < key.count && b[s[i] + j] == key[j] { j += 1 }
                        if j >= key.count { return i }
                    }
                    return -1
                }
            }
        }
    }
}

extension JSONReader {
    /// The next key of the current object as its position in `table` (-1 for a key
    /// not in it), or `nil` after consuming the closing brace. Like ``nextKey()``,
    /// with the same errors, but without building a string for the key.
    public mutating func nextKey(in table: JSONKeyTable) throws(JSONSyntaxError) -> Int? {
        guard try beforeKey() else { return nil }
        position += 1
        let start = position
        // Fast path: a key without escapes is matched in place.
        position = bytes.withUnsafeBufferPointer { Self.plainEnd($0, from: start) }
        let index: Int
        var end = start
        var parsed: String? = nil
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            end = position
            position += 1
            index = bytes.withUnsafeBufferPointer { text in
                table.index(
                    of: UnsafeBufferPointer(rebasing: text[start..<end]), head: JSONKeyTable.head(in: text, at: start, count: end - start))
            }
            guard index >= 0 || bytes.withUnsafeBufferPointer({ Self.isValidUTF8(UnsafeBufferPointer(rebasing: $0[start..<end])) }) else {
                throw error("invalid UTF-8 in a string", at: start)
            }
        } else {
            position = start - 1
            let key = try parseString()
            index = Array(key.utf8).withUnsafeBufferPointer { table.index(of: $0) }
            parsed = key
        }
        try afterKey(parsed, at: start..<end)
        return index
    }
}
