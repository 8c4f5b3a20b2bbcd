/// A fixed set of object keys that a decoder dispatches on, matched against the raw
/// bytes of each key so that no string is built for keys it does not want.
public struct JSONKeyTable: Sendable {
    /// Every key's bytes, one after the other, and where each starts (plus the end).
    let bytes: [UInt8]
    let starts: [Int]

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
    }

    /// The position of the key with these UTF-8 bytes, or -1.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { b in
            starts.withUnsafeBufferPointer { s in
                for i in 0..<(s.count - 1) where s[i + 1] - s[i] == key.count {
                    var j = 0
                    while j < key.count && b[s[i] + j] == key[j] { j += 1 }
                    if j == key.count { return i }
                }
                return -1
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
        while position < bytes.count {
            let c = bytes[position]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
            position += 1
        }
        let index: Int
        var end = start
        var parsed: String? = nil
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            end = position
            position += 1
            index = bytes.withUnsafeBufferPointer { table.index(of: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            guard index >= 0 || bytes.withUnsafeBufferPointer({ Self.string(UnsafeBufferPointer(rebasing: $0[start..<end])) != nil }) else {
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
